#include "cmd.h"
int cmd_emit_cuda(int c, char **v, struct err *e){(void)c;(void)v;return err_set(e,SIM_EINTERNAL,"todo");}
