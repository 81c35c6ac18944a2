"""The player from Python: breakshot.Player over player.h, the layout of
the structs it mirrors, the same shots and rulings as `breakshot play
--ai`, a game left as it was by choose() and moved on by play(), the
options refused with their field, and examples/python/ai_match.py as
docs/python.md shows it.

The fast suite runs this file under validation and the sanitizers, where
a player's shot costs seconds: its tests play a late position of two
balls with a light search. Those marked `slow` (a whole game from the
break, the example) run only in the `python` suite.
"""

import ctypes
import inspect
import json
import os
import re
import subprocess
import sys

import pytest

import breakshot
from breakshot import Cue, Game, Noise, Player, PlayerChoice, _player
from conftest import SOURCE_ROOT, check_layout, run_program

EXAMPLE = os.path.join(SOURCE_ROOT, "examples", "python", "ai_match.py")

# A late position of 9-ball: the cue ball in hand, the 8 and the 9 left.
LATE = {0: (0.7, 0.45), 8: (1.9, 0.9), 9: (2.2, 0.3)}
# A search light enough for the fast suite; `breakshot play --ai` takes
# the samples alone (--samples), the rest stays the default player's.
LIGHT_SAMPLES = 20


@pytest.fixture
def late_path(tmp_path):
    """A saved 9-ball game at the late position, player 1 with ball in hand
    anywhere: a new game's save with the other balls taken off."""
    with Game("9-ball", seed=1) as game:
        game.save(tmp_path / "new.json")
    with open(tmp_path / "new.json") as stream:
        saved = json.load(stream)
    state = saved["state"]
    state.update(is_break=False, in_hand="anywhere", shot_count=6)
    for ball in state["balls"]:
        ball["on_table"] = ball["id"] in LATE
        if ball["on_table"]:
            ball["pos"] = list(LATE[ball["id"]])
    path = tmp_path / "late.json"
    path.write_text(json.dumps(saved))
    return path


# -- the layout of the structs -----------------------------------------------

MIRRORED = [("bs_player_def", _player.CPlayerDef), ("bs_player_choice", _player.CPlayerChoice)]


@pytest.mark.parametrize("c_name, struct", MIRRORED, ids=[name for name, _ in MIRRORED])
def test_ctypes_structs_are_laid_out_as_in_c(c_layout, c_name, struct):
    check_layout(c_layout, c_name, struct, True)


def test_the_defaults_are_the_librarys():
    c_def = _player.default_player_def()
    search = c_def.search
    parameters = inspect.signature(Player).parameters
    assert all(parameter.kind is inspect.Parameter.KEYWORD_ONLY for parameter in parameters.values())
    for name in ("samples", "screen_samples", "top", "refine", "aim_reach_deg", "threads"):
        assert parameters[name].default == getattr(search, name), name
    assert parameters["search_seed"].default == search.seed
    for name in ("position_weight", "safety_below", "execute_with_noise", "seed"):
        assert parameters[name].default == getattr(c_def, name), name
    assert parameters["break_speeds"].default == tuple(c_def.break_speeds)
    for name in ("noise", "speeds", "tips", "elevations"):
        assert parameters[name].default is None, name  # the search's own
    # As player.h documents them.
    assert (search.samples, search.screen_samples, search.top, search.refine) == (300, 32, 4, 8)
    assert (c_def.position_weight, c_def.safety_below, tuple(c_def.break_speeds)) == (0.5, 0.3, (7.5, 9.0))
    assert (c_def.execute_with_noise, c_def.seed, search.threads) == (True, 1, 1)
    # The def a Player builds from its defaults is the library's, field by
    # field (the padding between them is whatever the copies left).
    assert fields_of(Player()._definition) == fields_of(c_def)


def fields_of(value):
    """A ctypes value as nested tuples of its fields' values."""
    if isinstance(value, ctypes.Structure):
        return tuple((name, fields_of(getattr(value, name))) for name, _ in value._fields_)
    if isinstance(value, ctypes.Array):
        return tuple(fields_of(item) for item in value)
    if isinstance(value, ctypes._Pointer) or isinstance(value, ctypes._CFuncPtr):
        return ctypes.cast(value, ctypes.c_void_p).value
    return value


# -- the same shots as the program --------------------------------------------

