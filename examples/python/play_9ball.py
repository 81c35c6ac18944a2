"""Plays a whole rack of 9-ball between two scripted players, to a winner.

    python3 examples/python/play_9ball.py [GAME [SEED]]

GAME is 9-ball (the default), 10-ball or 8-ball; SEED draws the rack (1).
Each player breaks hard at the rack's apex, and after that shoots at the
ball on (9- and 10-ball: the lowest on the table; 8-ball: a ball of the
shooter's group, the 8 once the group is cleared) into the pocket that
needs the thinnest cut among those with clear paths, aiming by the ghost
ball (breakshot.aim_to_pocket on the position now, game.world()). With
ball in hand it places the cue ball straight behind that ball, in line
with the pocket. Where the rules ask for a call (10-ball, 8-ball) it
calls the ball and the pocket. With no clear shot it plays at the ball on
directly, to hit it at least. Each ruling is printed, then the winner.
"""

import math
import sys

import breakshot

MAX_SHOTS = 300  # a rack that needs more means the player is broken: fail loudly
BREAK_SPEED = 9.0  # the cue stick's speed on the break (m/s)


def balls_on(state):
    """The ids of the balls the shooter may play at, the best first."""
    objects = sorted(ball.id for ball in state.balls_on_table if ball.id != state.cue_ball)
    if state.game != "8-ball":
        return objects[:1]  # the lowest ball on the table
    group = state.groups[state.shooter]
    if group == "open":
        return [id for id in objects if id != 8]
    own = [id for id in objects if (id < 8 if group == "solids" else id > 8)]
    return own or [8]


def path_is_clear(start, end, state, radius, skip):
    """Whether a ball rolling from start to end passes every ball on the
    table but those in skip, by more than a diameter between centres."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length2 = dx * dx + dy * dy
    for ball in state.balls_on_table:
        if ball.id in skip:
            continue
        t = 0.0 if length2 == 0.0 else ((ball.pos[0] - start[0]) * dx + (ball.pos[1] - start[1]) * dy) / length2
        t = min(1.0, max(0.0, t))
        gap = math.hypot(start[0] + t * dx - ball.pos[0], start[1] + t * dy - ball.pos[1])
        if gap < radius + ball.radius:
            return False
    return True


def place_cue_ball(game, targets):
    """Places the cue ball in hand straight behind a target ball, in line
    with a pocket, where the paths are clear; else anywhere it is allowed."""
    state = game.state
    radius = state.ball(state.cue_ball).radius
    with game.world() as world:
        pockets = [breakshot.pocket_target(world, pocket) for pocket in range(6)]
    for target in targets:
        ball = state.ball(target)
        for mouth in pockets:
            dx, dy = ball.pos[0] - mouth[0], ball.pos[1] - mouth[1]
            length = math.hypot(dx, dy)
            if not path_is_clear(ball.pos, mouth, state, radius, {target, state.cue_ball}):
                continue
            for behind in (0.25, 0.15, 0.4, 0.6):
                spot = (ball.pos[0] + dx / length * behind, ball.pos[1] + dy / length * behind)
                if not path_is_clear(spot, ball.pos, state, radius, {target, state.cue_ball}):
                    continue
                try:
                    game.place_cue_ball(*spot)
                    return
                except ValueError:
                    pass  # off the table, on a ball, outside the kitchen: the next
    length, width = state.table_size
    for i in range(1, 20):
        for j in range(1, 10):
            try:
                game.place_cue_ball(length * i / 20, width * j / 10)
                return
            except ValueError:
                pass
    raise RuntimeError("nowhere to place the cue ball")


def best_shot(game, targets):
    """(aim, ball) for the clear shot with the thinnest cut at the first
    target that has one, or None."""
    state = game.state
    with game.world() as world:
        for target in targets:
            aims = []
            for pocket in range(6):
                try:
                    aim = breakshot.aim_to_pocket(world, target, pocket, cue_ball=state.cue_ball)
                except ValueError:
                    continue  # a cut of 90 degrees or more
                if not aim.blocked:
                    aims.append(aim)
            if aims:
                return min(aims, key=lambda aim: abs(aim.cut_deg)), target
    return None


def take_shot(game):
    state = game.state
    if state.is_break:
        length, width = state.table_size
        return game.shoot(stick_speed=BREAK_SPEED, aim=(0.75 * length, 0.5 * width))
    targets = balls_on(state)
    if state.in_hand != "none":
        place_cue_ball(game, targets)
    calls = state.game in ("8-ball", "10-ball")
    shot = best_shot(game, targets)
    if shot is None:
        # Nothing clear: at least hit the ball on, full in the face.
        target = targets[0]
        call = (target, 0) if calls else None
        return game.shoot(stick_speed=3.0, aim=game.state.ball(target).pos, call=call)
    aim, target = shot
    # Faster for longer paths and thinner cuts; a little draw keeps the cue
    # ball from following the object ball in.
    travel = aim.travel + aim.object_travel / max(math.cos(math.radians(aim.cut_deg)), 0.3)
    stick_speed = min(6.0, 1.2 + 1.1 * travel)
    call = (target, aim.pocket) if calls else None
    return game.shoot(stick_speed=stick_speed, angle_deg=aim.angle_deg, tip=(0.0, -0.1), call=call)


def main(argv):
    name = argv[1] if len(argv) > 1 else "9-ball"
    seed = int(argv[2]) if len(argv) > 2 else 1
    with breakshot.Game(name, seed=seed, players=("Ann", "Bob")) as game:
        while not game.state.over:
            if game.state.shot_count >= MAX_SHOTS:
                sys.exit(f"no winner after {MAX_SHOTS} shots: the scripted player is stuck")
            players = game.state.players
            ruling = take_shot(game)
            print(f"shot {game.state.shot_count}, {players[ruling.shooter]}: {ruling.text}")
        state = game.state
        print(f"winner: {state.players[state.winner]} after {state.shot_count} shots")


if __name__ == "__main__":
    main(sys.argv)
