/*
 * help.c: the command-line reference, written once.
 *
 * Each subcommand is one entry of cmds[]: its synopsis, what it does, its
 * options and one example. `smsim COMMAND --help` and `smsim help COMMAND`
 * print an entry, `smsim help` lists the entries, the subcommands quote the
 * synopsis when they meet an unknown argument, and `smsim help --man`
 * prints the whole table as the roff man page that `make man` writes to
 * build/smsim.1 and `make install` installs. Text is kept to lines under
 * 100 columns so that the terminal output needs no wrapping.
 */
#include "help.h"

#include <string.h>

#include "cfg.h"

struct help_opt {
	const char *flag; /* "--arch NAME|FILE" */
	const char *text; /* what it does, one or more lines */
};

struct help_cmdinfo {
	const char *name;        /* "run"; "" for smsim without a command */
	const char *summary;     /* one line for the command list */
	const char *synopsis;    /* the options, without "smsim NAME" */
	const char *description; /* paragraphs, lines ending in \n */
	const struct help_opt *opts;
	const char *example;     /* one command line, without the leading "smsim " */
};

#define ARCH_OPT {"--arch NAME|FILE", "architecture: a name (sm_70 ... sm_120: see architectures below)\n" \
			      "or a path to a JSON file; default sm_90"}
#define ARCH_SET_OPT                                                                                            \
	{"--arch-set KEY=V[,KEY=V]", "change fields of the architecture for this run (what-if questions):\n" \
				     "KEY is a field of the arch file, as memory.dram_latency, dram_latency\n" \
				     "or pipes.fma.latency; a value gets the checks the file's value gets;\n" \
				     "an array's values are split at ':' (sharedMemCarveoutKB=0:100:228;\n" \
				     "dram_latency_spread=0 turns the DRAM latency spread off;\n" \
				     "stream_group_bytes_per_cycle=8.26 lets stream loads draw from it too)"}
#define POLICY_OPT {"--policy bgrr|grr|gto|lrr|gty", "warp scheduling policy (default bgrr: the oldest block's warps first, greedy, then least recently issued)"}
#define FORMAT_OPT {"--json | --csv", "one JSON document, or CSV, instead of the table"}

static const struct help_opt occ_opts[] = {
	ARCH_OPT,
	ARCH_SET_OPT,
	{"--threads T", "threads per block"},
	{"--regs R", "registers per thread (0..255)"},
	{"--smem BYTES", "shared memory per block (suffix K, M or G allowed); default 0"},
	{"--carveout PCT", "shared-memory carveout preference in percent; default: the maximum"},
	{"--graph", "the calculator's three curves (block size, registers, shared memory) as CSV"},
	{"--batch FILE", "evaluate every row of a CSV with the header threads,regs,smem[,carveout]"},
	FORMAT_OPT,
	{NULL, NULL},
};

