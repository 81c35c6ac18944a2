#include "world_internal.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collide.h"
#include "grid.h"
#include "cache_lines.h"

const char* bs_event_kind_name(bs_event_kind kind) {
	switch (kind) {
	case BS_EVENT_BALL:
		return "ball";
	case BS_EVENT_CUSHION:
		return "cushion";
	case BS_EVENT_JAW:
		return "jaw";
	case BS_EVENT_POCKET:
		return "pocket";
	default:
		return "none";
	}
}

bs_ball_def bs_default_ball_def(void) {
	bs_ball_def def;
	def.id = 0;
	def.pos = bs_v2(0.0, 0.0);
	def.vel = bs_v2(0.0, 0.0);
	def.radius = BS_DEFAULT_RADIUS;
	def.mass = BS_DEFAULT_MASS;
	def.anchor.set = false;
	def.anchor.time = 0.0;
	def.anchor.pos = bs_v2(0.0, 0.0);
	def.anchor.last_kind = BS_EVENT_NONE;
	def.anchor.last_target = -1;
	def.anchor.last_collision_time = -INFINITY;
	return def;
}

bs_world_def bs_default_world_def(void) {
	bs_world_def def;
	memset(&def, 0, sizeof def);
	def.table = bs_table_rect(2.54, 1.27);
	def.time = 0.0;
	def.ball_restitution = 1.0;
	def.cushion_restitution = 1.0;
	def.elastic_window = BS_DEFAULT_ELASTIC_WINDOW;
	def.rest_speed = BS_DEFAULT_REST_SPEED;
	def.balls = NULL;
	def.ball_count = 0;
	def.neighbour_search = BS_NEIGHBOURS_AUTO;
	def.queue = BS_QUEUE_AUTO;
	def.order = BS_ORDER_AUTO;
	return def;
}

// ---------------------------------------------------------------------------
// Checking a def

static bool finite_positive(double x) {
	return isfinite(x) && x > 0.0;
}

static bool finite_v2(bs_vec2 v) {
	return isfinite(v.x) && isfinite(v.y);
}

static bool report(bs_def_report* dest, bs_def_problem problem, int ball, int other, const char* fmt, ...)
	__attribute__((format(printf, 5, 6)));

static bool report(bs_def_report* dest, bs_def_problem problem, int ball, int other, const char* fmt, ...) {
	dest->problem = problem;
	dest->ball_index = ball;
	dest->other_index = other;
	va_list args;
	va_start(args, fmt);
	vsnprintf(dest->message, sizeof dest->message, fmt, args);
	va_end(args);
	return false;
}

typedef struct sort_entry {
	double key;
	int index;
} sort_entry;

static int compare_entries(const void* x, const void* y) {
	const sort_entry* a = x;
	const sort_entry* b = y;
	if (a->key != b->key) {
		return a->key < b->key ? -1 : 1;
	}
	return a->index - b->index;
}

// The centre must not be past any cushion nose or jaw point (by the radius),
// must lie inside the table's bounds, and must not already be in a pocket.
static bool ball_inside_table(const bs_table* table, bs_vec2 p, double r, double slack, double slack_length) {
	double reach = r * (1.0 - slack) - slack_length;
	if (table->periodic) {
		return p.x >= 0.0 && p.x < table->width && p.y >= 0.0 && p.y < table->height;
	}
	if (!table->has_pockets) {
		return p.x >= reach && p.x <= table->width - reach && p.y >= reach && p.y <= table->height - reach;
	}
	for (int s = 0; s < table->cushion_count; ++s) {
		bs_segment seg = table->cushions[s];
		bs_vec2 along = bs_v2_sub(seg.b, seg.a);
		double u = bs_v2_dot(bs_v2_sub(p, seg.a), along);
		if (u >= 0.0 && u <= bs_v2_dot(along, along) &&
			bs_v2_dot(bs_v2_sub(p, seg.a), bs_segment_normal(seg)) < reach) {
			return false;
		}
	}
	for (int j = 0; j < table->jaw_count; ++j) {
		if (bs_v2_len2(bs_v2_sub(p, table->jaws[j])) < reach * reach) {
			return false;
		}
	}
	for (int k = 0; k < table->pocket_count; ++k) {
		double capture = table->pockets[k].radius;
		if (bs_v2_len2(bs_v2_sub(p, table->pockets[k].centre)) <= capture * capture) {
			return false;
		}
	}
	// Away from the pockets the ball must be on the playing surface; near one
	// it may be in the throat, between the jaw tips and the capture circle.
	if (p.x >= -r && p.x <= table->width + r && p.y >= -r && p.y <= table->height + r) {
		return true;
	}
	for (int k = 0; k < table->pocket_count; ++k) {
		double throat = table->pockets[k].radius + table->pockets[k].mouth;
		if (bs_v2_len2(bs_v2_sub(p, table->pockets[k].centre)) <= throat * throat) {
			return true;
		}
	}
	return false;
}

