// breakshot: making and destroying a world, and what can be asked of it.
#include "world_internal.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "anchor_history.h"
#include "cache_lines.h"
#include "index_sort.h"
#include "placement.h"
#include "world_predict.h"

// ---------------------------------------------------------------------------
// Creation

// Whether def's balls are to be stored by grid cell (then as given), so that
// neighbours near in space are near in memory too: this pays for the big
// worlds whose balls outgrow the caches. `grid_search`: the grid finds
// neighbours (otherwise the order matters little).
static bool wants_spatial_order(const bs_world_def* def, bool grid_search) {
	return def->order == BS_ORDER_SPATIAL ||
		(def->order == BS_ORDER_AUTO && grid_search && def->ball_count >= BS_SPATIAL_ORDER_MIN_BALLS);
}

// Fills the world's two index maps for spatial order: storage index i holds
// the ball at def index def_of_storage[i]. Returns false when memory runs out.
static bool order_by_cell(bs_world* world, const bs_world_def* def) {
	int n = def->ball_count;
	size_t cap = (size_t)(n > 0 ? n : 1);
	world->def_of_storage = bs_malloc(cap * sizeof *world->def_of_storage);
	world->storage_of_def = bs_malloc(cap * sizeof *world->storage_of_def);
	bs_keyed_index* keys = bs_malloc(cap * sizeof *keys);
	if (!world->def_of_storage || !world->storage_of_def || !keys) {
		bs_free(keys);
		return false;
	}
	for (int i = 0; i < n; ++i) {
		bs_vec2 pos = bs_table_wrap(&world->table, def->balls[i].pos);
		keys[i].key = world->use_grid ? bs_grid_cell_at(&world->grid, pos) : bs_swept_grid_cell_at(&world->swept, pos);
		keys[i].index = i;
	}
	bs_keyed_index_sort(keys, n);
	for (int i = 0; i < n; ++i) {
		world->def_of_storage[i] = keys[i].index;
		world->storage_of_def[keys[i].index] = i;
	}
	bs_free(keys);
	return true;
}

// Sorts the storage indices by the ids of `balls` (in def order), for
// bs_world_storage_of_id. Returns false when memory runs out.
static bool index_by_id(bs_world* world, const bs_ball_def* balls) {
	int n = world->ball_count;
	bs_keyed_index* ids = bs_malloc((size_t)(n > 0 ? n : 1) * sizeof *ids);
	if (!ids) {
		return false;
	}
	for (int i = 0; i < n; ++i) {
		ids[i] = (bs_keyed_index){(double)balls[bs_world_def_index(world, i)].id, i};
	}
	bs_keyed_index_sort(ids, n);
	for (int i = 0; i < n; ++i) {
		world->by_id[i] = ids[i].index;
	}
	bs_free(ids);
	return true;
}

// Stores a def's ball at storage index `index`, fresh at the world's time.
static void place_ball(bs_world* world, int index, const bs_ball_def* src) {
	bs_ball* ball = &world->balls[index];
	bs_ball_cold* cold = &world->cold[index];
	memset(ball, 0, sizeof *ball); // padding too: aligned_alloc leaves it uninitialised
	ball->pos = src->pos;
	ball->vel = src->vel;
	ball->time = world->time;
	ball->radius = src->radius;
	ball->id = src->id;
	ball->count = 0;
	ball->last_kind = BS_EVENT_NONE;
	ball->last_target = -1;
	ball->pocketed = false;
	cold->mass = src->mass;
	cold->last_collision_time = -INFINITY;
	cold->arrival_speed = 0.0;
	world->physics->place(world, index, src);
}

// Restores a saved ball's own clock and last contact, so that the world
// continues the saved one bit for bit. Needs the ids indexed.
static void restore_anchor(bs_world* world, int index, const bs_ball_anchor* anchor) {
	bs_ball* ball = &world->balls[index];
	ball->pos = anchor->pos;
	ball->time = anchor->time;
	bs_history history = bs_history_of(anchor);
	world->cold[index].last_collision_time = history.last_collision_time;
	world->cold[index].arrival_speed = history.arrival_speed;
	ball->last_kind = (int8_t)history.last_kind;
	ball->last_target =
		history.last_kind == BS_EVENT_BALL ? bs_world_storage_of_id(world, history.last_target) : history.last_target;
	world->physics->restore(world, index, anchor);
}

