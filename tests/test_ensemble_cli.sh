#!/bin/sh
# End-to-end tests of `breakshot ensemble` on the built binary: --vary specs
# refused with exit 2 and one message naming the part; the same bytes in
# every output for 1, 2 and 3 threads; summary.csv against figures counted
# again from runs.csv here, with awk; a run killed part-way (by a test hook
# after K rows, half a row written, and by SIGTERM), or whose memory ran
# out (a test hook again), leaving no output but its checkpoint, and
# --resume giving the same bytes as one uninterrupted ensemble; a run whose
# shot cannot start leaving nothing. Needs BREAKSHOT and BREAKSHOT_SOURCE_ROOT (tests/meson.build).
set -u
B=${BREAKSHOT:?BREAKSHOT must name the breakshot binary}
ROOT=${BREAKSHOT_SOURCE_ROOT:?BREAKSHOT_SOURCE_ROOT must name the source tree}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
. "$(dirname "$0")/check.sh"

BREAK=$ROOT/scenes/9ball_break.json
OUTPUTS="runs.csv summary.csv cue_rest.png cue_rest.svg pocketed.png pocketed.svg"
# A mix of every kind of variation, so that every path draws.
VARY="--vary cue.speed=uniform:5:9 --vary cue.tip.height=normal:0:0.15 --vary cue.angle_deg=grid:-1:1:3"

# run_quietly COMMAND...: runs it; its standard error only when it fails.
run_quietly() {
	if ! "$@" >/dev/null 2>"$WORK/quiet.txt"; then
		sed 's/^/    stderr: /' "$WORK/quiet.txt" >&2
		return 1
	fi
}

# same_outputs DIR_A DIR_B: every output the same, byte for byte.
same_outputs() {
	for file in $OUTPUTS; do
		if ! cmp "$1/$file" "$2/$file"; then
			return 1
		fi
	done
}

begin bad_specs_are_refused_naming_the_part
while IFS='|' read -r spec message; do
	# shellcheck disable=SC2086
	check "$spec" fails_with 2 "$message" "$B" ensemble "$BREAK" --runs 10 --out spec-out $spec
	check "$spec: nothing written" test ! -e "$WORK/spec-out"
done <<'EOF'
--vary cue.speed|--vary 'cue.speed': expected FIELD=DISTRIBUTION
--vary cue.sped=uniform:1:2|unknown field 'cue.sped'
--vary cue.tip=grid:-0.2:0.2:3|cue.tip has two parts: vary cue.tip.side and cue.tip.height
--vary cue.speed=unifrm:1:2|unknown distribution 'unifrm'
--vary cue.speed=uniform:6|expected uniform:LO:HI, got 1 number after 'uniform'
--vary cue.speed=uniform:6:x|HI 'x' is not a finite number
--vary cue.speed=normal:nan:1|MEAN 'nan' is not a finite number
--vary cue.speed=uniform:9:6|LO must be below HI, got 9 and 6
--vary cue.speed=grid:1:2:1.5|K must be a whole number from 2 to 1000000, got 1.5
--vary cue.speed=grid:1:2|expected grid:LO:HI:K, got 2 numbers after 'grid'
--vary cue.speed=normal:7:0|SD must be positive, got 0
--vary cue.speed=uniform:-1:2|cue.speed: its range [-1, 2] is outside [0, 10000] m/s
--vary cue.tip.side=uniform:0:0.6|cue.tip.side: its range [0, 0.59999999999999998] is outside [-0.5, 0.5]
--vary cue.elevation_deg=grid:0:90:4|cue.elevation_deg: its range [0, 90] is outside [0, 90) degrees
--vary cue.ball.x=uniform:0.1:1|cue.ball.x: its range [0.10000000000000001, 1] is outside the kitchen
--vary rack.seed=maybe|rack.seed is 'random' or 'fixed', got 'maybe'
--vary cue.speed=uniform:5:9 --vary cue.speed=grid:5:9:3|cue.speed is varied twice
--vary rack.seed=fixed|nothing varies from run to run
--threads 0|--threads: 0 is out of range
--seed -1|--seed: -1 is out of range
EOF
check "a stick's tip on ideal physics" fails_with 2 \
	"--vary cue.tip.side: needs the cue stick's strike under pool physics" \
	"$B" ensemble "$ROOT/scenes/9ball_break_ideal.json" --runs 10 --out spec-out --vary cue.tip.side=uniform:-0.1:0.1
