#!/bin/sh
# End-to-end tests of sampled traces, the frames method, `breakshot compare`
# and `breakshot plot`, run on the built binary. Needs BREAKSHOT (the binary)
# and BREAKSHOT_SOURCE_ROOT (the source tree), as tests/meson.build sets them.
# Prints "N passed, N failed" like the C tests (the harness: check.sh).
set -u
B=${BREAKSHOT:?BREAKSHOT must name the breakshot binary}
ROOT=${BREAKSHOT_SOURCE_ROOT:?BREAKSHOT_SOURCE_ROOT must name the source tree}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# begin, check, end and contains.
. "$(dirname "$0")/check.sh"

# The 9-ball break (a plain-table rack where that scene is not there), and a
# copy whose ball-ball restitution is 0.9, whether the scene names the
# "ideal" preset or spells the restitutions out. Runs stop at 0.5 s, before
# the first ball is pocketed, so the elastic break keeps its energy.
BREAK=$ROOT/scenes/9ball_break_ideal.json
[ -f "$BREAK" ] || BREAK=$ROOT/tests/data/rack_break.json
sed -e 's/"restitution"[[:space:]]*:[[:space:]]*"ideal"/"restitution": {"ball": 0.9, "cushion": 1.0}/' \
	-e 's/"ball"[[:space:]]*:[[:space:]]*[0-9.eE+-]*/"ball": 0.9/' "$BREAK" >"$WORK/break_e09.json"
UNTIL=0.5

begin self_compare_is_zero
"$B" run "$BREAK" --until "$UNTIL" --trace "$WORK/e1.csv" >/dev/null
"$B" compare "$WORK/e1.csv" "$WORK/e1.csv" >"$WORK/self.out"
status=$?
check "exit status 0, got $status" [ "$status" -eq 0 ]
check "reports zero difference" contains "$WORK/self.out" "largest relative difference 0 "
check "the event sequences agree" contains "$WORK/self.out" "events: the sequences agree over all"
end

begin restitution_09_loses_energy_and_fails_tight_tolerance
"$B" run "$WORK/break_e09.json" --until "$UNTIL" --trace "$WORK/e09.csv" >/dev/null
"$B" compare "$WORK/e1.csv" "$WORK/e09.csv" --tolerance 1e-9 >"$WORK/e09.out"
status=$?
check "the copy sets restitution 0.9" contains "$WORK/break_e09.json" '"ball": 0.9'
check "exit status 1, got $status" [ "$status" -eq 1 ]
check "beyond the tolerance" contains "$WORK/e09.out" "beyond the tolerance"
# B's kinetic energy line: start, end, min, max, drift. Energy is lost:
# end < start and a drift above 1%.
ke_line=$(sed -n '/^B = /,$p' "$WORK/e09.out" | grep -m1 'kinetic_energy (J)')
check "B loses energy: '$ke_line'" sh -c "echo '$ke_line' | awk '{ exit !(\$4 < \$3 && \$7 > 0.01) }'"
check "A keeps its energy" sh -c "sed -n '/^A = /,/^B = /p' '$WORK/e09.out' | grep 'kinetic_energy (J)' | awk '{ exit !(\$7 < 1e-12) }'"
"$B" compare "$WORK/e1.csv" "$WORK/e09.csv" --tolerance 10 >/dev/null
status=$?
check "a loose tolerance passes, got $status" [ "$status" -eq 0 ]
end

