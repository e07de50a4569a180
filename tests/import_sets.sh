#!/bin/sh
# tests/import_sets.sh: every import-validation set `make test` checks, one line each,
#   NAME|MANIFEST|RUNS|SASS
# (run from the repository root). tests/run.sh runs each with tests/import_validate.sh;
# tests/import_all.sh runs them all and adds up the rows. The mechanism sets keep one manifest a
# folder under tests/data/h200 (programs.csv, or programs_SUF.csv beside runs_SUF.csv and
# sass_SUF.txt), whose listing is the folder's sass.txt, else mech/'s (a listing may be kept as
# LISTING.gz); the sets timed on an H100 keep their manifest and listing under h200/ and their runs
# under h100/ (tests/data/h100/README.md).
echo "import|tests/data/h200/import/programs.csv|tests/data/h200/import/runs.csv|tests/data/h200/import/sass.txt"
for d in mech mech/cap mech/l1cfg mech/brsep mech/latd mech/bank mech/strlat mech/brreg mech/cta mech/fetch \
	mech/l2path mech/l2lines mech/l2corr mech/wlaunch mech/barlife mech/probe mech/bphase mech/tail mech/bord \
	mech/btrain mech/ops mech/ptail mech/hash mech/gather mech/ldgaddr mech/sstore mech/iwmix mech/iwchain \
	mech/iwhl mech/iwmode mech/rbank mech/rreuse mech/rreuse2 mech/iwword mech/pinc mech/ldst mech/stw \
	mech/mixbw mech/stk mech/strd mech/stks mech/stb mech/t0off mech/stread mech/mioq mech/stline mech/seg \
	mech/post mech/post2 mech/stb4 mech/pre mech/uni mech/stb8 mech/s2us mech/tailw mech/offalu mech/fbank \
	mech/barw0 mech/twoblk mech/wsync gemm reduce transpose stencil hist stream nbody scan tloop; do
	for m in tests/data/h200/$d/programs*.csv; do
		[ -f "$m" ] || continue
		suf=$(basename "$m" .csv | sed 's/^programs//')
		sass=
		for f in tests/data/h200/$d/sass$suf.txt tests/data/h200/$d/sass.txt tests/data/h200/mech/sass.txt; do
			[ -f "$f" ] && sass=$f && break
			[ -f "$f.gz" ] && sass=$f.gz && break
		done
		echo "$(echo "$d" | tr / _)$suf|$m|tests/data/h200/$d/runs$suf.csv|$sass"
	done
done
echo "mech_wide|tests/data/h200/mech/wide/programs.csv|tests/data/h200/mech/wide/runs.csv|tests/data/h200/mech/wide/sass_local.txt"
echo "mech_wide8|tests/data/h200/mech/wide/programs_regs.csv|tests/data/h200/mech/wide/runs_regs.csv|tests/data/h200/mech/wide/sass_local.txt"
echo "h100_mech_wide2|tests/data/h200/mech/wide/programs_chase.csv|tests/data/h100/mech/wide/runs.csv|tests/data/h200/mech/wide/sass_local.txt"
echo "h100_mech_wide3|tests/data/h200/mech/wide/programs_crowd.csv|tests/data/h100/mech/wide/runs_crowd.csv|tests/data/h200/mech/wide/sass_local.txt"
echo "h100_mech_wide4|tests/data/h200/mech/wide/programs_pair.csv|tests/data/h100/mech/wide/runs_pair.csv|tests/data/h200/mech/wide/sass_local.txt"
echo "h100_mech_trip|tests/data/h200/mech/wide/programs_trip.csv|tests/data/h100/mech/wide/runs_trip.csv|tests/data/h200/mech/wide/sass_local.txt"
echo "h100_mech_wide5|tests/data/h200/mech/wide/programs_width.csv|tests/data/h100/mech/wide/runs_width.csv|tests/data/h200/mech/wide/sass_local.txt"
echo "h100_mech_wide6|tests/data/h200/mech/wide/programs_cons.csv|tests/data/h100/mech/wide/runs_cons.csv|tests/data/h200/mech/wide/sass_local.txt"
echo "h100_mech_wide7|tests/data/h200/mech/wide/programs_chains.csv|tests/data/h100/mech/wide/runs_chains.csv|tests/data/h200/mech/wide/sass_local.txt"
for r in fpair:mech/fpair/sass_local.txt fpair2:mech/fpair2/sass_local.txt barw0s:mech/barw0/sass.txt \
	twoend:mech/twoend/sass_local.txt iwaddr:mech/iwaddr/sass_local.txt yield:mech/yield/sass_local.txt ordst:mech/ordst/sass_local.txt \
	ordst2:mech/ordst2/sass_local.txt cs2r:mech/cs2r/sass_local.txt chold:mech/chold/sass_local.txt \
	chold2:mech/chold2/sass_local.txt clag:mech/clag/sass_local.txt offg:mech/offg/sass_local.txt \
	offst:mech/offst/sass_local.txt; do
	d=mech/${r%%:*}
	echo "h100_$(echo "$d" | tr / _)|tests/data/h200/$d/programs.csv|tests/data/h100/$d/runs.csv|tests/data/h200/${r#*:}"
