"""A player that plays the games by itself: the C library's player.h.

A :class:`Player` chooses each shot of a :class:`Game` as ``breakshot
play --ai`` does: it places the cue ball when in hand, runs the shot
search (``_solve.py``) with the game's rules as the goal, plays the shot
of most probability plus position, or a safety when nothing is likely,
and executes it under the search's noise drawn from its seed. Everything
runs in C; the structs below mirror ``include/breakshot/player.h`` field
for field, and ``python/tests/test_player.py`` compares their sizes and
offsets with the C compiler's.
"""

import ctypes
import math
from dataclasses import dataclass
from typing import Optional, Tuple

from . import _lib
from ._game import CBallDef, CRuling, CTableDef, CShotCall, Game, _copy_events, _ruling_of, game_get_state
from ._solve import CSolveDef, _call_part, _int, _name_of_family, _set_options, default_ball_def
from ._types import Cue
from ._world import _error_buffer, _message, _number

_c_double = ctypes.c_double
_c_bool = ctypes.c_bool
_INT64_MAX = 2**63 - 1
_UINT64_MAX = 2**64 - 1


class CPlayerDef(ctypes.Structure):
    """bs_player_def (player.h)."""

    _fields_ = [
        ("search", CSolveDef),
        ("position_weight", _c_double),
        ("safety_below", _c_double),
        ("break_speeds", _c_double * 2),
        ("execute_with_noise", _c_bool),
        ("seed", ctypes.c_uint64),
    ]


class CPlayerChoice(ctypes.Structure):
    """bs_player_choice (player.h)."""

    _fields_ = [
        ("place", _c_bool),
        ("place_at", _lib.Vec2),
        ("cue", _lib.CCueDef),
        ("executed", _lib.CCueDef),
        ("call", CShotCall),
        ("safety", _c_bool),
        ("is_break", _c_bool),
        ("family", ctypes.c_int),
        ("probability", _c_double),
        ("low", _c_double),
        ("high", _c_double),
        ("value", _c_double),
        ("evaluations", ctypes.c_int64),
    ]


_declare = _lib._declare
_error = ctypes.c_char_p

default_player_def = _declare("bs_default_player_def", CPlayerDef)
player_choose = _declare(
    "bs_player_choose", _c_bool, ctypes.c_void_p, ctypes.POINTER(CPlayerDef), ctypes.POINTER(CPlayerChoice), _error,
    ctypes.c_size_t
)
player_play = _declare(
    "bs_player_play", _c_bool, ctypes.c_void_p, ctypes.POINTER(CPlayerDef), ctypes.c_int64,
    ctypes.POINTER(CPlayerChoice), ctypes.POINTER(CRuling), _error, ctypes.c_size_t
)

table_preset = _declare("bs_table_preset", _c_bool, ctypes.c_char_p, _c_bool, ctypes.POINTER(CTableDef))
solve_def_check = _declare("bs_solve_def_check", _c_bool, ctypes.POINTER(CSolveDef), _error, ctypes.c_size_t)

# The library's player, whose numbers are the defaults below.
_DEFAULT = default_player_def()
_SEARCH = _DEFAULT.search


