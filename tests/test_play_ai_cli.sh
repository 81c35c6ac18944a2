#!/bin/sh
# `breakshot play --ai`: a game between two players replays to the same
# bytes from its seed, and a match gives the same lines, games.csv and
# stats.csv on 1 and 2 threads, and the same again when it is killed and
# resumed. Needs BREAKSHOT (tests/meson.build).
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

begin a_killed_match_resumes_to_the_same_bytes
# Killed (SIGKILL) after game 2's row and half of game 3's, on 2 threads, as
# a kill during a write leaves it; then resumed on 1 thread. What it left is
# kept in $WORK/kept, from which the checkpoints of the cases below are made
# without playing their games again.
STATS="games.csv stats.csv stats.png stats.svg"
# shellcheck disable=SC2086
(cd "$WORK" && BREAKSHOT_PLAY_STOP_AFTER=2 "$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --threads 2 \
	--stats k >"$WORK/killed.txt" 2>&1)
check "killed" test $? -ne 0
check "only the checkpoint is left" holds_only "$WORK/k" "games.csv.partial match.settings"
check "a header, two rows and a half" test "$(wc -l <"$WORK/k/games.csv.partial")" -eq 3
cp -r "$WORK/k" "$WORK/kept"
# shellcheck disable=SC2086
check "without --resume it is refused" fails_with 2 "give --resume to continue it" \
	"$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --stats k
# shellcheck disable=SC2086
check "other settings are refused" fails_with 2 "were made with other settings: 'samples 60' there, 'samples 61' here" \
	"$B" play 9-ball --ai --games 4 --seed 7 --samples 61 --stats k --resume
# Another build's player, whose opening shot of game 1 left other bits.
cp "$WORK/k/match.settings" "$WORK/settings"
check "the player's fingerprint is kept" grep -q '^player [0-9a-f]\{16\}$' "$WORK/settings"
sed 's/^player .*/player 0123456789abcdef/' "$WORK/settings" >"$WORK/k/match.settings"
# shellcheck disable=SC2086
check "another player is refused" fails_with 2 "'player 0123456789abcdef' there, 'player " \
	"$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --stats k --resume
check "naming the build" contains "$WORK/stderr.txt" "resume with the build that began the match"
# The fingerprint is of the play, not a constant: game 1 racked from
# seed 8 leaves other bits. A made-up fingerprint in a copy with seed 8
# makes the refusal print this build's.
mkdir "$WORK/k8"
sed 's/^seed 7$/seed 8/; s/^player .*/player 0123456789abcdef/' "$WORK/settings" >"$WORK/k8/match.settings"
head -n 1 "$WORK/kept/games.csv.partial" >"$WORK/k8/games.csv.partial"
# shellcheck disable=SC2086
check "seed 8's fingerprint printed" fails_with 2 "'player 0123456789abcdef' there, 'player " \
	"$B" play 9-ball --ai --games 4 --seed 8 $LIGHT --stats k8 --resume
seed8=$(sed -n "s/.*there, 'player \([0-9a-f]*\)' here.*/\1/p" "$WORK/stderr.txt")
check "differs from seed 7's" test -n "$seed8" -a "player $seed8" != "$(grep '^player ' "$WORK/settings")"
grep -v '^player ' "$WORK/settings" >"$WORK/k/match.settings"
# shellcheck disable=SC2086
check "a build that kept no fingerprint is refused" fails_with 2 "made by another build, which kept no 'player " \
	"$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --stats k --resume
{
	cat "$WORK/settings"
	echo x
} >"$WORK/k/match.settings"
# shellcheck disable=SC2086
check "a line after the fingerprint is named" fails_with 2 "other settings: 'x' there, '' here" \
	"$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --stats k --resume
head -n 3 "$WORK/settings" >"$WORK/k/match.settings"
# shellcheck disable=SC2086
check "settings cut short are other settings" fails_with 2 "other settings: '' there, 'points 15' here" \
	"$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --stats k --resume
rm "$WORK/k/match.settings"
mkdir "$WORK/k/match.settings"
# shellcheck disable=SC2086
check "settings that do not read" fails_with 2 "k/match.settings: cannot read: Is a directory" \
	"$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --stats k --resume
rmdir "$WORK/k/match.settings"
cp "$WORK/settings" "$WORK/k/match.settings"
# shellcheck disable=SC2086
check "resumed" status_is 0 "$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --threads 1 --stats "$WORK/k" --resume
check "the same lines" cmp "$WORK/one.txt" "$WORK/out"
for f in $STATS; do
	check "the same $f" cmp "$WORK/one/$f" "$WORK/k/$f"
done
check "only the outputs are left" holds_only "$WORK/k" "$STATS"
# shellcheck disable=SC2086
check "nothing to resume" fails_with 2 "nothing to resume in k" \
	"$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --stats k --resume
# Killed after the last row: the resumed match plays nothing.
mkdir "$WORK/k4"
cp "$WORK/kept/match.settings" "$WORK/k4/"
cp "$WORK/one/games.csv" "$WORK/k4/games.csv.partial"
# shellcheck disable=SC2086
check "resumed after the last game" status_is 0 "$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --stats "$WORK/k4" --resume
check "the same lines again" cmp "$WORK/one.txt" "$WORK/out"
for f in $STATS; do
	check "the same $f again" cmp "$WORK/one/$f" "$WORK/k4/$f"
done
end

begin the_rows_are_read_back_not_played_again
# Game 1's simulated shots changed in the checkpoint: a resumed match that
# played game 1 again would write its own count.
mkdir "$WORK/back"
cp "$WORK/kept/match.settings" "$WORK/back/"
sed '2s/^\(\([^,]*,\)\{14\}\)[0-9]*/\112345/' "$WORK/one/games.csv" >"$WORK/back/games.csv.partial"
# shellcheck disable=SC2086
check "resumed" status_is 0 "$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --stats "$WORK/back" --resume
check "game 1's row is the one read" grep -q '^1,7,\([^,]*,\)\{12\}12345,' "$WORK/back/games.csv"
check "the others as played" test "$(sed 1,2d "$WORK/back/games.csv")" = "$(sed 1,2d "$WORK/one/games.csv")"
end

# stat_is FILE NAME VALUE LOW HIGH N: FILE (a stats.csv) has NAME's row with
# these figures, to 1e-12; LOW and HIGH empty for no interval.
stat_is() {
	row=$(grep "^$2," "$1")
	if ! echo "$row" | awk -F, -v v="$3" -v lo="$4" -v hi="$5" -v n="$6" '
		function near(a, b) { return (a == "" && b == "") || (a != "" && b != "" && (a - b) ^ 2 <= 1e-24) }
		{ exit !(near($2, v) && near($3, lo) && near($4, hi) && $5 == n) }'; then
		echo "  $2: '$row', expected '$2,$3,$4,$5,$6'" >&2
		return 1
	fi
}

# width FILE NAME: the width of NAME's interval in FILE (a stats.csv).
width() {
	awk -F, -v name="$2" '$1 == name { printf "%.17g", $4 - $3 }' "$1"
}

begin the_statistics_are_those_of_the_rows
# Five made-up games, resumed after the last: the statistics are the closed
# form of what their visits made. Game 5 failed, and counts in none of them
# (exit status 1). Balls per inning: visits 1 0 3 | 0 2 | 5 | 0 0 0 1, mean
# 12/10. With the visits as draws, variance (40 - 10 1.2^2)/9 over 10
# visits; with the games as draws, the ratio estimator's: residuals
# y - 1.2 x of 0.4, -0.4, 3.8, -3.8 over games of 3, 2, 1 and 4 visits,
# variance 29.2 4 / (3 10^2). Breaker wins 2 of 4 (Wilson).
mkdir "$WORK/made"
sed 's/^games 4$/games 5/' "$WORK/kept/match.settings" >"$WORK/made/match.settings"
{
	head -n 1 "$WORK/one/games.csv"
	echo "1,7,1,1,3,2,1,4,0,3,4,3,0,0,100,1 0 3,"
	echo "2,8,1,2,2,1,1,0,2,2,2,2,0,0,100,0 2,"
	echo "3,9,1,1,1,1,0,5,0,1,5,5,0,1,100,5,"
	echo "4,10,1,2,4,2,2,0,1,4,1,1,0,0,100,0 0 0 1,"
	echo '5,11,0,0,2,1,1,0,0,2,9,9,0,0,100,9 0,"made up: it failed"'
} >"$WORK/made/games.csv.partial"
# shellcheck disable=SC2086
check "resumed, a game failed" status_is 1 "$B" play 9-ball --ai --games 5 --seed 7 $LIGHT --stats "$WORK/made" --resume
z=1.959963984540054
half() { awk "BEGIN { printf \"%.17g\", $z * sqrt($1) }"; } # half EXPRESSION: z sqrt(its value)
low() { awk -v m="$1" -v h="$2" 'BEGIN { printf "%.17g", m - h }'; }
high() { awk -v m="$1" -v h="$2" 'BEGIN { printf "%.17g", m + h }'; }
S=$WORK/made/stats.csv
h=$(half "(40 - 10 * 1.44) / 9 / 10")
check "balls per inning, visits as draws" stat_is "$S" balls_per_inning 1.2 "$(low 1.2 "$h")" "$(high 1.2 "$h")" 10
h=$(half "29.2 * 4 / 300")
check "balls per inning, games as draws" stat_is "$S" balls_per_inning_by_game 1.2 \
	"$(low 1.2 "$h")" "$(high 1.2 "$h")" 4
check "the games interval is the wider here" awk -v a="$(width "$S" balls_per_inning_by_game)" \
	-v b="$(width "$S" balls_per_inning)" 'BEGIN { exit !(a > b) }'
# Wilson's interval for 2 of 4: (p + z^2/2n -+ z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n).
wilson=$(awk -v z=$z 'BEGIN { n = 4; p = 0.5; c = (p + z * z / (2 * n)) / (1 + z * z / n);
	h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n); printf "%.17g %.17g", c - h, c + h }')
