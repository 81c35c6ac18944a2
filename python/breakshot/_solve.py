"""Which shot to play: the shot search of the C library's solve.h.

:func:`solve` searches a position for the shots that achieve a
:class:`Goal` and ranks them by their probability of success under
execution :class:`Noise`, estimated by Monte Carlo in C; :func:`heat_map`
maps that probability over aim and speed around one of them. The structs
below mirror ``include/breakshot/solve.h`` (and ``bs_scene``, to read a
scene's position) field for field; ``python/tests/test_solve.py`` compares
their sizes and offsets with the C compiler's.

A search is built once from a position, a goal and the options
(:class:`_Search`), then run. The options are set by :func:`_set_options`,
which the player (``_player.py``) shares for the search it runs before
every shot.
"""

import ctypes
import math
import numbers
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Optional, Tuple

import numpy

from . import _lib
from ._game import CBallDef, CShotCall, CWorldDef, Game
from ._types import Cue, MotionState
from ._world import Scene, World, _error_buffer, _message, _number, _pair

# Limits from the headers (the layout test checks each against C).
SOLVE_MAX_TOP = 64  # BS_SOLVE_MAX_TOP
SOLVE_MAX_LEVELS = 16  # BS_SOLVE_MAX_LEVELS
SOLVE_MAX_SAMPLES = 10000000  # BS_SOLVE_MAX_SAMPLES
SOLVE_MAX_THREADS = 1024  # BS_SOLVE_MAX_THREADS
GOAL_KIND_COUNT = 3  # BS_GOAL_KIND_COUNT
SHOT_FAMILY_COUNT = 6  # BS_SHOT_FAMILY_COUNT
SCENE_MAX_WARNINGS = 4  # BS_SCENE_MAX_WARNINGS (scene.h)
SCENE_WARNING_SIZE = 320  # BS_SCENE_WARNING_SIZE

_c_int = ctypes.c_int
_c_double = ctypes.c_double
_c_bool = ctypes.c_bool
_INT_MIN = -(2**31)
_INT_MAX = 2**31 - 1
_UINT64_MAX = 2**64 - 1


class CNoiseDef(ctypes.Structure):
    """bs_noise_def (solve.h)."""

    _fields_ = [
        ("aim_deg", _c_double),
        ("elevation_deg", _c_double),
        ("speed", _c_double),
        ("tip", _c_double),
    ]


class CGoal(ctypes.Structure):
    """bs_goal (solve.h)."""

    _fields_ = [
        ("kind", _c_int),
        ("ball", _c_int),
        ("pocket", _c_int),
        ("has_region", _c_bool),
        ("region_min", _lib.Vec2),
        ("region_max", _lib.Vec2),
    ]


#: bs_solve_progress_fn, bs_solve_share_fn and bs_solve_cancel_fn.
PROGRESS_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, _c_double, ctypes.c_char_p)
SHARE_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, _c_int)
CANCEL_FN = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p)


class CSolveDef(ctypes.Structure):
    """bs_solve_def (solve.h)."""

    _fields_ = [
        ("world", CWorldDef),
        ("game", ctypes.c_void_p),
        ("cue_ball", _c_int),
        ("goal", CGoal),
        ("noise", CNoiseDef),
        ("samples", _c_int),
        ("screen_samples", _c_int),
        ("top", _c_int),
        ("refine", _c_int),
        ("speeds", _c_double * SOLVE_MAX_LEVELS),
        ("speed_count", _c_int),
        ("tips", _lib.Vec2 * SOLVE_MAX_LEVELS),
        ("tip_count", _c_int),
        ("elevations", _c_double * SOLVE_MAX_LEVELS),
        ("elevation_count", _c_int),
        ("aim_reach_deg", _c_double),
        ("position_weight", _c_double),
        ("seed", ctypes.c_uint64),
        ("threads", _c_int),
        ("rank", _c_int),
        ("ranks", _c_int),
        ("share", SHARE_FN),
        ("share_closure", ctypes.c_void_p),
        ("progress", PROGRESS_FN),
        ("progress_closure", ctypes.c_void_p),
        ("cancel", CANCEL_FN),
        ("cancel_closure", ctypes.c_void_p),
    ]