@dataclass(frozen=True)
class PlayerChoice:
    """What a :class:`Player` chose for one shot (bs_player_choice).

    ``place`` is where it places the cue ball first, ``(x, y)`` (m), when
    it has ball in hand, else None. ``cue`` is the shot intended, a
    :class:`Cue`, and ``executed`` the shot played: ``cue`` with the
    execution noise drawn (:meth:`Player.play`; from :meth:`Player.choose`,
    ``cue`` itself). ``call`` is what it calls, ``(ball, pocket)`` with None
    for a part not called. ``safety`` says it plays safe rather than to
    score, ``is_break`` that it is the opening break, ``family`` how the
    shot was found (one of :data:`SHOT_FAMILIES`). ``probability`` is the
    search's chance that the shot scores (a safety: that it is legal), with
    its 95 % ``interval``; ``value`` what it was chosen by (the probability
    plus the position term; a safety's own), and ``evaluations`` the shots
    simulated to choose it.
    """

    place: Optional[Tuple[float, float]]
    cue: Cue
    executed: Cue
    call: Tuple[Optional[int], Optional[int]]
    safety: bool
    is_break: bool
    family: str
    probability: float
    interval: Tuple[float, float]
    value: float
    evaluations: int

    @classmethod
    def _of(cls, c_choice, cue_ball):
        def cue_of(c_cue):
            c_cue = _lib.CCueDef.from_buffer_copy(c_cue)
            c_cue.ball = cue_ball
            return Cue._of(c_cue)

        return cls(
            place=(c_choice.place_at.x, c_choice.place_at.y) if c_choice.place else None,
            cue=cue_of(c_choice.cue),
            executed=cue_of(c_choice.executed),
            call=(_call_part(c_choice.call.ball), _call_part(c_choice.call.pocket)),
            safety=c_choice.safety,
            is_break=c_choice.is_break,
            family=_name_of_family(c_choice.family),
            probability=c_choice.probability,
            interval=(c_choice.low, c_choice.high),
            value=c_choice.value,
            evaluations=c_choice.evaluations,
        )


def _check(d):
    """Raises ValueError for a def the library would refuse, with its
    line, now rather than at the first shot that reads the field: a
    player's break searches its own speeds and tips, so a search def is
    only checked whole on a later shot."""
    # The player's own fields, as player.c's check_def words them
    # (test_player.py compares these lines with the library's).
    if not (d.position_weight >= 0.0 and math.isfinite(d.position_weight)):
        raise ValueError("position_weight: must be a finite number >= 0")
    if not 0.0 <= d.safety_below <= 1.0:
        raise ValueError("safety_below: must be in [0, 1]")
    if not all(0.0 < speed <= 10.0 for speed in d.break_speeds):
        raise ValueError("break_speeds: each must be in (0, 10] m/s")
    # The search's options, by the library: on a position it accepts (the
    # cue ball and the 1 on a table with pockets), only an option can be
    # refused.
    search = CSolveDef.from_buffer_copy(d.search)
    balls = (CBallDef * 2)(default_ball_def(), default_ball_def())
    balls[1].id = search.goal.ball = 1
    balls[0].pos = _lib.Vec2(0.5, 0.5)
    balls[1].pos = _lib.Vec2(1.5, 0.5)
    search.game = None
    if not table_preset(b"9ft", True, ctypes.byref(search.world.table)):
        raise AssertionError("the library has no 9ft table")
    search.world.balls = balls
    search.world.ball_count = 2
    search.cue_ball = 0
    error = _error_buffer()
    if not solve_def_check(ctypes.byref(search), error, _lib.ERROR_SIZE):
        raise ValueError(_message(error))


def _game(game):
    if not isinstance(game, Game):
        raise TypeError(f"game: expected a breakshot.Game, got {type(game).__name__}")
    return game._live()


