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

#endif /* SIM_CMD_H */
