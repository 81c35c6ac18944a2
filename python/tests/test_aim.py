"""Aiming by the ghost ball: the aims go straight into World.strike, meet the
object ball at the cut asked for (exactly, under ideal physics), drop the
object ball in the pocket under pool physics, name the balls in the way,
and refuse bad input with ValueError or TypeError, never a crash."""

import math
import os

import pytest

import breakshot
from breakshot import Aim, Ball, EventKind, PocketAim, World, aim_cut, aim_to_pocket, aim_to_point, cut_angle
from conftest import SOURCE_ROOT, run_python

R = 0.028575


def turned(v, angle_deg):
    a = math.radians(angle_deg)
    return (math.cos(a) * v[0] - math.sin(a) * v[1], math.sin(a) * v[0] + math.cos(a) * v[1])


def signed_angle(frm, to):
    """Degrees from `frm` to `to`, counter-clockwise positive."""
    return math.degrees(math.atan2(frm[0] * to[1] - frm[1] * to[0], frm[0] * to[0] + frm[1] * to[1]))


def one_ball():
    """A 9 ft table with the cue ball alone, for its pockets."""
    return World(table="9ft", balls=[Ball(0, (0.6, 0.5))])


def first_contact(world):
    return next(event for event in world.events() if event.kind is EventKind.BALL)


def test_the_names_are_exported():
    names = {}
    exec("from breakshot import *", names)
    for name in ("Aim", "PocketAim", "aim_cut", "aim_to_point", "aim_to_pocket", "cut_angle", "pocket_target"):
        assert name in names


def test_a_positive_cut_sends_the_object_ball_left():
    aim = aim_cut((0.0, 0.0), (1.0, 0.0), 30.0)
    assert isinstance(aim, Aim)
    assert aim.cut_deg == 30.0
    assert aim.direction[1] < 0.0 < aim.object_direction[1]
    assert aim.angle_deg < 0.0
    assert signed_angle(aim.direction, aim.object_direction) == pytest.approx(30.0, abs=1e-12)
    assert math.dist(aim.ghost, (1.0, 0.0)) == pytest.approx(2 * R, abs=1e-15)
    straight = aim_cut((0.0, 0.0), (1.0, 0.0), 0.0)
    assert straight.direction == (1.0, 0.0) and straight.angle_deg == 0.0
    assert straight.travel == pytest.approx(1.0 - 2 * R, abs=1e-15)


@pytest.mark.parametrize("how", ["angle_deg", "aim"])
def test_ideal_contact_is_at_the_cut_asked_for(how):
    """The closed form: the contact's normal against the cue ball's velocity.
    Its rounding grows as tan(cut) towards a graze."""
    cue, obj = (0.5, 0.4), (1.7, 0.75)
    for cut in range(-85, 86, 5):
        aim = aim_cut(cue, obj, cut)
        with World(table="9ft", physics="ideal", balls=[Ball(0, cue), Ball(1, obj)]) as world:
            if how == "angle_deg":
                world.strike(speed=1.5, angle_deg=aim.angle_deg)
            else:
                world.strike(speed=1.5, aim=aim.ghost)
            velocity = tuple(world.state().velocities[0])
            contact = first_contact(world)
        assert contact.ids == (0, 1)
        grazing = max(1.0, math.tan(math.radians(abs(cut))))
        error = math.radians(signed_angle(velocity, contact.normal) - cut)
        assert abs(error) <= 1e-12 * grazing, (cut, error)
        assert contact.time == pytest.approx(aim.travel / 1.5, abs=1e-13 * grazing)
        assert cut_angle(cue, obj, aim.angle_deg) == pytest.approx(cut, abs=1e-9)
        assert cut_angle(cue, obj, aim=aim.ghost) == pytest.approx(cut, abs=1e-9)


# Straight out of a pocket's mouth into the table, for the top right corner
# and the top side pocket of a 9 ft table.
OUT_OF = {3: (-math.sqrt(0.5), -math.sqrt(0.5)), 4: (0.0, -1.0)}


