// breakshot: resolving one event (world_resolve.c).
#ifndef BREAKSHOT_WORLD_RESOLVE_H
#define BREAKSHOT_WORLD_RESOLVE_H

#include "world_internal.h"

/// Resolves ball `index`'s event of `kind` against `target` (the partner's
/// storage index, or the cushion, jaw or pocket index) at the world's time,
/// and writes its record into `record`. Does not predict.
void bs_world_resolve(bs_world* world, int index, int kind, int target, bs_event* record);

#endif
