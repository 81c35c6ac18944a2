// breakshot: resolving one event, the part every physics shares. The balls
// involved are moved to the event's time, the physics' own response moves
// their velocities (physics.h), and each ball records the event as its last
// contact, which prediction reads so that a pair just resolved is never
// detected again. A ball that drops into a pocket leaves the table the
// same way under any physics.
#include "world_resolve.h"

#include <assert.h>
#include <math.h>

bs_ball_motion bs_world_move_to(bs_world* world, int index, double time) {
	bs_ball_motion now = bs_world_motion_at(world, index, time);
	bs_world_anchor_at(world, index, time, now.pos, now.vel);
	return now;
}

bs_obstacle_contact bs_world_obstacle_contact(const bs_world* world, int index, int kind, int target) {
	const bs_ball* ball = &world->balls[index];
	bs_obstacle_contact contact;
	if (kind == BS_EVENT_CUSHION) {
		contact.normal = world->cushion_normals[target];
		contact.point = bs_v2_mad(ball->pos, -ball->radius, contact.normal);
	} else {
		// From the jaw's centre to the ball; the contact is on its arc.
		const bs_arc* arc = &world->table.jaws[target];
		contact.normal = bs_v2_normalize(bs_v2_sub(ball->pos, arc->centre));
		contact.point = arc->radius == 0.0 ? arc->centre : bs_v2_mad(arc->centre, arc->radius, contact.normal);
	}
	return contact;
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

// The ball leaves the table with the energy it had, counted apart so that
// the books still balance (bs_totals.pocketed_energy).
static void drop_into_pocket(bs_world* world, int index, int pocket, bs_event* record) {
	bs_ball* ball = &world->balls[index];
	bs_ball_motion last = bs_world_move_to(world, index, world->time);
	bs_spin_state spin = {last.vel, last.omega};
	bs_motion_energy energy = bs_motion_energy_of(spin, world->cold[index].mass, ball->radius);
	world->pocketed_energy += energy.translational + energy.rotational;
	ball->pocketed = true;
	if (world->use_grid) {
		bs_grid_remove(&world->grid, index);
	}
	world->physics->pocket(world, index, &last);
	record->impulse = 0.0;
	record->point = ball->pos;
	record->normal = bs_v2_normalize(bs_v2_sub(ball->pos, world->table.pockets[pocket].centre));
}

void bs_world_resolve(bs_world* world, int index, int kind, int target, bs_event* record) {
	double now = world->time;
	const bs_physics_ops* physics = world->physics;
	record->kind = (bs_event_kind)kind;
	record->time = now;
	record->a = world->balls[index].id;
	record->b = target;

	switch (kind) {
	case BS_EVENT_BALL: {
		// Resolved and recorded from the lower id towards the higher.
		bool in_order = world->balls[index].id < world->balls[target].id;
		physics->resolve_pair(world, in_order ? index : target, in_order ? target : index, record);
		bs_world_mark(world, index, BS_EVENT_BALL, target, now);
		bs_world_mark(world, target, BS_EVENT_BALL, index, now);
		break;
	}
	case BS_EVENT_CUSHION:
	case BS_EVENT_JAW:
		physics->resolve_obstacle(world, index, kind, target, record);
		bs_world_mark(world, index, kind, target, now);
		break;
	case BS_EVENT_POCKET:
		drop_into_pocket(world, index, target, record);
		bs_world_mark(world, index, kind, target, now);
		break;
	case BS_EVENT_SLIDE_ROLL:
	case BS_EVENT_ROLL_SPIN:
	case BS_EVENT_ROLL_STOP:
	case BS_EVENT_SPIN_STOP:
		assert(physics->change_state && "only a physics with states of motion queues their ends");
		physics->change_state(world, index, kind, record);
		bs_world_mark(world, index, kind, -1, now);
		break;
	default:
		assert(false && "a queued slot always names an event kind");
		break;
	}
}
