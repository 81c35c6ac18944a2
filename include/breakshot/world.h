// breakshot: the public API of the exact event-driven simulator.
//
// A world holds balls on a table; their centres move in the table's plane.
// Between two events of a ball its motion has a closed form, so its state at
// any time is exact:
// - under ideal physics (bs_default_world_def's) the balls are frictionless
//   discs, and each moves in a straight line at constant velocity;
// - under pool physics (BS_PHYSICS_POOL, see pool.h) a ball slides, rolls,
//   spins in place or stands still, and each change of state is an event.
//   Within a state its acceleration is constant: its centre follows a
//   parabola, or a straight line when the acceleration lies along the
//   velocity (always while it rolls); its velocity and horizontal spin
//   change linearly in time, and its vertical spin decays linearly to zero.
//   docs/pool.md derives the motion.
// The world keeps one pending event per ball in a priority queue; stepping
// jumps to the earliest one, resolves it and re-predicts only for the balls
// involved.
//
// Units are SI throughout: metres, seconds, kilograms, newton-seconds.
// The world owns all its memory. Nothing here calls back into user code: read
// what happened with bs_world_last_event() after a step.
#ifndef BREAKSHOT_WORLD_H
#define BREAKSHOT_WORLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <breakshot/api.h>
#include <breakshot/pool.h>
#include <breakshot/table.h>
#include <breakshot/vec2.h>
#include <breakshot/vec3.h>

/// Default ball radius (m): a 2 1/4 in pool ball.
#define BS_DEFAULT_RADIUS 0.028575
/// Default ball mass (kg).
#define BS_DEFAULT_MASS 0.17
/// Default elastic window (s), about the contact time of two pool balls: see
/// bs_world_def.elastic_window. It matters only when a restitution is below 1.
#define BS_DEFAULT_ELASTIC_WINDOW 1e-4
/// Default rest speed (m/s): see bs_world_def.rest_speed. A pool ball at
/// 1 mm/s is at rest for any player; slower, a frictionless run would crawl
/// on for days of simulated time.
#define BS_DEFAULT_REST_SPEED 1e-3
/// Largest |time| accepted (s), for a def's start time, its anchors and the
/// world's events: 2^14 s, about four and a half hours. Times are absolute
/// doubles, so a time t carries up to ulp(t) of rounding, which places a
/// ball moving at v about v ulp(t) from where exact arithmetic would: at
/// 2^14 s that is 4e-12 m at 1 m/s. A world takes no event after this time.
#define BS_MAX_TIME 16384.0
/// Relative tolerance of a contact: balls closer than (1 - this) times their
/// radius sum overlap, and a saved contact must touch to within this. It
/// covers the rounding of contact positions found by the engine.
#define BS_CONTACT_TOLERANCE 1e-9
/// Largest table side and ball radius accepted (m): beyond it the arithmetic
/// of a pool simulator means nothing.
#define BS_MAX_LENGTH 1e4
/// Smallest ball radius accepted (m).
#define BS_MIN_RADIUS 1e-6
/// Largest speed accepted (m/s).
#define BS_MAX_SPEED 1e4
/// Smallest ball mass accepted (kg).
#define BS_MIN_MASS 1e-9
/// Largest ball mass accepted (kg).
#define BS_MAX_MASS 1e9
/// Most balls a world holds.
#define BS_MAX_BALLS 10000000

/// What an event is. The numeric order is the documented tie order: events at
/// exactly the same time are taken by kind first, then by `a`, then by `b`.
typedef enum bs_event_kind {
	BS_EVENT_BALL = 0,    ///< two balls collide; a < b are their ids
	BS_EVENT_CUSHION = 1, ///< a ball meets a cushion segment; a is its id, b the segment index
	BS_EVENT_JAW = 2,     ///< a ball meets a jaw (a point or an arc); a is its id, b the jaw index
	BS_EVENT_POCKET = 3,  ///< a ball's centre enters a pocket; a is its id, b the pocket index
	// The changes of a ball's state of motion under pool physics; a is its
	// id, b is -1.
	BS_EVENT_SLIDE_ROLL = 4, ///< a sliding ball starts rolling
	BS_EVENT_ROLL_SPIN = 5,  ///< a rolling ball stops with vertical spin left, and spins in place
	BS_EVENT_ROLL_STOP = 6,  ///< a rolling ball stops, with no spin left
	BS_EVENT_SPIN_STOP = 7,  ///< a ball spinning in place stops
	BS_EVENT_KIND_COUNT,
	BS_EVENT_NONE = -1 ///< no event (nothing has happened yet, or nothing will)
} bs_event_kind;

