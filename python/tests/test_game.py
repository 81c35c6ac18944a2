"""Games from Python: breakshot.Game over game.h and rules.h, the layout of
the structs it mirrors, and examples/python/play_9ball.py."""

import copy
import gc
import json
import math
import os
import re
import subprocess
import sys

import numpy
import pytest

import breakshot
from breakshot import _game, _lib
from conftest import SOURCE_ROOT, check_layout

EXAMPLE = os.path.join(SOURCE_ROOT, "examples", "python", "play_9ball.py")
LENGTH, WIDTH = 2.54, 1.27  # the 9 ft table's playing area (m)


def break_shot(game):
    return game.shoot(stick_speed=9.0, aim=(0.75 * LENGTH, 0.5 * WIDTH))


def no_contact_shot(game):
    """A soft shot from where the cue ball lies straight at the nearer end
    rail, away from the rack: it comes back short of every object ball."""
    return game.shoot(speed=0.4, angle_deg=180.0)


def some_aim(world, target):
    """The first pocket's aim that sends the target in by a cut under 90
    degrees (blocked or not)."""
    for pocket in range(6):
        try:
            return breakshot.aim_to_pocket(world, target, pocket)
        except ValueError:
            pass
    raise AssertionError(f"no pocket for the {target}")


def events_equal(a, b):
    """Whether two runs of events are the same, bit for bit, field by field
    (the structs' padding holds whatever C left there)."""
    x, y = a.to_numpy(), b.to_numpy()
    return len(x) == len(y) and all(x[name].tobytes() == y[name].tobytes() for name in x.dtype.names)


# -- the layout of the structs -----------------------------------------------

# The C name of each ctypes struct the package declares, and whether every
# field of the ctypes struct must be listed by layout.c (the structs this
# file's module declares) or only those layout.c lists (_lib.py's, whose
# newer fields layout.c may not name yet).
MIRRORED = [
    ("bs_vec2", _lib.Vec2, False),
    ("bs_vec3", _lib.Vec3, False),
    ("bs_table_def", _game.CTableDef, True),
    ("bs_rules_ball", _game.CRulesBall, True),
    ("bs_game_state", _game.CGameState, True),
    ("bs_shot_call", _game.CShotCall, True),
    ("bs_respot", _game.CRespot, True),
    ("bs_ruling", _game.CRuling, True),
    ("bs_pool_def", _game.CPoolDef, True),
    ("bs_anchor_history", _game.CAnchorHistory, True),
    ("bs_ball_anchor", _game.CBallAnchor, True),
    ("bs_ball_def", _game.CBallDef, True),
    ("bs_world_def", _game.CWorldDef, True),
    ("bs_event", _lib.CEvent, False),
    ("bs_ball_state", _lib.CBallState, False),
    ("bs_cue_def", _lib.CCueDef, False),
    ("bs_totals", _lib.CTotals, False),
    ("bs_aim", _lib.CAim, False),
    ("bs_pocket_aim", _lib.CPocketAim, False),
]

CONSTANTS = {
    "BS_GAME_KIND_COUNT": _game.GAME_KIND_COUNT,
    "BS_GAME_SNOOKER": _game._SNOOKER,
    "BS_RULES_MAX_BALLS": _game.RULES_MAX_BALLS,
    "BS_RULING_MAX_DECIDING": _game.RULING_MAX_DECIDING,
    "BS_RULING_TEXT_SIZE": _game.RULING_TEXT_SIZE,
    "BS_GAME_NAME_SIZE": _game.GAME_NAME_SIZE,
    "BS_IN_HAND_COUNT": len(_game._IN_HAND),
    "BS_GROUP_STRIPES": len(_game._GROUPS) - 1,
}


@pytest.mark.parametrize("c_name, struct, complete", MIRRORED, ids=[name for name, _, _ in MIRRORED])
def test_ctypes_structs_are_laid_out_as_in_c(c_layout, c_name, struct, complete):
    check_layout(c_layout, c_name, struct, complete)


