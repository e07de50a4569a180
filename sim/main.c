/*
 * main.c: the smsim command line. Dispatches to a subcommand and turns its
 * error into "smsim: <message>" on stderr with exit status 2 (bad input)
 * or 1 (internal failure). With no arguments it runs the default
 * demonstration: the ILP x resident-warps sweep of FFMA chains on sm_90.
 * `smsim COMMAND --help` (or -h) and `smsim help [COMMAND]` print the
 * usage from sim/help.c.
 */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "help.h"

static int is_help(const char *a)
{
	return strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*fn)(int, char **, struct err *);
	} cmds[] = {
		{"occupancy", cmd_occupancy}, {"run", cmd_run},           {"sweep", cmd_sweep},
		{"merge", cmd_merge},         {"validate", cmd_validate}, {"emit-cuda", cmd_emit_cuda}, {"import", cmd_import},
		{"help", help_cmd},
	};
	struct err e = {{0}};
	int rc;

	if (argc < 2) {
		char *demo[] = {"--demo", NULL};
		rc = cmd_sweep(1, demo, &e);
		goto done;
	}
	if (is_help(argv[1])) {
		/* smsim --help [COMMAND] is smsim help [COMMAND] */
		rc = help_cmd(argc - 2, argv + 2, &e);
		goto done;
	}
	for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++)
		if (strcmp(argv[1], cmds[i].name) == 0) {
			/* every command has its entry in sim/help.c (usage, man page) */
			SIM_ASSERT(help_known(cmds[i].name));
			/* COMMAND ... --help ...: its usage, whatever else is given */
			for (int k = 2; k < argc && cmds[i].fn != help_cmd; k++)
				if (is_help(argv[k])) {
					help_print(stdout, cmds[i].name);
					return 0;
				}
			rc = cmds[i].fn(argc - 2, argv + 2, &e);
			goto done;
		}
	{
		char list[256];
		help_command_list(list, sizeof list);
		fprintf(stderr, "smsim: %s: unknown command (expected %s)\n\n", argv[1], list);
		help_print(stderr, NULL);
	}
	return 2;
done:
	fflush(stdout);
	if (rc != 0) {
		fprintf(stderr, "smsim: %s\n", e.msg);
		return err_exit_status(rc);
	}
	return 0;
}