def placed(pocket, cut):
    """A 9 ft pool table with the object ball (1) 0.4 m in front of the
    pocket's mouth and the cue ball (0) 0.6 m from the ghost, placed for the
    cut; and the aim aim_to_pocket gives."""
    with one_ball() as probe:
        target = breakshot.pocket_target(probe, pocket)
    out = OUT_OF[pocket]
    obj = (target[0] + 0.4 * out[0], target[1] + 0.4 * out[1])
    ghost = (obj[0] + 2 * R * out[0], obj[1] + 2 * R * out[1])
    path = turned((-out[0], -out[1]), -cut)
    cue = (ghost[0] - 0.6 * path[0], ghost[1] - 0.6 * path[1])
    with World(table="9ft", balls=[Ball(0, cue), Ball(1, obj)]) as still:
        aim = aim_to_pocket(still, 1, pocket)
    assert aim.cut_deg == pytest.approx(cut, abs=1e-9)
    assert not aim.blocked
    return cue, obj, aim


def stun_world(pocket, cut, speed):
    """placed(), with the cue ball sent along the aim at `speed` with the
    backspin that the cloth takes off just as it reaches the ghost: a stun
    shot. Sliding, a ball slows by mu g and its backspin falls by
    5 mu g / (2 R) per second (docs/pool.md)."""
    cue, obj, aim = placed(pocket, cut)
    deceleration = 0.2 * 9.81
    time = (speed - math.sqrt(speed * speed - 2 * deceleration * aim.travel)) / deceleration
    backspin = 2.5 * deceleration * time / R
    d = aim.direction
    ball = Ball(0, cue, vel=(speed * d[0], speed * d[1]), omega=(d[1] * backspin, -d[0] * backspin, 0.0))
    return World(table="9ft", balls=[ball, Ball(1, obj)]), aim


@pytest.mark.parametrize("pocket", [3, 4])
def test_pool_stun_shots_drop(pocket):
    """Pool physics: friction between the balls throws the object ball off
    the line of centres (towards the cue ball's path), but at 2 m/s a stun
    shot aimed by the ghost ball still drops, for cuts up to 60 degrees."""
    for cut in range(-60, 61, 5):
        world, aim = stun_world(pocket, cut, 2.0)
        with world:
            while world.peek().kind is not EventKind.BALL:
                world.step()
            # Stun: a nanosecond before the contact the spin is all but gone.
            world.advance(world.peek().time - 1e-9)
            assert math.hypot(*world.state().spins[0]) * R < 1e-8
            contact = world.step()
            assert signed_angle(aim.direction, contact.normal) == pytest.approx(cut, abs=1e-9)
            shot = breakshot.simulate(world)
            pocketed = [e for e in shot.events if e.kind is EventKind.POCKET and e.ids[0] == 1]
            assert pocketed and pocketed[0].ids == (1, pocket), cut
            assert not any(e.kind in (EventKind.CUSHION, EventKind.JAW) and e.ids[0] == 1 for e in shot.events), cut


def test_a_centre_hit_from_the_stick_drops():
    """The aim straight into World.strike: a centre hit with the stick."""
    for cut in (-45, -20, 0, 20, 45):
        cue, obj, aim = placed(3, cut)
        with World(table="9ft", balls=[Ball(0, cue), Ball(1, obj)]) as world:
            world.strike(stick_speed=2.5, angle_deg=aim.angle_deg)
            shot = breakshot.simulate(world)
            assert shot.state.pocketed[1], cut


def test_slow_stun_shots_throw_wide():
    """Slower, the throw is larger and the thicker cuts miss: the aim is the
    ghost ball's, allowing for throw is the player's."""
    for cut in (30, 40, 50, 60):
        world, _ = stun_world(3, cut, 1.6)
        with world:
            shot = breakshot.simulate(world)
            assert not shot.state.pocketed[1], cut


