/*
 * err.c: formatting of error messages (see err.h for the contract).
 */
#include "err.h"

#include <stdarg.h>

int err_set(struct err *e, int code, const char *fmt, ...)
{
	if (e) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(e->msg, sizeof e->msg, fmt, ap);
		va_end(ap);
	}
	return code;
}

int err_exit_status(int code)
{
	if (code == SIM_OK)
		return 0;
	if (code == SIM_EINPUT || code == SIM_EIO)
		return 2;
	return 1;
}
