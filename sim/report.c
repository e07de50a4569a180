/*
 * report.c: formatting of one run's metrics.
 */
#include "report.h"

#include "err.h"

cJSON *report_run_json(const struct arch *a, const char *workload, const char *set,
		       const struct sim_launch *l, const struct sim_stats *st)
{
	cJSON *o = cJSON_CreateObject(), *s = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "arch", a->name);
	if (a->overrides[0])
		cJSON_AddStringToObject(o, "arch_set", a->overrides);
	cJSON_AddStringToObject(o, "workload", workload);
	cJSON_AddStringToObject(o, "set", set ? set : "");
	cJSON_AddStringToObject(o, "policy", sched_policy_names[l->policy]);
	cJSON_AddNumberToObject(o, "threads_per_block", l->threads_per_block);
	cJSON_AddNumberToObject(o, "blocks", l->blocks);
	cJSON_AddNumberToObject(o, "cycles", (double)st->cycles);
	cJSON_AddNumberToObject(o, "elapsed_cycles", (double)st->elapsed_cycles);
	cJSON_AddNumberToObject(o, "warp_instructions", (double)st->warp_instructions);
	cJSON_AddNumberToObject(o, "ipc", st->ipc);
	cJSON_AddNumberToObject(o, "achieved_occupancy", st->achieved_occupancy);
	cJSON_AddNumberToObject(o, "theoretical_occupancy", st->occ.occupancy);
	cJSON_AddNumberToObject(o, "eligible_warps_per_cycle", st->eligible_warps_per_cycle);
	cJSON_AddNumberToObject(o, "issue_slot_utilization", st->issue_slot_utilization);
	cJSON_AddNumberToObject(o, "resident_blocks_per_sm", st->resident_blocks_per_sm);
	cJSON_AddNumberToObject(o, "waves", st->waves);
	cJSON_AddNumberToObject(o, "dram_bytes", (double)st->dram_bytes);
	cJSON_AddNumberToObject(o, "thread_instructions", (double)st->thread_instructions);
	cJSON_AddNumberToObject(o, "simt_efficiency",
				st->warp_instructions ? (double)st->thread_instructions / (32.0 * (double)st->warp_instructions) : 0.0);
	for (int i = 0; i < ST_COUNT; i++)
		cJSON_AddNumberToObject(s, warp_state_names[i], st->stalls[i]);
	cJSON_AddItemToObject(o, "stalls", s);
	return o;
}

int report_print_json(FILE *f, cJSON *o)
{
	char *txt = cJSON_Print(o);
	int rc = txt ? SIM_OK : SIM_EINTERNAL;
	if (txt) {
		fputs(txt, f);
		fputc('\n', f);
	}
	cJSON_free(txt);
	cJSON_Delete(o);
	return rc;
}

void report_run_table(FILE *f, const struct arch *a, const char *workload, const char *set,
		      const struct sim_launch *l, const struct sim_stats *st)
{
	fprintf(f, "run %s%s%s%s on %s (%s)\n", workload, set && *set ? " (" : "", set && *set ? set : "",
		set && *set ? ")" : "", a->name, a->gpu);
	if (a->overrides[0])
		fprintf(f, "  with --arch-set %s\n", a->overrides);
	fprintf(f, "  %d block%s of %d threads (%d warps each), policy %s\n\n", l->blocks, l->blocks == 1 ? "" : "s",
		l->threads_per_block, st->warps_per_block, sched_policy_names[l->policy]);
	if (st->cycles != st->elapsed_cycles)
		fprintf(f, "  cycles                     %llu  (its clock stamps' span, as a harness measures (.span); %llu first issue to last exit)\n",
			(unsigned long long)st->cycles, (unsigned long long)st->elapsed_cycles);
	else
		fprintf(f, "  cycles                     %llu\n", (unsigned long long)st->cycles);
	fprintf(f, "  warp instructions          %llu\n", (unsigned long long)st->warp_instructions);
	fprintf(f, "  ipc                        %.3f  (of %d schedulers)\n", st->ipc, a->subPartitions);
	fprintf(f, "  achieved occupancy         %.1f%%  (theoretical %.1f%%)\n", 100 * st->achieved_occupancy,
		100 * st->occ.occupancy);
	fprintf(f, "  eligible warps per cycle   %.2f  (per scheduler)\n", st->eligible_warps_per_cycle);
	fprintf(f, "  issue slot utilization     %.1f%%\n", 100 * st->issue_slot_utilization);
	fprintf(f, "  resident blocks per SM     %d  (of %d given; the SM holds up to %d, limited by %s)\n",
		st->resident_blocks_per_sm, l->blocks, st->occ.blocks_per_sm, occ_limiter_names[st->occ.limiter]);
	fprintf(f, "  waves                      %.2f\n", st->waves);
	fprintf(f, "  DRAM bytes                 %llu\n", (unsigned long long)st->dram_bytes);
	fprintf(f, "\n  warp states (fraction of %llu warp-cycles):\n", (unsigned long long)st->warp_cycles);
	for (int i = 0; i < ST_COUNT; i++) {
		int bar = (int)(st->stalls[i] * 40 + 0.5);
		fprintf(f, "    %-20s %6.3f  ", warp_state_names[i], st->stalls[i]);
		for (int k = 0; k < bar; k++)
			fputc('#', f);
		fputc('\n', f);
	}
}

void report_run_csv(FILE *f, const struct arch *a, const char *workload, const char *set,
		    const struct sim_launch *l, const struct sim_stats *st)
{
	fprintf(f, "arch,workload,set,policy,threads_per_block,blocks,cycles,warp_instructions,ipc,achieved_occupancy,"
		   "eligible_warps_per_cycle,issue_slot_utilization,resident_blocks_per_sm,waves,dram_bytes");
	for (int i = 0; i < ST_COUNT; i++)
		fprintf(f, ",stall_%s", warp_state_names[i]);
	fprintf(f, ",elapsed_cycles");
	fprintf(f, "\n%s,%s,%s,%s,%d,%d,%llu,%llu,%.6f,%.6f,%.6f,%.6f,%d,%.6f,%llu", a->name, workload, set ? set : "",
		sched_policy_names[l->policy], l->threads_per_block, l->blocks, (unsigned long long)st->cycles,
		(unsigned long long)st->warp_instructions, st->ipc, st->achieved_occupancy,
		st->eligible_warps_per_cycle, st->issue_slot_utilization, st->resident_blocks_per_sm, st->waves,
		(unsigned long long)st->dram_bytes);
	for (int i = 0; i < ST_COUNT; i++)
		fprintf(f, ",%.6f", st->stalls[i]);
	fprintf(f, ",%llu\n", (unsigned long long)st->elapsed_cycles);
}
