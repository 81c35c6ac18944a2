// breakshot: where balls may stand. A ball's centre must be inside the
// region the table leaves it, and no two balls may overlap. The def check
// (world_def.c) and validation (world_validate.c) ask the same questions
// here, with their own tolerances.
#ifndef BREAKSHOT_PLACEMENT_H
#define BREAKSHOT_PLACEMENT_H

#include <stdbool.h>

#include <breakshot/world.h>
#include "table_internal.h"

/// Whether a ball of radius `r` (m) centred at `p` is inside the table: its
/// centre not past any cushion nose, facing or jaw by the radius
/// (allowing `slack` of the radius and `slack_length` m), inside the table's
/// bounds or a pocket's throat, and not already in a pocket. On a periodic
/// table: inside the box [0, W) x [0, H).
bool bs_ball_inside_table(const bs_table* table, bs_vec2 p, double r, double slack, double slack_length);

/// How far rounding of absolute times and of coordinates on `table` can put a
/// ball moving at `speed` (m/s) from where exact arithmetic would (m), at
/// `time` (s).
double bs_contact_slack(const bs_table* table, double time, double speed);

/// The speed (m/s) whose rounding of times a ball's position carries: its
/// speed `vel` now, or `arrival_speed`, the speed it came to that position
/// with, if faster (a collision that stopped the ball leaves nothing of it
/// to see in `vel`).
double bs_rounding_speed(bs_vec2 vel, double arrival_speed);

/// How far (m) from touching a contact the engine found may lie: the
/// contact tolerance of the radius sum `sigma` (m; a radius for a cushion or
/// jaw), and what rounding of the contact's time can move a ball at `speed`
/// (m/s) and of coordinates on `table` (bs_contact_slack). The def check of
/// saved contacts and validation of the last collision share it.
double bs_found_contact_slack(const bs_table* table, double sigma, double time, double speed);

/// Finds the pair of circles closer than (1 - tolerance) times their radius
/// sum less `slack_length` (m), as nearest images on a periodic table: the
/// pair with the lowest first index, then second, or *first = -1. A pair of
/// two circles marked in `saved` (when not NULL) is where the engine left two
/// balls, which may touch with the rounding of a contact found after a long
/// flight: it is held to BS_CONTACT_TOLERANCE instead, if looser, as
/// validation holds every pair. O(N) for spread-out circles. Returns false
/// when memory runs out.
bool bs_find_close_pair(const bs_table* table, const bs_vec2* pos, const double* radius, const bool* saved, int n,
	double tolerance, double slack_length, int* first, int* second);

/// How far (m) a ball of radius `r` centred at `p` is from touching cushion
/// or jaw `target` (for a jaw: from the circle of its arc) (`kind` BS_EVENT_CUSHION or BS_EVENT_JAW, `target`
/// in range), or INFINITY when it is not beside the cushion at all.
double bs_obstacle_gap(const bs_table* table, bs_event_kind kind, int target, bs_vec2 p, double r);

/// The distance (m) at which a ball of radius `r` touching cushion or jaw
/// `target` keeps its centre from the obstacle's line or centre: r, and
/// for a jaw r plus the jaw's radius. Contact tolerances scale with it.
double bs_obstacle_sigma(const bs_table* table, bs_event_kind kind, int target, double r);

/// The largest ball diameter of a def (m), 0 without balls.
double bs_largest_diameter(const bs_world_def* def);

#endif
