#!/bin/sh
# mio_prog.sh FG BG [SMSIM]: mio_bg<FG, BG> (tests/data/h200/mech/mio/sass.txt) as an smsim program
# on stdout: warps 0-7 (IF warp<8) run the foreground loop of the imported kernel 2048 trips, the
# others its background loop (6000 trips: longer than the foreground; BG 0: none). The kernel
# itself splits its warps with a branch on the warp index and ends the background with a flag in
# shared memory, which an import cannot follow; each loop is the listing's, control bits and all.
set -eu
FG=$1 BG=$2 SMSIM=${3:-bin/smsim}
DIR=$(dirname "$0")
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
k=$(grep -o "_Z6mio_bgILi${FG}ELi${BG}EE[A-Za-z0-9_]*" "$DIR/sass.txt" | head -n 1)
[ -n "$k" ] || { echo "mio_prog.sh: no mio_bg<$FG, $BG> in $DIR/sass.txt" >&2; exit 2; }
# BG 3 loads an 8 MiB buffer the L2 holds (the harness touches it first); the others 1 GiB
if [ "$BG" = 3 ]; then set -- --mem "LDG=pattern=coalesced,footprint=8388608"; else set --; fi
"$SMSIM" import "$DIR/sass.txt" --kernel "$k" --trips 1 "$@" --out "$tmp" 2>/dev/null
# the loops: the foreground's holds the SHFL (FG 0) or the LDS chain without stores (FG 1)
awk -v fg="$FG" -v bg="$BG" '
/^LOOP / { n++; inl = 1; body[n] = ""; hasx[n] = 0; hasst[n] = 0; next }
inl && /ENDLOOP/ { body[n] = body[n] $0 "\n"; inl = 0; next }
inl { body[n] = body[n] $0 "\n"; if ($0 ~ /SHFL/) hasx[n] = 1; if ($0 ~ /STG|LDG/) hasst[n] = 1; next }
END {
	for (i = 1; i <= n; i++) {
		if (fg == 0 && hasx[i]) f = i
		if (fg == 1 && !hasx[i] && !hasst[i] && f == "") f = i
		if (hasst[i] || (bg == 4 && !hasx[i] && i != f)) b = i
	}
	print ".regs 40\n.smem 122880"
	print "[B------:R-:W-:-:S05] IF warp<8"
	printf "LOOP 2048\n%s", body[f]
	print "ELSE"
	if (bg != 0 && b != "") printf "LOOP 6000\n%s", body[b]
	print "ENDIF\n[B------:R-:W-:-:S05] EXIT"
}' "$tmp"
