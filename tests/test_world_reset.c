// Unit tests: bs_world_reset puts a world that has run back to a fresh
// start that runs exactly as a new world of the same def: the same events,
// states, export, counts and counters, bit for bit, under pool physics
// (struck cue balls among 5 to 16 balls on the 9 ft table) and ideal
// physics (small and large gases, walled and periodic, heap and calendar,
// grid and every pair, as given and in spatial order). Saved anchors
// continue a run; a ball set that is not the world's own is refused and
// leaves the world running as before.
//
// The fast tier (BREAKSHOT_TEST_TIER=fast) runs fewer pool shots, fewer
// events of each gas, and leaves the gases' lattices unmelted.
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rng.h"
#include <breakshot/gas.h>
#include <breakshot/scene.h>
#include <breakshot/world.h>

#include "check.h"
#include "world_helpers.h"
#include "world_internal.h"

enum { MAX_BALLS = 600, MAX_EVENTS = 20000 };

// ---------------------------------------------------------------------------
// Comparing two worlds bit for bit

static bool same_bits(double x, double y) {
	return memcmp(&x, &y, sizeof x) == 0;
}

static bool same_v2_bits(bs_vec2 x, bs_vec2 y) {
	return same_bits(x.x, y.x) && same_bits(x.y, y.y);
}

static bool same_v3_bits(bs_vec3 x, bs_vec3 y) {
	return same_bits(x.x, y.x) && same_bits(x.y, y.y) && same_bits(x.z, y.z);
}

static bool same_event_bits(bs_event x, bs_event y) {
	return x.kind == y.kind && x.a == y.a && x.b == y.b && same_bits(x.time, y.time) &&
		same_bits(x.impulse, y.impulse) && same_v2_bits(x.point, y.point) && same_v2_bits(x.normal, y.normal);
}

// Checks event `index` of two runs (named `what`), printing both in full.
static void check_same_event(const char* what, int index, bs_event x, bs_event y) {
	if (!same_event_bits(x, y)) {
		CHECK_FAIL("%s: event %d differs: %s %d-%d at %a impulse %a point (%a, %a) normal (%a, %a) != "
				   "%s %d-%d at %a impulse %a point (%a, %a) normal (%a, %a)",
			what, index, bs_event_kind_name(x.kind), x.a, x.b, x.time, x.impulse, x.point.x, x.point.y, x.normal.x,
			x.normal.y, bs_event_kind_name(y.kind), y.a, y.b, y.time, y.impulse, y.point.x, y.point.y, y.normal.x,
			y.normal.y);
	}
}

static void check_same_events(const char* what, const bs_event* x, int x_count, const bs_event* y, int y_count) {
	if (x_count != y_count) {
		CHECK_FAIL("%s: %d events != %d", what, x_count, y_count);
	}
	for (int i = 0; i < x_count && i < y_count; ++i) {
		check_same_event(what, i, x[i], y[i]);
	}
}

static bool same_state_bits(bs_ball_state x, bs_ball_state y) {
	return x.id == y.id && same_v2_bits(x.pos, y.pos) && same_v2_bits(x.vel, y.vel) && same_v3_bits(x.omega, y.omega) &&
		x.motion == y.motion && x.kind == y.kind && same_bits(x.radius, y.radius) && same_bits(x.mass, y.mass) &&
		x.pocketed == y.pocketed && x.pocket == y.pocket && same_bits(x.pocket_time, y.pocket_time);
}

static bool same_ball_def_bits(const bs_ball_def* x, const bs_ball_def* y) {
	return x->id == y->id && same_v2_bits(x->pos, y->pos) && same_v2_bits(x->vel, y->vel) &&
		same_v3_bits(x->omega, y->omega) && same_bits(x->radius, y->radius) && same_bits(x->mass, y->mass) &&
		x->kind == y->kind && x->anchor.set == y->anchor.set && same_bits(x->anchor.time, y->anchor.time) &&
		same_v2_bits(x->anchor.pos, y->anchor.pos) &&
		memcmp(&x->anchor.history, &y->anchor.history, sizeof x->anchor.history) == 0 &&
		same_v2_bits(x->anchor.vel, y->anchor.vel) && same_v3_bits(x->anchor.omega, y->anchor.omega) &&
		x->anchor.motion == y->anchor.motion;
}

// Whether both worlds keep their balls in the same storage places, so that
// their queues can be compared slot by slot.
static bool same_storage(const bs_world* x, const bs_world* y) {
	for (int d = 0; d < x->ball_count; ++d) {
		if (bs_world_storage_index(x, d) != bs_world_storage_index(y, d)) {
			return false;
		}
	}
	return true;
}

