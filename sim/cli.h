/*
 * cli.h: command-line helpers shared by the smsim subcommands.
 *
 * Numbers are parsed strictly (the whole string, within bounds) and a bad
 * value gives "--opt: expected ..., got "...""; output format flags are
 * common to every subcommand.
 */
#ifndef SIM_CLI_H
#define SIM_CLI_H

#include "err.h"

enum out_format { OUT_TABLE, OUT_JSON, OUT_CSV };

struct cli {
	int argc;
	char **argv;
	int i; /* index of the argument being looked at */
};

/* If argv[i] is `opt` ("--opt VALUE" or "--opt=VALUE"), stores the value,
 * advances past it and returns 1; returns 0 if it is another argument, and
 * SIM_EINPUT when the value is missing. */
int cli_opt(struct cli *c, const char *opt, const char **val, struct err *e);
/* If argv[i] is the flag `opt`, advances and returns 1. */
int cli_flag(struct cli *c, const char *opt);
/* The unknown-argument error, naming it and quoting the synopsis of the
 * subcommand `cmd` (sim/help.c). */
int cli_unknown(struct cli *c, const char *cmd, struct err *e);

/* Options several subcommands share. The subcommand sets the defaults and,
 * in `takes`, which of them it accepts (CLI_ARCH | ...). */
enum { CLI_ARCH = 1, CLI_JOBS = 2, CLI_KNEE_TOL = 4, CLI_POLICY = 8, CLI_FORMAT = 16 };
struct cli_common {
	unsigned takes;
	const char *arch;      /* --arch NAME|FILE */
	char arch_set[1024];   /* --arch-set k=v,... (with CLI_ARCH; repeated ones joined by commas) */
	int jobs;              /* --jobs N, 1..256 */
	double knee_tol;       /* --knee-tol F, 0..0.99 */
	int policy;            /* --policy grr|gto|lrr|gty (enum sched_policy) */
	enum out_format fmt;   /* --json | --csv */
};
/* If argv[i] is one of the common options `o` takes, stores it, advances and
 * returns 1; returns 0 for another argument, or the error of a bad value. */
int cli_common_opt(struct cli *c, struct cli_common *o, struct err *e);

int cli_long(const char *opt, const char *s, long min, long max, long *out, struct err *e);
int cli_int(const char *opt, const char *s, int min, int max, int *out, struct err *e);
int cli_double(const char *opt, const char *s, double min, double max, double *out, struct err *e);
/* Bytes with an optional K, M or G suffix (powers of 1024). */
int cli_bytes(const char *opt, const char *s, long min, long max, long *out, struct err *e);
/* "1,2,4-8" into out[0..*n), ascending without duplicates; at most max entries. */
int cli_int_list(const char *opt, const char *s, int min, int max, int *out, int cap, int *n,
		 struct err *e);

#endif /* SIM_CLI_H */
