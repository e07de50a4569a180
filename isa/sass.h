/*
 * sass.h: reading SASS disassembly listings (the first half of `smsim import`).
 *
 * sass_read turns the text of a listing into kernels of instructions with
 * their guard predicate, opcode, modifiers, operands, branch targets and,
 * where the listing prints the encoding, the Volta+ control bits. It does
 * not translate to smsim programs and knows nothing of timing: the
 * translator is written on top of this API. Formats read (isa/README.md,
 * "SASS listings"):
 *   - cuobjdump -sass (sm_70 and later): "Fatbin elf code" headers,
 *     "code for sm_90", "Function : NAME", ".headerflags", instruction lines
 *     "/ *0040* /  @!P0 IMAD.U32 R2, RZ, RZ, UR4 ;  / * 0x00000004ff027e24 * /"
 *     (comment markers spaced here) with the second 64-bit word on the next
 *     line; "### NAME" lines (workloads/cuda/run_emit.sh) name sections;
 *   - nvdisasm, plain or -hex: ".section .text.NAME" / ".text.NAME:",
 *     labels ".L_x_3:", branch targets `(.L_x_3), "//" comments (-g line
 *     info, life ranges), ".sectioninfo @"SHI_REGISTERS=N"", data sections
 *     (skipped);
 *   - the same without the hex words (the control bits are then unknown);
 *   - cuobjdump -res-usage: "Function NAME:" then "REG:40 STACK:0
 *     SHARED:1024 LOCAL:0 ...", applied to the kernel of that name.
 * Pre-Volta code (sm_5x/6x: 64-bit instructions, a control word per three)
 * is skipped; a listing with nothing else is refused.
 *
 * Control bits, sm_70..sm_90: the second (high) 64-bit word of each 128-bit
 * instruction holds them in bits 41..63; ctrl = hi >> 41: stall = ctrl & 15,
 * yield bit = (ctrl >> 4) & 1, write scoreboard = (ctrl >> 5) & 7 (7 none),
 * read scoreboard = (ctrl >> 8) & 7 (7 none), wait mask = (ctrl >> 11) & 63,
 * reuse = (ctrl >> 17) & 15. The yield bit is inverted: an encoded 0 means
 * the warp yields ("Y" in maxas and CuAssembler), so sass_ctrl.yield is
 * 1 - bit (sources and evidence in isa/README.md).
 */
#ifndef ISA_SASS_H
#define ISA_SASS_H

#include <stddef.h>
#include <stdint.h>

#include "../sim/err.h"

#define SASS_MAX_INSNS (1 << 20) /* instructions in one listing */
#define SASS_MAX_KERNELS 65536   /* kernels (functions) in one listing */
#define SASS_MAX_OPNDS 10        /* operands of one instruction */
#define SASS_MAX_NAME 16384      /* characters of a kernel or section name */
#define SASS_MAX_TEXT 4096       /* characters of one instruction's text */
#define SASS_INSN_BYTES 16       /* sm_70+: one instruction is 128 bits */
#define SASS_NONE 0xffff         /* no register in this field */
#define SASS_RZ 255              /* RZ: R255, reads zero, carries no dependence */
#define SASS_URZ 63              /* URZ: UR63 */
#define SASS_PT 7                /* PT / UPT: the true predicate */

enum sass_kind {
	SASS_REG,     /* general register: num 0..255 (RZ = 255) */
	SASS_UREG,    /* uniform register: num 0..63 (URZ = 63) */
	SASS_PRED,    /* predicate: num 0..7 (PT = 7) */
	SASS_UPRED,   /* uniform predicate: num 0..7 (UPT = 7) */
	SASS_BREG,    /* convergence barrier register Bn (BSSY, BSYNC, BMOV): num 0..15 */
	SASS_SB,      /* scoreboard SBn (DEPBAR): num 0..5 */
	SASS_IMM,     /* literal: integer in ival, or with is_float a float in fval */
	SASS_CONST,   /* constant c[bank][...] or cx[URn][...] */
	SASS_MEM,     /* address [...], desc[URn][...] */
	SASS_TARGET,  /* branch target of BRA, BSSY, CALL, JMP: ival is the pc */
	SASS_SPECIAL, /* special register SR_* (S2R, CS2R, S2UR): its text */
	SASS_OTHER,   /* anything else, kept as text: relocations 32@lo(...), 2D, (*...*) */
	SASS_KIND_COUNT
};

