/*
 * fuzz_sass.c: the SASS listing reader (isa/sass.c) and kernel lookup.
 *
 * The fuzzer's bytes go to sass_read as they are, without a NUL after them
 * (sass_read reads exactly len bytes, so a read past them is an ASan
 * finding). A listing that reads is checked against the contract of
 * sass.h: counts add up, each kernel's pcs step by 16, operand texts lie in
 * their instruction's text, control bits match the high word, BRA and BSSY
 * land on an instruction of their kernel. Then sass_find_kernel is asked
 * for no name, each of the first kernels' names, a piece of one, and the
 * input's first line. A refused input must come with a message.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_common.h"
#include "isa/sass.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const struct sass_listing *l)
{
	int sum = 0;
	if (l->nkernel < 1 || l->ninsn < 1 || l->ninsn > SASS_MAX_INSNS || !l->fname)
		abort();
	for (int k = 0; k < l->nkernel; k++) {
		const struct sass_kernel *K = &l->kernel[k];
		if (!K->name || K->n < 0 || (K->n > 0) != (K->insn != NULL) || strlen(K->name) > SASS_MAX_NAME)
			abort();
		sum += K->n;
		for (int i = 0; i < K->n; i++) {
			const struct sass_insn *in = &K->insn[i];
			size_t tl = strlen(in->text);
			if (i > 0 && in->pc != K->insn[i - 1].pc + SASS_INSN_BYTES)
				abort();
			if (in->pc % SASS_INSN_BYTES || tl > SASS_MAX_TEXT || in->opcode[0] == '\0' || in->nop > SASS_MAX_OPNDS)
				abort();
			if (in->pred < -1 || in->pred > 7 || strlen(in->mods) >= sizeof in->mods)
				abort();
			if (in->ctrl.valid && in->ctrl.raw != (uint32_t)(in->enc_hi >> 41))
				abort();
			if (!in->ctrl.valid && (in->enc_hi || in->ctrl.raw))
				abort();
			for (int j = 0; j < in->nop; j++) {
				const struct sass_opnd *o = &in->op[j];
				char buf[64];
				if (o->kind >= SASS_KIND_COUNT || (size_t)o->off + o->len > tl || (size_t)o->sfx_off + o->sfx_len > tl)
					abort();
				if ((o->kind == SASS_REG && o->num > 255) || (o->kind == SASS_UREG && o->num > 63))
					abort();
				sass_opnd_text(in, j, buf, sizeof buf);
			}
			if (!strcmp(in->opcode, "BRA") || !strcmp(in->opcode, "BSSY")) {
				if (in->target < K->insn[0].pc || in->target > K->insn[K->n - 1].pc || (in->target - K->insn[0].pc) % 16)
					abort();
			}
		}
	}
	if (sum != l->ninsn)
		abort();
}

static void find(const struct sass_listing *l, const char *name)
{
	struct err e;
	e.msg[0] = '\0';
	if (!sass_find_kernel(l, name, &e) && e.msg[0] == '\0')
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sass_listing l;
	struct err e;

	e.msg[0] = '\0';
	if (sass_read(&l, (const char *)data, size, "fuzz.sass", &e) == SIM_OK) {
		check(&l);
		find(&l, NULL);
		for (int k = 0; k < l.nkernel && k < 4; k++) {
			char piece[8];
			find(&l, l.kernel[k].name);
			snprintf(piece, sizeof piece, "%s", l.kernel[k].name + strlen(l.kernel[k].name) / 2);
			find(&l, piece);
			if (l.kernel[k].section)
				find(&l, l.kernel[k].section);
		}
		/* the first line as a name */
		char *text = fuzz_cstr(data, size < 200 ? size : 200);
		char *nl = strchr(text, '\n');
		if (nl)
			*nl = '\0';
		find(&l, text);
		free(text);
		sass_free(&l);
	} else if (e.msg[0] == '\0' || l.kernel || l.nkernel) {
		abort();
	}
	return 0;
}
