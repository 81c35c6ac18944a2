#!/bin/sh
# `breakshot solve`: the same bytes for 1, 2 and 3 threads, and for 2 and 3
# MPI ranks when the build has MPI and mpirun is there; --out writes the
# shots and both heat maps; bad input exits 2 with one line naming the
# field, and writes nothing. Needs BREAKSHOT, BREAKSHOT_SOURCE_ROOT and
# BREAKSHOT_MPI (tests/meson.build).
set -u
B=${BREAKSHOT:?BREAKSHOT must name the breakshot binary}
ROOT=${BREAKSHOT_SOURCE_ROOT:?BREAKSHOT_SOURCE_ROOT must name the source tree}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
. "$(dirname "$0")/check.sh"

LONE=$ROOT/tests/data/solve_lone_ball.json
LIGHT="--samples 200 --screen 16 --top 3 --refine 6"

# quietly COMMAND...: its output only when it fails.
quietly() {
	if ! "$@" >"$WORK/quiet.txt" 2>&1; then
		sed 's/^/    output: /' "$WORK/quiet.txt" >&2
		return 1
	fi
}

begin threads_give_the_same_bytes
for t in 1 2 3; do
	# shellcheck disable=SC2086
	"$B" solve "$LONE" --goal pot:1 $LIGHT --threads "$t" --json >"$WORK/json$t" 2>"$WORK/err$t"
	check "$t threads: exit 0" test $? -eq 0
done
check "2 threads as 1" cmp "$WORK/json1" "$WORK/json2"
check "3 threads as 1" cmp "$WORK/json1" "$WORK/json3"
check "a shot is found" grep -q '"family"' "$WORK/json1"
check "each carries its cue" grep -q '"cue": {"stick_speed"' "$WORK/json1"
end

begin out_writes_shots_and_heat_maps
# shellcheck disable=SC2086
check "solve --out" quietly "$B" solve "$LONE" --goal pot:1 $LIGHT --heat 9x5 --heat-samples 8 --out "$WORK/solved"
for f in shots.json heat_map.png heat_map.svg; do
	check "$f written" test -s "$WORK/solved/$f"
done
check "the shots as --json prints them" cmp "$WORK/solved/shots.json" "$WORK/json1"
check "the PNG is a PNG" sh -c "head -c 8 '$WORK/solved/heat_map.png' | od -c | grep -q 'P   N   G'"
check "the SVG is an SVG" grep -q "<svg" "$WORK/solved/heat_map.svg"
end

# refused STATUS MESSAGE ARGS...: solve exits with STATUS, says MESSAGE in
# one line, and leaves no output directory behind.
refused() {
	status=$1
	message=$2
	shift 2
	rm -rf "$WORK/bad"
	fails_with "$status" "$message" "$B" solve "$@" --out "$WORK/bad" && test ! -e "$WORK/bad"
}

begin bad_input_is_refused_by_its_field
check "missing ball" refused 2 "goal.ball: no ball with id 7" "$LONE" --goal pot:7
check "missing pocket" refused 2 "goal.pocket: 6 is no pocket" "$LONE" --goal pot:1:6
check "the cue ball as the goal" refused 2 "goal.ball: 0 is the cue ball" "$LONE" --goal pot:0
check "negative sigma" refused 2 "noise.speed: -0.1 must be" "$LONE" --goal pot:1 --sigma-speed -0.1
check "negative aim sigma" refused 2 "noise.aim_deg: -1 must be" "$LONE" --goal pot:1 --sigma-aim -1
check "zero samples" refused 2 "--samples: 0 is out of range" "$LONE" --goal pot:1 --samples 0
check "zero screen samples" refused 2 "--screen: 0 is out of range" "$LONE" --goal pot:1 --screen 0
check "malformed goal" refused 2 "--goal: \"pot:x\"" "$LONE" --goal pot:x
check "no goal" status_is 2 "$B" solve "$LONE" --out "$WORK/bad"
check "no goal: says so" contains "$WORK/err" "no --goal given"
check "no goal: nothing written" test ! -e "$WORK/bad"
check "speed out of range" refused 2 "speeds[0]: 12 m/s must be in (0, 10]" "$LONE" --goal pot:1 --speeds 12
check "bad region" refused 2 "goal.region:" "$LONE" --goal pot:1 --region 1,1,0,0
check "a game goal without a game" refused 2 "solve_lone_ball.json" "$LONE" --goal game
check "missing scene" refused 2 "nothing.json" "$WORK/nothing.json" --goal pot:1
check "a ball spinning" refused 2 "balls[1]: the ball moves or spins" "$ROOT/tests/data/solve_spinning_ball.json" \
	--goal pot:1
: >"$WORK/a_file"
check "--out a file" fails_with 2 "--out $WORK/a_file: not a directory" "$B" solve "$LONE" --goal pot:1 \
	--out "$WORK/a_file"
check "--out a file: refused before the search" test ! -s "$WORK/stdout.txt"
check "--out in a missing directory" fails_with 2 "cannot make the directory in $WORK/missing" "$B" solve "$LONE" \
	--goal pot:1 --out "$WORK/missing/out"
check "--out in a missing directory: nothing made" test ! -e "$WORK/missing"
check "--heat malformed" refused 2 "--heat: \"41x\": expected AIMSxSPEEDS" "$LONE" --goal pot:1 --heat 41x
end

begin a_game_is_searched_by_its_rules
check "a 9-ball game saved after the break" quietly "$B" play 9-ball --shots "$ROOT/tests/data/solve_break_shot.json" \
	--save "$WORK/game.json"
check "solve --goal game" quietly "$B" solve "$WORK/game.json" --goal game --samples 100 --screen 16 --top 1 \
	--refine 4 --json
cp "$WORK/quiet.txt" "$WORK/game_shots.json"
check "the shot calls a ball" grep -q '"call": {"ball": [1-9]' "$WORK/game_shots.json"
end

if [ "${BREAKSHOT_MPI:-false}" = true ] && command -v mpirun >/dev/null 2>&1; then
	# --allow-run-as-root: tests may run as root (in CI). Open MPI's own
	# allocations outlive MPI_Finalize: LeakSanitizer would report them.
	mpi() {
		ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" mpirun --allow-run-as-root --oversubscribe "$@"
	}
	begin ranks_give_the_same_bytes
	for n in 2 3; do
		# shellcheck disable=SC2086
		mpi -n "$n" "$B" solve "$LONE" --goal pot:1 $LIGHT --threads 1 --json >"$WORK/ranks$n" 2>"$WORK/rerr$n"
		check "$n ranks: exit 0" test $? -eq 0
		check "$n ranks as 1 process" cmp "$WORK/json1" "$WORK/ranks$n"
	done
	end
else
	echo "skip ranks_give_the_same_bytes (no MPI in this build, or no mpirun)"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