class Player:
    """A player of breakshot's own, for every game of :data:`GAMES`
    (player.h; docs/solve.md, "A player").

    For each shot it places the cue ball when in hand (where a direct pot
    is likeliest), searches the shots the game's rules score
    (:func:`solve` with the goal ``"game"``), and plays the one of most
    value: its probability plus `position_weight` times the next shot's
    chance from where it leaves the cue ball. When the best probability
    is below `safety_below` it plays safe instead (not in three-cushion).
    A pool break searches full hits at the `break_speeds`. The shot is
    executed under `noise`, drawn from `seed` (sample `shot_index` of
    :meth:`play`), or exactly as chosen without `execute_with_noise`: two
    players replay a match bit for bit.

    The search's options are :func:`solve`'s: `noise` (a :class:`Noise`,
    None: the default), `samples`, `screen_samples`, `top`, `refine`,
    `speeds`, `tips`, `elevations` (None: the search's levels),
    `aim_reach_deg`, `threads`, and `search_seed`, the stream its own
    noise samples are drawn from (``solve``'s `seed`). The defaults are
    the library's, ``bs_default_player_def()``: the player of ``breakshot
    play --ai``, which takes `seed` from its ``--seed``.

    An option of the wrong type raises TypeError, one out of range
    ValueError with the library's line, which names it (``samples: 0;
    give 1 to 10000000 noise samples``, ``safety_below: must be in [0,
    1]``).
    """

    __slots__ = ("_definition",)

    def __init__(self, *, noise=None, samples=_SEARCH.samples, screen_samples=_SEARCH.screen_samples,
                 top=_SEARCH.top, refine=_SEARCH.refine, speeds=None, tips=None, elevations=None,
                 aim_reach_deg=_SEARCH.aim_reach_deg, position_weight=_DEFAULT.position_weight,
                 safety_below=_DEFAULT.safety_below, break_speeds=tuple(_DEFAULT.break_speeds),
                 execute_with_noise=_DEFAULT.execute_with_noise, seed=_DEFAULT.seed, threads=_SEARCH.threads,
                 search_seed=_SEARCH.seed):
        d = default_player_def()
        # The player sets the search's own position weight (and its game and
        # goal) for each shot: the def's is the player's.
        _set_options(d.search, noise=noise, samples=samples, top=top, seed=search_seed, threads=threads,
                     speeds=speeds, tips=tips, elevations=elevations, screen_samples=screen_samples, refine=refine,
                     aim_reach_deg=aim_reach_deg, position_weight=d.search.position_weight)
        d.position_weight = _number(position_weight, "position_weight")
        d.safety_below = _number(safety_below, "safety_below")
        try:
            first, second = break_speeds
        except (TypeError, ValueError):
            raise ValueError(f"break_speeds: expected 2 stick speeds (m/s), got {break_speeds!r}") from None
        d.break_speeds[0] = _number(first, "break_speeds[0]")
        d.break_speeds[1] = _number(second, "break_speeds[1]")
        if not isinstance(execute_with_noise, bool):
            raise TypeError(f"execute_with_noise: expected True or False, got {type(execute_with_noise).__name__}")
        d.execute_with_noise = execute_with_noise
        d.seed = _int(seed, "seed", 0, _UINT64_MAX)
        _check(d)
        self._definition = d

    def choose(self, game):
        """The shot this player would play in `game` now, as a
        :class:`PlayerChoice` (bs_player_choose); the game is left
        unchanged. Raises ValueError with the library's line when the game
        is over or an option is out of range."""
        handle = _game(game)
        choice = CPlayerChoice()
        error = _error_buffer()
        if not player_choose(handle, ctypes.byref(self._definition), ctypes.byref(choice), error, _lib.ERROR_SIZE):
            raise ValueError(_message(error))
        return PlayerChoice._of(choice, game_get_state(handle).contents.cue_ball)

    def play(self, game, shot_index):
        """Chooses the shot (:meth:`choose`) and plays it in `game`
        (bs_player_play): places the cue ball, draws the execution (sample
        `shot_index` of the seed's stream, with `execute_with_noise`) and
        shoots. Returns ``(choice, ruling)``, a :class:`PlayerChoice` and
        the :class:`Ruling`, as :meth:`Game.shoot` would; ``game.state``
        and ``game.events`` are the shot's after. ``breakshot play --ai``
        plays its k-th shot (from 0) with `shot_index` k. Raises ValueError
        with the library's line as :meth:`choose` does, or when the game
        refuses the shot."""
        handle = _game(game)
        shot_index = _int(shot_index, "shot_index", 0, _INT64_MAX)
        state = game_get_state(handle).contents
        shooter, cue_ball = state.shooter, state.cue_ball
        choice = CPlayerChoice()
        ruling = CRuling()
        error = _error_buffer()
        played = player_play(handle, ctypes.byref(self._definition), shot_index, ctypes.byref(choice),
                             ctypes.byref(ruling), error, _lib.ERROR_SIZE)
        # The cue ball may have been placed before a shot the game refused:
        # the state is read afresh either way.
        game._state = None
        if not played:
            raise ValueError(_message(error))
        game._events = _copy_events(handle)
        return PlayerChoice._of(choice, cue_ball), _ruling_of(ruling, shooter, game._events)

    def __repr__(self):
        d = self._definition
        return (f"<breakshot.Player samples={d.search.samples}, position_weight={d.position_weight}, "
                f"safety_below={d.safety_below}, seed={d.seed}>")