check "no cue" fails_with 2 "--vary cue.speed: the scene has no cue to vary" \
	"$B" ensemble "$ROOT/scenes/newtons_cradle.json" --runs 10 --out spec-out --vary cue.speed=uniform:1:2
check "no rack" fails_with 2 "the scene has no rack whose seed could vary; give --vary" \
	"$B" ensemble "$ROOT/scenes/newtons_cradle.json" --runs 10 --out spec-out
# A grid point off the table can never be drawn again: the run that meets
# it stops the ensemble, and nothing is left.
check "a grid shot off the table" fails_with 2 "breakshot: ensemble: run 0: ball 0 at (0.01, " \
	"$B" ensemble "$BREAK" --runs 10 --out grid-out --vary cue.ball.x=grid:0.01:0.5:2
check "nothing left by the failed run" holds_only "$WORK/grid-out" ""
# A normal draw has no range: a run whose every draw miscues stops the
# ensemble with the cue's own check, naming the field.
check "a tip that always miscues" fails_with 2 "(in every one of 100 draws)" \
	"$B" ensemble "$BREAK" --runs 10 --out miscue-out --vary cue.tip.height=normal:0.499:1000
check "a tip that always miscues: the cue's reason" fails_with 2 "cue.tip: [0, " \
	"$B" ensemble "$BREAK" --runs 10 --out miscue-out --vary cue.tip.height=normal:0.499:1000
check "nothing left by the miscues" holds_only "$WORK/miscue-out" ""
end

begin same_bytes_for_any_thread_count
for threads in 1 2 3; do
	# shellcheck disable=SC2086
	check "$threads threads" run_quietly "$B" ensemble "$BREAK" --runs 300 --seed 7 --threads "$threads" \
		--out "$WORK/t$threads" $VARY
done
check "1 and 2 threads" same_outputs "$WORK/t1" "$WORK/t2"
check "1 and 3 threads" same_outputs "$WORK/t1" "$WORK/t3"
check "only the outputs left" holds_only "$WORK/t2" "cue_rest.png cue_rest.svg pocketed.png pocketed.svg runs.csv summary.csv"
# Another seed gives other runs: the comparison above can fail.
# shellcheck disable=SC2086
check "seed 8" run_quietly "$B" ensemble "$BREAK" --runs 300 --seed 8 --out "$WORK/s8" $VARY
check "seed 8 differs" test "$(cmp -s "$WORK/t1/runs.csv" "$WORK/s8/runs.csv"; echo $?)" -eq 1
end

begin runs_csv_has_one_row_a_run
runs=$WORK/t1/runs.csv
check "header" grep -q -x "run,seed,cue.speed,cue.angle_deg,cue.tip.height,events,time,settled,pocketed,ball_0_pocket,ball_1_pocket,ball_2_pocket,ball_3_pocket,ball_4_pocket,ball_5_pocket,ball_6_pocket,ball_7_pocket,ball_8_pocket,ball_9_pocket,cue_x,cue_y,scratch" "$runs"
# Each row: its index in order, speeds in the range, the angle on its grid
# cell (run mod 3), counts that agree with the pockets, 22 columns.
check "rows" awk -F, 'NR > 1 {
	bad = NF != 22 || $1 != NR - 2 || $3 < 5 || $3 >= 9 || $4 != (($1 % 3) - 1)
	n = 0; for (c = 11; c <= 19; ++c) n += $c >= 0
	bad = bad || $9 != n || $22 != ($10 >= 0) || $8 != 1
	if (bad) { print "  bad row " NR ": " $0 > "/dev/stderr"; failed = 1 }
} END { exit failed || NR != 301 }' "$runs"
end

