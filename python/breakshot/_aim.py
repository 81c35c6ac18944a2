"""Aiming by the ghost ball, over the C library's aim.h.

Angles are in degrees. The cut angle is signed: positive sends the object
ball to the left of the cue ball's path (seen from behind the cue),
negative to the right. An aim's ``angle_deg`` goes straight into
``World.strike(angle_deg=...)``, and its ``ghost`` into ``aim=...``.
docs/aiming.md has the geometry.
"""

import ctypes
import math
import numbers
from dataclasses import dataclass
from typing import Optional, Tuple

from . import _lib
from ._world import World

# bs_aim_status (aim.h)
_OK = 0
_TOO_THIN = 4
_MISSES = 5
_NO_POCKET = 8
_NO_BALL = 9

_INT_MIN = -(2**31)
_INT_MAX = 2**31 - 1


@dataclass(frozen=True)
class Aim:
    """A shot at an object ball, as the ghost ball gives it.

    ``angle_deg`` is the cue ball's direction in degrees counter-clockwise
    from +x (give it to ``World.strike(angle_deg=...)``), ``direction`` the
    same as a unit vector, ``ghost`` the cue ball's centre at contact (m;
    ``World.strike(aim=...)`` aims there), ``travel`` how far the cue ball's
    centre goes to it (m), ``cut_deg`` the signed cut angle (degrees, in
    (-90, 90); > 0 sends the object ball to the left of the cue ball's path)
    and ``object_direction`` the unit line of centres at contact, where the
    object ball goes when nothing throws it off the line.
    """

    angle_deg: float
    direction: Tuple[float, float]
    ghost: Tuple[float, float]
    travel: float
    cut_deg: float
    object_direction: Tuple[float, float]

    @classmethod
    def _fields_of(cls, c_aim):
        return (
            c_aim.angle_deg,
            (c_aim.direction.x, c_aim.direction.y),
            (c_aim.ghost.x, c_aim.ghost.y),
            c_aim.travel,
            c_aim.cut_deg,
            (c_aim.object_direction.x, c_aim.object_direction.y),
        )


@dataclass(frozen=True)
class PocketAim(Aim):
    """An :class:`Aim` that sends a ball of a world into a pocket, with
    ``pocket`` (its index), ``target`` (the centre of the pocket's mouth,
    m), ``object_travel`` (how far the object ball's centre goes to it, m)
    and the id of the first ball on the table in the way of each straight
    path, or None: ``cue_blocker`` (the cue ball's to the ghost) and
    ``object_blocker`` (the object ball's to the target)."""

    pocket: int
    target: Tuple[float, float]
    object_travel: float
    cue_blocker: Optional[int]
    object_blocker: Optional[int]

    @property
    def blocked(self):
        """Whether a ball stands in either path."""
        return self.cue_blocker is not None or self.object_blocker is not None


def _message(status):
    return _lib.aim_status_message(status).decode("utf-8")


def _number(value, caller, name):
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        raise TypeError(f"{caller}: {name}: expected a number, got {type(value).__name__}")
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"{caller}: {name}: must be a finite number, got {value!r}")
    return value


def _point(value, caller, name):
    try:
        x, y = value
    except (TypeError, ValueError):
        raise TypeError(f"{caller}: {name}: expected 2 numbers [x, y], got {value!r}") from None
    return _lib.Vec2(_number(x, caller, f"{name}[0]"), _number(y, caller, f"{name}[1]"))


def _radius(value, caller, name):
    value = _number(value, caller, name)
    if value <= 0.0:
        raise ValueError(f"{caller}: {name}: must be positive, got {value!r}")
    return value


def _radii(radius, object_radius, caller):
    radius = _radius(radius, caller, "radius")
    object_radius = radius if object_radius is None else _radius(object_radius, caller, "object_radius")
    return radius, object_radius


def _index(value, caller, name):
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise TypeError(f"{caller}: {name}: expected an integer, got {type(value).__name__}")
    return int(value)


def _fits_c_int(*values):
    return all(_INT_MIN <= value <= _INT_MAX for value in values)


def aim_cut(cue, object, cut_deg, radius=_lib.DEFAULT_RADIUS, object_radius=None):
    """Aims the cue ball, centre ``cue`` (m), at the object ball, centre
    ``object``, so that they meet at the cut angle ``cut_deg`` (degrees;
    > 0 sends the object ball to the left of the cue ball's path, < 0 to
    the right; 0 is straight in). ``radius`` is the cue ball's radius (m),
    ``object_radius`` the object ball's (``radius`` by default). Returns an
    :class:`Aim`. Raises ValueError when the balls touch or overlap, or
    when ``abs(cut_deg) >= 90`` (the balls would only graze)."""
    caller = "aim_cut"
    cue_point = _point(cue, caller, "cue")
    object_point = _point(object, caller, "object")
    cut = _number(cut_deg, caller, "cut_deg")
    radius, object_radius = _radii(radius, object_radius, caller)
    result = _lib.CAim()
    status = _lib.aim_cut(cue_point, radius, object_point, object_radius, cut, ctypes.byref(result))
    if status != _OK:
        raise ValueError(f"{caller}: cut_deg {cut!r}: {_message(status)}")
    return Aim(*Aim._fields_of(result))


