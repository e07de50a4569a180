/*
 * csv.c: splitting CSV text into rows with line numbers (see csv.h).
 */
#include "csv.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"

static int split(struct csv *c, struct err *e)
{
	char *p = c->text;
	int line = 0, cap = 0;

	while (*p) {
		char *eol = strchr(p, '\n');
		char *next = eol ? eol + 1 : p + strlen(p);
		struct csv_row row;
		line++;
		if (eol)
			*eol = '\0';
		if (eol && eol > p && eol[-1] == '\r')
			eol[-1] = '\0';
		if (*p == '\0' || *p == '#') {
			p = next;
			continue;
		}
		row.line = line;
		row.nf = 0;
		for (char *f = p;;) {
			char *comma = strchr(f, ',');
			if (row.nf == CSV_MAX_COLS)
				return err_set(e, SIM_EINPUT, "%s:%d: too many fields (expected at most %d)",
					       c->path, line, CSV_MAX_COLS);
			row.f[row.nf++] = f;
			if (!comma)
				break;
			*comma = '\0';
			f = comma + 1;
		}
		if (c->ncols == 0) {
			c->ncols = row.nf;
			memcpy(c->col, row.f, sizeof(char *) * (size_t)row.nf);
			for (int i = 0; i < row.nf; i++)
				if (c->col[i][0] == '\0')
					return err_set(e, SIM_EINPUT, "%s:%d: empty column name in the header (column %d)",
						       c->path, line, i + 1);
		} else {
			if (row.nf != c->ncols)
				return err_set(e, SIM_EINPUT, "%s:%d: expected %d fields as in the header, got %d",
					       c->path, line, c->ncols, row.nf);
			if (c->nrows == cap) {
				int ncap = cap ? 2 * cap : 64;
				struct csv_row *r = realloc(c->rows, (size_t)ncap * sizeof *r);
				if (!r)
					return err_set(e, SIM_EINTERNAL, "%s: out of memory", c->path);
				c->rows = r;
				cap = ncap;
			}
			c->rows[c->nrows++] = row;
		}
		p = next;
	}
	if (c->ncols == 0)
		return err_set(e, SIM_EINPUT, "%s: no header line (expected a CSV header)", c->path);
	return SIM_OK;
}

int csv_parse(struct csv *c, const char *text, const char *path, struct err *e)
{
	int rc;
	memset(c, 0, sizeof *c);
	snprintf(c->path, sizeof c->path, "%s", path);
	c->text = strdup(text);
	if (!c->text)
		return err_set(e, SIM_EINTERNAL, "out of memory");
	rc = split(c, e);
	if (rc)
		csv_free(c);
	return rc;
}

int csv_read(struct csv *c, const char *path, struct err *e)
{
	char *text = NULL;
	size_t len = 0;
	int rc;

	memset(c, 0, sizeof *c);
	rc = fileio_read(path, &text, &len, e);
	if (rc)
		return rc;
	snprintf(c->path, sizeof c->path, "%s", path);
	c->text = text;
	rc = split(c, e);
	if (rc)
		csv_free(c);
	return rc;
}

void csv_free(struct csv *c)
{
	free(c->text);
	free(c->rows);
	c->text = NULL;
	c->rows = NULL;
	c->nrows = c->ncols = 0;
}

int csv_col(const struct csv *c, const char *name)
{
	for (int i = 0; i < c->ncols; i++)
		if (strcmp(c->col[i], name) == 0)
			return i;
	return -1;
}

int csv_need(const struct csv *c, const char *name, int *idx, struct err *e)
{
	*idx = csv_col(c, name);
	if (*idx < 0)
		return err_set(e, SIM_EINPUT, "%s:1: missing column \"%s\" in the header", c->path, name);
	return SIM_OK;
}

int csv_long(const struct csv *c, const struct csv_row *r, int col, long min, long max, long *out,
	     struct err *e)
{
	const char *s = r->f[col];
	char *end;
	long v;
	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno == ERANGE || v < min || v > max)
		return err_set(e, SIM_EINPUT, "%s:%d: %s: expected an integer in [%ld, %ld], got \"%.40s\"",
			       c->path, r->line, c->col[col], min, max, s);
	*out = v;
	return SIM_OK;
}

int csv_double(const struct csv *c, const struct csv_row *r, int col, double min, double max,
	       double *out, struct err *e)
{
	const char *s = r->f[col];
	char *end;
	double v;
	errno = 0;
	v = strtod(s, &end);
	if (*s == '\0' || *end != '\0' || errno == ERANGE || !isfinite(v) || v < min || v > max)
		return err_set(e, SIM_EINPUT, "%s:%d: %s: expected a number in [%g, %g], got \"%.40s\"",
			       c->path, r->line, c->col[col], min, max, s);
	*out = v;
	return SIM_OK;
}
