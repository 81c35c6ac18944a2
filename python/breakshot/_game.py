"""Games played shot by shot, over the C library's game.h and rules.h.

A :class:`Game` holds the table, the physics and the state of play; each
shot is struck, simulated exactly to rest in C and judged by the game's
rules (docs/games.md). The structs below mirror ``include/breakshot/*.h``
field for field; ``python/tests/test_game.py`` compares their sizes and
offsets with the C compiler's.
"""

import ctypes
import errno
import math
import numbers
import os
from dataclasses import dataclass
from typing import Optional, Tuple

from . import _lib
from ._types import Event, Events
from ._world import World, _cue_def, _error_buffer, _message, _number, _pair, _path_bytes

# Limits from the headers (the layout test checks each against C).
GAME_KIND_COUNT = 5  # BS_GAME_KIND_COUNT (rack.h)
RULES_MAX_BALLS = 22  # BS_RULES_MAX_BALLS (rules.h)
RULING_MAX_DECIDING = 4  # BS_RULING_MAX_DECIDING
RULING_TEXT_SIZE = 256  # BS_RULING_TEXT_SIZE
GAME_NAME_SIZE = 32  # BS_GAME_NAME_SIZE (game.h): a name's bytes and its NUL
TABLE_PRESET_SIZE = 16  # bs_table_def.preset

_c_int = ctypes.c_int
_c_double = ctypes.c_double
_c_bool = ctypes.c_bool


class CTableDef(ctypes.Structure):
    """bs_table_def (table.h)."""

    _fields_ = [
        ("width", _c_double),
        ("height", _c_double),
        ("has_pockets", _c_bool),
        ("periodic", _c_bool),
        ("preset", ctypes.c_char * TABLE_PRESET_SIZE),
    ]


class CRulesBall(ctypes.Structure):
    """bs_rules_ball (rules.h)."""

    _fields_ = [
        ("id", _c_int),
        ("kind", _c_int),
        ("radius", _c_double),
        ("mass", _c_double),
        ("on_table", _c_bool),
        ("pos", _lib.Vec2),
    ]


class CGameState(ctypes.Structure):
    """bs_game_state (rules.h)."""

    _fields_ = [
        ("game", _c_int),
        ("table", CTableDef),
        ("ball_count", _c_int),
        ("balls", CRulesBall * RULES_MAX_BALLS),
        ("shooter", _c_int),
        ("score", _c_int * 2),
        ("cue_ball", _c_int),
        ("in_hand", _c_int),
        ("is_break", _c_bool),
        ("shot_count", _c_int),
        ("innings", _c_int * 2),
        ("fouls_in_row", _c_int * 2),
        ("group", _c_int * 2),
        ("on", _c_int),
        ("target_points", _c_int),
        ("over", _c_bool),
        ("winner", _c_int),
    ]


class CShotCall(ctypes.Structure):
    """bs_shot_call (rules.h)."""

    _fields_ = [("ball", _c_int), ("pocket", _c_int)]


class CRespot(ctypes.Structure):
    """bs_respot (rules.h)."""

    _fields_ = [("id", _c_int), ("pos", _lib.Vec2)]


class CRuling(ctypes.Structure):
    """bs_ruling (rules.h)."""

    _fields_ = [
        ("foul", _c_int),
        ("foul_points", _c_int),
        ("points", _c_int),
        ("turn_passes", _c_bool),
        ("scored", _c_bool),
        ("deciding", _c_int * RULING_MAX_DECIDING),
        ("deciding_count", _c_int),
        ("respot_count", _c_int),
        ("respots", CRespot * RULES_MAX_BALLS),
        ("text", ctypes.c_char * RULING_TEXT_SIZE),
        ("after", CGameState),
    ]