begin thin_gap_frames_miss_the_collision
"$B" run "$ROOT/scenes/thin_gap.json" --until 0.3 --method frames --dt 0.02 --trace "$WORK/frames.csv" >"$WORK/frames.out"
check "frames run exits 0" [ $? -eq 0 ]
check "the summary reports the misses" contains "$WORK/frames.out" "missed          2 collisions"
check "names the first missed pair" contains "$WORK/frames.out" "balls 0 and 1 touch at"
check "no ball contact resolved" contains "$WORK/frames.out" "(ball 0, cushion"
"$B" run "$ROOT/scenes/thin_gap.json" --until 0.3 --method frames --dt 0.0005 >"$WORK/fine.out"
check "a fine dt misses nothing" contains "$WORK/fine.out" "missed          0 collisions"
"$B" run "$ROOT/scenes/thin_gap.json" --until 0.3 --trace "$WORK/events.csv" >"$WORK/events.out"
check "the event method hits both balls" contains "$WORK/events.out" "(ball 2, cushion"
"$B" compare "$WORK/events.csv" "$WORK/frames.csv" >"$WORK/gap.out"
check "compare exits 1" [ $? -eq 1 ]
check "first differing event is the missed collision" contains "$WORK/gap.out" "first differ at event 1"
end

# A pool break traced whole, and continued from states saved after its 37th
# event and mid-flight at 0.5 s: each continuation is the same run, its
# events those of the whole run from its start on.
POOL_BREAK=$ROOT/scenes/9ball_break.json
begin continued_runs_line_up_with_the_whole
"$B" run "$POOL_BREAK" --trace "$WORK/whole.csv" >/dev/null
"$B" run "$POOL_BREAK" --events 37 --out "$WORK/at37.json" >/dev/null
"$B" run "$WORK/at37.json" --trace "$WORK/from37.csv" >/dev/null
"$B" compare "$WORK/whole.csv" "$WORK/from37.csv" >"$WORK/from37.out"
status=$?
check "continued after event 37: exit status 0, got $status" [ "$status" -eq 0 ]
check "the whole run's first 37 events are passed over" \
	contains "$WORK/from37.out" "where B starts: A's first 37 events come before it"
check "then the events agree ($(grep '^events' "$WORK/from37.out" | tail -n 1))" \
	grep -q '^events: the sequences agree over all [1-9][0-9]* events' "$WORK/from37.out"
check "and the totals" contains "$WORK/from37.out" "largest relative difference 0 "
"$B" compare "$WORK/from37.csv" "$WORK/whole.csv" >"$WORK/from37_swapped.out"
check "the same with A and B swapped, exit status $?" \
	contains "$WORK/from37_swapped.out" "where A starts: B's first 37 events come before it"
"$B" run "$POOL_BREAK" --until 0.5 --out "$WORK/at_half.json" >/dev/null
"$B" run "$WORK/at_half.json" --trace "$WORK/from_half.csv" >/dev/null
"$B" compare "$WORK/whole.csv" "$WORK/from_half.csv" >"$WORK/from_half.out"
status=$?
check "continued mid-flight at 0.5 s: exit status 0, got $status" [ "$status" -eq 0 ]
check "its start, where the whole run has no row, is not compared" \
	contains "$WORK/from_half.out" "B's start not compared"
check "the events agree ($(grep '^events' "$WORK/from_half.out" | tail -n 1))" \
	grep -q '^events: the sequences agree over all [1-9][0-9]* events' "$WORK/from_half.out"
end

# The continuation with one event's time moved: by 3e-15 s (rounding) it is
# the same run; by 1e-9 s it is not, and compare says so.
move_event_time() { # move_event_time IN OUT SECONDS: the 5th row's time, plus SECONDS
	python3 -c '
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
before = float(rows[5][1])
rows[5][1] = repr(before + float(sys.argv[3]))
assert float(rows[5][1]) != before and rows[5][2] not in ("start", "sample")
csv.writer(open(sys.argv[2], "w", newline=""), lineterminator="\n").writerows(rows)' "$@"
}
begin rounding_in_an_event_time_is_within_the_tolerance
move_event_time "$WORK/from37.csv" "$WORK/rounded.csv" 3e-15
check "the moved trace differs from the continuation" sh -c "! cmp -s '$WORK/from37.csv' '$WORK/rounded.csv'"
"$B" compare "$WORK/whole.csv" "$WORK/rounded.csv" >"$WORK/rounded.out"
status=$?
check "3e-15 s apart: exit status 0, got $status ($(grep '^largest' "$WORK/rounded.out"))" [ "$status" -eq 0 ]
check "the events agree" grep -q '^events: the sequences agree over all' "$WORK/rounded.out"
"$B" compare "$WORK/whole.csv" "$WORK/rounded.csv" --time-tolerance 0 >"$WORK/exact.out"
status=$?
check "with --time-tolerance 0 the 3e-15 s are seen: exit status 1, got $status" [ "$status" -eq 1 ]
check "as an event differing in time" contains "$WORK/exact.out" "first differ at event 4 in time"
end