def test_copied_constants_are_the_headers(c_layout):
    for name, value in CONSTANTS.items():
        assert c_layout["const"][name] == value, name


# -- creating a game ---------------------------------------------------------

def test_a_new_9_ball_game():
    assert breakshot.GAMES == ("9-ball", "8-ball", "10-ball", "snooker", "three-cushion")
    with breakshot.Game() as game:
        state = game.state
        assert state.game == "9-ball" and state.table == "9ft" and state.table_size == (LENGTH, WIDTH)
        assert state.players == ("Player 1", "Player 2") == game.players
        assert (state.shooter, state.cue_ball, state.in_hand, state.is_break) == (0, 0, "kitchen", True)
        assert (state.shot_count, state.score, state.innings, state.fouls_in_row) == (0, (0, 0), (1, 0), (0, 0))
        assert state.groups == ("open", "open") and state.on is None and state.target_points == 0
        assert not state.over and state.winner is None
        assert sorted(ball.id for ball in state.balls) == list(range(10))
        for ball in state.balls:
            assert ball.kind == "numbered" and ball.on_table
            assert (ball.radius, ball.mass) == (_lib.DEFAULT_RADIUS, _lib.DEFAULT_MASS)
            assert ball.radius < ball.pos[0] < LENGTH - ball.radius and ball.radius < ball.pos[1] < WIDTH - ball.radius
        assert state.ball(0).pos == (0.25 * LENGTH - state.ball(0).radius, 0.5 * WIDTH)  # behind the head string
        one = state.ball(1).pos
        assert math.hypot(one[0] - 0.75 * LENGTH, one[1] - 0.5 * WIDTH) < 1e-5  # the 1 on the foot spot
        assert state.ball(10) is None
        assert len(game.events) == 0
        assert repr(game) == "<breakshot.Game 9-ball, 0 shots, Player 1 to shoot>"


@pytest.mark.parametrize("name, count", [("8-ball", 16), ("10-ball", 11)])
def test_other_pool_games(name, count):
    with breakshot.Game(name, players=("Ann", "Bob")) as game:
        state = game.state
        assert state.game == name and len(state.balls) == count and state.players == ("Ann", "Bob")


def test_the_seed_draws_the_rack():
    def rack(seed):
        with breakshot.Game(seed=seed) as game:
            return [(ball.id, ball.pos) for ball in game.state.balls]

    assert rack(7) == rack(7)
    assert rack(7) != rack(8)
    assert rack(2**64 - 1) != rack(0)


def test_names_up_to_31_bytes():
    longest = ("A" * 31, "é" * 15 + "x")  # 31 bytes of UTF-8 each
    with breakshot.Game(players=longest) as game:
        assert game.players == longest == game.state.players


@pytest.mark.parametrize("kwargs, error, message", [
    ({"game": "9ball"}, ValueError,
     "game: unknown game '9ball' (expected one of: 9-ball, 8-ball, 10-ball, snooker, three-cushion)"),
    ({"game": 9}, TypeError, "game: expected a game's name (str), got int"),
    ({"seed": "1"}, TypeError, "seed: expected a whole number, got str"),
    ({"seed": 1.0}, TypeError, "seed: expected a whole number, got float"),
    ({"seed": True}, TypeError, "seed: expected a whole number, got bool"),
    ({"seed": -1}, ValueError, "seed: expected a whole number in [0, 2**64 - 1], got -1"),
    ({"seed": 2**64}, ValueError, "seed: expected a whole number in [0, 2**64 - 1]"),
    ({"points": 1.5}, TypeError, "points: expected a whole number, got float"),
    ({"points": None}, TypeError, "points: expected a whole number, got NoneType"),
    ({"points": 2**31}, ValueError, "points: expected a whole number that fits a C int"),
    ({"players": ("A" * 32, "B")}, ValueError, "players[0]: at most 31 bytes of UTF-8, got 32"),
    ({"players": ("A", "é" * 16)}, ValueError, "players[1]: at most 31 bytes of UTF-8, got 32"),
    ({"players": ("", "B")}, ValueError, "players[0]: must not be empty"),
    ({"players": ("A", "B\0C")}, ValueError, "players[1]: holds a NUL character"),
    ({"players": ("A", b"B")}, TypeError, "players[1]: expected a name (str), got bytes"),
    ({"players": "AB"}, TypeError, "players: expected two names, got one string"),
    ({"players": ("A", "B", "C")}, ValueError, "players: expected two names"),
])
def test_bad_input_is_refused(kwargs, error, message):
    with pytest.raises(error) as raised:
        breakshot.Game(**kwargs)
    assert str(raised.value).startswith(message)


