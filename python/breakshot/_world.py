"""Worlds, scenes and whole shots over the C library."""

import ctypes
import errno
import json
import math
import numbers
import os
import subprocess
import sys
import tempfile
import warnings
from dataclasses import dataclass, field

import numpy

from . import _lib, _program
from ._types import BALL_STATE_DTYPE, Ball, Cue, Event, Events, State, Totals, Trajectory, kind_names_of

# The events a run gathers per call into C before it makes room for more.
_FIRST_CAPACITY = 256


def _error_buffer():
    return ctypes.create_string_buffer(_lib.ERROR_SIZE)


def _message(buffer):
    return buffer.value.decode("utf-8", "replace")


def _path_bytes(path):
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise TypeError(f"expected a path (str, bytes or os.PathLike), got {type(path).__name__}")
    return os.fsencode(path)


def _caller_level():
    """The warnings.warn stacklevel, for its caller, of the first frame
    outside this package: the user's line that loaded the scene."""
    here = os.path.dirname(os.path.abspath(__file__))
    frame = sys._getframe(1)
    level = 1
    while frame.f_back is not None and os.path.dirname(os.path.abspath(frame.f_code.co_filename)) == here:
        frame = frame.f_back
        level += 1
    return level


def _cue_def(stick_speed, angle_deg, tip, elevation_deg, speed, aim, squirt, cue=None):
    """A cue def (bs_cue_def) from a strike's arguments, as World.strike and
    Game.shoot take them, or from a :class:`Cue` given instead of them; bad
    input raises ValueError naming the field."""
    if cue is not None:
        if not isinstance(cue, Cue):
            raise TypeError(f"cue: expected a breakshot.Cue, got {type(cue).__name__}")
        if (stick_speed, angle_deg, speed, aim) != (None,) * 4 or tuple(tip) != (0.0, 0.0) or elevation_deg != 0.0 \
                or squirt is not True:
            raise ValueError("cue: give either a Cue or the strike's own arguments, not both")
        c_cue = _lib.default_cue_def()
        c_cue.stick = True
        c_cue.speed = _number(cue.stick_speed, "cue.stick_speed")
        c_cue.angle_deg = _number(cue.angle_deg, "cue.angle_deg")
        c_cue.tip = _lib.Vec2(*_pair(cue.tip, "cue.tip"))
        c_cue.elevation_deg = _number(cue.elevation_deg, "cue.elevation_deg")
        c_cue.squirt = bool(cue.squirt)
        c_cue.ball = _ball_id(cue.ball, "cue.ball")
        return c_cue
    if (speed is None) == (stick_speed is None):
        raise ValueError("cue: give exactly one of speed (the cue ball's, m/s) or stick_speed (the cue stick's, m/s)")
    if (angle_deg is None) == (aim is None):
        raise ValueError("cue: give exactly one of angle_deg or aim")
    cue = _lib.default_cue_def()
    cue.stick = stick_speed is not None
    cue.speed = _number(stick_speed if cue.stick else speed, "cue.stick_speed" if cue.stick else "cue.speed")
    cue.has_aim = aim is not None
    if cue.has_aim:
        cue.aim = _lib.Vec2(*_pair(aim, "cue.aim"))
    else:
        cue.angle_deg = _number(angle_deg, "cue.angle_deg")
    cue.tip = _lib.Vec2(*_pair(tip, "cue.tip"))
    cue.elevation_deg = _number(elevation_deg, "cue.elevation_deg")
    cue.squirt = bool(squirt)
    return cue


class SceneWarning(UserWarning):
    """A scene that loads and simulates as written, but mixes what is surely
    not meant (``scenes/README.md``, "Warnings"): the cue stick's strike
    under ideal physics, or a rack on a sized table left to its default
    physics. The message is the loader's line, ``FILE: FIELD: reason``."""


