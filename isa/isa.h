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

/* Execution pipes, per sub-partition; names follow Nsight Compute's.
 * The opcode table (isa.c, isa/README.md) says which opcode runs on which. */
enum pipe {
	PIPE_FMA,      /* FFMA, FADD, FMUL, HFMA2 */
	PIPE_FMAHEAVY, /* IMAD, IMUL */
	PIPE_ALU,      /* IADD3, LOP3, MOV, ISETP, SEL, SHF, LEA, ... */
	PIPE_FP64,     /* DFMA, DADD, DMUL */
	PIPE_XU,       /* MUFU (transcendentals), conversions, POPC */
	PIPE_LSU,      /* LDG, STG, LDS, STS, SHFL, S2R, LDC, atomics */
	PIPE_CBU,      /* BRA, BAR, EXIT, NOP, BSSY, BSYNC, WARPSYNC */
	PIPE_UNIFORM,  /* the uniform datapath: UIADD3, UMOV, ULDC, ULOP3, ... (one value a warp) */
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
	/* the opcodes compiled kernels use beyond the synthetic set (smsim
	 * import); their operands are read by the general operand grammar */
	OP_ISETP, OP_FSETP, OP_DSETP, OP_PLOP3, OP_FSEL, OP_SEL, OP_SHF, OP_LEA, OP_PRMT,
	OP_FMNMX, OP_IMNMX, OP_IABS, OP_VIADD, OP_VIMNMX, OP_VIMNMX3, OP_SGXT, OP_BMSK, OP_P2R, OP_R2P,
	OP_F2FP, OP_CS2R, OP_VOTE, OP_FSWZADD,
	OP_IMUL, OP_HFMA2, OP_HADD2, OP_HMUL2, OP_DADD, OP_DMUL,
	OP_POPC, OP_FLO, OP_BREV, OP_I2F, OP_F2I, OP_F2F, OP_I2I, OP_FRND, OP_FCHK,
	OP_S2R, OP_SHFL, OP_LDC, OP_LDL, OP_STL, OP_LD, OP_ST, OP_ATOMS, OP_ATOMG, OP_ATOM,
	OP_RED, OP_MEMBAR,
	OP_BSSY, OP_BSYNC, OP_WARPSYNC, OP_CALL, OP_RET, OP_BREAK, OP_BMOV, OP_YIELD, OP_BPT,
	OP_UIADD3, OP_UMOV, OP_ULDC, OP_USHF, OP_ULOP3, OP_UISETP, OP_USEL, OP_UIMAD,
	OP_ULEA, OP_UPRMT, OP_UFLO, OP_UPOPC, OP_USGXT, OP_UBMSK, OP_UPLOP3, OP_S2UR, OP_R2UR,
	OP_VOTEU, OP_DEPBAR, OP_I2FP, OP_F2IP,
	OP_ALU,   /* an opcode smsim does not model, imported with --unknown=alu */
	OP_COUNT
};

/* Memory spaces and access patterns of memory instructions. */
enum mem_space { SPACE_NONE, SPACE_GLOBAL, SPACE_SHARED, SPACE_LOCAL, SPACE_CONST };

/*
 * Where a variable-latency result comes from (struct opinfo.unit): the
 * engine routes each to its model. Fixed-latency opcodes have UNIT_NONE.
 */
enum isa_unit {
	UNIT_NONE,   /* fixed latency: the pipe's (or no result) */
	UNIT_XU,     /* the xu pipe's latency (MUFU, conversions, POPC) */
	UNIT_SMEM,   /* the shared-memory path (LDS, STS, ATOMS; SHFL and S2R use its data path) */
	UNIT_GLOBAL, /* the global-memory levels (LDG, STG, LDL, STL, atomics) */
	UNIT_CONST,  /* the constant cache (LDC): modelled as an L1 hit */
};
enum mem_pattern {
	PAT_COALESCED, /* lane i touches base + i*width: contiguous */
	PAT_STRIDED,   /* lane i touches base + i*stride */
	PAT_UNIFORM,   /* every lane the same address */
	PAT_CHASE,     /* coalesced node of a pointer chase over `footprint` bytes */
	PAT_STREAM,    /* coalesced, never reused: always misses to DRAM */
	PAT_GATHER,    /* each lane a random element of `footprint` bytes (a table lookup) */
};

