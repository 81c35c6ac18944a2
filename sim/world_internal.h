// breakshot: the world's internal state, shared by the files that make up
// the world: world_def.c (checking a def), world.c (creation and queries),
// world_predict.c and world_resolve.c (what prediction and resolution share
// under every physics), world_step.c (the event loop) and world_validate.c
// (validation); and by each physics' own files behind the seam (physics.h).
//
// Inside the world a ball is known by its storage index, its place in the
// `balls` array; the public API speaks of def indices, the ball's place in
// bs_world_def.balls. The two differ only under spatial storage order.
#ifndef BREAKSHOT_WORLD_INTERNAL_H
#define BREAKSHOT_WORLD_INTERNAL_H

#include <stdint.h>

#include <breakshot/world.h>
#include "table_internal.h"

#include "event_queue.h"
#include "grid.h"
#include "motion.h"
#include "swept_grid.h"
#include "physics.h"

/// The engine's choices for the size of a world (docs/engine.md, "Large
/// systems"), measured on the benchmark's gases; callers who need one
/// choice whatever the size force it in the def.
/// From this many balls on, BS_NEIGHBOURS_AUTO searches neighbours with the
/// cell grid (when the table has room for it).
#define BS_GRID_MIN_BALLS 64
/// The same under pool physics (its swept grid): the grid is ahead from
/// about 20 pool balls in a box on, and clearly from 32; a rack of 16 keeps
/// the whole-table scan.
#define BS_POOL_GRID_MIN_BALLS 32
/// From this many balls on, BS_QUEUE_AUTO picks the calendar queue.
#define BS_CALENDAR_MIN_BALLS 512
/// From this many balls on, BS_ORDER_AUTO stores balls in spatial order (when
/// the grid searches neighbours): below, the balls fit in the caches anyway.
#define BS_SPATIAL_ORDER_MIN_BALLS 100000

/// Internal event kind, after the public ones in the tie order: a ball's
/// centre leaves its grid cell. Never reported; it changes no motion.
#define BS_EVENT_CELL BS_EVENT_KIND_COUNT

/// Whether bs_world_step reports events of this kind (not a cell crossing,
/// not BS_EVENT_NONE).
static inline bool bs_event_kind_is_reported(int kind) {
	return kind >= 0 && kind < BS_EVENT_KIND_COUNT;
}

/// One ball's hot state: what prediction reads for every pair it examines,
/// in exactly one cache line (the array is 64-byte aligned). Its position is
/// stored at its own time `time` and read anywhere later by
/// pos + vel (t - time): a ball is only touched when an event involves it.
typedef struct bs_ball {
	bs_vec2 pos;   ///< centre at `time` (m)
	bs_vec2 vel;   ///< velocity (m/s)
	double time;   ///< time of the last update (s)
	double radius; ///< m
	int id;
	/// Events this ball has taken part in. A prediction made against a partner
	/// remembers the partner's count; a different count later means the
	/// partner has changed course and the prediction is stale.
	uint32_t count;
	/// The ball's last contact (kind and target: a ball index or an obstacle
	/// index), so that a pair just resolved is never re-detected (it separates
	/// by construction). Two balls that name each other as their last contact
	/// shared that event: the later event of either would be its last.
	int last_target;
	int8_t last_kind;
	bool pocketed;
} bs_ball;

_Static_assert(sizeof(bs_ball) == 64, "bs_ball is one cache line; move new fields that prediction does not read to bs_ball_cold");

/// What only the events of a ball read, apart from its hot state. (A
/// pocketed ball keeps its pocket and the time it dropped as its last
/// contact and its anchor: it never moves again.)
typedef struct bs_ball_cold {
	double mass;                ///< kg
	double last_collision_time; ///< for the elastic window (s)
	double arrival_speed;       ///< speed before the event that placed the ball at pos (m/s; 0: none)
} bs_ball_cold;

/// What pool physics adds to a ball, apart from the hot line (the ideal
/// model never reads it). Like the hot line it holds at the ball's own
/// `time`, the start of its present state of motion: every change of
/// state is an event of the ball. What a pair's prediction reads of the
/// other ball is one cache line (the array is 64-byte aligned); the
/// angular velocity, which only the ball's own events read, is apart
/// (bs_world.omega).
typedef struct bs_ball_spin {
	/// A box (m) holding the whole ball all through this state, a little
	/// wider than exact: two balls whose boxes are apart cannot meet before
	/// either changes state, which turns away most pairs before any root.
	/// With the grid, the box of its filing (swept_grid.h): two balls whose
	/// boxes are apart cannot meet before either is filed again.
	bs_vec2 box_lo;
	bs_vec2 box_hi;
	bs_vec2 acc;    ///< the centre's constant acceleration in this state (m/s^2)
	double until;   ///< when this state ends (s, absolute); INFINITY when stationary
	int8_t motion;  ///< bs_motion_state
	int8_t ending;  ///< the event kind that ends the state (BS_EVENT_SLIDE_ROLL ...), or BS_EVENT_NONE
} bs_ball_spin;

_Static_assert(sizeof(bs_ball_spin) <= 64, "what a pair reads of a pool ball is one cache line");

struct bs_world {
	bs_table table;
	bs_vec2 cushion_normals[BS_MAX_CUSHIONS]; ///< bs_segment_normal of each cushion, worked out once
	double time;
	double ball_restitution;
	double cushion_restitution;
	double elastic_window;
	double rest_speed;
	const bs_physics_ops* physics; ///< chosen once, at creation (bs_physics_ops_of)
	bs_pool_def pool;
	bs_cloth cloth; ///< pool physics: from `pool`

