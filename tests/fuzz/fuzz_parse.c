/*
 * fuzz_parse.c: the program text parser (isa/parse.c) and, for programs
 * that parse and are short, the cycle-level simulator (sim/sm.c).
 *
 * Every input is parsed from a NUL-terminated copy and freed (also on
 * error). A program that parses and issues at most FUZZ_MAX_DYNAMIC warp
 * instructions per warp is then run on sm_90 as one block of 64 threads
 * (2 warps) with a cycle cap, so odd but valid programs (deep nesting,
 * IF warp<N around BAR, huge footprints, .smem beyond the SM) exercise the
 * simulator too. A run may fail with SIM_EINPUT (impossible launch,
 * max cycles, barrier deadlock); only crashes, sanitizer reports, leaks
 * and SIM_ASSERT aborts are findings.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_common.h"
#include "isa/parse.h"
#include "sim/sm.h"

#define FUZZ_MAX_DYNAMIC 200000ULL

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_sm90();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct program p;
	struct err e;
	char *text = fuzz_cstr(data, size);
	int rc;

	e.msg[0] = '\0';
	rc = parse_program(text, size, "fuzz", &p, &e);
	if (rc == SIM_OK) {
		/* the parser's contract: the last instruction is EXIT */
		if (p.ninsn < 1 || p.code[p.ninsn - 1].op != OP_EXIT)
			abort();
		if (program_dynamic_count(&p) <= FUZZ_MAX_DYNAMIC) {
			struct sim_launch l = {0};
			struct sim_stats st;
			l.threads_per_block = 64;
			l.blocks = 1;
			l.regs_per_thread = 0;
			l.smem_per_block = -1;
			l.carveout_pct = -1;
			l.policy = POLICY_GTO;
			l.max_cycles = 200000;
			l.timeline = NULL;
			/* and with the stream loads' latency spread on, which reads
			 * group= and near= (size picks, so both are reached) */
			static struct arch g;
			g = *fuzz_sm90();
			g.stream_group_bytes_per_cycle = size & 1 ? 8.26 : 0.0;
			sim_run_once(&g, &p, &l, &st, &e);
		}
	} else if (e.msg[0] == '\0') {
		abort(); /* an error must come with a message */
	}
	program_free(&p);
	free(text);
	return 0;
}
