"""The values the API hands back: events, ball states, totals, balls."""

import enum
from dataclasses import dataclass
from typing import Tuple

import numpy

from . import _lib


class EventKind(enum.IntEnum):
    """What an event is (bs_event_kind). pooltool's names in brackets."""

    BALL = 0  #: two balls collide (ball_ball)
    CUSHION = 1  #: a ball meets a cushion segment (ball_linear_cushion)
    JAW = 2  #: a ball meets a jaw, a point or an arc (ball_circular_cushion)
    POCKET = 3  #: a ball's centre enters a pocket (ball_pocket)
    SLIDE_ROLL = 4  #: a sliding ball starts rolling (sliding_rolling)
    ROLL_SPIN = 5  #: a rolling ball stops turning about the vertical only (rolling_spinning)
    ROLL_STOP = 6  #: a rolling ball stops with no spin left (rolling_stationary)
    SPIN_STOP = 7  #: a ball spinning in place stops (spinning_stationary)

    def __str__(self):
        return self.name.lower()


class MotionState(enum.IntEnum):
    """A ball's state of motion (bs_motion_state), in the order a ball slows
    down. The names are pooltool's; the numbers are breakshot's."""

    STATIONARY = 0
    SPINNING = 1
    ROLLING = 2
    SLIDING = 3
    POCKETED = 4

    def __str__(self):
        return self.name.lower()


_KINDS = tuple(EventKind)


@dataclass(slots=True)  # not frozen: a frozen dataclass takes twice as long to make
class Event:
    """One event, as the C library recorded it.

    ``ids`` is ``(a, b)``: the two ball ids (a < b) for ``BALL``; the ball's
    id and the cushion, jaw or pocket index for the three contacts; the
    ball's id and -1 for a change of state. ``impulse`` is the normal
    impulse (N s, 0 for a pocket or a change of state), ``point`` the
    contact point (m; the ball's centre for a pocket or a change of state)
    and ``normal`` the unit contact normal (zero for a change of state).
    """

    kind: EventKind
    time: float
    ids: Tuple[int, int]
    impulse: float
    point: Tuple[float, float]
    normal: Tuple[float, float]

    @classmethod
    def _of(cls, c_event):
        point = c_event.point
        normal = c_event.normal
        return cls(
            _KINDS[c_event.kind],
            c_event.time,
            (c_event.a, c_event.b),
            c_event.impulse,
            (point.x, point.y),
            (normal.x, normal.y),
        )


def _numpy_dtype(struct):
    """The NumPy dtype of a ctypes struct of ints, doubles, bools and
    vectors (a vector as an array of 2 or 3 doubles), at the C offsets."""
    formats = {
        _lib.ctypes.c_int: "<i4",
        _lib.ctypes.c_double: "<f8",
        _lib.ctypes.c_bool: "?",
        _lib.Vec2: ("<f8", (2,)),
        _lib.Vec3: ("<f8", (3,)),
    }
    return numpy.dtype(
        {
            "names": [name for name, _ in struct._fields_],
            "formats": [formats[kind] for _, kind in struct._fields_],
            "offsets": [getattr(struct, name).offset for name, _ in struct._fields_],
            "itemsize": _lib.ctypes.sizeof(struct),
        }
    )


EVENT_DTYPE = _numpy_dtype(_lib.CEvent)
BALL_STATE_DTYPE = _numpy_dtype(_lib.CBallState)


def _kind_names():
    names = []
    while True:
        name = _lib.ball_kind_name(len(names)).decode("ascii")
        if name == "none":
            return numpy.array(names)
        names.append(name)


#: The names of the ball kinds (bs_ball_kind_name), by their number.
KIND_NAMES = _kind_names()


def kind_names_of(numbers):
    """The kind names (str) of an array of bs_ball_kind numbers."""
    return KIND_NAMES[numpy.asarray(numbers)]


class Events:
    """The events of a run, held as the C library wrote them: a sequence of
    :class:`Event` (made one at a time, as they are read), and as one NumPy
    structured array with :meth:`to_numpy`."""

    __slots__ = ("_buffer", "_count")

    def __init__(self, buffer, count):
        self._buffer = buffer
        self._count = count

    def __len__(self):
        return self._count

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("event index out of range")
        return Event._of(self._buffer[index])

    def __iter__(self):
        for i in range(self._count):
            yield Event._of(self._buffer[i])

    def __repr__(self):
        return f"<Events: {self._count}>"

    def to_numpy(self):
        """The events as a NumPy structured array (a copy), with the fields
        kind, time, a, b, impulse, point (2) and normal (2)."""
        view = numpy.frombuffer(self._buffer, dtype=EVENT_DTYPE, count=self._count)
        return view.copy()


