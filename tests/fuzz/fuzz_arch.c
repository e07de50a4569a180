/*
 * fuzz_arch.c: the architecture-file loader (sim/cfg.c, cJSON underneath)
 * and its overrides (--arch-set, --vary of an arch field).
 *
 * The input is an arch file, optionally followed by a NUL byte and an
 * override string ("key=value,..."): the bytes before the first NUL are
 * the file, those after it the overrides. An empty file part stands for
 * arch/sm_90.json, so the overrides are also fuzzed on a file that loads.
 * cfg_parse_set gets the file's raw bytes with their length (it must not
 * read past them) and the overrides NUL-terminated, as from argv. An architecture that loads is then used the way the command line
 * would: the occupancy calculator (sim/occ.c) on a few launch shapes and
 * at the shared-memory sizes the file itself names (per block, opt-in,
 * per SM), and a small fixed program through the simulator with a cycle
 * cap, since cfg_parse's bounds and cross-field checks are what keeps
 * those from dividing by zero or sizing arrays wrong.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_common.h"
#include "isa/parse.h"
#include "sim/fileio.h"
#include "sim/occ.h"
#include "sim/sm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char small_prog[] =
	".smem 1K\n"
	"LOOP 3\n"
	"  FFMA R0, R0, R1, R2\n"
	"  DFMA R4, R4, R5, R6\n"
	"  MUFU R7, R7\n"
	"  IMAD R8, R8, R9, R10\n"
	"  LDG.64 R2, [R2] pattern=chase footprint=1G\n"
	"  LDG R11, [R12] pattern=strided stride=256\n"
	"  LDS R13, [R13] pattern=uniform\n"
	"  STS [R14], R0\n"
	"  STG [R15], R13 pattern=stream\n"
	"  IF 0.25\n"
	"    FADD R0, R0, 1.0\n"
	"  ELSE\n"
	"    IADD3 R16, R16, 1, RZ\n"
	"  ENDIF\n"
	"  IF warp<1\n"
	"    LOP3 R17, R17, R17, R17\n"
	"  ENDIF\n"
	"  BAR\n"
	"ENDLOOP\n"
	"EXIT\n";

static struct program prog;
static char *sm90_text; /* arch/sm_90.json */
static size_t sm90_len;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct err e;
	const char *dir = getenv("SMSIM_ARCH_DIR");
	char path[4096];
	(void)argc;
	(void)argv;
	snprintf(path, sizeof path, "%s/sm_90.json", dir && *dir ? dir : "arch");
	if (fileio_read(path, &sm90_text, &sm90_len, &e) != SIM_OK) {
		fprintf(stderr, "fuzz_arch: cannot read %s (run from the repository root): %s\n", path, e.msg);
		abort();
	}
	if (parse_program(small_prog, sizeof small_prog - 1, "fuzz_arch", &prog, &e) != SIM_OK) {
		fprintf(stderr, "fuzz_arch: built-in program does not parse: %s\n", e.msg);
		abort();
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct occ_input shapes[] = {
		{32, 0, 0, -1}, {256, 32, 0, -1}, {1024, 255, 49152, 50}, {96, 65, 4096, 0},
		{64, 24, 100000, 100},
	};
	struct arch a;
	struct err e;
	const uint8_t *nul = memchr(data, '\0', size);
	size_t flen = nul ? (size_t)(nul - data) : size;
	char *set = nul ? fuzz_cstr(nul + 1, size - flen - 1) : NULL;
	/* an exact-size heap copy, so ASan sees any read past the file's bytes */
	char *text;
	int rc;

	if (nul && flen == 0) {
		data = (const uint8_t *)sm90_text;
		flen = sm90_len;
	}
	text = malloc(flen ? flen : 1);
	e.msg[0] = '\0';
	if (!text)
		abort();
	if (flen)
		memcpy(text, data, flen);
	rc = cfg_parse_set(&a, text, flen, "fuzz.json", set, "--arch-set", &e);
	if (rc != SIM_OK && e.msg[0] == '\0')
		abort(); /* refused without saying why */
	if (rc == SIM_OK && set && *set && !a.overrides[0])
		abort(); /* overrides applied leave their canonical form */
	if (set) {
		struct err e2;
		char canon[96], close[512];
		/* the key lookup and its "close names" on the raw text too */
		cfg_key(set, canon, sizeof canon, "--arch-set", &e2);
		cfg_close_keys(set, close, sizeof close);
		if (memchr(close, '\0', sizeof close) == NULL)
			abort();
	}
	if (rc == SIM_OK) {
		struct occ_result r;
		struct sim_launch l = {0};
		struct sim_stats st;
		for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
			occ_compute(&a, &shapes[i], &r, &e);
		/* shared memory at the edges the architecture itself names */
		{
			const int smem[] = {a.sharedMemPerBlock, a.sharedMemPerBlock + 1, a.sharedMemPerBlockOptin,
					    a.sharedMemPerBlockOptin + 1, a.sharedMemPerMultiprocessor};
			for (size_t i = 0; i < sizeof smem / sizeof smem[0]; i++) {
				struct occ_input in = {32, 0, smem[i], (int)(i * 25)};
				occ_compute(&a, &in, &r, &e);
			}
		}
		l.threads_per_block = a.maxThreadsPerBlock < 128 ? a.maxThreadsPerBlock : 128;
		l.blocks = 3;
		l.smem_per_block = -1;
		l.carveout_pct = -1;
		l.policy = POLICY_LRR;
		l.max_cycles = 100000;
		sim_run_once(&a, &prog, &l, &st, &e);
	}
	free(text);
	free(set);
	return 0;
}