// What the API does not show of two worlds that store their balls alike:
// the bookkeeping of the loop, the queue's own state and the grids'
// filing, which a reset must leave as a new world has them, list order
// included.
static void check_same_insides(const char* what, const bs_world* x, const bs_world* y) {
	if (x->reported_pending != y->reported_pending || x->crossings_without_event != y->crossings_without_event ||
		x->meeting_known != y->meeting_known ||
		(x->meeting_known &&
			(!same_bits(x->next_meeting.time, y->next_meeting.time) || x->next_meeting.a != y->next_meeting.a ||
				x->next_meeting.b != y->next_meeting.b))) {
		CHECK_FAIL("%s: the loop's bookkeeping (%d reported pending, %lld crossings since an event, meeting known %d) "
				   "!= (%d, %lld, %d)",
			what, x->reported_pending, (long long)x->crossings_without_event, x->meeting_known, y->reported_pending,
			(long long)y->crossings_without_event, y->meeting_known);
	}
	int n = x->ball_count;
	if (x->queue.use_calendar) {
		const bs_calendar_queue* qx = &x->queue.calendar;
		const bs_calendar_queue* qy = &y->queue.calendar;
		if (qx->size != qy->size || qx->overflow != qy->overflow || qx->overflow_size != qy->overflow_size ||
			!same_bits(qx->origin, qy->origin) || !same_bits(qx->width, qy->width) || qx->current != qy->current ||
			qx->cached_top != qy->cached_top) {
			CHECK_FAIL("%s: the calendar (size %d, window from %a by %a, bucket %d) != (size %d, window from %a by %a, "
					   "bucket %d)",
				what, qx->size, qx->origin, qx->width, qx->current, qy->size, qy->origin, qy->width, qy->current);
		}
		for (int i = 0; i < n; ++i) {
			const bs_calendar_entry* ex = &qx->entries[i];
			const bs_calendar_entry* ey = &qy->entries[i];
			if (ex->bucket != ey->bucket || ex->next != ey->next || ex->prev != ey->prev) {
				CHECK_FAIL("%s: calendar slot %d in bucket %d (%d, %d) != bucket %d (%d, %d)", what, i, ex->bucket,
					ex->prev, ex->next, ey->bucket, ey->prev, ey->next);
			}
		}
		for (int b = 0; b < qx->bucket_count; ++b) {
			if (qx->head[b] != qy->head[b]) {
				CHECK_FAIL("%s: calendar bucket %d starts with %d != %d", what, b, qx->head[b], qy->head[b]);
			}
		}
	} else {
		const bs_event_heap* hx = &x->queue.heap;
		const bs_event_heap* hy = &y->queue.heap;
		if (hx->size != hy->size) {
			CHECK_FAIL("%s: the heap holds %d != %d", what, hx->size, hy->size);
		}
		for (int at = 0; at < hx->size && at < hy->size; ++at) {
			if (hx->heap[at].slot != hy->heap[at].slot) {
				CHECK_FAIL("%s: heap place %d holds slot %d != %d", what, at, hx->heap[at].slot, hy->heap[at].slot);
			}
		}
	}
	if (x->use_grid) {
		const bs_grid* gx = &x->grid;
		const bs_grid* gy = &y->grid;
		for (int c = 0; c < gx->nx * gx->ny; ++c) {
			if (gx->head[c] != gy->head[c]) {
				CHECK_FAIL("%s: grid cell %d starts with %d != %d", what, c, gx->head[c], gy->head[c]);
			}
		}
		for (int i = 0; i < n; ++i) {
			if (gx->next[i] != gy->next[i] || gx->where[i].column != gy->where[i].column ||
				gx->where[i].row != gy->where[i].row) {
				CHECK_FAIL("%s: ball %d in the grid at (%lld, %lld), next %d != (%lld, %lld), next %d", what, i,
					(long long)gx->where[i].column, (long long)gx->where[i].row, gx->next[i],
					(long long)gy->where[i].column, (long long)gy->where[i].row, gy->next[i]);
			}
		}
	}
	if (x->swept.filing) {
		const bs_swept_grid* sx = &x->swept;
		const bs_swept_grid* sy = &y->swept;
		for (int c = 0; c < sx->cells.nx * sx->cells.ny; ++c) {
			const bs_swept_cell* cx = &sx->cell[c];
			const bs_swept_cell* cy = &sy->cell[c];
			bool same = cx->count == cy->count && cx->more == cy->more;
			for (int e = 0; same && e < cx->count; ++e) {
				same = cx->entry[e] == cy->entry[e];
			}
			if (!same) {
				CHECK_FAIL("%s: swept cell %d holds %d entries (more %d) != %d (more %d), or others", what, c,
					cx->count, cx->more, cy->count, cy->more);
			}
		}
		for (int e = 0; e < n * BS_SWEPT_ENTRIES; ++e) {
			if (sx->next[e] != sy->next[e]) {
				CHECK_FAIL("%s: swept entry %d's next %d != %d", what, e, sx->next[e], sy->next[e]);
			}
		}
		for (int i = 0; i < n; ++i) {
			const bs_swept_filing* fx = &sx->filing[i];
			const bs_swept_filing* fy = &sy->filing[i];
			if (!same_bits(fx->from, fy->from) || !same_bits(fx->until, fy->until) ||
				fx->span.column != fy->span.column || fx->span.row != fy->span.row ||
				fx->span.columns != fy->span.columns || fx->span.rows != fy->span.rows) {
				CHECK_FAIL("%s: ball %d filed from %a to %a under (%d, %d) + %d x %d != from %a to %a under (%d, %d) + "
						   "%d x %d",
					what, i, fx->from, fx->until, fx->span.column, fx->span.row, fx->span.columns, fx->span.rows,
					fy->from, fy->until, fy->span.column, fy->span.row, fy->span.columns, fy->span.rows);
			}
		}
	}
}

