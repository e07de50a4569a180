/*
 * fileio.c: bounded whole-file reads and write-then-rename outputs.
 */
#include "fileio.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int fileio_read(const char *path, char **buf, size_t *len, struct err *e)
{
	struct stat st;
	FILE *f = NULL;
	char *b = NULL;
	size_t n = 0;

	*buf = NULL;
	*len = 0;
	if (stat(path, &st) != 0)
		return err_set(e, SIM_EIO, "%s: cannot open (%s)", path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		return err_set(e, SIM_EIO, "%s: is a directory (expected a file)", path);
	if (st.st_size > FILEIO_MAX_BYTES)
		return err_set(e, SIM_EINPUT, "%s: file too large (expected at most %ld bytes, got %lld)",
			       path, FILEIO_MAX_BYTES, (long long)st.st_size);
	f = fopen(path, "rb");
	if (!f)
		return err_set(e, SIM_EIO, "%s: cannot open (%s)", path, strerror(errno));
	b = malloc((size_t)st.st_size + 1);
	if (!b) {
		fclose(f);
		return err_set(e, SIM_EINTERNAL, "%s: out of memory", path);
	}
	n = fread(b, 1, (size_t)st.st_size, f);
	if (ferror(f)) {
		fclose(f);
		free(b);
		return err_set(e, SIM_EIO, "%s: read error", path);
	}
	fclose(f);
	b[n] = '\0';
	if (n == 0) {
		free(b);
		return err_set(e, SIM_EINPUT, "%s: file is empty", path);
	}
	if (memchr(b, '\0', n)) {
		free(b);
		return err_set(e, SIM_EINPUT, "%s: binary file (found a NUL byte; expected text)", path);
	}
	*buf = b;
	*len = n;
	return SIM_OK;
}

void fileio_line_col(const char *text, size_t off, int *line, int *col)
{
	int l = 1, c = 1;
	for (size_t i = 0; i < off && text[i]; i++) {
		if (text[i] == '\n') {
			l++;
			c = 1;
		} else {
			c++;
		}
	}
	*line = l;
	*col = c;
}

FILE *fileio_open_tmp(const char *path, char *tmp, size_t tmplen, struct err *e)
{
	snprintf(tmp, tmplen, "%s.tmp.%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "w");
	if (!f)
		err_set(e, SIM_EIO, "%s: cannot create (%s)", tmp, strerror(errno));
	return f;
}

int fileio_commit(FILE *f, const char *tmp, const char *path, struct err *e)
{
	int bad = fflush(f) != 0 || ferror(f);
	if (!bad)
		bad = fsync(fileno(f)) != 0;
	if (fclose(f) != 0)
		bad = 1;
	if (bad) {
		remove(tmp);
		return err_set(e, SIM_EIO, "%s: write failed (%s)", path, strerror(errno));
	}
	if (rename(tmp, path) != 0) {
		remove(tmp);
		return err_set(e, SIM_EIO, "%s: cannot rename into place (%s)", path, strerror(errno));
	}
	return SIM_OK;
}

void fileio_abort(FILE *f, const char *tmp)
{
	if (f)
		fclose(f);
	remove(tmp);
}
