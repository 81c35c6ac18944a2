// breakshot: putting a world back to a fresh start in its own memory, for a
// search that runs many shots on one set of balls. Everything a run changes
// is emptied here and the balls are started by the same code as creation
// (bs_world_start), so a reset world and a new one hold the same bits.
#include "world_internal.h"

#include <assert.h>
#include <string.h>

// Whether `balls` are the world's own set: in its def order, ball d with
// the id and the radius (to the bit) of the world's ball d. The radii fixed
// the grid's cells at creation (they are cut for the largest diameter), and
// the ids the storage index by id.
static bool same_ball_set(const bs_world* world, const bs_ball_def* balls, int count) {
	if (count != world->ball_count || (count > 0 && !balls)) {
		return false;
	}
	for (int d = 0; d < count; ++d) {
		const bs_ball* ball = &world->balls[bs_world_storage_index(world, d)];
		if (balls[d].id != ball->id || memcmp(&balls[d].radius, &ball->radius, sizeof ball->radius) != 0) {
			return false;
		}
	}
	return true;
}

#ifndef NDEBUG
// The def a new world of the same choices would be made from, with these
// balls and this start time. Its neighbour search, queue and order are
// left to the engine: the check reads them only as enum values.
static bs_world_def def_of_reset(const bs_world* world, const bs_ball_def* balls, int count, double time) {
	bs_world_def def = bs_default_world_def();
	def.table = bs_table_get_def(&world->table);
	def.physics = world->physics->kind;
	def.pool = world->pool;
	def.time = time;
	def.ball_restitution = world->ball_restitution;
	def.cushion_restitution = world->cushion_restitution;
	def.elastic_window = world->elastic_window;
	def.rest_speed = world->rest_speed;
	def.balls = balls;
	def.ball_count = count;
	return def;
}
#endif

// Empties what a run changes besides the balls (and the last event, which
// bs_world_start sets): the queue, the grids, the counts and counters, as
// bs_world_create leaves them before the balls start.
static void clear_run(bs_world* world) {
	bs_event_queue_clear(&world->queue);
	if (world->use_grid) {
		bs_grid_clear(&world->grid);
	}
	if (world->swept.filing) {
		bs_swept_grid_clear(&world->swept);
	}
	world->reported_pending = 0;
	world->event_count = 0;
	memset(world->kind_counts, 0, sizeof world->kind_counts);
	world->pocketed_energy = 0.0;
	world->reached_time_limit = false;
	world->crossing_count = 0;
	world->crossings_without_event = 0;
	world->meeting_known = false;
	memset(&world->next_meeting, 0, sizeof world->next_meeting);
	world->stale_count = 0;
}

bool bs_world_reset(bs_world* world, const bs_ball_def* balls, int count, double time) {
	if (!same_ball_set(world, balls, count)) {
		return false;
	}
#ifndef NDEBUG
	bs_world_def def = def_of_reset(world, balls, count, time);
	bs_def_report problem;
	bool valid = bs_world_def_check(&def, &problem);
	// A check that ran out of memory says nothing of the balls; the reset,
	// which needs none, goes on unchecked.
	assert((valid || problem.problem == BS_DEF_OUT_OF_MEMORY) &&
		"bs_world_reset: the balls and time make an invalid def; check the world's def with them using "
		"bs_world_def_check() and fix what it reports");
#endif
	clear_run(world);
	bs_world_start(world, balls, time);
	return true;
}