check "the breaker's win rate" stat_is "$S" breaker_win_rate 0.5 "${wilson% *}" "${wilson#* }" 4
check "printed" contains "$WORK/out" "balls_per_inning_by_game  1.2000  [-0.0230, 2.4230]  over 4"
# One game of one visit: a mean over one draw has no interval.
mkdir "$WORK/one_game"
sed 's/^games 4$/games 1/' "$WORK/kept/match.settings" >"$WORK/one_game/match.settings"
{
	head -n 1 "$WORK/one/games.csv"
	echo "1,7,1,1,1,1,0,5,0,1,5,5,0,1,100,5,"
} >"$WORK/one_game/games.csv.partial"
# shellcheck disable=SC2086
check "one game" status_is 0 "$B" play 9-ball --ai --games 1 --seed 7 $LIGHT --stats "$WORK/one_game" --resume
check "no interval over one visit" stat_is "$WORK/one_game/stats.csv" balls_per_inning 5 "" "" 1
check "nor over one game" stat_is "$WORK/one_game/stats.csv" balls_per_inning_by_game 5 "" "" 1
check "none printed" contains "$WORK/out" "balls_per_inning_by_game  5.0000  (no interval)  over 1"
check "no nan" test "$(cat "$WORK/one_game/stats.csv" "$WORK/out" | grep -ci nan)" -eq 0
end