@dataclass(frozen=True)
class State:
    """Every ball at one instant, in the order the world was given them
    (pocketed balls included, where they were captured, with zero
    velocity), as NumPy arrays: ``ids`` (n,), ``positions`` (n, 2) in m,
    ``velocities`` (n, 2) in m/s, ``spins`` (n, 3) angular velocities in
    rad/s (z up), ``motion_states`` (n,) of :class:`MotionState` values,
    ``pocketed`` (n,) booleans, and ``kinds`` (n,), what each ball is in its
    game by the names scene files give it (``"numbered"``,
    ``"snooker_red"``, ``"carom_yellow"``...)."""

    time: float
    ids: numpy.ndarray
    positions: numpy.ndarray
    velocities: numpy.ndarray
    spins: numpy.ndarray
    motion_states: numpy.ndarray
    pocketed: numpy.ndarray
    kinds: numpy.ndarray


@dataclass(frozen=True)
class Trajectory:
    """Every ball at each of T times, in the order the world was given
    them, as NumPy arrays: ``times`` (T,) in s, ``ids`` (n,), ``positions``
    (T, n, 2) in m, ``velocities`` (T, n, 2) in m/s, ``spins`` (T, n, 3) in
    rad/s (z up), ``motion_states`` (T, n) of :class:`MotionState` values
    and ``pocketed`` (T, n) booleans; ``kinds`` (n,) as :class:`State`'s, a
    ball's kind never changing. Row k is exactly
    ``shot.state_at(times[k])``; ``trajectory[k]`` gives it as a
    :class:`State`."""

    times: numpy.ndarray
    ids: numpy.ndarray
    positions: numpy.ndarray
    velocities: numpy.ndarray
    spins: numpy.ndarray
    motion_states: numpy.ndarray
    pocketed: numpy.ndarray
    kinds: numpy.ndarray

    def __len__(self):
        return len(self.times)

    def __getitem__(self, index):
        return State(
            float(self.times[index]),
            self.ids.copy(),
            self.positions[index].copy(),
            self.velocities[index].copy(),
            self.spins[index].copy(),
            self.motion_states[index].copy(),
            self.pocketed[index].copy(),
            self.kinds.copy(),
        )


@dataclass(frozen=True)
class Totals:
    """Sums over the balls on the table (bs_totals)."""

    kinetic_energy: float  #: J, translational and rotational
    translational_energy: float  #: J
    rotational_energy: float  #: J
    momentum: Tuple[float, float]  #: kg m/s
    balls_on_table: int
    pocketed_energy: float  #: J carried into the pockets


@dataclass(frozen=True)
class Cue:
    """A strike of the cue stick, as ``World.strike`` and ``Game.shoot``
    take it (``cue=...``) and as :func:`solve` finds it: the stick's speed
    ``stick_speed`` (m/s), the direction ``angle_deg`` (degrees
    counter-clockwise from +x), ``tip=(side, height)`` (fractions of the
    radius seen from behind the cue: side > 0 right english, height > 0
    follow), ``elevation_deg`` (the cue's angle above the cloth),
    ``squirt`` and ``ball``, the id of the ball struck (a game strikes its
    shooter's own, whatever this says)."""

    stick_speed: float
    angle_deg: float
    tip: Tuple[float, float] = (0.0, 0.0)
    elevation_deg: float = 0.0
    squirt: bool = True
    ball: int = 0

    @classmethod
    def _of(cls, c_cue):
        """The Cue of a stick strike along an angle (bs_cue_def)."""
        return cls(c_cue.speed, c_cue.angle_deg, (c_cue.tip.x, c_cue.tip.y), c_cue.elevation_deg, c_cue.squirt,
                   c_cue.ball)


@dataclass
class Ball:
    """A ball for ``World(balls=[...])``, as in a scene file's ``balls``:
    id (the ball number; the cue ball is 0), centre ``pos`` (m), ``vel``
    (m/s), ``omega`` (rad/s, z up; pool physics only), ``radius`` (m),
    ``mass`` (kg) and ``kind``, what it is in its game (``"numbered"``, a
    pool ball; ``"snooker_white"``, ``"snooker_red"``, ...,
    ``"snooker_black"``; ``"carom_white"``, ``"carom_yellow"``,
    ``"carom_red"``)."""

    id: int
    pos: Tuple[float, float]
    vel: Tuple[float, float] = (0.0, 0.0)
    omega: Tuple[float, float, float] = (0.0, 0.0, 0.0)
    radius: float = _lib.DEFAULT_RADIUS
    mass: float = _lib.DEFAULT_MASS
    kind: str = "numbered"

    def _scene(self):
        return {
            "id": self.id,
            "pos": list(self.pos),
            "vel": list(self.vel),
            "omega": list(self.omega),
            "radius": self.radius,
            "mass": self.mass,
            "kind": self.kind,
        }