static const struct help_opt run_opts[] = {
	ARCH_OPT,
	ARCH_SET_OPT,
	{"--program FILE", "a program in smsim's SASS-like text format (isa/README.md)"},
	{"--sass FILE --kernel NAME", "a compiled kernel, imported as smsim import does (with its --trips, --taken, "
				      "--mem, --span and --unknown options)"},
	{"--workload NAME", "a built-in workload: fma, dram_chase, l1_chase, smem_chase, mix,\n"
			    "tile, diverge, barrier (workloads/README.md)"},
	{"--set K=V[,K=V]", "workload parameters: ilp, iters (any positive count), unroll, seed,\n"
			    "and the workload's own: op, footprint, fma_per_load, tile, p, long,\n"
			    "short, chunk, skew"},
	{"--warps W", "W resident warps: one block of 32*W threads for W <= 32, two blocks\n"
		      "of 16*W threads for even W up to 64"},
	{"--threads T", "threads per block (with --blocks, or the workload's own block count)"},
	{"--blocks B", "blocks this SM runs (grid size / SMs); those that do not fit wait"},
	{"--regs R", "registers per thread instead of the program's"},
	{"--smem BYTES", "shared memory per block instead of the program's"},
	{"--carveout PCT", "shared-memory carveout preference in percent"},
	POLICY_OPT,
	{"--max-cycles N", "stop a runaway program after N cycles with an error"},
	{"--timeline FILE", "each warp's state intervals as CSV\n"
			    "(warp,scheduler,block,begin,end,state)"},
	{"--stamps FILE", "each clock read the program makes (CS2R, S2R or S2UR of SR_CLOCKLO or\n"
			  "SR_CLOCKHI), as simulated, as CSV (block,warp,pc,cycle: the block in launch\n"
			  "order, the warp in it, the instruction's address, the cycle it reads): what a\n"
			  "clock-stamping harness records, to set beside the GPU's stamps"},
	{"--trace FILE", "every warp instruction's issue, in issue order, as CSV (block,warp,pc,op,cycle:\n"
			 "the block in launch order, the warp in it, the instruction's address (its index\n"
			 "without one), its opcode, the cycle it issues): a loop's simulated schedule, to\n"
			 "read against the stall counts and the wait states of --timeline"},
	{"--repeat N", "benchmark: N runs, the median wall time as JSON"},
	FORMAT_OPT,
	{NULL, NULL},
};

static const struct help_opt sweep_opts[] = {
	ARCH_OPT,
	ARCH_SET_OPT,
	{"--workload NAME", "the workload to sweep (default for the demonstration: fma)"},
	{"--program FILE", "sweep a program file instead: every point runs it at the point's launch\n"
			   "shape; the CSV's workload is its name, ilp 1, iters and Little's law empty\n"
			   "(no closed form); --ilp and --set are refused, --vary takes arch fields only"},
	{"--sass FILE --kernel NAME", "sweep a compiled kernel, imported once as smsim import does, like\n"
				      "--program; its workload is LISTING:KERNEL and its set column the options below"},
	{"--trips, --taken, --mem, --off, --span, --unknown", "the import options, as for smsim import (with --sass)"},
	{"--ilp LIST", "ILP values, as 1,2,4,8 (the default) or 1-8 (workloads only)"},
	{"--warps LIST", "resident warps per SM, as 1-64 (the default); with --vary one W"},
	{"--set K=V|K=A:B:...", "workload parameters; a list of values sweeps each"},
	{"--vary KEY=FROM:TO:STEP", "the x axis is KEY instead of warps, at one --warps W: an arch field\n"
				    "(as --arch-set takes) or a workload parameter (as --set takes);\n"
				    "STEP *F makes a geometric series, KEY=V1,V2,... lists the values.\n"
				    "The CSV gains the columns arch_set, vary and vary_value"},
	{"--jobs N", "simulations in parallel (default: all cores); the output is the same"},
	{"--out FILE", "write the CSV to FILE (rows go to FILE.partial as they finish)"},
	{"--resume", "continue an interrupted sweep into --out FILE, keeping its finished rows"},
	{"--shard I/N", "run every N-th point from I (0 <= I < N); join them with smsim merge"},
	{"--knee-tol F", "the knee is the first point within F of the curve's best (0.05)"},
	POLICY_OPT,
	FORMAT_OPT,
	{NULL, NULL},
};

static const struct help_opt merge_opts[] = {
	{"--out FILE", "the merged CSV"},
	{"--knee-tol F", "as for sweep (0.05)"},
	{"SHARD.csv...", "the shards' CSV files, in any order"},
	{NULL, NULL},
};

