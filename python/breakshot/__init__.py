"""breakshot: exact, event-driven pool and billiards physics, from Python.

A thin layer over the C library libbreakshot (through ctypes): every event
is computed in C, exactly as the ``breakshot`` program computes it.

    import breakshot
    shot = breakshot.simulate("scenes/9ball_break.json")
    for event in shot.events:
        print(event.time, event.kind, event.ids)

docs/python.md describes the API.
"""

from ._types import Ball, Event, EventKind, Events, MotionState, State, Totals, Trajectory
from ._world import Scene, SceneWarning, Shot, World, simulate

__all__ = [
    "Ball",
    "Event",
    "EventKind",
    "Events",
    "MotionState",
    "Scene",
    "SceneWarning",
    "Shot",
    "State",
    "Totals",
    "Trajectory",
    "World",
    "simulate",
]

from ._aim import Aim, PocketAim, aim_cut, aim_to_point, aim_to_pocket, cut_angle, pocket_target
__all__ += ["Aim", "PocketAim", "aim_cut", "aim_to_point", "aim_to_pocket", "cut_angle", "pocket_target"]

from ._game import GAMES, Game, GameBall, GameState, Ruling
__all__ += ["GAMES", "Game", "GameBall", "GameState", "Ruling"]

from ._types import Cue
__all__ += ["Cue"]

from ._solve import GOAL_KINDS, SHOT_FAMILIES, Goal, HeatMap, Noise, Solution, SolvedShot, heat_map, solve
__all__ += ["GOAL_KINDS", "Goal", "HeatMap", "Noise", "SHOT_FAMILIES", "Solution", "SolvedShot", "heat_map", "solve"]

from ._player import Player, PlayerChoice
__all__ += ["Player", "PlayerChoice"]