class CSolvedShot(ctypes.Structure):
    """bs_solved_shot (solve.h)."""

    _fields_ = [
        ("cue", _lib.CCueDef),
        ("call", CShotCall),
        ("family", _c_int),
        ("object_ball", _c_int),
        ("samples", ctypes.c_int64),
        ("successes", ctypes.c_int64),
        ("probability", _c_double),
        ("low", _c_double),
        ("high", _c_double),
        ("window_deg", _c_double),
        ("nominal_success", _c_bool),
        ("cue_end_mean", _lib.Vec2),
        ("cue_end_sd", _lib.Vec2),
        ("position", _c_double),
        ("value", _c_double),
    ]


class CRackDef(ctypes.Structure):
    """bs_rack_def (rack.h)."""

    _fields_ = [
        ("game", _c_int),
        ("gap", _c_double),
        ("jitter", _c_double),
        ("seed", ctypes.c_uint64),
    ]


class CScene(ctypes.Structure):
    """bs_scene (scene.h): a loaded scene, read through its handle."""

    _fields_ = [
        ("def", CWorldDef),
        ("balls", ctypes.POINTER(CBallDef)),
        ("has_rack", _c_bool),
        ("rack", CRackDef),
        ("has_cue", _c_bool),
        ("cue", _lib.CCueDef),
        ("physics_named", _c_bool),
        ("warning_count", _c_int),
        ("warnings", (ctypes.c_char * SCENE_WARNING_SIZE) * SCENE_MAX_WARNINGS),
    ]


_result = ctypes.c_void_p
_error = ctypes.c_char_p
_declare = _lib._declare

default_noise_def = _declare("bs_default_noise_def", CNoiseDef)
default_solve_def = _declare("bs_default_solve_def", CSolveDef)
default_ball_def = _declare("bs_default_ball_def", CBallDef)
goal_kind_name = _declare("bs_goal_kind_name", ctypes.c_char_p, _c_int)
shot_family_name = _declare("bs_shot_family_name", ctypes.c_char_p, _c_int)
solve_result_create = _declare("bs_solve_result_create", _result)
solve_result_destroy = _declare("bs_solve_result_destroy", None, _result)
solve_result_count = _declare("bs_solve_result_count", _c_int, _result)
solve_result_shot = _declare("bs_solve_result_shot", ctypes.POINTER(CSolvedShot), _result, _c_int)
solve_result_evaluations = _declare("bs_solve_result_evaluations", ctypes.c_int64, _result)
c_solve = _declare("bs_solve", _c_bool, ctypes.POINTER(CSolveDef), _result, _error, ctypes.c_size_t)
c_solve_heat_map = _declare(
    "bs_solve_heat_map", _c_bool, ctypes.POINTER(CSolveDef), ctypes.POINTER(CSolvedShot), _c_double, _c_int,
    _c_double, _c_double, _c_int, _c_int, ctypes.POINTER(_c_double), _error, ctypes.c_size_t
)
scene_create_text = _lib.scene_create_text
scene_destroy = _lib.scene_destroy

#: The goals, by their names in ``breakshot solve --goal`` (bs_goal_kind in
#: order; the library's own name of the second is "three_cushion").
GOAL_KINDS = ("pot", "three-cushion", "game")

#: How a shot can be found (bs_shot_family_name, in order): "direct",
#: "bank", "kick", "combination", "carom", "sweep".
SHOT_FAMILIES = tuple(shot_family_name(family).decode("ascii") for family in range(SHOT_FAMILY_COUNT))

_DEFAULT_NOISE = default_noise_def()


def _int(value, path, low=_INT_MIN, high=_INT_MAX):
    """A whole number that fits a C int (or [low, high]), else TypeError or
    ValueError naming the argument."""
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise TypeError(f"{path}: expected a whole number, got {type(value).__name__}")
    value = int(value)
    if not low <= value <= high:
        raise ValueError(f"{path}: {value} is out of range; give {low} to {high}")
    return value