/// The lower-case name of a kind: "ball", "cushion", "jaw", "pocket",
/// "slide_roll", "roll_spin", "roll_stop", "spin_stop" (or "none").
BS_API const char* bs_event_kind_name(bs_event_kind kind);

/// The record of one event.
typedef struct bs_event {
	bs_event_kind kind; ///< what happened
	double time;    ///< absolute simulated time of the event (s)
	int a;          ///< ball id (the lower id for BS_EVENT_BALL)
	int b;          ///< the other ball's id, or the cushion, jaw or pocket index
	double impulse; ///< magnitude of the normal impulse (N s); 0 for a pocket or a change of state
	bs_vec2 point;  ///< contact point (m); for a pocket or a change of state, the ball's centre
	bs_vec2 normal; ///< unit contact normal: from a towards b for two balls, from the obstacle towards the ball otherwise; zero for a change of state
} bs_event;

/// The engine's own record of a saved ball: its last contact (which the
/// engine never examines again while it rests or parts), when it last
/// collided (for the elastic window), and the speed whose rounding its
/// position carries (which the checks of place and contact allow for).
/// Opaque: bs_world_export_balls and the scene reader write it,
/// bs_world_create and bs_world_def_check read it, and bs_default_ball_def
/// sets the record of a ball with no history. Copy it whole; never fill it
/// by hand.
typedef struct bs_anchor_history {
	uint64_t opaque[3];
} bs_anchor_history;

/// Where a ball's motion is anchored inside a world: its own clock, its
/// place and (under pool physics) its velocity, spin and state of motion
/// then, and the engine's history of it. A world keeps one per ball and
/// moves a ball only when an event involves it. Saving the anchor
/// (bs_world_export_balls) and giving it back to a new world makes that
/// world continue the old one bit for bit. Leave `set` false for a new ball.
typedef struct bs_ball_anchor {
	bool set;                   ///< false: the ball starts fresh at the world's start time
	double time;                ///< the ball's own clock (s), in [-BS_MAX_TIME, the world's start time]
	bs_vec2 pos;                ///< the centre at `time` (m)
	bs_anchor_history history;  ///< the engine's record (opaque)
	// Pool physics only (ignored under ideal physics, where the velocity
	// never changes between events and is bs_ball_def.vel): the ball's
	// motion at `time`, from which it moves until the start without an event.
	bs_vec2 vel;            ///< velocity at `time` (m/s)
	bs_vec3 omega;          ///< angular velocity at `time` (rad/s)
	bs_motion_state motion; ///< its state of motion from `time` on
} bs_ball_anchor;

/// What a ball is in its game: how the viewer draws it and how the rules of
/// a game read it. The engine only carries it.
typedef enum bs_ball_kind {
	BS_BALL_NUMBERED = 0,  ///< a pool ball: the cue ball for id 0, otherwise the ball numbered `id` (1-15)
	BS_BALL_SNOOKER_WHITE, ///< snooker's cue ball
	BS_BALL_SNOOKER_RED,   ///< a red (1 point)
	BS_BALL_SNOOKER_YELLOW, ///< the yellow (2 points)
	BS_BALL_SNOOKER_GREEN, ///< the green (3 points)
	BS_BALL_SNOOKER_BROWN, ///< the brown (4 points)
	BS_BALL_SNOOKER_BLUE,  ///< the blue (5 points)
	BS_BALL_SNOOKER_PINK,  ///< the pink (6 points)
	BS_BALL_SNOOKER_BLACK, ///< the black (7 points)
	BS_BALL_CAROM_WHITE,   ///< carom: the first player's cue ball
	BS_BALL_CAROM_YELLOW,  ///< carom: the second player's cue ball
	BS_BALL_CAROM_RED,     ///< carom: the object ball both players share
	BS_BALL_KIND_COUNT
} bs_ball_kind;

/// The name of a kind, as scene files spell it: "numbered", "snooker_white",
/// "snooker_red", ..., "snooker_black", "carom_white", "carom_yellow",
/// "carom_red"; "none" for a value outside the enum.
BS_API const char* bs_ball_kind_name(bs_ball_kind kind);

/// Parses a name from bs_ball_kind_name. Returns false, leaving `dest`
/// untouched, for any other.
BS_API bool bs_ball_kind_from_name(const char* name, bs_ball_kind* dest);