done
# course kernels predicted from a local compile before their one timed call (round 46), timed on an H100 (round 48)
echo "h100_bitonic|tests/data/h100/bitonic/programs.csv|tests/data/h100/bitonic/runs.csv|tests/data/h100/bitonic/sass_local.txt"
echo "h100_philox|tests/data/h100/philox/programs.csv|tests/data/h100/philox/runs.csv|tests/data/h100/philox/sass_local.txt"
echo "h100_softmax|tests/data/h100/softmax/programs.csv|tests/data/h100/softmax/runs.csv|tests/data/h100/softmax/sass_local.txt"
echo "h100_rtloop|tests/data/h200/rtloop/programs.csv|tests/data/h100/rtloop/runs.csv|tests/data/h200/rtloop/sass_local.txt"
echo "h100_mech_cparam|tests/data/h200/mech/cparam/programs.csv|tests/data/h100/mech/cparam/runs.csv|tests/data/h200/mech/cparam/sass_local.txt"
echo "h100_mech_cparam2|tests/data/h200/mech/cparam2/programs.csv|tests/data/h100/mech/cparam2/runs.csv|tests/data/h200/mech/cparam2/sass_local.txt"
echo "h100_mech_cwarp|tests/data/h200/mech/cwarp/programs.csv|tests/data/h100/mech/cwarp/runs.csv|tests/data/h200/mech/cwarp/sass_local.txt"
echo "h100_mech_cchain|tests/data/h200/mech/cchain/programs.csv|tests/data/h100/mech/cchain/runs.csv|tests/data/h200/mech/cchain/sass_local.txt"
echo "h100_mech_cfar|tests/data/h200/mech/cchain/programs_cfar.csv|tests/data/h100/mech/cfar/runs.csv|tests/data/h200/mech/cchain/sass_cfar_local.txt"
echo "h100_mech_cdist|tests/data/h200/mech/cdist/programs.csv|tests/data/h100/mech/cdist/runs.csv|tests/data/h200/mech/cdist/sass_local.txt"
echo "h200_mech_cchain|tests/data/h200/mech/cchain/programs.csv|tests/data/h200/mech/cchain/h200/runs_cchain.csv|tests/data/h200/mech/cchain/sass_local.txt"
echo "h200_mech_cfar|tests/data/h200/mech/cchain/programs_cfar.csv|tests/data/h200/mech/cchain/h200/runs_cfar_after.csv|tests/data/h200/mech/cchain/sass_cfar_local.txt"
echo "h200_mech_cdist|tests/data/h200/mech/cdist/programs.csv|tests/data/h200/mech/cdist/h200/runs.csv|tests/data/h200/mech/cdist/sass_local.txt"