@dataclass(frozen=True)
class Noise:
    """How a shot misses its execution (bs_noise_def): each of the cue's
    settings is drawn from a Gaussian centred on the one intended, with
    these standard deviations (0 for none): the aim ``aim_deg`` (degrees),
    the cue's elevation ``elevation_deg`` (degrees), the stick speed
    ``speed`` (m/s) and each of the tip's two offsets ``tip`` (m). The
    defaults are the computational pool tournaments' noise,
    ``bs_default_noise_def()``."""

    aim_deg: float = _DEFAULT_NOISE.aim_deg
    elevation_deg: float = _DEFAULT_NOISE.elevation_deg
    speed: float = _DEFAULT_NOISE.speed
    tip: float = _DEFAULT_NOISE.tip

    def _c(self):
        return CNoiseDef(
            _number(self.aim_deg, "noise.aim_deg"),
            _number(self.elevation_deg, "noise.elevation_deg"),
            _number(self.speed, "noise.speed"),
            _number(self.tip, "noise.tip"),
        )


@dataclass(frozen=True)
class Goal:
    """What a shot must achieve (bs_goal), as ``breakshot solve --goal``
    spells it (``Goal.parse("pot:9:3")``, and ``str(goal)`` back):

    - ``Goal("pot", ball)``, ``"pot:B"``: pot the ball with id ``ball`` in
      any pocket, or in ``pocket`` (its index, ``"pot:B:P"``), with the cue
      ball still on the table when everything comes to rest;
    - ``Goal("three-cushion")``: a three-cushion point with the cue ball;
    - ``Goal("game")``: a shot the rules of the game (a :class:`Game` as
      the position) score: no foul and the turn kept, or the game won. The
      call is part of each shot found.
    """

    kind: str
    ball: Optional[int] = None
    pocket: Optional[int] = None

    def __post_init__(self):
        if self.kind not in GOAL_KINDS:
            raise ValueError(f"goal.kind: {self.kind!r} is no goal (expected one of: {', '.join(GOAL_KINDS)})")
        if self.kind == "pot":
            if self.ball is None:
                raise ValueError("goal.ball: a pot needs the ball to pot")
            _int(self.ball, "goal.ball")
            if self.pocket is not None:
                _int(self.pocket, "goal.pocket", 0)
        elif self.ball is not None or self.pocket is not None:
            raise ValueError(f"goal: {self.kind} takes no ball or pocket")

    @classmethod
    def parse(cls, text):
        """A goal from its text: ``"pot:B"``, ``"pot:B:P"``,
        ``"three-cushion"`` or ``"game"``."""
        if not isinstance(text, str):
            raise TypeError(f"goal: expected a Goal or its text, got {type(text).__name__}")
        if text in ("three-cushion", "game"):
            return cls(text)
        parts = text.split(":")
        if parts[0] == "pot" and len(parts) in (2, 3) and all(part.isdigit() and part.isascii() for part in parts[1:]):
            ball = int(parts[1])
            pocket = int(parts[2]) if len(parts) == 3 else None
            if ball <= _INT_MAX and (pocket is None or pocket <= _INT_MAX):
                return cls("pot", ball, pocket)
        raise ValueError(f"goal: {text!r}: expected pot:BALL, pot:BALL:POCKET, three-cushion or game")

    def __str__(self):
        if self.kind != "pot":
            return self.kind
        return f"pot:{self.ball}" + ("" if self.pocket is None else f":{self.pocket}")

    def _c(self, region):
        goal = CGoal()
        goal.kind = GOAL_KINDS.index(self.kind)
        goal.ball = self.ball if self.ball is not None else -1
        goal.pocket = self.pocket if self.pocket is not None else -1
        if region is not None:
            try:
                low, high = region
            except (TypeError, ValueError):
                raise ValueError(f"region: expected two corners ((x0, y0), (x1, y1)) in m, got {region!r}") from None
            goal.has_region = True
            goal.region_min = _lib.Vec2(*_pair(low, "region[0]"))
            goal.region_max = _lib.Vec2(*_pair(high, "region[1]"))
        return goal


def _vector(vec):
    """A bs_vec2 as a pair, or None when it is NaN (no such point)."""
    if math.isnan(vec.x) or math.isnan(vec.y):
        return None
    return (vec.x, vec.y)


def _call_part(value):
    return None if value < 0 else value