// Everything the API tells of a world, and its queue slot by slot: the same
// bits in both (`what` names the comparison). Without `counted`, only the
// state: not the counts of events and the counters, which a world made
// from a saved state starts again from 0 (and the queue, whose payloads
// hold balls' event counts).
static void check_same_world(const char* what, const bs_world* x, const bs_world* y, bool counted) {
	if (!same_bits(bs_world_time(x), bs_world_time(y))) {
		CHECK_FAIL("%s: time %a != %a", what, bs_world_time(x), bs_world_time(y));
	}
	if (bs_world_ball_count(x) != bs_world_ball_count(y)) {
		CHECK_FAIL("%s: %d balls != %d", what, bs_world_ball_count(x), bs_world_ball_count(y));
		return;
	}
	if (counted && bs_world_event_count(x) != bs_world_event_count(y)) {
		CHECK_FAIL("%s: event count %lld != %lld", what, (long long)bs_world_event_count(x),
			(long long)bs_world_event_count(y));
	}
	for (int k = 0; k < BS_EVENT_KIND_COUNT; ++k) {
		int64_t cx = bs_world_event_count_of(x, (bs_event_kind)k);
		int64_t cy = bs_world_event_count_of(y, (bs_event_kind)k);
		if (counted && cx != cy) {
			CHECK_FAIL("%s: %s events %lld != %lld", what, bs_event_kind_name((bs_event_kind)k), (long long)cx,
				(long long)cy);
		}
	}
	bs_world_counters cx = bs_world_get_counters(x);
	bs_world_counters cy = bs_world_get_counters(y);
	if ((counted && (cx.cell_crossings != cy.cell_crossings || cx.stale_events != cy.stale_events)) ||
		cx.uses_grid != cy.uses_grid || cx.queue != cy.queue || cx.order != cy.order) {
		CHECK_FAIL("%s: counters (crossings %lld, stale %lld, grid %d, queue %d, order %d) != (crossings %lld, stale "
				   "%lld, grid %d, queue %d, order %d)",
			what, (long long)cx.cell_crossings, (long long)cx.stale_events, cx.uses_grid, cx.queue, cx.order,
			(long long)cy.cell_crossings, (long long)cy.stale_events, cy.uses_grid, cy.queue, cy.order);
	}
	if (bs_world_reached_time_limit(x) != bs_world_reached_time_limit(y)) {
		CHECK_FAIL("%s: time limit reached %d != %d", what, bs_world_reached_time_limit(x),
			bs_world_reached_time_limit(y));
	}
	check_same_event(what, -1, bs_world_last_event(x), bs_world_last_event(y));
	double now = bs_world_time(x);
	for (int d = 0; d < bs_world_ball_count(x); ++d) {
		bs_ball_state sx = bs_world_ball_state(x, d, now);
		bs_ball_state sy = bs_world_ball_state(y, d, now);
		if (!same_state_bits(sx, sy)) {
			CHECK_FAIL("%s: ball %d (id %d): at (%a, %a) moving (%a, %a), %s, pocketed %d != at (%a, %a) moving (%a, "
					   "%a), %s, pocketed %d",
				what, d, sx.id, sx.pos.x, sx.pos.y, sx.vel.x, sx.vel.y, bs_motion_state_name(sx.motion), sx.pocketed,
				sy.pos.x, sy.pos.y, sy.vel.x, sy.vel.y, bs_motion_state_name(sy.motion), sy.pocketed);
		}
	}
	bs_totals tx = bs_world_totals(x);
	bs_totals ty = bs_world_totals(y);
	if (!same_bits(tx.kinetic_energy, ty.kinetic_energy) || !same_bits(tx.rotational_energy, ty.rotational_energy) ||
		!same_v2_bits(tx.momentum, ty.momentum) || tx.balls_on_table != ty.balls_on_table ||
		!same_bits(tx.pocketed_energy, ty.pocketed_energy)) {
		CHECK_FAIL("%s: totals (energy %a, pocketed %a, %d on the table) != (energy %a, pocketed %a, %d on the table)",
			what, tx.kinetic_energy, tx.pocketed_energy, tx.balls_on_table, ty.kinetic_energy, ty.pocketed_energy,
			ty.balls_on_table);
	}
	static bs_ball_def ex[MAX_BALLS], ey[MAX_BALLS];
	int nx = bs_world_export_balls(x, ex);
	int ny = bs_world_export_balls(y, ey);
	if (nx != ny) {
		CHECK_FAIL("%s: %d balls exported != %d", what, nx, ny);
	}
	for (int i = 0; i < nx && i < ny; ++i) {
		if (!same_ball_def_bits(&ex[i], &ey[i])) {
			CHECK_FAIL("%s: exported ball %d (id %d) differs: anchor at %a (%a, %a) != (id %d) at %a (%a, %a)", what, i,
				ex[i].id, ex[i].anchor.time, ex[i].anchor.pos.x, ex[i].anchor.pos.y, ey[i].id, ey[i].anchor.time,
				ey[i].anchor.pos.x, ey[i].anchor.pos.y);
		}
	}
	if (!counted || !same_storage(x, y)) {
		return;
	}
	check_same_insides(what, x, y);
	for (int i = 0; i < x->ball_count; ++i) {
		int kx = bs_event_queue_pending_kind(&x->queue, i);
		int ky = bs_event_queue_pending_kind(&y->queue, i);
		if (kx != ky) {
			CHECK_FAIL("%s: queue slot %d holds kind %d != %d", what, i, kx, ky);
			continue;
		}
		bs_slot_payload px = *bs_event_queue_payload((bs_event_queue*)&x->queue, i);
		bs_slot_payload py = *bs_event_queue_payload((bs_event_queue*)&y->queue, i);
		if (px.index != py.index || px.stamp != py.stamp || px.spare_index != py.spare_index ||
			px.spare_stamp != py.spare_stamp) {
			CHECK_FAIL("%s: queue slot %d's payload (%d, %u, %d, %u) != (%d, %u, %d, %u)", what, i, px.index, px.stamp,
				px.spare_index, px.spare_stamp, py.index, py.stamp, py.spare_index, py.spare_stamp);
		}
		if (kx >= 0) {
			bs_event_key qx = bs_event_queue_key(&x->queue, i);
			bs_event_key qy = bs_event_queue_key(&y->queue, i);
			if (!same_bits(qx.time, qy.time) || qx.a != qy.a || qx.b != qy.b) {
				CHECK_FAIL("%s: queue slot %d's key (%a, %d, %d) != (%a, %d, %d)", what, i, qx.time, qx.a, qx.b,
					qy.time, qy.a, qy.b);
			}
		}
	}
}

