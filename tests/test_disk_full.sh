#!/bin/sh
# End-to-end tests of writing to a full disk, on the built binary: every
# output a command writes (run --trace and --out, with events, samples or
# frames; gen --out and gen to standard output; plot --out, PNG and SVG;
# compare --plot; the summaries on standard output) pointed at /dev/full,
# and then at a small tmpfs that is full, or fills up while the file is
# written. Each must exit 1 (compare: 2, as 1 says "beyond the tolerance")
# with one line on standard error naming the file and the cause, and leave
# no file: neither the output, nor its temporary, nor the other outputs of
# the run. /dev/full itself must stay the device it is.
#
# The tmpfs is mounted in a mount namespace of its own (unshare --mount
# --map-root-user), where it vanishes with the test; where that cannot be
# done (no user namespaces, no unshare), that part is skipped, saying so.
# Needs BREAKSHOT and BREAKSHOT_SOURCE_ROOT, as tests/meson.build sets them.
set -u
B=${BREAKSHOT:?BREAKSHOT must name the breakshot binary}
ROOT=${BREAKSHOT_SOURCE_ROOT:?BREAKSHOT_SOURCE_ROOT must name the source tree}

# Run the whole test in a mount namespace when one can be had, so that the
# tmpfs below can be mounted; once inside, BREAKSHOT_DISK_FULL_NS is set.
if [ -z "${BREAKSHOT_DISK_FULL_NS:-}" ]; then
	if unshare --mount --map-root-user true 2>/dev/null; then
		BREAKSHOT_DISK_FULL_NS=1 exec unshare --mount --map-root-user sh "$0" "$@"
	fi
	BREAKSHOT_DISK_FULL_NS=none
fi

WORK=$(mktemp -d)
FULL=$WORK/full
trap 'umount "$FULL" 2>/dev/null; rm -rf "$WORK"' EXIT
# begin, check, end, contains and holds_only.
. "$(dirname "$0")/check.sh"

BREAK=$ROOT/scenes/9ball_break_ideal.json
"$B" run "$BREAK" --trace "$WORK/trace.csv" >/dev/null
# plot and compare --plot want a .png or .svg name: links to /dev/full.
ln -s /dev/full "$WORK/full.png"
ln -s /dev/full "$WORK/full.svg"

# fails_writing STATUS NAME COMMAND...: the command, run in $WORK, exits with
# STATUS and prints exactly one line on standard error, which names NAME and
# says that the disk is full.
fails_writing() {
	expected_status=$1
	name=$2
	shift 2
	fails_with "$expected_status" "breakshot: $name: write failed: No space left on device" "$@"
}

begin run_outputs_to_dev_full
check "--out" fails_writing 1 /dev/full "$B" run "$BREAK" --out /dev/full
check "--trace" fails_writing 1 /dev/full "$B" run "$BREAK" --trace /dev/full
check "--trace --sample" fails_writing 1 /dev/full "$B" run "$BREAK" --trace /dev/full --sample 0.01
check "frames --trace" fails_writing 1 /dev/full "$B" run "$BREAK" --method frames --dt 0.001 --until 2 --trace /dev/full
# All or none: the trace, written fine, goes too.
check "--trace beside --out" fails_writing 1 /dev/full "$B" run "$BREAK" --trace kept.csv --out /dev/full
check "no file left" holds_only "$WORK" "full.png full.svg stderr.txt stdout.txt trace.csv"
check "the summary" fails_writing 1 "standard output" sh -c "'$B' run '$BREAK' >/dev/full"
end