begin summary_matches_the_rows
# Count again from runs.csv, and compute Wilson's interval here.
awk -F, -v z=1.959963984540054 '
	function wilson(k, n,    p, d, c, h, lo, hi) {
		p = k / n; d = 1 + z * z / n; c = (p + z * z / (2 * n)) / d
		h = z / d * sqrt(p * (1 - p) / n + z * z / (4 * n * n))
		lo = k == 0 ? 0 : c - h; hi = k == n ? 1 : c + h
		return sprintf("%d,%d,%.12g,%.12g,%.12g", k, n, p, lo, hi)
	}
	NR == 1 { next }
	{ n += 1; for (b = 1; b <= 9; ++b) ball[b] += $(10 + b) >= 0; count[$9] += 1; scratch += $22; settled += $8 }
	END {
		for (b = 1; b <= 9; ++b) print "pocketed," b "," wilson(ball[b], n)
		for (k = 0; k <= 9; ++k) print "balls_pocketed," k "," wilson(count[k] + 0, n)
		print "scratch,0," wilson(scratch, n)
		print "settled,," wilson(settled, n)
	}' "$WORK/t1/runs.csv" >"$WORK/expected.csv"
# The summary's figures to 12 digits, as awk computed them.
awk -F, 'NR > 1 { printf "%s,%s,%d,%d,%.12g,%.12g,%.12g\n", $1, $2, $3, $4, $5, $6, $7 }' \
	"$WORK/t1/summary.csv" >"$WORK/actual.csv"
check "summary.csv" cmp "$WORK/expected.csv" "$WORK/actual.csv"
check "header" grep -q -x "quantity,value,count,runs,probability,ci95_low,ci95_high" "$WORK/t1/summary.csv"
# Some ball went in, and not all of them: the counts above mean something.
check "pocketed some" grep -q "^balls_pocketed,1,[1-9]" "$WORK/t1/summary.csv"
end

begin plots_are_png_and_svg
check "PNG" sh -c "head -c 8 '$WORK/t1/cue_rest.png' | od -c | grep -q 'P   N   G'"
check "PNG bars" sh -c "head -c 8 '$WORK/t1/pocketed.png' | od -c | grep -q 'P   N   G'"
check "SVG" grep -q "<svg" "$WORK/t1/cue_rest.svg"
check "SVG bars" grep -q "<svg" "$WORK/t1/pocketed.svg"
end

begin progress_bar_only_on_a_terminal
# run_quietly above kept standard error: a file there gets no bar.
check "no bar in a file" run_quietly "$B" ensemble "$BREAK" --runs 100 --out "$WORK/quiet"
check "standard error empty" test ! -s "$WORK/quiet.txt"
if command -v script >/dev/null 2>&1; then
	# script(1) gives the command a terminal and copies what it shows.
	script -q -e -c "'$B' ensemble '$BREAK' --runs 100 --out '$WORK/tty'" /dev/null >"$WORK/tty.txt" 2>&1
	check "finished on a terminal" test -s "$WORK/tty/runs.csv"
	check "the bar" grep -q "100.0 % 100/100 runs, [0-9]* runs/s, 0:00:00 left" "$WORK/tty.txt"
	check "the same rows" cmp "$WORK/quiet/runs.csv" "$WORK/tty/runs.csv"
fi
end

begin killed_part_way_then_resumed
# Killed (SIGKILL) after 150 rows and half of the 151st: not on a block's
# edge, and a row cut short, as a kill during a write leaves it.
(cd "$WORK" && BREAKSHOT_ENSEMBLE_STOP_AFTER=150 "$B" ensemble "$BREAK" --runs 300 --seed 7 --threads 2 \
	--out k $VARY >/dev/null 2>&1)
check "killed" test $? -ne 0
check "only the checkpoint is left" holds_only "$WORK/k" "ensemble.settings runs.csv.partial"
check "151 whole lines and a half" test "$(wc -l <"$WORK/k/runs.csv.partial")" -eq 151
check "without --resume it is refused" fails_with 2 "give --resume to continue it" \
	"$B" ensemble "$BREAK" --runs 300 --seed 7 --out k $VARY
check "other settings are refused" fails_with 2 "were made with other settings: 'seed 7' there, 'seed 8' here" \
	"$B" ensemble "$BREAK" --runs 300 --seed 8 --out k $VARY --resume