def test_a_three_cushion_distance_must_be_positive():
    try:
        breakshot.Game("three-cushion")
    except ValueError as error:
        pytest.skip(f"three-cushion cannot be created yet: {error}")
    with pytest.raises(ValueError, match="target_points: 0"):
        breakshot.Game("three-cushion", points=0)


# -- playing -----------------------------------------------------------------

def test_the_break_and_its_ruling():
    with breakshot.Game(players=("Ann", "Bob")) as game:
        ruling = break_shot(game)
        state = game.state
        events = game.events
        assert isinstance(events, breakshot.Events) and len(events) > 50
        assert ruling.shooter == 0 and ruling.legal and ruling.foul == "none"
        assert ruling.text.startswith("legal break: the cue ball touched the 1 first (event 0, ")
        index, first = ruling.deciding[0]
        assert index == 0 and first == events[0]
        assert first.kind == breakshot.EventKind.BALL and first.ids == (0, 1)
        for index, event in ruling.deciding:
            assert event == events[index]
        assert (ruling.next_shooter, ruling.in_hand, ruling.score) == (state.shooter, state.in_hand, state.score)
        assert (ruling.over, ruling.winner) == (state.over, state.winner)
        assert ruling.turn_passes == (state.shooter == 1) and ruling.turn_passes != ruling.scored
        assert state.shot_count == 1 and not state.is_break and state.in_hand == "none"
        pocketed = {event.ids[0] for event in events if event.kind == breakshot.EventKind.POCKET}
        assert {ball.id for ball in state.balls if not ball.on_table} == pocketed
        # The balls rest where the shot's last events left them.
        final = {}
        for event in events:
            final[event.ids[0]] = event
        for ball in state.balls_on_table:
            stopped = (breakshot.EventKind.ROLL_STOP, breakshot.EventKind.SPIN_STOP)
            if ball.id in final and final[ball.id].kind in stopped:
                assert numpy.allclose(ball.pos, final[ball.id].point, rtol=0, atol=1e-12)


def test_a_shot_world_runs_the_shot_exactly():
    with breakshot.Game() as game:
        with game.shot_world(stick_speed=9.0, aim=(0.75 * LENGTH, 0.5 * WIDTH)) as world:
            assert world.time == 0.0 and world.physics == "pool"
            foreseen = breakshot.simulate(world, record=False).events
        break_shot(game)
        assert events_equal(foreseen, game.events)
        assert list(foreseen) == list(game.events)


def test_a_cue_plays_as_its_arguments_do():
    cue = breakshot.Cue(stick_speed=9.0, angle_deg=0.5, tip=(0.0, -0.1), ball=7)  # the game strikes its own
    with breakshot.Game() as by_cue, breakshot.Game() as by_arguments:
        with by_cue.shot_world(cue=cue) as world:
            foreseen = breakshot.simulate(world, record=False).events
        ruling = by_cue.shoot(cue=cue)
        assert ruling == by_arguments.shoot(stick_speed=9.0, angle_deg=0.5, tip=(0.0, -0.1))
        assert events_equal(by_cue.events, by_arguments.events) and events_equal(foreseen, by_cue.events)
        with pytest.raises(ValueError, match="^cue: give either a Cue or the strike's own arguments"):
            by_cue.shoot(angle_deg=1.0, cue=cue)


