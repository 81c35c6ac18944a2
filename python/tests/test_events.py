"""The events from Python are the C program's, bit for bit, on every shipped
scene, whichever way Python runs them."""

import os

import numpy
import pytest

import breakshot
from conftest import EVENT_LIMIT, SCENES, read_trace, run_program


def as_rows(events):
    return [(str(e.kind), e.time, e.ids[0], e.ids[1], e.impulse) for e in events]


@pytest.fixture(scope="module", params=SCENES, ids=os.path.basename)
def program_run(request, program, tmp_path_factory):
    """The program's trace and saved end state for one scene."""
    scene = request.param
    directory = tmp_path_factory.mktemp("run")
    trace = directory / "trace.csv"
    out = directory / "out.json"
    done = run_program(program, "run", scene, "--events", str(EVENT_LIMIT), "--trace", str(trace), "--out", str(out))
    assert done.returncode == 0, done.stderr
    return scene, read_trace(trace), out.read_bytes()


def test_simulate_gives_the_program_events(program_run):
    scene, expected, _ = program_run
    shot = breakshot.simulate(scene, max_events=EVENT_LIMIT)
    assert len(shot.events) == len(expected)
    assert as_rows(shot.events) == expected


def test_stepping_gives_the_program_events(program_run):
    scene, expected, _ = program_run
    with breakshot.World.from_scene(scene) as world:
        events = []
        while len(events) < EVENT_LIMIT:
            event = world.step()
            if event is None:
                break
            events.append(event)
    assert as_rows(events) == expected


def test_iterating_gives_the_program_events(program_run):
    scene, expected, _ = program_run
    with breakshot.World.from_scene(scene) as world:
        assert as_rows(world.events(max_events=EVENT_LIMIT)) == expected


def test_the_end_state_saves_as_the_program_writes_it(program_run, tmp_path):
    scene, _, expected = program_run
    with breakshot.World.from_scene(scene) as world:
        world.run(max_events=EVENT_LIMIT)
        world.save(tmp_path / "end.json")
    assert (tmp_path / "end.json").read_bytes() == expected


def test_numpy_array_holds_the_same_events(program_run):
    scene, expected, _ = program_run
    array = breakshot.simulate(scene, max_events=EVENT_LIMIT).events.to_numpy()
    assert array.dtype.names == ("kind", "time", "a", "b", "impulse", "point", "normal")
    kinds = [str(breakshot.EventKind(k)) for k in array["kind"]]
    rows = list(zip(kinds, array["time"].tolist(), array["a"].tolist(), array["b"].tolist(), array["impulse"].tolist()))
    assert rows == expected
    assert array["point"].shape == (len(expected), 2)
    assert numpy.all(numpy.isfinite(array["normal"]))


def test_points_and_normals_match_stepping():
    # Points and normals are not in the trace: simulate's against stepping's.
    scene = SCENES[0]
    shot = breakshot.simulate(scene, max_events=EVENT_LIMIT)
    with breakshot.World.from_scene(scene) as world:
        stepped = list(world.events(max_events=EVENT_LIMIT))
    assert list(shot.events) == stepped
    assert all(e.normal != (0.0, 0.0) for e in stepped if e.kind <= breakshot.EventKind.JAW)