static const struct help_opt validate_opts[] = {
	ARCH_OPT,
	ARCH_SET_OPT,
	{"--measured FILE...", "CSV files the microbenchmark wrote (tests/data/h200/*.csv)"},
	{"--max-mape PCT", "a family fails above this mean absolute percentage error (10)"},
	{"--max-knee-diff W", "a family fails when a knee differs by more warps (4)"},
	{"--knee-tol F", "knee tolerance (0.05)"},
	POLICY_OPT,
	{"--jobs N", "simulations in parallel (default: all cores)"},
	{"--rows", "print every row's simulated and measured cycles"},
	FORMAT_OPT,
	{NULL, NULL},
};

static const struct help_opt emit_opts[] = {
	{"PROGRAM", "the program file"},
	{"--out FILE.cu", "write the kernel to a file instead of stdout"},
	{NULL, NULL},
};

static const struct help_opt import_opts[] = {
	{"FILE", "a cuobjdump -sass or nvdisasm listing, or a .cubin, object or executable (disassembled with the "
		 "CUDA toolkit's cuobjdump, which needs no GPU)"},
	{"--kernel NAME", "the kernel: mangled or demangled name, or a unique part of one; a missing or ambiguous "
			  "name lists the kernels found"},
	{"--trips N | PC=N | PC=N,w0:M=K | PC=N,grow=G", "trip count of every loop (N), or of the loop whose head or back edge is at PC "
					    "(hex); with ,w0:M=K the warps below M run K trips (LOOP N warp<M=K); with ,grow=G N + G t "
					    "trips at the enclosing loop's trip t, from 0 (a triangular loop: LOOP N grow=G); a loop "
					    "with neither takes the count the kernel's arguments give (--arg) or its listing fixes (the counted-loop idiom: a counter from a "
					    "constant, stepped by a constant (+, x or a shift), compared with a constant), else is an error that says why"},
	{"--taken PC=F|PC=wN|PC=w0:N", "fraction of lanes taking the forward branch at PC (default: none; the fall-through runs), or wN: every warp from N on takes it (warps 0..N-1 run the region: IF warp<N), or w0:N: the warps below N take it (the warps from N on run the region: IF warp>=N)"},
	{"--off PC[,PC...]", "guarded instructions whose guard is false in every lane for the data (lanes=0: they issue "
			     "and take their pipe, touch no memory and, on sm_90, read no registers); rsqrtf's and "
			     "division's denormal fixups (FSETP.GEU |x|, 1.175494e-38 then @!P) are off by default"},
	{"--span FROM:TO", "cycles as a harness measures them: from the first block's clock read at FROM to the last "
			   "block's at TO (each block's warp 0: thread 0), not first issue to last exit; writes .span"},
	{"--mem PC|OPCODE[.MODS]=k=v,...", "memory attributes of one instruction, every instruction of an opcode, or "
					   "those of exactly these modifiers (LDS.128): pattern, footprint, bytes (distinct "
					   "bytes a warp access touches), stride, width, offsets (the lanes' byte offsets, "
					   "joined by ':': a hashed or swizzled index)"},
	{"--arg N=V", "the kernel's parameter N (from 1, in its signature's order) is V (a whole number, decimal or 0x hex, or a "
		      "float): the importer runs the arithmetic that decides loops and branches (nvcc's unrolled loops with "
		      "their remainders: `for (i = 0; i < n; i++)`) and takes each loop's trips and each branch's direction from "
		      "it; the parameters are placed by the kernel's mangled name from c[0x0][0x210]"},
	{"--const 0xOFF=V", "the 32-bit word c[0x0][OFF] of the constant bank is V (a parameter --arg cannot place: one after "
			    "a struct passed by value)"},
	{"--unknown alu|error", "an opcode smsim does not model: an error naming it and its PC (default), or "
				"issued as an ALU instruction with a warning"},
	{"--regs R, --smem BYTES", "registers and shared memory when the listing does not say them"},
	{"--out FILE.prog", "write the program to a file instead of stdout"},
	{NULL, NULL},
};

static const struct help_opt help_opts[] = {
	{"COMMAND", "the command to describe"},
	{"--man", "the whole reference as a roff man page (make man: build/smsim.1)"},
	{NULL, NULL},
};

