// hello: a cue ball rolls into two balls on a frictionless table; print every
// event. Build: cc hello.c $(pkg-config --cflags --libs breakshot)
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
	balls[1].pos = bs_v2(1.5, 0.635);
	balls[2].pos = bs_v2(1.6, 0.66);

	bs_world_def def = bs_default_world_def(); // a 2.54 m x 1.27 m table
	def.balls = balls;
	def.ball_count = 3;
	bs_def_report report;
	if (!bs_world_def_check(&def, &report)) {
		fprintf(stderr, "hello: %s\n", report.message);
		return 1;
	}

	bs_world* world = bs_world_create(&def);
	while (bs_world_time(world) < 2.0 && bs_world_step(world)) {
		bs_event e = bs_world_last_event(world);
		printf("t = %.6f s  %-7s a = %d  b = %d  impulse = %.4f N s\n", e.time, bs_event_kind_name(e.kind), e.a,
			e.b, e.impulse);
	}
	bs_world_destroy(world);
	return 0;
}