/// Defines a ball. Get one from bs_default_ball_def() and set what differs.
typedef struct bs_ball_def {
	int id;         ///< user id, unique in the world (pool: the ball number, cue = 0)
	bs_vec2 pos;    ///< centre position (m) at the world's start time
	bs_vec2 vel;    ///< velocity (m/s)
	/// angular velocity (rad/s; z up): pool physics only, zero under ideal
	/// physics. A ball rolls forwards along +x with omega.y = v / R.
	bs_vec3 omega;
	double radius;  ///< radius (m), > 0
	double mass;    ///< mass (kg), > 0
	/// what the ball is in its game, one of bs_ball_kind: the world carries
	/// it for the viewer and the rules, and no physics reads it
	bs_ball_kind kind;
	bs_ball_anchor anchor; ///< exact saved state, when continuing a saved world
} bs_ball_def;

/// A numbered ball (BS_BALL_NUMBERED) at rest at the origin with the default
/// radius and mass.
BS_API bs_ball_def bs_default_ball_def(void);

/// How prediction finds the balls a ball may meet.
typedef enum bs_neighbour_search {
	BS_NEIGHBOURS_AUTO = 0, ///< the engine's choice for the size: the cell grid for many balls (when it fits), every ball for few
	BS_NEIGHBOURS_ALL,      ///< every other ball and every obstacle: O(N) per prediction; the reference
	BS_NEIGHBOURS_GRID,     ///< the cell grid whenever the table has room for 3 cells a side (5 when periodic)
} bs_neighbour_search;

/// Which priority queue holds the pending events (one per ball). Both give
/// the same events in the same order; they differ only in speed.
typedef enum bs_queue_kind {
	BS_QUEUE_AUTO = 0,  ///< the faster one for the size: the calendar for many balls, the heap for few (docs/engine.md)
	BS_QUEUE_HEAP,      ///< an indexed binary heap: O(log N) per update
	BS_QUEUE_CALENDAR,  ///< a calendar queue: O(1) per update on average
} bs_queue_kind;

/// The order in which the world stores its balls in memory. It is invisible
/// through this API, which always speaks of a ball by its index in
/// bs_world_def.balls: the events, the states, the totals and the export are
/// the same, bit for bit, whatever the order. Only the speed differs.
typedef enum bs_storage_order {
	BS_ORDER_AUTO = 0,  ///< spatial for worlds that outgrow the caches, when the grid searches neighbours; as given otherwise
	BS_ORDER_AS_GIVEN,  ///< the order of bs_world_def.balls
	BS_ORDER_SPATIAL,   ///< row-major by grid cell (then as given), whenever the world has a grid
} bs_storage_order;

/// Defines a world. Get one from bs_default_world_def() and set what differs.
typedef struct bs_world_def {
	bs_table_def table;         ///< the table; the world works out its geometry (bs_world_table)
	/// What moves the balls: BS_PHYSICS_IDEAL (bs_default_world_def's, on
	/// its plain box) or BS_PHYSICS_POOL, which needs a walled table. A
	/// scene file that names none gets its table's: bs_scene_default_physics.
	bs_physics physics;
	bs_pool_def pool;           ///< the coefficients of pool physics (bs_default_pool_def())
	double time;                ///< start time (s), |time| <= BS_MAX_TIME
	double ball_restitution;    ///< ball-ball coefficient of restitution, in [0, 1]
	double cushion_restitution; ///< ball-cushion (and jaw) coefficient of restitution, in [0, 1]
	/// Inelastic-collapse guard (s): a collision of a ball whose previous
	/// collision was less than this long ago is treated as elastic (the TC
	/// model of Luding and McNamara). Must be > 0 when a restitution is below
	/// 1; 0 is allowed only for ideal elastic worlds, where it changes nothing.
	/// Ideal physics only: pool physics has friction, and its own guard
	/// (docs/pool.md).
	double elastic_window;
	/// Rest speed (m/s), >= 0: after an inelastic collision (one that used a
	/// restitution below 1), a ball left slower than this is stopped. When
	/// only one of two colliding balls stops, the other loses its speed
	/// towards it, so that the pair still does not approach. Without
	/// friction, inelastic collisions slow balls geometrically but never to
	/// zero; this ends that tail. Elastic collisions never stop a ball.
	/// Ideal physics only: under pool physics friction stops the balls.
	double rest_speed;
	const bs_ball_def* balls; ///< the balls; the world copies them
	int ball_count;           ///< number of balls, in [0, BS_MAX_BALLS]
	/// Which pairs prediction examines. It changes only which pairs are looked
	/// at, never the arithmetic: every choice gives the same events, bit for bit.
	bs_neighbour_search neighbour_search;
	/// Which event queue to use; every choice gives the same events.
	bs_queue_kind queue;
	/// Where the balls sit in memory; every choice gives the same events.
	bs_storage_order order;
} bs_world_def;

