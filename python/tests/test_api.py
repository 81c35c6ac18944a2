"""The API: worlds made in Python, stepping, advancing, states, strikes."""

import math
import warnings

import numpy
import pytest

import breakshot
from breakshot import Ball, EventKind, MotionState, World
from conftest import run_python, scene_path

BREAK = scene_path("9ball_break.json")


def two_balls(**extra):
    return World(table="9ft", balls=[Ball(0, (0.6, 0.635), vel=(2.0, 0.0)), Ball(1, (1.9, 0.66))], **extra)


def test_a_world_made_in_python_is_the_scene_it_describes(tmp_path):
    scene = tmp_path / "two.json"
    scene.write_text(
        '{"table": {"preset": "9ft"}, "physics": "pool", "balls": [{"id": 0, "pos": [0.6, 0.635], "vel": [2.0, 0.0]},'
        ' {"id": 1, "pos": [1.9, 0.66]}]}'
    )
    with two_balls() as made, World.from_scene(scene) as loaded:
        assert list(made.events()) == list(loaded.events())
        assert made.time == loaded.time > 0.0


def test_step_returns_events_then_none():
    with two_balls() as world:
        first = world.step()
        assert isinstance(first, breakshot.Event)
        assert first.kind is EventKind.SLIDE_ROLL and first.ids == (0, -1)
        assert world.event_count == 1 and world.time == first.time
        events = [first]
        while (event := world.step()) is not None:
            events.append(event)
        assert any(e.kind is EventKind.BALL and e.ids == (0, 1) for e in events)
        assert world.step() is None and world.peek() is None
        assert world.event_count == len(events)


def test_peek_shows_the_next_event_without_taking_it():
    with two_balls() as world:
        coming = world.peek()
        taken = world.step()
        assert (coming.kind, coming.time, coming.ids) == (taken.kind, taken.time, taken.ids)
        assert world.event_count == 1


def test_advance_processes_the_events_up_to_a_time_and_lands_on_it():
    with two_balls() as world, two_balls() as reference:
        count = world.advance(0.5)
        assert world.time == 0.5
        assert count == sum(1 for e in reference.events() if e.time <= 0.5)
        assert world.advance(0.5) == 0


def test_events_until_stops_at_the_time():
    with two_balls() as world:
        events = list(world.events(until=0.5))
        assert events and all(e.time <= 0.5 for e in events)
        assert world.time == 0.5
        assert world.peek().time > 0.5


def test_events_max_events_and_run():
    with two_balls() as world, two_balls() as reference:
        assert len(list(world.events(max_events=2))) == 2
        rest = world.run()
        assert list(reference.events())[2:] == list(rest)
        assert len(world.run()) == 0


def test_run_grows_its_buffer_past_the_first_capacity():
    # A frictionless table never rests: 1000 events are several refills.
    shot = breakshot.simulate(scene_path("demo.json"), max_events=1000)
    with World.from_scene(scene_path("demo.json")) as world:
        assert list(shot.events) == list(world.events(max_events=1000))
    assert len(shot.events) == 1000
    assert shot.events[-1] == shot.events[999] and shot.events[-1000] == shot.events[0]
    assert shot.events[998:] == [shot.events[998], shot.events[999]]
    with pytest.raises(IndexError):
        shot.events[1000]


def test_state_is_numpy_arrays():
    shot = breakshot.simulate(BREAK)
    state = shot.state
    for name in ("ids", "positions", "velocities", "spins", "motion_states", "pocketed", "kinds"):
        assert isinstance(getattr(state, name), numpy.ndarray), name
    assert state.kinds.tolist() == ["numbered"] * 10
    assert state.positions.shape == (10, 2) and state.velocities.shape == (10, 2) and state.spins.shape == (10, 3)
    assert state.positions.dtype == numpy.float64
    assert sorted(state.ids.tolist()) == list(range(10))
    assert numpy.all(state.velocities == 0.0) and numpy.all(state.spins == 0.0)
    assert all(MotionState(m) in (MotionState.STATIONARY, MotionState.POCKETED) for m in state.motion_states)
    assert state.pocketed.dtype == bool and shot.time == state.time > 8.0


def test_state_mid_shot_has_motion():
    with World.from_scene(BREAK) as world:
        world.advance(0.05)
        state = world.state()
        cue = list(state.ids).index(0)
        assert state.motion_states[cue] == MotionState.SLIDING
        assert state.velocities[cue][0] > 1.0  # straight at the 1 along +x
        assert state.spins[cue][1] < 0.0  # draw: the ball turns backwards about y


def test_numpy_is_required():
    done = run_python("import sys; sys.modules['numpy'] = None\nimport breakshot\n")
    assert done.returncode != 0
    assert "numpy" in done.stderr and "ModuleNotFoundError" in done.stderr