// Steps `world` until no event remains or `limit` events, into `dest`;
// returns how many.
static int run_events(bs_world* world, bs_event* dest, int limit) {
	int count = 0;
	while (count < limit && bs_world_step(world)) {
		dest[count++] = bs_world_last_event(world);
	}
	return count;
}

static bs_event expected_events[MAX_EVENTS];
static bs_event actual_events[MAX_EVENTS];

// ---------------------------------------------------------------------------
// Layouts

// A pool layout on the 9 ft table: `count` balls (ids 0 .. count - 1) placed
// at random, ball 0 struck by a random cue (speed, direction, tip, sometimes
// elevation); the search and queue vary with the seed. False when no layout
// could be made.
static bool pool_layout(uint64_t seed, int count, bs_world_def* def, bs_ball_def* balls) {
	bs_rng rng = bs_rng_make(seed);
	*def = bs_default_pool_world_def();
	if (!bs_table_preset("9ft", true, &def->table)) {
		CHECK_FAIL("no 9ft preset");
		return false;
	}
	def->pool.cushion_height = bs_table_preset_cushion_height("9ft");
	def->time = (double)(seed % 4) * 0.375;
	def->neighbour_search = seed % 4 == 1 ? BS_NEIGHBOURS_GRID : BS_NEIGHBOURS_AUTO;
	def->queue = seed % 3 == 2 ? BS_QUEUE_CALENDAR : BS_QUEUE_AUTO;
	def->balls = balls;
	double margin = BS_DEFAULT_RADIUS + 0.02;
	int placed = 0;
	for (int tries = 0; placed < count && tries < 100000; ++tries) {
		bs_ball_def ball = bs_default_ball_def();
		ball.id = placed;
		ball.pos = bs_v2(bs_rng_range(&rng, margin, def->table.width - margin),
			bs_rng_range(&rng, margin, def->table.height - margin));
		balls[placed] = ball;
		def->ball_count = placed + 1;
		bs_def_report report;
		if (bs_world_def_check(def, &report)) {
			placed += 1;
		}
	}
	if (placed < count) {
		CHECK_FAIL("seed %llu: placed %d of %d balls", (unsigned long long)seed, placed, count);
		return false;
	}
	bs_cue_def cue = bs_default_cue_def();
	cue.stick = true;
	cue.speed = bs_rng_range(&rng, 0.5, 8.0);
	cue.angle_deg = bs_rng_range(&rng, 0.0, 360.0);
	cue.tip = bs_v2(bs_rng_range(&rng, -0.3, 0.3), bs_rng_range(&rng, -0.3, 0.3));
	cue.elevation_deg = bs_rng_uniform(&rng) < 0.25 ? bs_rng_range(&rng, 0.0, 40.0) : 0.0;
	if (!bs_cue_apply(&cue, BS_PHYSICS_POOL, &balls[0])) {
		CHECK_FAIL("seed %llu: the cue does not strike", (unsigned long long)seed);
		return false;
	}
	CHECK_DEF_OK(def);
	return true;
}

// An ideal gas, and how its world is to search, queue and store.
typedef struct gas_case {
	const char* name;
	int count;
	bool periodic;
	double restitution;
	bs_neighbour_search search;
	bs_queue_kind queue;
	bs_storage_order order;
	int events; ///< events to run (elastic gases never come to rest); a large gas's twentieth in the fast tier
} gas_case;

// The engine's own choices (AUTO) for a small world are the heap and every
// pair, for a large one the calendar and the grid; the others are forced.
static const gas_case gas_cases[] = {
	{"small walled gas", 20, false, 1.0, BS_NEIGHBOURS_AUTO, BS_QUEUE_AUTO, BS_ORDER_AUTO, 1500},
	{"small periodic gas", 30, true, 1.0, BS_NEIGHBOURS_AUTO, BS_QUEUE_AUTO, BS_ORDER_AUTO, 1500},
	{"small inelastic gas, grid and calendar", 40, false, 0.8, BS_NEIGHBOURS_GRID, BS_QUEUE_CALENDAR, BS_ORDER_AUTO,
		1500},
	{"large periodic gas", 600, true, 1.0, BS_NEIGHBOURS_AUTO, BS_QUEUE_AUTO, BS_ORDER_AUTO, 2500},
	{"large periodic gas, every pair, heap", 600, true, 1.0, BS_NEIGHBOURS_ALL, BS_QUEUE_HEAP, BS_ORDER_AUTO, 1500},
	{"large inelastic walled gas, spatial order", 600, false, 0.9, BS_NEIGHBOURS_GRID, BS_QUEUE_AUTO, BS_ORDER_SPATIAL,
		2500},
};

