// breakshot: aiming, by the ghost ball. Where to send the cue ball so that
// it meets an object ball at a given cut angle, or sends it to a point or
// into a pocket; and the cut angle a given direction makes.
//
// The geometry is that of straight lines and a contact along the line of
// centres, exact under ideal physics. Under pool physics a cue ball struck
// level and without english runs straight too, but friction between the
// balls throws the object ball off the line of centres by up to a few
// degrees; english squirts the cue ball off the aim and an elevated cue
// makes it swerve. docs/aiming.md gives the formulas and measures the throw.
//
// Angles are in degrees, as bs_cue_def.angle_deg. The cut angle is signed:
// it is the angle from the cue ball's direction to the line of centres at
// contact (from the cue ball's centre to the object ball's), counter-
// clockwise positive, so a positive cut sends the object ball to the left
// of the cue ball's path, as seen from behind the cue, and a negative cut to
// the right. 0 is a full-ball (straight) hit; the cut is always inside
// (-90, 90), since at 90 degrees the balls only graze.
//
//   bs_aim aim;
//   if (bs_aim_cut(cue_pos, radius, object_pos, radius, 30.0, &aim) == BS_AIM_OK) {
//       bs_cue_def cue = bs_default_cue_def();
//       cue.speed = 2.0;
//       cue.angle_deg = aim.angle_deg;
//   }
#ifndef BREAKSHOT_AIM_H
#define BREAKSHOT_AIM_H

#include <breakshot/api.h>
#include <breakshot/table.h>
#include <breakshot/vec2.h>
#include <breakshot/world.h>

/// Why an aim could not be given. Every function here returns one.
typedef enum bs_aim_status {
	BS_AIM_OK = 0,
	BS_AIM_NOT_FINITE, ///< a position, radius, angle or direction is NaN or infinite
	/// a coordinate beyond BS_MAX_LENGTH in magnitude, or a radius outside
	/// [BS_MIN_RADIUS, BS_MAX_LENGTH] (m), the world's own limits
	BS_AIM_OUT_OF_RANGE,
	/// the cue ball touches the object ball (to BS_CONTACT_TOLERANCE of the
	/// radius sum, as balls the engine left in contact do) or overlaps it:
	/// it has no path to a contact
	BS_AIM_OVERLAP,
	/// the cut is 90 degrees or more either way: the cue ball would have to
	/// pass through the object ball to meet it there
	BS_AIM_TOO_THIN,
	BS_AIM_MISSES,       ///< the cue ball's path misses the object ball, grazes it, or leads away from it
	BS_AIM_NO_DIRECTION, ///< the direction given is the zero vector
	BS_AIM_AT_TARGET,    ///< the object ball's centre is on the target already: no direction to send it
	BS_AIM_NO_POCKET,    ///< the pocket index is not in [0, bs_table_pocket_count)
	BS_AIM_NO_BALL,      ///< no ball with that id in the world
	BS_AIM_POCKETED,     ///< that ball is in a pocket, off the table
	BS_AIM_SAME_BALL,    ///< the cue ball and the object ball are the same ball
	BS_AIM_STATUS_COUNT,
} bs_aim_status;

/// One sentence saying what a status means, for messages: "the cue ball
/// touches or overlaps the object ball", ... ("ok" for BS_AIM_OK, "unknown
/// aim status" for a value outside the enum).
BS_API const char* bs_aim_status_message(bs_aim_status status);

/// A shot at an object ball, as the ghost ball gives it.
typedef struct bs_aim {
	bs_vec2 direction; ///< unit direction of the cue ball's initial velocity
	/// the same direction in degrees counter-clockwise from +x, in
	/// [-180, 180]: give it to bs_cue_def.angle_deg
	double angle_deg;
	/// the ghost ball: the cue ball's centre at contact (m). Aiming at it
	/// (bs_cue_def.aim) is aiming along `direction`.
	bs_vec2 ghost;
	double travel; ///< how far the cue ball's centre goes to the ghost (m)
	/// the signed cut angle (degrees, in (-90, 90)): > 0 sends the object
	/// ball to the left of the cue ball's path, < 0 to the right
	double cut_deg;
	/// unit line of centres at contact, from the ghost to the object ball:
	/// where the object ball goes when nothing throws it off the line
	bs_vec2 object_direction;
} bs_aim;

/// Aims the cue ball, centre `cue` (m) and radius `cue_radius` (m), at the
/// object ball, centre `object` and radius `object_radius`, so that they
/// meet at the cut angle `cut_deg` (degrees, signed as above). With D =
/// object - cue, L = |D| and s = cue_radius + object_radius, the direction
/// is D turned clockwise by asin(s sin(cut) / L), and the ghost is
/// object - s n, n the direction turned by the cut (docs/aiming.md).
/// Writes the aim into `dest` and returns BS_AIM_OK; otherwise returns
/// BS_AIM_NOT_FINITE, BS_AIM_OUT_OF_RANGE, BS_AIM_OVERLAP (L <= s, to
/// BS_CONTACT_TOLERANCE) or
/// BS_AIM_TOO_THIN (|cut_deg| >= 90) and leaves `dest` untouched.
BS_API bs_aim_status bs_aim_cut(bs_vec2 cue, double cue_radius, bs_vec2 object, double object_radius, double cut_deg,
	bs_aim* dest);

