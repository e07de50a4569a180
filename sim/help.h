/*
 * help.h: the one description of smsim's command line.
 *
 * A table of the subcommands (synopsis, description, options, one example)
 * from which `smsim COMMAND --help`, `smsim help [COMMAND]`, the synopsis
 * in "unknown argument" errors and the man page (`smsim help --man`, built
 * by `make man`) are all printed, so they cannot drift apart.
 */
#ifndef SIM_HELP_H
#define SIM_HELP_H

#include <stdio.h>

#include "err.h"

/* The command's synopsis (its options, without "smsim NAME"), or NULL for
 * an unknown command. Static storage. */
const char *help_synopsis(const char *cmd);

/* 1 if cmd names a documented command (occupancy, run, ..., help). */
int help_known(const char *cmd);

/* "occupancy, run, sweep, merge, validate, emit-cuda or help" into buf. */
void help_command_list(char *buf, size_t n);

/* The usage of one command (synopsis, description, options, example), or
 * with cmd NULL the list of commands. */
void help_print(FILE *f, const char *cmd);

/* The man page smsim(1) in roff. */
void help_print_man(FILE *f);

/* `smsim help [COMMAND] [--man]`: prints to stdout; an unknown command is
 * SIM_EINPUT naming the known ones. */
int help_cmd(int argc, char **argv, struct err *e);

#endif /* SIM_HELP_H */