// The events to run of a gas case in this tier.
static int gas_events(const gas_case* c) {
	return check_scaled(c->events, c->count >= 100 ? c->events / 20 : c->events);
}

// The gas of `c` made with `seed`, lightly melted (in the full tier), into
// `def` and `balls`.
static bool gas_layout(const gas_case* c, uint64_t seed, double time, bs_world_def* def, bs_ball_def* balls) {
	bs_gas_def gas = bs_default_gas_def();
	gas.count = c->count;
	gas.fraction = 0.3;
	gas.periodic = c->periodic;
	gas.seed = seed;
	gas.melt_collisions = check_scaled(1, 0);
	if (!bs_gas_make(&gas, def, balls)) {
		CHECK_FAIL("%s: no gas for seed %llu", c->name, (unsigned long long)seed);
		return false;
	}
	def->time = time;
	def->ball_restitution = c->restitution;
	def->cushion_restitution = c->restitution;
	def->neighbour_search = c->search;
	def->queue = c->queue;
	def->order = c->order;
	return true;
}

// ---------------------------------------------------------------------------
// The comparison at the heart of every test

// A world made from `other`, run for `partway` events (all of them when
// negative) and reset to `def`'s balls and time, is a new world of `def`
// from then on: right after the reset and after `limit` events (or rest).
static void check_reset_is_fresh(const char* what, const bs_world_def* def, const bs_world_def* other, int partway,
	int limit) {
	bs_world* fresh = bs_world_create(def);
	bs_world* reused = bs_world_create(other);
	if (!fresh || !reused) {
		CHECK_FAIL("%s: no world", what);
		bs_world_destroy(fresh);
		bs_world_destroy(reused);
		return;
	}
	run_events(reused, actual_events, partway < 0 ? MAX_EVENTS : partway);
	// Half way to the next event: the cell crossings before it are taken.
	bs_event next;
	if (bs_world_peek(reused, &next)) {
		bs_world_advance(reused, 0.5 * (bs_world_time(reused) + next.time), 0);
	}
	if (!bs_world_reset(reused, def->balls, def->ball_count, def->time)) {
		CHECK_FAIL("%s: the reset is refused", what);
	}
	check_same_world(what, reused, fresh, true);
	CHECK_VALID(reused);
	int expected = run_events(fresh, expected_events, limit);
	int actual = run_events(reused, actual_events, limit);
	check_same_events(what, actual_events, actual, expected_events, expected);
	check_same_world(what, reused, fresh, true);
	bs_world_destroy(fresh);
	bs_world_destroy(reused);
}

static void pool_shots_after_reset_are_fresh(void) {
	static bs_ball_def balls[16], other_balls[16];
	int pocketed_before = 0;
	int swept_grid = 0;
	int calendar = 0;
	int shots = check_scaled(200, 60);
	for (uint64_t seed = 1; seed <= (uint64_t)shots; ++seed) {
		int count = 5 + (int)(seed * 7 % 12);
		bs_world_def def, other;
		if (!pool_layout(seed, count, &def, balls) || !pool_layout(seed + 1000, count, &other, other_balls)) {
			continue;
		}
		other.neighbour_search = def.neighbour_search;
		other.queue = def.queue;
		// The other shot run partway, or to rest (pocketing balls, which the
		// reset must bring back).
		int partway = seed % 3 == 0 ? -1 : (int)(seed * 13 % 40);
		bs_world* probe = bs_world_create(&other);
		if (probe) {
			bs_world_counters counters = bs_world_get_counters(probe);
			swept_grid += counters.uses_grid;
			calendar += counters.queue == BS_QUEUE_CALENDAR;
			run_events(probe, actual_events, partway < 0 ? MAX_EVENTS : partway);
			pocketed_before += bs_world_event_count_of(probe, BS_EVENT_POCKET) > 0;
			bs_world_destroy(probe);
		}
		char what[96];
		snprintf(what, sizeof what, "pool, seed %llu, %d balls", (unsigned long long)seed, count);
		check_reset_is_fresh(what, &def, &other, partway, MAX_EVENTS);
	}
	// The runs before the resets pocketed balls, and some shots searched
	// with the swept grid and queued in the calendar.
	CHECK(pocketed_before > 0);
	CHECK(swept_grid > 0);
	CHECK(calendar > 0);
}

static void ideal_gases_after_reset_are_fresh(void) {
	static bs_ball_def balls[MAX_BALLS], other_balls[MAX_BALLS];
	for (size_t c = 0; c < sizeof gas_cases / sizeof gas_cases[0]; ++c) {
		const gas_case* gas = &gas_cases[c];
		bs_world_def def, other;
		if (!gas_layout(gas, 10 + c, 0.5, &def, balls) || !gas_layout(gas, 20 + c, 0.0, &other, other_balls)) {
			continue;
		}
		// The case is the world it means to be.
		bs_world* probe = bs_world_create(&def);
		if (probe) {
			bs_world_counters counters = bs_world_get_counters(probe);
			bool calendar = gas->queue == BS_QUEUE_CALENDAR || (gas->queue == BS_QUEUE_AUTO && gas->count >= 512);
			bool grid = gas->search == BS_NEIGHBOURS_GRID || (gas->search == BS_NEIGHBOURS_AUTO && gas->count >= 64);
			CHECK_EQ_INT(counters.queue, calendar ? BS_QUEUE_CALENDAR : BS_QUEUE_HEAP);
			CHECK_EQ_INT(counters.uses_grid, grid);
			CHECK_EQ_INT(counters.order, gas->order == BS_ORDER_SPATIAL ? BS_ORDER_SPATIAL : BS_ORDER_AS_GIVEN);
			bs_world_destroy(probe);
		}
		int events = gas_events(gas);
		check_reset_is_fresh(gas->name, &def, &other, events / 3, events);
	}
}

