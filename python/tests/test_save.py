"""Round trips through save: a saved world reloads and continues exactly."""

import os

import pytest

import breakshot
from breakshot import Ball, World
from conftest import run_program, scene_path

BREAK = scene_path("9ball_break.json")


@pytest.mark.parametrize("stop", [0, 1, 17, 40])
def test_a_saved_break_continues_as_one_run(tmp_path, stop):
    whole = breakshot.simulate(BREAK).events
    with World.from_scene(BREAK) as world:
        world.run(max_events=stop)
        world.save(tmp_path / "saved.json")
    rest = breakshot.simulate(tmp_path / "saved.json")
    assert list(rest.events) == list(whole)[stop:]


def test_saved_mid_flight_at_a_time(tmp_path):
    with World.from_scene(BREAK) as world, World.from_scene(BREAK) as reference:
        world.advance(0.3)
        world.save(tmp_path / "saved.json")
        continued = World.from_scene(tmp_path / "saved.json")
        assert continued.time == 0.3
        assert list(continued.events()) == [e for e in reference.events() if e.time > 0.3]
        continued.close()


def test_save_writes_what_run_out_writes(tmp_path, program):
    done = run_program(program, "run", BREAK, "--events", "25", "--out", str(tmp_path / "c.json"))
    assert done.returncode == 0, done.stderr
    with World.from_scene(BREAK) as world:
        world.run(max_events=25)
        world.save(str(tmp_path / "python.json"))
    assert (tmp_path / "python.json").read_bytes() == (tmp_path / "c.json").read_bytes()


def test_a_world_made_in_python_round_trips(tmp_path):
    balls = [Ball(0, (0.5, 0.6), vel=(1.5, 0.1), omega=(0.0, 20.0, 3.0)), Ball(3, (1.5, 0.62), radius=0.03, mass=0.2)]
    with World(table="8ft", balls=balls, restitution={"ball": 0.9, "cushion": 0.8}) as world:
        world.save(tmp_path / "made.json")
        reloaded = World.from_scene(tmp_path / "made.json")
        assert list(reloaded.events()) == list(world.events())
        reloaded.close()


def test_save_leaves_no_temporary_file_and_the_umask_mode(tmp_path):
    with World.from_scene(BREAK) as world:
        world.save(tmp_path / "a.json")
    assert os.listdir(tmp_path) == ["a.json"]
    mask = os.umask(0o022)
    os.umask(mask)
    assert os.stat(tmp_path / "a.json").st_mode & 0o777 == 0o666 & ~mask


def test_save_replaces_a_file_whole(tmp_path):
    target = tmp_path / "a.json"
    target.write_text("old")
    with World.from_scene(BREAK) as world:
        world.save(target)
    assert World.from_scene(target).time == 0.0
