"""Shared fixtures. meson test sets BREAKSHOT_LIBRARY (the built shared
library), BREAKSHOT (the built program) and BREAKSHOT_SOURCE_ROOT, and puts
python/ on PYTHONPATH (tests/README.md)."""

import csv
import os
import shutil
import subprocess
import sys

import pytest

SOURCE_ROOT = os.environ.get(
    "BREAKSHOT_SOURCE_ROOT", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
)
SCENES = sorted(
    os.path.join(SOURCE_ROOT, "scenes", name)
    for name in os.listdir(os.path.join(SOURCE_ROOT, "scenes"))
    if name.endswith(".json")
)
# Enough events to reach rest on every break, and a long run of the scenes
# that never rest (frictionless tables).
EVENT_LIMIT = 3000


def scene_path(name):
    return os.path.join(SOURCE_ROOT, "scenes", name)


@pytest.fixture(scope="session")
def program():
    path = os.environ.get("BREAKSHOT") or shutil.which("breakshot")
    assert path, "set BREAKSHOT to the breakshot program (meson test does)"
    return path


def run_program(program, *args):
    """Runs the breakshot program; returns its completed process."""
    return subprocess.run([program, *args], capture_output=True, text=True, check=False)


def read_trace(path):
    """A trace's event rows (row 0, the start, left out) as tuples of
    kind, time, a, b, impulse."""
    with open(path, newline="") as stream:
        rows = list(csv.DictReader(stream))
    return [(row["kind"], float(row["time"]), int(row["a"]), int(row["b"]), float(row["impulse"])) for row in rows[1:]]


def run_python(code, env=None):
    """Runs Python code in a fresh interpreter with this one's environment."""
    full = dict(os.environ)
    full.update(env or {})
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full, check=False)
