#!/bin/sh
# The installed library, as a newcomer would use it: installs the build into
# a temporary directory (meson install --destdir), checks what landed there
# (headers, program, shared and static library, pkg-config file, shaders when
# the viewer is built), then builds examples/hello.c against the installed
# tree through pkg-config, once with the shared library and once with the
# static one, and checks that both print what the in-tree example prints.
#
# Needs BREAKSHOT_BUILD_ROOT (the build directory), BREAKSHOT_SOURCE_ROOT (the
# source tree) and CC (the compiler, split into words as a command); takes
# BREAKSHOT_HELLO (the in-tree example; default BUILD/examples/hello),
# BREAKSHOT_PYTHON (the python3 the package is for; default python3),
# BREAKSHOT_PYTHON_PRELOAD (the sanitizer runtime a sanitized library needs
# preloaded into python, or empty),
# BREAKSHOT_SANITIZE (meson's b_sanitize: a sanitized library needs the same
# -fsanitize where it is linked) and BREAKSHOT_VIEWER (true when the viewer,
# and so its shaders, is built; by default read from what meson installs), as
# tests/meson.build sets them. Prints "ok NAME" or "FAIL NAME" per group of
# checks and "install: N passed, N failed" at the end; exits 1 on a failure.
set -u
BUILD=${BREAKSHOT_BUILD_ROOT:?BREAKSHOT_BUILD_ROOT must name the build directory}
ROOT=${BREAKSHOT_SOURCE_ROOT:?BREAKSHOT_SOURCE_ROOT must name the source tree}
CC=${CC:-cc}
SANITIZE=${BREAKSHOT_SANITIZE:-none}
PYTHON=${BREAKSHOT_PYTHON:-python3}
PYTHON_PRELOAD=${BREAKSHOT_PYTHON_PRELOAD:-}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
meson introspect --installed "$BUILD" >"$WORK/installed.json"
if [ -n "${BREAKSHOT_VIEWER:-}" ]; then
	VIEWER=$BREAKSHOT_VIEWER
elif grep -q '/share/breakshot/shaders/' "$WORK/installed.json"; then
	VIEWER=true
else
	VIEWER=false
fi
DEST=$WORK/dest

# begin, check, end and contains.
. "$(dirname "$0")/check.sh"

# The one file under the destdir matching a name (empty when none).
find_installed() { # find_installed NAME
	find "$DEST" -name "$1" | head -n 1
}

# The flags every build of the example gets: strict, so that the public
# headers compile cleanly in a user's program, and the build's sanitizers.
EXAMPLE_FLAGS="-std=c11 -Wall -Wextra -Wpedantic -Werror"
if [ "$SANITIZE" != none ] && [ -n "$SANITIZE" ]; then
	EXAMPLE_FLAGS="$EXAMPLE_FLAGS -fsanitize=$SANITIZE"
fi

begin the_example_runs_in_the_tree
"${BREAKSHOT_HELLO:-$BUILD/examples/hello}" >"$WORK/hello.expected" 2>"$WORK/hello.err"
status=$?
check "exit status 0, got $status" [ "$status" -eq 0 ]
check "prints an event line" grep -q '^t = .* a = .* b = .* impulse = ' "$WORK/hello.expected"
check "prints nothing on stderr" [ ! -s "$WORK/hello.err" ]
end

begin meson_install_to_a_destdir
meson install -C "$BUILD" --destdir "$DEST" --no-rebuild --quiet >"$WORK/install.log" 2>&1
status=$?
check "meson install exits 0, got $status (log: $(tail -n 3 "$WORK/install.log" | tr '\n' ' '))" [ "$status" -eq 0 ]
end

# Where the files went: the prefix and the library directory, read from the
# installed pkg-config file (whose prefix is where the build installs).
PC=$(find_installed breakshot.pc)
PREFIX=""
[ -n "$PC" ] && PREFIX=$(sed -n 's/^prefix=//p' "$PC")
LIBDIR=""
[ -n "$PC" ] && LIBDIR=$(dirname "$(dirname "$PC")")