def test_aim_to_point_and_cut_angle_agree():
    cue, obj = (0.5, 0.4), (1.5, 0.7)
    for k in range(36):
        target = (obj[0] + 0.9 * math.cos(math.radians(10 * k)), obj[1] + 0.9 * math.sin(math.radians(10 * k)))
        try:
            aim = aim_to_point(cue, obj, target)
        except ValueError as error:
            assert "needs a cut of" in str(error) and "90 degrees or more" in str(error)
            continue
        onwards = (target[0] - obj[0], target[1] - obj[1])
        assert signed_angle(onwards, aim.object_direction) == pytest.approx(0.0, abs=1e-12)
        assert cut_angle(cue, obj, aim.angle_deg) == pytest.approx(aim.cut_deg, abs=1e-9)


def test_cut_angle_of_a_miss_is_none():
    assert cut_angle((0.0, 0.0), (1.0, 0.0), 90.0) is None
    assert cut_angle((0.0, 0.0), (1.0, 0.0), 180.0) is None
    assert cut_angle((0.0, 0.0), (1.0, 2 * R), 0.0) is None  # a graze
    assert cut_angle((0.0, 0.0), (1.0, R), 0.0) == pytest.approx(30.0, abs=1e-9)
    assert cut_angle((0.0, 0.0), (1.0, -R), aim=(2.0, 0.0)) == pytest.approx(-30.0, abs=1e-9)


def test_unequal_radii():
    aim = aim_cut((0.0, 0.0), (1.0, 0.0), 20.0, radius=0.03, object_radius=0.025)
    assert math.dist(aim.ghost, (1.0, 0.0)) == pytest.approx(0.055, abs=1e-15)
    assert cut_angle((0.0, 0.0), (1.0, 0.0), aim.angle_deg, radius=0.03, object_radius=0.025) == pytest.approx(20.0)


def test_pocket_aim_names_the_balls_in_the_way():
    cue, obj = (0.6, 0.5), (1.9, 0.9)
    with World(table="9ft", balls=[Ball(0, cue), Ball(1, obj)]) as world:
        clear = aim_to_pocket(world, 1, 3)
    assert isinstance(clear, PocketAim)
    assert clear.cue_blocker is None and clear.object_blocker is None and not clear.blocked
    assert clear.pocket == 3
    with one_ball() as empty:
        assert clear.target == breakshot.pocket_target(empty, 3)
    assert clear.object_travel == pytest.approx(math.dist(obj, clear.target))
    plain = aim_to_point(cue, obj, clear.target)
    assert plain.angle_deg == clear.angle_deg and plain.ghost == clear.ghost
    halfway_cue = (cue[0] + 0.5 * clear.travel * clear.direction[0], cue[1] + 0.5 * clear.travel * clear.direction[1])
    halfway_obj = (
        obj[0] + 0.5 * clear.object_travel * clear.object_direction[0],
        obj[1] + 0.5 * clear.object_travel * clear.object_direction[1],
    )
    balls = [Ball(0, cue), Ball(1, obj), Ball(6, halfway_cue), Ball(9, halfway_obj)]
    with World(table="9ft", balls=balls) as world:
        blocked = aim_to_pocket(world, 1, 3)
        assert blocked.cue_blocker == 6 and blocked.object_blocker == 9 and blocked.blocked
        # Any ball may be the cue ball.
        other = aim_to_pocket(world, 9, 3, cue_ball=6)
        assert other.cut_deg == pytest.approx(signed_angle(other.direction, other.object_direction), abs=1e-12)


