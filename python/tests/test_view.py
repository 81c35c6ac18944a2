"""World.view: the viewer on a world's state now, through the breakshot
program, where there is a display; a clear error where there is none."""

import os
import shutil
import subprocess
import sys

import pytest

from breakshot import World, _program
from conftest import scene_path

BREAK = scene_path("9ball_break.json")


def test_without_a_display_it_says_so(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    with World.from_scene(BREAK) as world:
        with pytest.raises(RuntimeError, match="needs a display.*DISPLAY"):
            world.view()


def test_without_the_program_it_says_where_it_looked(monkeypatch, tmp_path):
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setenv("BREAKSHOT", str(tmp_path / "no-such-program"))
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(_program, "BUNDLED", str(tmp_path / "bin" / "breakshot"))
    with World.from_scene(BREAK) as world:
        with pytest.raises(RuntimeError, match="cannot find the breakshot program.*no-such-program"):
            world.view()


def test_bad_arguments_are_refused_first():
    with World.from_scene(BREAK) as world:
        with pytest.raises(ValueError, match="size"):
            world.view(size=(640.5, 360))
        with pytest.raises(ValueError, match="size"):
            world.view(size=640)
        with pytest.raises(ValueError, match="200 to 8000"):
            world.view(size=(640, 100))
        with pytest.raises(ValueError, match="frames"):
            world.view(frames=0)
        with pytest.raises(TypeError):
            world.view(screenshot=3)
    world.close()
    with pytest.raises(ValueError, match="closed"):
        world.view()


def test_the_program_is_looked_for_in_order(monkeypatch, tmp_path):
    bundled = tmp_path / "bin" / "breakshot"
    named = tmp_path / "named"
    for path in (bundled, named):
        path.parent.mkdir(exist_ok=True)
        path.write_text("#!/bin/sh\n")
        path.chmod(0o755)
    (tmp_path / "shaders").mkdir()
    monkeypatch.setattr(_program, "BUNDLED", str(bundled))
    monkeypatch.setattr(_program, "BUNDLED_SHADERS", str(tmp_path / "shaders"))
    monkeypatch.setenv("BREAKSHOT", str(named))
    assert _program.find() == str(bundled)
    assert _program.environment(str(bundled))["BREAKSHOT_SHADERS"] == str(tmp_path / "shaders")
    monkeypatch.delenv("BREAKSHOT_SHADERS", raising=False)
    assert "BREAKSHOT_SHADERS" not in _program.environment(str(named))
    bundled.unlink()
    assert _program.find() == str(named)
    # The command a wheel installs never runs itself.
    assert _program.find(skip=str(named)) != str(named)


def viewer_built(program):
    done = subprocess.run([program, "view", "--help"], capture_output=True, text=True, check=False)
    return "this build has no viewer" not in done.stdout


def under_xvfb(command, cwd):
    """Runs a command under xvfb-run. A sanitizer runtime the tests preload
    (tests/meson.build) goes to the command alone, not to the X server."""
    env = dict(os.environ)
    preload = env.pop("LD_PRELOAD", "")
    if preload:
        command = ["env", f"LD_PRELOAD={preload}", *command]
    return subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1024x768x24", *command], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False)


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="no xvfb-run")
def test_under_xvfb_it_shows_the_world_now(program, tmp_path):
    if not viewer_built(program):
        pytest.skip("the program was built without its viewer")
    # The screenshot World.view takes is the program's own of the saved state.
    code = f"""
import breakshot
world = breakshot.World.from_scene({BREAK!r})
world.advance(0.4)
world.view(screenshot="view.png", size=(480, 270))
world.view(frames=2, size=(320, 200))
world.save("saved.json")
"""
    done = under_xvfb([sys.executable, "-c", code], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "at t = 0.4 s" in done.stdout and "2 frames at 320x200" in done.stdout
    again = under_xvfb([program, "view", "saved.json", "--screenshot", "program.png", "--size", "480x270"], tmp_path)
    assert again.returncode == 0, again.stderr
    view = (tmp_path / "view.png").read_bytes()
    assert view[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(view[16:20], "big") == 480
    assert view == (tmp_path / "program.png").read_bytes()