def cut_angle(cue, object, angle_deg=None, *, aim=None, radius=_lib.DEFAULT_RADIUS, object_radius=None):
    """The cut angle (degrees, signed as in :func:`aim_cut`) at which the
    cue ball, centre ``cue`` (m), sent along ``angle_deg`` (degrees
    counter-clockwise from +x) or towards the point ``aim`` (m), as
    ``World.strike`` takes them, meets the object ball, centre ``object``;
    or None when its straight path misses it (or only grazes it, or leads
    away from it). Raises ValueError when the balls touch or overlap."""
    caller = "cut_angle"
    if (angle_deg is None) == (aim is None):
        raise ValueError(f"{caller}: give exactly one of angle_deg or aim")
    cue_point = _point(cue, caller, "cue")
    object_point = _point(object, caller, "object")
    radius, object_radius = _radii(radius, object_radius, caller)
    if aim is None:
        # As the strike turns angle_deg into a direction (cue_def.c).
        angle = _number(angle_deg, caller, "angle_deg") * math.pi / 180.0
        direction = _lib.Vec2(math.cos(angle), math.sin(angle))
    else:
        towards = _point(aim, caller, "aim")
        direction = _lib.Vec2(towards.x - cue_point.x, towards.y - cue_point.y)
        if direction.x == 0.0 and direction.y == 0.0:
            raise ValueError(f"{caller}: aim: aims at the cue ball's own centre")
    result = _lib.CAim()
    status = _lib.aim_cut_angle(cue_point, radius, direction, object_point, object_radius, ctypes.byref(result))
    if status == _MISSES:
        return None
    if status != _OK:
        raise ValueError(f"{caller}: {_message(status)}")
    return result.cut_deg


def aim_to_point(cue, object, target, radius=_lib.DEFAULT_RADIUS, object_radius=None):
    """Aims the cue ball, centre ``cue`` (m), so that it sends the object
    ball, centre ``object``, towards the point ``target`` (m): the ghost
    ball sits a radius sum behind the object ball on the line from the
    target. Returns an :class:`Aim`. Raises ValueError when the balls touch
    or overlap, when the object ball is on the target, or when the cut
    would be 90 degrees or more (the message says how much)."""
    caller = "aim_to_point"
    cue_point = _point(cue, caller, "cue")
    object_point = _point(object, caller, "object")
    target_point = _point(target, caller, "target")
    radius, object_radius = _radii(radius, object_radius, caller)
    result = _lib.CAim()
    status = _lib.aim_to_point(cue_point, radius, object_point, object_radius, target_point, ctypes.byref(result))
    if status == _TOO_THIN:
        raise ValueError(f"{caller}: it needs a cut of {result.cut_deg:.1f} degrees: {_message(status)}")
    if status != _OK:
        raise ValueError(f"{caller}: {_message(status)}")
    return Aim(*Aim._fields_of(result))


def _handle(world, caller):
    if not isinstance(world, World):
        raise TypeError(f"{caller}: expected a World, got {type(world).__name__}")
    return world._live()


def pocket_target(world, pocket):
    """The point of pocket ``pocket`` of a world's table that
    :func:`aim_to_pocket` sends a ball to: the centre of its mouth, halfway
    between its jaw tips (m). Pockets are numbered as in
    ``scenes/README.md``. Raises ValueError for an index out of range."""
    caller = "pocket_target"
    handle = _handle(world, caller)
    pocket = _index(pocket, caller, "pocket")
    target = _lib.Vec2()
    status = _NO_POCKET
    if _fits_c_int(pocket):
        status = _lib.aim_pocket_target(_lib.aim_world_table(handle), pocket, ctypes.byref(target))
    if status != _OK:
        raise ValueError(f"{caller}: pocket {pocket}: {_message(status)}")
    return (target.x, target.y)


def aim_to_pocket(world, ball, pocket, *, cue_ball=0):
    """Aims the cue ball (id ``cue_ball``) of ``world`` so that it sends the
    ball with id ``ball`` into pocket ``pocket``, with the balls where they
    are now (meant for a world at rest): :func:`aim_to_point` towards
    :func:`pocket_target`. Returns a :class:`PocketAim`, which also names
    the first ball in the way of the cue ball's straight path to the ghost
    and of the object ball's to the pocket. Raises ValueError for an id or
    pocket the world does not have, a pocketed ball, balls that touch, or a
    cut of 90 degrees or more (the message says how much)."""
    caller = "aim_to_pocket"
    handle = _handle(world, caller)
    ball = _index(ball, caller, "ball")
    pocket = _index(pocket, caller, "pocket")
    cue_ball = _index(cue_ball, caller, "cue_ball")
    result = _lib.CPocketAim()
    # Numbers beyond a C int name no ball and no pocket.
    if not _fits_c_int(cue_ball, ball):
        status = _NO_BALL
    elif not _fits_c_int(pocket):
        status = _NO_POCKET
    else:
        status = _lib.aim_to_pocket(handle, cue_ball, ball, pocket, ctypes.byref(result))
    what = f"ball {ball} into pocket {pocket} (cue ball {cue_ball})"
    if status == _TOO_THIN:
        raise ValueError(f"{caller}: {what} needs a cut of {result.aim.cut_deg:.1f} degrees: {_message(status)}")
    if status != _OK:
        raise ValueError(f"{caller}: {what}: {_message(status)}")
    return PocketAim(
        *Aim._fields_of(result.aim),
        pocket,
        (result.target.x, result.target.y),
        result.object_travel,
        None if result.cue_blocker < 0 else result.cue_blocker,
        None if result.object_blocker < 0 else result.object_blocker,
    )