class CPoolDef(ctypes.Structure):
    """bs_pool_def (pool.h)."""

    _fields_ = [
        ("sliding_friction", _c_double),
        ("rolling_friction", _c_double),
        ("spinning_friction", _c_double),
        ("gravity", _c_double),
        ("cushion_friction", _c_double),
        ("cushion_height", _c_double),
        ("ball_model", _c_int),
        ("cushion_model", _c_int),
        ("mathavan_restitution", _c_double),
        ("mathavan_cushion_friction", _c_double),
        ("mathavan_table_friction", _c_double),
        ("mathavan_steps", _c_int),
        ("stronge_omega_ratio", _c_double),
    ]


class CAnchorHistory(ctypes.Structure):
    """bs_anchor_history (world.h): opaque, copied whole."""

    _fields_ = [("opaque", ctypes.c_uint64 * 3)]


class CBallAnchor(ctypes.Structure):
    """bs_ball_anchor (world.h)."""

    _fields_ = [
        ("set", _c_bool),
        ("time", _c_double),
        ("pos", _lib.Vec2),
        ("history", CAnchorHistory),
        ("vel", _lib.Vec2),
        ("omega", _lib.Vec3),
        ("motion", _c_int),
    ]


class CBallDef(ctypes.Structure):
    """bs_ball_def (world.h)."""

    _fields_ = [
        ("id", _c_int),
        ("pos", _lib.Vec2),
        ("vel", _lib.Vec2),
        ("omega", _lib.Vec3),
        ("radius", _c_double),
        ("mass", _c_double),
        ("kind", _c_int),
        ("anchor", CBallAnchor),
    ]


class CWorldDef(ctypes.Structure):
    """bs_world_def (world.h)."""

    _fields_ = [
        ("table", CTableDef),
        ("physics", _c_int),
        ("pool", CPoolDef),
        ("time", _c_double),
        ("ball_restitution", _c_double),
        ("cushion_restitution", _c_double),
        ("elastic_window", _c_double),
        ("rest_speed", _c_double),
        ("balls", ctypes.POINTER(CBallDef)),
        ("ball_count", _c_int),
        ("neighbour_search", _c_int),
        ("queue", _c_int),
        ("order", _c_int),
    ]


_game = ctypes.c_void_p
_error = ctypes.c_char_p
_declare = _lib._declare

game_new = _declare(
    "bs_game_new", _game, _c_int, ctypes.c_uint64, ctypes.c_char_p, ctypes.c_char_p, _c_int, _error, ctypes.c_size_t
)
game_load = _declare("bs_game_load", _game, ctypes.c_char_p, _error, ctypes.c_size_t)
game_destroy = _declare("bs_game_destroy", None, _game)
game_copy = _declare("bs_game_copy", _game, _game)
game_get_state = _declare("bs_game_get_state", ctypes.POINTER(CGameState), _game)
game_player = _declare("bs_game_player", ctypes.c_char_p, _game, _c_int)
game_place_cue_ball = _declare("bs_game_place_cue_ball", _c_bool, _game, _lib.Vec2, _error, ctypes.c_size_t)
game_shot_def = _declare(
    "bs_game_shot_def", _c_bool, _game, ctypes.POINTER(_lib.CCueDef), ctypes.POINTER(CWorldDef),
    ctypes.POINTER(CBallDef), _error, ctypes.c_size_t
)
game_shoot = _declare(
    "bs_game_shoot", _c_bool, _game, ctypes.POINTER(_lib.CCueDef), ctypes.POINTER(CShotCall), ctypes.POINTER(CRuling),
    _error, ctypes.c_size_t
)
game_shot_event_count = _declare("bs_game_shot_event_count", _c_int, _game)
game_shot_events = _declare("bs_game_shot_events", ctypes.POINTER(_lib.CEvent), _game)
game_world_def = _declare("bs_game_world_def", CWorldDef, _game, ctypes.POINTER(CBallDef))
game_save = _declare("bs_game_save", _c_bool, _game, ctypes.c_char_p, _error, ctypes.c_size_t)
game_kind_name = _declare("bs_game_kind_name", ctypes.c_char_p, _c_int)
foul_name = _declare("bs_foul_name", ctypes.c_char_p, _c_int)
ball_kind_name = _declare("bs_ball_kind_name", ctypes.c_char_p, _c_int)
world_create = _declare("bs_world_create", ctypes.c_void_p, ctypes.POINTER(CWorldDef))

