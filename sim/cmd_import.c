/*
 * cmd_import.c: `smsim import`, a compiled kernel's SASS as an smsim
 * program, and the --sass FILE --kernel NAME form of run and sweep.
 *
 * A listing is cuobjdump -sass or nvdisasm text (isa/sass.h). A .cubin,
 * object or executable is disassembled first with the CUDA toolkit's
 * cuobjdump, found on PATH or under /usr/local/cuda/bin (neither needs a
 * GPU); -res-usage is read from the same tool so the program carries the
 * kernel's registers and shared memory. The translation is isa/import.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../isa/import.h"
#include "../isa/parse.h"
#include "cli.h"
#include "cmd.h"
#include "fileio.h"

/* A listing file's text; a binary (ELF: cubin, object, executable) is
 * disassembled with cuobjdump -sass and -res-usage. */
static int read_listing(const char *path, char **text, size_t *len, struct err *e)
{
	int rc = fileio_read(path, text, len, e);
	if (rc)
		return rc;
	if (*len < 4 || memcmp(*text, "\177ELF", 4) != 0)
		return SIM_OK;
	free(*text);
	*text = NULL;
	const char *tool = NULL;
	static const char *const cands[] = {"/usr/local/cuda/bin/cuobjdump", "cuobjdump"};
	for (size_t i = 0; i < sizeof cands / sizeof cands[0] && !tool; i++) {
		char probe[512];
		snprintf(probe, sizeof probe, "command -v %s >/dev/null 2>&1", cands[i]);
		if (system(probe) == 0)
			tool = cands[i];
	}
	if (!tool)
		return err_set(e, SIM_EINPUT, "%s: a binary (ELF), and cuobjdump was not found to disassemble it (expected the CUDA "
				       "toolkit's cuobjdump on PATH or in /usr/local/cuda/bin; or give the listing: cuobjdump -sass %s > k.sass)",
			       path, path);
	if (strchr(path, '\'') || strlen(path) > 1000)
		return err_set(e, SIM_EINPUT, "%s: expected a file name without quotes (it is passed to cuobjdump)", path);
	char cmd[2200];
	snprintf(cmd, sizeof cmd, "%s -res-usage '%s' 2>/dev/null; %s -sass '%s'", tool, path, tool, path);
	FILE *f = popen(cmd, "r");
	if (!f)
		return err_set(e, SIM_EIO, "%s: could not run %s", path, tool);
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	while (buf) {
		if (n + 4096 + 1 > cap) {
			char *b = realloc(buf, cap *= 2);
			if (!b) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = b;
		}
		size_t got = fread(buf + n, 1, 4096, f);
		if (got == 0)
			break;
		n += got;
	}
	int st = pclose(f);
	if (!buf)
		return err_set(e, SIM_EINTERNAL, "%s: out of memory reading %s's output", path, tool);
	buf[n] = '\0';
	if (st != 0 || n == 0) {
		free(buf);
		return err_set(e, SIM_EINPUT, "%s: %s could not disassemble it (expected a .cubin, object or executable with sm_70+ code)",
			       path, tool);
	}
	*text = buf;
	*len = n;
	return SIM_OK;
}

int import_cli_opt(struct cli *c, struct import_cli *ic, struct err *e)
{
	const char *v;
	int rc;
	static const char *const flags[] = {"--trips", "--taken", "--mem", "--off", "--span", "--arg", "--const"};
	if ((rc = cli_opt(c, "--sass", &ic->sass, e)) || (rc = cli_opt(c, "--kernel", &ic->kernel, e)))
		return rc;
	for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
		if ((rc = cli_opt(c, flags[i], &v, e))) {
			if (rc < 0 || (rc = import_opt(&ic->o, flags[i], v, e)))
				return rc;
			return 1;
		}
	if ((rc = cli_opt(c, "--unknown", &v, e))) {
		if (rc < 0)
			return rc;
		if (strcmp(v, "alu") != 0 && strcmp(v, "error") != 0)
			return err_set(e, SIM_EINPUT, "--unknown: expected alu or error, got \"%.40s\"", v);
		ic->o.unknown_alu = strcmp(v, "alu") == 0;
		return 1;
	}
	return 0;
}

/* A translation the program parser refused: the error names the listing's
 * instruction (its PC, from the line's comment) rather than the generated
 * text. */