// ---------------------------------------------------------------------------
// Resets in a row, saved anchors, and what is refused

static void reset_twice_in_a_row(void) {
	static bs_ball_def a[12], b[12], c[12];
	bs_world_def def_a, def_b, def_c;
	if (!pool_layout(31, 12, &def_a, a) || !pool_layout(32, 12, &def_b, b) || !pool_layout(33, 12, &def_c, c)) {
		return;
	}
	def_b.neighbour_search = def_c.neighbour_search = def_a.neighbour_search;
	def_b.queue = def_c.queue = def_a.queue;
	bs_world* fresh = bs_world_create(&def_a);
	bs_world* world = bs_world_create(&def_b);
	if (!fresh || !world) {
		CHECK_FAIL("no world");
		bs_world_destroy(fresh);
		bs_world_destroy(world);
		return;
	}
	int expected = run_events(fresh, expected_events, MAX_EVENTS);
	run_events(world, actual_events, 25);
	// Straight after one another, the second over the first's fresh start.
	CHECK(bs_world_reset(world, c, 12, def_c.time));
	CHECK(bs_world_reset(world, a, 12, def_a.time));
	int actual = run_events(world, actual_events, MAX_EVENTS);
	check_same_events("reset twice", actual_events, actual, expected_events, expected);
	check_same_world("reset twice", world, fresh, true);
	// And again after a whole run to rest.
	CHECK(bs_world_reset(world, a, 12, def_a.time));
	actual = run_events(world, actual_events, MAX_EVENTS);
	check_same_events("reset after a run to rest", actual_events, actual, expected_events, expected);
	check_same_world("reset after a run to rest", world, fresh, true);
	bs_world_destroy(fresh);
	bs_world_destroy(world);
}

// Runs `def` for `stop` events (at most half the events of its whole run,
// and fewer if the next would pocket a ball, which the export would leave
// out), exports it, resets a world of `other`
// to the export and checks that it continues exactly as the run that was
// never stopped.
static void check_export_continues(const char* what, const bs_world_def* def, const bs_world_def* other, int stop,
	int limit) {
	static bs_ball_def saved[MAX_BALLS];
	bs_world* probe = bs_world_create(def);
	int whole = probe ? run_events(probe, expected_events, limit) : 0;
	bs_world_destroy(probe);
	bs_world* original = bs_world_create(def);
	bs_world* reused = bs_world_create(other);
	if (!original || !reused) {
		CHECK_FAIL("%s: no world", what);
		bs_world_destroy(original);
		bs_world_destroy(reused);
		return;
	}
	bs_event next;
	stop = stop < whole / 2 ? stop : whole / 2;
	for (int k = 0; k < stop && bs_world_peek(original, &next) && next.kind != BS_EVENT_POCKET; ++k) {
		bs_world_step(original);
	}
	int count = bs_world_export_balls(original, saved);
	CHECK_EQ_INT(count, def->ball_count);
	run_events(reused, actual_events, stop / 2);
	if (!bs_world_reset(reused, saved, count, bs_world_time(original))) {
		CHECK_FAIL("%s: the reset to the export is refused", what);
	}
	// A world of `def` reset to its own export, as a search from the
	// present state would: its balls stay in their cells.
	bs_world* own = bs_world_create(def);
	if (own) {
		bs_world_advance(own, bs_world_time(original), 0);
		if (!bs_world_reset(own, saved, count, bs_world_time(original))) {
			CHECK_FAIL("%s: the reset to its own export is refused", what);
		}
	}
	// A new world of the export, too, for the counts.
	bs_world_def saved_def = *def;
	saved_def.time = bs_world_time(original);
	saved_def.balls = saved;
	saved_def.ball_count = count;
	bs_world* fresh = bs_world_create(&saved_def);
	int expected = run_events(original, expected_events, limit);
	int actual = run_events(reused, actual_events, limit);
	CHECK(expected > 0);
	check_same_events(what, actual_events, actual, expected_events, expected);
	check_same_world(what, reused, original, false);
	if (fresh && own) {
		check_same_world(what, own, fresh, true);
		run_events(own, actual_events, limit);
		run_events(fresh, expected_events, limit);
		check_same_world(what, reused, fresh, true);
		check_same_world(what, own, fresh, true);
	}
	bs_world_destroy(own);
	bs_world_destroy(fresh);
	bs_world_destroy(original);
	bs_world_destroy(reused);
}

