/*
 * main.c: the smsim command line. Dispatches to a subcommand and turns its
 * error into "smsim: <message>" on stderr with exit status 2 (bad input)
 * or 1 (internal failure). With no arguments it runs the default
 * demonstration: the ILP x resident-warps sweep of FFMA chains on sm_90.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"

static const char usage[] =
	"usage: smsim [COMMAND [OPTIONS]]\n"
	"\n"
	"  (no command)   the default demonstration: fma, ILP 1,2,4,8 x warps 1-64 on sm_90, with knees\n"
	"  occupancy      resident blocks, warps and the limiter for one launch, a --batch CSV, or --graph\n"
	"  run            simulate one launch of a program file or a built-in workload\n"
	"  sweep          ILP x resident-warps sweep of a workload, with knees and Little's law\n"
	"  merge          join sweep shards into one CSV\n"
	"  validate       compare simulated cycles with measured GPU cycles\n"
	"  emit-cuda      write the CUDA kernel for a program file\n"
	"  import         a compiled kernel's SASS (cuobjdump -sass, nvdisasm, .cubin) as a program\n"
	"\n"
	"Every command prints a table by default, --json for one JSON document, --csv for CSV.\n"
	"See README.md for examples.\n";

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*fn)(int, char **, struct err *);
	} cmds[] = {
		{"occupancy", cmd_occupancy}, {"run", cmd_run},           {"sweep", cmd_sweep},
		{"merge", cmd_merge},         {"validate", cmd_validate}, {"emit-cuda", cmd_emit_cuda}, {"import", cmd_import},
	};
	struct err e = {{0}};
	int rc;

	if (argc < 2) {
		char *demo[] = {"--demo", NULL};
		rc = cmd_sweep(1, demo, &e);
		goto done;
	}
	if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
		fputs(usage, stdout);
		return 0;
	}
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (strcmp(argv[1], cmds[i].name) == 0) {
			rc = cmds[i].fn(argc - 2, argv + 2, &e);
			goto done;
		}
	fprintf(stderr, "smsim: %s: unknown command (expected occupancy, run, sweep, merge, validate, emit-cuda or import)\n%s",
		argv[1], usage);
	return 2;
done:
	fflush(stdout);
	if (rc != 0) {
		fprintf(stderr, "smsim: %s\n", e.msg);
		return err_exit_status(rc);
	}
	return 0;
}