def test_the_world_is_the_position_now():
    with breakshot.Game() as game:
        break_shot(game)
        state = game.state
        with game.world() as world:
            now = world.state()
            on_table = state.balls_on_table
            assert list(now.ids) == [ball.id for ball in on_table]
            assert [tuple(pos) for pos in now.positions] == [ball.pos for ball in on_table]
            assert not now.velocities.any() and not now.spins.any()
            assert world.physics == "pool" and len(world.run()) == 0
            target = min(ball.id for ball in on_table if ball.id != 0)
            aim = some_aim(world, target)
            assert aim.ghost != world.state().positions[0].tolist()
        assert game.state == state  # the game does not change with its world


def test_a_foul_passes_ball_in_hand():
    with breakshot.Game() as game:
        ruling = no_contact_shot(game)
        assert ruling.foul == "no_contact" and not ruling.legal and ruling.turn_passes
        assert ruling.text.startswith("foul: ")
        state = game.state
        assert (state.shooter, state.in_hand, state.fouls_in_row) == (1, "anywhere", (1, 0))
        assert all(event.kind != breakshot.EventKind.BALL for event in game.events)


def test_three_fouls_in_a_row_lose_and_end_the_game():
    with breakshot.Game(players=("Ann", "Bob")) as game:
        rulings = [no_contact_shot(game) for _ in range(5)]
        assert [r.shooter for r in rulings] == [0, 1, 0, 1, 0]
        assert all(r.foul == "no_contact" for r in rulings)
        assert not any(r.over for r in rulings[:4])
        assert rulings[4].over and rulings[4].winner == 1 and "a third foul in a row" in rulings[4].text
        state = game.state
        assert state.over and state.winner == 1 and state.fouls_in_row == (3, 2)
        events = game.events
        with pytest.raises(ValueError, match="the game is over: Bob won"):
            no_contact_shot(game)
        assert game.state == state and game.events is events
        assert repr(game) == "<breakshot.Game 9-ball, 5 shots, over, Bob won>"


def test_ball_in_hand_placement():
    with breakshot.Game() as game:
        # The breaker's cue ball in the kitchen, behind the head string.
        before = game.state
        for x, y, message in [
            (0.9, 0.4, "ball in hand: "),  # beyond the head string
            (0.01, 0.4, "ball in hand: "),  # into the cushion
            (-5.0, 0.4, "ball in hand: "),  # off the table
        ]:
            with pytest.raises(ValueError) as raised:
                game.place_cue_ball(x, y)
            assert str(raised.value).startswith(message)
            assert game.state == before
        with pytest.raises(ValueError, match="x: must be a finite number, got nan"):
            game.place_cue_ball(math.nan, 0.4)
        with pytest.raises(TypeError, match="y: expected a number, got str"):
            game.place_cue_ball(0.5, "0.4")
        assert game.state == before
        game.place_cue_ball(0.5, 0.4)
        assert game.state.ball(0).pos == (0.5, 0.4) and game.state.in_hand == "none"
        with pytest.raises(ValueError, match="ball in hand"):
            game.place_cue_ball(0.5, 0.5)  # no longer in hand
        break_shot(game)

        # A foul gives the opponent ball in hand anywhere, but not on a ball.
        no_contact_shot(game)
        state = game.state
        assert state.in_hand == "anywhere"
        other = state.balls_on_table[-1]
        with pytest.raises(ValueError) as raised:
            game.place_cue_ball(other.pos[0] + 0.5 * other.radius, other.pos[1])
        assert "overlaps" in str(raised.value) and f"the {other.id}" in str(raised.value)
        assert game.state == state
        spot = (0.5, 0.3)
        assert all(math.hypot(ball.pos[0] - spot[0], ball.pos[1] - spot[1]) > 3 * ball.radius
                   for ball in state.balls_on_table if ball.id != 0)
        game.place_cue_ball(*spot)
        assert game.state.ball(0).pos == spot and game.state.in_hand == "none"