begin the_installed_tree_is_complete
check "breakshot.pc is installed" [ -n "$PC" ]
check "the pkg-config file names its prefix" [ -n "$PREFIX" ]
check "the pkg-config file is in LIBDIR/pkgconfig" [ "$(basename "$(dirname "$PC")")" = pkgconfig ]
for header in "$ROOT"/include/breakshot/*.h; do
	name=$(basename "$header")
	check "include/breakshot/$name is installed" [ -f "$DEST$PREFIX/include/breakshot/$name" ]
	check "include/breakshot/$name is the source's" cmp -s "$header" "$DEST$PREFIX/include/breakshot/$name"
done
check "bin/breakshot is installed and executable" [ -x "$DEST$PREFIX/bin/breakshot" ]
check "the installed program runs" sh -c "'$DEST$PREFIX/bin/breakshot' help | grep -q '^usage: breakshot COMMAND'"
check "libbreakshot.so is installed" [ -e "$LIBDIR/libbreakshot.so" ]
check "libbreakshot.so.0 (the soname) is installed" [ -e "$LIBDIR/libbreakshot.so.0" ]
check "the shared library's soname is libbreakshot.so.0" \
	sh -c "readelf -d '$LIBDIR/libbreakshot.so' | grep -q 'SONAME.*\[libbreakshot.so.0\]'"
check "libbreakshot.a is installed" [ -f "$LIBDIR/libbreakshot.a" ]
if [ "$VIEWER" = true ]; then
	for shader in "$ROOT"/shaders/*.vert "$ROOT"/shaders/*.frag; do
		name=$(basename "$shader")
		check "share/breakshot/shaders/$name is installed" [ -f "$DEST$PREFIX/share/breakshot/shaders/$name" ]
	done
else
	check "no shaders without the viewer" [ ! -e "$DEST$PREFIX/share/breakshot/shaders" ]
fi
# Whatever else meson says it installs is there too.
check "every file meson lists is installed" python3 -c '
import json, os, sys
dest = sys.argv[1]
missing = [path for path in json.load(open(sys.argv[2])).values() if not os.path.lexists(dest + path)]
for path in missing:
    print("  missing: " + path, file=sys.stderr)
sys.exit(1 if missing else 0)' "$DEST" "$WORK/installed.json"
end

begin the_pkg_config_file_is_sensible
if [ -n "$PC" ]; then
	check "Name: breakshot" contains "$PC" "Name: breakshot"
	check "Version: $(sed -n "s/^ *version: '\(.*\)',/\1/p" "$ROOT/meson.build")" \
		contains "$PC" "Version: $(sed -n "s/^ *version: '\(.*\)',/\1/p" "$ROOT/meson.build")"
	check "Requires.private: jansson" grep -q '^Requires.private:.*\bjansson\b' "$PC"
	check "Libs.private: -lm" grep -q '^Libs.private:.*-lm\b' "$PC"
	check "Libs: -lbreakshot" grep -q '^Libs:.*-lbreakshot\b' "$PC"
	check "Cflags: -I\${includedir}" grep -q '^Cflags:.*-I${includedir}' "$PC"
	# Relocatable: every path hangs off ${prefix}, so that a destdir (or a
	# moved tree) needs only the prefix redefined.
	check "paths derive from \${prefix}" [ -z "$(grep -E '^(includedir|libdir)=' "$PC" | grep -v '=\${prefix}/')" ]
fi
end

# pkg-config, looking at the installed file alone for breakshot, with the
# prefix moved into the destdir.
PKG_CONFIG_PATH=$(dirname "$PC")
export PKG_CONFIG_PATH
pkgconf() {
	pkg-config --define-variable=prefix="$DEST$PREFIX" "$@" breakshot
}

begin the_example_builds_against_the_shared_library
CFLAGS_PC=$(pkgconf --cflags)
LIBS_PC=$(pkgconf --libs)
check "pkg-config --cflags points into the destdir ($CFLAGS_PC)" sh -c "echo '$CFLAGS_PC' | grep -q -- '-I$DEST$PREFIX/include'"
check "pkg-config --libs points into the destdir ($LIBS_PC)" sh -c "echo '$LIBS_PC' | grep -q -- '-L$LIBDIR'"
# shellcheck disable=SC2086 # the flags are words
$CC $EXAMPLE_FLAGS $CFLAGS_PC "$ROOT/examples/hello.c" -o "$WORK/hello_shared" $LIBS_PC 2>"$WORK/shared.err"
status=$?
check "builds, got $status: $(head -n 3 "$WORK/shared.err" | tr '\n' ' ')" [ "$status" -eq 0 ]
if [ "$status" -eq 0 ]; then
	check "needs libbreakshot.so.0" sh -c "readelf -d '$WORK/hello_shared' | grep -q 'NEEDED.*\[libbreakshot.so.0\]'"
	check "loads the installed libbreakshot.so.0" \
		sh -c "LD_LIBRARY_PATH='$LIBDIR' ldd '$WORK/hello_shared' | grep -q 'libbreakshot.so.0 => $LIBDIR/'"
	LD_LIBRARY_PATH=$LIBDIR "$WORK/hello_shared" >"$WORK/hello.shared" 2>&1
	status=$?
	check "runs, exit status $status" [ "$status" -eq 0 ]
	check "prints what the in-tree example prints" cmp -s "$WORK/hello.expected" "$WORK/hello.shared"
fi
end

begin the_example_builds_against_the_static_library
CFLAGS_PC=$(pkgconf --cflags --static)
LIBS_PC=$(pkgconf --libs --static)
check "pkg-config --static --libs has jansson and -lm ($LIBS_PC)" \
	sh -c "echo ' $LIBS_PC ' | grep -q -- ' -ljansson ' && echo ' $LIBS_PC ' | grep -q -- ' -lm '"
# With both libraries in one directory -lbreakshot picks the shared one: name
# the archive.
LIBS_STATIC=$(echo " $LIBS_PC " | sed 's/ -lbreakshot / -l:libbreakshot.a /')
# shellcheck disable=SC2086 # the flags are words
$CC $EXAMPLE_FLAGS $CFLAGS_PC "$ROOT/examples/hello.c" -o "$WORK/hello_static" $LIBS_STATIC 2>"$WORK/static.err"
status=$?
check "builds, got $status: $(head -n 3 "$WORK/static.err" | tr '\n' ' ')" [ "$status" -eq 0 ]
if [ "$status" -eq 0 ]; then
	check "does not need libbreakshot.so" sh -c "! readelf -d '$WORK/hello_static' | grep -q 'NEEDED.*libbreakshot'"
	"$WORK/hello_static" >"$WORK/hello.static" 2>&1
	status=$?
	check "runs, exit status $status" [ "$status" -eq 0 ]
	check "prints what the in-tree example prints" cmp -s "$WORK/hello.expected" "$WORK/hello.static"
fi
end

# The Python package: where Debian's python3 looks under the prefix, with
# the installed library's directory written into it, and importable from
# the destdir with no hint but the library's directory (ld.so's own search,
# as the ld.so cache would find it under the real prefix).
begin the_python_package_imports_from_the_install
INIT=$(find "$DEST" -path '*/breakshot/__init__.py' | head -n 1)
check "breakshot/__init__.py is installed" [ -n "$INIT" ]
SITE=$(dirname "$(dirname "$INIT")")
check "its directory, ${SITE#"$DEST"}, is on $PYTHON's own path" \
	"$PYTHON" -c 'import sys; sys.exit(0 if sys.argv[1] in sys.path else 1)' "${SITE#"$DEST"}"