#: The games, by the library's names: "9-ball", "8-ball", "10-ball",
#: "snooker", "three-cushion".
GAMES = tuple(game_kind_name(kind).decode("ascii") for kind in range(GAME_KIND_COUNT))

# bs_ball_in_hand and bs_eight_ball_group, by the names a saved game uses.
_IN_HAND = ("none", "anywhere", "kitchen", "d")
_SNOOKER = 3  # BS_GAME_SNOOKER
_GROUPS = ("open", "solids", "stripes")

_INT_MAX = 2**31 - 1
_UINT64_MAX = 2**64 - 1


def _name_of(names, value):
    return names[value] if 0 <= value < len(names) else "unknown"


def _text(raw):
    return raw.decode("utf-8", "replace")


@dataclass(frozen=True)
class GameBall:
    """One ball of a game between shots: its ``id`` (pool: its number, the
    cue ball 0), ``kind`` (the library's name: ``"numbered"``,
    ``"snooker_red"``, ``"carom_white"``, ...), ``radius`` (m), ``mass``
    (kg), whether it is ``on_table``, and ``pos``, where it rests (m;
    kept, but meaningless, off the table)."""

    id: int
    kind: str
    radius: float
    mass: float
    on_table: bool
    pos: Tuple[float, float]


@dataclass(frozen=True)
class GameState:
    """The state of a game between shots (bs_game_state). Players are 0
    and 1; pairs are (player 0's, player 1's).

    ``in_hand`` says where the shooter may place the cue ball first:
    ``"none"`` (played from where it lies), ``"anywhere"``, ``"kitchen"``
    (behind the head string) or ``"d"`` (snooker's D). ``groups`` are
    8-ball's (``"open"``, ``"solids"``, ``"stripes"``), ``on`` snooker's
    ball on as a kind name (``"snooker_red"``; ``"numbered"`` for any
    colour after a red; None in the other games), ``target_points`` three-cushion's distance (0
    in the other games). ``winner`` is None until the game is over (and
    for a drawn three-cushion match)."""

    game: str
    table: str
    table_size: Tuple[float, float]
    players: Tuple[str, str]
    shooter: int
    score: Tuple[int, int]
    cue_ball: int
    in_hand: str
    is_break: bool
    shot_count: int
    innings: Tuple[int, int]
    fouls_in_row: Tuple[int, int]
    groups: Tuple[str, str]
    on: Optional[str]
    target_points: int
    over: bool
    winner: Optional[int]
    balls: Tuple[GameBall, ...]

    def ball(self, id):
        """The ball with this id, or None."""
        for ball in self.balls:
            if ball.id == id:
                return ball
        return None

    @property
    def balls_on_table(self):
        """The balls on the table, the cue ball included."""
        return tuple(ball for ball in self.balls if ball.on_table)


def _pair_of(array):
    return (array[0], array[1])


def _state_of(c_state, players):
    table = c_state.table
    return GameState(
        game=_text(game_kind_name(c_state.game)),
        table=_text(table.preset),
        table_size=(table.width, table.height),
        players=players,
        shooter=c_state.shooter,
        score=_pair_of(c_state.score),
        cue_ball=c_state.cue_ball,
        in_hand=_name_of(_IN_HAND, c_state.in_hand),
        is_break=c_state.is_break,
        shot_count=c_state.shot_count,
        innings=_pair_of(c_state.innings),
        fouls_in_row=_pair_of(c_state.fouls_in_row),
        groups=tuple(_name_of(_GROUPS, group) for group in c_state.group),
        on=_text(ball_kind_name(c_state.on)) if c_state.game == _SNOOKER else None,
        target_points=c_state.target_points,
        over=c_state.over,
        winner=c_state.winner if c_state.over and c_state.winner >= 0 else None,
        balls=tuple(
            GameBall(ball.id, _text(ball_kind_name(ball.kind)), ball.radius, ball.mass, ball.on_table,
                     (ball.pos.x, ball.pos.y))
            for ball in c_state.balls[: c_state.ball_count]
        ),
    )