/* OP_IF conditions (kept in insn.pattern). */
enum if_kind {
	IF_LANES,   /* IF p: a fraction p of each warp's lanes takes the first path */
	IF_WARP_LT, /* IF warp<N: warps with index in block < N take the first path, whole */
	IF_WARP_GE, /* IF warp>=N: warps with index in block >= N take the first path, whole */
};

struct opinfo {
	const char *name;   /* mnemonic, upper case */
	enum pipe pipe;     /* pipe that executes it */
	enum lat_kind lat;  /* how its result latency is known */
	int ndst;           /* destination operands: the synthetic opcodes 0 or 1; the
			     * general grammar (flex) the most it may name (the first
			     * operand, then the predicates right after it) */
	int nsrc;           /* source registers (synthetic opcodes' fixed operand count) */
	enum mem_space space;
	int is_load;        /* 1 when it returns memory data to a register */
	int flex;           /* operands read by the general grammar (compiled SASS) */
	enum isa_unit unit; /* where a variable-latency result comes from */
	int uniform;        /* runs on the uniform datapath (one value per warp) */
};

/*
 * The register name space: one number per architectural register, so that
 * every dependence (general, uniform, predicate registers and the six
 * dependence scoreboards of the control bits) is a register to the engine.
 * RZ, URZ, PT and UPT read as constants and carry no dependence.
 */
#define ISA_NGPR 256       /* R0..R254, RZ */
#define ISA_RZ 255
#define ISA_UR0 256        /* UR0..UR62 */
#define ISA_URZ 319
#define ISA_P0 320         /* P0..P6 */
#define ISA_PT 327
#define ISA_UP0 328        /* UP0..UP6 */
#define ISA_UPT 335
#define ISA_SB0 336        /* SB0..SB5: the dependence scoreboards of the control bits */
#define ISA_NSB 6
#define ISA_NREGS 344      /* the name space's size (a multiple of 8) */
#define ISA_MAX_NEST 8  /* LOOP/IF nesting depth */
#define ISA_MAX_XWAIT 6 /* registers an instruction's wait= list may name */
#define ISA_NEAR_GROUPS 8 /* latency-draw groups of neighbouring loads (group=G, near=G) */
#define ISA_MAX_SRC 8   /* source registers of one instruction (a 128-bit store: 2 address + 4 data + 2 uniform) */
#define ISA_MAX_XDST 4  /* destinations beyond dst (register pairs and quads, predicate outputs) */
#define ISA_CTL_NONE 7  /* wsb / rsb: no scoreboard */

/* RZ, URZ, PT, UPT: read as constants, never waited for or written. */
static inline int isa_is_zero_reg(int reg)
{
	return reg == ISA_RZ || reg == ISA_URZ || reg == ISA_PT || reg == ISA_UPT;
}

/* A load through the global-memory levels that may hit L1 (LDG, LD, LDL,
 * LDC); the rest of the global unit (stores, atomics, reductions) is served
 * at L2 or beyond. */
static inline int isa_l1_load(int op)
{
	return op == OP_LDG || op == OP_LD || op == OP_LDL || op == OP_LDC;
}

/* LDC and ULDC: loads from a constant bank (the constant caches: sim/mem.c, mem_cline) */
static inline int isa_is_const_load(int op)
{
	return op == OP_LDC || op == OP_ULDC;
}

/* Writes the register's name ("R12", "UR4", "P0", "PT", "SB3") into buf. */
const char *isa_reg_name(int reg, char *buf, int len);

