/*
 * cmd.h: the smsim subcommands. Each takes the arguments after its name,
 * writes its report to stdout and returns 0 or a SIM_E* code with e set;
 * main() prints e and chooses the exit status.
 */
#ifndef SIM_CMD_H
#define SIM_CMD_H

#include "err.h"

int cmd_occupancy(int argc, char **argv, struct err *e);
int cmd_run(int argc, char **argv, struct err *e);
int cmd_sweep(int argc, char **argv, struct err *e);
int cmd_merge(int argc, char **argv, struct err *e);
int cmd_validate(int argc, char **argv, struct err *e);
int cmd_emit_cuda(int argc, char **argv, struct err *e);
int cmd_import(int argc, char **argv, struct err *e);

/* --sass FILE --kernel NAME and the import options (--trips, --taken, --mem,
 * --unknown), shared by import, run and sweep (cmd_import.c). */
#include "../isa/import.h"
struct cli;
struct program;
struct import_cli {
	const char *sass;      /* listing or binary; NULL: none given */
	const char *kernel;    /* --kernel NAME */
	struct import_opts o;
};
/* 1 when argv[i] was one of them (consumed), 0 when not, or an error. */
int import_cli_opt(struct cli *c, struct import_cli *ic, struct err *e);
/* Reads the listing, imports the kernel and parses the program into p. */
int import_cli_program(const struct import_cli *ic, struct program *p, struct err *e);

#endif /* SIM_CMD_H */