/// The cut angle a shot makes: the cue ball, centre `cue` and radius
/// `cue_radius` (m), sent along `direction` (any length but zero) at the
/// object ball, centre `object` and radius `object_radius`. With d the unit
/// direction, b = d x (object - cue) the object ball's signed distance from
/// the path and s the radius sum, the balls meet when |b| < s, at the cut
/// asin(b / s). Writes the aim (`cut_deg`, the ghost where they meet, and
/// the rest) into `dest` and returns BS_AIM_OK; otherwise returns
/// BS_AIM_NOT_FINITE, BS_AIM_OUT_OF_RANGE, BS_AIM_NO_DIRECTION,
/// BS_AIM_OVERLAP or BS_AIM_MISSES (|b| >= s, or the object ball behind
/// the cue ball) and leaves `dest` untouched.
BS_API bs_aim_status bs_aim_cut_angle(bs_vec2 cue, double cue_radius, bs_vec2 direction, bs_vec2 object,
	double object_radius, bs_aim* dest);

/// Aims the cue ball so that it sends the object ball towards the point
/// `target` (m): the ghost is object - s u, u the unit vector from the
/// object ball to the target and s the radius sum, and the direction runs
/// from the cue ball to the ghost. The cut is the angle from that direction
/// to u. Writes the aim into `dest` and returns BS_AIM_OK. When the cut
/// would be 90 degrees or more (the target lies behind the object ball as
/// the cue ball sees it), returns BS_AIM_TOO_THIN but still writes `dest`,
/// whose `cut_deg` then says by how much. Otherwise returns
/// BS_AIM_NOT_FINITE, BS_AIM_OUT_OF_RANGE, BS_AIM_OVERLAP or
/// BS_AIM_AT_TARGET and leaves `dest` untouched.
BS_API bs_aim_status bs_aim_to_point(bs_vec2 cue, double cue_radius, bs_vec2 object, double object_radius,
	bs_vec2 target, bs_aim* dest);

/// The point of pocket `pocket` that bs_aim_to_pocket sends a ball to: the
/// centre of its mouth, halfway between where its two facings begin (its
/// jaw tips on a pool table) (m), the opening a ball passes through, the
/// capture radius in front of the capture circle's centre (table.h numbers
/// the pockets). Writes it into `dest` and returns
/// BS_AIM_OK, or returns BS_AIM_NO_POCKET for an index out of range (every
/// index, on a table without pockets).
BS_API bs_aim_status bs_aim_pocket_target(const bs_table* table, int pocket, bs_vec2* dest);

/// A shot that sends an object ball into a pocket, from a world's balls.
typedef struct bs_pocket_aim {
	bs_aim aim;           ///< the cue ball's aim, as bs_aim_to_point gives it
	bs_vec2 target;       ///< the point aimed at, bs_aim_pocket_target (m)
	double object_travel; ///< how far the object ball's centre goes to the target (m)
	/// id of the first ball on the table that the cue ball, on its straight
	/// path to the ghost, would meet first, or -1 when the path is clear
	int cue_blocker;
	/// id of the first ball that the object ball, on its straight path to
	/// the target, would meet first, or -1 when the path is clear (the cue
	/// ball is never in that path: it starts behind the object ball)
	int object_blocker;
} bs_pocket_aim;

/// Aims the ball with id `cue_id` of `world` so that it sends the ball with
/// id `object_id` into pocket `pocket` of the world's table: bs_aim_to_point
/// towards bs_aim_pocket_target, with the balls where they are at the
/// world's current time (meant for a world at rest), and the paths checked
/// against every other ball on the table: a ball blocks a path when its
/// centre comes within the sum of the two radii of it, strictly. Whether
/// the jaws let the object ball in at that angle, and whether the ghost
/// lies on the table, is not checked. Writes `dest` and returns BS_AIM_OK;
/// BS_AIM_TOO_THIN also writes `dest`, as bs_aim_to_point. Otherwise
/// returns BS_AIM_NO_BALL, BS_AIM_POCKETED, BS_AIM_SAME_BALL,
/// BS_AIM_NO_POCKET, BS_AIM_OVERLAP or BS_AIM_AT_TARGET, and leaves `dest`
/// untouched.
BS_API bs_aim_status bs_aim_to_pocket(const bs_world* world, int cue_id, int object_id, int pocket,
	bs_pocket_aim* dest);

#endif
