"""The shot search from Python: breakshot.solve and heat_map over solve.h,
the layout of the structs they mirror, the same shots as `breakshot solve`
bit for bit, and examples/python/solve_shot.py as docs/python.md shows it.

The searches here are light (one speed, one or two tips, few samples): a
search simulates thousands of shots, and the fast suite runs this file
under validation and the sanitizers, where a shot costs a hundred times
more. The tests marked `slow` (whole default searches, a game, the
example) run only in the `python` suite.
"""

import inspect
import json
import os
import re
import subprocess
import sys

import numpy
import pytest

import breakshot
from breakshot import Ball, Cue, Game, Goal, Noise, Scene, World, _lib, _solve
from conftest import SOURCE_ROOT, check_layout, run_program

EXAMPLE = os.path.join(SOURCE_ROOT, "examples", "python", "solve_shot.py")

# A lone object ball on the 9 ft table, and a second one out of the way.
LAYOUT = {"table": {"preset": "9ft"}, "balls": [
    {"id": 0, "pos": [0.7, 0.45]}, {"id": 1, "pos": [1.9, 0.9]}, {"id": 2, "pos": [1.2, 1.0]}]}
BALLS = [Ball(0, (0.7, 0.45)), Ball(1, (1.9, 0.9)), Ball(2, (1.2, 1.0))]
# A search light enough for the fast suite: the shots into pocket 3, at
# one speed, with a centre and a follow tip.
LIGHT = dict(samples=50, screen_samples=8, top=2, refine=2, speeds=[3.5], tips=[(0.0, 0.0), (0.0, 0.3)])
# The same, as `breakshot solve` takes it (it tries every tip of five).
LIGHT_CLI = ("--samples", "200", "--top", "2", "--refine", "2", "--screen", "8", "--speeds", "3.5")


@pytest.fixture
def layout_path(tmp_path):
    path = tmp_path / "layout.json"
    path.write_text(json.dumps(LAYOUT))
    return path


def layout_world():
    return World(table="9ft", balls=BALLS)


@pytest.fixture(scope="module")
def light():
    """The light search of the layout, once for the tests that read it."""
    with layout_world() as world:
        return breakshot.solve(world, "pot:1:3", **LIGHT)


# -- the layout of the structs -----------------------------------------------

MIRRORED = [
    ("bs_noise_def", _solve.CNoiseDef),
    ("bs_goal", _solve.CGoal),
    ("bs_solve_def", _solve.CSolveDef),
    ("bs_solved_shot", _solve.CSolvedShot),
    ("bs_rack_def", _solve.CRackDef),
    ("bs_scene", _solve.CScene),
]

CONSTANTS = {
    "BS_SOLVE_MAX_TOP": _solve.SOLVE_MAX_TOP,
    "BS_SOLVE_MAX_LEVELS": _solve.SOLVE_MAX_LEVELS,
    "BS_SOLVE_MAX_SAMPLES": _solve.SOLVE_MAX_SAMPLES,
    "BS_SOLVE_MAX_THREADS": _solve.SOLVE_MAX_THREADS,
    "BS_GOAL_KIND_COUNT": _solve.GOAL_KIND_COUNT,
    "BS_SHOT_FAMILY_COUNT": _solve.SHOT_FAMILY_COUNT,
    "BS_SCENE_MAX_WARNINGS": _solve.SCENE_MAX_WARNINGS,
    "BS_SCENE_WARNING_SIZE": _solve.SCENE_WARNING_SIZE,
}


@pytest.mark.parametrize("c_name, struct", MIRRORED, ids=[name for name, _ in MIRRORED])
def test_ctypes_structs_are_laid_out_as_in_c(c_layout, c_name, struct):
    check_layout(c_layout, c_name, struct, True)


def test_copied_constants_are_the_headers(c_layout):
    for name, value in CONSTANTS.items():
        assert c_layout["const"][name] == value, name