/// A 2.54 m x 1.27 m plain table, ideal physics, ideal elastic restitution,
/// the default elastic window, time 0, no balls; its `pool` holds
/// bs_default_pool_def().
BS_API bs_world_def bs_default_world_def(void);

/// bs_default_world_def() with pool physics and pool restitutions
/// (BS_POOL_BALL_RESTITUTION, BS_POOL_CUSHION_RESTITUTION).
BS_API bs_world_def bs_default_pool_world_def(void);

/// Relative overlap of two balls' radius sum that still counts as touching
/// (rounding in positions computed for exactly touching balls).
#define BS_TOUCH_TOLERANCE 1e-12

/// Why a world def cannot be simulated. bs_world_def_check() reports the
/// first problem it finds, in the order of this enum.
typedef enum bs_def_problem {
	BS_DEF_OK = 0,
	BS_DEF_BAD_TABLE,       ///< a table size is not finite, positive and at most BS_MAX_LENGTH, the table def is not what bs_table_rect, bs_table_preset or bs_table_periodic makes (a preset's own size, pockets only with a preset, none on a periodic box), or a periodic table is not more than 5 of its largest ball diameters a side
	BS_DEF_BAD_NUMBER,      ///< a time, restitution, elastic window, rest speed or ball count is not finite or out of range, or a choice (neighbour search, queue, order) is not one of its enum's
	BS_DEF_BAD_BALL,        ///< a ball's radius, mass or speed is out of range, its kind not a bs_ball_kind, a position not finite, or the kinetic energy, given all to the lightest ball, would make it faster than BS_MAX_SPEED
	BS_DEF_DUPLICATE_ID,    ///< two balls share an id
	BS_DEF_OUTSIDE_TABLE,   ///< a ball's centre is not where a centre can be: inside the cushion noses or a pocket's throat, a radius from every cushion and jaw (r + its radius from a rounded jaw's centre; to BS_TOUCH_TOLERANCE of it, or BS_CONTACT_TOLERANCE for a ball with a saved anchor), outside the capture circles
	BS_DEF_BAD_ANCHOR,      ///< a saved anchor is later than the start or before -BS_MAX_TIME, disagrees with pos, leads to it through a cushion, or names a last contact that does not exist, did not touch the ball at the anchor time, or that the ball moves into (two balls naming each other must share the anchor time and not approach)
	BS_DEF_OVERLAP,         ///< two balls overlap by more than BS_TOUCH_TOLERANCE of their radius sum (BS_CONTACT_TOLERANCE when both have a saved anchor)
	BS_DEF_OUT_OF_MEMORY,   ///< memory ran out while checking; the def itself may be valid
} bs_def_problem;

/// The result of bs_world_def_check().
typedef struct bs_def_report {
	bs_def_problem problem; ///< the first problem found, or BS_DEF_OK
	int ball_index;  ///< index in def->balls of the offending ball, or -1
	int other_index; ///< index of the second ball (duplicate id, overlap), or -1
	char message[256]; ///< one human-readable sentence, naming ball ids
} bs_def_report;

/// Checks that a def describes a valid state. O(N log N) for spread-out balls.
/// Returns true when it does; otherwise fills `dest` and returns false.
BS_API bool bs_world_def_check(const bs_world_def* def, bs_def_report* dest);

/// Whether a table is large enough for balls up to this diameter (m), as
/// bs_world_def_check requires: always on a walled table; on a periodic one,
/// each side must exceed 5 diameters, so that two balls meet only as nearest
/// images.
BS_API bool bs_table_fits_diameter(const bs_table_def* table, double diameter);

/// The world: opaque, owned by the caller through create/destroy.
typedef struct bs_world bs_world;

/// Creates a world. The def must pass bs_world_def_check() (asserted in debug
/// builds). Returns NULL only when memory runs out.
BS_API bs_world* bs_world_create(const bs_world_def* def);

