#!/usr/bin/env python3
"""Two players of breakshot's own play a rack of 9-ball to a winner.

A notebook-style script in cells. Each breakshot.Player chooses its shots
as `breakshot play --ai` does (docs/solve.md, "A player"): it places the
cue ball when in hand, searches the shots the rules score, plays the one
of most probability plus position, or a safety when nothing is likely,
and executes it under the tournaments' noise drawn from its own seed. The
same seeds replay the same game: docs/python.md shows what it prints.

Run:  python3 examples/python/ai_match.py
"""

# %% The players: Ann plays the library's default player; Bob looks less
# far ahead (no position play) and plays safe more readily. Each draws
# its executions from its own seed.
import breakshot

players = {
    "Ann": breakshot.Player(seed=1),
    "Bob": breakshot.Player(seed=2, position_weight=0.0, safety_below=0.5),
}


# %% What a choice says, in one line.
def describe(choice):
    cue = choice.cue
    placed = "" if choice.place is None else "places the cue ball at ({:.2f}, {:.2f}), ".format(*choice.place)
    ball, pocket = choice.call
    if choice.is_break:
        what = "breaks"
    elif choice.safety:
        what = "plays safe"
    elif pocket is not None:
        what = f"plays the {ball} into pocket {pocket}"
    else:
        what = "plays to score"
    chance = "legal" if choice.safety else "scores"
    return (f"{placed}{what}: {choice.family} at {cue.stick_speed:.1f} m/s, "
            f"{chance} {choice.probability:.2f}")


# %% The rack, racked with seed 1; Ann breaks. Shot k is drawn as sample k
# of its shooter's stream.
game = breakshot.Game("9-ball", seed=1, players=tuple(players))
while not game.state.over:
    name = game.players[game.state.shooter]
    choice, ruling = players[name].play(game, game.state.shot_count)
    print(f"shot {game.state.shot_count}, {name} {describe(choice)}")
    print(f"  {ruling.text}")

# %% The winner.
state = game.state
print(f"winner: {state.players[state.winner]} after {state.shot_count} shots")