def test_the_defaults_are_the_librarys():
    c_def = _solve.default_solve_def()
    parameters = inspect.signature(breakshot.solve).parameters
    for name in ("samples", "top", "seed", "threads", "screen_samples", "aim_reach_deg", "position_weight"):
        assert parameters[name].default == getattr(c_def, name), name
    assert parameters["refine"].default is None and c_def.refine == 16  # 16, or top when more
    c_noise = _solve.default_noise_def()
    assert Noise() == Noise(c_noise.aim_deg, c_noise.elevation_deg, c_noise.speed, c_noise.tip)
    assert Noise() == Noise(0.125, 0.1, 0.075, 0.0005)
    assert breakshot.GOAL_KINDS == ("pot", "three-cushion", "game")
    assert [_solve.goal_kind_name(k).decode() for k in range(3)] == ["pot", "three_cushion", "game"]
    assert breakshot.SHOT_FAMILIES == ("direct", "bank", "kick", "combination", "carom", "sweep")


# -- the same shots as the program --------------------------------------------

def cli_shots(program, path, goal, *options):
    done = run_program(program, "solve", str(path), "--goal", goal, "--json", "--threads", "1", *options)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def assert_same_as_cli(solution, printed, cue_ball=0):
    """Every number of every shot, to the last bit (the program prints %.17g)."""
    assert solution.evaluations == printed["evaluations"]
    assert len(solution) == len(printed["shots"]) > 0
    for shot, c in zip(solution, printed["shots"]):
        assert shot.family == c["family"] and shot.object_ball == c["object_ball"]
        assert shot.call == (c["call"]["ball"], None if c["call"]["pocket"] < 0 else c["call"]["pocket"])
        assert shot.probability == c["probability"] and list(shot.interval) == c["interval"]
        assert (shot.successes, shot.samples) == (c["successes"], c["samples"])
        assert shot.window_deg == c["window_deg"]
        assert list(shot.cue_end_mean) == c["cue_end"]["mean"] and list(shot.cue_end_sd) == c["cue_end"]["sd"]
        assert (shot.position, shot.value) == (c["position"], c["value"])
        cue = c["cue"]
        assert shot.cue == Cue(cue["stick_speed"], cue["angle_deg"], tuple(cue["tip"]), cue["elevation_deg"],
                               cue["squirt"], cue_ball)


def test_the_shots_are_the_programs_bit_for_bit(program, layout_path):
    printed = cli_shots(program, layout_path, "pot:1:3", *LIGHT_CLI)
    options = dict(samples=200, top=2, refine=2, screen_samples=8, speeds=[3.5])
    assert_same_as_cli(breakshot.solve(layout_path, "pot:1:3", **options), printed)
    with Scene(layout_path) as scene:
        assert_same_as_cli(breakshot.solve(scene, Goal("pot", 1, 3), **options), printed)
    with layout_world() as world:  # the same position made in Python
        assert_same_as_cli(breakshot.solve(world, "pot:1:3", **options), printed)


@pytest.mark.slow
def test_a_whole_search_is_the_programs_bit_for_bit(program, layout_path):
    printed = cli_shots(program, layout_path, "pot:1", "--samples", "200")
    assert len(printed["shots"]) == 5
    assert_same_as_cli(breakshot.solve(layout_path, "pot:1", samples=200), printed)


@pytest.mark.slow
def test_the_options_reach_the_search_as_the_programs_do(program, layout_path):
    printed = cli_shots(program, layout_path, "pot:1", "--samples", "200", "--seed", "7", "--top", "3", "--screen",
                        "20", "--refine", "5", "--speeds", "1.5,4", "--elevations", "0,5", "--sigma-aim", "0.2",
                        "--sigma-speed", "0.05", "--sigma-elevation", "0", "--sigma-tip", "0.001", "--position",
                        "0.5", "--region", "1.5,0,2.54,1.27")
    solution = breakshot.solve(layout_path, "pot:1", samples=200, seed=7, top=3, screen_samples=20, refine=5,
                               speeds=[1.5, 4], elevations=(0, 5), noise=Noise(0.2, 0.0, 0.05, 0.001),
                               position_weight=0.5, region=((1.5, 0.0), (2.54, 1.27)))
    assert_same_as_cli(solution, printed)
    assert all(shot.value == shot.probability + 0.5 * shot.position for shot in solution)
    assert all(1.5 <= shot.cue_end_mean[0] for shot in solution)  # the mean of points in the region


