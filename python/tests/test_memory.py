"""Worlds and scenes free their C memory when collected, and at once in a
with block."""

import gc
import os

import breakshot
from breakshot import World
from conftest import scene_path

BREAK = scene_path("9ball_break.json")
# A 9-ball world holds about 6 kB of C memory (10^4 leaked grew the process
# by 63 MB in a release build; test_a_leak_would_pass_the_bound checks it
# stays above the bound), so dropped ones must leave it far below that.
BOUND = 32 * 1024 * 1024


def resident_bytes():
    with open("/proc/self/statm") as stream:
        return int(stream.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def churn(count, keep=None):
    scene = breakshot.Scene(BREAK)
    for _ in range(count):
        world = scene.world()
        world.run(max_events=5)
        if keep is not None:
            keep.append(world._handle)
            world._handle = None  # the world forgets it: a leak
    scene.close()


def test_ten_thousand_dropped_worlds_stay_under_the_bound():
    churn(500)  # warm up: allocator arenas, ctypes caches
    gc.collect()
    before = resident_bytes()
    for _ in range(10_000):
        world = World.from_scene(BREAK)
        world.step()
        del world
    churn(10_000)
    gc.collect()
    grown = resident_bytes() - before
    assert grown < BOUND, f"grew {grown} bytes over 2 x 10^4 worlds"


def test_a_leak_would_pass_the_bound():
    # The bound can fail: the same churn, leaking every world, grows past it.
    leaked = []
    gc.collect()
    before = resident_bytes()
    churn(10_000, keep=leaked)
    grown = resident_bytes() - before
    from breakshot import _lib

    for handle in leaked:
        _lib.world_destroy(handle)
    assert grown > BOUND, f"leaking 10^4 worlds grew only {grown} bytes"


def test_a_with_block_frees_at_once():
    with World.from_scene(BREAK) as world:
        assert not world.closed
    assert world.closed
    with breakshot.Scene(BREAK) as scene:
        pass
    assert scene._handle is None


def test_collected_worlds_in_a_cycle_are_freed():
    class Holder:
        pass

    gc.collect()
    before = resident_bytes()
    for _ in range(10_000):
        holder = Holder()
        holder.world = World.from_scene(BREAK)
        holder.self = holder  # a cycle: only the collector frees it
    gc.collect()
    assert resident_bytes() - before < BOUND


def test_dropped_shots_free_their_recordings():
    # A recorded break holds about 40 kB of resident C memory (its records
    # grow before each run for the events it may take: 78 MB for 2000 kept),
    # so 2000 kept would pass the bound;
    # test_a_leaked_recording_would_pass_the_bound checks that.
    scene = breakshot.Scene(BREAK)
    for _ in range(200):
        breakshot.simulate(scene)
    gc.collect()
    before = resident_bytes()
    for _ in range(2000):
        shot = breakshot.simulate(scene)
        shot.state_at(1.0)
        del shot
    gc.collect()
    grown = resident_bytes() - before
    assert grown < BOUND, f"grew {grown} bytes over 2000 recorded shots"


def test_a_leaked_recording_would_pass_the_bound():
    from breakshot import _lib

    scene = breakshot.Scene(BREAK)
    leaked = []
    gc.collect()
    before = resident_bytes()
    for _ in range(2000):
        recording = breakshot.simulate(scene)._recording
        leaked.append(recording.handle)
        recording.handle = None  # the recording forgets it: a leak
    grown = resident_bytes() - before
    for handle in leaked:
        _lib.trajectory_destroy(handle)
    assert grown > BOUND, f"leaking 2000 recordings grew only {grown} bytes"