def test_a_pocketed_cue_ball_must_be_placed_first():
    with breakshot.Game() as game:
        break_shot(game)
        # Straight at the nearest corner pocket from a foot away: a scratch.
        state = game.state
        cue = state.ball(0).pos
        with game.world() as world:
            mouths = [breakshot.pocket_target(world, pocket) for pocket in range(6)]
        clear = [mouth for mouth in mouths if _path_clear(cue, mouth, state)]
        assert clear, "no pocket the cue ball can roll into"
        ruling = game.shoot(speed=3.0, aim=clear[0])
        assert ruling.foul == "cue_ball_pocketed" and ruling.in_hand == "anywhere"
        state = game.state
        assert not state.ball(0).on_table
        events = game.events
        with pytest.raises(ValueError, match="the cue ball is in hand: place it first"):
            game.shoot(speed=1.0, angle_deg=0.0)
        assert game.state == state and game.events is events
        with game.world() as world:
            assert 0 not in list(world.state().ids)


def _path_clear(start, end, state):
    dx, dy = end[0] - start[0], end[1] - start[1]
    for ball in state.balls_on_table:
        if ball.id == 0:
            continue
        t = max(0.0, min(1.0, ((ball.pos[0] - start[0]) * dx + (ball.pos[1] - start[1]) * dy) / (dx * dx + dy * dy)))
        if math.hypot(start[0] + t * dx - ball.pos[0], start[1] + t * dy - ball.pos[1]) < 2.5 * ball.radius:
            return False
    return True


@pytest.mark.parametrize("kwargs, error, message", [
    ({"stick_speed": 3.0, "angle_deg": 0.0, "tip": (0.0, 0.9)}, ValueError, "cue.tip: "),
    ({"speed": -1.0, "angle_deg": 0.0}, ValueError, "cue.speed: "),
    ({"speed": 1.0, "angle_deg": math.nan}, ValueError, "cue.angle_deg: must be a finite number"),
    ({"speed": 1.0, "aim": (math.inf, 0.5)}, ValueError, "cue.aim: must be a finite number"),
    ({"speed": 1.0, "stick_speed": 1.0, "angle_deg": 0.0}, ValueError, "cue: give exactly one of speed"),
    ({"speed": 1.0}, ValueError, "cue: give exactly one of angle_deg or aim"),
    ({"speed": 1.0, "aim": "the cue ball"}, ValueError, "cue.aim: aims at the cue ball's own centre"),
    ({"speed": "1", "angle_deg": 0.0}, TypeError, "cue.speed: expected a number"),
    ({"speed": 1.0, "angle_deg": 0.0, "tip": 0.1}, ValueError, "cue.tip: expected 2 numbers"),
    ({"speed": 1.0, "angle_deg": 0.0, "call": (1,)}, ValueError, "call: expected (ball, pocket)"),
    ({"speed": 1.0, "angle_deg": 0.0, "call": (-1, 2)}, ValueError, "call.ball: expected a whole number >= 0"),
    ({"speed": 1.0, "angle_deg": 0.0, "call": ("1", 2)}, TypeError, "call.ball: expected a whole number, got str"),
    ({"speed": 1.0, "angle_deg": 0.0, "call": {"ball": 1, "pockt": 2}}, ValueError, "call.pockt: unknown key"),
    ({"speed": 1.0, "angle_deg": 0.0, "call": (1, 6)}, ValueError, "call.pocket: 6 is no pocket of this table"),
    ({"speed": 1.0, "angle_deg": 0.0, "call": (12, 0)}, ValueError, "call.ball: ball 12 is not on the table"),
])
def test_bad_shots_are_refused_and_change_nothing(kwargs, error, message):
    with breakshot.Game() as game:
        break_shot(game)
        state, events = game.state, game.events
        if kwargs.get("aim") == "the cue ball":
            kwargs = dict(kwargs, aim=state.ball(0).pos)
        with pytest.raises(error) as raised:
            game.shoot(**kwargs)
        assert str(raised.value).startswith(message)
        assert game.state == state and game.events is events