begin other_commands_to_dev_full
check "gen --out" fails_writing 1 /dev/full "$B" gen gas --n 200 --phi 0.3 --out /dev/full
check "gen to standard output" fails_writing 1 "standard output" sh -c "'$B' gen gas --n 200 --phi 0.3 >/dev/full"
check "gen, a small gas" fails_writing 1 "standard output" sh -c "'$B' gen gas --n 3 --phi 0.1 >/dev/full"
check "plot PNG" fails_writing 1 full.png "$B" plot trace.csv --out full.png
check "plot SVG" fails_writing 1 full.svg "$B" plot trace.csv --out full.svg
check "compare --plot" fails_writing 2 full.png "$B" compare trace.csv trace.csv --plot full.png
check "compare's report" fails_writing 2 "standard output" sh -c "'$B' compare trace.csv trace.csv >/dev/full"
check "no file left" holds_only "$WORK" "full.png full.svg stderr.txt stdout.txt trace.csv"
# An output naming a device is written to it, never renamed over it.
check "/dev/full is still a character device" test -c /dev/full
end

skip_tmpfs() { # skip_tmpfs REASON
	echo "skipped: the tests on a full tmpfs: $1"
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}
if [ "$BREAKSHOT_DISK_FULL_NS" = none ]; then
	skip_tmpfs "no mount namespace here (unshare --mount --map-root-user fails)"
fi
mkdir "$FULL"
if ! mount -t tmpfs -o size=512k tmpfs "$FULL" 2>"$WORK/mount.txt"; then
	skip_tmpfs "cannot mount one: $(cat "$WORK/mount.txt")"
fi
# 16 KiB kept in `room`, the rest taken by `fill`: full. Removing `room`
# leaves space for the first part of an output, which then fills the disk.
dd if=/dev/zero of="$FULL/room" bs=4096 count=4 2>/dev/null
dd if=/dev/zero of="$FULL/fill" bs=4096 2>/dev/null
ls -A "$FULL" >/dev/null

begin outputs_on_a_full_tmpfs
check "the tmpfs is full" sh -c "! echo x >'$FULL/probe' 2>/dev/null"
rm -f "$FULL/probe"
check "--trace" fails_writing 1 full/t.csv "$B" run "$BREAK" --trace full/t.csv
check "--out" fails_writing 1 full/s.json "$B" run "$BREAK" --out full/s.json
check "frames --trace" fails_writing 1 full/f.csv "$B" run "$BREAK" --method frames --dt 0.001 --until 2 \
	--trace full/f.csv
check "--trace beside --out" fails_writing 1 full/s.json "$B" run "$BREAK" --trace kept.csv --out full/s.json
check "gen --out" fails_writing 1 full/g.json "$B" gen gas --n 200 --phi 0.3 --out full/g.json
check "plot PNG" fails_writing 1 full/p.png "$B" plot trace.csv --out full/p.png
check "plot SVG" fails_writing 1 full/p.svg "$B" plot trace.csv --out full/p.svg
check "compare --plot" fails_writing 2 full/c.svg "$B" compare trace.csv trace.csv --plot full/c.svg
check "nothing left on the tmpfs" holds_only "$FULL" "fill room"
check "nothing left beside it" holds_only "$WORK" "full full.png full.svg mount.txt stderr.txt stdout.txt trace.csv"
end

begin outputs_that_fill_a_tmpfs
rm "$FULL/room"
# Each is larger than the 16 KiB free: its first part is written, then the
# disk is full.
check "--trace" fails_writing 1 full/t.csv "$B" run "$BREAK" --trace full/t.csv
check "--trace --sample" fails_writing 1 full/t.csv "$B" run "$BREAK" --trace full/t.csv --sample 0.01
check "frames --trace --sample" fails_writing 1 full/f.csv "$B" run "$BREAK" --method frames --dt 0.001 --until 2 \
	--trace full/f.csv --sample 0.001
check "gen --out" fails_writing 1 full/g.json "$B" gen gas --n 1000 --phi 0.3 --out full/g.json
check "plot PNG" fails_writing 1 full/p.png "$B" plot trace.csv --out full/p.png
check "plot SVG" fails_writing 1 full/p.svg "$B" plot trace.csv --out full/p.svg
check "nothing left on the tmpfs" holds_only "$FULL" "fill"
# The space is free again: the same outputs now fit where they are small.
check "a small output fits" sh -c "cd '$WORK' && '$B' run '$BREAK' --events 10 --trace full/t.csv >/dev/null"
check "and is there" holds_only "$FULL" "fill t.csv"
end

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
