/*
 * fuzz_import.c: a SASS listing imported as a program (isa/import.c), the
 * program read back (isa/parse.c, the general SASS grammar) and simulated.
 *
 * The first byte chooses the import options (trip counts or the counted-loop idiom, a taken
 * fraction, or wN, for the first forward branch, --unknown=alu, --off at the first
 * guarded instruction, a trip count by warp or growing with the enclosing loop
 * for the first loop; in the idiom's mode, the kernel's arguments); the rest is the listing. Whatever the listing, an import that succeeds must write a
 * program the parser reads or refuses with a message (cuobjdump's own
 * listings always read back: tests/test_import.c, tests/import_validate.sh),
 * and a program that reads must simulate to an end or a clean error
 * within a bounded number of cycles on one and on several warps. A refused
 * input must come with a message.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_common.h"
#include "isa/import.h"
#include "isa/parse.h"
#include "sim/sm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_sm90();
	return 0;
}

/* sm_90, or (groups) with the stream loads' latency spread on, which reads
 * the importer's group= and near= */
static const struct arch *fuzz_arch(int groups)
{
	static struct arch g;
	if (!groups)
		return fuzz_sm90();
	g = *fuzz_sm90();
	g.stream_group_bytes_per_cycle = 8.26;
	return &g;
}