check "_config.py names the installed library directory" \
	grep -q "^LIBDIR = \"${LIBDIR#"$DEST"}\"$" "$SITE/breakshot/_config.py"
BINDIR_PY=$(sed -n 's/^BINDIR = "\(.*\)"$/\1/p' "$SITE/breakshot/_config.py")
check "_config.py names the installed program's directory, got '$BINDIR_PY'" [ -x "$DEST$BINDIR_PY/breakshot" ]
env -u BREAKSHOT_LIBRARY PYTHONPATH="$SITE" LD_LIBRARY_PATH="$LIBDIR" LD_PRELOAD="$PYTHON_PRELOAD" \
	ASAN_OPTIONS=detect_leaks=0 "$PYTHON" -c '
import sys
import breakshot
print(breakshot.__file__)
print(len(breakshot.simulate(sys.argv[1]).events))
print(next(line.split()[-1] for line in open("/proc/self/maps") if "libbreakshot.so" in line))' \
	"$ROOT/scenes/9ball_break.json" >"$WORK/python.out" 2>"$WORK/python.err"
status=$?
check "python3 -c 'import breakshot' exits 0, got $status: $(tail -n 2 "$WORK/python.err" | tr '\n' ' ')" \
	[ "$status" -eq 0 ]
check "imports the installed package" [ "$(sed -n 1p "$WORK/python.out")" = "$SITE/breakshot/__init__.py" ]
check "simulates the 9-ball break: 82 events" [ "$(sed -n 2p "$WORK/python.out")" = 82 ]
check "loads the installed library ($(sed -n 3p "$WORK/python.out"))" \
	sh -c "sed -n 3p '$WORK/python.out' | grep -q '^$LIBDIR/libbreakshot.so'"
end

echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