begin the_mean_break_is_over_the_visits_that_score
# Three made-up snooker frames, visits 0 8 0 1 | 0 0 | 3 0 12. The mean
# break is over the breaks 8, 1, 3 and 12: 6, variance (218 - 4 6^2)/3 over
# 4 visits; with the frames as draws, frame 2 (no break) is a draw of none,
# residuals -3, 0, 3, variance 18 3 / (2 4^2). Points per visit: 24/9, and
# by frame, residuals 9 - 4 (8/3), 0 - 2 (8/3), 15 - 3 (8/3).
mkdir "$WORK/snooker"
sed 's/^game 9-ball$/game snooker/; s/^games 4$/games 3/; s/^seed 7$/seed 1/; s/^player .*/player 0123456789abcdef/' \
	"$WORK/kept/match.settings" >"$WORK/snooker/match.settings"
{
	head -n 1 "$WORK/one/games.csv"
	echo "1,1,1,1,4,2,2,9,0,4,9,8,0,0,100,0 8 0 1,"
	echo "2,2,1,2,2,1,1,0,4,2,0,0,0,0,100,0 0,"
	echo "3,3,1,1,3,2,1,15,0,3,15,12,0,0,100,3 0 12,"
} >"$WORK/snooker/games.csv.partial"
# This build's snooker player, from the refusal of a made-up one.
# shellcheck disable=SC2086
check "the fingerprint asked" fails_with 2 "'player 0123456789abcdef' there" \
	"$B" play snooker --ai --games 3 --seed 1 $LIGHT --stats snooker --resume
