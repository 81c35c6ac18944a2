// Unit tests: a pool ball's motion on the cloth (sim/motion.h), against the
// closed forms of the sliding and rolling model and against what friction
// at the contact point must conserve.
#include <float.h>
#include <math.h>

#include "check.h"
#include "motion.h"
#include "rng.h"

static const double radius = 0.028575;
static const double mass = 0.17;

static bs_cloth pooltool_cloth(void) {
	bs_cloth cloth = {0.2, 0.01, 10.0 / 9.0 * 2.0 / 5.0, 9.81};
	return cloth;
}

static bs_spin_state spin_of(double vx, double vy, double wx, double wy, double wz) {
	bs_spin_state spin = {bs_v2(vx, vy), bs_v3(wx, wy, wz)};
	return spin;
}

// Runs a ball's state to its end as the engine will: advance by the
// duration, then settle into the next state. Returns the end and sets
// *where to the centre's displacement over the state.
static bs_spin_state run_state(bs_motion_state state, bs_spin_state spin, const bs_cloth* cloth, bs_vec2* where,
	double* duration, bs_motion_state* next) {
	bs_vec2 acc = bs_motion_acceleration(state, spin, radius, cloth);
	*duration = bs_motion_duration(state, spin, radius, cloth);
	*where = bs_motion_position(bs_v2(0.0, 0.0), spin.vel, acc, *duration);
	bs_spin_state end = bs_motion_advance(state, spin, acc, radius, cloth, *duration);
	*next = bs_motion_next_state(state, end);
	return bs_motion_settle(*next, end, radius);
}

static void stun_ball_rolls_at_five_sevenths(void) {
	// A stun ball (no spin) slides 12 v0^2 / (49 mu_s g), then rolls at 5/7 v0.
	bs_cloth cloth = pooltool_cloth();
	const double speeds[] = {0.1, 1.0, 3.0, 8.0};
	for (int k = 0; k < 4; ++k) {
		double v0 = speeds[k];
		bs_spin_state stun = spin_of(v0, 0.0, 0.0, 0.0, 0.0);
		CHECK_EQ_INT(bs_motion_classify(stun.vel, stun.omega, radius), BS_MOTION_SLIDING);
		bs_vec2 where;
		double duration;
		bs_motion_state next;
		bs_spin_state end = run_state(BS_MOTION_SLIDING, stun, &cloth, &where, &duration, &next);
		double mu_g = cloth.sliding_friction * cloth.gravity;
		CHECK_REL(duration, 2.0 * v0 / (7.0 * mu_g), 1e-15);
		CHECK_REL(where.x, 12.0 * v0 * v0 / (49.0 * mu_g), 1e-14);
		CHECK_EQ_DBL(where.y, 0.0);
		CHECK_EQ_INT(next, BS_MOTION_ROLLING);
		CHECK_REL(end.vel.x, 5.0 / 7.0 * v0, 1e-14);
		// The spin friction gave it before it settled is the rolling spin.
		bs_spin_state unsettled = bs_motion_advance(BS_MOTION_SLIDING, stun,
			bs_motion_acceleration(BS_MOTION_SLIDING, stun, radius, &cloth), radius, &cloth, duration);
		CHECK_REL(unsettled.omega.y, 5.0 / 7.0 * v0 / radius, 1e-14);
		CHECK_NEAR(unsettled.omega.x, 0.0, 0.0);
	}
}

static void rolling_ball_stops(void) {
	// A rolling ball stops after v0 / (mu_r g), having gone v0^2 / (2 mu_r g).
	bs_cloth cloth = pooltool_cloth();
	double v0 = 1.5;
	double angle = 0.7;
	bs_vec2 vel = bs_v2(v0 * cos(angle), v0 * sin(angle));
	bs_vec2 roll = bs_motion_rolling_omega(vel, radius);
	bs_spin_state rolling = {vel, bs_v3(roll.x, roll.y, 0.0)};
	CHECK_EQ_INT(bs_motion_classify(rolling.vel, rolling.omega, radius), BS_MOTION_ROLLING);
	bs_vec2 where;
	double duration;
	bs_motion_state next;
	bs_spin_state end = run_state(BS_MOTION_ROLLING, rolling, &cloth, &where, &duration, &next);
	double mu_g = cloth.rolling_friction * cloth.gravity;
	CHECK_REL(duration, v0 / mu_g, 1e-15);
	CHECK_REL(bs_v2_len(where), v0 * v0 / (2.0 * mu_g), 1e-14);
	CHECK_NEAR(bs_v2_cross(where, vel), 0.0, 1e-12);
	CHECK_EQ_INT(next, BS_MOTION_STATIONARY);
	CHECK_EQ_DBL(bs_v2_len2(end.vel) + bs_v3_len2(end.omega), 0.0);
}