def test_calls_as_a_pair_or_a_dict():
    rulings = []
    for call in [(1, 3), {"ball": 1, "pocket": 3}, {"ball": 1}, (None, None), None]:
        with breakshot.Game("10-ball") as game:
            rulings.append(game.shoot(stick_speed=9.0, aim=(0.75 * LENGTH, 0.5 * WIDTH), call=call))
    assert rulings[0] == rulings[1]
    assert rulings[2] == rulings[3] == rulings[4]


# -- 8-ball: the 8 needs its pocket --------------------------------------------

def eight_ball_on_the_eight(tmp_path):
    """A game of 8-ball after the break, player 0 on solids and cleared,
    the 8 alone in front of the cue ball and the 9 still racked."""
    path = tmp_path / "eight.json"
    with breakshot.Game("8-ball") as game:
        game.save(path)
    saved = json.loads(path.read_text())
    state = saved["state"]
    state.update(is_break=False, in_hand="none", group=["solids", "stripes"])
    for ball in state["balls"]:
        if ball["id"] == 8:
            ball["pos"] = [1.6, 0.5 * WIDTH]
        elif ball["id"] not in (0, 9):
            ball["on_table"] = False
    path.write_text(json.dumps(saved))
    return breakshot.Game.load(path)


def test_a_shot_at_the_8_must_call_its_pocket(tmp_path):
    with eight_ball_on_the_eight(tmp_path) as game:
        state = game.state
        assert state.groups == ("solids", "stripes") and not state.is_break
        with game.world() as world:
            aim = breakshot.aim_to_pocket(world, 8, 2)
        assert not aim.blocked
        for call in [None, (8, None), {"ball": 8}]:
            refused = re.escape("call.pocket: a shot at the 8 must call its pocket (WPA 3.2)")
            with pytest.raises(ValueError, match=refused):
                game.shoot(stick_speed=3.0, angle_deg=aim.angle_deg, call=call)
            assert game.state == state
        with pytest.raises(ValueError, match="call.ball: the 9 is not the shooter's to call"):
            game.shoot(stick_speed=3.0, angle_deg=aim.angle_deg, call=(9, 2))
        assert game.state == state and len(game.events) == 0
        ruling = game.shoot(stick_speed=3.0, angle_deg=aim.angle_deg, call=(8, 2))
        assert game.state.shot_count == state.shot_count + 1 and len(game.events) > 0
        dropped = [event.ids for event in game.events if event.kind == breakshot.EventKind.POCKET]
        assert dropped == [(8, 2)], "the aim at pocket 2 should drop the 8 there"
        assert ruling.over and ruling.winner == 0 and "the 8 in the called pocket 2" in ruling.text