begin a_real_difference_is_still_reported
move_event_time "$WORK/from37.csv" "$WORK/moved.csv" 1e-9
"$B" compare "$WORK/whole.csv" "$WORK/moved.csv" >"$WORK/moved.out"
status=$?
check "1e-9 s apart: exit status 1, got $status" [ "$status" -eq 1 ]
check "beyond the tolerance" contains "$WORK/moved.out" "beyond the tolerance"
check "the event differing in time is named" contains "$WORK/moved.out" "first differ at event 4 in time"
check "with how far apart" contains "$WORK/moved.out" "1e-09 s apart, beyond one instant"
"$B" compare "$WORK/whole.csv" "$WORK/from37.csv" --time-tolerance 1 2>"$WORK/bad_tt.err" >/dev/null
check "--time-tolerance 1 is bad input" [ $? -eq 2 ]
check "and says why" contains "$WORK/bad_tt.err" "--time-tolerance: must be in [0, 1)"
end

begin sampled_traces
"$B" run "$BREAK" --until "$UNTIL" --sample 0.05 --trace "$WORK/s.csv" >/dev/null
check "11 samples and the header" [ "$(wc -l <"$WORK/s.csv")" -eq 12 ]
check "sample rows with a = b = -1" contains "$WORK/s.csv" "0,0,sample,-1,-1,0,"
check "the last sample at the end" sh -c "tail -n 1 '$WORK/s.csv' | grep -q '^[0-9]*,0.5,sample,-1,-1,'"
"$B" compare "$WORK/e1.csv" "$WORK/s.csv" >"$WORK/s.out"
check "sampled and event trace of one run agree" [ $? -eq 0 ]
check "events not compared against samples" contains "$WORK/s.out" "events: not compared"
"$B" run "$ROOT/scenes/thin_gap.json" --until 0.3 --method frames --dt 0.001 --sample 0.1 --trace "$WORK/fs.csv" >/dev/null
check "frames sample 4 rows" [ "$(grep -c ',sample,' "$WORK/fs.csv")" -eq 4 ]
end

begin plots_have_the_size_asked
"$B" plot "$WORK/e1.csv" --out "$WORK/one.png" --size 640x480 >/dev/null
check "plot exits 0" [ $? -eq 0 ]
# PNG: the 8-byte signature, then the IHDR chunk with width and height.
check "a PNG signature" sh -c "od -An -tx1 -N8 '$WORK/one.png' | tr -d ' \n' | grep -q '^89504e470d0a1a0a$'"
check "640 x 480" sh -c "od -An -tx1 -j16 -N8 '$WORK/one.png' | tr -d ' \n' | grep -q '^00000280000001e0$'"
"$B" compare "$WORK/e1.csv" "$WORK/e09.csv" --tolerance 10 --plot "$WORK/two.svg" >/dev/null
check "compare with a plot exits 0" [ $? -eq 0 ]
check "an SVG of the default size" contains "$WORK/two.svg" 'width="960px" height="720px"'
check "the SVG is complete" sh -c "tail -n 1 '$WORK/two.svg' | grep -q '</svg>'"
end

