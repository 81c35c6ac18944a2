// breakshot: resolving one event (world_resolve.c).
#ifndef BREAKSHOT_WORLD_RESOLVE_H
#define BREAKSHOT_WORLD_RESOLVE_H

#include <math.h>

#include "world_internal.h"

/// Resolves ball `index`'s event of `kind` against `target` (the partner's
/// storage index, or the cushion, jaw or pocket index) at the world's time,
/// and writes its record into `record`. Does not predict.
void bs_world_resolve(bs_world* world, int index, int kind, int target, bs_event* record);

/// bs_world_resolve under pool physics (world_resolve_pool.c), after the
/// record's kind, time and ids are filled in.
void bs_world_resolve_pool(bs_world* world, int index, int kind, int target, bs_event* record);

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