def test_any_number_of_threads_gives_the_same_bits(light):
    reports = []
    with layout_world() as world:
        two = breakshot.solve(world, "pot:1:3", threads=2, progress=lambda *report: reports.append(report), **LIGHT)
    assert two == light and two.evaluations == light.evaluations and len(light) == 2
    # Progress reports come on the calling thread (ctypes would fail one on
    # another), rising from 0 to 1 through the stages in order.
    fractions = [fraction for fraction, _ in reports]
    assert fractions[0] == 0.0 and fractions[-1] == 1.0 and fractions == sorted(fractions)
    stages = [stage for _, stage in reports]
    order = ["candidates", "refining", "sampling"]
    assert set(stages) == set(order) and stages == sorted(stages, key=order.index)


def test_a_solution_is_a_sequence_of_solved_shots(light):
    solution = light
    assert len(solution) == 2 and list(solution) == list(solution.shots) and solution[0] is solution.best
    best = solution.best
    assert isinstance(best.cue, Cue) and best.cue.ball == 0 and best.call == (1, 3)
    assert best.family in breakshot.SHOT_FAMILIES and best.object_ball == 1 and best.nominal_success
    assert best.interval[0] <= best.probability <= best.interval[1]
    assert best.probability == best.successes / best.samples and best.samples == 50
    assert solution[0].value >= solution[1].value


def test_nothing_found_is_an_empty_solution():
    # Too soft to reach the 1, at any aim.
    with layout_world() as world:
        solution = breakshot.solve(world, "pot:1", noise=Noise(0, 0, 0, 0), **dict(LIGHT, speeds=[0.05]))
    assert len(solution) == 0 and solution.best is None and solution.evaluations > 0


def test_the_best_shot_pots_the_ball_when_played(light):
    with layout_world() as world:
        world.strike(cue=light.best.cue)
        shot = breakshot.simulate(world)
        # At rest again, the world is a position without the 1.
        with pytest.raises(ValueError, match="^goal.ball: no ball with id 1 on the table"):
            breakshot.solve(world, "pot:1", **LIGHT)
    pocketed = {event.ids for event in shot.events if event.kind is breakshot.EventKind.POCKET}
    assert pocketed == {(1, 3)}


def test_a_world_at_rest_after_a_shot_is_a_position():
    with layout_world() as world:
        world.strike(stick_speed=1.0, angle_deg=90.0)  # the cue ball up the table, away from the others
        with pytest.raises(ValueError, match=r"^position: ball 0 is sliding; a search starts from balls at rest"):
            breakshot.solve(world, "pot:1:3", **LIGHT)
        world.run()
        solution = breakshot.solve(world, "pot:1:3", **LIGHT)
        cue_ball = world.state().positions[0]
    with World(table="9ft", balls=[Ball(0, tuple(cue_ball)), *BALLS[1:]]) as again:
        assert solution == breakshot.solve(again, "pot:1:3", **LIGHT)


def test_another_cue_ball():
    with layout_world() as world:
        solution = breakshot.solve(world, "pot:1:3", cue_ball=2, **LIGHT)
    assert solution.best.cue.ball == 2 and solution != breakshot.solve(layout_world(), "pot:1:3", **LIGHT)


@pytest.mark.slow
def test_three_cushion_with_the_yellow():
    # The second player's ball, the yellow (1).
    with World(table=(2.84, 1.42), physics="pool", rack="three-cushion") as world:
        solution = breakshot.solve(world, "three-cushion", cue_ball=1, samples=50, top=1, screen_samples=16,
                                   refine=2, speeds=[3.5], tips=[(0.0, 0.0)])
        assert len(solution) == 1 and solution.best.cue.ball == 1 and solution.best.family == "sweep"
        assert solution.best.call == (None, None) and solution.best.object_ball is None