static const struct help_cmdinfo cmds[] = {
	{"", "the default demonstration: fma, ILP 1,2,4,8 x warps 1-64 on sm_90, with knees", "",
	 "Runs the ILP x resident-warps sweep of FP32 dependency chains on sm_90 and prints, for each\n"
	 "ILP, the resident warps past which more warps stop reducing elapsed cycles (the knee), what\n"
	 "Little's law predicts, and why they differ.\n",
	 NULL, ""},
	{"occupancy", "resident blocks, warps and the limiter for one launch, a --batch CSV, or --graph",
	 "[--arch NAME] [--arch-set K=V,...] (--threads T --regs R [--smem BYTES] [--carveout PCT] [--graph] | "
	 "--batch FILE) [--json|--csv]",
	 "Computes resident blocks per SM exactly as NVIDIA's occupancy calculator does: registers\n"
	 "allocated per warp in units of 256 and per sub-partition, shared memory in allocation units\n"
	 "plus the driver's reserve per block, within the carveout in effect.\n",
	 occ_opts, "occupancy --arch sm_90 --threads 256 --regs 65"},
	{"run", "simulate one launch of a program file or a built-in workload",
	 "[--arch NAME] [--arch-set K=V,...] (--program FILE | --sass FILE --kernel NAME [import options] | "
	 "--workload NAME [--set K=V,...]) [--warps W | --threads T [--blocks B]] [--regs R] [--smem BYTES] [--carveout PCT] "
	 "[--policy bgrr|grr|gto|lrr|gty] [--max-cycles N] [--timeline FILE] [--stamps FILE] [--trace FILE] [--repeat N] [--json|--csv]",
	 "Simulates one launch cycle by cycle and reports cycles, warp instructions, IPC, achieved\n"
	 "occupancy, eligible warps and the warp states (Nsight Compute's stall reasons) as fractions\n"
	 "of warp-cycles. A workload with a natural launch (tile: 256 threads per block, the SM's share\n"
	 "of the tensor's blocks) runs with it when no launch shape is given, and says so; the others\n"
	 "need --warps or --threads.\n",
	 run_opts, "run --arch sm_90 --workload dram_chase --set ilp=2 --warps 16"},
	{"sweep", "ILP x resident-warps sweep of a workload, with knees and Little's law",
	 "[--arch NAME] [--arch-set K=V,...] (--workload NAME [--ilp LIST] [--set K=V|K=A:B,...] | --program FILE | "
	 "--sass FILE --kernel NAME [--trips N|PC=N[,w0:M=K|,grow=G]]... [--taken PC=F|PC=wN|PC=w0:N]... [--mem PC|OPCODE=k=v,...]... [--off PC,...]... [--span FROM:TO] [--arg N=V]... [--const 0xOFF=V]... [--unknown alu]) "
	 "[--warps LIST] "
	 "[--vary KEY=FROM:TO:STEP] [--jobs N] [--out FILE] [--resume] [--shard I/N] [--knee-tol F] "
	 "[--policy bgrr|grr|gto|lrr|gty] [--json|--csv]",
	 "One simulation per point (ILP x warps x parameter values), in parallel. Per curve it marks\n"
	 "the knee, the smallest W whose throughput is within 5% of the curve's best, and Little's\n"
	 "law's prediction of it. With --vary the x axis is an arch field or a workload parameter at\n"
	 "a fixed --warps W instead. With --program or --sass one program runs at every point (a\n"
	 "user's kernel over resident warps); its knee is found the same way.\n",
	 sweep_opts, "sweep --workload dram_chase --ilp 1,4 --warps 16 --vary dram_latency=200:1000:100"},
	{"merge", "join sweep shards into one CSV", "--out FILE [--knee-tol F] SHARD.csv...",
	 "Joins the CSV files of a sweep run in shards (--shard I/N) into the file the whole sweep would\n"
	 "have written, with the knees marked again.\n",
	 merge_opts, "merge --out all.csv part0.csv part1.csv part2.csv"},
	{"validate", "compare simulated cycles with measured GPU cycles",
	 "[--arch NAME] [--arch-set K=V,...] --measured FILE... [--max-mape PCT] [--max-knee-diff W] "
	 "[--knee-tol F] [--policy bgrr|grr|gto|lrr|gty] [--jobs N] [--rows] [--json|--csv]",
	 "Simulates every row of the measured CSV and reports, per workload family, the mean absolute\n"
	 "percentage error, the largest error, the correlation and the knees, measured against\n"
	 "simulated. Exit status 1 when a family is beyond the limits.\n",
	 validate_opts, "validate --arch sm_90 --measured tests/data/h200/sweep.csv"},
	{"emit-cuda", "write the CUDA kernel for a program file", "PROGRAM [--out FILE.cu]",
	 "Writes a CUDA kernel whose loop runs the program's instructions as inline PTX, to measure the\n"
	 "same program on a GPU.\n",
	 emit_opts, "emit-cuda isa/examples/fma_ilp2.prog --out k.cu"},
	{"import", "a compiled kernel's SASS (cuobjdump -sass, nvdisasm, .cubin) as a program",
	 "FILE --kernel NAME [--trips N|PC=N[,w0:M=K|,grow=G]]... [--taken PC=F|PC=wN|PC=w0:N]... [--mem PC|OPCODE=k=v,...]... [--off PC,...]... [--span FROM:TO] [--arg N=V]... [--const 0xOFF=V]... [--unknown alu] "
	 "[--regs R] [--smem BYTES] [--out FILE.prog]",
	 "Writes the kernel as an smsim program, one line per SASS instruction with its control bits\n"
	 "(stall count, scoreboards, wait mask) and the original instruction as a comment, after a .pc\n"
	 "line giving the listing's addresses (which place instructions in fetch lines). Backward\n"
	 "branches become loops (give their trip counts), forward branches IF/ELSE regions when lanes\n"
	 "take them; global memory streams from DRAM unless --mem says otherwise. run and sweep take\n"
	 "the same options with --sass FILE --kernel NAME.\n",
	 import_opts, "import k.sass --kernel fma_u --trips 0x1d0=512 --trips 1 --out k.prog"},
	{"help", "this list, one command's usage, or the man page", "[COMMAND] [--man]",
	 "Prints the list of commands, the usage of one (as COMMAND --help does), or the man page.\n",
	 help_opts, "help sweep"},
};