player=$(sed -n "s/.*there, 'player \([0-9a-f]*\)' here.*/\1/p" "$WORK/stderr.txt")
sed -i "s/^player .*/player $player/" "$WORK/snooker/match.settings"
# shellcheck disable=SC2086
check "resumed" status_is 0 "$B" play snooker --ai --games 3 --seed 1 $LIGHT --stats "$WORK/snooker" --resume
S=$WORK/snooker/stats.csv
h=$(half "(218 - 4 * 36) / 3 / 4")
check "the mean break" stat_is "$S" mean_break 6 "$(low 6 "$h")" "$(high 6 "$h")" 4
h=$(half "18 * 3 / (2 * 16)")
check "by frame" stat_is "$S" mean_break_by_game 6 "$(low 6 "$h")" "$(high 6 "$h")" 3
r=$(awk 'BEGIN { printf "%.17g", 24 / 9 }')
v=$(awk 'BEGIN { r = 24 / 9; s = (9 - 4 * r) ^ 2 + (0 - 2 * r) ^ 2 + (15 - 3 * r) ^ 2; printf "%.17g", s * 3 / (2 * 81) }')
h=$(half "$v")
check "points per visit by frame" stat_is "$S" points_per_visit_by_game "$r" "$(low "$r" "$h")" "$(high "$r" "$h")" 3
end