@dataclass(frozen=True)
class SolvedShot:
    """One shot a search ranked (bs_solved_shot).

    ``cue`` is the shot, a :class:`Cue` (``world.strike(cue=shot.cue)``,
    ``game.shoot(cue=shot.cue, call=shot.call)``); ``call`` what it calls,
    ``(ball, pocket)`` with None for a part not called (a game's call; else
    the goal's ball and pocket); ``family`` how it was found (one of
    :data:`SHOT_FAMILIES`); ``object_ball`` the id of the ball it plays
    first, or None. Of ``samples`` noise samples, ``successes`` achieved the
    goal: ``probability`` is their ratio and ``interval`` Wilson's 95 %
    interval ``(low, high)`` around it. ``window_deg`` is the width of the
    window of aims that succeed without noise (degrees) and
    ``nominal_success`` whether the shot as given does. ``cue_end_mean``
    and ``cue_end_sd`` are where the cue ball comes to rest over the
    samples that succeed, the mean and the standard deviation along x and
    y (m), or None when none succeeds with the cue ball on the table.
    ``position`` is the next shot's best probability from there (0 without
    ``position_weight``), and ``value`` = probability + position_weight *
    position, the rank.
    """

    cue: Cue
    call: Tuple[Optional[int], Optional[int]]
    family: str
    object_ball: Optional[int]
    probability: float
    interval: Tuple[float, float]
    successes: int
    samples: int
    window_deg: float
    nominal_success: bool
    cue_end_mean: Optional[Tuple[float, float]]
    cue_end_sd: Optional[Tuple[float, float]]
    position: float
    value: float

    @classmethod
    def _of(cls, c_shot, cue_ball):
        c_cue = _lib.CCueDef.from_buffer_copy(c_shot.cue)
        c_cue.ball = cue_ball
        return cls(
            cue=Cue._of(c_cue),
            call=(_call_part(c_shot.call.ball), _call_part(c_shot.call.pocket)),
            family=_name_of_family(c_shot.family),
            object_ball=_call_part(c_shot.object_ball),
            probability=c_shot.probability,
            interval=(c_shot.low, c_shot.high),
            successes=c_shot.successes,
            samples=c_shot.samples,
            window_deg=c_shot.window_deg,
            nominal_success=c_shot.nominal_success,
            cue_end_mean=_vector(c_shot.cue_end_mean),
            cue_end_sd=_vector(c_shot.cue_end_sd),
            position=c_shot.position,
            value=c_shot.value,
        )

    def _c(self):
        """The bs_solved_shot a heat map reads: its cue and call."""
        if not isinstance(self, SolvedShot):
            raise TypeError(f"shot: expected a SolvedShot, got {type(self).__name__}")
        c_shot = CSolvedShot()
        c_shot.cue.stick = True
        c_shot.cue.speed = _number(self.cue.stick_speed, "shot.cue.stick_speed")
        c_shot.cue.angle_deg = _number(self.cue.angle_deg, "shot.cue.angle_deg")
        c_shot.cue.tip = _lib.Vec2(*_pair(self.cue.tip, "shot.cue.tip"))
        c_shot.cue.elevation_deg = _number(self.cue.elevation_deg, "shot.cue.elevation_deg")
        c_shot.cue.squirt = bool(self.cue.squirt)
        c_shot.cue.ball = _int(self.cue.ball, "shot.cue.ball")
        ball, pocket = self.call
        c_shot.call.ball = -1 if ball is None else _int(ball, "shot.call[0]")
        c_shot.call.pocket = -1 if pocket is None else _int(pocket, "shot.call[1]")
        return c_shot


def _name_of_family(family):
    return SHOT_FAMILIES[family] if 0 <= family < len(SHOT_FAMILIES) else "unknown"


@dataclass(frozen=True)
class Solution(Sequence):
    """What :func:`solve` returns: the shots ranked, best first (a
    sequence of :class:`SolvedShot`; empty when no candidate succeeds even
    without noise), and ``evaluations``, how many shots the search
    simulated, noise samples included."""

    shots: Tuple[SolvedShot, ...]
    evaluations: int

    def __len__(self):
        return len(self.shots)

    def __getitem__(self, index):
        return self.shots[index]

    @property
    def best(self):
        """The best shot, or None."""
        return self.shots[0] if self.shots else None