static void spin_outlasting_the_roll_spins_on(void) {
	// A rolling ball with more side spin than its roll can wear off goes on
	// spinning in place, and stops after |w_z| / (5/2 mu_sp/R g) in all.
	bs_cloth cloth = pooltool_cloth();
	double v0 = 0.2;  // rolls 2.04 s
	double wz = 40.0; // spins 3.67 s
	bs_vec2 vel = bs_v2(v0, 0.0);
	bs_vec2 roll = bs_motion_rolling_omega(vel, radius);
	bs_spin_state rolling = {vel, bs_v3(roll.x, roll.y, wz)};
	bs_vec2 where;
	double roll_time;
	bs_motion_state next;
	bs_spin_state end = run_state(BS_MOTION_ROLLING, rolling, &cloth, &where, &roll_time, &next);
	CHECK_EQ_INT(next, BS_MOTION_SPINNING);
	double decay = 2.5 * cloth.spinning_friction * cloth.gravity;
	CHECK_REL(end.omega.z, wz - decay * roll_time, 1e-14);
	CHECK_EQ_DBL(bs_v2_len2(end.vel), 0.0);
	double spin_time;
	bs_spin_state still = run_state(BS_MOTION_SPINNING, end, &cloth, &where, &spin_time, &next);
	CHECK_EQ_INT(next, BS_MOTION_STATIONARY);
	CHECK_REL(roll_time + spin_time, wz / decay, 1e-14);
	CHECK_EQ_DBL(bs_v3_len2(still.omega), 0.0);
	// Spin that runs out first leaves the roll alone: no event, w_z just 0.
	rolling.omega.z = -1.0;
	bs_spin_state later = bs_motion_advance(BS_MOTION_ROLLING, rolling,
		bs_motion_acceleration(BS_MOTION_ROLLING, rolling, radius, &cloth), radius, &cloth, 1.0);
	CHECK_EQ_DBL(later.omega.z, 0.0);
	CHECK_EQ_INT(bs_motion_next_state(BS_MOTION_ROLLING, later), BS_MOTION_STATIONARY);
}

static void draw_comes_back_and_follow_goes_on(void) {
	bs_cloth cloth = pooltool_cloth();
	bs_vec2 where;
	double duration;
	bs_motion_state next;
	// Backspin on a ball moving along +x is w_y < 0 (rolling forwards is
	// w_y = v/R > 0). With more than 5/2 of the rolling spin backwards, the
	// ball ends its slide moving back: v_end = v0 - 2/7 (v0 - R w_y).
	double v0 = 1.0;
	bs_spin_state draw = spin_of(v0, 0.0, 0.0, -3.0 * v0 / radius, 0.0);
	bs_spin_state end = run_state(BS_MOTION_SLIDING, draw, &cloth, &where, &duration, &next);
	CHECK_EQ_INT(next, BS_MOTION_ROLLING);
	CHECK_REL(end.vel.x, v0 - 2.0 / 7.0 * (v0 + 3.0 * v0), 1e-14);
	CHECK(end.vel.x < 0.0);
	// A cue ball stopped dead with backspin after a full hit draws back.
	bs_spin_state stopped = spin_of(0.0, 0.0, 0.0, -20.0, 0.0);
	end = run_state(BS_MOTION_SLIDING, stopped, &cloth, &where, &duration, &next);
	CHECK(end.vel.x < 0.0 && where.x < 0.0);
	CHECK_REL(end.vel.x, -2.0 / 7.0 * 20.0 * radius, 1e-14);
	// And with topspin it follows through.
	bs_spin_state follow = spin_of(0.0, 0.0, 0.0, 20.0, 0.0);
	end = run_state(BS_MOTION_SLIDING, follow, &cloth, &where, &duration, &next);
	CHECK(end.vel.x > 0.0 && where.x > 0.0);
	// Spin about the x axis works the same way across the table: w_x > 0
	// rolls a ball towards -y.
	bs_spin_state sideways = spin_of(0.0, 0.0, 20.0, 0.0, 0.0);
	end = run_state(BS_MOTION_SLIDING, sideways, &cloth, &where, &duration, &next);
	CHECK(end.vel.y < 0.0 && where.y < 0.0);
	CHECK_NEAR(end.vel.x, 0.0, 0.0);
}