def test_the_same_shots_rule_as_breakshot_play(tmp_path, program):
    shots = [
        {"cue": {"stick_speed": 9.0, "aim": [0.75 * LENGTH, 0.5 * WIDTH]}},
        {"cue": {"stick_speed": 3.0, "angle_deg": -30.0, "tip": [0.1, 0.2]}, "call": {"ball": 1, "pocket": 2}},
        {"place": [0.4, 0.3], "cue": {"speed": 0.4, "angle_deg": 180.0}},
    ]
    path = tmp_path / "shots.json"
    path.write_text(json.dumps({"shots": shots}))
    done = subprocess.run([program, "play", "10-ball", "--seed", "1", "--players", "Ann,Bob", "--shots", str(path),
                           "--json"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    played = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(played) == len(shots)
    with breakshot.Game("10-ball", seed=1, players=("Ann", "Bob")) as game:
        for shot, line in zip(shots, played):
            if "place" in shot:
                assert game.state.in_hand != "none"
                game.place_cue_ball(*shot["place"])
            cue = dict(shot["cue"])
            if "tip" in cue:
                cue["tip"] = tuple(cue["tip"])
            call = shot.get("call")
            ruling = game.shoot(**cue, call=call)
            assert (ruling.text, ruling.foul, ruling.shooter) == (line["text"], line["foul"], line["shooter"])
            assert (ruling.next_shooter, ruling.in_hand, list(ruling.score)) == (
                line["next_shooter"], line["in_hand"], line["score"])
            assert len(game.events) == line["events"]
            assert [index for index, _ in ruling.deciding] == [entry["event"] for entry in line["deciding"]]
            assert [event.time for _, event in ruling.deciding] == [entry["time"] for entry in line["deciding"]]


# -- saving and loading --------------------------------------------------------

def test_save_and_load_continue_identically(tmp_path):
    path = tmp_path / "game.json"
    with breakshot.Game(players=("Efren", "Earl"), seed=5) as game:
        break_shot(game)
        for shot in range(4):
            if game.state.over:
                break
            game.save(str(path) if shot % 2 else path)  # str or PathLike
            assert os.listdir(tmp_path) == ["game.json"]  # no temporary file left
            with breakshot.Game.load(os.fsencode(path) if shot == 3 else path) as loaded:
                assert loaded.state == game.state and loaded.players == ("Efren", "Earl")
                assert len(loaded.events) == 0
                for playing in (game, loaded):
                    if playing.state.in_hand != "none":
                        playing.place_cue_ball(0.3, 0.3)
                target = min(ball.id for ball in game.state.balls_on_table if ball.id != 0)
                with game.world() as world:
                    aim = some_aim(world, target)
                kept = game.shoot(stick_speed=4.0, angle_deg=aim.angle_deg, tip=(0.1, -0.2))
                again = loaded.shoot(stick_speed=4.0, angle_deg=aim.angle_deg, tip=(0.1, -0.2))
                assert events_equal(game.events, loaded.events)
                assert list(game.events) == list(loaded.events)
                assert kept == again
                assert loaded.state == game.state
        assert game.state.shot_count >= 3


def test_a_copy_plays_on_by_itself():
    with breakshot.Game(players=("Efren", "Earl"), seed=5) as game:
        break_shot(game)
        with game.copy() as twin:
            assert twin.state == game.state and twin.players == ("Efren", "Earl")
            assert events_equal(twin.events, game.events) and len(twin.events) > 0
            target = min(ball.id for ball in game.state.balls_on_table if ball.id != 0)
            for playing in (game, twin):
                if playing.state.in_hand != "none":
                    playing.place_cue_ball(0.3, 0.3)
            with game.world() as world:
                aim = some_aim(world, target)
            before = game.state
            twin.shoot(stick_speed=4.0, angle_deg=aim.angle_deg)
            assert game.state == before and twin.state != before
            game.shoot(stick_speed=4.0, angle_deg=aim.angle_deg)
            assert events_equal(game.events, twin.events) and game.state == twin.state
        for twin in (copy.copy(game), copy.deepcopy(game)):
            assert twin.state == game.state and twin._handle != game._handle


def test_save_and_load_errors(tmp_path):
    with breakshot.Game() as game:
        with pytest.raises(OSError, match="cannot write"):
            game.save(tmp_path / "no" / "such" / "game.json")
        with pytest.raises(TypeError, match="expected a path"):
            game.save(5)
        with pytest.raises(ValueError, match="NUL"):
            game.save("game\0.json")
    assert os.listdir(tmp_path) == []
    with pytest.raises(FileNotFoundError):
        breakshot.Game.load(tmp_path / "missing.json")
    with pytest.raises(IsADirectoryError):
        breakshot.Game.load(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text("{\n  \"breakshot_game\": 1,\n  oops\n}\n")
    with pytest.raises(ValueError) as raised:
        breakshot.Game.load(bad)
    assert str(raised.value).startswith(f"{bad}:3:")
    scene = os.path.join(SOURCE_ROOT, "scenes", "9ball_break.json")
    with pytest.raises(ValueError) as raised:
        breakshot.Game.load(scene)
    assert str(raised.value).startswith(f"{scene}: ")


# -- life ------------------------------------------------------------------------

def test_a_closed_game_refuses_use(tmp_path):
    game = breakshot.Game()
    game.close()
    game.close()  # twice is fine
    assert game.closed and repr(game) == "<breakshot.Game closed>"
    for use in [
        lambda: game.state,
        lambda: game.events,
        lambda: game.players,
        lambda: game.world(),
        lambda: game.shot_world(speed=1.0, angle_deg=0.0),
        lambda: game.place_cue_ball(0.5, 0.5),
        lambda: game.shoot(speed=1.0, angle_deg=0.0),
        lambda: game.save(tmp_path / "game.json"),
    ]:
        with pytest.raises(ValueError, match="the game is closed"):
            use()
    with breakshot.Game() as game:
        pass
    assert game.closed
    assert os.listdir(tmp_path) == []


def test_a_collected_game_frees_its_memory(monkeypatch):
    freed = []

    def destroy(handle):
        freed.append(handle)
        _destroy(handle)

    _destroy = _game.game_destroy
    monkeypatch.setattr(_game, "game_destroy", destroy)
    game = breakshot.Game()
    handle = game._handle
    del game
    gc.collect()
    assert freed == [handle]
    with breakshot.Game() as game:
        handle = game._handle
    assert freed[1:] == [handle]
    del game
    gc.collect()
    assert len(freed) == 2  # once only


def test_a_world_outlives_its_game():
    game = breakshot.Game()
    world = game.world()
    game.close()
    assert len(world.run()) == 0 and world.ball_count == 10
    world.close()


# -- snooker and three-cushion, once their tables and racks exist ----------------

def created_or_skipped(name, **kwargs):
    try:
        return breakshot.Game(name, **kwargs)
    except ValueError as error:
        pytest.skip(f"{name} cannot be created yet: {error}")


def test_snooker():
    with created_or_skipped("snooker", players=("Ronnie", "Judd")) as game:
        state = game.state
        assert state.game == "snooker" and state.table == "snooker"
        assert len(state.balls) == 22 and state.cue_ball == 0
        assert state.in_hand == "d" and state.on == "snooker_red"
        kinds = [ball.kind for ball in state.balls]
        assert kinds.count("snooker_red") == 15 and kinds.count("snooker_white") == 1
        reds = [ball for ball in state.balls if ball.kind == "snooker_red"]
        apex = min(reds, key=lambda ball: ball.pos[0])
        ruling = game.shoot(stick_speed=5.0, aim=apex.pos)
        assert ruling.shooter == 0 and ruling.text
        assert game.state.shot_count == 1 and not game.state.is_break


def test_three_cushion():
    with created_or_skipped("three-cushion", points=5) as game:
        state = game.state
        assert state.game == "three-cushion" and state.table == "carom" and state.target_points == 5
        assert sorted(ball.kind for ball in state.balls) == ["carom_red", "carom_white", "carom_yellow"]
        assert state.cue_ball == 0
        red = next(ball for ball in state.balls if ball.kind == "carom_red")
        ruling = game.shoot(stick_speed=4.0, aim=red.pos)
        assert ruling.shooter == 0 and ruling.text
        assert game.state.shot_count == 1


# -- the example -------------------------------------------------------------------

@pytest.mark.parametrize("args", [[], ["8-ball", "3"]], ids=["9-ball", "8-ball"])
def test_the_example_plays_a_rack_to_a_winner(args):
    done = subprocess.run([sys.executable, EXAMPLE, *args], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    winner = re.fullmatch(r"winner: (Ann|Bob) after ([0-9]+) shots", lines[-1])
    assert winner, lines[-1]
    shots = int(winner.group(2))
    assert len(lines) == shots + 1
    for number, line in enumerate(lines[:-1], 1):
        assert line.startswith(f"shot {number}, "), line
    won = {"Ann": 0, "Bob": 1}[winner.group(1)]
    assert lines[-2].endswith(f"player {won + 1} wins") or lines[-2].endswith(f"player {2 - won} loses")


def test_the_docs_game_lines_print_what_the_docs_say(tmp_path):
    with open(os.path.join(SOURCE_ROOT, "docs", "python.md")) as stream:
        section = stream.read().split("### Games\n", 1)[1]
    code, printed = re.search(r"```python\n(.*?)```\n\n```\n(.*?)```", section, re.S).groups()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == printed
    assert os.listdir(tmp_path) == ["game.json"]
