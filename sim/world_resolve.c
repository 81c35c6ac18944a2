// breakshot: resolving one event. The balls involved are moved to the event's
// time, the contact's impulse is applied (collide.h), and each ball records
// the event as its last contact, which prediction reads so that a pair just
// resolved is never detected again.
#include "world_resolve.h"

#include <assert.h>
#include <math.h>

#include "collide.h"

// Re-anchors a ball at `time` (wrapped into the box on a periodic table) and
// files it under the cell of its new anchor. The speed it arrives at is
// kept: the new position carries the rounding of `time` at that speed.
static void move_to(bs_world* world, int index, double time) {
	bs_ball* ball = &world->balls[index];
	world->cold[index].arrival_speed = bs_v2_len(ball->vel);
	ball->pos = bs_table_wrap(&world->table, bs_ball_position_at(ball, time));
	ball->time = time;
	if (world->use_grid) {
		bs_grid_place(&world->grid, index, ball->pos);
	}
}

// The restitution to use, with the elastic window guarding against inelastic
// collapse: a ball that collided very recently collides elastically.
static double effective_restitution(const bs_world* world, double e, int a, int b, double now) {
	if (e >= 1.0 || world->elastic_window <= 0.0) {
		return e;
	}
	if (now - world->cold[a].last_collision_time < world->elastic_window) {
		return 1.0;
	}
	if (b >= 0 && now - world->cold[b].last_collision_time < world->elastic_window) {
		return 1.0;
	}
	return e;
}

// Without friction an inelastic world never comes to rest: speeds shrink
// geometrically towards underflow. A ball an inelastic collision leaves
// slower than the rest speed is stopped.
static bool is_resting(const bs_world* world, const bs_ball* ball) {
	return bs_v2_len2(ball->vel) < world->rest_speed * world->rest_speed;
}

void bs_world_mark(bs_world* world, int index, int kind, int target, double now) {
	bs_ball* ball = &world->balls[index];
	ball->count += 1;
	ball->last_kind = (int8_t)kind;
	ball->last_target = target;
	if (kind == BS_EVENT_BALL || kind == BS_EVENT_CUSHION || kind == BS_EVENT_JAW) {
		world->cold[index].last_collision_time = now;
	}
}

// Stops each ball of a pair that an inelastic collision left slower than the
// rest speed. The pair left the collision not approaching (at e = 0, with
// the same speed along the normal n, from i to j) and is not examined again
// until one of them has another event, so when only one ball stops, the
// other loses its speed towards it: otherwise it would move into the
// stopped ball unseen.
static void stop_resting_pair(const bs_world* world, bs_ball* bi, bs_ball* bj, bs_vec2 n) {
	bool i_rests = is_resting(world, bi);
	bool j_rests = is_resting(world, bj);
	if (i_rests) {
		bi->vel = bs_v2(0.0, 0.0);
	}
	if (j_rests) {
		bj->vel = bs_v2(0.0, 0.0);
	}
	if (i_rests == j_rests) {
		return;
	}
	double approach = bs_v2_dot(bs_v2_sub(bi->vel, bj->vel), n);
	if (approach > 0.0) {
		bs_ball* moving = i_rests ? bj : bi;
		moving->vel = bs_v2_mad(moving->vel, i_rests ? approach : -approach, n);
	}
}

static void resolve_ball_pair(bs_world* world, int i, int j, bs_event* record) {
	// Record from the lower id (a) towards the higher (b).
	if (world->balls[j].id < world->balls[i].id) {
		int swap = i;
		i = j;
		j = swap;
	}
	bs_ball* bi = &world->balls[i];
	bs_ball* bj = &world->balls[j];
	double now = world->time;
	move_to(world, i, now);
	move_to(world, j, now);
	bs_vec2 n = bs_v2_normalize(bs_table_nearest(&world->table, bs_v2_sub(bj->pos, bi->pos)));
	double e = effective_restitution(world, world->ball_restitution, i, j, now);
	double impulse = bs_resolve_balls(&bi->vel, world->cold[i].mass, &bj->vel, world->cold[j].mass, n, e);
	if (e < 1.0) {
		stop_resting_pair(world, bi, bj, n);
	}
	bs_world_record_pair(record, bi, bj, impulse, n);
}

static void resolve_obstacle(bs_world* world, int index, bs_vec2 n, bs_vec2 point, bs_event* record) {
	bs_ball* ball = &world->balls[index];
	double e = effective_restitution(world, world->cushion_restitution, index, -1, world->time);
	record->impulse = bs_resolve_obstacle(&ball->vel, world->cold[index].mass, n, e);
	if (e < 1.0 && is_resting(world, ball)) {
		ball->vel = bs_v2(0.0, 0.0);
	}
	record->normal = n;
	record->point = point;
}

static void drop_into_pocket(bs_world* world, int index, int pocket, bs_event* record) {
	bs_ball* ball = &world->balls[index];
	world->pocketed_energy += 0.5 * world->cold[index].mass * bs_v2_dot(ball->vel, ball->vel);
	ball->pocketed = true;
	if (world->use_grid) {
		bs_grid_remove(&world->grid, index);
	}
	record->impulse = 0.0;
	record->point = ball->pos;
	record->normal = bs_v2_normalize(bs_v2_sub(ball->pos, world->table.pockets[pocket].centre));
}

void bs_world_resolve(bs_world* world, int index, int kind, int target, bs_event* record) {
	double now = world->time;
	bs_ball* ball = &world->balls[index];
	record->kind = (bs_event_kind)kind;
	record->time = now;
	record->a = ball->id;
	record->b = target;
	if (world->spin) {
		bs_world_resolve_pool(world, index, kind, target, record);
		return;
	}

	switch (kind) {
	case BS_EVENT_BALL:
		resolve_ball_pair(world, index, target, record);
		bs_world_mark(world, index, BS_EVENT_BALL, target, now);
		bs_world_mark(world, target, BS_EVENT_BALL, index, now);
		break;
	case BS_EVENT_CUSHION: {
		move_to(world, index, now);
		bs_vec2 n = world->cushion_normals[target];
		resolve_obstacle(world, index, n, bs_v2_mad(ball->pos, -ball->radius, n), record);
		bs_world_mark(world, index, kind, target, now);
		break;
	}
	case BS_EVENT_JAW: {
		move_to(world, index, now);
		bs_vec2 q = world->table.jaws[target];
		resolve_obstacle(world, index, bs_v2_normalize(bs_v2_sub(ball->pos, q)), q, record);
		bs_world_mark(world, index, kind, target, now);
		break;
	}
	case BS_EVENT_POCKET:
		move_to(world, index, now);
		drop_into_pocket(world, index, target, record);
		bs_world_mark(world, index, kind, target, now);
		break;
	default:
		assert(false && "a queued slot always names an event kind");
		break;
	}
}