@dataclass(frozen=True, eq=False)
class HeatMap:
    """What :func:`heat_map` returns: ``probability``, the success
    probability (speed_count, aim_count) over a grid of stick speeds (rows)
    and aims (columns); ``angles_deg`` (aim_count) and ``speeds``
    (speed_count, m/s), the aims and speeds of the columns and rows, the
    very numbers the library struck; ``samples``, noise samples per cell.
    ``numpy.asarray(heat)`` is ``probability``."""

    probability: numpy.ndarray
    angles_deg: numpy.ndarray
    speeds: numpy.ndarray
    samples: int

    @property
    def shape(self):
        return self.probability.shape

    def __array__(self, dtype=None, copy=None):
        if dtype is None and not copy:
            return self.probability
        return numpy.array(self.probability, dtype=dtype, copy=True)


class _Progress:
    """A progress function for C that calls `callback(fraction, stage)`.
    An exception the callback raises is kept, the callback not called
    again, and raised once the search returns (the search cannot stop)."""

    def __init__(self, callback):
        if callback is not None and not callable(callback):
            raise TypeError(f"progress: expected a function (fraction, stage), got {type(callback).__name__}")
        self.callback = callback
        self.error = None
        # Kept here, as long as the search runs: C holds only the pointer.
        self.function = PROGRESS_FN(self._report) if callback is not None else PROGRESS_FN()

    def _report(self, closure, fraction, stage):
        if self.error is not None:
            return
        try:
            self.callback(fraction, stage.decode("ascii", "replace"))
        except BaseException as error:  # noqa: B036 - raised again after the search
            self.error = error

    def check(self):
        if self.error is not None:
            error, self.error = self.error, None
            raise error


def _rest_ball(c_ball):
    """A ball def at rest where `c_ball` is: its id, kind, place, size and
    mass, with no speed, spin or saved anchor."""
    ball = default_ball_def()
    ball.id = c_ball.id
    ball.kind = c_ball.kind
    ball.pos = c_ball.pos
    ball.radius = c_ball.radius
    ball.mass = c_ball.mass
    return ball


def _balls_at_rest(c_scene, name, moving_allowed):
    """The scene's balls at rest, refusing one that moves (but the one
    whose strike the search replaces)."""
    count = getattr(c_scene, "def").ball_count
    balls = (CBallDef * max(count, 1))()
    for k in range(count):
        ball = c_scene.balls[k]
        moving = ball.vel.x != 0.0 or ball.vel.y != 0.0 or ball.anchor.set
        if moving and ball.id != moving_allowed:
            raise ValueError(f"{name}: balls[{k}]: the ball moves; a search starts from balls at rest")
        balls[k] = _rest_ball(ball)
    return balls


