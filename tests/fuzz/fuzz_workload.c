/*
 * fuzz_workload.c: workload parameters (wl_parse, wl_set) and the program
 * generators (wl_build) of workloads/wl.c.
 *
 * The first byte picks the workload (index into wl_names, modulo its
 * length); the rest is the --set string. A set that parses is built on
 * sm_90 and checked (ends in EXIT, canonical string NUL-terminated),
 * Little's law is evaluated, and the program is freed; nothing is
 * simulated (the generators are meant for long runs).
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_common.h"
#include "workloads/wl.h"

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
	int nnames = 0;
	struct wl_params w;
	struct err e;
	char *set;

	e.msg[0] = '\0';
	if (size < 1)
		return 0;
	while (wl_names[nnames])
		nnames++;
	set = fuzz_cstr(data + 1, size - 1);
	if (wl_parse(wl_names[data[0] % nnames], set, &w, &e) == SIM_OK) {
		struct program p;
		struct wl_little lit;
		if (memchr(w.set, '\0', sizeof w.set) == NULL)
			abort();
		if (wl_build(&w, fuzz_sm90(), &p, &e) == SIM_OK) {
			if (p.ninsn < 1 || p.code[p.ninsn - 1].op != OP_EXIT)
				abort();
			(void)program_dynamic_count(&p);
		} else if (e.msg[0] == '\0') {
			abort();
		}
		program_free(&p);
		wl_littles(&w, fuzz_sm90(), (long)fuzz_sm90()->l1SharedCapacityKB * 1024, &lit);
	} else if (e.msg[0] == '\0') {
		abort();
	}
	free(set);
	return 0;
}