@pytest.mark.slow
def test_a_game_is_a_position_and_its_goal():
    with Game("9-ball", seed=11) as game:
        game.shoot(stick_speed=8.0, angle_deg=0.0)
        state = game.state
        assert state.in_hand == "none" and not state.over
        solution = breakshot.solve(game, "game", samples=20, screen_samples=8, top=1, refine=2, speeds=[3.5],
                                   tips=[(0.0, 0.0)])
        best = solution.best
        assert best is not None and best.nominal_success and best.cue.ball == state.cue_ball
        ruling = game.shoot(cue=best.cue, call=best.call)
        assert ruling.legal and (not ruling.turn_passes or ruling.winner == state.shooter), ruling.text
        with pytest.raises(ValueError, match="^cue_ball: a game strikes its shooter's own cue ball"):
            breakshot.solve(game, "game", cue_ball=0)
    with pytest.raises(ValueError, match="^the game is closed"):
        breakshot.solve(game, "game")


# -- the heat map --------------------------------------------------------------

def test_the_middle_of_the_heat_map_is_the_shot(light):
    best = light.best
    speed = best.cue.stick_speed
    with layout_world() as world:
        heat = breakshot.heat_map(world, "pot:1:3", best, aim_span_deg=2.0, aim_count=5, speed_min=speed,
                                  speed_max=speed + 1.0, speed_count=3, samples=50, threads=2)
    assert heat.shape == heat.probability.shape == (3, 5) and heat.samples == 50
    assert heat.probability[0, 2] == best.probability
    assert numpy.asarray(heat) is heat.probability
    assert heat.angles_deg[2] == best.cue.angle_deg and heat.speeds.tolist() == [speed, speed + 0.5, speed + 1.0]
    assert heat.angles_deg[0] == best.cue.angle_deg - 1.0 and heat.angles_deg[-1] == best.cue.angle_deg + 1.0
    assert ((heat.probability >= 0.0) & (heat.probability <= 1.0)).all()
    counts = heat.probability * 50
    assert numpy.allclose(counts, numpy.round(counts), rtol=0.0, atol=1e-9)  # successes of 50 samples


def test_the_heat_maps_default_axes_are_the_programs(light):
    best = light.best
    parameters = inspect.signature(breakshot.heat_map).parameters
    assert (parameters["aim_count"].default, parameters["speed_count"].default) == (41, 21)  # --heat 41x21
    assert parameters["samples"].default == 32  # --heat-samples
    with layout_world() as world:
        heat = breakshot.heat_map(world, "pot:1:3", best, aim_count=3, speed_count=2, samples=1)
    assert heat.shape == (2, 3) and heat.samples == 1
    span = min(60.0, max(1.0, 3.0 * (best.window_deg + 4.0 * 0.125)))
    assert heat.angles_deg[-1] - heat.angles_deg[0] == pytest.approx(span)
    assert heat.speeds[0] == max(0.1, 0.25 * best.cue.stick_speed)
    assert heat.speeds[-1] == min(10.0, max(heat.speeds[0] + 0.5, 2.0 * best.cue.stick_speed))


def test_bad_heat_maps_are_refused(light):
    best = light.best
    with layout_world() as world:
        with pytest.raises(ValueError, match=r"^heat map: 1 x 21 cells; give 2 to 4096 each way"):
            breakshot.heat_map(world, "pot:1", best, aim_count=1)
        with pytest.raises(ValueError, match=r"^heat map: speeds 3 to 2 m/s"):
            breakshot.heat_map(world, "pot:1", best, speed_min=3.0, speed_max=2.0)
        with pytest.raises(ValueError, match=r"^heat map: an aim span of 0 degrees"):
            breakshot.heat_map(world, "pot:1", best, aim_span_deg=0.0)
        with pytest.raises(TypeError, match=r"^shot: expected a SolvedShot"):
            breakshot.heat_map(world, "pot:1", best.cue)


# -- progress ------------------------------------------------------------------

