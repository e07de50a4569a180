/*
 * report.h: run metrics as a table, JSON or CSV (names follow Nsight
 * Compute; see the DESIGN contract).
 */
#ifndef SIM_REPORT_H
#define SIM_REPORT_H

#include <cjson/cJSON.h>
#include <stdio.h>

#include "sm.h"

/* The run JSON object (caller owns it). */
cJSON *report_run_json(const struct arch *a, const char *workload, const char *set,
		       const struct sim_launch *l, const struct sim_stats *st);
void report_run_table(FILE *f, const struct arch *a, const char *workload, const char *set,
		      const struct sim_launch *l, const struct sim_stats *st);
void report_run_csv(FILE *f, const struct arch *a, const char *workload, const char *set,
		    const struct sim_launch *l, const struct sim_stats *st);
/* Prints and frees o; returns SIM_OK or SIM_EINTERNAL. */
int report_print_json(FILE *f, cJSON *o);

#endif /* SIM_REPORT_H */