NAN = float("nan")
INF = float("inf")


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: aim_cut((0.5, 0.5), (0.52, 0.51), 10.0), r"^aim_cut: cut_deg 10\.0: the cue ball touches or overlaps"),
        (lambda: aim_cut((0.0, 0.0), (0.5, 0.0), 0.0, radius=0.25), r"touches or overlaps"),
        (lambda: aim_cut((0.0, 0.0), (1.0, 0.0), 90.0), r"^aim_cut: cut_deg 90\.0: the cut would be 90 degrees or"),
        (lambda: aim_cut((0.0, 0.0), (1.0, 0.0), -120.0), r"90 degrees or more"),
        (lambda: aim_cut((NAN, 0.0), (1.0, 0.0), 0.0), r"^aim_cut: cue\[0\]: must be a finite number, got nan"),
        (lambda: aim_cut((0.0, 0.0), (1.0, INF), 0.0), r"^aim_cut: object\[1\]: must be a finite number, got inf"),
        (lambda: aim_cut((0.0, 0.0), (1.0, 0.0), NAN), r"^aim_cut: cut_deg: must be a finite number, got nan"),
        (lambda: aim_cut((0.0, 0.0), (1.0, 0.0), 0.0, radius=0.0), r"^aim_cut: radius: must be positive, got 0\.0"),
        (lambda: aim_cut((0.0, 0.0), (1.0, 0.0), 0.0, object_radius=-1), r"^aim_cut: object_radius: must be positive"),
        (lambda: aim_cut((0.0, 0.0), (1e5, 0.0), 0.0), r"^aim_cut: cut_deg 0\.0: a coordinate is beyond 1e4 m"),
        (lambda: aim_cut((0.0, 0.0), (1.0, 0.0), 0.0, radius=INF), r"^aim_cut: radius: must be a finite number"),
        (lambda: cut_angle((0.0, 0.0), (1.0, 0.0)), r"^cut_angle: give exactly one of angle_deg or aim"),
        (lambda: cut_angle((0.0, 0.0), (1.0, 0.0), 0.0, aim=(1.0, 0.0)), r"exactly one of angle_deg or aim"),
        (lambda: cut_angle((0.0, 0.0), (1.0, 0.0), aim=(0.0, 0.0)), r"^cut_angle: aim: aims at the cue ball's own"),
        (lambda: cut_angle((0.0, 0.0), (0.05, 0.0), 0.0), r"^cut_angle: the cue ball touches or overlaps"),
        (lambda: cut_angle((0.0, 0.0), (1.0, 0.0), INF), r"^cut_angle: angle_deg: must be a finite number"),
        (lambda: aim_to_point((0.0, 0.0), (1.0, 0.0), (1.0, 0.0)), r"^aim_to_point: the object ball's centre is on"),
        (lambda: aim_to_point((0.0, 0.0), (1.0, 0.0), (-1.0, 0.0)), r"^aim_to_point: it needs a cut of 180\.0 degrees"),
        (lambda: aim_to_point((0.0, 0.0), (1.0, 0.0), (NAN, 0.0)), r"^aim_to_point: target\[0\]: must be a finite"),
    ],
)
def test_bad_geometry_raises_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_bad_worlds_ids_and_pockets_raise_value_error():
    balls = [Ball(0, (0.6, 0.5)), Ball(1, (1.9, 0.9)), Ball(5, (1.9 + 2 * R, 0.9))]
    with World(table="9ft", balls=balls) as world:
        for ball, pocket, cue_ball, message in [
            (2, 3, 0, r"^aim_to_pocket: ball 2 into pocket 3 \(cue ball 0\): the world has no ball with that id"),
            (1, 3, -7, r"no ball with that id"),
            (1, 3, 2**40, r"no ball with that id"),
            (2**31, 3, 0, r"no ball with that id"),
            (1, 3, 1, r"the same ball"),
            (1, 6, 0, r"^aim_to_pocket: ball 1 into pocket 6 \(cue ball 0\): the table has no pocket"),
            (1, -1, 0, r"no pocket with that index"),
            (1, 2**63, 0, r"no pocket with that index"),
            (5, 3, 1, r"touches or overlaps"),
            (5, 0, 0, r"^aim_to_pocket: ball 5 into pocket 0 \(cue ball 0\) needs a cut of -?\d+\.\d degrees"),
        ]:
            with pytest.raises(ValueError, match=message):
                aim_to_pocket(world, ball, pocket, cue_ball=cue_ball)
        for pocket in (-1, 6, 2**70):
            with pytest.raises(ValueError, match=r"^pocket_target: pocket -?\d+: the table has no pocket"):
                breakshot.pocket_target(world, pocket)
    with pytest.raises(ValueError, match="the world is closed"):
        aim_to_pocket(world, 1, 3)
    with World(table=(2.54, 1.27), balls=balls[:2]) as plain:
        with pytest.raises(ValueError, match="no pocket with that index"):
            aim_to_pocket(plain, 1, 0)
    with World(table="9ft", physics="ideal", balls=[Ball(0, (0.6, 0.5)), Ball(2, (0.3, 0.3), vel=(-1.0, -1.0))]) as w:
        w.advance(2.0)
        with pytest.raises(ValueError, match="in a pocket, off the table"):
            aim_to_pocket(w, 2, 3)


