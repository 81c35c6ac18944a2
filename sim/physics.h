// breakshot: the seam between the engine and its physics. The event loop,
// the queue, the grid, validation and the def's checks of geometry are the
// same for every physics; what moves a ball between events, when two
// things meet, and what a contact does to them is the physics' own. Each
// physics fills one bs_physics_ops in its own files (ideal_*.c, pool_*.c);
// bs_physics_ops_of (physics.c) is the one place that chooses among them.
//
// A new physics, or a new contact model inside one, changes its own files
// and that one place, nothing else.
#ifndef BREAKSHOT_PHYSICS_H
#define BREAKSHOT_PHYSICS_H

#include <stdbool.h>
#include <math.h>
#include <stddef.h>

#include <breakshot/world.h>

struct bs_ball;
struct bs_ball_spin;
struct bs_cloth;

/// A ball's motion at one moment, under any physics.
typedef struct bs_ball_motion {
	bs_vec2 pos;            ///< centre (m); on a periodic table possibly outside the box
	bs_vec2 vel;            ///< m/s
	bs_vec3 omega;          ///< angular velocity (rad/s); zero under ideal physics
	bs_motion_state motion; ///< the state of motion it is in
} bs_ball_motion;

/// Two balls' earliest meeting: when (s, absolute) and which (storage
/// indices), or a time of INFINITY (none) or NAN (the search cannot tell).
typedef struct bs_meeting {
	double time;
	int a;
	int b;
} bs_meeting;

/// The contact of a ball with an obstacle: the unit normal from the
/// obstacle towards the ball's centre, and the point of contact (m).
typedef struct bs_obstacle_contact {
	bs_vec2 normal;
	bs_vec2 point;
} bs_obstacle_contact;

/// The neighbour grid's part of a physics. A physics whose balls move in
/// straight lines files each ball under the cell of its centre, which it
/// leaves at exact times (grid.h); one whose paths curve files it under
/// every cell its path sweeps over a span of time, and files it again when
/// that ends (swept_grid.h). Either way a ball's next move in the grid is
/// an internal event of the queue, a cell crossing, which changes no motion.
typedef struct bs_grid_ops {
	/// From this many balls on, BS_NEIGHBOURS_AUTO searches with the grid
	/// (when the table has room for it).
	int min_balls;
	/// Takes ball `index`'s cell crossing at `at` (s): files it under the
	/// cells it moves into and predicts it again from there. Its motion is
	/// unchanged.
	void (*cross)(bs_world* world, int index, double at);
	/// Checks the grid's filing of the balls (validation, with the grid);
	/// false with the problem in `dest`. NULL: nothing to check beyond
	/// what validation walks.
	bool (*filing_valid)(const bs_world* world, char* dest, size_t dest_size);
	/// On a periodic table, the earliest meeting of any two balls as any
	/// images, before BS_MAX_TIME, however many wraps ahead; a time of NAN
	/// when some pair's search cannot tell. For when nothing but cell
	/// crossings is pending. NULL for a physics that allows no periodic
	/// table.
	bs_meeting (*next_meeting)(const bs_world* world);
	/// Files every ball under its cell at `time` (s) and predicts it from
	/// there, as if it had taken every cell crossing on the way. Only for a
	/// time before which no ball has an event, on a periodic table.
	void (*predict_all_from)(bs_world* world, double time);
} bs_grid_ops;

