/*
 * parse.h: the program text format (grammar and examples in isa/README.md).
 */
#ifndef ISA_PARSE_H
#define ISA_PARSE_H

#include <stddef.h>

#include "../sim/err.h"
#include "isa.h"

#define PARSE_MAX_TRIPS 1000000000ULL     /* LOOP count limit */
#define PARSE_MAX_DYNAMIC 10000000000ULL  /* warp instructions per warp */

/* Parses text into p (initialised here; caller frees with program_free,
 * also on error). text[len] must be '\0' (fileio_read guarantees it).
 * Errors: "FILE:LINE:COL: what (expected ..., got ...)". */
int parse_program(const char *text, size_t len, const char *file, struct program *p, struct err *e);
/* Reads and parses a file. */
int parse_program_file(const char *path, struct program *p, struct err *e);

#endif /* ISA_PARSE_H */