def test_an_exception_in_progress_is_raised_after_the_search():
    calls = []

    def fails(fraction, stage):
        calls.append(fraction)
        raise KeyError("stop")

    with layout_world() as world:
        with pytest.raises(KeyError, match="stop"):
            breakshot.solve(world, "pot:1:3", progress=fails, **dict(LIGHT, samples=1, screen_samples=1))
        with pytest.raises(TypeError, match="^progress: expected a function"):
            breakshot.solve(world, "pot:1", progress=5)
    assert calls == [0.0]  # not called again once it failed


# -- bad input -------------------------------------------------------------------

@pytest.mark.parametrize("goal, message", [
    ("pot:12", "goal.ball: no ball with id 12 on the table"),
    ("pot:0", "goal.ball: 0 is the cue ball; name an object ball"),
    ("pot:1:6", "goal.pocket: 6 is no pocket of this table (it has 6: 0 to 5, or -1 for any)"),
    ("game", "goal: game needs a game in progress (game)"),
    ("pot", "goal: 'pot': expected pot:BALL, pot:BALL:POCKET, three-cushion or game"),
    ("pot:-1", "goal: 'pot:-1': expected pot:BALL, pot:BALL:POCKET, three-cushion or game"),
    ("pot:1:2:3", "goal: 'pot:1:2:3': expected"),
    ("three_cushion", "goal: 'three_cushion': expected"),
])
def test_a_bad_goal_is_refused_by_its_field(goal, message):
    with layout_world() as world:
        with pytest.raises(ValueError) as raised:
            breakshot.solve(world, goal, **LIGHT)
    assert str(raised.value).startswith(message), str(raised.value)


@pytest.mark.parametrize("kwargs, error, message", [
    (dict(noise=Noise(speed=-1.0)), ValueError, "noise.speed: -1 must be a finite number >= 0"),
    (dict(noise=Noise(aim_deg=float("nan"))), ValueError, "noise.aim_deg: nan must be a finite number >= 0"),
    (dict(samples=0), ValueError, "samples: 0; give 1 to 10000000 noise samples"),
    (dict(samples=2**40), ValueError, "samples: 1099511627776 is out of range"),
    (dict(samples=1.5), TypeError, "samples: expected a whole number, got float"),
    (dict(top=65), ValueError, "top: 65; give 1 to 64 shots"),
    (dict(top=3, refine=2), ValueError, "refine: 2; give from top (3) to 4096 shots"),
    (dict(threads=0), ValueError, "threads: 0; give 1 to 1024"),
    (dict(seed=-1), ValueError, "seed: -1 is out of range; give 0 to 18446744073709551615"),
    (dict(speeds=[1.0] * 17), ValueError, "speeds: 17 speeds; give 1 to 16"),
    (dict(speeds=[]), ValueError, "speeds: 0 speeds; give 1 to 16"),
    (dict(speeds=[3.0, 11.0]), ValueError, "speeds[1]: 11 m/s must be in (0, 10]"),
    (dict(speeds="fast"), TypeError, "speeds: expected a sequence"),
    (dict(tips=[(0.5, 0.0)]), ValueError, "tips[0]: [0.5, 0] must be at most 0.45 of the radius"),
    (dict(tips=[0.1]), ValueError, "tips[0]: expected 2 numbers"),
    (dict(elevations=[61]), ValueError, "elevations[0]: 61 degrees must be in [0, 60]"),
    (dict(aim_reach_deg=0.0), ValueError, "aim_reach_deg: 0 must be in (0, 45]"),
    (dict(position_weight=-1.0), ValueError, "position_weight: -1 must be a finite number >= 0"),
    (dict(region=((1.0, 1.0), (0.0, 0.0))), ValueError, "goal.region: [1, 1] to [0, 0] must be finite"),
    (dict(region=(0.0, 0.0, 1.0, 1.0)), ValueError, "region: expected two corners"),
    (dict(cue_ball=7), ValueError, "cue_ball: no ball with id 7 on the table"),
    (dict(noise=0.1), TypeError, "noise: expected a breakshot.Noise"),
])
def test_bad_options_are_refused_by_their_field(kwargs, error, message):
    options = dict(LIGHT, **kwargs)
    with layout_world() as world:
        with pytest.raises(error) as raised:
            breakshot.solve(world, "pot:1", **options)
    assert str(raised.value).startswith(message), str(raised.value)