class _Position:
    """A position as bs_solve_def takes it: a world def of balls at rest
    (with the array it points into) and the cue ball's id, or a game."""

    __slots__ = ("world", "balls", "game", "cue_ball")

    def __init__(self, position, cue_ball):
        self.game = None
        self.balls = None
        self.world = None
        if cue_ball is not None:
            cue_ball = _int(cue_ball, "cue_ball")
        if isinstance(position, Game):
            if cue_ball is not None:
                raise ValueError("cue_ball: a game strikes its shooter's own cue ball; leave it out")
            self.game = position
            self.cue_ball = position.state.cue_ball
        elif isinstance(position, World):
            self._of_world(position)
            self.cue_ball = 0 if cue_ball is None else cue_ball
        elif isinstance(position, Scene):
            self.cue_ball = self._of_scene(position._live(), position.name, cue_ball)
        elif isinstance(position, (str, bytes, os.PathLike)):
            with Scene(position) as scene:
                self.cue_ball = self._of_scene(scene._live(), scene.name, cue_ball)
        else:
            raise TypeError(
                f"position: expected a World, a Scene, a scene file's path or a Game, got {type(position).__name__}"
            )

    def _of_scene(self, handle, name, cue_ball):
        """Reads a scene as `breakshot solve` does: its balls at rest, the
        cue ball the scene's cue strikes (0 without one) unless told."""
        c_scene = ctypes.cast(handle, ctypes.POINTER(CScene)).contents
        struck = c_scene.cue.ball if c_scene.has_cue else None
        self.balls = _balls_at_rest(c_scene, name, struck)
        self.world = CWorldDef.from_buffer_copy(getattr(c_scene, "def"))
        self.world.balls = self.balls
        self.world.time = 0.0
        if cue_ball is not None:
            return cue_ball
        return 0 if struck is None else struck

    def _of_world(self, world):
        """The world's position now, when every ball is at rest: its state
        written as a scene and read back, the balls taken at rest."""
        handle = world._live()
        state = world.state()
        for ball_id, motion in zip(state.ids, state.motion_states):
            if motion not in (MotionState.STATIONARY, MotionState.POCKETED):
                raise ValueError(
                    f"position: ball {ball_id} is {MotionState(motion)}; a search starts from balls at rest "
                    "(run the world to rest first)"
                )
        text = _lib.take_text(_lib.scene_dump_world(handle))
        if text is None:
            raise MemoryError("breakshot: out of memory writing the position")
        error = _error_buffer()
        scene = scene_create_text(text.encode("utf-8"), b"position", error, _lib.ERROR_SIZE)
        if not scene:
            raise ValueError(_message(error))
        try:
            c_scene = ctypes.cast(scene, ctypes.POINTER(CScene)).contents
            count = getattr(c_scene, "def").ball_count
            self.balls = (CBallDef * max(count, 1))()
            for k in range(count):
                self.balls[k] = _rest_ball(c_scene.balls[k])
            self.world = CWorldDef.from_buffer_copy(getattr(c_scene, "def"))
            self.world.balls = self.balls
            self.world.time = 0.0
        finally:
            scene_destroy(scene)


def _levels(values, path, convert):
    """A list of levels for one of the def's arrays, or None for its default."""
    if values is None:
        return None
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{path}: expected a sequence, got {type(values).__name__}")
    items = list(values)
    if len(items) > SOLVE_MAX_LEVELS:
        raise ValueError(f"{path}: {len(items)} {path}; give 1 to {SOLVE_MAX_LEVELS}")
    return [convert(item, f"{path}[{i}]") for i, item in enumerate(items)]


def _set_options(d, *, noise, samples, top, seed, threads, speeds, tips, elevations, screen_samples, refine,
                 aim_reach_deg, position_weight):
    """Sets the options of a search's def `d` (bs_solve_def): all but its
    position and goal, each checked for its type here and for its range by
    the library when it runs. `refine` None is the def's own, or `top` when
    more; None for a list of levels keeps the def's."""
    if noise is None:
        noise = Noise()
    elif not isinstance(noise, Noise):
        raise TypeError(f"noise: expected a breakshot.Noise, got {type(noise).__name__}")
    d.noise = noise._c()
    d.samples = _int(samples, "samples")
    d.top = _int(top, "top")
    d.screen_samples = _int(screen_samples, "screen_samples")
    d.refine = max(d.refine, d.top) if refine is None else _int(refine, "refine")
    d.seed = _int(seed, "seed", 0, _UINT64_MAX)
    d.threads = _int(threads, "threads")
    d.aim_reach_deg = _number(aim_reach_deg, "aim_reach_deg")
    d.position_weight = _number(position_weight, "position_weight")
    for name, values, convert in (
        ("speeds", speeds, _number),
        ("tips", tips, lambda tip, path: _lib.Vec2(*_pair(tip, path))),
        ("elevations", elevations, _number),
    ):
        levels = _levels(values, name, convert)
        if levels is not None:
            array = getattr(d, name)
            for i, level in enumerate(levels):
                array[i] = level
            setattr(d, name[:-1] + "_count", len(levels))


