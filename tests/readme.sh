#!/bin/sh
# tests/readme.sh: the README's examples are real runs (cram-style; issue 19).
#
# A command block of README.md is a ``` fence whose lines start with "$ "
# (a command) followed by its expected output, up to the next "$ " line or
# the fence. Each "$ bin/smsim ..." command (a pipe into standard tools such
# as cut, head or tail included) is run and its output (stdout and stderr)
# compared with the text shown; any other command ($ nvcc, $ ./chase_mix,
# $ python3, scripts that need a GPU) is skipped and said so. The comparison
# ignores runs of whitespace, trailing spaces and trailing blank lines; an
# expected line "..." matches any number of lines (also none).
#
# Commands run in a temporary directory holding links to the repository's
# arch, isa, tests and workloads and a bin/smsim that is $SMSIM, so a command
# that writes a file (--out FILE) writes it there and the tree stays clean.
#
# Run from the repository root: sh tests/readme.sh [README.md]
# ($SMSIM, default ./bin/smsim). Prints ok/FAIL/skip per command with its
# README line, a diff (expected, actual) for each failure, and a summary;
# exits 1 on a mismatch.
#
# UPDATE=1 (tests/readme_update.sh, make readme) rewrites instead: each run
# command's output in the README becomes the real output. Commands whose
# shown output elides with "..." are left alone and reported (ok if they
# still match, FAIL if not: edit those by hand); exits 1 if any such FAIL.