def cli_rulings(program, *args):
    done = run_program(program, "play", *args, "--ai", "--json")
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def assert_played_as_cli(game, player, printed, first_index=0):
    """Plays `game` with `player` shot by shot as `breakshot play --ai`
    does, and checks each ruling, call and the game's own record of the
    shot against the program's line."""
    for k, c in enumerate(printed):
        shot_count = game.state.shot_count
        choice, ruling = player.play(game, first_index + k)
        assert ruling.text == c["text"], f"shot {k + 1}"
        assert (ruling.shooter, ruling.foul, ruling.points, ruling.scored, ruling.turn_passes) == (
            c["shooter"], c["foul"], c["points"], c["scored"], c["turn_passes"])
        assert (ruling.next_shooter, ruling.in_hand, list(ruling.score), ruling.over) == (
            c["next_shooter"], c["in_hand"], c["score"], c["over"])
        assert ruling.winner == (None if c["winner"] < 0 else c["winner"])
        assert choice.call == tuple(None if part < 0 else part for part in (c["call"]["ball"], c["call"]["pocket"]))
        # The Game object moved on with the shot the library played in it.
        assert game.state.shot_count == shot_count + 1 == c["shot"]
        assert len(game.events) == c["events"]
        assert [(index, event.time) for index, event in ruling.deciding] == [
            (d["event"], d["time"]) for d in c["deciding"]]
    assert game.state.over


def test_a_late_position_plays_as_the_program_does(program, late_path):
    # The program gives a loaded game's player the default seed, 1.
    printed = cli_rulings(program, "--load", str(late_path), "--samples", str(LIGHT_SAMPLES))
    assert len(printed) >= 2 and printed[-1]["over"]
    with Game.load(late_path) as game:
        player = Player(samples=LIGHT_SAMPLES)
        chosen = player.choose(game)
        assert chosen.place is not None and chosen.executed == chosen.cue
        assert_played_as_cli(game, player, printed)
        with pytest.raises(ValueError, match="^the game is over$"):
            player.choose(game)
        with pytest.raises(ValueError, match="^the game is over$"):
            player.play(game, len(printed))


@pytest.mark.slow
def test_a_whole_game_plays_to_a_winner_as_the_program_does(program):
    # Seed 4: seven shots from the break to the 9, with a foul, ball in hand
    # and a run of pots; the program's default player throughout.
    printed = cli_rulings(program, "9-ball", "--seed", "4")
    assert len(printed) == 7 and printed[-1]["winner"] in (0, 1)
    with Game("9-ball", seed=4) as game:
        assert_played_as_cli(game, Player(seed=4), printed)
        assert game.state.winner == printed[-1]["winner"]


# -- choosing and playing ------------------------------------------------------

def test_choosing_leaves_the_game_unchanged(late_path, tmp_path):
    with Game.load(late_path) as game:
        game.save(tmp_path / "before.json")
        state, events = game.state, game.events
        player = Player(samples=LIGHT_SAMPLES)
        choice = player.choose(game)  # it places the cue ball in a copy
        game.save(tmp_path / "after.json")
        assert (tmp_path / "after.json").read_bytes() == (tmp_path / "before.json").read_bytes()
        assert game.state == state and game.events is events and state.in_hand == "anywhere"
        assert player.choose(game) == choice  # and chooses the same again
        assert_says_what_the_player_does(choice, game.state)
        # Played, the choice is the one chosen, its execution drawn apart,
        # and the game accepts its place.
        played, _ = player.play(game, 0)
    assert (played.place, played.cue, played.call, played.family) == (choice.place, choice.cue, choice.call,
                                                                      choice.family)
    assert played.executed != played.cue and played.executed.ball == played.cue.ball == 0


def assert_says_what_the_player_does(choice, state):
    assert isinstance(choice, PlayerChoice) and isinstance(choice.cue, Cue) and choice.cue.ball == state.cue_ball
    # Ball in hand: placed (where the game then accepts it), for a pot of
    # the 8 called.
    assert choice.place is not None and choice.call[0] == 8 and not choice.safety and not choice.is_break
    assert choice.family in breakshot.SHOT_FAMILIES
    low, high = choice.interval
    assert 0.0 <= low <= choice.probability <= high <= 1.0 and choice.probability >= 0.3  # else a safety
    assert choice.value >= choice.probability and choice.evaluations > 0


def test_without_noise_the_shot_played_is_the_shot_chosen(late_path):
    with Game.load(late_path) as game:
        choice, ruling = Player(samples=LIGHT_SAMPLES, execute_with_noise=False).play(game, 0)
    assert choice.executed == choice.cue and ruling.shooter == 0


# -- refused ---------------------------------------------------------------------