/// How a world runs inside: for benchmarks and diagnostics. None of it
/// changes the events.
typedef struct bs_world_counters {
	bool uses_grid;          ///< prediction searches neighbours with the cell grid (under pool physics, the swept grid)
	bs_queue_kind queue;     ///< the queue in use: BS_QUEUE_HEAP or BS_QUEUE_CALENDAR
	bs_storage_order order;  ///< the storage order in use: BS_ORDER_AS_GIVEN or BS_ORDER_SPATIAL
	double bytes_per_ball;   ///< bytes of memory the world holds per ball, everything included
	int64_t cell_crossings;  ///< internal events: a ball's centre left its grid cell (under pool physics: a ball's span in the swept grid ended)
	int64_t stale_events;    ///< predictions found stale at the head of the queue and made again
} bs_world_counters;

/// The world's counters.
BS_API bs_world_counters bs_world_get_counters(const bs_world* world);

/// Destroys a world and frees all its memory. Accepts NULL.
BS_API void bs_world_destroy(bs_world* world);

/// Puts `world` back to a fresh start at `time` (s) with `balls` (`count`
/// entries, in the def order the world was created with), in its own
/// memory: afterwards it behaves exactly as bs_world_create of its def with
/// these balls and this start time would, bit for bit (events, states,
/// totals, export, event counts and counters), and nothing of the run
/// before is left. For searches that run many shots on one set of balls:
/// change positions, velocities, spins, states of motion and anchors, and
/// reset instead of creating a world per shot. Allocates nothing (but for
/// the def check of debug builds) and takes O(N) time, the cells of its
/// grid included.
///
/// The balls must be the world's own set: `count` equal to
/// bs_world_ball_count(), and balls[d] with the id and, to the bit, the
/// radius of the world's ball d (the grid's cells were cut for the radii).
/// Otherwise it returns false and changes nothing: the world goes on as it
/// was. Masses and kinds are taken from `balls`. A saved anchor
/// (anchor.set) is restored as bs_world_create restores it, so a world
/// reset to what bs_world_export_balls wrote continues that run bit for bit
/// (the export leaves out pocketed balls: once one is pocketed, the export
/// is no longer the whole set). Everything else stays as created: the
/// table, the physics and its coefficients, the restitutions, the elastic
/// window, the rest speed, the neighbour search, the queue, and the storage
/// order, which changes no event (bs_storage_order). The balls and `time`
/// must make, with the rest of the world's def, one that passes
/// bs_world_def_check (asserted in debug builds, as bs_world_create
/// asserts). A trajectory (trajectory.h) made of the world before a reset
/// does not follow it after.
BS_API bool bs_world_reset(bs_world* world, const bs_ball_def* balls, int count, double time);

/// The current simulated time (s).
BS_API double bs_world_time(const bs_world* world);

/// The geometry the world works out from its def's table (read it with the
/// bs_table_* functions; bs_table_get_def gives the def back). The world
/// owns it: valid until bs_world_destroy.
BS_API const bs_table* bs_world_table(const bs_world* world);

/// The ball-ball restitution in use.
BS_API double bs_world_ball_restitution(const bs_world* world);

/// The ball-cushion (and jaw) restitution in use.
BS_API double bs_world_cushion_restitution(const bs_world* world);

/// The elastic window in use (s): see bs_world_def.elastic_window.
BS_API double bs_world_elastic_window(const bs_world* world);

/// The rest speed in use (m/s): see bs_world_def.rest_speed.
BS_API double bs_world_rest_speed(const bs_world* world);

/// The physics the world was made with.
BS_API bs_physics bs_world_physics(const bs_world* world);

/// The coefficients of pool physics the world was made with (those of its
/// def, also under ideal physics, where they are unused).
BS_API const bs_pool_def* bs_world_pool(const bs_world* world);

/// Finds the next event without processing it. Returns false when no event
/// remains before BS_MAX_TIME: every ball at rest or pocketed, or, on a
/// periodic table, no two balls ever meeting again as any images (all
/// moving in parallel, or each relative path closing on itself without a
/// contact). A meeting any number of wraps ahead is found directly, at a
/// cost that does not grow with the wraps. The impulse, point and normal of
/// the result are not yet known and are left 0.
BS_API bool bs_world_peek(bs_world* world, bs_event* dest);

/// bs_world_peek limited to events at or before `time` (s): false when none
/// is.
BS_API bool bs_world_peek_until(bs_world* world, double time, bs_event* dest);

/// Processes exactly one event and makes it the last event. Returns false,
/// changing nothing, when no event remains, none is in sight (see
/// bs_world_peek), or the next lies beyond BS_MAX_TIME
/// (bs_world_reached_time_limit).
BS_API bool bs_world_step(bs_world* world);

