// breakshot: what a saved ball's anchor keeps for the engine alone
// (bs_anchor_history, opaque in the public API). The engine, the scene
// reader and writer, and the tests read and write it through these.
#ifndef BREAKSHOT_ANCHOR_HISTORY_H
#define BREAKSHOT_ANCHOR_HISTORY_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include <breakshot/world.h>

/// The fields behind bs_anchor_history.
typedef struct bs_history {
	/// When the ball last collided (s), for the elastic window; -INFINITY if never.
	double last_collision_time;
	/// Its speed (m/s) before the event that placed it at the anchor, in [0,
	/// BS_MAX_SPEED]; 0 when none. The position carries the rounding of that
	/// event's time at that speed, which a collision that stopped the ball no
	/// longer shows: the checks of place and contact allow for it.
	double arrival_speed;
	/// The ball's last contact (a bs_event_kind), or BS_EVENT_NONE.
	int32_t last_kind;
	/// The other ball's id, or the cushion or jaw index; -1 with none.
	int32_t last_target;
} bs_history;

_Static_assert(sizeof(bs_history) == sizeof(bs_anchor_history) && _Alignof(bs_history) <= _Alignof(bs_anchor_history),
	"bs_anchor_history holds a bs_history");

/// A ball with no history: no last contact, never collided, no arrival.
static inline bs_history bs_history_none(void) {
	bs_history none = {-INFINITY, 0.0, BS_EVENT_NONE, -1};
	return none;
}

static inline bs_history bs_history_of(const bs_ball_anchor* anchor) {
	bs_history history;
	memcpy(&history, &anchor->history, sizeof history);
	return history;
}

static inline void bs_history_set(bs_ball_anchor* anchor, bs_history history) {
	memcpy(&anchor->history, &history, sizeof history);
}

#endif