	int ball_count;
	bs_ball* balls;      ///< hot state, 64-byte aligned
	bs_ball_cold* cold;  ///< cold[i] goes with balls[i]
	bs_ball_spin* spin;  ///< pool physics' own: spin[i] goes with balls[i], 64-byte aligned
	bs_vec3* omega;      ///< pool physics' own: ball i's angular velocity at its time (rad/s)
	/// Each ball's bs_ball_kind, by def index: apart from every array the
	/// events touch, since only the accessors read it.
	uint8_t* kinds;
	bs_event_queue queue; ///< one slot per ball (storage index): its earliest predicted event

	int reported_pending; ///< slots holding an event of a reported kind (not a cell crossing)
	bs_event last_event;
	int64_t event_count;
	int64_t kind_counts[BS_EVENT_KIND_COUNT];
	double pocketed_energy;

	/// Storage indices sorted by id, for bs_world_find_ball in O(log N).
	int* by_id;
	/// The storage index of each def index, and the def index of each storage
	/// index; both NULL when the balls are stored as given.
	int* storage_of_def;
	int* def_of_storage;

	bool reached_time_limit; ///< an event was left untaken for lying beyond BS_MAX_TIME
	int64_t crossing_count; ///< cell crossings taken (internal events)
	int64_t crossings_without_event; ///< since the last event: when to search for the next directly
	bool meeting_known;              ///< next_meeting holds the search's answer since the last event
	bs_meeting next_meeting;         ///< periodic tables: the earliest meeting (physics.h, bs_grid_ops)
	int64_t stale_count;    ///< stale predictions met at the head of the queue

	bool use_grid; ///< the grid of centres, `grid`, with cell crossings (straight paths; always on a periodic table)
	bool scan_all; ///< prediction examines every ball, not only the grid's neighbours (the reference path)
	bool cull_pockets; ///< look at a pocket's obstacles only when a path passes near (off for the reference path)
	/// Pairs displaced by more than this squared (m^2) are solved from their
	/// closest approach (bs_toi_image): the box's diagonal squared on a
	/// periodic table, INFINITY on a walled one.
	double far_distance2;
	bs_grid grid;
	/// Curved paths with the grid (not scan_all): every ball filed under the
	/// cells its path sweeps (swept_grid.h).
	bs_swept_grid swept;
};

/// Position of a ball at `time` by exact straight-line extrapolation (on a
/// periodic table, possibly outside the box: callers wrap or take the nearest
/// image).
static inline bs_vec2 bs_ball_position_at(const bs_ball* ball, double time) {
	return bs_v2_mad(ball->pos, time - ball->time, ball->vel);
}

/// Ball `index`'s motion at `time` (s, at or after its own time), under
/// the world's physics.
static inline bs_ball_motion bs_world_motion_at(const bs_world* world, int index, double time) {
	return world->physics->motion_of(&world->balls[index], world->spin ? &world->spin[index] : NULL,
		world->omega ? &world->omega[index] : NULL, &world->cloth, time);
}

/// What bs_world_ball_state reports at `time` (s, at or after the ball's
/// own time) for a ball stored as `ball`, `spin` and `omega` (NULL where the
/// physics keeps none) of mass `mass` (kg), on `table` and `cloth` under
/// `physics`, of kind `kind`: for a world's own ball, or a copy of one (a
/// trajectory's), the same bits.
bs_ball_state bs_ball_state_of(const bs_physics_ops* physics, const bs_table* table, const bs_cloth* cloth,
	const bs_ball* ball, const bs_ball_spin* spin, const bs_vec3* omega, double mass, bs_ball_kind kind, double time);

/// Whether balls a and b (at storage indices a_index and b_index) were
/// resolved against each other by their last events: both name the other
/// as their last contact. Under ideal physics such a pair separates by
/// construction and is not examined again until one has another event;
/// under pool physics only while their contact rests
/// (bs_pool_last_contact_parting).
static inline bool bs_balls_just_resolved(const bs_ball* a, int a_index, const bs_ball* b, int b_index) {
	return a->last_kind == BS_EVENT_BALL && b->last_kind == BS_EVENT_BALL && a->last_target == b_index &&
		b->last_target == a_index;
}

/// The storage index of the ball at `def_index` in the def.
static inline int bs_world_storage_index(const bs_world* world, int def_index) {
	return world->storage_of_def ? world->storage_of_def[def_index] : def_index;
}

/// The def index of the ball stored at `index`.
static inline int bs_world_def_index(const bs_world* world, int index) {
	return world->def_of_storage ? world->def_of_storage[index] : index;
}

/// Starts `balls` (bs_world_ball_count entries, in def order) at `time`
/// (s) in a world whose run state is empty, a new world's or one cleared
/// by bs_world_reset: stores each ball fresh, restores the saved anchors,
/// files the balls in the grid of centres and predicts each one's first
/// event. The storage order and the index by id must hold for these balls.
/// One path for creation and reset, so that both start the same bits.
void bs_world_start(bs_world* world, const bs_ball_def* balls, double time);

/// The storage index of the ball with this id, or -1. O(log N).
int bs_world_storage_of_id(const bs_world* world, int id);

/// bs_world_validate, telling the two ways it fails apart: false with
/// *out_of_memory set when it could not get the memory to look (the state
/// may well be valid), false with it clear when the state is not valid.
bool bs_world_validate_state(const bs_world* world, char* dest, size_t dest_size, bool* out_of_memory);

#endif
