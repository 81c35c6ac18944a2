"""Shared fixtures. meson test sets BREAKSHOT_LIBRARY (the built shared
library), BREAKSHOT (the built program) and BREAKSHOT_SOURCE_ROOT, and puts
python/ on PYTHONPATH (tests/README.md)."""

import csv
import ctypes
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


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "slow: too slow for the fast suite's runs of one file (python_solve), which leave it out"
    )


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


@pytest.fixture(scope="session")
def c_layout():
    """The C layout of the structs the package mirrors, as
    python/tests/layout.c prints it: {"struct": {name: size}, "field":
    {"struct.field": (offset, size)}, "const": {name: value}}."""
    program = os.environ.get("BREAKSHOT_LAYOUT")
    if not program:
        pytest.skip("BREAKSHOT_LAYOUT (the built python/tests/layout.c, which meson test sets) is not set")
    done = subprocess.run([program], capture_output=True, text=True, check=True)
    layout = {"struct": {}, "field": {}, "const": {}}
    for line in done.stdout.splitlines():
        what, name, *values = line.split()
        layout[what][name] = tuple(int(value) for value in values) if what == "field" else int(values[0])
    return layout


def check_layout(c_layout, c_name, struct, complete):
    """Asserts that a ctypes struct has the C struct's size and, for every
    field layout.c lists, its offset and size; with `complete`, that it
    declares no field layout.c does not list."""
    assert ctypes.sizeof(struct) == c_layout["struct"][c_name], f"sizeof({c_name})"
    listed = {name.split(".", 1)[1]: place for name, place in c_layout["field"].items()
              if name.split(".", 1)[0] == c_name}
    assert listed, f"layout.c lists no field of {c_name}"
    ours = {name: (getattr(struct, name).offset, getattr(struct, name).size) for name, _ in struct._fields_}
    for name, place in listed.items():
        assert name in ours, f"{c_name}.{name} is missing from the ctypes struct"
        assert ours[name] == place, f"(offset, size) of {c_name}.{name}: ctypes {ours[name]}, C {place}"
    if complete:
        assert set(ours) == set(listed), f"{c_name}: fields not in layout.c: {sorted(set(ours) - set(listed))}"