check "another --vary is named" fails_with 2 "were made with other settings: 'cue.speed uniform:" \
	"$B" ensemble "$BREAK" --runs 300 --seed 7 --out k --vary cue.speed=uniform:1:2 --resume
# Another build's engine, whose run 0 came out otherwise.
cp "$WORK/k/ensemble.settings" "$WORK/settings"
check "the engine's fingerprint is kept" grep -q '^engine [0-9a-f]\{16\}$' "$WORK/settings"
sed 's/^engine .*/engine 0123456789abcdef/' "$WORK/settings" >"$WORK/k/ensemble.settings"
check "another engine is refused" fails_with 2 "'engine 0123456789abcdef' there, 'engine " \
	"$B" ensemble "$BREAK" --runs 300 --seed 7 --out k $VARY --resume
check "naming the build" contains "$WORK/stderr.txt" "resume with the build that began the ensemble"
# The fingerprint is of the run, not a constant: run 0 drawn from seed 8
# comes out otherwise. A made-up fingerprint in a copy with seed 8 makes
# the refusal print this build's.
mkdir "$WORK/k8"
sed 's/^seed 7$/seed 8/; s/^engine .*/engine 0123456789abcdef/' "$WORK/settings" >"$WORK/k8/ensemble.settings"
head -n 1 "$WORK/k/runs.csv.partial" >"$WORK/k8/runs.csv.partial"
check "seed 8's fingerprint printed" fails_with 2 "'engine 0123456789abcdef' there, 'engine " \
	"$B" ensemble "$BREAK" --runs 300 --seed 8 --out k8 $VARY --resume
seed8=$(sed -n "s/.*there, 'engine \([0-9a-f]*\)' here.*/\1/p" "$WORK/stderr.txt")
check "differs from seed 7's" test -n "$seed8" -a "engine $seed8" != "$(grep '^engine ' "$WORK/settings")"
# An ensemble resumed without one of its --vary: named before run 0 is
# simulated for the fingerprint.
check "a --vary left out is named" fails_with 2 "other settings: 'cue.tip.height normal:0:0.1499" \
	"$B" ensemble "$BREAK" --runs 300 --seed 7 --out k --vary cue.speed=uniform:5:9 \
	--vary cue.angle_deg=grid:-1:1:3 --resume
check "a --vary left out: nothing here" contains "$WORK/stderr.txt" "' there, '' here"
grep -v '^engine ' "$WORK/settings" >"$WORK/k/ensemble.settings"
check "a build that kept no fingerprint is refused" fails_with 2 "made by another build, which kept no 'engine " \
	"$B" ensemble "$BREAK" --runs 300 --seed 7 --out k $VARY --resume
cp "$WORK/settings" "$WORK/k/ensemble.settings"
check "resumed" run_quietly "$B" ensemble "$BREAK" --runs 300 --seed 7 --threads 1 --out "$WORK/k" $VARY --resume
check "the same bytes" same_outputs "$WORK/t1" "$WORK/k"
check "only the outputs left" holds_only "$WORK/k" "cue_rest.png cue_rest.svg pocketed.png pocketed.svg runs.csv summary.csv"
check "nothing to resume" fails_with 2 "nothing to resume" \
	"$B" ensemble "$BREAK" --runs 300 --seed 7 --out k $VARY --resume
# Killed right after the header: resumed from no rows at all.
(cd "$WORK" && BREAKSHOT_ENSEMBLE_STOP_AFTER=1 "$B" ensemble "$BREAK" --runs 300 --seed 7 --out k0 $VARY \
	>/dev/null 2>&1)
check "resumed from the first row" run_quietly "$B" ensemble "$BREAK" --runs 300 --seed 7 --out "$WORK/k0" $VARY --resume
check "the same bytes again" same_outputs "$WORK/t1" "$WORK/k0"
# A NUL byte in a row, as a crash can leave a block of them: refused.
(cd "$WORK" && BREAKSHOT_ENSEMBLE_STOP_AFTER=150 "$B" ensemble "$BREAK" --runs 300 --seed 7 --out kn $VARY \
	>/dev/null 2>&1)
