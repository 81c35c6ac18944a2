// breakshot: resolving one event (world_resolve.c): what every physics
// shares, around the contact responses each physics has of its own
// (physics.h).
#ifndef BREAKSHOT_WORLD_RESOLVE_H
#define BREAKSHOT_WORLD_RESOLVE_H

#include <math.h>

#include "world_internal.h"

/// Resolves ball `index`'s event of `kind` against `target` (the partner's
/// storage index, or the cushion, jaw or pocket index) at the world's time,
/// and writes its record into `record`. Does not predict.
void bs_world_resolve(bs_world* world, int index, int kind, int target, bs_event* record);

/// Anchors ball `index` at `time` (s), at `pos` (m; wrapped into the box on
/// a periodic table, filed under its cell with the grid) moving at `vel`
/// (m/s), where its present motion has brought it; the speed it arrives at
/// is kept, as the new position carries the rounding of `time` at that
/// speed. Each physics works out `pos` and `vel` its own way (and inline:
/// this runs twice for every collision), then anchors the ball here. A
/// physics with state beyond the velocity (pool's spin) begins it again
/// before anything reads it: until then that state still holds at the
/// ball's old time.
static inline void bs_world_anchor_at(bs_world* world, int index, double time, bs_vec2 pos, bs_vec2 vel) {
	bs_ball* ball = &world->balls[index];
	world->cold[index].arrival_speed = bs_v2_len(vel);
	ball->pos = bs_table_wrap(&world->table, pos);
	ball->time = time;
	ball->vel = vel;
	if (world->use_grid) {
		bs_grid_place(&world->grid, index, ball->pos);
	}
}

/// Moves ball `index` to `time` (s) along its present motion, whatever the
/// physics, and anchors it there (bs_world_anchor_at). Returns its motion
/// at `time`.
bs_ball_motion bs_world_move_to(bs_world* world, int index, double time);

/// Ball `index`'s contact with a cushion or jaw (`kind`, `target`), at its
/// anchor: the normal points from the obstacle towards the ball.
bs_obstacle_contact bs_world_obstacle_contact(const bs_world* world, int index, int kind, int target);

/// Fills in a ball pair's record: the ids of `a` (the lower) and `b`, the
/// size of the normal impulse (N s), the unit normal `n` from a towards b
/// and the contact point on a's surface.
static inline void bs_world_record_pair(bs_event* record, const bs_ball* a, const bs_ball* b, double impulse, bs_vec2 n) {
	record->a = a->id;
	record->b = b->id;
	record->impulse = fabs(impulse);
	record->normal = n;
	record->point = bs_v2_mad(a->pos, a->radius, n);
}

/// Counts an event for ball `index` (so that predictions against it go
/// stale) and records it as its last contact: `kind` and `target` (the
/// partner's storage index, the obstacle's index, or -1). A collision also
/// sets its last collision time, `now` (s).
void bs_world_mark(bs_world* world, int index, int kind, int target, double now);

#endif