#define NCMDS (sizeof cmds / sizeof cmds[0])

static const struct help_cmdinfo *find(const char *cmd)
{
	for (size_t i = 1; i < NCMDS; i++)
		if (strcmp(cmds[i].name, cmd) == 0)
			return &cmds[i];
	return NULL;
}

const char *help_synopsis(const char *cmd)
{
	const struct help_cmdinfo *c = find(cmd);
	return c ? c->synopsis : NULL;
}

int help_known(const char *cmd)
{
	return find(cmd) != NULL;
}

void help_command_list(char *buf, size_t n)
{
	size_t k = 0;
	buf[0] = '\0';
	for (size_t i = 1; i < NCMDS && k < n; i++)
		k += (size_t)snprintf(buf + k, n - k, "%s%s", cmds[i].name, i + 2 == NCMDS ? " or " : i + 1 < NCMDS ? ", " : "");
}

/* Prints text with every line indented by `ind` spaces. */
static void indent(FILE *f, const char *text, int ind)
{
	while (*text) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);
		fprintf(f, "%*s%.*s\n", ind, "", (int)len, text);
		text += len + (nl != NULL);
	}
}

/* "usage: smsim NAME SYNOPSIS" broken at spaces before column 100, the
 * continuation lines under the synopsis. */
static void print_wrapped(FILE *f, const char *lead, const char *name, const char *syn)
{
	int col = fprintf(f, "%s%s", lead, name), ind = col + 1;
	while (*syn) {
		const char *sp = strchr(syn, ' ');
		int len = sp ? (int)(sp - syn) : (int)strlen(syn);
		if (col + 1 + len > 100 && col > ind) {
			fprintf(f, "\n%*s", ind - 1, "");
			col = ind - 1;
		}
		col += fprintf(f, " %.*s", len, syn);
		syn += len + (sp != NULL);
	}
	fputs("\n\n", f);
}