REFUSED = [
    (dict(samples=0), "samples: 0; give 1 to 10000000 noise samples"),
    (dict(screen_samples=0), "screen_samples: 0; give 1 to 10000000 noise samples"),
    (dict(top=0), "top: 0; give 1 to 64 shots"),
    (dict(top=10), "refine: 8; give from top (10) to 4096 shots"),
    (dict(threads=0), "threads: 0; give 1 to 1024"),
    (dict(speeds=[11]), "speeds[0]: 11 m/s must be in (0, 10]"),
    (dict(speeds=[]), "speeds: 0 speeds; give 1 to 16"),
    (dict(tips=[(0.6, 0.0)]), "tips[0]: [0.59999999999999998, 0] must be at most 0.45 of the radius from the centre"),
    (dict(elevations=[70]), "elevations[0]: 70 degrees must be in [0, 60]"),
    (dict(aim_reach_deg=0), "aim_reach_deg: 0 must be in (0, 45]"),
    (dict(noise=Noise(speed=-1)), "noise.speed: -1 must be a finite number >= 0"),
    (dict(position_weight=-1), "position_weight: must be a finite number >= 0"),
    (dict(position_weight=float("inf")), "position_weight: must be a finite number >= 0"),
    (dict(safety_below=1.5), "safety_below: must be in [0, 1]"),
    (dict(safety_below=float("nan")), "safety_below: must be in [0, 1]"),
    (dict(break_speeds=(0, 9)), "break_speeds: each must be in (0, 10] m/s"),
    (dict(break_speeds=(7.5, 11)), "break_speeds: each must be in (0, 10] m/s"),
    (dict(break_speeds=9), "break_speeds: expected 2 stick speeds (m/s), got 9"),
    (dict(seed=-1), "seed: -1 is out of range; give 0 to 18446744073709551615"),
]


@pytest.mark.parametrize("options, message", REFUSED, ids=[str(options) for options, _ in REFUSED])
def test_options_out_of_range_are_refused_with_their_field(options, message):
    with pytest.raises(ValueError) as raised:
        Player(**options)
    assert str(raised.value) == message


@pytest.mark.parametrize("options, exception, message", [
    (dict(samples=1.5), TypeError, "samples: expected a whole number, got float"),
    (dict(noise=0.1), TypeError, "noise: expected a breakshot.Noise, got float"),
    (dict(execute_with_noise=1), TypeError, "execute_with_noise: expected True or False, got int"),
    (dict(break_speeds=("fast", 9)), TypeError, "break_speeds[0]: expected a number, got str"),
], ids=["samples", "noise", "execute_with_noise", "break_speeds"])
def test_options_of_the_wrong_kind_are_refused(options, exception, message):
    with pytest.raises(exception) as raised:
        Player(**options)
    assert str(raised.value) == message


def test_the_players_own_fields_are_refused_as_the_library_words_them(late_path):
    # The player's fields are checked in Python before any shot; the
    # library's own check must say the same line.
    cases = [("position_weight", -1.0), ("safety_below", 1.5), ("break_speeds", (0.0, 9.0))]
    with Game.load(late_path) as game:
        for name, value in cases:
            with pytest.raises(ValueError) as ours:
                Player(**{name: value})
            player = Player()
            if name == "break_speeds":
                player._definition.break_speeds[0], player._definition.break_speeds[1] = value
            else:
                setattr(player._definition, name, value)
            with pytest.raises(ValueError) as library:
                player.choose(game)
            assert str(library.value) == str(ours.value), name


def test_games_and_shot_indices_are_checked(late_path):
    player = Player(samples=LIGHT_SAMPLES)
    with pytest.raises(TypeError, match="^game: expected a breakshot.Game, got str$"):
        player.choose("9-ball")
    game = Game.load(late_path)
    with pytest.raises(ValueError, match="^shot_index: -1 is out of range; give 0 to 9223372036854775807$"):
        player.play(game, -1)
    with pytest.raises(TypeError, match="^shot_index: expected a whole number, got float$"):
        player.play(game, 1.0)
    assert game.state.shot_count == 6  # nothing played
    game.close()
    with pytest.raises(ValueError, match="^the game is closed$"):
        player.choose(game)
    with pytest.raises(ValueError, match="^the game is closed$"):
        player.play(game, 0)


# -- the example ---------------------------------------------------------------

def players_section():
    with open(os.path.join(SOURCE_ROOT, "docs", "python.md")) as stream:
        return stream.read().split("### Players\n", 1)[1].split("\n### ", 1)[0]


@pytest.mark.slow
def test_the_example_prints_what_the_docs_show():
    command, printed = re.search(r"```sh\n(.*?)\n```\n\n```\n(.*?)```", players_section(), re.S).groups()
    assert command == "python3 examples/python/ai_match.py"
    done = subprocess.run([sys.executable, EXAMPLE], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == printed
    lines = done.stdout.splitlines()
    shots = int(re.fullmatch(r"winner: Ann after ([0-9]+) shots", lines[-1]).group(1))
    assert len(lines) == 2 * shots + 1 and lines[-2].endswith("player 1 wins")


@pytest.mark.slow
def test_the_docs_player_lines_run():
    code = re.search(r"```python\n(.*?)```", players_section(), re.S).group(1)
    done = subprocess.run([sys.executable, "-c", "import breakshot\n" + code + "print(ruling.text)\n"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("legal break: ")