static int readback_error(const char *sass, const char *text, struct err *e)
{
	char msg[sizeof e->msg - 200], pc[16] = "?";
	const char *tag = strstr(e->msg, "(import):"), *line = text;
	long n = tag ? strtol(tag + 9, NULL, 10) : 0;
	for (long i = 1; i < n && line; i++) {
		line = strchr(line, '\n');
		line = line ? line + 1 : NULL;
	}
	const char *c = line ? strstr(line, "# /*") : NULL;
	const char *nl = line ? strchr(line, '\n') : NULL;
	if (c && (!nl || c < nl) && sscanf(c, "# /*%15[0-9a-fA-F]*/", pc) != 1)
		snprintf(pc, sizeof pc, "?");
	const char *what = tag ? strstr(tag, ": ") : NULL;
	snprintf(msg, sizeof msg, " %.700s", what ? what + 2 : e->msg);
	const char *lp = line ? strstr(line, "# loop 0x") : NULL;
	char head[16], edge[16];
	if (lp && (!nl || lp < nl) && sscanf(lp, "# loop 0x%15[0-9a-fA-F]..0x%15[0-9a-fA-F]", head, edge) == 2)
		/* a LOOP line: its trip count is the options' (--trips PC=N,grow=G) */
		return err_set(e, SIM_EINPUT, "%s: the loop 0x%s..0x%s, as --trips makes it:%s", sass, head, edge, msg);
	return err_set(e, SIM_EINPUT, "%s: the instruction at PC 0x%s is not one smsim's program language reads:%s", sass, pc,
		       msg);
}

/* Imports ic's kernel into an allocated program text (*text, *len). */
static int import_text(const struct import_cli *ic, char **out_text, size_t *out_len, struct err *e)
{
	char *text = NULL;
	size_t len = 0;
	struct sass_listing l;
	const struct sass_kernel *k;
	FILE *mem = NULL;
	int rc;

	memset(&l, 0, sizeof l);
	*out_text = NULL;
	if ((rc = read_listing(ic->sass, &text, &len, e)))
		return rc;
	rc = sass_read(&l, text, len, ic->sass, e);
	free(text);
	if (rc)
		goto out;
	if (!(k = sass_find_kernel(&l, ic->kernel, e))) {
		rc = SIM_EINPUT;
		goto out;
	}
	if (!(mem = open_memstream(out_text, out_len))) {
		rc = err_set(e, SIM_EINTERNAL, "import: out of memory");
		goto out;
	}
	rc = import_kernel(k, &ic->o, ic->sass, mem, stderr, e);
	fclose(mem);
	if (rc) {
		free(*out_text);
		*out_text = NULL;
	}
out:
	sass_free(&l);
	return rc;
}

/* Reads an imported program's text back into p; a refusal names the
 * listing's instruction (readback_error). */
static int import_parse(const struct import_cli *ic, const char *text, size_t len, struct program *p, struct err *e)
{
	char name[300];
	snprintf(name, sizeof name, "%s(import)", ic->sass);
	int rc = parse_program(text, len, name, p, e);
	return rc == SIM_EINPUT ? readback_error(ic->sass, text, e) : rc;
}

int import_cli_program(const struct import_cli *ic, struct program *p, struct err *e)
{
	char *text = NULL;
	size_t len = 0;
	int rc = import_text(ic, &text, &len, e);
	if (rc)
		return rc;
	/* errors name the listing as imported; reports name the kernel */
	rc = import_parse(ic, text, len, p, e);
	free(text);
	if (rc == SIM_OK) {
		const char *base = strrchr(ic->sass, '/');
		snprintf(p->name, sizeof p->name, "%s:%s", base ? base + 1 : ic->sass, ic->kernel ? ic->kernel : "");
	}
	return rc;
}

int cmd_import(int argc, char **argv, struct err *e)
{
	struct cli c = {argc, argv, 0};
	struct import_cli ic;
	const char *outp = NULL, *v;
	char *text = NULL;
	size_t len = 0;
	long smem;
	int rc;

	memset(&ic, 0, sizeof ic);
	while (c.i < argc) {
		if ((rc = import_cli_opt(&c, &ic, e)) || (rc = cli_opt(&c, "--out", &outp, e))) {
			if (rc < 0)
				return rc;
		} else if ((rc = cli_opt(&c, "--regs", &v, e))) {
			if (rc < 0 || (rc = cli_int("--regs", v, 1, 255, &ic.o.regs, e)))
				return rc;
		} else if ((rc = cli_opt(&c, "--smem", &v, e))) {
			if (rc < 0 || (rc = cli_bytes("--smem", v, 0, 1L << 30, &smem, e)))
				return rc;
			ic.o.smem = (int)smem;
		} else if (argv[c.i][0] != '-' && !ic.sass) {
			ic.sass = argv[c.i++];
		} else {
			return cli_unknown(&c, "import", e);
		}
	}
	if (!ic.sass)
		return err_set(e, SIM_EINPUT, "import: expected a listing or binary FILE (smsim import --help describes the options)");
	if ((rc = import_text(&ic, &text, &len, e)))
		return rc;
	/* the program must read back: a translation the parser refuses is a bug here */
	struct program p;
	rc = import_parse(&ic, text, len, &p, e);
	program_free(&p);
	if (rc == SIM_OK) {
		FILE *f = outp ? fopen(outp, "w") : stdout;
		if (!f)
			rc = err_set(e, SIM_EIO, "%s: cannot write (--out)", outp);
		else {
			fwrite(text, 1, len, f);
			if (outp && fclose(f))
				rc = err_set(e, SIM_EIO, "%s: write failed (--out)", outp);
		}
	}
	free(text);
	return rc;
}
