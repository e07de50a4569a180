/*
 * fileio.h: whole-file reads with clear errors, and atomic writes.
 *
 * Every input file goes through fileio_read, so a missing file, a directory,
 * a file over the size limit, an empty file or one with NUL bytes (binary)
 * gets the same clear message whatever reads it.
 */
#ifndef SIM_FILEIO_H
#define SIM_FILEIO_H

#include <stddef.h>
#include <stdio.h>

#include "err.h"

#define FILEIO_MAX_BYTES (64L << 20) /* text inputs above 64 MiB are refused */

/* Reads path into a NUL-terminated malloc'd buffer (caller frees *buf).
 * Returns 0 or SIM_EIO/SIM_EINPUT with "PATH: ..." in e. */
int fileio_read(const char *path, char **buf, size_t *len, struct err *e);

/* Line and column (1-based) of byte offset off in text. */
void fileio_line_col(const char *text, size_t off, int *line, int *col);

/*
 * Atomic output: fileio_open_tmp opens "<path>.tmp.<pid>" for writing;
 * fileio_commit flushes, fsyncs, closes and renames it onto path, so a
 * reader never sees a half-written file under the final name.
 * fileio_abort closes and removes the temporary file.
 */
FILE *fileio_open_tmp(const char *path, char *tmp, size_t tmplen, struct err *e);
int fileio_commit(FILE *f, const char *tmp, const char *path, struct err *e);
void fileio_abort(FILE *f, const char *tmp);

#endif /* SIM_FILEIO_H */