static void sliding_path_curves_towards_the_slip(void) {
	// A ball moving along +x whose contact point also slips towards +y
	// (spin about -x) feels friction towards -y: its path bends that way,
	// as a parabola, while the slip keeps its direction.
	bs_cloth cloth = pooltool_cloth();
	bs_spin_state curving = spin_of(2.0, 0.0, 30.0, 2.0 / radius, 0.0);
	bs_vec2 slip0 = bs_motion_slip(curving.vel, curving.omega, radius);
	CHECK(slip0.y > 0.0);
	bs_vec2 acc = bs_motion_acceleration(BS_MOTION_SLIDING, curving, radius, &cloth);
	double duration = bs_motion_duration(BS_MOTION_SLIDING, curving, radius, &cloth);
	for (int k = 1; k <= 10; ++k) {
		double dt = duration * k / 10.0;
		bs_vec2 p = bs_motion_position(bs_v2(0.0, 0.0), curving.vel, acc, dt);
		CHECK(p.y < 0.0);
		CHECK_REL(p.y, 0.5 * acc.y * dt * dt, 1e-14);
		bs_spin_state later = bs_motion_advance(BS_MOTION_SLIDING, curving, acc, radius, &cloth, dt);
		bs_vec2 slip = bs_motion_slip(later.vel, later.omega, radius);
		// The slip keeps its direction and falls at 7/2 mu_s g.
		CHECK_NEAR(bs_v2_cross(slip, slip0) / bs_v2_len(slip0), 0.0, 1e-12);
		CHECK_NEAR(bs_v2_len(slip), bs_v2_len(slip0) - 3.5 * 0.2 * 9.81 * dt, 1e-12);
	}
}

// Friction acts at the contact point, so it has no moment about that point:
// sliding keeps I w_xy + m R (z x v) as it was, for every start.
static void sliding_keeps_angular_momentum_about_the_contact(void) {
	bs_cloth cloth = pooltool_cloth();
	bs_rng rng = bs_rng_make(7);
	double worst = 0.0;
	for (int trial = 0; trial < 100000; ++trial) {
		bs_spin_state spin = spin_of(bs_rng_range(&rng, -5.0, 5.0), bs_rng_range(&rng, -5.0, 5.0),
			bs_rng_range(&rng, -200.0, 200.0), bs_rng_range(&rng, -200.0, 200.0), bs_rng_range(&rng, -100.0, 100.0));
		if (bs_motion_classify(spin.vel, spin.omega, radius) != BS_MOTION_SLIDING) {
			continue;
		}
		bs_vec2 acc = bs_motion_acceleration(BS_MOTION_SLIDING, spin, radius, &cloth);
		double dt = bs_motion_duration(BS_MOTION_SLIDING, spin, radius, &cloth) * bs_rng_range(&rng, 0.0, 1.0);
		bs_spin_state later = bs_motion_advance(BS_MOTION_SLIDING, spin, acc, radius, &cloth, dt);
		// Per unit mass and radius: 2/5 R w_xy + (z x v).
		double before_x = 0.4 * radius * spin.omega.x - spin.vel.y;
		double before_y = 0.4 * radius * spin.omega.y + spin.vel.x;
		double after_x = 0.4 * radius * later.omega.x - later.vel.y;
		double after_y = 0.4 * radius * later.omega.y + later.vel.x;
		double scale = 1.0 + bs_v2_len(spin.vel) + radius * bs_v3_len(spin.omega);
		double error = (fabs(after_x - before_x) + fabs(after_y - before_y)) / scale;
		worst = error > worst ? error : worst;
	}
	CHECK(worst < 1e-14);
	if (worst >= 1e-14) {
		CHECK_FAIL("largest change of angular momentum about the contact, relative: %.3g", worst);
	}
}