/* One operand. Its text is insn->text[off, off + len): sass_opnd_text. */
struct sass_opnd {
	uint8_t kind;     /* enum sass_kind */
	uint8_t neg;      /* '-' before it (registers, constants; an IMM's sign is in its value) */
	uint8_t lnot;     /* '!' before it: predicate negation (!PT) */
	uint8_t bnot;     /* '~' before it: bitwise not */
	uint8_t abs;      /* |x| */
	uint8_t reuse;    /* .reuse: keep the value in the operand reuse cache */
	uint8_t wide;     /* .64 on the register (REG), or on the base register of a MEM */
	uint8_t is_float; /* IMM: a float literal (fval, also INF, QNAN), else integer (ival) */
	uint16_t num;     /* REG, UREG, PRED, UPRED, BREG, SB: the number; CONST: the index
			   * register in the second brackets (c[0x0][R2+0x10]: 2); MEM: the
			   * base register ([R2.64+0x10]: 2); SASS_NONE if none */
	uint16_t unum;    /* CONST, MEM: the uniform register in the brackets ([R2+UR4]: 4), SASS_NONE if none */
	uint16_t desc;    /* MEM: n of desc[URn] (the memory descriptor), SASS_NONE if none;
			   * CONST: n of cx[URn] (bank in a register), SASS_NONE for c[bank] */
	int16_t bank;     /* CONST: the bank (c[0x3]: 3), -1 for cx[URn] */
	uint16_t off, len;         /* the operand's text in insn->text */
	uint16_t sfx_off, sfx_len; /* dot suffixes other than .reuse and .64, from the first dot
				    * ("H1" of R2.H1, "X" of SR_TID.X, "X4" of [R2.X4]); len 0 if none */
	int64_t ival;     /* IMM: the integer, sign included (-0x10: -16; hex up to 64 bits kept
			   * as bits); CONST, MEM: byte offset; TARGET: the target pc, or -1
			   * when it names a symbol outside the kernel (CALL `(cbrt)) */
	double fval;      /* IMM with is_float: the value (-INF, QNAN as NaN) */
};

/* Scheduling control bits of an sm_70+ instruction (see the top of this file). */
struct sass_ctrl {
	uint8_t valid; /* 1 when the listing gave both 64-bit words; the rest is 0 otherwise */
	uint8_t stall; /* cycles, 0..15, before this warp's next instruction may issue */
	uint8_t yield; /* 1: the scheduler may switch to another warp after it (encoded bit 0) */
	uint8_t wbar;  /* scoreboard its result releases when written, 0..5; 7 none */
	uint8_t rbar;  /* scoreboard released when its sources have been read, 0..5; 7 none */
	uint8_t wait;  /* scoreboards (bit i: SBi) that must be released before it issues */
	uint8_t reuse; /* reuse-cache flags, bit i: source operand slot i */
	uint32_t raw;  /* hi >> 41, all 23 bits (bits 21..22 were 0 in every listing seen) */
};

