#!/usr/bin/env python3
"""Which shot to play: the cue ball and one object ball on a 9 ft table.

A notebook-style script in cells: search the position for the shots that
pot the 1 (breakshot.solve: candidates from the ghost ball, banks, kicks,
refined by exact simulation and ranked by their chance under the
tournaments' execution noise), print them, map the chance over aim and
speed around the best (breakshot.heat_map) as text, and play the best
shot. docs/python.md shows what it prints.

Run:  python3 examples/python/solve_shot.py
"""

# %% The position: the cue ball in the lower half of the table, the 1 a
# cut of 9 degrees from the far corner pocket (pocket 3).
import breakshot
from breakshot import Ball, EventKind, World

world = World(table="9ft", balls=[Ball(0, (0.7, 0.45)), Ball(1, (1.9, 0.9))])

# %% The search: every noise sample is drawn from the seed and the shot, so
# this prints the same for any number of threads.
solution = breakshot.solve(world, "pot:1", samples=400, threads=2)
print(f"{len(solution)} shots ranked, {solution.evaluations} simulated")
print("rank  family  speed  angle (deg)  tip           chance  95 % interval   cue ball ends (m)")
for rank, shot in enumerate(solution, 1):
    cue = shot.cue
    low, high = shot.interval
    end = "off the table" if shot.cue_end_mean is None else "({:.2f}, {:.2f})".format(*shot.cue_end_mean)
    print(f"{rank:4}  {shot.family:6}  {cue.stick_speed:5.1f}  {cue.angle_deg:11.4f}  "
          f"({cue.tip[0]:+.1f}, {cue.tip[1]:+.1f})  {shot.probability:6.3f}  [{low:.3f}, {high:.3f}]  {end}")

# %% The chance around the best shot: rows are stick speeds 0.5 m/s apart
# around its own (marked <), columns aims 0.1 degrees apart around its own
# (the middle one, marked ^), 64 noise samples a cell.
best = solution.best
slowest = max(0.5, best.cue.stick_speed - 1.5)
heat = breakshot.heat_map(world, "pot:1", best, aim_span_deg=2.0, aim_count=21, speed_min=slowest,
                          speed_max=slowest + 3.0, speed_count=7, samples=64, threads=2)
SHADES = " .:-=+*#%@"  # 0 to 1 in tenths
print(f"\nchance of the pot, aims {heat.angles_deg[0]:.2f} to {heat.angles_deg[-1]:.2f} degrees:")
for speed, row in zip(heat.speeds[::-1], heat.probability[::-1]):
    cells = "".join(SHADES[min(int(p * 10), 9)] for p in row)
    mark = "<" if speed == best.cue.stick_speed else " "
    print(f"{speed:4.1f} m/s |{cells}|{mark} best {row.max():.2f}")
print(" " * 10 + " " * (len(heat.angles_deg) // 2) + "^")

# %% Play it, without noise: the shot as found.
world.strike(cue=best.cue)
shot = breakshot.simulate(world)
drop = next(event for event in shot.events if event.kind is EventKind.POCKET and event.ids[0] == 1)
print(f"\nthe 1 drops into pocket {drop.ids[1]} at t = {drop.time:.3f} s")
cue_ball = list(shot.state.ids).index(0)
print("the cue ball comes to rest at ({:.2f}, {:.2f}) m".format(*shot.state.positions[cue_ball]))