class Scene:
    """A scene file, loaded and checked once, that makes worlds at its start
    again and again (``scenes/README.md`` has the format). Bad input raises
    ValueError with the loader's one-line message (``FILE: balls[3].radius:
    must be positive``); a missing file raises FileNotFoundError, a
    directory IsADirectoryError. A mix that is surely not meant is issued
    as a :class:`SceneWarning` when the scene loads, and kept in
    :attr:`warnings`."""

    __slots__ = ("_handle", "name", "warnings")

    def __init__(self, path):
        encoded = _path_bytes(path)
        if not os.path.exists(encoded):
            raise FileNotFoundError(errno.ENOENT, "No such scene file", os.fsdecode(path))
        if os.path.isdir(encoded):
            raise IsADirectoryError(errno.EISDIR, "A directory, not a scene file", os.fsdecode(path))
        self._handle = None
        self.name = os.fsdecode(path)
        self.warnings = ()
        self._adopt(lambda error: _lib.scene_create(encoded, error, _lib.ERROR_SIZE))

    @classmethod
    def from_text(cls, text, name="scene"):
        """A scene from its JSON text; `name` stands for the file in messages."""
        if not isinstance(text, (str, bytes)):
            raise TypeError(f"expected the scene's JSON text, got {type(text).__name__}")
        encoded = text.encode("utf-8") if isinstance(text, str) else text
        if b"\0" in encoded:
            raise ValueError(f"{name}: the text holds a NUL character")
        scene = cls.__new__(cls)
        scene._handle = None
        scene.name = name
        scene.warnings = ()
        scene._adopt(lambda error: _lib.scene_create_text(encoded, name.encode("utf-8"), error, _lib.ERROR_SIZE))
        return scene

    def _adopt(self, create):
        """Holds the scene `create(error buffer)` makes, or raises ValueError
        with the loader's message; issues its warnings."""
        error = _error_buffer()
        handle = create(error)
        if not handle:
            raise ValueError(_message(error))
        self._handle = handle
        self.warnings = tuple(
            _lib.scene_warning(handle, i).decode("utf-8", "replace") for i in range(_lib.scene_warning_count(handle))
        )
        for message in self.warnings:
            warnings.warn(message, SceneWarning, stacklevel=_caller_level())

    def world(self):
        """A new world at the scene's start (with its cue strike, if any)."""
        return World._wrap(_create_world(self._live()))

    def _live(self):
        if not self._handle:
            raise ValueError("the scene is closed")
        return self._handle

    def close(self):
        """Frees the scene's C memory now (also done when it is collected)."""
        handle, self._handle = self._handle, None
        if handle:
            _lib.scene_destroy(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        if getattr(self, "_handle", None) and _lib is not None and _lib.scene_destroy is not None:
            self.close()

    def __repr__(self):
        return f"<breakshot.Scene {self.name!r}{'' if self._handle else ' closed'}>"


def _create_world(scene_handle):
    handle = _lib.scene_create_world(scene_handle)
    if not handle:
        raise MemoryError("breakshot: out of memory creating the world")
    return handle


def _check_finite(value, path):
    """Raises ValueError naming the field path of the first non-finite
    number in a scene made in Python (JSON cannot spell one)."""
    if isinstance(value, dict):
        for key, item in value.items():
            _check_finite(item, f"{path}.{key}" if path else key)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            _check_finite(item, f"{path}[{i}]")
    elif isinstance(value, numbers.Real) and not isinstance(value, bool) and not math.isfinite(value):
        raise ValueError(f"World: {path}: must be a finite number, got {value!r}")


def _plain(value):
    """NumPy scalars and arrays as JSON can take them."""
    if hasattr(value, "tolist"):
        return value.tolist()
    raise TypeError(f"cannot put a {type(value).__name__} in a scene")


def _scene_dict(table, balls, physics, pool, restitution, time, rack):
    scene = {}
    if isinstance(table, str):
        scene["table"] = {"preset": table}
    elif isinstance(table, dict):
        scene["table"] = dict(table)
    else:
        scene["table"] = {"size": list(table)}
    if physics is not None:
        scene["physics"] = physics
    if pool is not None:
        scene["pool"] = pool
    if restitution is not None:
        scene["restitution"] = restitution
    scene["time"] = time
    if rack is not None:
        scene["rack"] = {"game": rack} if isinstance(rack, str) else rack
    if balls is not None:
        scene["balls"] = [ball._scene() if isinstance(ball, Ball) else ball for ball in balls]
    return scene


class _Recording:
    """A trajectory (bs_trajectory) of a run, which holds C memory until
    it is collected."""

    __slots__ = ("handle", "ball_count", "start", "end", "ids", "kinds")

    def __init__(self, world_handle):
        self.handle = None
        self.handle = _lib.trajectory_create(world_handle)
        if not self.handle:
            raise MemoryError("breakshot: out of memory recording the shot")
        self.ball_count = _lib.world_ball_count(world_handle)
        self.start = _lib.trajectory_start_time(self.handle)
        self.end = self.start
        # The balls' ids and kinds never change: a trajectory at no time at
        # all still has them.
        start = self.states(numpy.array([self.start]))[0]
        self.ids = start["id"].copy()
        self.kinds = kind_names_of(start["kind"])

    def __del__(self):
        if getattr(self, "handle", None) and _lib is not None and _lib.trajectory_destroy is not None:
            _lib.trajectory_destroy(self.handle)
            self.handle = None

    def states(self, times):
        """Every ball at each of `times` (a float64 array, ascending, within
        [start, end]), as a structured array (len(times), ball_count)."""
        count = len(times)
        states = numpy.empty(count * self.ball_count, dtype=BALL_STATE_DTYPE)
        if count and self.ball_count:
            _lib.trajectory_states(
                self.handle,
                times.ctypes.data_as(ctypes.POINTER(ctypes.c_double)),
                count,
                states.ctypes.data_as(ctypes.POINTER(_lib.CBallState)),
            )
        return states.reshape(count, self.ball_count)


@dataclass(frozen=True)
class Shot:
    """What :func:`simulate` returns: the events, in order, the state at
    the end, and (unless simulated with ``record=False``) the whole run,
    read at any time of it with :meth:`state_at`, :meth:`states_at` and
    :meth:`trajectory`, exactly: every ball's motion between two events has
    a closed form, which the C library evaluates from the motion it stored
    at the ball's last event, as the world did when it ran."""

    events: Events
    state: State
    _recording: object = field(default=None, repr=False, compare=False)

    @property
    def time(self):
        """The time the shot ended (s)."""
        return self.state.time

    @property
    def start_time(self):
        """The time the shot started (s)."""
        return self._recorded().start

    def _recorded(self):
        if self._recording is None:
            raise ValueError("this shot was simulated with record=False: simulate it again to read it at other times")
        return self._recording

    def state_at(self, time):
        """Every ball at `time` (s), anywhere in [shot.start_time,
        shot.time], forwards or back, as a :class:`State`. At the time of an event it is the
        state just after it (and after every event at that same time)."""
        if not isinstance(time, numbers.Real) or isinstance(time, bool):
            raise TypeError(f"time: expected a number of seconds, got {type(time).__name__}")
        return self.states_at([time])[0]

    def states_at(self, times):
        """Every ball at each of `times` (s, in any order, each in
        [shot.start_time, shot.time]), as a :class:`Trajectory` in the order
        given."""
        recording = self._recorded()
        asked = numpy.array(times, ndmin=1)
        if asked.size and asked.dtype.kind not in "iuf":
            raise TypeError(f"times: expected numbers of seconds, got {times!r}")
        asked = asked.astype(numpy.float64)
        if asked.ndim != 1:
            raise ValueError(f"times: expected a sequence of times, got an array of shape {asked.shape}")
        outside = ~((asked >= recording.start) & (asked <= recording.end))
        if outside.any():
            bad = asked[outside][0]
            raise ValueError(
                f"time: must be within the shot, [{recording.start!r}, {recording.end!r}] s, got {float(bad)!r}"
            )
        order = numpy.argsort(asked, kind="stable")
        ordered = numpy.ascontiguousarray(asked[order])
        states = numpy.empty((len(asked), recording.ball_count), dtype=BALL_STATE_DTYPE)
        states[order] = recording.states(ordered)
        return _trajectory_of(asked, states, recording)

    def trajectory(self, step):
        """Every ball at the times start_time + k * step (s) for k = 0, 1,
        ... up to the end, as a :class:`Trajectory`: a fixed step, each row
        exact (the end itself is ``state_at(shot.time)``)."""
        recording = self._recorded()
        if not isinstance(step, numbers.Real) or isinstance(step, bool):
            raise TypeError(f"step: expected a number of seconds, got {type(step).__name__}")
        step = float(step)
        if not (math.isfinite(step) and step > 0.0):
            raise ValueError(f"step: must be a finite number of seconds > 0, got {step!r}")
        count = int(math.floor((recording.end - recording.start) / step)) + 1
        times = recording.start + step * numpy.arange(count, dtype=numpy.float64)
        times = times[times <= recording.end]
        return _trajectory_of(times, recording.states(times), recording)


class World:
    """A world: balls on a table, moved event by event by the C library.

    Make one from a scene file, ``World.from_scene(path)``, or in Python::

        World(table="9ft", physics="pool",
              balls=[Ball(0, (0.6, 0.635)), Ball(1, (1.9, 0.66))])

    ``table`` is a preset name (``"7ft"``, ``"8ft"``, ``"9ft"``,
    ``"snooker"``: with pockets; ``"carom"``: without), a size ``(length, width)`` in m (no pockets) or a scene's
    ``table`` object; ``physics`` is ``"pool"`` or ``"ideal"``, by default
    the table's as in a scene file: pool physics on a preset table, ideal
    physics (frictionless discs) on a sized or periodic one; ``pool`` and ``restitution`` are the scene file's objects;
    ``rack`` (``"9-ball"``, ``"8-ball"``, ``"10-ball"``, ``"snooker"``,
    ``"three-cushion"`` or a scene's rack object) racks the balls instead
    of ``balls``. Every argument is checked as a scene file is, and bad
    input raises ValueError naming the field: ``World: balls[1].radius:
    must be positive``.

    The world holds C memory: it is freed when the world is collected, or
    at once by :meth:`close` or a ``with`` block.
    """

    __slots__ = ("_handle", "_events_before", "__weakref__")

    def __init__(self, table="9ft", balls=None, physics=None, *, pool=None, restitution=None, time=0.0,
                 rack=None):
        self._handle = None
        self._events_before = 0
        scene = _scene_dict(table, balls, physics, pool, restitution, time, rack)
        _check_finite(scene, "")
        text = json.dumps(scene, default=_plain)
        with Scene.from_text(text, "World") as made:
            self._handle = _create_world(made._handle)

    @classmethod
    def _wrap(cls, handle):
        world = cls.__new__(cls)
        world._handle = handle
        world._events_before = 0
        return world

    @classmethod
    def from_scene(cls, path):
        """The world of a scene file at its start (a saved state continues
        exactly where it was saved)."""
        with Scene(path) as scene:
            return scene.world()

    # -- life --------------------------------------------------------------

    def _live(self):
        handle = self._handle
        if not handle:
            raise ValueError("the world is closed")
        return handle

    def close(self):
        """Frees the world's C memory now. Using the world afterwards
        raises ValueError."""
        handle, self._handle = self._handle, None
        if handle:
            _lib.world_destroy(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        if getattr(self, "_handle", None) and _lib is not None and _lib.world_destroy is not None:
            self.close()

    @property
    def closed(self):
        return not self._handle

    # -- reading -----------------------------------------------------------

    @property
    def time(self):
        """The current simulated time (s)."""
        return _lib.world_time(self._live())

    @property
    def event_count(self):
        """Events processed so far, across strikes."""
        return self._events_before + _lib.world_event_count(self._live())

    @property
    def physics(self):
        """``"ideal"`` or ``"pool"``."""
        return "pool" if _lib.world_physics(self._live()) == 1 else "ideal"

    @property
    def ball_count(self):
        """Balls the world holds, pocketed ones included."""
        return _lib.world_ball_count(self._live())

    def state(self):
        """Every ball now, as a :class:`State`."""
        handle = self._live()
        time = _lib.world_time(handle)
        count = _lib.world_ball_count(handle)
        states = (_lib.CBallState * count)()
        _lib.shot_ball_states(handle, time, states)
        return _state_of(time, states)

    def totals(self):
        """Energy and momentum over the balls on the table, as :class:`Totals`."""
        t = _lib.world_totals(self._live())
        return Totals(t.kinetic_energy, t.translational_energy, t.rotational_energy, (t.momentum.x, t.momentum.y),
                      t.balls_on_table, t.pocketed_energy)

    def validate(self):
        """Walks the whole state (overlaps, escapes, the queue); raises
        AssertionError with the library's sentence when something is wrong."""
        buffer = _error_buffer()
        if not _lib.world_validate(self._live(), buffer, _lib.ERROR_SIZE):
            raise AssertionError(_message(buffer))

    @property
    def reached_time_limit(self):
        """True when an event was left untaken beyond 16384 s (BS_MAX_TIME)."""
        return _lib.world_reached_time_limit(self._live())

    # -- running -----------------------------------------------------------

    def step(self):
        """Processes the next event and returns it, or None when no event
        remains (every ball at rest or pocketed)."""
        handle = self._live()
        if not _lib.world_step(handle):
            return None
        return Event._of(_lib.world_last_event(handle))

    def peek(self):
        """The next event without processing it (its impulse, point and
        normal not yet known: 0), or None."""
        event = _lib.CEvent()
        if not _lib.world_peek(self._live(), ctypes.byref(event)):
            return None
        return Event._of(event)

    def events(self, until=None, max_events=None):
        """Steps the world, yielding each event, until none remains, or the
        next lies after time `until` (s; the world then advances to it), or
        `max_events` have been yielded."""
        if until is not None:
            until = self._check_time(until)
        if max_events is not None and max_events < 0:
            raise ValueError(f"max_events: must be >= 0, got {max_events}")
        done = 0
        scratch = _lib.CEvent()
        while max_events is None or done < max_events:
            handle = self._live()
            if until is not None and not _lib.world_peek_until(handle, until, ctypes.byref(scratch)):
                _lib.world_advance(handle, until, 0)
                return
            if not _lib.world_step(handle):
                return
            done += 1
            yield Event._of(_lib.world_last_event(handle))

    def advance(self, time):
        """Processes every event up to the absolute time `time` (s), then
        moves the world to it. Returns how many events it processed."""
        time = self._check_time(time)
        return _lib.world_advance(self._live(), time, 0)

    def run(self, max_events=None):
        """Runs the world until no event remains (or `max_events`), in C,
        and returns the events as :class:`Events`."""
        return _run(self._live(), max_events)

    def _check_time(self, time):
        if not isinstance(time, numbers.Real) or isinstance(time, bool):
            raise TypeError(f"time: expected a number of seconds, got {type(time).__name__}")
        time = float(time)
        now = self.time
        if math.isnan(time) or time < now:
            raise ValueError(
                f"time: must be at or after the world's time {now!r} s, got {time!r} (a world keeps no past: "
                "breakshot.simulate(world) records a shot, and shot.state_at(t) goes back in it)"
            )
        return min(time, _lib.MAX_TIME)

    def strike(self, stick_speed=None, angle_deg=None, tip=(0.0, 0.0), elevation_deg=0.0, *, speed=None, aim=None,
               squirt=True, ball=None, cue=None):
        """Strikes the cue ball (id ``ball``: 0, pool's and snooker's cue
        ball, unless told; in three-cushion each player's own, the white 0
        or the yellow 1) now, as a scene's ``cue`` does.

        Give the cue stick's speed ``stick_speed`` (m/s) or the cue ball's
        own ``speed`` (m/s, a level centre hit), and the direction as
        ``angle_deg`` (degrees counter-clockwise from +x) or ``aim``, a
        point (m) to aim the ball's centre at. ``tip=(side, height)`` is
        where the tip meets the ball, as fractions of its radius seen from
        behind the cue (side > 0 right english, height > 0 follow, < 0
        draw; at most 0.5 from the centre), ``elevation_deg`` the cue's
        angle above the cloth in [0, 90) and ``squirt`` whether english
        pushes the ball off the aim. Or give ``cue``, a :class:`Cue` (a
        solved shot's), instead of all of these: it names its own ball. The
        other balls go on exactly as they were. Bad input raises ValueError
        with the library's message.
        """
        handle = self._live()
        c_cue = _cue_def(stick_speed, angle_deg, tip, elevation_deg, speed, aim, squirt, cue)
        if cue is None:
            c_cue.ball = _ball_id(0 if ball is None else ball, "cue.ball")
        elif ball is not None:
            raise ValueError("ball: a Cue names its own ball (cue.ball)")
        error = _error_buffer()
        struck = _lib.shot_strike(handle, ctypes.byref(c_cue), error, _lib.ERROR_SIZE)
        if not struck:
            raise ValueError(_message(error))
        self._events_before += _lib.world_event_count(handle)
        self._handle = struck
        _lib.world_destroy(handle)

    def save(self, path):
        """Writes the world's state now as a scene file, the same bytes as
        ``breakshot run --out``; :meth:`from_scene` continues it exactly.
        The file appears whole or not at all."""
        text = _lib.take_text(_lib.scene_dump_world(self._live()))
        if text is None:
            raise MemoryError("breakshot: out of memory writing the state")
        _write_whole(path, text)

    def view(self, *, size=None, screenshot=None, frames=None):
        """Opens the viewer on the world's state now (``breakshot view`` on
        it, saved to a temporary scene), paused there; returns when its
        window is closed. The viewer plays on from there, steps through the
        events both ways and strikes new shots; the world itself does not
        change. ``size=(width, height)`` is the window's size in pixels (each 200 to
        8000);
        ``screenshot`` a PNG path to render one frame to and close (with
        ``frames``, after that many frames of the window). Needs a display
        (``DISPLAY`` or ``WAYLAND_DISPLAY``: under none, run Python in
        ``xvfb-run``) and the program built with its viewer; raises
        RuntimeError saying which is missing."""
        handle = self._live()
        arguments = []
        if size is not None:
            width, height = _pair(size, "size")
            if not all(side == int(side) and 200 <= side <= 8000 for side in (width, height)):
                raise ValueError(f"size: expected whole numbers of pixels from 200 to 8000, got {size!r}")
            arguments += ["--size", f"{int(width)}x{int(height)}"]
        if screenshot is not None:
            arguments += ["--screenshot", os.fsdecode(_path_bytes(screenshot))]
        if frames is not None:
            if not isinstance(frames, numbers.Integral) or isinstance(frames, bool) or frames < 1:
                raise ValueError(f"frames: expected a whole number >= 1, got {frames!r}")
            arguments += ["--frames", str(int(frames))]
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            raise RuntimeError(
                "World.view needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set "
                "(without one, run Python under xvfb-run for a screenshot)"
            )
        program = _program.find()
        if program is None:
            raise RuntimeError(_program.missing_message())
        text = _lib.take_text(_lib.scene_dump_world(handle))
        if text is None:
            raise MemoryError("breakshot: out of memory writing the state")
        with tempfile.TemporaryDirectory(prefix="breakshot-view-") as directory:
            scene = os.path.join(directory, "world.json")
            with open(scene, "w", encoding="utf-8") as stream:
                stream.write(text)
            done = subprocess.run([program, "view", scene, *arguments], env=_program.environment(program),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, check=False)
        sys.stdout.write(done.stdout)
        if done.returncode != 0:
            raise RuntimeError(f"{program} view failed (exit status {done.returncode}): {done.stderr.strip()}")
        sys.stderr.write(done.stderr)

    def __repr__(self):
        if not self._handle:
            return "<breakshot.World closed>"
        return f"<breakshot.World {self.ball_count} balls, {self.physics} physics, t = {self.time!r} s>"


def _number(value, path):
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        raise TypeError(f"{path}: expected a number, got {type(value).__name__}")
    return float(value)


def _ball_id(value, path):
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise TypeError(f"{path}: expected a ball id (an int), got {type(value).__name__}")
    if not -1000000000 <= value <= 1000000000:
        raise ValueError(f"{path}: must be within +-1e9, got {value}")
    return int(value)


def _pair(value, path):
    try:
        x, y = value
    except (TypeError, ValueError):
        raise ValueError(f"{path}: expected 2 numbers [x, y], got {value!r}") from None
    return _number(x, f"{path}[0]"), _number(y, f"{path}[1]")


def _write_whole(path, text):
    """Writes a file through a temporary file beside it and a rename."""
    path = os.fspath(path)
    directory = os.path.dirname(path) or "."
    descriptor, temporary = tempfile.mkstemp(prefix=os.path.basename(path) + ".tmp-", dir=directory)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise


def _umask():
    """The process's umask, read without setting it (another thread may be
    creating a file)."""
    with open("/proc/self/status") as status:  # Linux 4.7 on
        return next(int(line.split()[1], 8) for line in status if line.startswith("Umask:"))


def _run(handle, max_events, recording=None):
    """Runs a world in C into a buffer of events, growing it as it fills,
    recording each event's new motions when given a recording."""
    if max_events is not None and max_events < 0:
        raise ValueError(f"max_events: must be >= 0, got {max_events}")

    def run(room, capacity):
        if recording is None:
            return _lib.shot_run(handle, room, capacity)
        count = _lib.trajectory_run(recording.handle, handle, room, capacity)
        if count < 0:
            raise MemoryError("breakshot: out of memory recording the shot")
        return count

    capacity = _FIRST_CAPACITY if max_events is None else min(_FIRST_CAPACITY, max_events)
    buffer = (_lib.CEvent * max(capacity, 1))()
    count = run(buffer, capacity) if capacity > 0 else 0
    while count == capacity and (max_events is None or count < max_events):
        capacity = 2 * capacity if max_events is None else min(2 * capacity, max_events)
        grown = (_lib.CEvent * capacity)()
        ctypes.memmove(grown, buffer, count * ctypes.sizeof(_lib.CEvent))
        buffer = grown
        room = ctypes.cast(ctypes.byref(buffer, count * ctypes.sizeof(_lib.CEvent)), ctypes.POINTER(_lib.CEvent))
        added = run(room, capacity - count)
        count += added
        if count < capacity:
            break
    if recording is not None:
        recording.end = _lib.trajectory_end_time(recording.handle)
    return Events(buffer, count)


def _state_of(time, states):
    view = numpy.frombuffer(states, dtype=BALL_STATE_DTYPE)
    return State(
        time,
        view["id"].copy(),
        view["pos"].copy(),
        view["vel"].copy(),
        view["omega"].copy(),
        view["motion"].copy(),
        view["pocketed"].copy(),
        kind_names_of(view["kind"]),
    )


def _trajectory_of(times, states, recording):
    """A Trajectory from the structured states (T, n) at `times` (T,) of
    `recording`."""
    return Trajectory(
        numpy.array(times, dtype=numpy.float64),
        recording.ids.copy(),
        numpy.ascontiguousarray(states["pos"]),
        numpy.ascontiguousarray(states["vel"]),
        numpy.ascontiguousarray(states["omega"]),
        numpy.ascontiguousarray(states["motion"]),
        numpy.ascontiguousarray(states["pocketed"]),
        recording.kinds.copy(),
    )


def simulate(scene, max_events=None, record=True):
    """Runs a whole shot in C, without Python in the loop, and returns a
    :class:`Shot`: its events, the state at the end and, with `record`,
    the whole run, to read at any time of it (``shot.state_at(t)``,
    ``shot.trajectory(step)``).

    `scene` is a scene file's path, a :class:`Scene` (the fastest: loaded
    once, a new world each call) or a :class:`World`, which runs on from
    where it is (and is left at the end; the shot starts where it was). It
    runs until every ball is at rest or pocketed, or `max_events` events.
    """
    if isinstance(scene, World):
        handle = scene._live()
        recording = _Recording(handle) if record else None
        events = _run(handle, max_events, recording)
        return Shot(events, scene.state(), recording)
    if isinstance(scene, Scene):
        world = scene.world()
    else:
        world = World.from_scene(scene)
    try:
        recording = _Recording(world._handle) if record else None
        events = _run(world._handle, max_events, recording)
        return Shot(events, world.state(), recording)
    finally:
        world.close()