#define ISA_MAX_LINES 8 /* line numbers of the attribute lines= */
#define ISA_CADDR(bank, off) (0x1000000u | (uint32_t)(bank) << 16 | (uint32_t)(off)) /* insn.caddr: bank 0-255, offset < 64 KB */
#define ISA_MAX_OFFSETS 32 /* byte offsets of the attribute offsets= (one a lane) */

struct insn {
	uint8_t op;        /* enum opcode */
	uint8_t nsrc;      /* number of valid src[] */
	uint8_t has_dst;   /* dst valid */
	uint8_t pattern;   /* enum mem_pattern for memory ops; enum if_kind for IF */
	uint16_t dst;      /* destination register */
	uint16_t src[ISA_MAX_SRC]; /* source registers, by operand slot (an immediate or
			    * constant operand holds its slot as RZ) */
	uint8_t nxdst;     /* xdst[] entries */
	uint16_t xdst[ISA_MAX_XDST]; /* further destinations: the rest of a register pair
			    * or quad (R2.64), predicate outputs (ISETP P0, P1) */
	uint8_t has_pred;  /* guarded by a predicate (@P0, @!P0): read as a source; the
			    * instruction issues whether or not its lanes are on */
	uint8_t pred_neg;  /* @!P */
	uint16_t pred;     /* the guard's register (ISA_P0.., ISA_UP0..) */
	/* control bits (SASS, sm_70+), has_ctl when the line gave them as
	 * [B------:R-:W-:Y:S04] (wait mask, read and write scoreboards, yield,
	 * stall count); the engine then follows them instead of register
	 * scoreboarding (isa/README.md) */
	uint8_t has_ctl;
	uint8_t has_addr;  /* addr holds the instruction's byte address (.pc: imported SASS) */
	uint32_t addr;
	uint8_t stall;     /* cycles before the warp's next instruction may issue (0..15) */
	uint8_t yield;     /* the yield hint */
	uint8_t wsb;       /* scoreboard its result is posted on (0..5), ISA_CTL_NONE */
	uint8_t rsb;       /* scoreboard released once its sources are read, ISA_CTL_NONE */
	uint8_t wmask;     /* scoreboards (bit k: SBk) it waits for before issue */
	uint8_t reuse;     /* .reuse flags by source slot (bit k: src[k]), as the listing gave them */
	uint8_t has_reuse; /* reuse was given (some source carried .reuse) */
	uint16_t width;    /* bytes per lane of a memory op (4, 8 or 16) */
	uint16_t lanes;    /* active lanes of a memory op (1..32) */
	uint8_t popc;      /* .POPC (ATOMS.POPC.INC, atomicAdd(&s[i], 1) on shared memory): the lanes
			    * on one word are one update (round 23, mech_pinc); other ATOMS' never share */
	uint16_t threads;  /* memory ops: on in the block's first N threads alone (attribute
			    * threads=N: a guard tid < N): warp w has min(lanes, N - 32 w) lanes on,
			    * none: predicated off in every lane (as lanes=0); 0: every thread */
	uint8_t wait_all;  /* waits for every outstanding result of the warp first (a SASS
			    * wait mask covering all scoreboards: attribute wait=all) */
	uint8_t nxwait;    /* xwait[] entries */
	uint16_t xwait[ISA_MAX_XWAIT]; /* registers whose pending results it also waits for
			    * (attribute wait=R2+R3): a SASS wait mask whose scoreboard
			    * other chains' loads share, without an operand read */
	uint8_t body_counter; /* LOOP: its body holds the loop counter and compare as
			       * instructions (built-in workloads): the back edge is the branch alone */
	uint8_t group;     /* global loads, 1..ISA_NEAR_GROUPS: draws its L2/DRAM latency afresh
			    * and keeps the draw as group G's (attribute group=G); 0 none */
	uint8_t near;      /* global loads, 1..ISA_NEAR_GROUPS: its lines neighbour those of the
			    * warp's last group=G load, and it takes that load's latency draw
			    * (attribute near=G); 0: draws its own */
	uint8_t noffs;     /* memory ops: entries of offs[] (attribute offsets=; 0 none) */
	uint8_t clock;     /* reads the SM's clock (an operand SR_CLOCKLO or SR_CLOCKHI: CS2R, S2R, S2UR):
			    * a harness's clock stamp, which run --stamps writes as simulated */
	uint32_t stride;   /* PAT_STRIDED: bytes between lanes (with period: between lanes i and i + 1 of a period) */
	uint32_t step;     /* with period: bytes between lane i and lane i + period */
	uint8_t period;    /* 1..32, 0 none: lane i at (i % period) * stride + (i / period) * step */
	uint8_t off;       /* memory ops: predicated off in every lane (attribute lanes=0): issues,
			    * touches no memory (a store: store_off_cycles of the store unit) */
	uint8_t nlines;    /* memory ops: entries of lines[] (attribute lines=; 0 none) */
	uint8_t count_warps; /* LOOP N warp<M=K: M, the warps below it run count_low trips; 0 none */
	uint32_t lines[ISA_MAX_LINES]; /* lane i at byte (i x width) % 128 of 128-byte line lines[i % nlines] */
	union {
		uint32_t base;  /* memory ops: the byte address of its element 0 (attribute base=; 0: a table
				 * at a 2 MB boundary); the L1's tag banks hash it (sim/mem.c) */
		uint32_t caddr; /* constant loads (LDC, ULDC): ISA_CADDR(bank, byte offset) when known (the
				 * operand c[B][OFF] with an immediate offset, or the attribute caddr=), 0 not
				 * known; the constant cache's lines (sim/mem.c, mem_cline) */
	};
	uint32_t match;    /* LOOP/IF/ELSE: index of the matching ENDLOOP/ELSE/ENDIF */
	int32_t grow;      /* LOOP N grow=G: a triangular loop, N + G t trips at the enclosing loop's
			    * trip t (from 0; isa.c checks every count 1..1e9); 0: N every entry.
			    * In match's padding: the struct stays 288 bytes */
	uint64_t count;    /* LOOP: trip count (with count_warps: the other warps'); memory ops: footprint
			    * bytes; IF warp<N, warp>=N: N */
	double frac;       /* IF: fraction of lanes on the first path */
	uint32_t line;     /* source line (0 for generated programs) */
	uint32_t count_low;  /* LOOP N warp<M=K: K */
	/* memory ops: lane i at byte base + offs[i % noffs] (attribute offsets=): the addresses
	 * a kernel computes (a hash, a swizzle), given lane by lane. Last, so the fields the
	 * engine reads each issue keep their cache lines; noffs sits in padding above, so the
	 * struct is 288 bytes, 9 x 32, which an index scales by as cheaply as the 160 before */
	uint32_t offs[ISA_MAX_OFFSETS];
};

struct program {
	struct insn *code;   /* owned; ninsn entries, the last is EXIT */
	int ninsn;
	int cap;
	int regs_per_thread; /* from .regs, or computed: highest register + 1 */
	int smem_per_block;  /* bytes, from .smem */
	int regs_declared;   /* 1 if .regs was given */
	int has_addr;        /* 1 after a .pc directive: instructions get addresses */
	uint32_t next_addr;  /* the next instruction's byte address (16 B an instruction) */
	/* .span FROM TO: a harness's clock stamps. The run's cycles are then from
	 * the earliest issue of the instruction at FROM by any block's first warp
	 * to the latest issue of the one at TO (the measured span: thread 0's
	 * clock reads, per SM the latest end less the earliest start) */
	int has_span;
	uint32_t span_addr[2];
	int span_insn[2];    /* their instruction indices (program_finish; a generator
			      * sets them itself, span_line 0: workloads/wl.c) */
	uint32_t span_line;  /* the directive's line */
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
 * UINT64_MAX; for IF warp<N and warp>=N, the longer path). */
uint64_t program_dynamic_count(const struct program *p);

#endif /* ISA_ISA_H */