def test_totals():
    with two_balls() as world:
        start = world.totals()
        assert start.kinetic_energy == pytest.approx(0.5 * 0.17 * 4.0)
        assert start.momentum == (pytest.approx(0.34), 0.0) and start.balls_on_table == 2
        world.run()
        assert world.totals().kinetic_energy == 0.0


def test_strike_after_the_break():
    with World.from_scene(BREAK) as world:
        world.run()
        before = world.event_count
        cue = list(world.state().ids).index(0)
        start = world.state().positions[cue]
        world.strike(stick_speed=3.0, angle_deg=135.0, tip=(0.1, 0.3))
        assert world.event_count == before
        for _ in world.events():
            world.validate()
        assert world.event_count > before
        end = world.state()
        assert end.pocketed[cue] or math.dist(end.positions[cue], start) > 0.1


def test_strike_at_the_start_is_the_scene_cue(tmp_path):
    racked = tmp_path / "racked.json"
    racked.write_text('{"table": {"preset": "9ft"}, "physics": "pool", "rack": {"game": "9-ball", "seed": 1}}')
    with World.from_scene(racked) as world:
        world.strike(stick_speed=6.5, angle_deg=0.0, tip=(0.0, -0.1))
        assert list(world.run()) == list(breakshot.simulate(BREAK).events)
    with World(rack="9-ball") as world:  # the same rack, made in Python
        world.strike(stick_speed=6.5, aim=(10.0, 0.635), tip=(0.0, -0.1))
        assert len(world.run()) > 50


def test_balls_carry_their_kinds():
    balls = [Ball(0, (0.6, 0.635), vel=(2.0, 0.0), kind="snooker_white"), Ball(1, (1.9, 0.66), kind="snooker_pink"),
             Ball(2, (1.2, 0.3))]
    with World(table="9ft", balls=balls) as world:
        assert world.state().kinds.tolist() == ["snooker_white", "snooker_pink", "numbered"]
        shot = breakshot.simulate(world)
        assert shot.state.kinds.tolist() == ["snooker_white", "snooker_pink", "numbered"]
        assert shot.trajectory(0.1).kinds.tolist() == ["snooker_white", "snooker_pink", "numbered"]
        assert shot.states_at([]).kinds.tolist() == ["snooker_white", "snooker_pink", "numbered"]
        assert shot.trajectory(0.1)[0].kinds.tolist() == ["snooker_white", "snooker_pink", "numbered"]
    with World(table=(3.569, 1.778), physics="pool", rack="snooker") as world:
        kinds = world.state().kinds.tolist()
        assert kinds == ["snooker_white"] + ["snooker_red"] * 15 + [
            "snooker_yellow", "snooker_green", "snooker_brown", "snooker_blue", "snooker_pink", "snooker_black"]
    with pytest.raises(ValueError, match=r"^World: balls\[0\]\.kind: unknown ball kind \"pink\""):
        World(balls=[Ball(0, (0.6, 0.6), kind="pink")])


def test_a_saved_world_keeps_its_kinds(tmp_path):
    with World(table=(2.84, 1.42), physics="pool", rack="three-cushion") as world:
        world.strike(stick_speed=4.0, aim=(2.13, 0.69), ball=1)
        world.advance(0.3)
        world.save(tmp_path / "saved.json")
        with World.from_scene(tmp_path / "saved.json") as again:
            assert again.state().kinds.tolist() == ["carom_white", "carom_yellow", "carom_red"]


def test_strike_another_ball():
    # Three-cushion: the second player strikes his own ball, the yellow.
    with World(table=(2.84, 1.42), physics="pool", rack="three-cushion") as world:
        state = world.state()
        world.strike(stick_speed=3.0, angle_deg=0.0, ball=1)
        moving = world.state().velocities
        assert moving[1][0] > 0.5 and numpy.all(moving[0] == 0.0) and numpy.all(moving[2] == 0.0)
        assert state.ids.tolist() == [0, 1, 2]
        with pytest.raises(ValueError, match="^cue.ball: there is no ball with id 7 on the table to strike"):
            world.strike(stick_speed=3.0, angle_deg=0.0, ball=7)
        with pytest.raises(TypeError, match="^cue.ball: expected a ball id"):
            world.strike(stick_speed=3.0, angle_deg=0.0, ball=1.0)