static void reset_to_an_export_continues_the_run(void) {
	static bs_ball_def balls[MAX_BALLS], other_balls[MAX_BALLS];
	for (uint64_t seed = 41; seed <= 48; ++seed) {
		int count = 5 + (int)(seed % 12);
		bs_world_def def, other;
		if (!pool_layout(seed, count, &def, balls) || !pool_layout(seed + 1000, count, &other, other_balls)) {
			continue;
		}
		other.neighbour_search = def.neighbour_search;
		other.queue = def.queue;
		char what[96];
		snprintf(what, sizeof what, "pool export, seed %llu, %d balls", (unsigned long long)seed, count);
		check_export_continues(what, &def, &other, 5 + (int)(seed * 5 % 30), MAX_EVENTS);
	}
	for (size_t c = 0; c < sizeof gas_cases / sizeof gas_cases[0]; ++c) {
		const gas_case* gas = &gas_cases[c];
		bool first_large = c > 0 && gas_cases[c - 1].count < 100;
		if (check_tier_fast() && gas->count >= 100 && !first_large) {
			continue; // the fast tier exports one large gas
		}
		bs_world_def def, other;
		if (!gas_layout(gas, 50 + c, 0.25, &def, balls) || !gas_layout(gas, 60 + c, 0.0, &other, other_balls)) {
			continue;
		}
		char what[96];
		snprintf(what, sizeof what, "%s export", gas->name);
		check_export_continues(what, &def, &other, gas_events(gas) / 2, gas_events(gas) / 2);
	}
}

// A world whose balls were pocketed exports fewer than it holds: that is
// not its ball set, and the reset says so.
static void export_without_pocketed_balls_is_refused(void) {
	static bs_ball_def balls[16], saved[16];
	for (uint64_t seed = 1; seed <= 24; ++seed) {
		bs_world_def def;
		if (!pool_layout(seed, 16, &def, balls)) {
			continue;
		}
		bs_world* world = bs_world_create(&def);
		if (!world) {
			CHECK_FAIL("no world");
			continue;
		}
		run_events(world, actual_events, MAX_EVENTS);
		int count = bs_world_export_balls(world, saved);
		bool pocketed = bs_world_event_count_of(world, BS_EVENT_POCKET) > 0;
		if (pocketed) {
			CHECK(count < 16);
			CHECK(!bs_world_reset(world, saved, count, bs_world_time(world)));
		}
		bs_world_destroy(world);
		if (pocketed) {
			return;
		}
	}
	CHECK_FAIL("no shot pocketed a ball");
}

// Calls that are refused change nothing: the world runs on exactly as a
// twin that never saw them.
static void a_foreign_ball_set_is_refused(void) {
	static bs_ball_def balls[MAX_BALLS], wrong[MAX_BALLS];
	bs_world_def pool_def, gas_def;
	if (!pool_layout(71, 9, &pool_def, balls)) {
		return;
	}
	const bs_world_def* defs[2] = {&pool_def, &gas_def};
	static bs_ball_def gas_balls[MAX_BALLS];
	if (!gas_layout(&gas_cases[3], 72, 0.0, &gas_def, gas_balls)) {
		return;
	}
	for (int k = 0; k < 2; ++k) {
		const bs_world_def* def = defs[k];
		int n = def->ball_count;
		bs_world* twin = bs_world_create(def);
		bs_world* world = bs_world_create(def);
		if (!twin || !world) {
			CHECK_FAIL("no world");
			bs_world_destroy(twin);
			bs_world_destroy(world);
			return;
		}
		run_events(twin, expected_events, 20);
		run_events(world, actual_events, 20);
		memcpy(wrong, def->balls, (size_t)n * sizeof *wrong);
		CHECK(!bs_world_reset(world, wrong, n - 1, def->time));
		CHECK(!bs_world_reset(world, wrong, n + 1, def->time));
		CHECK(!bs_world_reset(world, NULL, n, def->time));
		// The same ids in another order.
		wrong[0].id = def->balls[1].id;
		wrong[1].id = def->balls[0].id;
		CHECK(!bs_world_reset(world, wrong, n, def->time));
		// An id the world does not hold.
		wrong[1].id = def->balls[1].id;
		wrong[0].id = 100000;
		CHECK(!bs_world_reset(world, wrong, n, def->time));
		// Another radius, by one ulp.
		wrong[0].id = def->balls[0].id;
		wrong[n - 1].radius = nextafter(wrong[n - 1].radius, 1.0);
		CHECK(!bs_world_reset(world, wrong, n, def->time));
		check_same_world("refused resets", world, twin, true);
		int expected = run_events(twin, expected_events, check_scaled(3000, 500));
		int actual = run_events(world, actual_events, check_scaled(3000, 500));
		check_same_events("after refused resets", actual_events, actual, expected_events, expected);
		check_same_world("after refused resets", world, twin, true);
		bs_world_destroy(twin);
		bs_world_destroy(world);
	}
}

// Masses and kinds come from the balls given, as a new world takes them.
static void masses_and_kinds_come_from_the_balls(void) {
	static bs_ball_def balls[8], changed[8];
	bs_world_def def;
	if (!pool_layout(81, 8, &def, balls)) {
		return;
	}
	memcpy(changed, balls, sizeof changed);
	for (int i = 0; i < 8; ++i) {
		changed[i].mass = balls[i].mass * (1.0 + 0.1 * i);
		changed[i].kind = i % 2 ? BS_BALL_SNOOKER_RED : BS_BALL_CAROM_WHITE;
	}
	bs_world_def changed_def = def;
	changed_def.balls = changed;
	check_reset_is_fresh("new masses and kinds", &changed_def, &def, 30, MAX_EVENTS);
	bs_world* world = bs_world_create(&def);
	if (world) {
		CHECK(bs_world_reset(world, changed, 8, def.time));
		CHECK_EQ_INT(bs_world_ball_kind(world, 3), BS_BALL_SNOOKER_RED);
		CHECK_EQ_DBL(bs_world_ball_state(world, 2, def.time).mass, changed[2].mass);
		bs_world_destroy(world);
	}
}

