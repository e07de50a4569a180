/*
 * csv.h: a small reader for the CSV files smsim consumes (batch occupancy
 * configs, measured GPU results, sweep files being resumed).
 *
 * Comma-separated, first line a header, no quoting (fields never contain
 * commas), '#' lines and blank lines skipped, CRLF tolerated. Each row
 * remembers its line number so errors can say FILE:LINE.
 */
#ifndef SIM_CSV_H
#define SIM_CSV_H

#include "err.h"

#define CSV_MAX_COLS 64

struct csv_row {
	int line;           /* 1-based line in the file */
	int nf;             /* fields on this line */
	char *f[CSV_MAX_COLS];
};

struct csv {
	char path[512];
	char *text;         /* owned file contents, split in place */
	int ncols;
	char *col[CSV_MAX_COLS];  /* header names */
	int nrows;
	struct csv_row *rows;     /* owned */
};

/* Reads and splits path. Rows with a field count other than the header's
 * are errors (FILE:LINE). Returns 0 or a SIM_E* code with e set. */
int csv_read(struct csv *c, const char *path, struct err *e);
/* Same from memory (copied); for tests and fuzzing. */
int csv_parse(struct csv *c, const char *text, const char *path, struct err *e);
void csv_free(struct csv *c);
/* Column index of name, or -1. */
int csv_col(const struct csv *c, const char *name);
/* Requires column name; SIM_EINPUT naming the file and the expected header otherwise. */
int csv_need(const struct csv *c, const char *name, int *idx, struct err *e);
/* Field as a bounded integer / number; errors say FILE:LINE: column: expected, got. */
int csv_long(const struct csv *c, const struct csv_row *r, int col, long min, long max, long *out,
	     struct err *e);
int csv_double(const struct csv *c, const struct csv_row *r, int col, double min, double max,
	       double *out, struct err *e);

#endif /* SIM_CSV_H */
