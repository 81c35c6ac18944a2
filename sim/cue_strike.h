// breakshot: the cue strike, the shot that starts a pool ball moving.
//
// An instantaneous impulse from the cue tip, as in Alciatore's TP A-30 and
// pooltool's instantaneous_point model (pooltool/physics/resolve/stick_ball/
// instantaneous_point), with squirt from TP A-31 (pooltool/physics/resolve/
// stick_ball/squirt.py). The cue is a rigid body of mass M moving at V0
// along its own axis; the tip does not slip on the ball; the impulse acts
// along the cue's axis at the contact point.
//
// Frame: f = (cos aim, sin aim) is the shot's direction in the table plane
// (aim in degrees, 0 along +x, counter-clockwise), l = z x f the shooter's
// left, z up. The cue points along d = cos(elevation) f - sin(elevation) z,
// down into the ball when elevated. The tip offset is measured as the
// shooter sees the ball's face looking along the cue, in the plane
// perpendicular to d, as fractions of R:
// - side > 0 is right english (the tip right of centre), side < 0 left;
// - height > 0 is above centre (follow, topspin), height < 0 below (draw).
// pooltool's `a` is the opposite of `side` (+1 is its leftmost) and its `b`
// is `height`.
//
// Then the contact point is R (-side l + height e_up - c d), where
// e_up = sin(elevation) f + cos(elevation) z and c = sqrt(1 - side^2 -
// height^2), and the arm of the impulse about the centre has length
// R sqrt(side^2 + height^2) whatever the elevation. The impulse along d is
//   F = (1 + e) m V0 / (1 + m/M + (5/2)(side^2 + height^2))   (N s)
// (TP A-30; e the tip's restitution), and the ball leaves with
//   v = (F/m) cos(elevation) f
//   w = F / (2/5 m R) (height l + side (cos(elevation) z + sin(elevation) f)).
// So follow gives topspin (w along l, the rolling direction z x v / R),
// right english w_z > 0 (counter-clockwise seen from above), left english
// w_z < 0. A level hit at height 2/5 leaves the ball rolling: R w = v.
//
// The cloth takes the impulse's vertical part, F sin(elevation), through
// the ball's centre (no spin, no hop: pooltool does the same); friction
// with the cloth during the strike is neglected.
#ifndef BREAKSHOT_CUE_STRIKE_H
#define BREAKSHOT_CUE_STRIKE_H

#include <stdbool.h>

#include <breakshot/vec2.h>
#include <breakshot/vec3.h>

/// pooltool's default cue mass (kg), 20 oz.
#define BS_CUE_MASS 0.567
/// pooltool's default cue end mass (kg), the part of the shaft near the tip
/// that the ball pushes sideways during contact (TP A-31): a thirtieth of a
/// 6 oz ball, 5.67 g.
#define BS_CUE_END_MASS (0.170097 / 30.0)
/// The default tip restitution: 1, as in pooltool and Leckie & Greenspan
/// (the ball leaves at 2 V0 / (1 + m/M) from a centre hit). Alciatore
/// measured 0.71 to 0.75 for playing cues with medium leather tips and 0.81
/// to 0.87 for phenolic break and jump cues (billiards.colostate.edu, "cue
/// tip efficiency").
#define BS_CUE_TIP_RESTITUTION 1.0
/// The miscue limit as a fraction of R: a tip farther than this from the
/// centre of the ball's face slips off. Alciatore: "generally accepted to be
/// half the ball's radius (0.5R) from center" ("How high or low should you
/// hit the cue ball?").
#define BS_CUE_MISCUE_LIMIT 0.5

/// A cue strike.
typedef struct bs_cue_strike {
	double speed;           ///< V0 (m/s), the cue's speed just before contact, >= 0
	double aim;             ///< the shot's direction in the table plane (degrees; 0 along +x, counter-clockwise)
	double side;            ///< tip offset across (fraction of R): > 0 right english, < 0 left
	double height;          ///< tip offset up (fraction of R): > 0 follow, < 0 draw
	double elevation;       ///< the cue's angle above the table (degrees, in [0, 90]; 0 level)
	double cue_mass;        ///< M (kg), > 0
	double tip_restitution; ///< e of the tip on the ball, in [0, 1]
	double end_mass;        ///< m_e (kg), > 0, the cue's end mass for squirt
	bool squirt;            ///< whether the ball squirts (TP A-31); false sends it along the aim
} bs_cue_strike;

/// A level centre hit at stick speed `speed` (m/s) towards `aim` (degrees),
/// with the defaults above and squirt on.
static inline bs_cue_strike bs_cue_strike_default(double speed, double aim) {
	bs_cue_strike strike = {speed, aim, 0.0, 0.0, 0.0, BS_CUE_MASS, BS_CUE_TIP_RESTITUTION, BS_CUE_END_MASS, true};
	return strike;
}

/// How the cue ball leaves the tip.
typedef struct bs_cue_launch {
	bs_vec2 v;           ///< velocity (m/s)
	bs_vec3 w;           ///< angular velocity (rad/s)
	double impulse;      ///< F (N s), the tip's impulse along the cue
	double squirt_angle; ///< the angle (rad) v was turned from the aim, counter-clockwise; 0 without squirt
} bs_cue_launch;

/// The squirt angle (rad, counter-clockwise from the aim) of a ball of mass
/// `m` (kg) struck at `side` (fraction of R, > 0 right english) by a cue of
/// end mass `end_mass` (kg), TP A-31: the tip, gripping the ball, is pushed
/// aside with the end mass as the ball turns, so the ball goes off the
/// other way:
///   tan a = (5/2) s sqrt(1 - s^2) / (1 + m/m_e + (5/2)(1 - s^2)),
/// with a of the sign of s: right english squirts the ball left.
double bs_cue_squirt_angle(double m, double end_mass, double side);

/// The ball (mass `m` in kg, radius `r` in m) struck by `strike`: the
/// formulas at the top of this file, then v turned by the squirt angle
/// (its speed and w kept, as in pooltool) when strike->squirt is set. The
/// offset must be within the ball's face (side^2 + height^2 <= 1); refuse
/// miscues first with bs_cue_miscues.
bs_cue_launch bs_cue_strike_resolve(const bs_cue_strike* strike, double m, double r);

/// Whether a tip offset (fractions of R) is beyond the miscue limit:
/// sqrt(side^2 + height^2) > BS_CUE_MISCUE_LIMIT, or not a finite number.
/// A scene reader refuses such a strike with a message.
bool bs_cue_miscues(double side, double height);

/// The launch of a level centre hit that sends a ball of mass `m` (kg) off
/// at `speed` (m/s) towards `aim` (degrees), for scenes that give the cue
/// ball's speed rather than the stick's: v = speed (cos aim, sin aim),
/// w = 0, impulse m speed, no squirt (a centre hit has none). It is what
/// bs_cue_strike_resolve gives, to rounding, for a centre hit at the stick
/// speed bs_cue_stick_speed(speed, ...).
bs_cue_launch bs_cue_launch_at_speed(double speed, double aim, double m);

/// The stick speed V0 (m/s) at which a level centre hit sends a ball of
/// mass `m` (kg) off at `speed` (m/s), with a cue of mass `cue_mass` (kg)
/// and tip restitution `tip_restitution`: speed (1 + m/M) / (1 + e).
double bs_cue_stick_speed(double speed, double m, double cue_mass, double tip_restitution);

#endif