bs_world* bs_world_create(const bs_world_def* def) {
#ifndef NDEBUG
	bs_def_report problem;
	bool valid = bs_world_def_check(def, &problem);
	// A check that ran out of memory says nothing of the def; the world,
	// which needs more, is not made either.
	if (!valid && problem.problem == BS_DEF_OUT_OF_MEMORY) {
		return NULL;
	}
	assert(valid && "bs_world_create: the def is invalid; call bs_world_def_check() and fix what it reports");
#endif
	bs_world* world = bs_calloc(1, sizeof *world);
	if (!world) {
		return NULL;
	}
	int n = def->ball_count;
	size_t cap = (size_t)(n > 0 ? n : 1);
	bs_table_build(&def->table, &world->table);
	for (int s = 0; s < world->table.cushion_count; ++s) {
		world->cushion_normals[s] = bs_segment_normal(world->table.cushions[s]);
	}
	world->ball_restitution = def->ball_restitution;
	world->cushion_restitution = def->cushion_restitution;
	world->elastic_window = def->elastic_window;
	world->rest_speed = def->rest_speed;
	world->physics = bs_physics_ops_of(def->physics);
	world->pool = def->pool;
	world->cloth = bs_cloth_of_pool(&def->pool);
	world->ball_count = n;
	world->balls = bs_alloc_lines(cap, sizeof *world->balls);
	world->cold = bs_alloc_lines(cap, sizeof *world->cold);
	world->by_id = bs_malloc(cap * sizeof *world->by_id);
	world->kinds = bs_malloc(cap * sizeof *world->kinds);
	bool use_calendar = def->queue == BS_QUEUE_CALENDAR || (def->queue == BS_QUEUE_AUTO && n >= BS_CALENDAR_MIN_BALLS);
	if (!world->physics || !world->physics->create(world, cap) || !world->balls || !world->cold || !world->by_id || !world->kinds ||
		!bs_event_queue_create(&world->queue, n, use_calendar)) {
		bs_world_destroy(world);
		return NULL;
	}
	world->cull_pockets = def->neighbour_search != BS_NEIGHBOURS_ALL;
	world->far_distance2 = def->table.periodic
		? def->table.width * def->table.width + def->table.height * def->table.height
		: INFINITY;
	// A periodic table always has the grid's cell crossings, even when every
	// ball is examined: they are what brings two balls that travel far
	// without events to be examined again as nearest images (world_step.c).
	// Straight paths file each ball under the cell of its centre; curved
	// ones under the cells they sweep.
	double reach = bs_largest_diameter(def);
	const bs_grid_ops* grid = world->physics->grid;
	bool grid_search = grid && def->neighbour_search != BS_NEIGHBOURS_ALL && bs_grid_fits(&world->table, reach) &&
		(def->neighbour_search == BS_NEIGHBOURS_GRID || n >= grid->min_balls);
	bool curved = world->physics->paths_curve;
	world->use_grid = (grid_search && !curved) || (grid && def->table.periodic && bs_grid_fits(&world->table, reach));
	world->scan_all = !grid_search;
	if (world->use_grid && !bs_grid_create(&world->grid, &world->table, reach, n)) {
		world->use_grid = false;
		bs_world_destroy(world);
		return NULL;
	}
	if (grid_search && curved && !bs_swept_grid_create(&world->swept, &world->table, reach, n)) {
		bs_world_destroy(world);
		return NULL;
	}
	bool filed = world->use_grid || (grid_search && curved);
	if (filed && wants_spatial_order(def, grid_search) && !order_by_cell(world, def)) {
		bs_world_destroy(world);
		return NULL;
	}
	if (!index_by_id(world, def->balls)) {
		bs_world_destroy(world);
		return NULL;
	}
	bs_world_start(world, def->balls, def->time);
	return world;
}