@dataclass(frozen=True)
class Ruling:
    """The outcome of one shot (bs_ruling).

    ``shooter`` took the shot; ``foul`` is the library's name of the foul
    (``"none"`` for a legal shot, ``"cue_ball_pocketed"``, ``"no_contact"``,
    ``"wrong_ball_first"``, ``"no_rail"``, ``"bad_break"``,
    ``"ball_not_on_potted"``), ``foul_points`` snooker's penalty to the
    opponent, ``points`` what the shooter scored, ``scored`` whether the
    shot achieved what continues a turn, ``turn_passes`` whether the turn
    ends. ``next_shooter``, ``in_hand``, ``score``, ``over`` and ``winner``
    are the state after. ``respots`` lists ``(id, (x, y))`` for each ball
    put back, ``deciding`` ``(index, Event)`` for each event that decided
    the ruling (its index in :attr:`Game.events`), in time order, and
    ``text`` is the ruling's one line for a player."""

    shooter: int
    foul: str
    foul_points: int
    points: int
    scored: bool
    turn_passes: bool
    next_shooter: int
    in_hand: str
    respots: Tuple[Tuple[int, Tuple[float, float]], ...]
    deciding: Tuple[Tuple[int, Event], ...]
    text: str
    over: bool
    winner: Optional[int]
    score: Tuple[int, int]

    @property
    def legal(self):
        """Whether the shot was legal (no foul)."""
        return self.foul == "none"


def _finite(value, path):
    value = _number(value, path)
    if not math.isfinite(value):
        raise ValueError(f"{path}: must be a finite number, got {value!r}")
    return value


def _whole(value, path):
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise TypeError(f"{path}: expected a whole number, got {type(value).__name__}")
    return int(value)


def _player_name(value, path):
    if not isinstance(value, str):
        raise TypeError(f"{path}: expected a name (str), got {type(value).__name__}")
    encoded = value.encode("utf-8")
    if not encoded:
        raise ValueError(f"{path}: must not be empty")
    if b"\0" in encoded:
        raise ValueError(f"{path}: holds a NUL character")
    if len(encoded) > GAME_NAME_SIZE - 1:
        raise ValueError(f"{path}: at most {GAME_NAME_SIZE - 1} bytes of UTF-8, got {len(encoded)}: {value!r}")
    return encoded


def _path(path):
    encoded = _path_bytes(path)
    if b"\0" in encoded:
        raise ValueError(f"path: holds a NUL character: {path!r}")
    return encoded


def _call_part(value, path):
    if value is None:
        return -1
    value = _whole(value, path)
    if not 0 <= value <= _INT_MAX:
        raise ValueError(f"{path}: expected a whole number >= 0 (or None: no call), got {value}")
    return value


def _shot_call(call):
    """A bs_shot_call from None, (ball, pocket) or {"ball": .., "pocket": ..};
    either part may be None (not called)."""
    if call is None:
        return None
    if isinstance(call, dict):
        unknown = sorted(set(call) - {"ball", "pocket"}, key=str)
        if unknown:
            raise ValueError(f"call.{unknown[0]}: unknown key (expected ball, pocket)")
        ball, pocket = call.get("ball"), call.get("pocket")
    else:
        try:
            ball, pocket = call
        except (TypeError, ValueError):
            raise ValueError(
                f"call: expected (ball, pocket), a dict {{'ball': id, 'pocket': index}} or None, got {call!r}"
            ) from None
    return CShotCall(_call_part(ball, "call.ball"), _call_part(pocket, "call.pocket"))


