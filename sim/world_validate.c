// breakshot: validation, a walk over the whole state that trusts none of the
// world's bookkeeping.
#include "world_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "alloc.h"
#include "placement.h"

// ---------------------------------------------------------------------------
// Validation

static double rounding_speed(const bs_world* world, int i) {
	return bs_rounding_speed(world->balls[i].vel, world->cold[i].arrival_speed);
}

// Whether the last event happened at contact: the two balls of a ball event
// touch, and so does the ball of a cushion or jaw event and its obstacle, to
// the slack of a found contact. A collision resolved between balls apart
// would conserve energy and leave no overlap, yet be wrong.
static bool last_event_at_contact(const bs_world* world, char* dest, size_t dest_size) {
	bs_event e = world->last_event;
	if (e.kind != BS_EVENT_BALL && e.kind != BS_EVENT_CUSHION && e.kind != BS_EVENT_JAW) {
		return true;
	}
	int i = bs_world_storage_index(world, bs_world_find_ball(world, e.a));
	const bs_ball* a = &world->balls[i];
	bs_vec2 pa = bs_world_motion_at(world, i, e.time).pos;
	double speeds = rounding_speed(world, i);
	double gap;
	double sigma;
	if (e.kind == BS_EVENT_BALL) {
		int j = bs_world_storage_index(world, bs_world_find_ball(world, e.b));
		const bs_ball* b = &world->balls[j];
		sigma = a->radius + b->radius;
		bs_vec2 d = bs_table_nearest(&world->table, bs_v2_sub(bs_world_motion_at(world, j, e.time).pos, pa));
		gap = fabs(bs_v2_len(d) - sigma);
		speeds += rounding_speed(world, j);
	} else {
		sigma = bs_obstacle_sigma(&world->table, e.kind, e.b, a->radius);
		gap = bs_obstacle_gap(&world->table, e.kind, e.b, pa, a->radius);
	}
	if (gap <= bs_found_contact_slack(&world->table, sigma, e.time, speeds)) {
		return true;
	}
	const char* kind = bs_event_kind_name(e.kind);
	snprintf(dest, dest_size, "the %s event at t = %.17g is %.3g m from contact (ball %d and %s %d)", kind, e.time,
		gap, e.a, kind, e.b);
	return false;
}

bool bs_world_validate(const bs_world* world, char* dest, size_t dest_size) {
	bool out_of_memory;
	return bs_world_validate_state(world, dest, dest_size, &out_of_memory);
}

bool bs_world_validate_state(const bs_world* world, char* dest, size_t dest_size, bool* out_of_memory) {
	*out_of_memory = false;
	double now = world->time;
	int n = world->ball_count;
	bs_vec2* pos = bs_malloc((size_t)(n > 0 ? n : 1) * sizeof *pos);
	double* radius = bs_malloc((size_t)(n > 0 ? n : 1) * sizeof *radius);
	int* index = bs_malloc((size_t)(n > 0 ? n : 1) * sizeof *index);
	if (!pos || !radius || !index) {
		bs_free(pos);
		bs_free(radius);
		bs_free(index);
		snprintf(dest, dest_size, "out of memory while validating");
		*out_of_memory = true;
		return false;
	}
	int on_table = 0;
	bool ok = true;
	double max_speed = 0.0;
	for (int i = 0; i < n; ++i) {
		double speed = world->balls[i].pocketed ? 0.0 : rounding_speed(world, i);
		max_speed = speed > max_speed ? speed : max_speed;
	}
	for (int i = 0; i < n && ok; ++i) {
		const bs_ball* a = &world->balls[i];
		if (a->pocketed) {
			// Its pocket and the time it dropped are its last contact and anchor.
			if (a->last_kind != BS_EVENT_POCKET || a->last_target < 0 || a->last_target >= world->table.pocket_count ||
				a->time > now) {
				snprintf(dest, dest_size, "pocketed ball %d does not keep its pocket as its last contact", a->id);
				ok = false;
			}
			continue;
		}
		bs_vec2 pa = bs_table_wrap(&world->table, bs_world_motion_at(world, i, now).pos);
		if (a->time > now) {
			snprintf(dest, dest_size, "ball %d was updated at %.17g, after the world time %.17g", a->id, a->time, now);
			ok = false;
		} else if (world->physics->state_until(world, i) < now) {
			snprintf(dest, dest_size, "ball %d's state of motion ended at %.17g, before the world time %.17g", a->id,
				world->physics->state_until(world, i), now);
			ok = false;
		} else if (!bs_ball_inside_table(&world->table, pa, a->radius, BS_CONTACT_TOLERANCE, bs_contact_slack(&world->table, now, rounding_speed(world, i)))) {
			snprintf(dest, dest_size, "ball %d at (%.17g, %.17g) has left the table at t = %.17g", a->id, pa.x, pa.y, now);
			ok = false;
		}
		pos[on_table] = pa;
		radius[on_table] = a->radius;
		index[on_table++] = i;
	}
	int first = -1, second = -1;
	if (ok && !bs_find_close_pair(&world->table, pos, radius, NULL, on_table, BS_CONTACT_TOLERANCE, 2.0 * bs_contact_slack(&world->table, now, max_speed),
				  &first, &second)) {
		snprintf(dest, dest_size, "out of memory while validating");
		*out_of_memory = true;
		ok = false;
	}
	if (ok && first >= 0) {
		const bs_ball* a = &world->balls[index[first]];
		const bs_ball* b = &world->balls[index[second]];
		double distance = bs_v2_len(bs_table_nearest(&world->table, bs_v2_sub(pos[second], pos[first])));
		snprintf(dest, dest_size, "balls %d and %d overlap by %.3g m at t = %.17g", a->id, b->id,
			a->radius + b->radius - distance, now);
		ok = false;
	}
	bs_free(pos);
	bs_free(radius);
	bs_free(index);
	if (!ok) {
		return false;
	}
	if (!last_event_at_contact(world, dest, dest_size)) {
		return false;
	}
	const bs_grid_ops* grid = world->physics->grid;
	if (!world->scan_all && grid->filing_valid && !grid->filing_valid(world, dest, dest_size)) {
		return false;
	}
	if (!bs_event_queue_valid(&world->queue)) {
		snprintf(dest, dest_size, "the event queue is out of order");
		return false;
	}
	int reported = 0;
	for (int slot = 0; slot < world->ball_count; ++slot) {
		if (bs_event_queue_contains(&world->queue, slot) && bs_event_queue_key(&world->queue, slot).time < now) {
			snprintf(dest, dest_size, "ball %d has a pending event at %.17g, before the world time %.17g",
				world->balls[slot].id, bs_event_queue_key(&world->queue, slot).time, now);
			return false;
		}
		int kind = bs_event_queue_pending_kind(&world->queue, slot);
		reported += bs_event_kind_is_reported(kind);
	}
	if (reported != world->reported_pending) {
		snprintf(dest, dest_size, "%d reported events pending, counted as %d", reported, world->reported_pending);
		return false;
	}
	if (dest_size > 0) {
		dest[0] = '\0';
	}
	return true;
}