static void print_arch_search(FILE *f, int ind)
{
	char buf[1024];
	snprintf(buf, sizeof buf,
		 "--arch NAME reads NAME.json from the first folder that has it: $SMSIM_ARCH_DIR when set\n"
		 "(then only there); ./arch; ../arch and ../share/smsim/arch beside the folder of the smsim\n"
		 "executable (a build tree, an installation); %s\n"
		 "(where make install put them). --arch FILE.json or a path reads that file.\n",
		 cfg_installed_arch_dir());
	indent(f, buf, ind);
}

void help_print(FILE *f, const char *cmd)
{
	const struct help_cmdinfo *c;
	if (!cmd) {
		fprintf(f, "usage: smsim [COMMAND [OPTIONS]]\n\n");
		for (size_t i = 0; i < NCMDS; i++)
			fprintf(f, "  %-14s %s\n", i ? cmds[i].name : "(no command)", cmds[i].summary);
		fprintf(f, "\nEvery command prints a table by default, --json for one JSON document, --csv for CSV.\n"
			   "smsim COMMAND --help (or smsim help COMMAND) describes one; man smsim all of them.\n");
		return;
	}
	c = find(cmd);
	if (!c)
		return;
	print_wrapped(f, "usage: smsim ", c->name, c->synopsis);
	indent(f, c->description, 0);
	fprintf(f, "\noptions:\n");
	for (const struct help_opt *o = c->opts; o->flag; o++) {
		int w = (int)strlen(o->flag);
		const char *t = o->text;
		const char *nl = strchr(t, '\n');
		if (w <= 24) {
			size_t len = nl ? (size_t)(nl - t) : strlen(t);
			fprintf(f, "  %-24s  %.*s\n", o->flag, (int)len, t);
			if (nl)
				indent(f, nl + 1, 28);
		} else {
			fprintf(f, "  %s\n", o->flag);
			indent(f, t, 28);
		}
	}
	if (strcmp(c->name, "occupancy") == 0 || strcmp(c->name, "run") == 0 || strcmp(c->name, "sweep") == 0 ||
	    strcmp(c->name, "validate") == 0) {
		fprintf(f, "\narchitectures:\n");
		print_arch_search(f, 2);
	}
	fprintf(f, "\nexample:\n  smsim %s\n", c->example);
}

/* Writes text as roff: backslashes and dashes escaped, a leading dot or
 * quote made literal. */
static void roff(FILE *f, const char *text)
{
	int bol = 1;
	for (const char *s = text; *s; s++) {
		if (bol && (*s == '.' || *s == '\''))
			fputs("\\&", f);
		bol = *s == '\n';
		if (*s == '\\')
			fputs("\\e", f);
		else if (*s == '-')
			fputs("\\-", f);
		else
			fputc(*s, f);
	}
}

