"""Every error path raises, with the library's message, and never crashes."""

import math
import os

import numpy
import pytest

import breakshot
from breakshot import Ball, Scene, World
from conftest import run_python, scene_path

BREAK = scene_path("9ball_break.json")


def write(tmp_path, text, name="bad.json"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_syntax_error_names_line_and_column(tmp_path):
    path = write(tmp_path, '{"table": {"preset": "9ft"},\n "balls": [ }')
    with pytest.raises(ValueError, match=r"bad\.json:2:\d+: syntax error"):
        World.from_scene(path)


def test_a_bad_field_is_named_by_its_path(tmp_path):
    path = write(tmp_path, '{"table": {"size": [2.54, 1.27]}, "balls": [{"id": 0, "pos": [1, 1]},'
                 ' {"id": 1, "pos": [2, 1], "radius": -1}]}')
    with pytest.raises(ValueError, match=r"bad\.json: balls\[1\]\.radius: must be positive"):
        World.from_scene(path)
    with pytest.raises(ValueError, match=r"bad\.json: balls\[1\]\.radius"):
        breakshot.simulate(path)
    with pytest.raises(ValueError, match=r"bad\.json: balls\[1\]\.radius"):
        Scene(path)


def test_missing_files_and_directories(tmp_path):
    with pytest.raises(FileNotFoundError):
        World.from_scene(tmp_path / "none.json")
    with pytest.raises(IsADirectoryError):
        World.from_scene(tmp_path)
    with pytest.raises(TypeError):
        World.from_scene(42)


def test_bad_text():
    with pytest.raises(ValueError, match=r"^text: 1:\d+: syntax error|^text:1:\d+: syntax error"):
        Scene.from_text("{", name="text")
    with pytest.raises(ValueError, match="NUL"):
        Scene.from_text('{"table": 1}\0')
    with pytest.raises(TypeError):
        Scene.from_text(5)


@pytest.mark.parametrize(
    "arguments, message",
    [
        (dict(balls=[Ball(0, (0.6, 0.6), radius=0.0)]), r"^World: balls\[0\]\.radius: must be positive"),
        (dict(balls=[Ball(0, (0.6, 0.6)), Ball(0, (1.6, 0.6))]), r"^World: balls\[1\]\.id: duplicate id 0"),
        (dict(balls=[Ball(0, (5.0, 0.6))]), r"^World: balls\[0\]\.pos: "),
        (dict(balls=[Ball(0, (0.6, math.nan))]), r"^World: balls\[0\]\.pos\[1\]: must be a finite number"),
        (dict(balls=[Ball(0, (0.6, 0.6), vel=(math.inf, 0.0))]), r"^World: balls\[0\]\.vel\[0\]: must be a finite"),
        (dict(balls=[Ball(0, (0.6,))]), r"^World: balls\[0\]\.pos: expected 2 numbers \[x, y\], got 1"),
        (dict(balls=[Ball(0, (0.6, 0.6))], table="10ft"), r"^World: table\.preset: unknown preset"),
        (dict(balls=[Ball(0, (0.6, 0.6))], table=(-1.0, 1.0)), r"^World: table\.size"),
        (dict(balls=[Ball(0, (0.6, 0.6))], physics="snooker"), r"^World: physics: "),
        (dict(balls=[Ball(0, (0.6, 0.6))], pool={"sliding_friction": 99.0}), r"^World: pool\.sliding_friction: "),
        (dict(balls=[Ball(0, (0.6, 0.6))], time=1e9), r"^World: time: must be within"),
        (dict(), r"^World: balls: missing"),
        (dict(rack="snooker"), r"^World: rack\.game: "),
        (dict(balls=[{"id": 0, "pos": [0.6, 0.6], "colour": "red"}]), r"^World: balls\[0\]\.colour: unknown key"),
    ],
)
def test_world_arguments_are_checked_as_a_scene(arguments, message):
    with pytest.raises(ValueError, match=message):
        World(**arguments)


def test_world_arguments_json_cannot_hold():
    with pytest.raises(TypeError, match="cannot put a object in a scene"):
        World(balls=[Ball(0, (0.6, object()))])


def test_numpy_values_are_accepted():
    with World(balls=[Ball(numpy.int64(0), numpy.array([0.6, 0.6]), vel=numpy.array([1.0, 0.0]))]) as world:
        assert world.ball_count == 1 and world.step() is not None


@pytest.mark.parametrize(
    "arguments, error, message",
    [
        (dict(stick_speed=3.0, angle_deg=0.0, tip=(0.4, 0.4)), ValueError, r"^cue\.tip: .* the tip miscues beyond 0\.5"),
        (dict(stick_speed=3.0, angle_deg=0.0, elevation_deg=90.0), ValueError, r"^cue\.elevation_deg: must be in \[0, 90\)"),
        (dict(stick_speed=-3.0, angle_deg=0.0), ValueError, r"^cue\.stick_speed: must be in \[0, 10000\] m/s"),
        (dict(speed=2e4, angle_deg=0.0), ValueError, r"^cue\.speed: must be in \[0, 10000\] m/s"),
        (dict(speed=2.0, angle_deg=0.0, tip=(0.0, 0.2)), ValueError, r"^cue\.tip: needs the cue stick's strike"),
        (dict(stick_speed=3.0, angle_deg=math.nan), ValueError, r"^cue\.angle_deg: must be a finite number"),
        (dict(stick_speed=3.0, aim=(math.inf, 0.0)), ValueError, r"^cue\.aim: must be a finite number"),
        (dict(stick_speed=3.0, aim=(0.635, 0.635)), ValueError, r"^cue\.aim: aims at the cue ball's own centre"),
        (dict(stick_speed=3.0, speed=1.0, angle_deg=0.0), ValueError, r"^cue: give exactly one of speed"),
        (dict(angle_deg=0.0), ValueError, r"^cue: give exactly one of speed"),
        (dict(stick_speed=3.0), ValueError, r"^cue: give exactly one of angle_deg or aim"),
        (dict(stick_speed=3.0, angle_deg=0.0, aim=(1.0, 1.0)), ValueError, r"^cue: give exactly one of angle_deg"),
        (dict(stick_speed=3.0, angle_deg=0.0, tip=(0.1,)), ValueError, r"^cue\.tip: expected 2 numbers"),
        (dict(stick_speed="fast", angle_deg=0.0), TypeError, r"^cue\.stick_speed: expected a number, got str"),
        (dict(stick_speed=3.0, angle_deg=0.0, tip=(0.1, None)), TypeError, r"^cue\.tip\[1\]: expected a number"),
    ],
)
def test_bad_strikes(arguments, error, message):
    with World(rack="9-ball") as world:
        with pytest.raises(error, match=message):
            world.strike(**arguments)
        assert world.event_count == 0 and world.step() is None  # unchanged, still at rest


def test_strikes_the_world_cannot_take():
    with World(table=(2.54, 1.27), physics="ideal", balls=[Ball(0, (0.5, 0.6)), Ball(1, (1.5, 0.6))]) as world:
        with pytest.raises(ValueError, match=r"^cue\.tip: english, draw, follow and an elevated cue need"):
            world.strike(stick_speed=3.0, angle_deg=0.0, tip=(0.2, 0.0))
    with World(balls=[Ball(1, (0.5, 0.6))]) as world:
        with pytest.raises(ValueError, match="^cue: there is no ball with id 0 on the table to strike"):
            world.strike(stick_speed=3.0, angle_deg=0.0)
    with World(table=(2.54, 1.27), physics="ideal", balls=[Ball(0, (0.5, 0.6)), Ball(1, (1.5, 0.6))]) as world:
        world.strike(speed=9999.0, angle_deg=0.0)
        world.step()
        with pytest.raises(ValueError, match="^cue: the struck world is refused: "):
            world.strike(speed=9999.0, angle_deg=0.0)


def test_times_before_now_or_not_numbers():
    with World.from_scene(BREAK) as world:
        world.advance(1.0)
        for bad in (0.5, math.nan):
            with pytest.raises(ValueError, match=r"^time: must be at or after the world's time 1\.0 s"):
                world.advance(bad)
            with pytest.raises(ValueError, match="^time: must be at or after"):
                list(world.events(until=bad))
        with pytest.raises(TypeError):
            world.advance("2")
        with pytest.raises(ValueError, match="max_events: must be >= 0"):
            list(world.events(max_events=-1))
        with pytest.raises(ValueError, match="max_events: must be >= 0"):
            world.run(max_events=-1)
        world.advance(math.inf)  # taken as BS_MAX_TIME
        assert world.time == 16384.0 and world.step() is None


def test_a_closed_world_or_scene_refuses_use():
    world = World.from_scene(BREAK)
    world.close()
    world.close()  # twice is fine
    for use in (world.step, world.state, world.run, world.totals, lambda: world.time, lambda: world.save("x.json"),
                lambda: world.strike(stick_speed=1.0, angle_deg=0.0), lambda: world.advance(1.0),
                lambda: breakshot.simulate(world)):
        with pytest.raises(ValueError, match="the world is closed"):
            use()
    scene = Scene(BREAK)
    scene.close()
    with pytest.raises(ValueError, match="the scene is closed"):
        scene.world()
    with pytest.raises(ValueError, match="the scene is closed"):
        breakshot.simulate(scene)


def test_save_into_a_missing_directory_leaves_nothing(tmp_path):
    with World.from_scene(BREAK) as world:
        with pytest.raises(FileNotFoundError):
            world.save(tmp_path / "missing" / "a.json")
        os.chmod(tmp_path, 0o500)
        try:
            if os.access(tmp_path, os.W_OK):  # root writes anyway: a directory as the target instead
                (tmp_path / "dir.json").mkdir()
                with pytest.raises(IsADirectoryError):
                    world.save(tmp_path / "dir.json")
            else:
                with pytest.raises(PermissionError):
                    world.save(tmp_path / "a.json")
        finally:
            os.chmod(tmp_path, 0o700)
    assert sorted(os.listdir(tmp_path)) in ([], ["dir.json"])


def test_a_library_that_cannot_load_is_an_import_error(tmp_path):
    for library in (str(tmp_path / "none.so"), BREAK):
        done = run_python("import breakshot", env={"BREAKSHOT_LIBRARY": library})
        assert done.returncode == 1
        assert "ImportError: breakshot: cannot load the C library libbreakshot" in done.stderr
        assert "BREAKSHOT_LIBRARY" in done.stderr
