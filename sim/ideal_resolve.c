// breakshot: resolving a contact under ideal physics: the impulse along the
// normal alone (collide.h), with the elastic window against inelastic
// collapse and the rest speed that stops what an inelastic world would slow
// for ever. The shared part of resolving (world_resolve.c) moves the balls
// and records the contact.
#include "ideal_physics.h"
#include "world_resolve.h"

#include <assert.h>
#include <math.h>

#include "collide.h"

// Moves a disc along its straight path to `time` and anchors it there.
static void move_to(bs_world* world, int index, double time) {
	const bs_ball* ball = &world->balls[index];
	bs_world_anchor_at(world, index, time, bs_ball_position_at(ball, time), ball->vel);
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

void bs_ideal_resolve_pair(bs_world* world, int i, int j, bs_event* record) {
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

void bs_ideal_resolve_obstacle(bs_world* world, int index, int kind, int target, bs_event* record) {
	bs_ball* ball = &world->balls[index];
	move_to(world, index, world->time);
	bs_obstacle_contact contact = bs_world_obstacle_contact(world, index, kind, target);
	double e = effective_restitution(world, world->cushion_restitution, index, -1, world->time);
	record->impulse = bs_resolve_obstacle(&ball->vel, world->cold[index].mass, contact.normal, e);
	if (e < 1.0 && is_resting(world, ball)) {
		ball->vel = bs_v2(0.0, 0.0);
	}
	record->normal = contact.normal;
	record->point = contact.point;
}