class _Search:
    """A search's def (bs_solve_def) and what it points into, kept alive
    together."""

    __slots__ = ("definition", "position", "progress", "cue_ball")

    def __init__(self, position, goal, *, noise, samples, top, seed, threads, speeds, tips, elevations,
                 screen_samples, refine, aim_reach_deg, position_weight, region, cue_ball, progress):
        if isinstance(goal, str):
            goal = Goal.parse(goal)
        elif not isinstance(goal, Goal):
            raise TypeError(f"goal: expected a Goal or its text (\"pot:9\"), got {type(goal).__name__}")
        d = default_solve_def()
        d.goal = goal._c(region)
        _set_options(d, noise=noise, samples=samples, top=top, seed=seed, threads=threads, speeds=speeds, tips=tips,
                     elevations=elevations, screen_samples=screen_samples, refine=refine, aim_reach_deg=aim_reach_deg,
                     position_weight=position_weight)
        self.position = _Position(position, cue_ball)
        if self.position.game is not None:
            d.game = self.position.game._live()
        else:
            d.world = self.position.world
            d.cue_ball = self.position.cue_ball
        self.cue_ball = self.position.cue_ball
        self.progress = _Progress(progress)
        d.progress = self.progress.function
        self.definition = d

    def _refresh(self):
        """The def, its pointers checked: a game closed since is refused."""
        if self.position.game is not None:
            self.definition.game = self.position.game._live()
        return ctypes.byref(self.definition)

    def run(self):
        """Searches; returns the Solution or raises ValueError with the
        library's line."""
        result = solve_result_create()
        if not result:
            raise MemoryError("breakshot: out of memory for the search's result")
        try:
            error = _error_buffer()
            ok = c_solve(self._refresh(), result, error, _lib.ERROR_SIZE)
            self.progress.check()
            if not ok:
                raise ValueError(_message(error))
            shots = tuple(
                SolvedShot._of(solve_result_shot(result, k).contents, self.cue_ball)
                for k in range(solve_result_count(result))
            )
            return Solution(shots, solve_result_evaluations(result))
        finally:
            solve_result_destroy(result)

    def heat_map(self, shot, aim_span_deg, aim_count, speed_min, speed_max, speed_count, samples):
        """The probability over aims and speeds around `shot`, as bs_solve_heat_map."""
        c_shot = SolvedShot._c(shot)
        aim_count = _int(aim_count, "aim_count")
        speed_count = _int(speed_count, "speed_count")
        samples = _int(samples, "samples")
        speed = c_shot.cue.speed
        # The axes `breakshot solve --out` draws, for those not given.
        if aim_span_deg is None:
            window = _number(shot.window_deg, "shot.window_deg")
            aim_span_deg = min(60.0, max(1.0, 3.0 * (window + 4.0 * self.definition.noise.aim_deg)))
        if speed_min is None:
            speed_min = max(0.1, 0.25 * speed)
        if speed_max is None:
            speed_max = min(10.0, max(_number(speed_min, "speed_min") + 0.5, 2.0 * speed))
        aim_span_deg = _number(aim_span_deg, "aim_span_deg")
        speed_min = _number(speed_min, "speed_min")
        speed_max = _number(speed_max, "speed_max")
        cells = aim_count * speed_count if aim_count > 0 and speed_count > 0 else 1
        if cells > 4096 * 4096:
            cells = 1  # the library refuses the counts before it writes a cell
        probability = numpy.zeros(cells, dtype=numpy.float64)
        error = _error_buffer()
        ok = c_solve_heat_map(self._refresh(), ctypes.byref(c_shot), aim_span_deg, aim_count, speed_min, speed_max,
                            speed_count, samples, probability.ctypes.data_as(ctypes.POINTER(_c_double)), error,
                            _lib.ERROR_SIZE)
        self.progress.check()
        if not ok:
            raise ValueError(_message(error))
        angle = c_shot.cue.angle_deg
        # The library's own arithmetic, in its order: the same doubles.
        angles = [angle + aim_span_deg * (column / (aim_count - 1) - 0.5) for column in range(aim_count)]
        speeds = [speed_min + (speed_max - speed_min) * row / (speed_count - 1) for row in range(speed_count)]
        return HeatMap(probability.reshape(speed_count, aim_count), numpy.array(angles), numpy.array(speeds),
                       samples)