class Game:
    """A game of pool, snooker or three-cushion, played shot by shot.

    ``Game("9-ball", seed=1, players=("Player 1", "Player 2"), points=15)``
    racks a new game of one of :data:`GAMES` on its own table (9-, 8- and
    10-ball: the 9 ft table; snooker: the snooker table; three-cushion:
    the carom table) under pool physics, the rack drawn from ``seed``;
    ``points`` is the distance of a three-cushion match (ignored by the
    other games). Player 0 breaks. ``Game.load(path)`` continues a game
    saved by :meth:`save`.

    Each :meth:`shoot` strikes the shooter's cue ball, runs the shot to
    rest in C, judges it and returns the :class:`Ruling`; :attr:`state` is
    the state of play between shots, :attr:`events` the last shot's
    events. A shot or placement the game refuses raises ValueError with
    the library's message and leaves the game unchanged.

    The game holds C memory: it is freed when the game is collected, or at
    once by :meth:`close` or a ``with`` block; a closed game raises
    ValueError.
    """

    __slots__ = ("_handle", "_players", "_state", "_events", "__weakref__")

    def __init__(self, game="9-ball", *, seed=1, players=("Player 1", "Player 2"), points=15):
        self._handle = None
        if not isinstance(game, str):
            raise TypeError(f"game: expected a game's name (str), got {type(game).__name__}")
        if game not in GAMES:
            raise ValueError(f"game: unknown game {game!r} (expected one of: {', '.join(GAMES)})")
        seed = _whole(seed, "seed")
        if not 0 <= seed <= _UINT64_MAX:
            raise ValueError(f"seed: expected a whole number in [0, 2**64 - 1], got {seed}")
        if isinstance(players, (str, bytes)):
            raise TypeError("players: expected two names, got one string")
        try:
            first, second = players
        except (TypeError, ValueError):
            raise ValueError(f"players: expected two names, got {players!r}") from None
        names = (_player_name(first, "players[0]"), _player_name(second, "players[1]"))
        points = _whole(points, "points")
        if not -_INT_MAX - 1 <= points <= _INT_MAX:
            raise ValueError(f"points: expected a whole number that fits a C int, got {points}")
        error = _error_buffer()
        handle = game_new(GAMES.index(game), seed, names[0], names[1], points, error, _lib.ERROR_SIZE)
        if not handle:
            raise ValueError(_message(error))
        self._adopt(handle)

    def _adopt(self, handle):
        self._handle = handle
        self._players = tuple(_text(game_player(handle, player)) for player in (0, 1))
        self._state = None
        self._events = Events((_lib.CEvent * 1)(), 0)

    @classmethod
    def load(cls, path):
        """A game saved by :meth:`save`, to play on bit for bit. A file
        that is not such a game raises ValueError with the library's
        message (``FILE:LINE:COLUMN: ...`` for syntax, ``FILE:
        state.balls[3].pos: ...`` for a field); a missing file
        FileNotFoundError, a directory IsADirectoryError."""
        encoded = _path(path)
        if not os.path.exists(encoded):
            raise FileNotFoundError(errno.ENOENT, "No such game file", os.fsdecode(path))
        if os.path.isdir(encoded):
            raise IsADirectoryError(errno.EISDIR, "A directory, not a game file", os.fsdecode(path))
        error = _error_buffer()
        handle = game_load(encoded, error, _lib.ERROR_SIZE)
        if not handle:
            raise ValueError(_message(error))
        game = cls.__new__(cls)
        game._adopt(handle)
        return game

    def copy(self):
        """A copy of the game as it stands (its state, players and the last
        shot's events) that plays on by itself: a shot on either leaves the
        other as it was. ``copy.copy(game)`` and ``copy.deepcopy(game)``
        give the same."""
        handle = game_copy(self._live())
        if not handle:
            raise MemoryError("out of memory copying the game")
        game = type(self).__new__(type(self))
        game._adopt(handle)
        game._events = _copy_events(handle)
        return game

    __copy__ = copy

    def __deepcopy__(self, memo):
        return self.copy()

    # -- life --------------------------------------------------------------

    def _live(self):
        handle = self._handle
        if not handle:
            raise ValueError("the game is closed")
        return handle

    def close(self):
        """Frees the game's C memory now. Using the game afterwards raises
        ValueError."""
        handle, self._handle = self._handle, None
        if handle:
            game_destroy(handle)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        if getattr(self, "_handle", None) and game_destroy is not None:
            self.close()

    @property
    def closed(self):
        return not self._handle

    # -- reading -----------------------------------------------------------

    @property
    def state(self):
        """The state of play now, as a :class:`GameState`."""
        handle = self._live()
        if self._state is None:
            self._state = _state_of(game_get_state(handle).contents, self._players)
        return self._state

    @property
    def players(self):
        """The players' names."""
        self._live()
        return self._players

    @property
    def events(self):
        """The last shot's events, changes of motion included, as
        :class:`Events` (empty before the first shot of this object, and
        unchanged by a shot the game refused)."""
        self._live()
        return self._events

    def world(self):
        """A new :class:`World` of the position now: the game's table and
        physics and the balls on the table, at rest, at time 0. For aiming
        (``aim_to_pocket(game.world(), ...)``), trying shots and
        ``World.view()``; the game does not change with it."""
        balls = (CBallDef * RULES_MAX_BALLS)()
        definition = game_world_def(self._live(), balls)
        return _world_of(definition)

    def shot_world(self, stick_speed=None, angle_deg=None, tip=(0.0, 0.0), elevation_deg=0.0, *, speed=None, aim=None,
                   squirt=True, cue=None):
        """The world a shot with this cue is played in (arguments as
        :meth:`shoot`): the position now with the shooter's cue ball struck
        at time 0. ``breakshot.simulate(game.shot_world(...))`` runs the
        very events :meth:`shoot` would, without playing the shot. Raises
        ValueError, as :meth:`shoot` does, for a shot the game would refuse
        before simulating it."""
        handle = self._live()
        c_cue = self._cue(stick_speed, angle_deg, tip, elevation_deg, speed, aim, squirt, cue)
        balls = (CBallDef * RULES_MAX_BALLS)()
        definition = CWorldDef()
        error = _error_buffer()
        if not game_shot_def(handle, ctypes.byref(c_cue), ctypes.byref(definition), balls, error, _lib.ERROR_SIZE):
            raise ValueError(_message(error))
        return _world_of(definition)

    # -- playing -----------------------------------------------------------

    def place_cue_ball(self, x, y):
        """Places the cue ball at (x, y) (m) for a shooter with ball in hand
        (``state.in_hand``): on the table, clear of the cushions, pockets
        and balls, inside the area the rules allow. Raises ValueError with
        the library's reason otherwise, the game unchanged."""
        handle = self._live()
        pos = _lib.Vec2(_finite(x, "x"), _finite(y, "y"))
        error = _error_buffer()
        if not game_place_cue_ball(handle, pos, error, _lib.ERROR_SIZE):
            raise ValueError(_message(error))
        self._state = None

    def shoot(self, stick_speed=None, angle_deg=None, tip=(0.0, 0.0), elevation_deg=0.0, *, speed=None, aim=None,
              squirt=True, call=None, cue=None):
        """Plays a shot and returns its :class:`Ruling`.

        The cue strikes the shooter's cue ball as ``World.strike`` does:
        the stick's speed ``stick_speed`` or the cue ball's own ``speed``
        (m/s), the direction ``angle_deg`` (degrees counter-clockwise from
        +x) or ``aim`` (a point, m), ``tip=(side, height)`` as fractions of
        the radius, ``elevation_deg`` and ``squirt``; or ``cue``, a
        :class:`Cue` (a solved shot's), instead of all of these. ``call`` is what the
        shooter calls where the rules ask for it: ``(ball, pocket)``, a dict
        ``{"ball": id, "pocket": index}`` (either part may be None) or None.
        The shot runs to rest in C and is judged. Raises ValueError with
        the library's message, the game unchanged, when the game refuses
        it: the game over, the cue ball in hand not yet placed, a cue out of
        range (``cue.tip: ...``), a call the rules refuse (``call.pocket: a
        shot at the 8 must call its pocket``)."""
        handle = self._live()
        c_cue = self._cue(stick_speed, angle_deg, tip, elevation_deg, speed, aim, squirt, cue)
        c_call = _shot_call(call)
        shooter = game_get_state(handle).contents.shooter
        ruling = CRuling()
        error = _error_buffer()
        played = game_shoot(handle, ctypes.byref(c_cue), None if c_call is None else ctypes.byref(c_call),
                            ctypes.byref(ruling), error, _lib.ERROR_SIZE)
        if not played:
            raise ValueError(_message(error))
        self._state = None
        self._events = _copy_events(handle)
        return _ruling_of(ruling, shooter, self._events)

    def _cue(self, stick_speed, angle_deg, tip, elevation_deg, speed, aim, squirt, cue):
        c_cue = _cue_def(stick_speed, angle_deg, tip, elevation_deg, speed, aim, squirt, cue)
        c_cue.ball = game_get_state(self._handle).contents.cue_ball  # the game strikes the shooter's own
        return c_cue

    def save(self, path):
        """Writes the game as it stands to `path` (JSON, docs/games.md), so
        that :meth:`load` plays on bit for bit. The C library writes a
        temporary file and renames it: the file appears whole or not at
        all. Raises OSError with the library's message when it cannot be
        written."""
        handle = self._live()
        encoded = _path(path)
        error = _error_buffer()
        if not game_save(handle, encoded, error, _lib.ERROR_SIZE):
            raise OSError(_message(error))

    def __repr__(self):
        if not self._handle:
            return "<breakshot.Game closed>"
        state = self.state
        if state.over:
            how = "over, " + ("drawn" if state.winner is None else f"{self._players[state.winner]} won")
        else:
            how = f"{self._players[state.shooter]} to shoot"
        return f"<breakshot.Game {state.game}, {state.shot_count} shots, {how}>"