begin a_match_that_cannot_write_stops_and_resumes
# Files of at most 512 bytes (ulimit -f 1), SIGXFSZ ignored: a write past
# that fails with EFBIG, as on a full disk. A 5-game match resumed from a
# checkpoint of 4 games a few dozen bytes short of that (games 1 to 3 as
# played, game 4 made up, with many visits that made nothing): game 5's
# row cannot be written.
mkdir "$WORK/small"
sed 's/^games 4$/games 5/' "$WORK/kept/match.settings" >"$WORK/small/match.settings"
head -n 4 "$WORK/one/games.csv" >"$WORK/small/games.csv.partial"
row="4,10,1,1,9,1,1,1,0"
used=$(($(wc -c <"$WORK/small/games.csv.partial") + ${#row} + 16))
visits=$(((490 - used) / 2))
zeros=$(i=1; printf 0; while [ "$i" -lt "$visits" ]; do printf ' 0'; i=$((i + 1)); done)
echo "$row,$visits,0,0,0,0,0,$zeros," >>"$WORK/small/games.csv.partial"
# Standard output goes through a pipe, to a file the limit does not reach.
# shellcheck disable=SC2086
(cd "$WORK" && trap '' XFSZ && ulimit -f 1 && "$B" play 9-ball --ai --games 5 --seed 7 $LIGHT --threads 1 \
	--stats small --resume 2>"$WORK/small.err"; echo $? >"$WORK/small.status") | cat >"$WORK/small.txt"
check "exit status 1" test "$(cat "$WORK/small.status")" -eq 1
check "one line" test "$(wc -l <"$WORK/small.err")" -eq 1
check "naming the file and the cause" contains "$WORK/small.err" "small/games.csv.partial: cannot write: File too large"
check "the checkpoint is kept" holds_only "$WORK/small" "games.csv.partial match.settings"
check "game 5 was played" grep -q '^game 5: ' "$WORK/small.txt"
# shellcheck disable=SC2086
check "resumed" status_is 0 "$B" play 9-ball --ai --games 5 --seed 7 $LIGHT --stats "$WORK/small" --resume
check "game 5 played again, the same" test "$(grep '^game 5: ' "$WORK/out")" = "$(grep '^game 5: ' "$WORK/small.txt")"
check "all 5 rows" test "$(wc -l <"$WORK/small/games.csv")" -eq 6
check "the first four as read" test "$(sed -n 2,4p "$WORK/small/games.csv")" = "$(sed -n 2,4p "$WORK/one/games.csv")"
end

begin a_checkpoint_not_of_the_match_is_refused
mkdir "$WORK/bad"
cp "$WORK/kept/match.settings" "$WORK/bad/"
cp "$WORK/kept/games.csv.partial" "$WORK/partial"
# A visit's balls that do not add up to the row's total (column 11).
sed '2s/^\(\([^,]*,\)\{10\}\)\([0-9]*\)/\1\31/' "$WORK/partial" >"$WORK/bad/games.csv.partial"
# shellcheck disable=SC2086
check "visits that do not add up" fails_with 2 "games.csv.partial:2: column 11: not the row of game 1 of this match" \
	"$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --stats bad --resume
# Game 2's row where game 1's should be.
sed '2d' "$WORK/partial" >"$WORK/modified"
cp "$WORK/modified" "$WORK/bad/games.csv.partial"
# shellcheck disable=SC2086
check "a game out of order" fails_with 2 "games.csv.partial:2: game 2 racked with seed 8 where this match's game 1 has seed 7" \
	"$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --stats bad --resume
check "the checkpoint is left as it was" cmp "$WORK/bad/games.csv.partial" "$WORK/modified"
check "nothing else written" holds_only "$WORK/bad" "games.csv.partial match.settings"
# A NUL byte inside a row, as a crash can leave a block of them.
printf '1,7,1,1,2,1,0,1,0,1,9,9,0,1,100,9,\0,"x"\n' >"$WORK/nul"
{ head -n 1 "$WORK/partial"; cat "$WORK/nul"; } >"$WORK/bad/games.csv.partial"
# shellcheck disable=SC2086
check "a NUL byte" fails_with 2 "games.csv.partial:2: byte 35: a NUL byte" \
	"$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --stats bad --resume
mkdir -p "$WORK/dir/games.csv"
# shellcheck disable=SC2086
check "games.csv a directory, refused before any game" fails_with 2 "dir/games.csv is there and is not a regular file" \
	"$B" play 9-ball --ai --games 4 --seed 7 $LIGHT --stats dir
check "nothing played" test ! -s "$WORK/stdout.txt"
check "--resume needs --stats" status_is 2 "$B" play 9-ball --ai --games 4 --resume
check "saying so" contains "$WORK/err" "--resume goes on from the games in a --stats DIR"
end

begin a_match_of_failed_games_has_no_statistics
# A checkpoint of two failed games, made up: the statistics are of nothing
# and say so, rather than printing nan.
mkdir "$WORK/failed"
sed 's/^games 4$/games 2/' "$WORK/kept/match.settings" >"$WORK/failed/match.settings"
{
	head -n 1 "$WORK/kept/games.csv.partial"
	echo '1,7,0,0,0,0,0,0,0,0,0,0,0,0,0,,"shot 1: made up"'
	echo '2,8,0,0,0,0,0,0,0,0,0,0,0,0,0,,"shot 3: made up"'
} >"$WORK/failed/games.csv.partial"
# shellcheck disable=SC2086
check "exit status 1" status_is 1 "$B" play 9-ball --ai --games 2 --seed 7 $LIGHT --stats "$WORK/failed" --resume
check "the failures printed" grep -q '^game 2: failed: shot 3: made up$' "$WORK/out"
check "the count" grep -q "2 games (0 finished, 2 failed)" "$WORK/out"
check "a statistic of nothing" grep -q '^  balls_per_inning *none (over 0)$' "$WORK/out"
check "no nan printed" test "$(grep -ci nan "$WORK/out")" -eq 0
check "empty fields in stats.csv" grep -q '^balls_per_inning,,,,0$' "$WORK/failed/stats.csv"
check "no nan written" test "$(grep -ci nan "$WORK/failed/stats.csv")" -eq 0
end

begin the_8_is_called_even_as_a_last_resort
# Game 193 of a match from seed 1: with the 8 on, no pot and no safety
# found, the player's last resort must still name the 8's pocket.
check "the game" status_is 0 "$B" play 8-ball --ai --games 1 --seed 193
check "it finishes" grep -q "1 finished, 0 failed" "$WORK/out"
end

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