begin bad_input_exits_2_and_writes_nothing
printf 'event,time,kind,a,b,impulse,kinetic_energy,momentum_x,momentum_y\n0,0,start,-1,-1,0,1,0,0\n1,0.5,ball,1,2,0.1,1,0\n' >"$WORK/bad.csv"
"$B" compare "$WORK/e1.csv" "$WORK/bad.csv" --plot "$WORK/bad.png" 2>"$WORK/bad.err" >/dev/null
check "exit 2" [ $? -eq 2 ]
check "names file and line" contains "$WORK/bad.err" "bad.csv:3: expected 9 columns, found 8"
check "no plot left" [ ! -e "$WORK/bad.png" ]
"$B" plot "$WORK/bad.csv" --out "$WORK/bad2.png" 2>/dev/null
check "plot exits 2 on a bad trace" [ $? -eq 2 ]
check "no plot left by plot" [ ! -e "$WORK/bad2.png" ]
"$B" compare "$WORK/e1.csv" "$WORK/missing.csv" 2>/dev/null
check "a missing file is bad input" [ $? -eq 2 ]
"$B" run "$BREAK" --dt 0.01 --trace "$WORK/t1.csv" 2>"$WORK/dt.err"
check "--dt without frames is a usage error" [ $? -eq 2 ]
check "one clear message" [ "$(wc -l <"$WORK/dt.err")" -eq 1 ]
check "no trace left" [ ! -e "$WORK/t1.csv" ]
"$B" run "$BREAK" --sample 0.1 2>/dev/null
check "--sample without --trace is a usage error" [ $? -eq 2 ]
"$B" run "$BREAK" --method frames --trace "$WORK/t2.csv" 2>/dev/null
check "frames without --dt is a usage error" [ $? -eq 2 ]
check "no trace left by it" [ ! -e "$WORK/t2.csv" ]
"$B" run "$BREAK" --method sideways 2>/dev/null
check "an unknown method is a usage error" [ $? -eq 2 ]
check "no temporary files left" [ -z "$(find "$WORK" -name '*.tmp-*')" ]
end

begin trailing_empty_lines_are_accepted
cp "$WORK/e1.csv" "$WORK/blank_end.csv"
printf '\n\n' >>"$WORK/blank_end.csv"
"$B" compare "$WORK/e1.csv" "$WORK/blank_end.csv" >"$WORK/blank_end.out" 2>&1
check "compare exits 0 with empty lines at the end" [ $? -eq 0 ]
check "and finds no difference" contains "$WORK/blank_end.out" "largest relative difference 0 "
"$B" plot "$WORK/blank_end.csv" --out "$WORK/blank_end.png" >/dev/null
check "plot reads it too" [ $? -eq 0 ]
{ head -n 3 "$WORK/e1.csv"; echo; tail -n +4 "$WORK/e1.csv"; } >"$WORK/blank_mid.csv"
"$B" compare "$WORK/e1.csv" "$WORK/blank_mid.csv" 2>"$WORK/blank_mid.err" >/dev/null
check "an empty line in the middle is still bad input" [ $? -eq 2 ]
check "named at its line" contains "$WORK/blank_mid.err" "blank_mid.csv:4: empty line"
end

begin unwritable_or_clashing_plots_exit_2
cp "$WORK/e1.csv" "$WORK/trace.svg"
"$B" plot "$WORK/e1.csv" --out "$WORK/nodir/p.png" 2>"$WORK/p.err" >/dev/null
check "plot to a missing directory exits 2" [ $? -eq 2 ]
check "names the file" contains "$WORK/p.err" "nodir/p.png: cannot write"
"$B" compare "$WORK/e1.csv" "$WORK/e09.csv" --tolerance 10 --plot "$WORK/nodir/c.svg" >"$WORK/c.out" 2>"$WORK/c.err"
check "compare --plot to a missing directory exits 2" [ $? -eq 2 ]
check "names the file" contains "$WORK/c.err" "nodir/c.svg: cannot write"
check "refused before printing the comparison" [ ! -s "$WORK/c.out" ]
"$B" plot "$WORK/trace.svg" --out "$WORK/./trace.svg" 2>"$WORK/same.err" >/dev/null
check "plot over its own trace exits 2" [ $? -eq 2 ]
check "names both arguments" contains "$WORK/same.err" "plot: the trace '$WORK/trace.svg' and --out '$WORK/./trace.svg' name the same file"
"$B" compare "$WORK/e1.csv" "$WORK/trace.svg" --plot "$WORK/trace.svg" 2>"$WORK/same2.err" >/dev/null
check "compare --plot over an input exits 2" [ $? -eq 2 ]
check "names both arguments" contains "$WORK/same2.err" "compare: B '$WORK/trace.svg' and --plot '$WORK/trace.svg' name the same file"
check "the input is untouched" cmp -s "$WORK/e1.csv" "$WORK/trace.svg"
"$B" compare "$WORK/e1.csv" "$WORK/e1.csv" --plot "$WORK/self.png" >/dev/null
check "A and B may be one file" [ $? -eq 0 ]
end

