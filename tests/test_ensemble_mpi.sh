#!/bin/sh
# `breakshot ensemble` under MPI: 3 ranks on this machine (oversubscribed)
# must write the same bytes, in every output, as one process on 1 thread
# and on 2; a run whose shot cannot start must end every rank with exit 2
# and leave nothing; memory running out on another rank keeps the rows
# before it, and --resume goes on to the same bytes. Skipped (77) in a build without MPI or where mpirun is
# missing. Needs BREAKSHOT, BREAKSHOT_SOURCE_ROOT and BREAKSHOT_MPI
# (tests/meson.build).
set -u
B=${BREAKSHOT:?BREAKSHOT must name the breakshot binary}
ROOT=${BREAKSHOT_SOURCE_ROOT:?BREAKSHOT_SOURCE_ROOT must name the source tree}
if [ "${BREAKSHOT_MPI:-false}" != true ]; then
	echo "skipped: this build has no MPI (meson option mpi)"
	exit 77
fi
if ! command -v mpirun >/dev/null 2>&1; then
	echo "skipped: no mpirun (apt-get install openmpi-bin)"
	exit 77
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
. "$(dirname "$0")/check.sh"

# --allow-run-as-root: tests may run as root (in CI), where Open MPI
# refuses to start without it. Open MPI's own allocations outlive
# MPI_Finalize: LeakSanitizer would report them as leaks of breakshot's.
mpi() {
	ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" mpirun --allow-run-as-root --oversubscribe "$@"
}

BREAK=$ROOT/scenes/9ball_break.json
OUTPUTS="runs.csv summary.csv cue_rest.png cue_rest.svg pocketed.png pocketed.svg"
VARY="--vary cue.speed=uniform:5:9 --vary cue.tip.side=normal:0:0.1 --vary cue.elevation_deg=grid:0:10:2"

same_outputs() {
	for file in $OUTPUTS; do
		if ! cmp "$1/$file" "$2/$file"; then
			return 1
		fi
	done
}

# quietly COMMAND...: its output only when it fails.
quietly() {
	if ! "$@" >"$WORK/out.txt" 2>&1; then
		sed 's/^/    output: /' "$WORK/out.txt" >&2
		return 1
	fi
}

begin three_ranks_write_what_one_process_writes
# 500 runs: 8 blocks, so every rank sends several and rank 0 interleaves.
# shellcheck disable=SC2086
check "1 thread" quietly "$B" ensemble "$BREAK" --runs 500 --seed 3 --threads 1 --out "$WORK/one" $VARY
# shellcheck disable=SC2086
check "2 threads" quietly "$B" ensemble "$BREAK" --runs 500 --seed 3 --threads 2 --out "$WORK/two" $VARY
# shellcheck disable=SC2086
check "3 ranks" quietly mpi -n 3 "$B" ensemble "$BREAK" --runs 500 --seed 3 --threads 1 --out "$WORK/ranks" $VARY
check "3 ranks and 1 thread" same_outputs "$WORK/one" "$WORK/ranks"
check "3 ranks and 2 threads" same_outputs "$WORK/two" "$WORK/ranks"
check "the report counts the ranks" grep -q "1 thread x 3 ranks" "$WORK/out.txt"
end

begin a_bad_run_ends_every_rank
mpi -n 3 "$B" ensemble "$BREAK" --runs 500 --out "$WORK/bad" --threads 1 \
	--vary cue.ball.y=grid:0.635:1.26:2 --vary cue.speed=grid:5:9:64 >"$WORK/bad.txt" 2>&1
status=$?
check "exit status 2, not $status" test "$status" -eq 2
check "names the run" grep -q "breakshot: ensemble: run 64: ball 0 at (0.63500000000000001, 1.26) is not inside the table" "$WORK/bad.txt"
check "nothing left" test -z "$(ls -A "$WORK/bad")"
end

begin memory_running_out_on_another_rank_keeps_the_rows
# Run 150 is in block 2, rank 2's: its world taken not to fit in memory
# (the test hook), the failure crosses to rank 0, which keeps the 150 rows
# before it (exit 1), and --resume gives the same bytes as one process.
# shellcheck disable=SC2086
BREAKSHOT_ENSEMBLE_NO_MEMORY_AT=150 mpi -x BREAKSHOT_ENSEMBLE_NO_MEMORY_AT -n 3 "$B" ensemble "$BREAK" \
	--runs 500 --seed 3 --threads 1 --out "$WORK/oom" $VARY >"$WORK/oom.txt" 2>&1
status=$?
check "exit status 1, not $status" test "$status" -eq 1
check "names the run" grep -q "breakshot: ensemble: run 150: out of memory making the world (the rows before it stay" \
	"$WORK/oom.txt"
check "150 rows and the header" test "$(wc -l <"$WORK/oom/runs.csv.partial")" -eq 151
# shellcheck disable=SC2086
check "resumed" quietly "$B" ensemble "$BREAK" --runs 500 --seed 3 --threads 2 --out "$WORK/oom" $VARY --resume
check "the same bytes" same_outputs "$WORK/one" "$WORK/oom"
end

begin bad_arguments_are_said_once
mpi -n 3 "$B" ensemble "$BREAK" --runs 10 --out "$WORK/args" --vary cue.speed=uniform:9:6 >"$WORK/args.txt" 2>&1
status=$?
check "exit status 2, not $status" test "$status" -eq 2
check "one message" test "$(grep -c "LO must be below HI" "$WORK/args.txt")" -eq 1
end

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