// Kinetic energy never rises along a ball's motion, in any state, and
// falls from state to state; a state's end settles within rounding.
static void energy_falls_through_every_state(void) {
	bs_cloth cloth = pooltool_cloth();
	bs_rng rng = bs_rng_make(11);
	int states_run = 0;
	for (int trial = 0; trial < 20000; ++trial) {
		bs_spin_state spin = spin_of(bs_rng_range(&rng, -8.0, 8.0), bs_rng_range(&rng, -8.0, 8.0),
			bs_rng_range(&rng, -300.0, 300.0), bs_rng_range(&rng, -300.0, 300.0), bs_rng_range(&rng, -100.0, 100.0));
		bs_motion_state state = bs_motion_classify(spin.vel, spin.omega, radius);
		double energy = 0.0;
		{
			bs_motion_energy e = bs_motion_energy_of(spin, mass, radius);
			energy = e.translational + e.rotational;
		}
		for (int step = 0; state != BS_MOTION_STATIONARY; ++step) {
			CHECK(step < 4);
			if (step >= 4) {
				break;
			}
			bs_vec2 acc = bs_motion_acceleration(state, spin, radius, &cloth);
			double duration = bs_motion_duration(state, spin, radius, &cloth);
			double previous = energy;
			for (int k = 1; k <= 8; ++k) {
				bs_spin_state later = bs_motion_advance(state, spin, acc, radius, &cloth, duration * k / 8.0);
				bs_motion_energy e = bs_motion_energy_of(later, mass, radius);
				double now = e.translational + e.rotational;
				if (!(now <= previous * (1.0 + 1e-14))) {
					CHECK_FAIL("energy rose from %.17g to %.17g in state %d", previous, now, (int)state);
				}
				previous = now;
			}
			bs_spin_state end = bs_motion_advance(state, spin, acc, radius, &cloth, duration);
			bs_motion_state next = bs_motion_next_state(state, end);
			bs_spin_state settled = bs_motion_settle(next, end, radius);
			double scale = bs_v2_len(end.vel) + radius * bs_v3_len(end.omega) + 1e-300;
			double moved =
				bs_v2_len(bs_v2_sub(settled.vel, end.vel)) + radius * bs_v3_len(bs_v3_sub(settled.omega, end.omega));
			// Rolling and spinning end at rest up to the rounding of their
			// start's v0 + a t and w0 - decay t.
			double start = bs_v2_len(spin.vel) + radius * bs_v3_len(spin.omega);
			double allowed = 64.0 * DBL_EPSILON * (next == BS_MOTION_ROLLING ? scale : start + scale);
			if (!(moved <= allowed)) {
				CHECK_FAIL("settling state %d into %d moved %.3g (allowed %.3g)", (int)state, (int)next, moved,
					allowed);
			}
			bool rolls_at_rest = next == BS_MOTION_ROLLING && settled.vel.x == 0.0 && settled.vel.y == 0.0;
			if (!rolls_at_rest) {
				CHECK_EQ_INT(bs_motion_classify(settled.vel, settled.omega, radius), next);
			}
			CHECK(next < state);
			bs_motion_energy e = bs_motion_energy_of(settled, mass, radius);
			energy = e.translational + e.rotational;
			spin = settled;
			state = next;
			states_run += 1;
		}
	}
	CHECK(states_run > 40000);
}

static void classify_tolerates_rounding_only(void) {
	// Rolling in exact arithmetic, computed through a rounded division:
	// still rolling. A slip of a millionth of the speed: sliding.
	double v = 1.0 / 3.0;
	bs_vec3 omega = bs_v3(0.0, v / radius, 0.0);
	CHECK_EQ_INT(bs_motion_classify(bs_v2(v, 0.0), omega, radius), BS_MOTION_ROLLING);
	omega.y *= 1.0 + 1e-6;
	CHECK_EQ_INT(bs_motion_classify(bs_v2(v, 0.0), omega, radius), BS_MOTION_SLIDING);
	CHECK_EQ_INT(bs_motion_classify(bs_v2(0.0, 0.0), bs_v3(0.0, 0.0, 3.0), radius), BS_MOTION_SPINNING);
	CHECK_EQ_INT(bs_motion_classify(bs_v2(0.0, 0.0), bs_v3(0.0, 0.0, 0.0), radius), BS_MOTION_STATIONARY);
	// Spin about a horizontal axis in place is sliding, whatever its size.
	CHECK_EQ_INT(bs_motion_classify(bs_v2(0.0, 0.0), bs_v3(1e-300, 0.0, 0.0), radius), BS_MOTION_SLIDING);
}

int main(void) {
	RUN(stun_ball_rolls_at_five_sevenths);
	RUN(rolling_ball_stops);
	RUN(spin_outlasting_the_roll_spins_on);
	RUN(draw_comes_back_and_follow_goes_on);
	RUN(sliding_path_curves_towards_the_slip);
	RUN(sliding_keeps_angular_momentum_about_the_contact);
	RUN(energy_falls_through_every_state);
	RUN(classify_tolerates_rounding_only);
	return check_summary();
}