/// What differs between physics. Indices are storage indices (world_internal.h).
typedef struct bs_physics_ops {
	bs_physics kind;

	// --- The def, before a world exists (world_def.c calls these) ---

	/// The checks of the def's coefficients and table that this physics
	/// adds; false with `dest` filled (bs_def_report_problem) when one fails.
	bool (*check_def)(const bs_world_def* def, bs_def_report* dest);
	/// Why ball `ball` cannot be simulated under this physics, or NULL.
	const char* (*ball_problem)(const bs_world_def* def, const bs_ball_def* ball);
	/// The velocity (m/s) a saved ball had at its anchor's time.
	bs_vec2 (*anchor_velocity)(const bs_ball_def* ball);
	/// Where a saved ball's anchor leads to at the def's start (m), as the
	/// world will start it; `usable` is false when the anchor's motion is
	/// none this physics can start (the checks then report it).
	bs_vec2 (*anchor_start)(const bs_world_def* def, const bs_ball_def* ball, bool* usable);
	/// When (s after the anchor, within `flight`) a saved ball's path from
	/// its anchor first touches the line of `segment`, or INFINITY.
	double (*anchor_segment_time)(const bs_world_def* def, const bs_ball_def* ball, bs_segment segment, double flight);
	/// Whether paths curve, so that a path that met a line may have come
	/// back out of it by the start.
	bool paths_curve;
	/// Why a saved ball's anchor cannot start its motion, or NULL.
	const char* (*anchor_problem)(const bs_world_def* def, const bs_ball_def* ball);
	/// Whether a saved ball's last contact (a ball `other`, or NULL for a
	/// cushion or jaw, in direction `towards` from the ball, moving at `w`
	/// relative to it) is one that would press back into the ball unseen.
	bool (*contact_pressed)(const bs_world_def* def, const bs_ball_def* ball, const bs_ball_def* other,
		bs_vec2 towards, bs_vec2 w);
	/// Whether a world started from a saved ball leaves its last contact, a
	/// cushion or jaw in direction `towards` from the ball, unexamined until
	/// the ball's next event, as prediction skips a contact just resolved
	/// (or resting): the def check must then not examine it either.
	bool (*skips_last_obstacle)(const bs_world_def* def, const bs_ball_def* ball, bs_vec2 towards);

	// --- The world ---

	/// The grid's part, or NULL for a physics whose worlds always examine
	/// every ball.
	const bs_grid_ops* grid;
	/// Bytes of per-ball state this physics keeps besides the shared ones.
	size_t bytes_per_ball;
	/// Allocates that state for `capacity` balls; false when memory runs out.
	bool (*create)(bs_world* world, size_t capacity);
	/// Frees it (also after a failed create).
	void (*destroy)(bs_world* world);
	/// Starts a def's fresh ball, stored at `index` with its shared fields set.
	void (*place)(bs_world* world, int index, const bs_ball_def* ball);
	/// Starts a saved ball from its anchor, its position and time restored.
	void (*restore)(bs_world* world, int index, const bs_ball_anchor* anchor);
	/// The motion at `time` (s, at or after the ball's own time) of a ball
	/// stored as `ball`, `spin` and `omega` (this physics' part of it, its
	/// angular velocity at its time; NULL where the physics keeps none), on
	/// `cloth`: a world's ball, or a copy of one that a trajectory keeps,
	/// moves the same to the last bit.
	bs_ball_motion (*motion_of)(const struct bs_ball* ball, const struct bs_ball_spin* spin, const bs_vec3* omega,
		const struct bs_cloth* cloth, double time);
	/// When ball `index`'s present state of motion ends (s, absolute), or INFINITY.
	double (*state_until)(const bs_world* world, int index);
	/// Fills what a saved ball needs of its motion beyond the shared fields:
	/// its velocity and spin now and what its anchor holds.
	void (*export_motion)(const bs_world* world, int index, bs_ball_def* dest);

	/// Predicts ball `index`'s earliest event and stores it in its queue slot.
	void (*predict)(bs_world* world, int index, double at);
	/// The same for two balls that have just met each other.
	void (*predict_both)(bs_world* world, int index, int partner);

	/// Resolves balls `lower` and `higher` (by id) meeting at the world's
	/// time and fills the record's impulse, normal and point.
	void (*resolve_pair)(bs_world* world, int lower, int higher, bs_event* record);
	/// Resolves ball `index` against a cushion or jaw (`kind`, `target`).
	void (*resolve_obstacle)(bs_world* world, int index, int kind, int target, bs_event* record);
	/// Resolves the end of ball `index`'s state of motion (`kind` a change
	/// of state: BS_EVENT_SLIDE_ROLL ...). NULL where there are none.
	void (*change_state)(bs_world* world, int index, int kind, bs_event* record);
	/// Settles what this physics keeps of a ball that has just dropped into
	/// a pocket, moving as `last` says.
	void (*pocket)(bs_world* world, int index, const bs_ball_motion* last);
} bs_physics_ops;

/// The physics of `kind`, or NULL when it is none.
const bs_physics_ops* bs_physics_ops_of(bs_physics kind);

extern const bs_physics_ops bs_ideal_physics;
extern const bs_physics_ops bs_pool_physics;

/// Fills `dest` with a problem found in a def (printf-style message) and
/// returns false, for the def's checks and the physics' own.
bool bs_def_report_problem(bs_def_report* dest, bs_def_problem problem, int ball, int other, const char* fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;

/// Whether both coordinates are finite.
static inline bool bs_v2_is_finite(bs_vec2 v) {
	return isfinite(v.x) && isfinite(v.y);
}

/// Whether x lies in [lo, hi] (false for NaN).
static inline bool bs_in_range(double x, double lo, double hi) {
	return x >= lo && x <= hi;
}

/// Whether a velocity `v` moves into an obstacle or ball in direction `n`
/// (a unit vector towards it) by more than the rounding of a collision that
/// left it at most sliding along: 16 ulps of `scale` (m/s).
bool bs_moves_into(bs_vec2 v, bs_vec2 n, double scale);

#endif