void help_print_man(FILE *f)
{
	fputs(".TH SMSIM 1 \"\" \"smsim\" \"User Commands\"\n"
	      ".SH NAME\n"
	      "smsim \\- cycle\\-level simulator of one NVIDIA GPU streaming multiprocessor\n"
	      ".SH SYNOPSIS\n",
	      f);
	for (size_t i = 0; i < NCMDS; i++) {
		fputs(".B smsim\n", f);
		if (i) {
			fprintf(f, ".B %s\n", cmds[i].name);
			roff(f, cmds[i].synopsis);
			fputc('\n', f);
		}
		fputs(".br\n", f);
	}
	fputs(".SH DESCRIPTION\n", f);
	roff(f, "smsim answers one question: for this kernel's dependency structure, on this GPU, how many\n"
		"resident warps does it take before extra warps stop reducing elapsed cycles, and why? It\n"
		"models the warp schedulers, per-warp register scoreboards, execution pipes, register and\n"
		"shared-memory allocation and a latency/bandwidth memory model of one SM, and runs built-in\n"
		"dependency-chain workloads or program files at a chosen ILP and number of resident warps.\n");
	fputs(".PP\n", f);
	roff(f, "Every command prints a table by default, --json for one JSON document or --csv for CSV.\n"
		"Without a command smsim runs its default demonstration.\n");
	fputs(".SH COMMANDS\n", f);
	for (size_t i = 0; i < NCMDS; i++) {
		const struct help_cmdinfo *c = &cmds[i];
		fputs(".SS \"", f);
		roff(f, i ? c->name : "(no command)");
		fputs("\"\n", f);
		if (i) {
			fprintf(f, ".B smsim %s\n", c->name);
			roff(f, c->synopsis);
			fputs("\n.PP\n", f);
		}
		roff(f, c->description);
		for (const struct help_opt *o = c->opts; o && o->flag; o++) {
			fputs(".TP\n.B ", f);
			roff(f, o->flag);
			fputc('\n', f);
			roff(f, o->text);
			fputc('\n', f);
		}
		fputs(".PP\nExample:\n.PP\n.RS\n.nf\nsmsim ", f);
		roff(f, c->example);
		fputs("\n.fi\n.RE\n", f);
	}
	fputs(".SH ARCHITECTURES\n", f);
	{
		char buf[1024];
		snprintf(buf, sizeof buf,
			 "An architecture is a JSON file (field names after cudaDeviceProp). --arch NAME reads NAME.json\n"
			 "from the first folder that has it: $SMSIM_ARCH_DIR when set (then only there); ./arch;\n"
			 "../arch and ../share/smsim/arch beside the folder of the smsim executable; %s.\n"
			 "--arch-set KEY=VALUE changes one field for one run with the same checks as the file.\n",
			 cfg_installed_arch_dir());
		roff(f, buf);
	}
	fputs(".SH ENVIRONMENT\n.TP\n.B SMSIM_ARCH_DIR\n", f);
	roff(f, "the folder of architecture files, instead of the search above\n");
	fputs(".SH EXIT STATUS\n", f);
	roff(f, "0 on success; 2 for bad input (the message on stderr names the file, line, option or key,\n"
		"what was expected and what was found); 1 for an internal failure, or when validate finds\n"
		"a family beyond its limits.\n");
	fputs(".SH SEE ALSO\n", f);
	roff(f, "README.md, isa/README.md (the program format) and workloads/README.md (the workloads) in the\n"
		"smsim sources.\n");
}

int help_cmd(int argc, char **argv, struct err *e)
{
	const char *cmd = NULL;
	int man = 0;
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--man") == 0) {
			man = 1;
		} else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			cmd = cmd ? cmd : "help";
		} else if (argv[i][0] == '-' || cmd) {
			return err_set(e, SIM_EINPUT, "%s: unknown argument (expected help %s)", argv[i], help_synopsis("help"));
		} else {
			cmd = argv[i];
		}
	}
	if (man) {
		help_print_man(stdout);
		return SIM_OK;
	}
	if (cmd && !help_known(cmd)) {
		char list[256];
		help_command_list(list, sizeof list);
		return err_set(e, SIM_EINPUT, "help: unknown command \"%.40s\" (expected %s)", cmd, list);
	}
	help_print(stdout, cmd);
	return SIM_OK;
}
