#!/bin/sh
# pip install . as a Python user does it, offline: a fresh virtual
# environment of Debian's python3 that sees Debian's packages (numpy,
# meson-python), `pip install --no-build-isolation` of the source tree into
# it, then, from a directory outside the tree with nothing pointing at a
# build (no BREAKSHOT_LIBRARY, BREAKSHOT, PYTHONPATH or LD_LIBRARY_PATH):
# the package, library and program the wheel carries, the README's Python
# lines as written, the `breakshot` command, and World.view under Xvfb.
# The tree must be as it was, but for meson-python 0.12's own
# .mesonpy-native-file.ini (which it always writes into the source
# directory; .gitignore has it). The tree holds configured build
# directories (this test's own among them), which the build must not trip
# over.
#
# Needs BREAKSHOT_SOURCE_ROOT (the source tree); takes BREAKSHOT_PIP_PYTHON
# (the python3 to make the environment with; default /usr/bin/python3) and
# BREAKSHOT_VIEWER (true when the viewer's libraries are there, so that the
# wheel has it too), as tests/meson.build sets them. Prints "ok NAME" or
# "FAIL NAME" per group of checks and "pip: N passed, N failed" at the end.
set -u
ROOT=${BREAKSHOT_SOURCE_ROOT:?BREAKSHOT_SOURCE_ROOT must name the source tree}
PYTHON=${BREAKSHOT_PIP_PYTHON:-/usr/bin/python3}
VIEWER=${BREAKSHOT_VIEWER:-false}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
VENV=$WORK/venv
SITE=""

# begin, check, end and contains.
. "$(dirname "$0")/check.sh"

# The tree's files, build directories and meson-python's native file left out.
tree_listing() {
	(cd "$ROOT" && find . \( -path ./.git -o -path './build*' \) -prune -o -print) |
		grep -v '^\./\.mesonpy-native-file\.ini$' | sort
}
tree_listing >"$WORK/tree.before"

# Runs a command from $WORK/outside with the build's pointers unset.
outside() {
	(cd "$WORK/outside" &&
		env -u BREAKSHOT_LIBRARY -u BREAKSHOT -u BREAKSHOT_SHADERS -u PYTHONPATH -u LD_LIBRARY_PATH -u LD_PRELOAD "$@")
}
mkdir "$WORK/outside"
# The README's lines open scenes/...: the scenes, and nothing else of the tree.
ln -s "$ROOT/scenes" "$WORK/outside/scenes"

begin a_fresh_venv_installs_the_tree_with_pip
check "the tree holds a configured build directory" sh -c "ls -d '$ROOT'/build*/meson-private >/dev/null 2>&1"
"$PYTHON" -m venv --system-site-packages "$VENV" >"$WORK/venv.log" 2>&1
status=$?
check "$PYTHON -m venv exits 0, got $status: $(tail -n 2 "$WORK/venv.log" | tr '\n' ' ')" [ "$status" -eq 0 ]
(cd "$WORK" && "$VENV/bin/pip" install --no-build-isolation --no-index --no-cache-dir "$ROOT") >"$WORK/pip.log" 2>&1
status=$?
check "pip install exits 0, got $status: $(grep -i 'error' "$WORK/pip.log" | head -n 5 | tr '\n' ' ')" [ "$status" -eq 0 ]
[ "$status" -eq 0 ] || tail -n 40 "$WORK/pip.log" >&2
SITE=$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_path("platlib"))')
PACKAGE=$SITE/breakshot
check "the package is in the venv's site-packages ($PACKAGE)" [ -f "$PACKAGE/__init__.py" ]
check "the wheel carries the library" [ -f "$PACKAGE/libbreakshot.so" ]
check "the wheel carries the program" [ -x "$PACKAGE/bin/breakshot" ]
check "the breakshot command is on the venv's PATH" [ -x "$VENV/bin/breakshot" ]
check "the wheel depends on numpy" sh -c "grep -q '^Requires-Dist: numpy' '$SITE'/breakshot-*.dist-info/METADATA"
check "no headers, static library or pkg-config file in the venv" \
	sh -c "! find '$VENV' -name 'world.h' -o -name 'libbreakshot.a' -o -name 'breakshot.pc' | grep -q ."
check "meson-python mapped every file (no 'could not be mapped' warning)" sh -c "! grep -q 'could not be mapped' '$WORK/pip.log'"
end