def _world_of(definition):
    handle = world_create(ctypes.byref(definition))
    if not handle:
        raise MemoryError("breakshot: out of memory creating the world")
    return World._wrap(handle)


def _copy_events(handle):
    """The last shot's events, copied out of the game (its own list lasts
    only until the next shot)."""
    count = game_shot_event_count(handle)
    buffer = (_lib.CEvent * max(count, 1))()
    if count:
        ctypes.memmove(buffer, game_shot_events(handle), count * ctypes.sizeof(_lib.CEvent))
    return Events(buffer, count)


def _ruling_of(ruling, shooter, events):
    after = ruling.after
    return Ruling(
        shooter=shooter,
        foul=_text(foul_name(ruling.foul)),
        foul_points=ruling.foul_points,
        points=ruling.points,
        scored=ruling.scored,
        turn_passes=ruling.turn_passes,
        next_shooter=after.shooter,
        in_hand=_name_of(_IN_HAND, after.in_hand),
        respots=tuple((respot.id, (respot.pos.x, respot.pos.y)) for respot in ruling.respots[: ruling.respot_count]),
        deciding=tuple((index, events[index]) for index in ruling.deciding[: ruling.deciding_count]),
        text=_text(ruling.text),
        over=after.over,
        winner=after.winner if after.over and after.winner >= 0 else None,
        score=_pair_of(after.score),
    )
