"""examples/python/tip_sweep.py runs, and says what draw and follow do."""

import importlib.util
import os
import re

from conftest import SOURCE_ROOT, run_python

SCRIPT = os.path.join(SOURCE_ROOT, "examples", "python", "tip_sweep.py")


def run_sweep(tmp_path, block_matplotlib=False):
    code = ("import sys; sys.modules['matplotlib'] = None\n" if block_matplotlib else "") + (
        f"import runpy, sys; sys.argv = [{SCRIPT!r}, {str(tmp_path / 'sweep.png')!r}]\n"
        f"runpy.run_path({SCRIPT!r}, run_name='__main__')\n"
    )
    done = run_python(code)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def travels(lines):
    found = []
    for line in lines:
        match = re.match(r"tip height ([+-][0-9.]+) R: cue ball (follows|draws back|stops dead) ([0-9.]+) m$", line)
        if match:
            sign = -1.0 if match.group(2) == "draws back" else 1.0
            found.append((float(match.group(1)), sign * float(match.group(3))))
    return found


def test_the_sweep_draws_low_and_follows_high(tmp_path):
    lines = run_sweep(tmp_path)
    found = travels(lines)
    assert len(found) == 19 and found[0][0] == -0.45 and found[-1][0] == 0.45
    by_height = dict(found)
    assert by_height[-0.45] < -1.0  # a low hit draws the cue ball back metres
    assert by_height[0.3] > 1.0  # a high one follows
    assert abs(by_height[-0.05]) < 0.1  # just below the centre it nearly stops
    rising = [travel for height, travel in found if height <= 0.3]
    assert rising == sorted(rising)  # the higher the tip, the farther forward, up to 0.3 R
    if importlib.util.find_spec("matplotlib"):
        assert lines[-1] == f"plot written to {tmp_path / 'sweep.png'}"
        with open(tmp_path / "sweep.png", "rb") as stream:
            assert stream.read(8) == b"\x89PNG\r\n\x1a\n"


def test_the_sweep_without_matplotlib_prints_only(tmp_path):
    lines = run_sweep(tmp_path, block_matplotlib=True)
    assert len(travels(lines)) == 19
    assert lines[-1].startswith("no plot: matplotlib is not installed")
    assert not (tmp_path / "sweep.png").exists()


def test_the_readme_python_runs(tmp_path):
    with open(os.path.join(SOURCE_ROOT, "README.md")) as stream:
        code = re.search(r"```python\n(.*?)```", stream.read(), re.S).group(1)
    assert len(code.strip().splitlines()) == 7
    done = run_python(f"import os; os.chdir({SOURCE_ROOT!r})\n" + code + "print(path.shape)\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:3] == ["0.125167 s  ball  (0, 1)", "0.125168 s  ball  (1, 7)", "0.125169 s  ball  (1, 8)"]
    assert lines[3].startswith("[[1.05858357 0.6781893 ]")
    assert lines[-2] == "[1.48170293 0.64028292]"  # the cue ball at 0.5 s
    assert lines[-1] == "(828, 10, 2)"  # as the README's comment says