begin outputs_get_the_umask_mode
(umask 027 && "$B" run "$BREAK" --until 0.1 --trace "$WORK/m027.csv" --out "$WORK/m027.json" >/dev/null)
check "trace mode 640 under umask 027" [ "$(stat -c %a "$WORK/m027.csv")" = 640 ]
check "state mode 640 under umask 027" [ "$(stat -c %a "$WORK/m027.json")" = 640 ]
(umask 022 && "$B" plot "$WORK/e1.csv" --out "$WORK/m022.png" >/dev/null)
check "plot mode 644 under umask 022" [ "$(stat -c %a "$WORK/m022.png")" = 644 ]
end

# Replaces the calling shell (use it as a background job: "... &") with a
# command run with SIGHUP, SIGINT and SIGTERM at their defaults. A shell cannot
# undo a signal it was started with ignored (as under nohup, or as a background
# job of a script), so python3 (which meson needs anyway) does it; exec keeps
# the pid in $! the run's own.
exec_with_default_signals() {
	exec python3 -c 'import os, signal, sys
for s in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
    signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])' "$@"
}

# Starts a long run (the periodic gas made below, with no limit) writing a
# sampled trace, and waits until its temporary file exists. Sets $pid.
start_endless_run() { # TRACE-NAME
	exec_with_default_signals "$B" run "$WORK/endless.json" --sample 1 --trace "$WORK/$1" >/dev/null 2>&1 &
	pid=$!
	tries=0
	while [ -z "$(find "$WORK" -name "$1.tmp-*")" ] && [ "$tries" -lt 100 ]; do
		sleep 0.05
		tries=$((tries + 1))
	done
	check "the run's temporary file appears" [ -n "$(find "$WORK" -name "$1.tmp-*")" ]
}

begin a_killed_run_leaves_no_temporary
# A periodic gas of 2000 discs takes some 10^9 events to reach the time
# limit: for this test, a run without end.
check "the gas is made" "$B" gen gas --n 2000 --phi 0.5 --periodic --out "$WORK/endless.json"
for signal_number in TERM:15 HUP:1; do
	signal=${signal_number%:*}
	start_endless_run "killed_$signal.csv"
	kill -s "$signal" "$pid"
	wait "$pid"
	status=$?
	check "dies of SIG$signal (status $status)" [ "$status" -eq $((128 + ${signal_number#*:})) ]
	check "no temporary left after SIG$signal" [ -z "$(find "$WORK" -name "killed_$signal.csv*")" ]
done
# Under nohup SIGHUP is ignored, and must stay so.
(trap '' HUP && exec "$B" run "$WORK/endless.json" --sample 1 --trace "$WORK/nohup.csv" >/dev/null 2>&1) &
pid=$!
sleep 0.3
kill -s HUP "$pid"
sleep 0.2
check "an ignored SIGHUP stays ignored" kill -0 "$pid"
kill -s TERM "$pid"
wait "$pid"
check "then SIGTERM removes the temporary" [ -z "$(find "$WORK" -name "nohup.csv*")" ]
end

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
