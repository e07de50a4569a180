/*
 * fuzz_arch.c: the architecture-file loader (sim/cfg.c, cJSON underneath).
 *
 * cfg_parse gets the raw bytes with their length (it must not read past
 * them). An architecture that loads is then used the way the command line
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

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct err e;
	(void)argc;
	(void)argv;
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
	/* an exact-size heap copy, so ASan sees any read past `size` */
	char *text = malloc(size ? size : 1);

	e.msg[0] = '\0';
	if (!text)
		abort();
	if (size)
		memcpy(text, data, size);
	if (cfg_parse(&a, text, size, "fuzz.json", &e) == SIM_OK) {
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
	} else if (e.msg[0] == '\0') {
		abort();
	}
	free(text);
	return 0;
}
