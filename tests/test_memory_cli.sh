#!/bin/sh
# End-to-end test of reading scenes within bounded memory, on the built
# binary, under a limit on its address space (ulimit -v): a scene of 10^5
# balls loads and runs, one of 10^6 runs out of memory with exit 2, one
# line on standard error and no output file, and an array of
# BS_MAX_BALLS + 1 balls is refused for its count, before it is parsed. Where the binary cannot
# start under the limit at all (AddressSanitizer reserves terabytes of
# address space), the test is skipped, saying so.
# Needs BREAKSHOT and BREAKSHOT_SOURCE_ROOT, as tests/meson.build sets them.
set -u
B=${BREAKSHOT:?BREAKSHOT must name the breakshot binary}
ROOT=${BREAKSHOT_SOURCE_ROOT:?BREAKSHOT_SOURCE_ROOT must name the source tree}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
. "$(dirname "$0")/check.sh"

# 60 MB: the program, its libraries and a world of 10^5 balls fit; the
# JSON tree of 10^5 balls (about 120 MB), or 10^6 balls, do not.
LIMIT_KB=60000
if ! (ulimit -v "$LIMIT_KB" && "$B" run "$ROOT/scenes/9ball_break.json" --events 1) >/dev/null 2>&1; then
	echo "skipped: breakshot cannot run within $LIMIT_KB kB of address space here (a sanitizer build)"
	echo "0 passed, 0 failed"
	exit 0
fi
# scene BALLS FILE: BALLS balls at rest 0.1 m apart on a square table (gen
# would validate them slowly in a debug build).
scene() {
	awk -v n="$1" 'BEGIN {
		side = int(sqrt(n)) + 1
		printf "{\"table\": {\"size\": [%d, %d]}, \"balls\": [", side / 10 + 1, side / 10 + 1
		for (i = 0; i < n; ++i) {
			printf "%s{\"id\": %d, \"pos\": [%.2f, %.2f], \"radius\": 0.02}",
				i ? ", " : "", i, 0.1 + 0.1 * (i % side), 0.1 + 0.1 * int(i / side)
		}
		print "]}"
	}' >"$2"
}
scene 100000 "$WORK/big.json"
scene 1000000 "$WORK/huge.json"
# BS_MAX_BALLS + 1 empty balls: 30 MB of text, whose JSON tree took 2.3 GB.
awk 'BEGIN {
	printf "{\"table\": {\"size\": [2, 1]}, \"balls\": ["
	for (i = 0; i < 10000000; ++i) {
		printf "{},"
	}
	print "{}]}"
}' >"$WORK/many.json"

# within_the_limit COMMAND...: the command, under the limit.
within_the_limit() {
	ulimit -v "$LIMIT_KB" && "$@"
}

cd "$WORK" || exit 1

# The balls are parsed one at a time: the scene's JSON tree (about 120 MB)
# is never held whole, and 10^5 balls load and run within the limit.
begin loading_holds_one_ball_at_a_time
check "run" within_the_limit "$B" run big.json --events 1 >/dev/null
end

begin reading_a_scene_too_large_for_memory
check "run" fails_with 2 "huge.json: out of memory reading the scene" \
	within_the_limit "$B" run huge.json --events 10 --out out.json --trace trace.csv
check "no output left" test ! -e "$WORK/out.json" -a ! -e "$WORK/trace.csv"
end

# Counted, not parsed: refused with the message a parsed array would get.
begin too_many_balls_are_refused_before_they_are_read
check "run" fails_with 2 "many.json: balls: too many balls (10000001; at most 10000000)" \
	within_the_limit "$B" run many.json --out out.json
check "no output left" test ! -e "$WORK/out.json"
end

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