def test_bad_positions_are_refused():
    with pytest.raises(TypeError, match="^position: expected a World, a Scene"):
        breakshot.solve(42, "pot:1")
    with pytest.raises(TypeError, match="^goal: expected a Goal or its text"):
        breakshot.solve(layout_world(), 1)
    with pytest.raises(ValueError, match=r"^world\.physics: a search needs pool physics"):
        breakshot.solve(World(table=(2.54, 1.27), balls=BALLS), "three-cushion")
    with pytest.raises(ValueError, match="^goal: pot: the table has no pockets"):
        breakshot.solve(World(table="carom", balls=BALLS), "pot:1")
    world = layout_world()
    world.close()
    with pytest.raises(ValueError, match="^the world is closed"):
        breakshot.solve(world, "pot:1")


def test_a_scene_is_read_as_the_program_reads_it(program, tmp_path):
    # The scene's strike is what the search replaces, on the ball it names;
    # any other moving ball is refused.
    struck = dict(LAYOUT, cue={"stick_speed": 3.0, "angle_deg": 45.0, "ball": 2})
    path = tmp_path / "struck.json"
    path.write_text(json.dumps(struck))
    solution = breakshot.solve(path, "pot:1:3", samples=200, top=2, refine=2, screen_samples=8, speeds=[3.5])
    assert_same_as_cli(solution, cli_shots(program, path, "pot:1:3", *LIGHT_CLI), cue_ball=2)
    moving = dict(LAYOUT, balls=[LAYOUT["balls"][0], dict(LAYOUT["balls"][1], vel=[0.1, 0.0]), LAYOUT["balls"][2]])
    path.write_text(json.dumps(moving))
    with pytest.raises(ValueError, match=r"struck\.json: balls\[1\]: the ball moves; a search starts from balls at rest"):
        breakshot.solve(path, "pot:1")
    done = run_program(program, "solve", str(path), "--goal", "pot:1")
    assert done.returncode == 2 and "balls[1]: the ball moves" in done.stderr


def test_goals_made_and_spelled():
    assert Goal.parse("pot:9") == Goal("pot", 9) and str(Goal("pot", 9)) == "pot:9"
    assert Goal.parse("pot:9:3") == Goal("pot", 9, 3) and str(Goal("pot", 9, 3)) == "pot:9:3"
    assert Goal.parse("three-cushion") == Goal("three-cushion") and str(Goal("game")) == "game"
    with pytest.raises(ValueError, match="^goal.kind: 'carom' is no goal"):
        Goal("carom")
    with pytest.raises(ValueError, match="^goal.ball: a pot needs the ball to pot"):
        Goal("pot")
    with pytest.raises(ValueError, match="^goal: game takes no ball or pocket"):
        Goal("game", 1)
    with pytest.raises(TypeError, match="^goal.ball: expected a whole number"):
        Goal("pot", "9")
    with pytest.raises(ValueError, match="^goal.pocket: -2 is out of range"):
        Goal("pot", 9, -2)


# -- the example ---------------------------------------------------------------------

@pytest.mark.slow
def test_the_example_prints_what_the_docs_show():
    with open(os.path.join(SOURCE_ROOT, "docs", "python.md")) as stream:
        section = stream.read().split("## Example: which shot to play\n", 1)[1]
    command, printed = re.search(r"```sh\n(.*?)\n```\n\n```\n(.*?)```", section, re.S).groups()
    assert command == "python3 examples/python/solve_shot.py"
    done = subprocess.run([sys.executable, EXAMPLE], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == printed
    assert "the 1 drops into pocket 3" in done.stdout


def test_library_errors_keep_their_one_line():
    # The library's line, whole: no prefix, no trailing newline.
    with layout_world() as world:
        with pytest.raises(ValueError) as raised:
            breakshot.solve(world, "pot:12", **LIGHT)
    assert str(raised.value) == "goal.ball: no ball with id 12 on the table"
    assert _lib.ERROR_SIZE >= 256