begin the_venv_imports_and_simulates_with_its_own_library
outside "$VENV/bin/python" -c '
import sys
import breakshot
print(breakshot.__file__)
shot = breakshot.simulate("scenes/9ball_break.json")
print(len(shot.events))
print(next(line.split()[-1] for line in open("/proc/self/maps") if "libbreakshot" in line))
print(type(shot.state.positions).__name__, shot.state_at(1.0).positions.shape, len(shot.trajectory(0.1)))' \
	>"$WORK/import.out" 2>"$WORK/import.err"
status=$?
check "exits 0, got $status: $(tail -n 3 "$WORK/import.err" | tr '\n' ' ')" [ "$status" -eq 0 ]
check "imports the venv's package ($(sed -n 1p "$WORK/import.out"))" [ "$(sed -n 1p "$WORK/import.out")" = "$PACKAGE/__init__.py" ]
check "simulates the 9-ball break: 82 events, got $(sed -n 2p "$WORK/import.out")" [ "$(sed -n 2p "$WORK/import.out")" = 82 ]
check "loads the library the wheel carries ($(sed -n 3p "$WORK/import.out"))" \
	[ "$(sed -n 3p "$WORK/import.out")" = "$PACKAGE/libbreakshot.so" ]
check "states are arrays, a recorded shot reads back ($(sed -n 4p "$WORK/import.out"))" \
	[ "$(sed -n 4p "$WORK/import.out")" = "ndarray (10, 2) 83" ]
# The bundled library comes first, whatever the environment points at.
outside env BREAKSHOT_LIBRARY=/nonexistent/libbreakshot.so "$VENV/bin/python" -c 'import breakshot' \
	>"$WORK/env.out" 2>&1
status=$?
check "a stale BREAKSHOT_LIBRARY does not matter, got $status: $(tail -n 1 "$WORK/env.out")" [ "$status" -eq 0 ]
end

begin the_readme_python_lines_run_as_written
# The first python block of the README's "Use it from Python".
sed -n '/^## Use it from Python/,/^## /p' "$ROOT/README.md" |
	sed -n '/^```python$/,/^```$/p' | sed '1d;/^```$/,$d' >"$WORK/outside/readme.py"
check "the README has Python lines" [ -s "$WORK/outside/readme.py" ]
outside "$VENV/bin/python" readme.py >"$WORK/readme.out" 2>"$WORK/readme.err"
status=$?
check "they run, exit status $status: $(tail -n 3 "$WORK/readme.err" | tr '\n' ' ')" [ "$status" -eq 0 ]
check "they print the break's first collision" grep -q '^0\.125167 s  ball  (0, 1)$' "$WORK/readme.out"
end

begin the_breakshot_command_runs_the_bundled_program
outside "$VENV/bin/breakshot" --version >"$WORK/version.out" 2>&1
check "breakshot --version: $(cat "$WORK/version.out")" grep -q '^breakshot [0-9]' "$WORK/version.out"
outside "$VENV/bin/breakshot" run scenes/9ball_break.json >"$WORK/run.out" 2>&1
check "breakshot run: 82 events" grep -q '^  events *82 ' "$WORK/run.out"
end

begin world_view_shows_the_world_under_xvfb
if [ "$VIEWER" != true ] || ! command -v xvfb-run >/dev/null 2>&1; then
	echo "  skipped: no viewer libraries or no xvfb-run"
else
	# World.view's screenshot is the bundled program's own of the saved state.
	outside xvfb-run -a -s '-screen 0 1280x1024x24' "$VENV/bin/python" -c '
import subprocess, sys
import breakshot
world = breakshot.World.from_scene("scenes/9ball_break.json")
world.advance(0.4)
world.view(screenshot="view.png", size=(640, 360))
world.save("saved.json")
subprocess.run([sys.argv[1], "view", "saved.json", "--screenshot", "program.png", "--size", "640x360"], check=True)
' "$VENV/bin/breakshot" >"$WORK/view.out" 2>"$WORK/view.err"
	status=$?
	check "exits 0, got $status: $(tail -n 3 "$WORK/view.err" | tr '\n' ' ')" [ "$status" -eq 0 ]
	check "writes the screenshot" [ -s "$WORK/outside/view.png" ]
	check "the program's own screenshot of the saved state is the same" cmp -s "$WORK/outside/view.png" "$WORK/outside/program.png"
	check "the viewer says what it showed: $(head -n 1 "$WORK/view.out")" grep -q 'at t = 0.4 s' "$WORK/view.out"
fi
end

begin the_source_tree_is_left_as_it_was
tree_listing >"$WORK/tree.after"
check "no file added or removed: $(diff "$WORK/tree.before" "$WORK/tree.after" | grep '^[<>]' | head -n 5 | tr '\n' ' ')" \
	cmp -s "$WORK/tree.before" "$WORK/tree.after"
end

echo "pip: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
