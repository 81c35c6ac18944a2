#!/bin/sh
# End-to-end test of memory running out while a scene is read, on the built
# binary: under a limit on its address space (ulimit -v), a run of a scene
# of 10^5 balls must exit 2 with one line on standard error that says the
# memory ran out and why, and leave no output file. Where the binary cannot
# start under the limit at all (AddressSanitizer reserves terabytes of
# address space), the test is skipped, saying so.
# Needs BREAKSHOT and BREAKSHOT_SOURCE_ROOT, as tests/meson.build sets them.
set -u
B=${BREAKSHOT:?BREAKSHOT must name the breakshot binary}
ROOT=${BREAKSHOT_SOURCE_ROOT:?BREAKSHOT_SOURCE_ROOT must name the source tree}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
. "$(dirname "$0")/check.sh"

# 60 MB: the program and its libraries fit, the parsed JSON of 10^5 balls
# (about 120 MB) does not.
LIMIT_KB=60000
if ! (ulimit -v "$LIMIT_KB" && "$B" run "$ROOT/scenes/9ball_break.json" --events 1) >/dev/null 2>&1; then
	echo "skipped: breakshot cannot run within $LIMIT_KB kB of address space here (a sanitizer build)"
	echo "0 passed, 0 failed"
	exit 0
fi
# 10^5 balls 0.1 m apart on a 40 x 40 m table (gen would validate them
# slowly in a debug build).
awk 'BEGIN {
	printf "{\"table\": {\"size\": [40, 40]}, \"balls\": ["
	for (i = 0; i < 100000; ++i) {
		printf "%s{\"id\": %d, \"pos\": [%.2f, %.2f], \"vel\": [0.5, -0.25], \"radius\": 0.02}",
			i ? ", " : "", i, 0.1 + 0.1 * (i % 316), 0.1 + 0.1 * int(i / 316)
	}
	print "]}"
}' >"$WORK/big.json"

# within_the_limit COMMAND...: the command, under the limit.
within_the_limit() {
	ulimit -v "$LIMIT_KB" && "$@"
}

begin reading_a_scene_too_large_for_memory
check "run" fails_with 2 "big.json: out of memory reading the scene (its JSON takes about 1.2 kB a ball" \
	within_the_limit "$B" run big.json --events 10 --out out.json --trace trace.csv
check "no output left" test ! -e "$WORK/out.json" -a ! -e "$WORK/trace.csv"
end

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