static void simulate(const struct program *p, int threads, int groups)
{
	struct sim_launch l = {.threads_per_block = threads, .blocks = 1, .smem_per_block = -1, .carveout_pct = -1,
			       .policy = POLICY_GRR, .max_cycles = 200000};
	struct sim_stats st;
	struct err e;
	e.msg[0] = '\0';
	if (sim_run_once(fuzz_arch(groups), p, &l, &st, &e) != SIM_OK && e.msg[0] == '\0')
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sass_listing l;
	struct import_opts o;
	struct err e;

	if (size < 1)
		return 0;
	memset(&o, 0, sizeof o);
	/* 1 to 3 trips every loop, or (3) none: the counted-loop idiom's, or the error naming the loop */
	o.trips_all = (data[0] & 3) == 3 ? 0 : 1 + (data[0] & 3);
	o.unknown_alu = (data[0] >> 2) & 1;
	e.msg[0] = '\0';
	if (sass_read(&l, (const char *)data + 1, size - 1, "fuzz.sass", &e) != SIM_OK) {
		if (e.msg[0] == '\0')
			abort();
		return 0;
	}
	for (int k = 0; k < l.nkernel && k < 2; k++) {
		const struct sass_kernel *K = &l.kernel[k];
		struct import_opts ok = o;
		/* a taken fraction for the first forward branch, from the same byte */
		for (int i = 0; i < K->n && (data[0] & 8); i++)
			if (!strcmp(K->insn[i].opcode, "BRA") && K->insn[i].target > (int64_t)K->insn[i].pc) {
				char v[48];
				int nib = (data[0] >> 4) & 15;
				/* 13 and 14: every warp from 1 or 2 on takes it (wN); 12: warps 0 and 1 (w0:2) */
				if (nib == 13 || nib == 14)
					snprintf(v, sizeof v, "0x%x=w%d", K->insn[i].pc, nib - 12);
				else if (nib == 12)
					snprintf(v, sizeof v, "0x%x=w0:2", K->insn[i].pc);
				else
					snprintf(v, sizeof v, "0x%x=%.2f", K->insn[i].pc, nib / 15.0);
				if (import_opt(&ok, "--taken", v, &e) != SIM_OK)
					abort();
				break;
			}
		/* bit 4: --off at the first guarded instruction that is not a branch or EXIT */
		for (int i = 0; i < K->n && (data[0] & 16); i++)
			if (K->insn[i].pred >= 0 && strcmp(K->insn[i].opcode, "BRA") && strcmp(K->insn[i].opcode, "EXIT")) {
				char v[48];
				snprintf(v, sizeof v, "0x%x", K->insn[i].pc);
				if (import_opt(&ok, "--off", v, &e) != SIM_OK)
					abort();
				break;
			}
		/* bit 5: the first backward branch's loop runs 1 + (data[0] & 3) trips, 3 in warp 0 (--trips
		 * PC=N,w0:1=3 at the branch's PC); with bit 6, N + G t trips at its enclosing loop's trip t
		 * instead (--trips PC=N,grow=G, G 1 or, with bit 7, -1: a count that may reach 0, or no
		 * enclosing loop, is an error the import must name) */
		for (int i = 0; i < K->n && (data[0] & 32); i++)
			if (!strcmp(K->insn[i].opcode, "BRA") && K->insn[i].target >= 0 && K->insn[i].target <= (int64_t)K->insn[i].pc) {
				char v[48];
				if (data[0] & 64)
					snprintf(v, sizeof v, "0x%x=%d,grow=%d", K->insn[i].pc, 1 + (data[0] & 3),
						 data[0] & 128 ? -1 : 1);
				else
					snprintf(v, sizeof v, "0x%x=%d,w0:1=3", K->insn[i].pc, 1 + (data[0] & 3));
				if (import_opt(&ok, "--trips", v, &e) != SIM_OK)
					abort();
				break;
			}
		/* the idiom's mode ((data[0] & 3) == 3): the kernel's arguments too (round 49,
		 * uniflow.c): the first three constant-bank words the listing reads get small
		 * values (-3 to 66, by their offset and the input's size), and a mangled kernel's
		 * first two parameters (--arg, placed by its name) */
		for (int i = 0, nc = 0; i < K->n && nc < 3 && (data[0] & 3) == 3; i++)
			for (int q = 0; q < K->insn[i].nop && nc < 3; q++) {
				const struct sass_opnd *c = &K->insn[i].op[q];
				if (c->kind != SASS_CONST || c->bank != 0 || c->num != SASS_NONE || c->unum != SASS_NONE || c->ival < 0 ||
				    c->ival >= 0x10000 || c->ival % 4)
					continue;
				char v[48];
				snprintf(v, sizeof v, "0x%x=%d", (unsigned)c->ival, (int)((c->ival * 2654435761u ^ size) % 70) - 3);
				if (import_opt(&ok, "--const", v, &e) != SIM_OK)
					abort();
				nc++;
			}
		if ((data[0] & 3) == 3 && !strncmp(K->name, "_Z", 2) && (data[0] & 128))
			for (int a = 1; a <= 2; a++) {
				char v[48];
				snprintf(v, sizeof v, "%d=%d", a, (int)(size % 37) + a);
				if (import_opt(&ok, "--arg", v, &e) != SIM_OK)
					abort();
			}
		/* the first LDC or ULDC whose constant address has a register in it gets its byte
		 * (--mem PC=caddr=OFF, round 50: the constant lines), from the input's size */
		for (int i = 0; i < K->n; i++)
			if ((!strcmp(K->insn[i].opcode, "LDC") || !strcmp(K->insn[i].opcode, "ULDC")) && K->insn[i].nop >= 2 &&
			    K->insn[i].op[1].kind == SASS_CONST && (K->insn[i].op[1].num != SASS_NONE || K->insn[i].op[1].unum != SASS_NONE)) {
				char v[48];
				snprintf(v, sizeof v, "0x%x=caddr=0x%x", K->insn[i].pc, (unsigned)(size * 4) & 0xfffcu);
				if (import_opt(&ok, "--mem", v, &e) != SIM_OK)
					abort();
				break;
			}
		char *text = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&text, &len);
		if (!f)
			abort();
		e.msg[0] = '\0';
		int rc = import_kernel(K, &ok, "fuzz.sass", f, NULL, &e);
		fclose(f);
		if (rc != SIM_OK) {
			if (e.msg[0] == '\0')
				abort();
		} else {
			struct program p;
			e.msg[0] = '\0';
			if (parse_program(text, len, "fuzz.prog", &p, &e) != SIM_OK) {
				/* the reader is more liberal than the program language
				 * (smsim import then names the instruction and why): a
				 * refusal must say what */
				if (e.msg[0] == '\0')
					abort();
			} else if (program_dynamic_count(&p) < 200000) {
				simulate(&p, 32, 0);
				simulate(&p, 256, (data[0] >> 3) & 1);
			}
			program_free(&p);
		}
		free(text);
	}
	sass_free(&l);
	return 0;
}