// How far rounding of absolute times can put a ball moving at `speed` (m/s)
// from where exact arithmetic would: event times are doubles, so at time t
// they carry about ulp(t) of rounding, and a position about speed ulp(t). At
// t = 2^16 s that is 1.5e-11 s: 4e-11 m at 3 m/s, more than a relative 1e-9
// of a pool ball's radius. Checks of touching and cushions allow for it.
static double time_slack(double time, double speed) {
	double t = fabs(time);
	return 8.0 * (nextafter(t, INFINITY) - t) * speed;
}

// `by_id` holds the ball indices sorted by id (as sort entries).
static int index_of_id(const sort_entry* by_id, int n, int id) {
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;
		if (by_id[mid].key == (double)id) {
			return by_id[mid].index;
		}
		if (by_id[mid].key < (double)id) {
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	return -1;
}

// A saved anchor must lie at or before the start, extrapolate to the ball's
// stated position (to 1e-9 m plus rounding), and name a contact that exists.
static bool anchor_consistent(const bs_world_def* def, int i, const sort_entry* by_id, int n) {
	const bs_ball_def* ball = &def->balls[i];
	const bs_ball_anchor* anchor = &ball->anchor;
	if (!anchor->set) {
		return true;
	}
	if (!isfinite(anchor->time) || anchor->time > def->time || !finite_v2(anchor->pos) ||
		isnan(anchor->last_collision_time) || anchor->last_collision_time > def->time) {
		return false;
	}
	bs_vec2 now = bs_table_wrap(&def->table, bs_v2_mad(anchor->pos, def->time - anchor->time, ball->vel));
	bs_vec2 off = bs_table_nearest(&def->table, bs_v2_sub(now, ball->pos));
	double slack = 1e-9 + 1e-12 * (fabs(now.x) + fabs(now.y));
	if (fabs(off.x) > slack || fabs(off.y) > slack) {
		return false;
	}
	switch (anchor->last_kind) {
	case BS_EVENT_NONE:
		return true;
	case BS_EVENT_BALL:
		return anchor->last_target != ball->id && index_of_id(by_id, n, anchor->last_target) >= 0;
	case BS_EVENT_CUSHION:
		return anchor->last_target >= 0 && anchor->last_target < def->table.cushion_count;
	case BS_EVENT_JAW:
		return anchor->last_target >= 0 && anchor->last_target < def->table.jaw_count;
	default:
		return false;
	}
}

// Finds the pair of circles closer than (1 - tolerance) times their radius
// sum (nearest images on a periodic table) with the lowest first index, then
// second, or sets *first = -1. Builds its own grid from the positions, so it
// is O(N) for spread-out circles and trusts no other bookkeeping; it tries
// every pair when the table is too small for a grid. Returns false when
// memory runs out.
static bool find_close_pair(const bs_table* table, const bs_vec2* pos, const double* radius, int n, double tolerance,
	double slack_length, int* first, int* second) {
	*first = -1;
	*second = -1;
	double reach = 0.0;
	for (int i = 0; i < n; ++i) {
		reach = 2.0 * radius[i] > reach ? 2.0 * radius[i] : reach;
	}
	bool use_grid = bs_grid_fits(table, reach);
	bs_grid grid;
	if (use_grid) {
		if (!bs_grid_init(&grid, table, reach, n)) {
			return false;
		}
		for (int i = 0; i < n; ++i) {
			bs_grid_place(&grid, i, pos[i]);
		}
	}
	for (int i = 0; i < n && *first < 0; ++i) {
		int cells[9];
		int count = use_grid ? bs_grid_neighbourhood(&grid, i, cells) : 0;
		bs_grid_walk walk = use_grid ? bs_grid_walk_start(&grid, cells, count) : (bs_grid_walk){0};
		// The ball's neighbours from the grid, or every later ball.
		for (int j = use_grid ? bs_grid_walk_next(&grid, &walk) : i + 1; j >= 0 && j < n;
			 j = use_grid ? bs_grid_walk_next(&grid, &walk) : j + 1) {
			if (j <= i || (*second >= 0 && j > *second)) {
				continue;
			}
			double limit = (radius[i] + radius[j]) * (1.0 - tolerance) - slack_length;
			if (bs_v2_len2(bs_table_nearest(table, bs_v2_sub(pos[j], pos[i]))) < limit * limit) {
				*first = i;
				*second = j;
			}
		}
	}
	if (use_grid) {
		bs_grid_free(&grid);
	}
	return true;
}

// Touching balls placed by arithmetic may overlap by rounding; only a deeper
// overlap is an error.
static bool find_overlap(const bs_world_def* def, int* first, int* second) {
	int n = def->ball_count;
	double max_speed = 0.0;
	for (int i = 0; i < n; ++i) {
		double speed = bs_v2_len(def->balls[i].vel);
		max_speed = speed > max_speed ? speed : max_speed;
	}
	bs_vec2* pos = malloc((size_t)(n > 0 ? n : 1) * sizeof *pos);
	double* radius = malloc((size_t)(n > 0 ? n : 1) * sizeof *radius);
	bool ok = pos && radius;
	for (int i = 0; ok && i < n; ++i) {
		pos[i] = def->balls[i].pos;
		radius[i] = def->balls[i].radius;
	}
	ok = ok && find_close_pair(&def->table, pos, radius, n, BS_TOUCH_TOLERANCE, time_slack(def->time, max_speed), first,
					   second);
	free(pos);
	free(radius);
	return ok;
}

// The largest radius sum of any two balls (m), 0 without balls.
static double largest_diameter(const bs_world_def* def) {
	double diameter = 0.0;
	for (int i = 0; i < def->ball_count; ++i) {
		diameter = fmax(diameter, 2.0 * def->balls[i].radius);
	}
	return diameter;
}

bool bs_world_def_check(const bs_world_def* def, bs_def_report* dest) {
	dest->problem = BS_DEF_OK;
	dest->ball_index = -1;
	dest->other_index = -1;
	dest->message[0] = '\0';
	const bs_table* table = &def->table;
	if (!finite_positive(table->width) || !finite_positive(table->height) || table->width > BS_MAX_LENGTH ||
		table->height > BS_MAX_LENGTH) {
		return report(dest, BS_DEF_BAD_TABLE, -1, -1, "the table size must be positive and at most %g m", BS_MAX_LENGTH);
	}
	if (!isfinite(def->time)) {
		return report(dest, BS_DEF_BAD_NUMBER, -1, -1, "the start time must be finite");
	}
	if (!(def->ball_restitution >= 0.0 && def->ball_restitution <= 1.0)) {
		return report(dest, BS_DEF_BAD_NUMBER, -1, -1, "the ball restitution must be in [0, 1]");
	}
	if (!(def->cushion_restitution >= 0.0 && def->cushion_restitution <= 1.0)) {
		return report(dest, BS_DEF_BAD_NUMBER, -1, -1, "the cushion restitution must be in [0, 1]");
	}
	if (!(isfinite(def->elastic_window) && def->elastic_window >= 0.0)) {
		return report(dest, BS_DEF_BAD_NUMBER, -1, -1, "the elastic window must be finite and >= 0");
	}
	if ((def->ball_restitution < 1.0 || def->cushion_restitution < 1.0) && !(def->elastic_window > 0.0)) {
		return report(dest, BS_DEF_BAD_NUMBER, -1, -1,
			"the elastic window must be > 0 when a restitution is below 1: it is the guard against inelastic "
			"collapse (unboundedly many collisions in finite time)");
	}
	if (!(isfinite(def->rest_speed) && def->rest_speed >= 0.0)) {
		return report(dest, BS_DEF_BAD_NUMBER, -1, -1, "the rest speed must be finite and >= 0");
	}
	if (def->neighbour_search < BS_NEIGHBOURS_AUTO || def->neighbour_search > BS_NEIGHBOURS_GRID) {
		return report(dest, BS_DEF_BAD_NUMBER, -1, -1, "neighbour_search must be a bs_neighbour_search");
	}
	if (def->queue < BS_QUEUE_AUTO || def->queue > BS_QUEUE_CALENDAR) {
		return report(dest, BS_DEF_BAD_NUMBER, -1, -1, "queue must be a bs_queue_kind");
	}
	if (def->order < BS_ORDER_AUTO || def->order > BS_ORDER_SPATIAL) {
		return report(dest, BS_DEF_BAD_NUMBER, -1, -1, "order must be a bs_storage_order");
	}
	if (def->ball_count < 0 || (def->ball_count > 0 && def->balls == NULL)) {
		return report(dest, BS_DEF_BAD_NUMBER, -1, -1, "ball_count must be >= 0 with a balls array");
	}
	for (int i = 0; i < def->ball_count; ++i) {
		const bs_ball_def* ball = &def->balls[i];
		if (!finite_positive(ball->radius) || ball->radius < BS_MIN_RADIUS || ball->radius > BS_MAX_LENGTH) {
			return report(dest, BS_DEF_BAD_BALL, i, -1, "ball %d: the radius must be in [%g, %g] m", ball->id,
				BS_MIN_RADIUS, BS_MAX_LENGTH);
		}
		if (!finite_positive(ball->mass) || ball->mass < BS_MIN_MASS || ball->mass > BS_MAX_MASS) {
			return report(dest, BS_DEF_BAD_BALL, i, -1, "ball %d: the mass must be in [%g, %g] kg", ball->id,
				BS_MIN_MASS, BS_MAX_MASS);
		}
		if (!finite_v2(ball->pos) || !finite_v2(ball->vel)) {
			return report(dest, BS_DEF_BAD_BALL, i, -1, "ball %d: position and velocity must be finite", ball->id);
		}
		if (bs_v2_len(ball->vel) > BS_MAX_SPEED) {
			return report(dest, BS_DEF_BAD_BALL, i, -1, "ball %d: the speed must be at most %g m/s", ball->id,
				BS_MAX_SPEED);
		}
	}
	if (table->periodic) {
		double reach = largest_diameter(def);
		if (def->ball_count > 0 && !bs_grid_fits(table, reach)) {
			return report(dest, BS_DEF_BAD_TABLE, -1, -1,
				"each side of a periodic table must be more than 5 of its largest ball diameters (%g m), so that "
				"two balls meet only as nearest images",
				reach);
		}
	}
	int n = def->ball_count;
	sort_entry* order = malloc((size_t)(n > 0 ? n : 1) * sizeof *order);
	if (!order) {
		return report(dest, BS_DEF_BAD_NUMBER, -1, -1, "out of memory");
	}
	// Duplicate ids: sort by id.
	for (int i = 0; i < n; ++i) {
		order[i].key = (double)def->balls[i].id;
		order[i].index = i;
	}
	qsort(order, (size_t)n, sizeof *order, compare_entries);
	for (int k = 1; k < n; ++k) {
		if (order[k].key == order[k - 1].key) {
			int first = order[k - 1].index;
			int second = order[k].index;
			free(order);
			return report(dest, BS_DEF_DUPLICATE_ID, first, second, "balls %d and %d share the id %d", first, second,
				def->balls[first].id);
		}
	}
	for (int i = 0; i < n; ++i) {
		const bs_ball_def* ball = &def->balls[i];
		// A ball saved just after a cushion may sit a rounding inside r.
		if (!ball_inside_table(table, ball->pos, ball->radius, BS_TOUCH_TOLERANCE,
				time_slack(def->time, bs_v2_len(ball->vel)))) {
			free(order);
			return report(dest, BS_DEF_OUTSIDE_TABLE, i, -1,
				"ball %d at (%.17g, %.17g) is not inside the table (its centre must stay a radius from every cushion, "
				"outside the pockets)",
				ball->id, ball->pos.x, ball->pos.y);
		}
	}
	for (int i = 0; i < n; ++i) {
		if (!anchor_consistent(def, i, order, n)) {
			free(order);
			return report(dest, BS_DEF_BAD_ANCHOR, i, -1,
				"ball %d: its anchor is later than the start, does not lead to its position, or names no such "
				"contact",
				def->balls[i].id);
		}
	}
	free(order);
	int first, second;
	if (!find_overlap(def, &first, &second)) {
		return report(dest, BS_DEF_BAD_NUMBER, -1, -1, "out of memory");
	}
	if (first >= 0) {
		return report(dest, BS_DEF_OVERLAP, first, second, "balls %d and %d overlap", def->balls[first].id,
			def->balls[second].id);
	}
	return true;
}

// ---------------------------------------------------------------------------
// Creation

// From this many balls on, AUTO picks the calendar queue.
#define BS_CALENDAR_MIN 512

// From this many balls on, BS_ORDER_AUTO stores them by grid cell (then as
// given): below, the balls fit in the caches anyway.
#define BS_SPATIAL_ORDER_MIN 100000

// The order in which def's balls are stored (order[i]: the def index of the
// ball stored at i). `grid`: the world's grid, or NULL; `grid_search`: the
// grid finds neighbours (otherwise the order matters little).
static void storage_order(const bs_world_def* def, const bs_grid* grid, bool grid_search, int* order) {
	int n = def->ball_count;
	for (int i = 0; i < n; ++i) {
		order[i] = i;
	}
	bool spatial = def->order == BS_ORDER_SPATIAL ||
		(def->order == BS_ORDER_AUTO && grid_search && n >= BS_SPATIAL_ORDER_MIN);
	if (!spatial || !grid) {
		return;
	}
	sort_entry* keys = malloc((size_t)n * sizeof *keys);
	if (!keys) {
		return; // the order is a speed-up only
	}
	for (int i = 0; i < n; ++i) {
		keys[i].key = bs_grid_cell_at(grid, bs_table_wrap(&def->table, def->balls[i].pos));
		keys[i].index = i;
	}
	qsort(keys, (size_t)n, sizeof *keys, compare_entries);
	for (int i = 0; i < n; ++i) {
		order[i] = keys[i].index;
	}
	free(keys);
}

bs_world* bs_world_create(const bs_world_def* def) {
#ifndef NDEBUG
	bs_def_report problem;
	bool valid = bs_world_def_check(def, &problem);
	assert(valid && "bs_world_create: the def is invalid; call bs_world_def_check() and fix what it reports");
#endif
	bs_world* world = calloc(1, sizeof *world);
	if (!world) {
		return NULL;
	}
	int n = def->ball_count;
	size_t cap = (size_t)(n > 0 ? n : 1);
	world->table = def->table;
	for (int s = 0; s < def->table.cushion_count; ++s) {
		world->cushion_normals[s] = bs_segment_normal(def->table.cushions[s]);
	}
	world->time = def->time;
	world->ball_restitution = def->ball_restitution;
	world->cushion_restitution = def->cushion_restitution;
	world->elastic_window = def->elastic_window;
	world->rest_speed = def->rest_speed;
	world->ball_count = n;
	world->balls = bs_alloc_lines(cap, sizeof *world->balls);
	world->cold = bs_alloc_lines(cap, sizeof *world->cold);
	world->by_id = malloc(cap * sizeof *world->by_id);
	// Ids sorted by the same qsort comparison the def check uses.
	sort_entry* ids = malloc(cap * sizeof *ids);
	// The calendar queue beats the heap from about a thousand balls (README).
	world->use_calendar = def->queue == BS_QUEUE_CALENDAR || (def->queue == BS_QUEUE_AUTO && n >= BS_CALENDAR_MIN);
	bool queue_ready = world->use_calendar ? bs_calendar_queue_init(&world->calendar, n)
										   : bs_event_queue_init(&world->queue, n);
	if (!world->balls || !world->cold || !world->by_id || !ids || !queue_ready) {
		free(ids);
		bs_world_destroy(world);
		return NULL;
	}
	world->cull_pockets = def->neighbour_search != BS_NEIGHBOURS_ALL;
	// A periodic table always has the grid's cell crossings, even when every
	// ball is examined: they are what brings two balls that travel far
	// without events to be examined again as nearest images (world_step.c).
	double reach = largest_diameter(def);
	bool grid_search = def->neighbour_search != BS_NEIGHBOURS_ALL && bs_grid_fits(&def->table, reach) &&
		(def->neighbour_search == BS_NEIGHBOURS_GRID || n >= 64);
	world->use_grid = grid_search || (def->table.periodic && bs_grid_fits(&def->table, reach));
	world->scan_all = !grid_search;
	int* order = malloc(cap * sizeof *order);
	if (!order || (world->use_grid && !bs_grid_init(&world->grid, &def->table, reach, n))) {
		free(order);
		free(ids);
		bs_world_destroy(world);
		return NULL;
	}
	// Neighbours near in space are then near in memory too, for the big
	// worlds whose balls outgrow the caches.
	storage_order(def, world->use_grid ? &world->grid : NULL, grid_search, order);
	for (int i = 0; i < n; ++i) {
		const bs_ball_def* src = &def->balls[order[i]];
		bs_ball* ball = &world->balls[i];
		bs_ball_cold* cold = &world->cold[i];
		memset(ball, 0, sizeof *ball); // padding too: aligned_alloc leaves it uninitialised
		ball->pos = src->pos;
		ball->vel = src->vel;
		ball->time = def->time;
		ball->radius = src->radius;
		cold->mass = src->mass;
		ball->id = src->id;
		ball->count = 0;
		ball->last_kind = BS_EVENT_NONE;
		ball->last_target = -1;
		ball->pocketed = false;
		cold->last_collision_time = -INFINITY;
		ids[i] = (sort_entry){(double)ball->id, i};
	}
	qsort(ids, (size_t)n, sizeof *ids, compare_entries);
	for (int i = 0; i < n; ++i) {
		world->by_id[i] = ids[i].index;
	}
	free(ids);
	for (int i = 0; i < n; ++i) {
		const bs_ball_anchor* anchor = &def->balls[order[i]].anchor;
		if (!anchor->set) {
			continue;
		}
		bs_ball* ball = &world->balls[i];
		ball->pos = anchor->pos;
		ball->time = anchor->time;
		world->cold[i].last_collision_time = anchor->last_collision_time;
		ball->last_kind = (int8_t)anchor->last_kind;
		ball->last_target = anchor->last_kind == BS_EVENT_BALL ? bs_world_find_ball(world, anchor->last_target)
															   : anchor->last_target;
	}
	free(order);
	if (world->use_grid) {
		for (int i = 0; i < n; ++i) {
			bs_ball* ball = &world->balls[i];
			bs_grid_place(&world->grid, i, bs_table_wrap(&world->table, bs_ball_position_at(ball, ball->time)));
		}
	}
	world->last_event.kind = BS_EVENT_NONE;
	world->last_event.time = def->time;
	world->last_event.a = -1;
	world->last_event.b = -1;
	for (int i = 0; i < n; ++i) {
		bs_world_predict(world, i, world->time);
	}
	return world;
}

void bs_world_destroy(bs_world* world) {
	if (!world) {
		return;
	}
	if (world->use_calendar) {
		bs_calendar_queue_free(&world->calendar);
	} else {
		bs_event_queue_free(&world->queue);
	}
	if (world->use_grid) {
		bs_grid_free(&world->grid);
	}
	free(world->balls);
	free(world->cold);
	free(world->by_id);
	free(world);
}

// ---------------------------------------------------------------------------
// Queries

bool bs_world_uses_grid(const bs_world* world) {
	return world->use_grid && !world->scan_all;
}

double bs_world_bytes_per_ball(const bs_world* world) {
	size_t n = (size_t)(world->ball_count > 0 ? world->ball_count : 1);
	size_t per_ball = sizeof(bs_ball) + sizeof(bs_ball_cold) + sizeof(int) /* by_id */;
	size_t total = sizeof *world + n * per_ball;
	if (world->use_calendar) {
		total += n * sizeof(bs_calendar_entry) + (size_t)world->calendar.bucket_count * sizeof(int);
	} else {
		total += n * (sizeof(bs_queue_entry) + sizeof(bs_heap_slot));
	}
	if (world->use_grid) {
		total += n * (sizeof(int) + sizeof(bs_grid_cell)) + (size_t)world->grid.nx * (size_t)world->grid.ny * sizeof(int);
	}
	return (double)total / (double)n;
}

double bs_world_time(const bs_world* world) {
	return world->time;
}

const bs_table* bs_world_table(const bs_world* world) {
	return &world->table;
}

double bs_world_ball_restitution(const bs_world* world) {
	return world->ball_restitution;
}

double bs_world_cushion_restitution(const bs_world* world) {
	return world->cushion_restitution;
}

double bs_world_elastic_window(const bs_world* world) {
	return world->elastic_window;
}

double bs_world_rest_speed(const bs_world* world) {
	return world->rest_speed;
}

bs_event bs_world_last_event(const bs_world* world) {
	return world->last_event;
}

int64_t bs_world_event_count(const bs_world* world) {
	return world->event_count;
}

int64_t bs_world_event_count_of(const bs_world* world, bs_event_kind kind) {
	assert(kind >= 0 && kind < BS_EVENT_KIND_COUNT && "bs_world_event_count_of: pass a kind below BS_EVENT_KIND_COUNT");
	return world->kind_counts[kind];
}

int bs_world_ball_count(const bs_world* world) {
	return world->ball_count;
}

int bs_world_find_ball(const bs_world* world, int id) {
	int lo = 0;
	int hi = world->ball_count - 1;
	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;
		int mid_id = world->balls[world->by_id[mid]].id;
		if (mid_id == id) {
			return world->by_id[mid];
		}
		if (mid_id < id) {
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	return -1;
}

bs_ball_state bs_world_ball_state(const bs_world* world, int index, double time) {
	assert(index >= 0 && index < world->ball_count && "bs_world_ball_state: index out of range; use bs_world_find_ball");
	assert(time >= world->time && "bs_world_ball_state: ask for a time at or after bs_world_time(); earlier states are gone");
	const bs_ball* ball = &world->balls[index];
	bs_ball_state state;
	state.id = ball->id;
	state.pos = ball->pocketed ? ball->pos : bs_table_wrap(&world->table, bs_ball_position_at(ball, time));
	state.vel = ball->pocketed ? bs_v2(0.0, 0.0) : ball->vel;
	state.radius = ball->radius;
	state.mass = world->cold[index].mass;
	state.pocketed = ball->pocketed;
	state.pocket = ball->pocketed ? ball->last_target : -1;
	state.pocket_time = ball->pocketed ? ball->time : 0.0;
	return state;
}

bs_totals bs_world_totals(const bs_world* world) {
	bs_totals totals;
	totals.kinetic_energy = 0.0;
	totals.momentum = bs_v2(0.0, 0.0);
	totals.balls_on_table = 0;
	totals.pocketed_energy = world->pocketed_energy;
	for (int i = 0; i < world->ball_count; ++i) {
		const bs_ball* ball = &world->balls[i];
		if (ball->pocketed) {
			continue;
		}
		double mass = world->cold[i].mass;
		totals.kinetic_energy += 0.5 * mass * bs_v2_dot(ball->vel, ball->vel);
		totals.momentum = bs_v2_mad(totals.momentum, mass, ball->vel);
		totals.balls_on_table += 1;
	}
	return totals;
}

int bs_world_export_balls(const bs_world* world, bs_ball_def* dest) {
	int count = 0;
	for (int i = 0; i < world->ball_count; ++i) {
		const bs_ball* ball = &world->balls[i];
		if (ball->pocketed) {
			continue;
		}
		bs_ball_def def = bs_default_ball_def();
		def.id = ball->id;
		def.pos = bs_table_wrap(&world->table, bs_ball_position_at(ball, world->time));
		def.vel = ball->vel;
		def.radius = ball->radius;
		def.mass = world->cold[i].mass;
		def.anchor.set = true;
		def.anchor.time = ball->time;
		def.anchor.pos = ball->pos;
		// The last contact is kept unless it was a pocket or a ball since
		// pocketed (which the export leaves out).
		bool partner_gone = ball->last_kind == BS_EVENT_BALL && world->balls[ball->last_target].pocketed;
		def.anchor.last_kind =
			(bs_event_kind)(ball->last_kind == BS_EVENT_POCKET || partner_gone ? BS_EVENT_NONE : ball->last_kind);
		def.anchor.last_target = def.anchor.last_kind == BS_EVENT_BALL ? world->balls[ball->last_target].id
			: def.anchor.last_kind == BS_EVENT_NONE                        ? -1
																			: ball->last_target;
		def.anchor.last_collision_time = world->cold[i].last_collision_time;
		dest[count++] = def;
	}
	return count;
}

// ---------------------------------------------------------------------------
// Validation

#define OVERLAP_TOLERANCE 1e-9

bool bs_world_validate(const bs_world* world, char* dest, size_t dest_size) {
	double now = world->time;
	int n = world->ball_count;
	bs_vec2* pos = malloc((size_t)(n > 0 ? n : 1) * sizeof *pos);
	double* radius = malloc((size_t)(n > 0 ? n : 1) * sizeof *radius);
	int* index = malloc((size_t)(n > 0 ? n : 1) * sizeof *index);
	if (!pos || !radius || !index) {
		free(pos);
		free(radius);
		free(index);
		snprintf(dest, dest_size, "out of memory while validating");
		return false;
	}
	int on_table = 0;
	bool ok = true;
	double max_speed = 0.0;
	for (int i = 0; i < n; ++i) {
		double speed = world->balls[i].pocketed ? 0.0 : bs_v2_len(world->balls[i].vel);
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
		bs_vec2 pa = bs_table_wrap(&world->table, bs_ball_position_at(a, now));
		if (a->time > now) {
			snprintf(dest, dest_size, "ball %d was updated at %.17g, after the world time %.17g", a->id, a->time, now);
			ok = false;
		} else if (!ball_inside_table(&world->table, pa, a->radius, OVERLAP_TOLERANCE, time_slack(now, bs_v2_len(a->vel)))) {
			snprintf(dest, dest_size, "ball %d at (%.17g, %.17g) has left the table at t = %.17g", a->id, pa.x, pa.y, now);
			ok = false;
		}
		pos[on_table] = pa;
		radius[on_table] = a->radius;
		index[on_table++] = i;
	}
	int first = -1, second = -1;
	if (ok && !find_close_pair(&world->table, pos, radius, on_table, OVERLAP_TOLERANCE, 2.0 * time_slack(now, max_speed),
				  &first, &second)) {
		snprintf(dest, dest_size, "out of memory while validating");
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
	free(pos);
	free(radius);
	free(index);
	if (!ok) {
		return false;
	}
	if (world->use_calendar ? !bs_calendar_queue_valid(&world->calendar) : !bs_event_queue_valid(&world->queue)) {
		snprintf(dest, dest_size, "the event queue is out of order");
		return false;
	}
	int reported = 0;
	for (int slot = 0; slot < world->ball_count; ++slot) {
		if (bs_world_queue_contains(world, slot) && bs_world_queue_key(world, slot).time < now) {
			snprintf(dest, dest_size, "ball %d has a pending event at %.17g, before the world time %.17g",
				world->balls[slot].id, bs_world_queue_key(world, slot).time, now);
			return false;
		}
		int kind = bs_world_pending_kind(world, slot);
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
