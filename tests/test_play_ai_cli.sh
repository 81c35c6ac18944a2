#!/bin/sh
# `breakshot play --ai`: a game between two players replays to the same
# bytes from its seed, and a match gives the same lines, games.csv and
# stats.csv on 1 and 2 threads. Needs BREAKSHOT (tests/meson.build).
set -u
B=${BREAKSHOT:?BREAKSHOT must name the breakshot binary}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
. "$(dirname "$0")/check.sh"

LIGHT="--samples 60"

begin a_game_replays_from_its_seed
# shellcheck disable=SC2086
check "first" status_is 0 "$B" play 9-ball --ai --seed 4 $LIGHT --save "$WORK/a.json"
cp "$WORK/out" "$WORK/first.txt"
# shellcheck disable=SC2086
check "again" status_is 0 "$B" play 9-ball --ai --seed 4 $LIGHT --save "$WORK/b.json"
check "the same lines" cmp "$WORK/first.txt" "$WORK/out"
check "the same saved game" cmp "$WORK/a.json" "$WORK/b.json"
check "it ends" grep -q "game over" "$WORK/first.txt"
check "each shot's choice is printed" grep -q "^  ai: " "$WORK/first.txt"
end

begin a_match_is_the_same_on_any_threads
# shellcheck disable=SC2086
check "1 thread" status_is 0 "$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --threads 1 --stats "$WORK/one"
cp "$WORK/out" "$WORK/one.txt"
# shellcheck disable=SC2086
check "2 threads" status_is 0 "$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --threads 2 --stats "$WORK/two"
check "the same lines" cmp "$WORK/one.txt" "$WORK/out"
for f in games.csv stats.csv; do
	check "the same $f" cmp "$WORK/one/$f" "$WORK/two/$f"
done
check "four games" test "$(grep -c '^game ' "$WORK/one.txt")" -eq 4
check "the statistics" grep -q "break_and_run_rate" "$WORK/one/stats.csv"
check "the plots" test -s "$WORK/one/stats.png" -a -s "$WORK/one/stats.svg"
end

begin the_8_is_called_even_as_a_last_resort
# Game 193 of a match from seed 1: with the 8 on, no pot and no safety
# found, the player's last resort must still name the 8's pocket.
check "the game" status_is 0 "$B" play 8-ball --ai --games 1 --seed 193
check "it finishes" grep -q "1 finished, 0 failed" "$WORK/out"
end

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
