#!/bin/sh
# The README's "Use it from C" section, run as a newcomer runs it: its C
# listing must be examples/hello.c (but the file's opening comment), and its shell commands, read from the
# README itself so that the two cannot drift apart, run word for word from
# the root of a copy of the source tree, with a scratch HOME for the prefix
# and nothing else in the environment but PATH (no LD_LIBRARY_PATH, no
# PKG_CONFIG_PATH). They must build, install, compile the example and run
# it; ./hello must print what the in-tree example prints, and run again
# from another directory with no hint where the library is.
#
# Needs BREAKSHOT_SOURCE_ROOT (the source tree) and BREAKSHOT_HELLO (the
# in-tree example, whose output is expected). A full release build of the
# copy: in the slow suite. Prints "ok NAME" or "FAIL NAME" per group and
# "readme_c: N passed, N failed" at the end; exits 1 on a failure.
set -u
ROOT=${BREAKSHOT_SOURCE_ROOT:?BREAKSHOT_SOURCE_ROOT must name the source tree}
HELLO=${BREAKSHOT_HELLO:?BREAKSHOT_HELLO must name the in-tree example}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# begin, check, end and contains.
. "$(dirname "$0")/check.sh"

# The lines of the first ```LANG block after the heading "## Use it from C"
# and before the next heading of that level.
readme_block() { # readme_block LANG
	awk -v lang="$1" '
		/^## / { inside = ($0 == "## Use it from C") }
		inside && !done && $0 == "```" lang { copying = 1; next }
		copying && $0 == "```" { copying = 0; done = 1 }
		copying { print }' "$ROOT/README.md"
}

readme_block c >"$WORK/listing.c"
readme_block sh >"$WORK/commands.sh"

# examples/hello.c without the comment lines that open it.
awk 'started || !/^\/\//{ started = 1; print }' "$ROOT/examples/hello.c" >"$WORK/hello.c"

begin the_readme_lists_examples_hello_c
check "the section has a C listing" [ -s "$WORK/listing.c" ]
check "the listing is examples/hello.c but its opening comment ($(diff "$WORK/hello.c" "$WORK/listing.c" | head -n 4 | tr '\n' ' '))" \
	cmp -s "$WORK/hello.c" "$WORK/listing.c"
end

begin the_readme_gives_commands_that_need_no_library_path
check "the section has shell commands" [ -s "$WORK/commands.sh" ]
check "they compile examples/hello.c, the file's path from the root" contains "$WORK/commands.sh" "cc examples/hello.c "
check "they run ./hello" grep -q '^\./hello$' "$WORK/commands.sh"
check "they do not set LD_LIBRARY_PATH" sh -c "! grep -q LD_LIBRARY_PATH '$WORK/commands.sh'"
end

# The source tree without its builds or its history, as a fresh clone has it.
mkdir "$WORK/src" "$WORK/home"
for entry in "$ROOT"/* "$ROOT"/.[!.]*; do
	case $(basename "$entry") in
	build* | .git | '.[!.]*') ;;
	*) cp -R "$entry" "$WORK/src/" ;;
	esac
done

begin the_readme_commands_run_as_written
(cd "$WORK/src" && env -i HOME="$WORK/home" PATH="$PATH" sh -e -x "$WORK/commands.sh") \
	>"$WORK/run.out" 2>"$WORK/run.err"
status=$?
check "the commands exit 0, got $status: $(grep -v '^ninja: \|^\[' "$WORK/run.err" | tail -n 5 | tr '\n' ' ')" \
	[ "$status" -eq 0 ]
check "they installed breakshot.pc under HOME" [ -f "$WORK/home/.local/lib/pkgconfig/breakshot.pc" ]
check "they built ./hello" [ -x "$WORK/src/hello" ]
if [ -x "$WORK/src/hello" ]; then
	check "./hello needs libbreakshot.so.0" \
		sh -c "readelf -d '$WORK/src/hello' | grep -q 'NEEDED.*\[libbreakshot.so.0\]'"
	check "./hello carries the prefix's library directory as its run path" \
		sh -c "readelf -d '$WORK/src/hello' | grep -q '\(RPATH\|RUNPATH\).*\[$WORK/home/.local/lib\]'"
fi
end

begin hello_prints_what_the_in_tree_example_prints
env -i "$HELLO" >"$WORK/hello.expected" 2>&1
# The commands' own ./hello, the last thing they print.
tail -n "$(wc -l <"$WORK/hello.expected")" "$WORK/run.out" >"$WORK/hello.readme"
check "the commands' ./hello prints the in-tree example's lines ($(diff "$WORK/hello.expected" "$WORK/hello.readme" | head -n 4 | tr '\n' ' '))" \
	cmp -s "$WORK/hello.expected" "$WORK/hello.readme"
(cd / && env -i "$WORK/src/hello") >"$WORK/hello.again" 2>"$WORK/hello.err"
status=$?
check "./hello runs again from / with an empty environment, exit status $status: $(head -n 2 "$WORK/hello.err" | tr '\n' ' ')" \
	[ "$status" -eq 0 ]
check "and prints the same" cmp -s "$WORK/hello.expected" "$WORK/hello.again"
end

echo "readme_c: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