def solve(position, goal, *, noise=None, samples=1000, top=5, seed=1, threads=1, speeds=None, tips=None,
          elevations=None, screen_samples=64, refine=None, aim_reach_deg=3.0, position_weight=0.0, region=None,
          cue_ball=None, progress=None):
    """Searches `position` for the shots that achieve `goal`, ranked by
    their probability of success under execution `noise`; returns a
    :class:`Solution`, a sequence of :class:`SolvedShot`, best first.

    `position` is a :class:`World` whose balls are all at rest, a
    :class:`Scene` or a scene file's path (read as ``breakshot solve``
    reads one: its balls at rest, the strike of its ``cue``, if any,
    replaced), or a :class:`Game` (its position and its shooter's cue
    ball). `goal` is a :class:`Goal` or its text: ``"pot:9"``,
    ``"pot:9:3"``, ``"three-cushion"``, ``"game"``. The rest are
    bs_solve_def's, with its defaults:

    - `noise`: a :class:`Noise` (None: the default noise);
    - `samples`: noise samples per ranked shot; `top`: shots ranked and
      returned (1 to 64); `screen_samples` and `refine`: the samples per
      shot with which the best `refine` shots (None: 16, or `top` if more)
      are screened before the top are chosen;
    - `speeds` (stick speeds, m/s), `tips` (``(side, height)`` pairs) and
      `elevations` (degrees): the levels tried, up to 16 of each (None:
      2, 3.5 and 6 m/s; the centre, follow and draw 0.3, right and left
      english 0.3; level);
    - `aim_reach_deg`: how far either side of a candidate's aim the window
      of aims that succeed is looked for;
    - `position_weight`: the weight of the next shot's chance from where
      the cue ball ends in each shot's value;
    - `region`: ``((x0, y0), (x1, y1))`` (m): the cue ball must also come
      to rest inside this rectangle;
    - `cue_ball`: the id of the ball struck (None: the scene cue's ball, or
      0; a game's is its shooter's);
    - `seed`: the stream every noise sample is drawn from; `threads`: the
      threads the search runs on. The result is the same bits for any
      number of threads.
    - `progress`: None, or a function ``progress(fraction, stage)`` called
      on this thread as the search goes (fraction in [0, 1], never
      decreasing; stage ``"candidates"``, ``"refining"``, ``"sampling"``,
      ``"position"``). An exception it raises is raised when the search
      ends (which it cannot do sooner).

    A search the library refuses raises ValueError with its line, naming
    the field: ``goal.ball: no ball with id 12 on the table``.
    """
    search = _Search(position, goal, noise=noise, samples=samples, top=top, seed=seed, threads=threads,
                     speeds=speeds, tips=tips, elevations=elevations, screen_samples=screen_samples, refine=refine,
                     aim_reach_deg=aim_reach_deg, position_weight=position_weight, region=region, cue_ball=cue_ball,
                     progress=progress)
    return search.run()


def heat_map(position, goal, shot, *, aim_span_deg=None, aim_count=41, speed_min=None, speed_max=None,
             speed_count=21, samples=32, noise=None, seed=1, threads=1, region=None, cue_ball=None, progress=None):
    """The probability of success over a grid of aims and stick speeds
    around `shot` (a :class:`SolvedShot`; its tip, elevation and call
    kept), with `samples` noise samples per cell, as a :class:`HeatMap`
    whose ``probability`` has a row per speed: row r is the speed
    ``speed_min + (speed_max - speed_min) * r / (speed_count - 1)``,
    column c the aim ``shot.cue.angle_deg + aim_span_deg * (c / (aim_count
    - 1) - 1/2)``. Axes left None are those ``breakshot solve --out``
    draws: a span of 3 (window + 4 sigma of aim), between 1 and 60
    degrees, and speeds from a quarter to twice the shot's.

    `position`, `goal`, `noise`, `seed`, `region` and `cue_ball` must be
    the search's for the cells to be its shots: with an odd `aim_count`,
    ``speed_min`` the shot's speed and `samples` the search's, the middle
    cell of the first row is ``shot.probability``, bit for bit. Raises
    ValueError with the library's line for counts below 2, a span or
    speeds out of range, or a search it refuses.
    """
    search = _Search(position, goal, noise=noise, samples=1, top=1, seed=seed, threads=threads, speeds=None,
                     tips=None, elevations=None, screen_samples=1, refine=None, aim_reach_deg=3.0,
                     position_weight=0.0, region=region, cue_ball=cue_ball, progress=progress)
    return search.heat_map(shot, aim_span_deg, aim_count, speed_min, speed_max, speed_count, samples)