@pytest.mark.parametrize(
    "call",
    [
        lambda: aim_cut("ab", (1.0, 0.0), 0.0),
        lambda: aim_cut((0.0, 0.0, 0.0), (1.0, 0.0), 0.0),
        lambda: aim_cut((0.0, "x"), (1.0, 0.0), 0.0),
        lambda: aim_cut((0.0, 0.0), (1.0, 0.0), "30"),
        lambda: aim_cut((0.0, 0.0), (1.0, 0.0), True),
        lambda: aim_cut((0.0, 0.0), (1.0, 0.0), 0.0, radius=None),
        lambda: cut_angle(None, (1.0, 0.0), 0.0),
        lambda: aim_to_pocket("world", 1, 3),
        lambda: aim_to_pocket(one_ball(), 1.0, 3),
        lambda: aim_to_pocket(one_ball(), 1, True),
        lambda: breakshot.pocket_target(one_ball(), "3"),
    ],
)
def test_bad_types_raise_type_error(call):
    with pytest.raises(TypeError):
        call()


def test_numpy_values_are_accepted():
    numpy = pytest.importorskip("numpy")
    aim = aim_cut(numpy.array([0.0, 0.0]), numpy.array([1.0, 0.0]), numpy.float64(30.0))
    assert aim.cut_deg == 30.0
    with World(table="9ft", balls=[Ball(0, (0.6, 0.5)), Ball(1, (1.9, 0.9))]) as world:
        assert aim_to_pocket(world, numpy.int64(1), numpy.int32(3)).pocket == 3


def test_the_throw_example():
    """examples/python/aim_throw.py: the pocket shot names ball 2 in the way
    and drops without it; every throw turns the object ball towards the cue
    ball's path (negative for a positive cut), a stun shot throws more than a
    rolling one, and a rolling shot throws less the faster it comes."""
    script = os.path.join(SOURCE_ROOT, "examples", "python", "aim_throw.py")
    done = run_python(f"import runpy; runpy.run_path({script!r}, run_name='__main__')")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("ball 1 into pocket 3: cut 12.2 degrees")
    assert lines[1] == "  in the cue ball's way: ball 2; in ball 1's way: None"
    assert lines[2] == "  without ball 2, a centre hit at 2.5 m/s: ball 1 drops in pocket 3"
    tables = {}
    for line in lines[3:]:
        if line.startswith("throw (degrees) of a "):
            rows = tables.setdefault(line.split()[4], {})
        elif line.strip()[:2].isdigit():
            cut, *cells = line.split()
            rows[int(cut.rstrip("\u00b0"))] = [float(cell) for cell in cells]
    assert set(tables) == {"stun", "rolling"}
    for cut in (15, 30, 45, 60):
        stun, rolling = tables["stun"][cut], tables["rolling"][cut]
        assert len(stun) == len(rolling) == 4
        assert all(s < r < 0.0 for s, r in zip(stun, rolling)), cut
        assert all(slow < fast for slow, fast in zip(rolling, rolling[1:])), cut
