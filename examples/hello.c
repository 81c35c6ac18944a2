// hello: a cue ball with follow rolls into two balls on a pool table's
// cloth; print every event until all are at rest, then where they stopped.
// Built and run against an installed library: README.md, "Use it from C".
#include <stdio.h>

#include <breakshot/world.h>

int main(void) {
	bs_ball_def balls[3];
	for (int i = 0; i < 3; ++i) {
		balls[i] = bs_default_ball_def();
		balls[i].id = i;
	}
	balls[0].pos = bs_v2(0.5, 0.635);
	balls[0].vel = bs_v2(2.0, 0.0); // m/s, towards the others
	// Rolling spin is vel.x / R about +y; twice that is follow.
	balls[0].omega = bs_v3(0.0, 2.0 * 2.0 / BS_DEFAULT_RADIUS, 0.0);
	balls[1].pos = bs_v2(1.5, 0.635);
	balls[2].pos = bs_v2(1.6, 0.66);

	// A 2.54 m x 1.27 m table, pool physics with pooltool's coefficients.
	bs_world_def def = bs_default_pool_world_def();
	def.balls = balls;
	def.ball_count = 3;
	bs_def_report report;
	if (!bs_world_def_check(&def, &report)) {
		fprintf(stderr, "hello: %s\n", report.message);
		return 1;
	}

	bs_world* world = bs_world_create(&def);
	while (bs_world_step(world)) {
		bs_event e = bs_world_last_event(world);
		printf("t = %.6f s  %-10s a = %d  b = %2d  impulse = %.4f N s\n", e.time, bs_event_kind_name(e.kind), e.a,
			e.b, e.impulse);
	}
	for (int i = 0; i < 3; ++i) {
		bs_ball_state ball = bs_world_ball_state(world, i, bs_world_time(world));
		printf("ball %d: %s at (%.4f, %.4f) m\n", ball.id, bs_motion_state_name(ball.motion), ball.pos.x, ball.pos.y);
	}
	bs_world_destroy(world);
	return 0;
}
