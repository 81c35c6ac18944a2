#!/usr/bin/env python3
"""Draw and follow: where does the cue ball end up after a straight shot,
as the cue tip moves from below the centre (draw) to above it (follow)?

A notebook-style script: sweep the tip height, run each shot in C, and plot
how far the cue ball goes on (follow, > 0) or comes back (draw, < 0) from
where it hit the object ball. The table is a plain one, 300 m long, so
that no ball reaches a cushion (the object ball rolls on for about 100 m:
rolling resistance is small) and nothing gets in the way of what is
measured.

Run:  python3 examples/python/tip_sweep.py [PLOT.png]
Prints one line per tip height, and with matplotlib (python3-matplotlib)
writes the plot, tip_sweep.png unless named.
"""

import sys

import breakshot
from breakshot import Ball, EventKind, World

STICK_SPEED = 3.0  # m/s, a firm stroke
HEIGHTS = [round(-0.45 + 0.05 * i, 2) for i in range(19)]  # fractions of the radius, -0.45 to 0.45
CUE, OBJECT = (10.0, 0.635), (10.3, 0.635)  # m, 30 cm apart on a line along +x


def cue_ball_travel(height):
    """Where the cue ball stops, along the shot, from its centre at contact (m)."""
    with World(table=(300.0, 1.27), physics="pool", balls=[Ball(0, CUE), Ball(1, OBJECT)]) as world:
        world.strike(stick_speed=STICK_SPEED, angle_deg=0.0, tip=(0.0, height))
        shot = breakshot.simulate(world)
    hit = next(e for e in shot.events if e.kind is EventKind.BALL)
    radius = Ball(0, CUE).radius
    contact_x = hit.point[0] - radius * hit.normal[0]  # the cue ball's centre at contact
    return shot.state.positions[list(shot.state.ids).index(0)][0] - contact_x


travel = [cue_ball_travel(h) for h in HEIGHTS]
for height, distance in zip(HEIGHTS, travel):
    what = "follows" if distance > 0 else "draws back" if distance < 0 else "stops dead"
    print(f"tip height {height:+.2f} R: cue ball {what} {abs(distance):.3f} m")

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("no plot: matplotlib is not installed (apt-get install python3-matplotlib)")
else:
    out = sys.argv[1] if len(sys.argv) > 1 else "tip_sweep.png"
    figure, axes = plt.subplots(figsize=(6, 4))
    axes.plot(HEIGHTS, travel, "o-")
    axes.axhline(0.0, color="grey", linewidth=0.8)
    axes.set_xlabel("tip height (fraction of the radius; < 0 draw, > 0 follow)")
    axes.set_ylabel("cue ball travel after contact (m)")
    axes.set_title(f"Straight shot at {STICK_SPEED} m/s stick speed")
    figure.tight_layout()
    figure.savefig(out, dpi=100)
    print(f"plot written to {out}")