def test_a_cue_strikes_as_its_arguments_do():
    cue = breakshot.Cue(stick_speed=3.0, angle_deg=20.0, tip=(0.1, -0.2), elevation_deg=5.0, squirt=False, ball=1)
    with World(table=(2.84, 1.42), physics="pool", rack="three-cushion") as by_cue, \
            World(table=(2.84, 1.42), physics="pool", rack="three-cushion") as by_arguments:
        by_cue.strike(cue=cue)
        by_arguments.strike(stick_speed=3.0, angle_deg=20.0, tip=(0.1, -0.2), elevation_deg=5.0, squirt=False, ball=1)
        assert list(by_cue.run()) == list(by_arguments.run())
        with pytest.raises(ValueError, match="^cue: give either a Cue or the strike's own arguments"):
            by_cue.strike(3.0, cue=cue)
        with pytest.raises(ValueError, match=r"^ball: a Cue names its own ball \(cue.ball\)"):
            by_cue.strike(cue=cue, ball=0)
        with pytest.raises(TypeError, match="^cue: expected a breakshot.Cue"):
            by_cue.strike(cue={"stick_speed": 3.0})
        with pytest.raises(ValueError, match="^cue.tip: "):
            by_cue.strike(cue=breakshot.Cue(3.0, 0.0, tip=(0.6, 0.0)))


def test_strike_with_the_cue_ball_speed_under_ideal_physics():
    with World(table=(2.54, 1.27), physics="ideal", balls=[Ball(0, (0.5, 0.6)), Ball(1, (1.5, 0.6))]) as world:
        world.strike(speed=1.0, angle_deg=0.0)
        event = world.step()
        assert event.kind is EventKind.BALL and event.time == pytest.approx((1.0 - 2 * 0.028575) / 1.0)


def test_simulate_a_scene_object_again_and_again():
    with breakshot.Scene(BREAK) as scene:
        first = breakshot.simulate(scene)
        second = breakshot.simulate(scene)
        with scene.world() as world:
            third = world.run()
    assert list(first.events) == list(second.events) == list(third)


def test_simulate_a_world_runs_it_on():
    with World.from_scene(BREAK) as world:
        world.advance(1.0)
        shot = breakshot.simulate(world)
        assert world.time == shot.time and world.step() is None
        assert shot.events[0].time > 1.0


def test_event_kinds_and_states_read_as_the_library_names_them():
    from breakshot import _lib

    for kind in EventKind:
        assert _lib.event_kind_name(kind).decode() == str(kind)
    for state in MotionState:
        assert _lib.motion_state_name(state).decode() == str(state)


def test_repr_and_properties():
    with two_balls() as world:
        assert "2 balls, pool physics" in repr(world) and world.physics == "pool" and world.ball_count == 2
        assert not world.closed and not world.reached_time_limit
    assert world.closed and repr(world) == "<breakshot.World closed>"
    assert repr(breakshot.simulate(BREAK).events) == "<Events: 82>"


def test_the_default_physics_is_the_tables_as_in_a_scene_file(tmp_path):
    # Pool physics on a preset table, pockets or not; frictionless discs on
    # a sized box; what is named wins. A scene file without "physics" agrees.
    cases = [("9ft", None, "pool"), ({"preset": "7ft", "pockets": False}, None, "pool"),
             ((2.54, 1.27), None, "ideal"), ("9ft", "ideal", "ideal"), ((2.54, 1.27), "pool", "pool")]
    for table, physics, expected in cases:
        with World(table=table, physics=physics, balls=[Ball(0, (0.6, 0.6))]) as world:
            assert world.physics == expected, (table, physics)
    scene = tmp_path / "unnamed.json"
    scene.write_text('{"table": {"preset": "9ft"}, "rack": {"game": "9-ball", "seed": 1},'
                     ' "cue": {"stick_speed": 6.5, "angle_deg": 0.0, "tip": [0.0, -0.1]}}')
    assert list(breakshot.simulate(scene).events) == list(breakshot.simulate(BREAK).events)


def test_a_mix_surely_not_meant_warns_once_and_is_kept(tmp_path):
    text = ('{"table": {"preset": "9ft"}, "physics": "ideal", "rack": {"game": "9-ball"},'
            ' "cue": {"stick_speed": 6.5, "angle_deg": 0.0}}')
    with pytest.warns(breakshot.SceneWarning, match=r"^stick: cue\.stick_speed: ideal physics keeps only") as caught:
        scene = breakshot.Scene.from_text(text, "stick")
    assert len(caught) == 1 and caught[0].filename == __file__
    assert len(scene.warnings) == 1 and scene.warnings[0].startswith("stick: cue.stick_speed: ")
    scene.world().close()
    scene.close()
    with pytest.warns(breakshot.SceneWarning, match=r"^World: rack: a rack on a sized table defaults to ideal"):
        World(table=(2.54, 1.27), rack="9-ball").close()
    clean = tmp_path / "clean.json"
    clean.write_text(text.replace('"stick_speed"', '"speed"'))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with breakshot.Scene(clean) as quiet:
            assert quiet.warnings == ()
