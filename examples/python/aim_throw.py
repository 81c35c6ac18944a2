#!/usr/bin/env python3
"""Aiming by the ghost ball, and what throw does to it.

First a pocket shot on a 9 ft table: aim_to_pocket gives the aim and the
ball in the way; with that ball gone, the aim's angle goes straight into
World.strike and the ball drops.

Then the throw: friction between the balls at the contact turns the object
ball off the line of centres, towards the cue ball's path. The table
measures by how much, by cut angle and the cue ball's speed at the contact,
for a stun shot (the cue ball slides in without spin) and a rolling one,
on a plain pool table with nothing else to meet.

Run:  python3 examples/python/aim_throw.py
"""

import math

import breakshot
from breakshot import Ball, EventKind, World

R = Ball(0, (0.0, 0.0)).radius
MU_SLIDING, MU_ROLLING, G = 0.2, 0.01, 9.81  # the pool defaults (pool.h)

# -- a pocket shot -----------------------------------------------------------

CUE, ONE, TWO = (0.6, 0.5), (1.9, 0.9), (1.2, 0.7)
with World(table="9ft", balls=[Ball(0, CUE), Ball(1, ONE), Ball(2, TWO)]) as world:
    aim = breakshot.aim_to_pocket(world, 1, 3)
print(f"ball 1 into pocket 3: cut {aim.cut_deg:.1f} degrees, cue angle {aim.angle_deg:.2f} degrees")
print(f"  in the cue ball's way: ball {aim.cue_blocker}; in ball 1's way: {aim.object_blocker}")
with World(table="9ft", balls=[Ball(0, CUE), Ball(1, ONE)]) as world:
    aim = breakshot.aim_to_pocket(world, 1, 3)
    world.strike(stick_speed=2.5, angle_deg=aim.angle_deg)
    shot = breakshot.simulate(world)
dropped = [e.ids[1] for e in shot.events if e.kind is EventKind.POCKET and e.ids[0] == 1]
print(f"  without ball 2, a centre hit at 2.5 m/s: ball 1 {'drops in pocket %d' % dropped[0] if dropped else 'misses'}")

# -- the throw ---------------------------------------------------------------


def throw(cut, speed, rolling):
    """The object ball's direction after the contact against the line of
    centres (degrees, counter-clockwise positive), the cue ball arriving at
    `speed` (m/s) in stun or rolling."""
    cue, target = (1.0, 0.75), (1.4, 0.75)
    aim = breakshot.aim_cut(cue, target, cut)
    d = aim.direction
    if rolling:  # slowed by rolling resistance on the way, mu_r g
        start = math.sqrt(speed * speed + 2 * MU_ROLLING * G * aim.travel)
        spin = start / R
    else:  # slowed by sliding friction, mu_s g; backspin falls by 5 mu_s g / (2 R) per second
        start = math.sqrt(speed * speed + 2 * MU_SLIDING * G * aim.travel)
        spin = -2.5 * MU_SLIDING * G * ((start - speed) / (MU_SLIDING * G)) / R
    ball = Ball(0, cue, vel=(start * d[0], start * d[1]), omega=(-d[1] * spin, d[0] * spin, 0.0))
    with World(table=(2.54, 1.27), physics="pool", balls=[ball, Ball(1, target)]) as world:
        contact = next(e for e in world.events() if e.kind is EventKind.BALL)
        v = world.state().velocities[1]
    n = contact.normal
    return math.degrees(math.atan2(n[0] * v[1] - n[1] * v[0], n[0] * v[0] + n[1] * v[1]))


SPEEDS = (0.5, 1.0, 2.0, 4.0)
for rolling in (False, True):
    print()
    print(f"throw (degrees) of a {'rolling' if rolling else 'stun'} shot, by cut and the cue ball's speed at contact")
    print("  cut " + "".join(f"{speed:>9g} m/s" for speed in SPEEDS))
    for cut in (15, 30, 45, 60):
        print(f"  {cut:2d}\u00b0 " + "".join(f"{throw(cut, speed, rolling):13.2f}" for speed in SPEEDS))
