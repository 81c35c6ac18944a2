"""The breakshot program: the command line, and the viewer World.view opens.

It is found, in order, through:

1. the program a wheel (``pip install .``) carries inside the package,
   ``bin/breakshot``, run with the shaders it carries beside it;
2. the environment variable ``BREAKSHOT``, the path of a program (an
   uninstalled build tree: ``build/app/breakshot``);
3. the directory ``meson install`` put it in, written into ``_config.py``;
4. ``breakshot`` on the ``PATH``.

A wheel's install also puts a ``breakshot`` command on the environment's
``PATH`` (``.venv/bin/breakshot``): :func:`main`, which runs the program.
"""

import os
import shutil
import sys

ENVIRONMENT_VARIABLE = "BREAKSHOT"
SHADERS_VARIABLE = "BREAKSHOT_SHADERS"

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
BUNDLED = os.path.join(_PACKAGE_DIR, "bin", "breakshot")
BUNDLED_SHADERS = os.path.join(_PACKAGE_DIR, "shaders")


def _runnable(path):
    return bool(path) and os.path.isfile(path) and os.access(path, os.X_OK)


def candidates():
    """Where the program may be, in the order looked at."""
    found = [BUNDLED, os.environ.get(ENVIRONMENT_VARIABLE)]
    try:
        from . import _config

        found.append(os.path.join(_config.BINDIR, "breakshot"))
    except (ImportError, AttributeError):  # an uninstalled tree, or a wheel, has no _config.py
        pass
    found.append(shutil.which("breakshot"))
    return [path for path in found if path]


def find(skip=None):
    """The path of the breakshot program, or None. `skip`: a path not to
    take (the command that is looking)."""
    skipped = os.path.realpath(skip) if skip else None
    for path in candidates():
        if _runnable(path) and os.path.realpath(path) != skipped:
            return path
    return None


def environment(program):
    """The environment to run `program` in: the bundled program reads the
    shaders bundled with it, wherever the source tree it was built from is."""
    env = dict(os.environ)
    if os.path.realpath(program) == os.path.realpath(BUNDLED) and os.path.isdir(BUNDLED_SHADERS):
        env[SHADERS_VARIABLE] = BUNDLED_SHADERS
    return env


def missing_message():
    return (
        "breakshot: cannot find the breakshot program (pip install . carries it in the package; "
        f"or install it with `meson install`, or set {ENVIRONMENT_VARIABLE} to its path); looked at: "
        + ", ".join(candidates() or ["nothing"])
    )


def main():
    """The ``breakshot`` command of a pip install: runs the program with the
    command line's arguments, in place of this process."""
    program = find(skip=sys.argv[0])
    if program is None:
        print(missing_message(), file=sys.stderr)
        return 127
    os.execve(program, [program, *sys.argv[1:]], environment(program))
    return 127  # not reached: execve replaces the process or raises
