#!/bin/sh
# sass_local.sh FILE.cu OUT.txt: the SASS listing of FILE.cu's kernels without a GPU machine, in
# cuobjdump -sass's layout (what `smsim import` reads), so a microbenchmark's predictions can be
# written before its one timed call. Compiles with this machine's nvcc (it must be the device's:
# 13.0.88, `nvcc --version` in tests/data/h200/*/env.txt) and the device's flags, then disassembles
# with nvdisasm from Debian's nvidia-cuda-toolkit 11.8 (non-free; downloaded once into $SASS_TOOLS,
# default ~/.cache/smsim-sass, not installed), which reads the 13.0 cubin once its ELF header is
# given the old layout. What differs from cuobjdump 13's listing: no desc[URn] on memory operands
# (smsim does not use it), VIADD decoded here (11.8 does not know it; other new opcodes are printed
# UNDECODED_xxx and named on stderr), labels turned back into addresses from the encodings. Checked
# 2026-12-04: the 53 kernels of tests/data/h200/mech/stk and stw compiled so equal the device's
# byte for byte, their text too (desc aside), and 427 of mech.cu's kernels in the committed listings
# match by text; the others hold VIMNMX/VIMNMX3 (undecoded).
set -e
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
T=${SASS_TOOLS:-$HOME/.cache/smsim-sass}
if [ ! -x "$T/usr/bin/nvdisasm" ]; then
	mkdir -p "$T/lists/partial"
	echo "deb http://deb.debian.org/debian bookworm non-free" > "$T/nf.list"
	A="-o Dir::Etc::SourceList=$T/nf.list -o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists=$T/lists -o Dir::Cache::archives=$T"
	apt-get $A update >/dev/null
	(cd "$T" && apt-get $A download nvidia-cuda-toolkit >/dev/null)
	dpkg -x "$T"/nvidia-cuda-toolkit_*.deb "$T"
fi
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
"$NVCC" -cubin -O3 -arch=sm_90 -lineinfo -o "$W/k.cubin" "$1"
NVDISASM="$T/usr/bin/nvdisasm" W="$W" /usr/bin/python3 - "$2" <<'PY'
import os, struct, subprocess, re, sys
b = bytearray(open(os.environ['W'] + '/k.cubin', 'rb').read())
b[7] = 0x33; b[8] = 7                        # OS/ABI and ABI version of the old layout
struct.pack_into('<I', b, 0x30, 0x5a055a)    # e_flags: sm_90, virtual sm_90, the old way
open(os.environ['W'] + '/p.cubin', 'wb').write(b)
txt = subprocess.run([os.environ['NVDISASM'], '-c', '-hex', os.environ['W'] + '/p.cubin'], capture_output=True, text=True, check=True).stdout
funcs, cur = [], None
lines = txt.splitlines()
i = 0
def op_text(w0, w1):
    # instructions the 11.8 disassembler does not know (printed without text): VIADD Rd, Ra, imm32
    reg = lambda r: 'RZ' if r == 255 else 'R%d' % r
    rd, ra = (w0 >> 16) & 0xff, (w0 >> 24) & 0xff
    ru = lambda r, bit: reg(r) + ('.reuse' if (w1 >> bit) & 1 else '')  # the reuse flags: bits 58 (a), 59 (b)
    p = (w0 >> 12) & 7  # the guard: bits 12-14 its predicate (7: PT, none), bit 15 negated (checked 2026-12-07 on cparam2's
    g = '' if p == 7 and not (w0 >> 15) & 1 else '@%sP%s ' % ('!' if (w0 >> 15) & 1 else '', 'T' if p == 7 else p)  # @!P0 VIADD)
    if w0 & 0xfff == 0x836:
        return g + 'VIADD %s, %s, 0x%x' % (reg(rd), ru(ra, 58), w0 >> 32)
    if w0 & 0xfff == 0xc36:
        b = (w0 >> 32) & 0x3f
        return g + 'VIADD %s, %s, %s' % (reg(rd), ru(ra, 58), 'URZ' if b == 63 else 'UR%d' % b)
    if w0 & 0xfff == 0x236:
        return g + 'VIADD %s, %s, %s' % (reg(rd), ru(ra, 58), ru((w0 >> 32) & 0xff, 59))
    return None
while i < len(lines):
    l = lines[i]; i += 1
    m = re.match(r'^\.text\.(\S+):$', l)
    if m:
        cur = {'name': m.group(1), 'ins': []}; funcs.append(cur); continue
    if cur is None: continue
    m = re.match(r'^\s+/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;?\s*/\* (0x[0-9a-f]{16}) \*/', l)
    if m:
        w1 = int(re.search(r'/\* (0x[0-9a-f]{16}) \*/', lines[i]).group(1), 16); i += 1
        cur['ins'].append([int(m.group(1), 16), m.group(2).rstrip(' ;'), int(m.group(3), 16), w1]); continue
    m = re.match(r'^\s+/\* (0x[0-9a-f]{16}) \*/', l)
    if m and cur['ins']:  # an instruction printed without its text
        w0 = int(m.group(1), 16)
        w1 = int(re.search(r'/\* (0x[0-9a-f]{16}) \*/', lines[i]).group(1), 16); i += 1
        pc = cur['ins'][-1][0] + 16
        t = op_text(w0, w1)
        if t is None: t = 'UNDECODED_%03x' % (w0 & 0xfff); sys.stderr.write('sass_local.sh: %s: no text for the instruction at 0x%04x (0x%016x)\n' % (cur['name'], pc, w0))
        cur['ins'].append([pc, t, w0, w1])
with open(sys.argv[1], 'w') as f:
    for fn in funcs:
        f.write('\t\tFunction : %s\n' % fn['name'])
        for pc, t, w0, w1 in fn['ins']:
            if '`(' in t:  # a label: the target from the encoding, checked on 3571 BRA and 315 BSSY of cuobjdump's
                op = re.sub(r'^@\S+\s+', '', t).split()[0].split('.')[0]
                if op == 'BRA':  # bits 16-23, 34-63 and 64-81 of the encoding, 4-byte units
                    off = ((w0 >> 16) & 0xff) | ((w0 >> 34) << 8) | ((w1 & 0x3ffff) << 38)
                    if off >> 55: off -= 1 << 56
                    off *= 4
                elif op == 'BSSY':  # bits 32-63 and 64-81, bytes
                    off = (w0 >> 32) | ((w1 & 0x3ffff) << 32)
                    if off >> 49: off -= 1 << 50
                elif op == 'WARPSYNC':  # WARPSYNC.COLLECTIVE: no offset in the encoding; 0x30 on, 160 of 160 in cuobjdump's
                    off = 0x20
                else:
                    sys.stderr.write('sass_local.sh: %s: 0x%04x: no rule for the label of %s\n' % (fn['name'], pc, op))
                    off = None
                if off is not None: t = re.sub(r'`\(\.L_x_\d+\)', '0x%x' % (pc + 16 + off), t)
            t = t + ' ;'
            f.write('        /*%04x*/                   %-58s /* 0x%016x */\n' % (pc, t, w0))
            f.write('%101s/* 0x%016x */\n' % ('', w1))
PY