void bs_world_start(bs_world* world, const bs_ball_def* balls, double time) {
	int n = world->ball_count;
	world->time = time;
	for (int d = 0; d < n; ++d) {
		place_ball(world, bs_world_storage_index(world, d), &balls[d]);
		world->kinds[d] = (uint8_t)balls[d].kind;
	}
	for (int d = 0; d < n; ++d) {
		if (balls[d].anchor.set) {
			restore_anchor(world, bs_world_storage_index(world, d), &balls[d].anchor);
		}
	}
	if (world->use_grid) {
		for (int i = 0; i < n; ++i) {
			bs_ball* ball = &world->balls[i];
			bs_grid_place(&world->grid, i, bs_table_wrap(&world->table, bs_ball_position_at(ball, ball->time)));
		}
	}
	memset(&world->last_event, 0, sizeof world->last_event);
	world->last_event.kind = BS_EVENT_NONE;
	world->last_event.time = time;
	world->last_event.a = -1;
	world->last_event.b = -1;
	for (int i = 0; i < n; ++i) {
		bs_world_predict(world, i, world->time);
	}
}

void bs_world_destroy(bs_world* world) {
	if (!world) {
		return;
	}
	bs_event_queue_destroy(&world->queue);
	if (world->use_grid) {
		bs_grid_destroy(&world->grid);
	}
	bs_swept_grid_destroy(&world->swept);
	bs_free(world->balls);
	bs_free(world->cold);
	if (world->physics) {
		world->physics->destroy(world);
	}
	bs_free(world->by_id);
	bs_free(world->kinds);
	bs_free(world->storage_of_def);
	bs_free(world->def_of_storage);
	bs_free(world);
}

// ---------------------------------------------------------------------------
// Queries