struct sass_insn {
	uint32_t pc;           /* byte address in its kernel (a multiple of 16) */
	uint32_t line;         /* listing line of the instruction (1-based) */
	int8_t pred;           /* guard: -1 none, 0..6 (U)P0..(U)P6, 7 (U)PT */
	uint8_t pred_neg;      /* guard negated: @!P0 */
	uint8_t pred_uniform;  /* guard is a uniform predicate: @UP0 */
	uint8_t nop;           /* operands in op[] */
	char opcode[16];       /* base mnemonic: "IMAD" */
	char mods[64];         /* modifiers after the mnemonic, in order, joined by '.':
				* "E.64.STRONG.GPU" for LDG.E.64.STRONG.GPU; "" if none */
	const char *text;      /* the instruction as printed, guard included, without ';':
				* "@!P0 IMAD.U32 R2, RZ, RZ, UR4"; owned by the listing */
	struct sass_opnd *op;  /* nop operands, in order; owned by the listing */
	int64_t target;        /* BRA, BSSY, CALL, JMP: target pc (absolute, as cuobjdump prints
				* it, or the label's pc); -1 for other opcodes, or when the
				* target is a symbol outside the kernel */
	struct sass_ctrl ctrl; /* control bits (ctrl.valid: known) */
	uint64_t enc_lo;       /* the 128-bit encoding: low word (on the instruction's line) */
	uint64_t enc_hi;       /* high word (the next line); both 0 when ctrl.valid is 0 */
};

struct sass_kernel {
	const char *name;      /* as the listing names it, usually mangled (_Z9fma_chainPfff);
				* "" for instructions before any function header */
	const char *demangled; /* the C++ signature when the listing shows one (a listing piped
				* through cu++filt: then it equals name), else NULL */
	const char *section;   /* the "### NAME" heading above it, or NULL */
	int sm;                /* architecture, 90 for sm_90; 0 unknown */
	uint32_t line;         /* listing line of its header (of its first instruction if none) */
	struct sass_insn *insn; /* n instructions in pc order, consecutive (pc step 16) */
	int n;
	int regs;              /* registers per thread (-res-usage REG, nvdisasm SHI_REGISTERS); -1 unknown */
	int smem;              /* static shared memory per block, bytes (-res-usage SHARED); -1 unknown */
	int local;             /* local memory per thread, bytes: spills (-res-usage LOCAL); -1 unknown */
	int stack;             /* stack frame per thread, bytes (-res-usage STACK); -1 unknown */
	int has_ctrl;          /* 1 when every instruction has its control bits */
};

struct sass_listing {
	struct sass_kernel *kernel; /* nkernel kernels in listing order */
	int nkernel;
	int ninsn;                  /* instructions of all kernels */
	char *fname;                /* the file name given to sass_read, for messages */
	/* private: storage the pointers above point into */
	char *pool;                 /* the listing's text, names and instruction texts NUL-ended in place */
	struct sass_insn *insn_all;
	struct sass_opnd *opnd_all;
};

/* Reads a listing: text[0, len) (need not be NUL-terminated; a NUL byte in
 * it is an error). fname names it in messages. On success fills *out and
 * returns 0; the caller frees it with sass_free. On error returns
 * SIM_EINPUT (bad listing) or SIM_EINTERNAL (out of memory) with e set to
 * "FNAME:LINE:COL: what (expected ..., got ...)", and *out is left empty
 * (sass_free on it is harmless). O(n log n) in the listing's size. */
int sass_read(struct sass_listing *out, const char *text, size_t len, const char *fname, struct err *e);

/* Reads a file and calls sass_read. */
int sass_read_file(struct sass_listing *out, const char *path, struct err *e);

/* Frees what sass_read allocated; leaves *l empty. */
void sass_free(struct sass_listing *l);

/* The kernel called name: first an exact match of its name, its demangled
 * name, its section ("### tl_f4") or SECTION/NAME; else a kernel whose name,
 * demangled name or section holds name as a substring ("fma_chain" finds
 * _Z9fma_chainPfff). name NULL or "" picks the only kernel. None, or more
 * than one at the first level that matches, is SIM_EINPUT with a message
 * listing the kernels found (or the candidates); returns NULL then. The
 * result is borrowed from l. O(kernels). */
const struct sass_kernel *sass_find_kernel(const struct sass_listing *l, const char *name, struct err *e);

/* Copies operand k's text into buf (NUL-terminated, cut at n - 1) and returns buf. */
const char *sass_opnd_text(const struct sass_insn *in, int k, char *buf, size_t n);

/* Kind names ("reg", "ureg", ...), for messages and tests. */
extern const char *const sass_kind_names[SASS_KIND_COUNT];

#endif /* ISA_SASS_H */