// On a periodic table, two balls in parallel never meet: the world looks
// for the next meeting directly and finds none. Reset to balls that meet,
// it looks again.
static void reset_forgets_the_meeting_searched_for(void) {
	bs_ball_def parallel[2] = {ball_at(0, 0.2, 0.2, 1.0, 0.0), ball_at(1, 0.2, 0.6, 1.0, 0.0)};
	bs_ball_def meeting[2] = {ball_at(0, 0.2, 0.2, 1.0, 0.0), ball_at(1, 0.6, 0.21, -1.0, 0.0)};
	bs_world_def def = world_def_with(parallel, 2);
	def.table = bs_table_periodic(1.0, 1.0);
	def.neighbour_search = BS_NEIGHBOURS_GRID;
	bs_world* world = bs_world_create(&def);
	if (!world) {
		CHECK_FAIL("no world");
		return;
	}
	CHECK(!bs_world_step(world));
	bs_world_destroy(world);
	bs_world_def meeting_def = def;
	meeting_def.balls = meeting;
	check_reset_is_fresh("a meeting after none", &meeting_def, &def, -1, 50);
}

// A world that stopped at BS_MAX_TIME, reset, runs again.
static void reset_clears_the_time_limit(void) {
	bs_ball_def slow[1] = {ball_at(0, 1.0, 0.6, 1e-6, 0.0)};
	bs_ball_def fast[1] = {ball_at(0, 1.0, 0.6, 1.0, 0.0)};
	bs_world_def def = world_def_with(slow, 1);
	bs_world* world = bs_world_create(&def);
	if (!world) {
		CHECK_FAIL("no world");
		return;
	}
	CHECK(!bs_world_step(world));
	CHECK(bs_world_reached_time_limit(world));
	CHECK(bs_world_reset(world, fast, 1, 2.0));
	CHECK(!bs_world_reached_time_limit(world));
	CHECK_EQ_DBL(bs_world_time(world), 2.0);
	bs_world_def fast_def = world_def_with(fast, 1);
	fast_def.time = 2.0;
	check_reset_is_fresh("after the time limit", &fast_def, &def, -1, 50);
	bs_world_destroy(world);
}

static void an_empty_world_resets(void) {
	bs_world_def def = world_def_with(NULL, 0);
	bs_world* world = bs_world_create(&def);
	if (!world) {
		CHECK_FAIL("no world");
		return;
	}
	CHECK(bs_world_reset(world, NULL, 0, 3.0));
	CHECK_EQ_DBL(bs_world_time(world), 3.0);
	CHECK(!bs_world_step(world));
	CHECK_EQ_INT(bs_world_event_count(world), 0);
	bs_world_destroy(world);
}

// Balls that make an invalid def: an assertion that says what to do in
// debug builds.
static void invalid_balls_assert_in_debug_builds(void) {
#ifdef NDEBUG
	printf("  skipped: a release build does not check the balls (as bs_world_create does not)\n");
#else
	bs_ball_def balls[2] = {ball_at(0, 0.5, 0.6, 1.0, 0.0), ball_at(1, 1.5, 0.6, 0.0, 0.0)};
	bs_world* world = world_with(balls, 2);
	if (!world) {
		CHECK_FAIL("no world");
		return;
	}
	bs_ball_def overlapping[2] = {ball_at(0, 0.5, 0.6, 1.0, 0.0), ball_at(1, 0.51, 0.6, 0.0, 0.0)};
	char path[] = "/tmp/breakshot-reset-assert-XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	fflush(NULL);
	pid_t child = fork();
	CHECK(child >= 0);
	if (child == 0) {
		if (dup2(fd, STDERR_FILENO) < 0) {
			_exit(3);
		}
		bs_world_reset(world, overlapping, 2, 0.0);
		_exit(0);
	}
	int status = 0;
	CHECK_EQ_INT(waitpid(child, &status, 0), child);
	if (!(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT)) {
		CHECK_FAIL("the assertion did not stop the reset (status %d)", status);
	}
	char message[2048] = {0};
	FILE* file = fopen(path, "r");
	if (file) {
		size_t got = fread(message, 1, sizeof message - 1, file);
		message[got] = '\0';
		fclose(file);
	}
	close(fd);
	unlink(path);
	CHECK_CONTAINS(message, "bs_world_reset: the balls and time make an invalid def");
	bs_world_destroy(world);
#endif
}

int main(void) {
	RUN(pool_shots_after_reset_are_fresh);
	RUN(ideal_gases_after_reset_are_fresh);
	RUN(reset_twice_in_a_row);
	RUN(reset_to_an_export_continues_the_run);
	RUN(export_without_pocketed_balls_is_refused);
	RUN(a_foreign_ball_set_is_refused);
	RUN(masses_and_kinds_come_from_the_balls);
	RUN(reset_forgets_the_meeting_searched_for);
	RUN(reset_clears_the_time_limit);
	RUN(an_empty_world_resets);
	RUN(invalid_balls_assert_in_debug_builds);
	return check_summary();
}