bs_world_counters bs_world_get_counters(const bs_world* world) {
	bs_world_counters counters;
	counters.uses_grid = !world->scan_all;
	counters.queue = world->queue.use_calendar ? BS_QUEUE_CALENDAR : BS_QUEUE_HEAP;
	counters.order = world->def_of_storage ? BS_ORDER_SPATIAL : BS_ORDER_AS_GIVEN;
	int n = world->ball_count > 0 ? world->ball_count : 1;
	size_t per_ball = sizeof(bs_ball) + sizeof(bs_ball_cold) + sizeof(int) /* by_id */ + sizeof(uint8_t) /* kinds */ +
		world->physics->bytes_per_ball;
	size_t total = sizeof *world + (size_t)n * per_ball + bs_event_queue_bytes(&world->queue, n);
	if (world->def_of_storage) {
		total += 2 * (size_t)n * sizeof(int);
	}
	if (world->use_grid) {
		total += (size_t)n * (sizeof(int) + sizeof(bs_grid_cell)) +
			(size_t)world->grid.nx * (size_t)world->grid.ny * sizeof(int);
	}
	if (world->swept.filing) {
		total += bs_swept_grid_bytes(&world->swept, n);
	}
	counters.bytes_per_ball = (double)total / (double)n;
	counters.cell_crossings = world->crossing_count;
	counters.stale_events = world->stale_count;
	return counters;
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

bs_physics bs_world_physics(const bs_world* world) {
	return world->physics->kind;
}

const bs_pool_def* bs_world_pool(const bs_world* world) {
	return &world->pool;
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

int bs_world_storage_of_id(const bs_world* world, int id) {
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

bs_ball_kind bs_world_ball_kind(const bs_world* world, int def_index) {
	assert(def_index >= 0 && def_index < world->ball_count &&
		"bs_world_ball_kind: index out of range; pass an index of bs_world_def.balls, or use bs_world_find_ball");
	return (bs_ball_kind)world->kinds[def_index];
}

int bs_world_find_ball(const bs_world* world, int id) {
	int index = bs_world_storage_of_id(world, id);
	return index >= 0 ? bs_world_def_index(world, index) : -1;
}

bs_ball_state bs_ball_state_of(const bs_physics_ops* physics, const bs_table* table, const bs_cloth* cloth,
	const bs_ball* ball, const bs_ball_spin* spin, const bs_vec3* omega, double mass, bs_ball_kind kind, double time) {
	bs_ball_state state;
	state.id = ball->id;
	state.kind = kind;
	state.pos = ball->pos;
	state.vel = bs_v2(0.0, 0.0);
	state.omega = bs_v3(0.0, 0.0, 0.0);
	state.motion = BS_MOTION_POCKETED;
	if (!ball->pocketed) {
		bs_ball_motion now = physics->motion_of(ball, spin, omega, cloth, time);
		state.pos = bs_table_wrap(table, now.pos);
		state.vel = now.vel;
		state.omega = now.omega;
		state.motion = now.motion;
	}
	state.radius = ball->radius;
	state.mass = mass;
	state.pocketed = ball->pocketed;
	state.pocket = ball->pocketed ? ball->last_target : -1;
	state.pocket_time = ball->pocketed ? ball->time : 0.0;
	return state;
}

bs_ball_state bs_world_ball_state(const bs_world* world, int def_index, double time) {
	assert(def_index >= 0 && def_index < world->ball_count &&
		"bs_world_ball_state: index out of range; pass an index of bs_world_def.balls, or use bs_world_find_ball");
	assert(time >= world->time && "bs_world_ball_state: ask for a time at or after bs_world_time(); earlier states are gone");
	int index = bs_world_storage_index(world, def_index);
	return bs_ball_state_of(world->physics, &world->table, &world->cloth, &world->balls[index],
		world->spin ? &world->spin[index] : NULL, world->omega ? &world->omega[index] : NULL, world->cold[index].mass,
		(bs_ball_kind)world->kinds[def_index], time);
}

bs_totals bs_world_totals(const bs_world* world) {
	bs_totals totals;
	totals.kinetic_energy = 0.0;
	totals.translational_energy = 0.0;
	totals.rotational_energy = 0.0;
	totals.momentum = bs_v2(0.0, 0.0);
	totals.balls_on_table = 0;
	totals.pocketed_energy = world->pocketed_energy;
	for (int d = 0; d < world->ball_count; ++d) {
		int i = bs_world_storage_index(world, d);
		const bs_ball* ball = &world->balls[i];
		if (ball->pocketed) {
			continue;
		}
		double mass = world->cold[i].mass;
		bs_ball_motion now = bs_world_motion_at(world, i, world->time);
		bs_spin_state spin = {now.vel, now.omega};
		bs_motion_energy energy = bs_motion_energy_of(spin, mass, ball->radius);
		totals.translational_energy += energy.translational;
		totals.rotational_energy += energy.rotational;
		totals.momentum = bs_v2_mad(totals.momentum, mass, now.vel);
		totals.balls_on_table += 1;
	}
	totals.kinetic_energy = totals.translational_energy + totals.rotational_energy;
	return totals;
}

int bs_world_export_balls(const bs_world* world, bs_ball_def* dest) {
	int count = 0;
	for (int d = 0; d < world->ball_count; ++d) {
		int i = bs_world_storage_index(world, d);
		const bs_ball* ball = &world->balls[i];
		if (ball->pocketed) {
			continue;
		}
		bs_ball_def def = bs_default_ball_def();
		def.id = ball->id;
		def.pos = bs_table_wrap(&world->table, bs_world_motion_at(world, i, world->time).pos);
		world->physics->export_motion(world, i, &def);
		def.radius = ball->radius;
		def.mass = world->cold[i].mass;
		def.kind = (bs_ball_kind)world->kinds[d];
		def.anchor.set = true;
		def.anchor.time = ball->time;
		def.anchor.pos = ball->pos;
		// The last contact is kept unless it was a pocket or a ball since
		// pocketed (which the export leaves out); a change of state is no
		// contact.
		bool partner_gone = ball->last_kind == BS_EVENT_BALL && world->balls[ball->last_target].pocketed;
		bool contact = ball->last_kind == BS_EVENT_BALL || ball->last_kind == BS_EVENT_CUSHION ||
			ball->last_kind == BS_EVENT_JAW;
		bs_history history;
		history.last_kind = !contact || partner_gone ? BS_EVENT_NONE : ball->last_kind;
		history.last_target = history.last_kind == BS_EVENT_BALL ? world->balls[ball->last_target].id
			: history.last_kind == BS_EVENT_NONE                    ? -1
																	: ball->last_target;
		history.last_collision_time = world->cold[i].last_collision_time;
		history.arrival_speed = world->cold[i].arrival_speed;
		bs_history_set(&def.anchor, history);
		dest[count++] = def;
	}
	return count;
}