README=${1:-README.md}
SMSIM=${SMSIM:-./bin/smsim}
case $SMSIM in
/*) ;;
*) SMSIM=$(pwd)/$SMSIM ;;
esac
if [ ! -x "$SMSIM" ]; then
	echo "readme.sh: $SMSIM: not found or not executable (run make first)"
	exit 1
fi
if [ ! -f "$README" ]; then
	echo "readme.sh: $README: not found"
	exit 1
fi
ROOT=$(pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/smsim-readme.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
trap 'exit 1' HUP INT TERM
mkdir "$T/run" "$T/run/bin" || exit 1
for d in arch isa tests workloads; do
	ln -s "$ROOT/$d" "$T/run/$d"
done
ln -s "$SMSIM" "$T/run/bin/smsim"

awk -v T="$T" -v update="${UPDATE:-}" -v readme="$README" '
function norm(s) {
	gsub(/[ \t\r]+/, " ", s)
	sub(/ $/, "", s)
	return s
}
# does expected line i.. match actual line j..? ("..." matches any lines)
function m(i, j,    k, r) {
	if ((i, j) in memo)
		return memo[i, j]
	if (i > ne)
		r = (j > na)
	else if (ne_n[i] == "...") {
		r = 0
		for (k = j; k <= na + 1 && !r; k++)
			r = m(i + 1, k)
	} else
		r = (j <= na && ne_n[i] == na_n[j] && m(i + 1, j + 1))
	memo[i, j] = r
	return r
}
# writes the actual output to file g as the README would show it: the lines
# a "..." stands for (in the alignment that matches the most lines) become
# that "...", so the diff shows only what differs
function shown(g,    i, j, a, b, c, S, dots) {
	for (j = 1; j <= na + 1; j++)
		S[ne + 1, j] = 0
	for (i = ne; i >= 1; i--) {
		S[i, na + 1] = S[i + 1, na + 1]
		for (j = na; j >= 1; j--) {
			a = S[i + 1, j]
			b = S[i, j + 1]
			c = (ne_n[i] != "..." && ne_n[i] == na_n[j]) ? 1 + S[i + 1, j + 1] : -1
			S[i, j] = a > b ? a : b
			if (c > S[i, j])
				S[i, j] = c
		}
	}
	i = 1
	j = 1
	dots = 0
	while (j <= na) {
		if (i <= ne && ne_n[i] == "...") {
			if (dots != i)
				print "..." > g
			dots = i
			# on a tie keep absorbing, unless the line after the "..."
			# differs and the one after that matches from the next
			# line on (one line changed just past an elision: show it)
			if (S[i, j + 1] > S[i + 1, j] || (S[i, j + 1] == S[i + 1, j] && \
			    !(i + 2 <= ne && j < na && ne_n[i + 1] != na_n[j] && ne_n[i + 2] == na_n[j + 1])))
				j++
			else
				i++
		} else if (i <= ne && ne_n[i] == na_n[j] && S[i, j] == 1 + S[i + 1, j + 1]) {
			print act[j] > g
			i++
			j++
		} else if (i <= ne && S[i, j] == S[i + 1, j])
			i++
		else
			print act[j++] > g
	}
	for (; i <= ne; i++)
		if (ne_n[i] == "..." && dots != i)
			print "..." > g
}
function runnable(c) {
	if (c !~ /^bin\/smsim( |$)/)
		return 0
	if (c ~ /&&|;|`|\$\(/)
		return 0
	return 1
}
# the unit held in cmd/cline/want[1..ne]: check it, and emit it to out
function flush(    c, line, k, elided, ok, f, g) {
	if (cmd == "")
		return
	if (!runnable(cmd)) {
		printf "skip %s:%d: %s (skipped: not bin/smsim)\n", readme, cline, cmd
		nskip++
		for (k = 1; k <= ne; k++)
			out[++no] = want[k]
		cmd = ""
		return
	}
	nrun++
	c = "cd \"" T "/run\" && " cmd " 2>&1"
	na = 0
	while ((c | getline line) > 0) {
		sub(/[ \t\r]+$/, "", line)
		act[++na] = line
	}
	close(c)
	while (na > 0 && act[na] == "")
		na--
	while (ne > 0 && want[ne] ~ /^[ \t]*$/)
		ne--
	elided = 0
	for (k = 1; k <= ne; k++) {
		ne_n[k] = norm(want[k])
		if (ne_n[k] == "...")
			elided = 1
	}
	for (k = 1; k <= na; k++)
		na_n[k] = norm(act[k])
	split("", memo)
	ok = m(1, 1)
	if (update && !elided) {
		if (ok) {
			printf "ok   %s:%d: %s\n", readme, cline, cmd
			nmatch++
			for (k = 1; k <= ne; k++)
				out[++no] = want[k]
		} else {
			printf "rewritten %s:%d: %s\n", readme, cline, cmd
			nrewrite++
			for (k = 1; k <= na; k++)
				out[++no] = act[k]
		}
	} else {
		if (ok) {
			printf "ok   %s:%d: %s%s\n", readme, cline, cmd, update ? " (has ..., left alone)" : ""
			nmatch++
		} else {
			printf "FAIL %s:%d: %s%s\n", readme, cline, cmd, update ? " (has ...: not rewritten, edit by hand)" : ""
			nfail++
			f = T "/expected"
			g = T "/actual"
			printf "" > f
			printf "" > g
			for (k = 1; k <= ne; k++)
				print want[k] > f
			shown(g)
			close(f)
			close(g)
			system("diff -b -u \"" f "\" \"" g "\" | sed 1,2d")
		}
		for (k = 1; k <= ne; k++)
			out[++no] = want[k]
	}
	cmd = ""
}
/^```/ {
	if (infence)
		flush()
	infence = !infence
	out[++no] = $0
	next
}
infence && /^\$ / {
	flush()
	out[++no] = $0
	cmd = substr($0, 3)
	sub(/[ \t]+$/, "", cmd)
	cline = NR
	ne = 0
	next
}
infence && cmd != "" {
	want[++ne] = $0
	next
}
{ out[++no] = $0 }
END {
	flush()
	if (update) {
		for (k = 1; k <= no; k++)
			print out[k] > (T "/README.new")
		close(T "/README.new")
	}
	printf "%d run: %d matched, %d failed%s; %d skipped (not bin/smsim)\n", nrun + 0, nmatch + 0, nfail + 0, update ? ", " (nrewrite + 0) " rewritten" : "", nskip + 0
	exit (nfail > 0)
}
' "$README"
rc=$?
if [ -n "$UPDATE" ] && [ -f "$T/README.new" ]; then
	if cmp -s "$T/README.new" "$README"; then
		echo "$README: unchanged"
	else
		cat "$T/README.new" >"$README" && echo "$README: rewritten (git diff $README)"
	fi
fi
exit $rc