/// Whether peek, step or advance has left an event untaken because it lies
/// beyond BS_MAX_TIME: the world then ends there, with events still to come.
BS_API bool bs_world_reached_time_limit(const bs_world* world);

/// Processes every event with a time <= `time` (s; beyond BS_MAX_TIME, taken
/// as BS_MAX_TIME), then sets the world's time to `time`. A `time` before the
/// current time changes nothing (and asserts in debug builds). Returns the
/// number of events processed. Stops early after `max_events` events (when
/// > 0), leaving the time at the last processed event.
BS_API int64_t bs_world_advance(bs_world* world, double time, int64_t max_events);

/// The last processed event, or one of kind BS_EVENT_NONE before the first.
BS_API bs_event bs_world_last_event(const bs_world* world);

/// Number of events processed so far (cell crossings, which are internal,
/// not included).
BS_API int64_t bs_world_event_count(const bs_world* world);

/// Number of events of one kind processed so far.
BS_API int64_t bs_world_event_count_of(const bs_world* world, bs_event_kind kind);

/// A ball's state at one instant.
typedef struct bs_ball_state {
	int id;         ///< the ball's id
	bs_vec2 pos;    ///< centre (m)
	bs_vec2 vel;    ///< velocity (m/s)
	bs_vec3 omega;  ///< angular velocity (rad/s); zero under ideal physics
	bs_motion_state motion; ///< its state of motion
	bs_ball_kind kind; ///< what the ball is in its game (bs_ball_def.kind)
	double radius;  ///< m
	double mass;    ///< kg
	bool pocketed;  ///< true once the ball has left the table into a pocket
	int pocket;     ///< the pocket's index, or -1
	double pocket_time; ///< when it was pocketed (s)
} bs_ball_state;

/// Number of balls the world was made with (pocketed ones included).
BS_API int bs_world_ball_count(const bs_world* world);

/// What ball `index` (its index in bs_world_def.balls) is in its game: the
/// kind its def gave it, for ever.
BS_API bs_ball_kind bs_world_ball_kind(const bs_world* world, int index);

/// The index of the ball with this id in bs_world_def.balls, or -1. O(log N).
BS_API int bs_world_find_ball(const bs_world* world, int id);

/// The state of ball `index` (its index in bs_world_def.balls, whatever the
/// storage order) at `time` (s), by exact extrapolation from its last event:
/// along a straight line under ideal physics, by the closed form of its state
/// of motion (pool.h) under pool physics. `time` should be at or after the
/// current time; the answer is exact from the ball's last event up to the
/// next event. A pocketed ball keeps its position at capture and reports
/// zero velocity. Earlier times are gone: a trajectory (trajectory.h) that
/// records the run keeps them.
BS_API bs_ball_state bs_world_ball_state(const bs_world* world, int index, double time);

/// Totals over the balls on the table at the current time.
typedef struct bs_totals {
	double kinetic_energy; ///< J: translational and rotational
	double translational_energy; ///< J: 1/2 m v^2 summed
	double rotational_energy;    ///< J: 1/2 I w^2 summed, I = 2/5 m R^2 (zero under ideal physics)
	bs_vec2 momentum;      ///< kg m/s
	int balls_on_table;    ///< balls not pocketed
	double pocketed_energy; ///< kinetic energy carried into the pockets (J)
} bs_totals;

/// Sums energy and momentum over the balls on the table, in def order
/// (deterministic, whatever the storage order). O(N).
BS_API bs_totals bs_world_totals(const bs_world* world);

/// Writes the balls as defs at the current time (pocketed balls skipped), in
/// def order, into `dest`, which must hold bs_world_ball_count() entries, each
/// with its anchor set so that a world made from them continues this one
/// exactly. Returns how many.
BS_API int bs_world_export_balls(const bs_world* world, bs_ball_def* dest);

/// Walks the whole state: no two balls on the table overlap (beyond 1e-9 of
/// their radius sum), every ball is inside the table, the last collision
/// happened at contact (to 1e-9 of the radius and the rounding of its time at
/// the speeds before it), the queue is ordered and
/// no pending event lies in the past. O(N) for spread-out balls (it builds its own
/// grid and trusts none of the world's): for tests and debug builds.
/// Returns true when all holds; otherwise writes one sentence to `dest`.
BS_API bool bs_world_validate(const bs_world* world, char* dest, size_t dest_size);

#endif
