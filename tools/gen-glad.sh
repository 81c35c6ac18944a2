#!/bin/sh
# Generates the OpenGL 3.3 core loader with glad, offline, into OUTDIR as
# three flat files (glad_gl.c, glad_gl.h, khrplatform.h): meson outputs cannot
# live in subdirectories, so the include lines are rewritten to match.
# usage: gen-glad.sh GLAD OUTDIR
set -eu
glad=$1
out=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
"$glad" --quiet --reproducible --api gl:core=3.3 --extensions= --out-path "$work" c
sed 's|#include <glad/gl.h>|#include "glad_gl.h"|' "$work/src/gl.c" >"$out/glad_gl.c"
sed 's|#include <KHR/khrplatform.h>|#include "khrplatform.h"|' "$work/include/glad/gl.h" >"$out/glad_gl.h"
cp "$work/include/KHR/khrplatform.h" "$out/khrplatform.h"
