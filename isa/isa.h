/*
 * isa.h: the synthetic ISA of smsim.
 *
 * This is the functional side (as Multi2Sim separates emu from timing): what
 * each opcode is, which pipe runs it and whether its latency is fixed (known
 * at issue, ALU) or variable (memory and MUFU, tracked by the scoreboard
 * until the memory model returns). Latency values and pipe widths are not
 * here: they come from the architecture file (sim/cfg.h).
 *
 * A program is a flat array of instructions. Control flow is structured:
 * LOOP n ... ENDLOOP (a counted loop, run without unrolling) and
 * IF p ... ELSE ... ENDIF (a branch on which a fraction p of a warp's lanes
 * takes the first path; when 0 < p < 1 both paths issue one after the other,
 * as SIMT hardware does). ENDLOOP and IF issue as a BRA.
 */
#ifndef ISA_ISA_H
#define ISA_ISA_H

#include <stdint.h>

/* Execution pipes, per sub-partition; names follow Nsight Compute's. */
enum pipe {
	PIPE_FMA,      /* FFMA, FADD, FMUL */
	PIPE_FMAHEAVY, /* IMAD */
	PIPE_ALU,      /* IADD3, LOP3, MOV */
	PIPE_FP64,     /* DFMA */
	PIPE_XU,       /* MUFU (transcendentals) */
	PIPE_LSU,      /* LDG, STG, LDS, STS */
	PIPE_CBU,      /* BRA, BAR, EXIT, NOP */
	PIPE_COUNT
};

/* How an opcode's result latency is known. */
enum lat_kind {
	LAT_FIXED,    /* ALU: ready at issue + the pipe's latency */
	LAT_VARIABLE, /* memory, MUFU: ready when the unit returns it */
	LAT_NONE,     /* produces no register */
};

enum opcode {
	OP_FFMA, OP_FADD, OP_FMUL, OP_IMAD, OP_IADD3, OP_LOP3, OP_MOV,
	OP_MUFU, OP_DFMA, OP_LDG, OP_STG, OP_LDS, OP_STS, OP_BAR, OP_BRA,
	OP_EXIT, OP_NOP,
	/* structured control; LOOP/ELSE/ENDIF issue nothing */
	OP_LOOP, OP_ENDLOOP, OP_IF, OP_ELSE, OP_ENDIF,
	OP_COUNT
};

/* Memory spaces and access patterns of LDG/STG/LDS/STS. */
enum mem_space { SPACE_NONE, SPACE_GLOBAL, SPACE_SHARED };
enum mem_pattern {
	PAT_COALESCED, /* lane i touches base + i*width: contiguous */
	PAT_STRIDED,   /* lane i touches base + i*stride */
	PAT_UNIFORM,   /* every lane the same address */
	PAT_CHASE,     /* coalesced node of a pointer chase over `footprint` bytes */
	PAT_STREAM,    /* coalesced, never reused: always misses to DRAM */
};

/* OP_IF conditions (kept in insn.pattern). */
enum if_kind {
	IF_LANES,   /* IF p: a fraction p of each warp's lanes takes the first path */
	IF_WARP_LT, /* IF warp<N: warps with index in block < N take the first path, whole */
};

struct opinfo {
	const char *name;   /* mnemonic, upper case */
	enum pipe pipe;     /* pipe that executes it */
	enum lat_kind lat;  /* how its result latency is known */
	int ndst;           /* destination registers (0 or 1) */
	int nsrc;           /* source registers */
	enum mem_space space;
	int is_load;        /* 1 for LDG/LDS */
};

#define ISA_NREGS 256   /* R0..R255; R255 is RZ and carries no dependence */
#define ISA_RZ 255
#define ISA_MAX_NEST 8  /* LOOP/IF nesting depth */
#define ISA_MAX_XWAIT 6 /* registers an instruction's wait= list may name */

struct insn {
	uint8_t op;        /* enum opcode */
	uint8_t nsrc;      /* number of valid src[] */
	uint8_t has_dst;   /* dst valid */
	uint8_t pattern;   /* enum mem_pattern for memory ops; enum if_kind for IF */
	uint16_t dst;      /* destination register */
	uint16_t src[3];   /* source registers */
	uint16_t width;    /* bytes per lane of a memory op (4, 8 or 16) */
	uint16_t lanes;    /* active lanes of a memory op (1..32) */
	uint8_t wait_all;  /* waits for every outstanding result of the warp first (a SASS
			    * wait mask covering all scoreboards: attribute wait=all) */
	uint8_t nxwait;    /* xwait[] entries */
	uint16_t xwait[ISA_MAX_XWAIT]; /* registers whose pending results it also waits for
			    * (attribute wait=R2+R3): a SASS wait mask whose scoreboard
			    * other chains' loads share, without an operand read */
	uint8_t body_counter; /* LOOP: its body holds the loop counter and compare as
			       * instructions (built-in workloads): the back edge is the branch alone */
	uint32_t stride;   /* PAT_STRIDED: bytes between lanes */
	uint32_t match;    /* LOOP/IF/ELSE: index of the matching ENDLOOP/ELSE/ENDIF */
	uint64_t count;    /* LOOP: trip count; memory ops: footprint bytes; IF warp<N: N */
	double frac;       /* IF: fraction of lanes on the first path */
	uint32_t line;     /* source line (0 for generated programs) */
};

struct program {
	struct insn *code;   /* owned; ninsn entries, the last is EXIT */
	int ninsn;
	int cap;
	int regs_per_thread; /* from .regs, or computed: highest register + 1 */
	int smem_per_block;  /* bytes, from .smem */
	int regs_declared;   /* 1 if .regs was given */
	char name[64];       /* workload or file name, for reports */
};

extern const struct opinfo isa_ops[OP_COUNT];
extern const char *const isa_pipe_names[PIPE_COUNT];

/* Opcode by mnemonic (case-insensitive); -1 if unknown. */
int isa_find_op(const char *name, int len);
/* Pipe by Nsight name; -1 if unknown. */
int isa_find_pipe(const char *name);

/* Program building, for the parser and the workload generators. */
void program_init(struct program *p, const char *name);
void program_free(struct program *p);
/* Appends a copy of *in; returns its index, or -1 when out of memory. */
int program_emit(struct program *p, const struct insn *in);
/* Resolves LOOP/IF nesting and sets regs_per_thread when not declared.
 * Returns 0, or -1 with a message "line N: ..." in msg. */
int program_finish(struct program *p, char *msg, int msglen);
/* Warp instructions one warp issues running p to its end (saturating at
 * UINT64_MAX; for IF warp<N, the longer path). */
uint64_t program_dynamic_count(const struct program *p);

#endif /* ISA_ISA_H */
