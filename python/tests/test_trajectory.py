"""Recorded shots: every ball at any time of a shot, forwards and back, at a
fixed step, exactly what the world said when it stood there."""

import math

import numpy
import pytest

import breakshot
from breakshot import EventKind, MotionState, World
from conftest import scene_path

BREAK = scene_path("9ball_break.json")
IDEAL_BREAK = scene_path("9ball_break_ideal.json")  # frictionless: pockets all 10 balls

FIELDS = ("ids", "positions", "velocities", "spins", "motion_states", "pocketed")


def assert_same_state(actual, expected):
    """Every array of two states, bit for bit (so 0.0 and -0.0 differ)."""
    for name in FIELDS:
        a, e = getattr(actual, name), getattr(expected, name)
        assert a.shape == e.shape and a.dtype == e.dtype, name
        assert a.tobytes() == e.tobytes(), f"{name} at t = {actual.time!r}:\n{a}\n!=\n{e}"
    assert actual.time == expected.time


def stepped(path):
    """The world's own states, stepping one event at a time: the start, and
    (event, state just after it) for each event."""
    with World.from_scene(path) as world:
        start = world.state()
        after = []
        while (event := world.step()) is not None:
            after.append((event, world.state()))
    return start, after


@pytest.mark.parametrize("path", [BREAK, IDEAL_BREAK])
def test_state_at_each_event_is_the_state_the_world_gave_after_it(path):
    start, after = stepped(path)
    shot = breakshot.simulate(path)
    assert [event for event, _ in after] == list(shot.events)
    assert shot.start_time == start.time == 0.0
    assert_same_state(shot.state_at(shot.start_time), start)
    for k, (event, state) in enumerate(after):
        if k + 1 < len(after) and after[k + 1][0].time == event.time:
            continue  # a tie: the state at that time is after the last of them
        assert_same_state(shot.state_at(event.time), state)
    assert_same_state(shot.state_at(shot.time), shot.state)


def test_going_back_is_going_forward():
    shot = breakshot.simulate(BREAK)
    times = numpy.linspace(shot.start_time, shot.time, 97)
    forward = [shot.state_at(t) for t in times]
    backward = [shot.state_at(t) for t in times[::-1]][::-1]
    shuffled = numpy.random.default_rng(5).permutation(times)
    at_once = shot.states_at(shuffled)
    assert at_once.times.tobytes() == shuffled.tobytes()
    rows = {float(t): at_once[k] for k, t in enumerate(shuffled)}
    for k, t in enumerate(times):
        assert_same_state(backward[k], forward[k])
        assert_same_state(rows[float(t)], forward[k])


def test_a_world_is_read_back_from_where_the_shot_began():
    with World.from_scene(BREAK) as world:
        world.run()
        rest = world.state()
        world.strike(stick_speed=3.0, angle_deg=135.0, tip=(0.1, 0.3))
        struck = world.state()
        with pytest.raises(ValueError, match="state_at"):
            world.advance(world.time - 1.0)
        shot = breakshot.simulate(world)
        assert shot.start_time == rest.time and shot.time == world.time
        assert_same_state(shot.state_at(shot.start_time), struck)
        assert_same_state(shot.state, world.state())
        assert len(shot.events) > 5


def test_positions_are_continuous_across_events():
    for path in (BREAK, IDEAL_BREAK):
        shot = breakshot.simulate(path)
        for event in shot.events:
            before_time = math.nextafter(event.time, -math.inf)
            if before_time < shot.start_time:
                continue
            before, after = shot.state_at(before_time), shot.state_at(event.time)
            moved = numpy.hypot(*(after.positions - before.positions).T)
            allowed = numpy.hypot(*before.velocities.T) * (event.time - before_time) + 1e-12
            assert numpy.all(moved <= allowed), (event, moved.max())


def test_velocities_jump_at_a_collision_and_not_between():
    shot = breakshot.simulate(BREAK)
    first = shot.events[0]
    assert first.kind is EventKind.BALL and first.ids == (0, 1)
    before = shot.state_at(math.nextafter(first.time, -math.inf))
    after = shot.state_at(first.time)
    assert after.velocities[1][0] > 1.0 and before.velocities[1][0] == 0.0
    assert after.velocities[0][0] < before.velocities[0][0]


def test_fixed_step_matches_state_at_bit_for_bit():
    shot = breakshot.simulate(BREAK)
    trajectory = shot.trajectory(0.01)
    count = int(math.floor(shot.time / 0.01)) + 1
    assert len(trajectory) == count and trajectory.times[-1] <= shot.time
    assert trajectory.times.tobytes() == (0.01 * numpy.arange(count)).tobytes()
    assert trajectory.positions.shape == (count, 10, 2) and trajectory.spins.shape == (count, 10, 3)
    assert trajectory.velocities.shape == (count, 10, 2) and trajectory.motion_states.shape == (count, 10)
    assert trajectory.pocketed.dtype == bool and trajectory.ids.tolist() == shot.state.ids.tolist()
    for k in range(0, count, 7):
        assert_same_state(trajectory[k], shot.state_at(trajectory.times[k]))
    # The balls slide, then roll, then stop: states of motion only slow down.
    cue = trajectory.motion_states[:, 0]
    assert cue[0] == MotionState.SLIDING and cue[-1] == MotionState.STATIONARY


def test_pocketed_balls_are_reported_pocketed_from_their_pocket_event_on():
    shot = breakshot.simulate(IDEAL_BREAK)
    pockets = [event for event in shot.events if event.kind is EventKind.POCKET]
    assert len(pockets) == 10
    trajectory = shot.trajectory(0.005)
    for event in pockets:
        ball = list(shot.state.ids).index(event.ids[0])
        before = shot.state_at(math.nextafter(event.time, -math.inf))
        at = shot.state_at(event.time)
        assert not before.pocketed[ball] and before.motion_states[ball] != MotionState.POCKETED
        assert at.pocketed[ball] and at.motion_states[ball] == MotionState.POCKETED
        assert numpy.all(at.velocities[ball] == 0.0)
        rows = trajectory.times >= event.time
        assert numpy.all(trajectory.pocketed[rows, ball]) and not numpy.any(trajectory.pocketed[~rows, ball])
        assert numpy.all(trajectory.positions[rows, ball] == at.positions[ball])


def test_bad_times_and_steps_are_refused():
    shot = breakshot.simulate(BREAK)
    for bad in (-1e-9, shot.time * (1 + 1e-12), math.nan, math.inf):
        with pytest.raises(ValueError, match="within the shot"):
            shot.state_at(bad)
    with pytest.raises(TypeError):
        shot.state_at("1.0")
    with pytest.raises(ValueError, match="sequence of times"):
        shot.states_at([[0.0, 1.0]])
    for bad in (0.0, -0.01, math.nan, math.inf):
        with pytest.raises(ValueError, match="step"):
            shot.trajectory(bad)
    with pytest.raises(TypeError):
        shot.trajectory(None)
    assert len(shot.states_at([])) == 0
    assert len(shot.trajectory(100.0)) == 1


def test_a_shot_not_recorded_says_so():
    shot = breakshot.simulate(BREAK, record=False)
    assert len(shot.events) == 82 and shot.time > 8.0
    with pytest.raises(ValueError, match="record=False"):
        shot.state_at(1.0)
