/*
 * err.h: error reporting shared by every smsim module.
 *
 * Library code never prints and never exits: a failing function fills a
 * caller-owned struct err with one message in the project's format
 *   FILE[:LINE[:COL]]: what is wrong (expected ..., got ...)
 * and returns a negative SIM_E* code. Only main() turns that into a line on
 * stderr ("smsim: <msg>") and an exit status (2 for bad input, 1 otherwise).
 */
#ifndef SIM_ERR_H
#define SIM_ERR_H

#include <stdio.h>
#include <stdlib.h>

enum {
	SIM_OK = 0,
	SIM_EINTERNAL = -1, /* a bug or a resource failure: exit status 1 */
	SIM_EINPUT = -2,    /* bad input from the user: exit status 2 */
	SIM_EIO = -3,       /* a file could not be read or written: exit status 2 */
};

struct err {
	char msg[2048]; /* the message, without the "smsim: " prefix (an unknown key lists every key of its section) */
};

/* Formats the message into e (if e is non-NULL) and returns code. */
int err_set(struct err *e, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Process exit status for a SIM_E* code (0 for SIM_OK). */
int err_exit_status(int code);

/* Aborts with file:line; for broken invariants, never for bad input. */
#define SIM_ASSERT(cond)                                                   \
	do {                                                               \
		if (!(cond)) {                                             \
			fprintf(stderr, "smsim: %s:%d: internal error: %s\n", \
				__FILE__, __LINE__, #cond);                \
			abort();                                           \
		}                                                          \
	} while (0)

#endif /* SIM_ERR_H */