sed '3s/,/\x00,/' "$WORK/kn/runs.csv.partial" >"$WORK/nul.csv"
cp "$WORK/nul.csv" "$WORK/kn/runs.csv.partial"
check "a NUL byte is refused" fails_with 2 "runs.csv.partial:3: byte 2: a NUL byte" \
	"$B" ensemble "$BREAK" --runs 300 --seed 7 --out kn $VARY --resume
check "and the checkpoint left as it was" cmp "$WORK/nul.csv" "$WORK/kn/runs.csv.partial"
# A runs.csv the checkpoint could not replace at the end: refused at once.
mkdir -p "$WORK/kd/runs.csv"
check "runs.csv a directory, refused before any run" fails_with 2 "kd/runs.csv is there and is not a regular file" \
	"$B" ensemble "$BREAK" --runs 300 --seed 7 --out kd $VARY
check "nothing else written" holds_only "$WORK/kd" "runs.csv"
end

begin out_of_memory_keeps_the_checkpoint
# Run 150's world cannot be made (the test hook
# BREAKSHOT_ENSEMBLE_NO_MEMORY_AT, as if memory had run out): the machine's
# failure, not the input's, so exit 1 and the 150 rows before it kept for
# --resume, which goes on to the same bytes.
check "exit 1" fails_with 1 "run 150: out of memory making the world (the rows before it stay in" \
	env BREAKSHOT_ENSEMBLE_NO_MEMORY_AT=150 "$B" ensemble "$BREAK" --runs 300 --seed 7 --threads 2 --out m $VARY
check "the checkpoint kept" holds_only "$WORK/m" "ensemble.settings runs.csv.partial"
check "150 rows and the header" test "$(wc -l <"$WORK/m/runs.csv.partial")" -eq 151
check "resumed" run_quietly "$B" ensemble "$BREAK" --runs 300 --seed 7 --out "$WORK/m" $VARY --resume
check "the same bytes" same_outputs "$WORK/t1" "$WORK/m"
# Run 0, simulated first for the engine's fingerprint: exit 1 too, and
# nothing written.
check "run 0: exit 1" fails_with 1 "ensemble: run 0: out of memory making the world" \
	env BREAKSHOT_ENSEMBLE_NO_MEMORY_AT=0 "$B" ensemble "$BREAK" --runs 300 --seed 7 --out m0 $VARY
check "run 0: nothing written" holds_only "$WORK/m0" ""
# Against a run whose shot cannot start (the cue ball off the table from
# run 64): bad input, exit 2, and nothing left to resume.
check "a bad shot: exit 2" fails_with 2 "ensemble: run 64: ball 0 at (0.63500000000000001, 1.26) is not inside" \
	"$B" ensemble "$BREAK" --runs 300 --out bad --threads 2 \
	--vary cue.ball.y=grid:0.635:1.26:2 --vary cue.speed=grid:5:9:64
check "a bad shot: nothing left" holds_only "$WORK/bad" ""
end

begin sigterm_leaves_nothing_half_written
"$B" ensemble "$BREAK" --runs 100000000 --threads 1 --out "$WORK/term" >/dev/null 2>&1 &
pid=$!
# Wait for some rows to reach the checkpoint (at most a minute).
tries=0
while [ "$tries" -lt 600 ] && [ "$(cat "$WORK/term/runs.csv.partial" 2>/dev/null | wc -l)" -lt 65 ]; do
	sleep 0.1
	tries=$((tries + 1))
done
kill -TERM "$pid"
wait "$pid"
check "died of SIGTERM" test $? -eq 143
check "no output, no temporary file" holds_only "$WORK/term" "ensemble.settings runs.csv.partial"
# Its whole lines are rows in order; a last one cut short is for --resume
# to drop.
whole=$(wc -l <"$WORK/term/runs.csv.partial")
check "rows in the checkpoint" test "$whole" -ge 65
check "whole rows in the checkpoint" sh -c "head -n $whole '$WORK/term/runs.csv.partial' |
	awk -F, 'NR > 1 && (NF != 19 || \$1 != NR - 2) { exit 1 }'"
end

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
