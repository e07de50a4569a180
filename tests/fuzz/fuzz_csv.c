/*
 * fuzz_csv.c: the CSV reader (sim/csv.c) and its typed field accessors.
 *
 * The input is parsed from a NUL-terminated copy; when it splits, every
 * row's first few columns are read with csv_long and csv_double (with the
 * bounds the batch and validate commands use), and the columns the
 * commands look up by name are searched with csv_col/csv_need.
 */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_common.h"
#include "sim/csv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = {"threads", "regs", "smem", "carveout", "cycles", "ipc", "ilp", "warps"};
	struct csv c;
	struct err e;
	char *text = fuzz_cstr(data, size);

	e.msg[0] = '\0';
	if (csv_parse(&c, text, "fuzz.csv", &e) == SIM_OK) {
		int idx;
		if (c.ncols < 1 || c.ncols > CSV_MAX_COLS || c.nrows < 0)
			abort();
		for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
			if (csv_need(&c, names[k], &idx, &e) == SIM_OK && (idx < 0 || idx >= c.ncols))
				abort();
		for (int i = 0; i < c.nrows; i++) {
			const struct csv_row *r = &c.rows[i];
			if (r->nf != c.ncols)
				abort();
			for (int col = 0; col < c.ncols && col < 4; col++) {
				long lv;
				double dv;
				csv_long(&c, r, col, 0, 1L << 30, &lv, &e);
				csv_long(&c, r, col, -100, 100, &lv, &e);
				csv_double(&c, r, col, 0.0, 1e12, &dv, &e);
			}
		}
		csv_free(&c);
	} else if (e.msg[0] == '\0') {
		abort();
	}
	free(text);
	return 0;
}
