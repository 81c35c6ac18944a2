// The cushion models side by side (sim/cushion_contact.h,
// sim/cushion_mathavan.h, sim/cushion_stronge.h): what every model must
// keep (energy, its frictionless limit, head-on and mirrored shots),
// Mathavan's convergence, its agreement with the paper's integration scheme
// and with what the paper's text says of its Figs. 7 to 10, Stronge's
// three regimes against a direct integration of the compliant contact, the
// models side by side with pooltool's coefficients, and the models in a
// world: event times unchanged, scene fields read, written and checked.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "contact_helpers.h"
#include "cushion_contact.h"
#include "cushion_mathavan.h"
#include "cushion_stronge.h"
#include <breakshot/scene.h>
#include <breakshot/world.h>

static const double m = BS_DEFAULT_MASS;
static const double r = BS_DEFAULT_RADIUS;

static const bs_cushion_model models[] = {BS_CUSHION_MODEL_IDEAL, BS_CUSHION_MODEL_HAN_2005,
	BS_CUSHION_MODEL_MATHAVAN_2010, BS_CUSHION_MODEL_STRONGE_COMPLIANT};
static const char* const model_names[] = {"ideal", "han2005", "mathavan_2010", "stronge_compliant"};
#define MODEL_COUNT 4

// The defaults of a world under pool physics, for model `kind`.
static bs_cushion_params defaults(bs_cushion_model kind, double radius) {
	bs_pool_def pool = bs_default_pool_def();
	return bs_cushion_params_of(&pool, kind, BS_POOL_CUSHION_RESTITUTION, radius);
}

// A shot at a cushion along x whose normal n = (0, 1) points to the ball: a
// speed, an incidence from the normal (degrees, > 0 travelling +x), and a
// spin given as topspin (multiples of natural roll: 1 rolls, 0 is stun, 2
// overspin, -1 draw) and sidespin (multiples of speed / R, > 0 running
// english: it turns the ball's far side along its travel along the rail).
typedef struct shot {
	double speed, incidence, top, side;
} shot;

static const bs_vec2 rail_normal = {0.0, 1.0};

static void shot_state(shot s, bs_vec2* v, bs_vec3* w) {
	*v = bs_v2(s.speed * sin(rad(s.incidence)), -s.speed * cos(rad(s.incidence)));
	// Rolling: w_xy = (z x v) / R. Running english, for a ball moving +x
	// into a cushion below it, spins it clockwise seen from above (w_z < 0).
	*w = bs_v3(-v->y / r * s.top, v->x / r * s.top, -s.side * s.speed / r);
}

// The rebound angle from the normal, degrees (> 0 onward along +x).
static double rebound_angle(bs_vec2 v) {
	return deg(atan2(v.x, v.y));
}

static const double grid_speeds[] = {0.5, 1.0, 2.0, 4.0};
static const double grid_angles[] = {0.0, 15.0, 30.0, 45.0, 60.0, 75.0};
// stun, natural roll, overspin, backspin, running and check english (with
// roll), and each english on a stun ball and a draw ball.
static const double grid_spins[][2] = {
	{0, 0}, {1, 0}, {2, 0}, {-1, 0}, {1, 1}, {1, -1}, {0, 1}, {0, -1}, {-1, 1}, {-1, -1}};
#define GRID_SPEEDS (sizeof grid_speeds / sizeof grid_speeds[0])
#define GRID_ANGLES (sizeof grid_angles / sizeof grid_angles[0])
#define GRID_SPINS (sizeof grid_spins / sizeof grid_spins[0])

static void every_model_keeps_energy_from_rising(void) {
	for (int k = 0; k < MODEL_COUNT; ++k) {
		bs_cushion_params model = defaults(models[k], r);
		double worst = -INFINITY;
		int shots = 0;
		for (size_t i = 0; i < GRID_SPEEDS; ++i) {
			for (size_t j = 0; j < GRID_ANGLES; ++j) {
				for (size_t s = 0; s < GRID_SPINS; ++s) {
					shot x = {grid_speeds[i], grid_angles[j], grid_spins[s][0], grid_spins[s][1]};
					bs_vec2 v;
					bs_vec3 w;
					shot_state(x, &v, &w);
					double before = ball_energy(v, w, m, r);
					bs_resolve_cushion_contact(&v, &w, m, r, rail_normal, model);
					double gain = (ball_energy(v, w, m, r) - before) / before;
					if (gain > 1e-14) {
						CHECK_FAIL("%s: %.2f m/s at %.0f deg, top %g side %g: energy rose by %.3g of %.6g J",
							model_names[k], x.speed, x.incidence, x.top, x.side, gain, before);
					}
					worst = fmax(worst, gain);
					++shots;
				}
			}
		}
		printf("     %-17s %d shots: the energy changes by at most %+.3g of itself\n", model_names[k], shots, worst);
	}
}

// With friction off every model reflects the normal velocity by what its
// geometry gives: the ideal one and Mathavan's (whose cloth holds the ball
// down throughout, so the nose's normal velocity reverses with e_e) by e;
// Han's and Stronge's, whose impulse along the tilted normal at the nose
// loses its vertical part to the cloth afterwards, by (1 + e) cos^2 t - 1.
// The velocity along the rail and the spin are kept.
static void frictionless_limits(void) {
	for (int k = 0; k < MODEL_COUNT; ++k) {
		bs_cushion_params model = defaults(models[k], r);
		model.friction = 0.0;
		model.table_friction = 0.0;
		double e = model.restitution;
		double sin_t = (model.height - r) / r, cos_t = sqrt(1.0 - sin_t * sin_t);
		bool tilted = models[k] == BS_CUSHION_MODEL_HAN_2005 || models[k] == BS_CUSHION_MODEL_STRONGE_COMPLIANT;
		double ratio = tilted ? (1.0 + e) * cos_t * cos_t - 1.0 : e;
		for (size_t j = 0; j < GRID_ANGLES; ++j) {
			for (size_t s = 0; s < GRID_SPINS; ++s) {
				shot x = {1.5, grid_angles[j], grid_spins[s][0], grid_spins[s][1]};
				bs_vec2 v;
				bs_vec3 w;
				shot_state(x, &v, &w);
				bs_vec2 v0 = v;
				bs_vec3 w0 = w;
				bs_resolve_cushion_contact(&v, &w, m, r, rail_normal, model);
				CHECK_NEAR(v.y, -ratio * v0.y, 1e-12);
				CHECK_NEAR(v.x, v0.x, 1e-12);
				CHECK_NEAR(r * bs_v3_len(bs_v3_sub(w, w0)), 0.0, 1e-12);
			}
		}
		printf("     %-17s frictionless: the normal velocity comes back at %.4f of itself\n", model_names[k], ratio);
	}
}

// Head-on without spin: nothing sideways, no sidespin, for every model.
static void head_on_stun_goes_straight_back(void) {
	for (int k = 0; k < MODEL_COUNT; ++k) {
		bs_cushion_params model = defaults(models[k], r);
		for (size_t i = 0; i < GRID_SPEEDS; ++i) {
			shot x = {grid_speeds[i], 0.0, 0.0, 0.0};
			bs_vec2 v;
			bs_vec3 w;
			shot_state(x, &v, &w);
			bs_resolve_cushion_contact(&v, &w, m, r, rail_normal, model);
			CHECK(v.y > 0.0);
			CHECK_EQ_DBL(v.x, 0.0);
			CHECK_EQ_DBL(w.y, 0.0);
			CHECK_EQ_DBL(w.z, 0.0);
		}
	}
}

// A shot mirrored left to right (x -> -x: v_x, w_y and w_z change sign)
// rebounds mirrored, exactly (a zero may change its sign).
static void mirrored_shot_mirrored_rebound(void) {
	for (int k = 0; k < MODEL_COUNT; ++k) {
		bs_cushion_params model = defaults(models[k], r);
		for (size_t i = 0; i < GRID_SPEEDS; ++i) {
			for (size_t j = 0; j < GRID_ANGLES; ++j) {
				for (size_t s = 0; s < GRID_SPINS; ++s) {
					shot x = {grid_speeds[i], grid_angles[j], grid_spins[s][0], grid_spins[s][1]};
					bs_vec2 v, u;
					bs_vec3 w, z;
					shot_state(x, &v, &w);
					u = bs_v2(-v.x, v.y);
					z = bs_v3(w.x, -w.y, -w.z);
					bs_resolve_cushion_contact(&v, &w, m, r, rail_normal, model);
					bs_resolve_cushion_contact(&u, &z, m, r, rail_normal, model);
					CHECK_EQ_DBL(u.x, -v.x);
					CHECK_EQ_DBL(u.y, v.y);
					CHECK_EQ_DBL(z.x, w.x);
					CHECK_EQ_DBL(z.y, -w.y);
					CHECK_EQ_DBL(z.z, -w.z);
				}
			}
		}
	}
}

// The models that approach the nose leave a ball that does not approach it
// alone; all of them go to the same rail, whatever its direction, alike.
static void no_impulse_unless_approaching(void) {
	for (int k = 1; k < MODEL_COUNT; ++k) {
		bs_cushion_params model = defaults(models[k], r);
		bs_vec2 v = bs_v2(0.7, 0.2);
		bs_vec3 w = bs_v3(3.0, -40.0, 9.0);
		bs_cushion_contact got = bs_resolve_cushion_contact(&v, &w, m, r, rail_normal, model);
		CHECK_EQ_DBL(got.normal_impulse, 0.0);
		CHECK_EQ_DBL(v.x, 0.7);
		CHECK_EQ_DBL(w.y, -40.0);
	}
}

// ---------------------------------------------------------------------------
// Mathavan

// The halving of the step changes the rebound by less than 0.01 degrees
// at the default step, over the grid.
static void mathavan_converges(void) {
	bs_cushion_params model = defaults(BS_CUSHION_MODEL_MATHAVAN_2010, r);
	double worst = 0.0, worst_speed = 0.0;
	for (size_t i = 0; i < GRID_SPEEDS; ++i) {
		for (size_t j = 0; j < GRID_ANGLES; ++j) {
			for (size_t s = 0; s < GRID_SPINS; ++s) {
				shot x = {grid_speeds[i], grid_angles[j], grid_spins[s][0], grid_spins[s][1]};
				bs_vec2 v, u;
				bs_vec3 w, z;
				shot_state(x, &v, &w);
				u = v;
				z = w;
				bs_cushion_params half = model;
				half.steps = 2 * model.steps;
				bs_resolve_cushion_contact(&v, &w, m, r, rail_normal, model);
				bs_resolve_cushion_contact(&u, &z, m, r, rail_normal, half);
				double change = fabs(rebound_angle(v) - rebound_angle(u));
				double speed_change = fabs(bs_v2_len(v) - bs_v2_len(u)) / bs_v2_len(u);
				if (change >= 0.01) {
					CHECK_FAIL("%.2f m/s at %.0f deg, top %g side %g: %.6f deg at N = %d, %.6f at %d", x.speed,
						x.incidence, x.top, x.side, rebound_angle(v), model.steps, rebound_angle(u), half.steps);
				}
				worst = fmax(worst, change);
				worst_speed = fmax(worst_speed, speed_change);
			}
		}
	}
	printf("     N = %d to %d: the rebound angle moves by at most %.5f deg, its speed by %.2g of itself\n",
		model.steps, 2 * model.steps, worst, worst_speed);
}

// The paper's equations in its own frame, as pooltool's mathavan_2010
// integrates them: x along the cushion, y into it, Euler steps of P_I with
// the slip angles phi (at the nose I, in the plane of x and y') and phi'
// (at the cloth C), until y' stops (compression) and then until the
// nose's normal work returns e_e^2 of what it took. An independent
// transcription, with many small steps; like the paper, it has no care for
// a slip that passes through zero.
typedef struct paper {
	double mass, radius, h, e, mu_s, mu_w;
} paper;

static void paper_solve(paper p, int steps, double* vx, double* vy, double* wx, double* wy, double* wz) {
	double M = p.mass, R = p.radius;
	double st = (p.h - R) / R, ct = sqrt(1.0 - st * st);
	double dp = (1.0 + p.e) * M * *vy / steps;
	double work_c = 0.0, work_r = 0.0;
	bool compressing = true;
	for (int k = 0; k < 100 * steps; ++k) {
		double xi = *vx + *wy * R * st - *wz * R * ct, yi = -*vy * st + *wx * R;
		double xc = *vx - *wy * R, yc = *vy + *wx * R;
		double phi = atan2(yi, xi), phic = atan2(yc, xc);
		double cloth = st + p.mu_w * sin(phi) * ct;
		double dvx = -(p.mu_w * cos(phi) + p.mu_s * cos(phic) * cloth) / M;
		double dvy = -(ct - p.mu_w * st * sin(phi) + p.mu_s * sin(phic) * cloth) / M;
		double f = 5.0 / (2.0 * M * R);
		double dwx = -f * (p.mu_w * sin(phi) + p.mu_s * sin(phic) * cloth);
		double dwy = -f * (p.mu_w * cos(phi) * st - p.mu_s * cos(phic) * cloth);
		double dwz = f * p.mu_w * cos(phi) * ct;
		double step = 1.0;
		bool ends = false;
		if (compressing && *vy + dp * dvy <= 0.0) {
			step = *vy / (-dp * dvy);
			ends = true;
		}
		double vy_end = *vy + step * dp * dvy;
		double work = step * dp * ct * 0.5 * (*vy + vy_end); // > 0 in compression
		if (!compressing && work_r - work >= p.e * p.e * work_c) {
			double a = -0.5 * dp * dp * ct * dvy, b = -dp * ct * *vy, c = p.e * p.e * work_c - work_r;
			step = 2.0 * c / (b + sqrt(b * b + 4.0 * a * c));
			vy_end = *vy + step * dp * dvy;
			work = step * dp * ct * 0.5 * (*vy + vy_end);
			ends = true;
		}
		*vx += step * dp * dvx;
		*vy = vy_end;
		*wx += step * dp * dwx;
		*wy += step * dp * dwy;
		*wz += step * dp * dwz;
		if (compressing) {
			work_c += work;
		} else {
			work_r -= work;
		}
		if (ends) {
			if (!compressing) {
				return;
			}
			compressing = false;
		}
	}
}

// The rebound (speed in m/s, angle from the cushion's line in degrees, as
// the paper plots it) of a ball at speed V, alpha degrees from the cushion,
// with topspin k_top V / R and sidespin k_side V / R, by the paper's
// integration (steps > 0) or breakshot's model (steps = 0).
static void paper_rebound(paper p, double V, double alpha, double k_top, double k_side, int steps, double* speed,
	double* angle) {
	double a = rad(alpha);
	double vx = V * cos(a), vy = V * sin(a);
	double wt = k_top * V / p.radius;
	double wx = -wt * sin(a), wy = wt * cos(a), wz = k_side * V / p.radius;
	if (steps > 0) {
		paper_solve(p, steps, &vx, &vy, &wx, &wy, &wz);
	} else {
		bs_pool_def pool = bs_default_pool_def();
		pool.mathavan_restitution = p.e;
		pool.mathavan_cushion_friction = p.mu_w;
		pool.mathavan_table_friction = p.mu_s;
		pool.cushion_height = p.h / (2.0 * p.radius);
		bs_cushion_params model = bs_cushion_params_of(&pool, BS_CUSHION_MODEL_MATHAVAN_2010, 0.0, p.radius);
		bs_vec2 v = bs_v2(vx, vy);
		bs_vec3 w = bs_v3(wx, wy, wz);
		bs_resolve_cushion_contact(&v, &w, p.mass, p.radius, bs_v2(0.0, -1.0), model);
		vx = v.x, vy = v.y;
	}
	*speed = sqrt(vx * vx + vy * vy);
	*angle = deg(atan2(-vy, vx));
}

// The paper's snooker ball (0.1406 kg, 26.25 mm), nose (7R/5) and
// coefficients (e_e 0.98, mu_s 0.212, mu_w 0.14).
static const paper snooker = {0.1406, 0.02625, 0.03675, 0.98, 0.212, 0.14};

// breakshot's model against the paper's own integration scheme: speed and
// angle against incidence at V = 1 m/s, for topspin k = -1, 0, 1, 2 (no
// sidespin) and for sidespin k = -2 .. 2 on a rolling ball (the spins that
// pooltool's mathavan_2010/_plots.py takes to redraw the paper's Figs. 9
// and 10), with the paper's ball and coefficients. The scheme is run with
// 20000 steps; breakshot's model at its default step must agree within
// 0.005 degrees and 0.02 % of the speed wherever the scheme settles (where
// a slip stops, the scheme's friction chatters: the comparison leaves those
// shots out, and says how many).
static void mathavan_agrees_with_the_papers_scheme(void) {
	const double alphas[] = {10, 20, 30, 40, 50, 60, 70, 80, 89};
	const double tops[][2] = {{-1, 0}, {0, 0}, {1, 0}, {2, 0}, {1, -2}, {1, -1}, {1, 1}, {1, 2}};
	double worst_angle = 0.0, worst_speed = 0.0;
	int compared = 0;
	printf("     alpha:  ");
	for (size_t j = 0; j < sizeof alphas / sizeof alphas[0]; ++j) {
		printf("%7.0f", alphas[j]);
	}
	printf("   (rebound angle from the cushion, deg)\n");
	for (size_t i = 0; i < sizeof tops / sizeof tops[0]; ++i) {
		printf("     top %+g side %+g:", tops[i][0], tops[i][1]);
		for (size_t j = 0; j < sizeof alphas / sizeof alphas[0]; ++j) {
			double s_ref, a_ref, s, a, s_half, a_half;
			paper_rebound(snooker, 1.0, alphas[j], tops[i][0], tops[i][1], 20000, &s_ref, &a_ref);
			paper_rebound(snooker, 1.0, alphas[j], tops[i][0], tops[i][1], 10000, &s_half, &a_half);
			paper_rebound(snooker, 1.0, alphas[j], tops[i][0], tops[i][1], 0, &s, &a);
			printf(" %6.2f", a);
			// Where the paper's scheme has not settled between 10000 and
			// 20000 steps, a slip has stopped and chatters there.
			if (fabs(a_ref - a_half) > 0.002) {
				continue;
			}
			++compared;
			worst_angle = fmax(worst_angle, fabs(a - a_ref));
			worst_speed = fmax(worst_speed, fabs(s - s_ref) / s_ref);
			if (fabs(a - a_ref) > 0.005 || fabs(s - s_ref) > 2e-4 * s_ref) {
				CHECK_FAIL("alpha %.0f, top %g, side %g: %.4f deg %.5f m/s, the paper's scheme %.4f deg %.5f m/s",
					alphas[j], tops[i][0], tops[i][1], a, s, a_ref, s_ref);
			}
		}
		printf("\n");
	}
	int total = (int)(sizeof alphas / sizeof alphas[0] * sizeof tops / sizeof tops[0]);
	printf("     against the paper's scheme on %d of %d shots: within %.4f deg and %.2g of the speed\n", compared,
		total, worst_angle, worst_speed);
	CHECK(compared >= total / 2);
}

// The paper's figures (Mathavan, Jackson and Parkin 2010, section 4). Their
// curves are published as pictures only, for the snooker ball and the
// coefficients above; what the text says of them, quoted in each test, is
// all that is compared, at the accuracy the text gives. Angles are the
// paper's: from the cushion's line, incidence alpha and rebound beta (beta
// over 90 degrees: back to the side the ball came from).

// Fig. 7, "rebound speed versus incident velocity, obtained experimentally
// and numerically", for a rolling ball (omega_T = V0/R) without sidespin
// straight into the cushion (alpha = 90). The text: the measured rebound
// over incident speed, "the equivalent coefficient of restitution for a
// rolling ball perpendicularly colliding with the cushion", is 0.818 on
// average, and e_e = 0.98 with mu_w = 0.14 is the pair (searched in steps
// of 0.01, for V0 < 1.5 m/s) whose numerical rebound speeds fit the
// measurements best. The equations have no scale of speed, so the model's
// line goes through 0 with one slope at every speed. That slope is 0.9107
// here, and the paper's own scheme as written gives it too (run here with
// 20000 steps): the paper's 0.818, 10 % lower, is NOT reproduced. Within
// this model 0.818 takes mu_w between 0.28 and 0.29 at e_e = 0.98, or e_e
// between 0.87 and 0.88 at mu_w = 0.14; the test pins both, so that the
// gap stays measured.
static double head_on_rolling_ratio(paper p) {
	double speed, angle;
	paper_rebound(p, 1.0, 90.0, 1.0, 0.0, 0, &speed, &angle);
	return speed;
}

static void mathavan_paper_figure_7(void) {
	double ratio = head_on_rolling_ratio(snooker);
	double worst = 0.0;
	for (int i = 1; i <= 12; ++i) {
		double V = 0.25 * i, speed, angle;
		paper_rebound(snooker, V, 90.0, 1.0, 0.0, 0, &speed, &angle);
		CHECK_NEAR(angle, 90.0, 1e-9);
		worst = fmax(worst, fabs(speed / V - ratio));
	}
	CHECK(worst < 1e-12);
	CHECK_NEAR(ratio, 0.9107, 5e-4);
	double scheme, angle;
	paper_rebound(snooker, 1.0, 90.0, 1.0, 0.0, 20000, &scheme, &angle);
	CHECK_NEAR(ratio, scheme, 1e-4);
	paper rougher = snooker, softer = snooker;
	rougher.mu_w = 0.29;
	softer.mu_w = 0.28;
	CHECK(head_on_rolling_ratio(rougher) < 0.818 && 0.818 < head_on_rolling_ratio(softer));
	paper less = snooker, more = snooker;
	less.e = 0.87;
	more.e = 0.88;
	CHECK(head_on_rolling_ratio(less) < 0.818 && 0.818 < head_on_rolling_ratio(more));
	printf("     rolling, head-on: rebound %.4f of the incident speed at 0.25 to 3 m/s (to %.1g), the paper's "
		   "scheme %.4f; the paper measured 0.818\n",
		ratio, worst, scheme);
	printf("     0.818 within this model: mu_w 0.28 -> %.4f, 0.29 -> %.4f; e_e 0.87 -> %.4f, 0.88 -> %.4f\n",
		head_on_rolling_ratio(softer), head_on_rolling_ratio(rougher), head_on_rolling_ratio(less),
		head_on_rolling_ratio(more));
}

// Fig. 8, rebound speed and angle against incidence "for different rolling
// velocities with no sidespin" (the speeds are not in the text: here 0.5
// to 2.5 m/s, the paper's range for a rigid cushion). The text: "the
// monotonous variation of the rebound speed with the incident speed" and
// "the rebound angle plots are identical for different ball speeds". Here:
// the angle is the same at every speed to 1e-9 degrees, and the speed
// proportional to the incident speed to 1e-12 of itself.
static void mathavan_paper_figure_8(void) {
	double worst_angle = 0.0, worst_ratio = 0.0;
	printf("     alpha    beta  speed/V0   (rolling, no sidespin, every V0 in 0.5 .. 2.5 m/s)\n");
	for (int j = 1; j <= 89; j += 2) {
		double s1, a1;
		paper_rebound(snooker, 1.0, j, 1.0, 0.0, 0, &s1, &a1);
		double last_speed = 0.0;
		for (int i = 1; i <= 5; ++i) {
			double V = 0.5 * i, s, a;
			paper_rebound(snooker, V, j, 1.0, 0.0, 0, &s, &a);
			CHECK(s > last_speed);
			last_speed = s;
			worst_angle = fmax(worst_angle, fabs(a - a1));
			worst_ratio = fmax(worst_ratio, fabs(s / V - s1) / s1);
		}
		if (j % 10 == 1) {
			printf("     %5d  %6.2f  %.4f\n", j, a1, s1);
		}
	}
	CHECK(worst_angle < 1e-9);
	CHECK(worst_ratio < 1e-12);
	printf("     across the speeds: the angle differs by at most %.2g deg, speed / V0 by %.2g of itself\n",
		worst_angle, worst_ratio);
}

// The rebound speed (m/s) and angle (degrees from the cushion) at V0 = 1
// m/s for alpha = 1, 2, ... 90 degrees (index alpha - 1).
typedef struct curve {
	double speed[90], angle[90];
} curve;

static curve paper_curve(double k_top, double k_side) {
	curve c;
	for (int j = 0; j < 90; ++j) {
		paper_rebound(snooker, 1.0, j + 1.0, k_top, k_side, 0, &c.speed[j], &c.angle[j]);
	}
	return c;
}

// Fig. 9, rebound speed and angle against incidence at V0 = 1 m/s for
// topspins omega_T = k V0/R, no sidespin (the k are not in the text; here
// -1, 0, 1, 2, as pooltool redraws it). The text, and what is checked:
// - "when the ball is overspinning before the collision, its rebound [speed]
//   tends to be generally higher": k = 2 faster than k = 1 at every alpha;
// - "when the topspin of the ball is omega_T = 2 V0/R, at 90 degrees
//   incident angle, the rebound speed reaches the incident speed value of
//   V0": read as within 2.5 %; here 0.98 V0, exactly e_e V0 (neither slip
//   stops, so the normal velocity changes at one rate throughout, and the
//   work's ratio e_e^2 is the square of the velocities');
// - "for any given speed-spin conditions, the speed loss is largest for the
//   ball incident angles around 40 degrees": the slowest rebound of each k
//   at alpha within 40 +- 5 (here 39 to 44);
// - "the rebound angles are not greatly affected by the excessive topspin"
//   gives no number: here k = 2 rebounds up to 4.90 degrees nearer the
//   cushion's line than k = 1 (at alpha 55), more than k = 0 parts from
//   k = 1 (3.55); pinned, so that a change shows.
static void mathavan_paper_figure_9(void) {
	const double ks[] = {-1, 0, 1, 2};
	curve c[4];
	for (int i = 0; i < 4; ++i) {
		c[i] = paper_curve(ks[i], 0.0);
		int slowest = 0;
		for (int j = 0; j < 90; ++j) {
			slowest = c[i].speed[j] < c[i].speed[slowest] ? j : slowest;
		}
		if (abs(slowest + 1 - 40) > 5) {
			CHECK_FAIL("k = %g: the slowest rebound at alpha %d", ks[i], slowest + 1);
		}
		printf("     k = %+g: slowest rebound %.3f m/s at alpha %d; at 90: %.4f m/s\n", ks[i], c[i].speed[slowest],
			slowest + 1, c[i].speed[89]);
	}
	double closest = INFINITY, widest = 0.0;
	int widest_at = 0;
	for (int j = 0; j < 90; ++j) {
		closest = fmin(closest, c[3].speed[j] - c[2].speed[j]);
		if (fabs(c[3].angle[j] - c[2].angle[j]) > widest) {
			widest = fabs(c[3].angle[j] - c[2].angle[j]);
			widest_at = j + 1;
		}
	}
	double stun_apart = 0.0;
	for (int j = 0; j < 90; ++j) {
		stun_apart = fmax(stun_apart, fabs(c[1].angle[j] - c[2].angle[j]));
	}
	CHECK(closest > 0.0);
	CHECK(stun_apart < widest);
	CHECK_NEAR(widest, 4.90, 0.01);
	CHECK_EQ_INT(widest_at, 55);
	CHECK_NEAR(c[3].speed[89], 1.0, 0.025);
	CHECK_NEAR(c[3].speed[89], snooker.e, 1e-9);
	printf("     k = 2 over k = 1: faster by at least %.3f m/s, its angle at most %.2f deg away (alpha %d); "
		   "k = 0 at most %.2f\n",
		closest, widest, widest_at, stun_apart);
}

// Fig. 10, rebound speed and angle against incidence at V0 = 1 m/s for a
// rolling ball with sidespin omega_S = k V0/R (here k = -2 .. 2, as
// pooltool redraws it; the text names no k). omega_S > 0, "right spin" in
// the paper, turns the side of the ball at the nose against its travel
// along the rail: running english. The text, and what is checked:
// - "when the ball has right spin ... the rebound speed exceeds the value
//   of the incident speed": k = 2 faster than V0 at every alpha (k = 1
//   is not, here: at most 0.994 V0, grazing);
// - "for higher values of left spin, at higher incident angles towards 90
//   degrees, the rebound velocity exceeds the value of the incident ball
//   speed": k = -2 at alpha = 90 (here from alpha 89.6 on, printed);
// - "when the ball has left spin (k < 0), and for incident angle values
//   close to 90 degrees, the ball bounces back to the side from which it
//   approached the cushion": beta > 90 for k = -1, -2 from alpha = 80
//   (here from 75 and 74), and never without left spin.
static void mathavan_paper_figure_10(void) {
	const double ks[] = {-2, -1, 0, 1, 2};
	curve c[5];
	for (int i = 0; i < 5; ++i) {
		c[i] = paper_curve(1.0, ks[i]);
		int back = 0; // the first alpha from which the ball comes back
		double fastest = 0.0, slowest = INFINITY;
		for (int j = 0; j < 89; ++j) {
			back = c[i].angle[j] > 90.0 ? (back ? back : j + 1) : 0;
			fastest = fmax(fastest, c[i].speed[j]);
			slowest = fmin(slowest, c[i].speed[j]);
			if (ks[i] < 0.0 && j + 1 >= 80) {
				CHECK(c[i].angle[j] > 90.0);
			}
			if (ks[i] >= 0.0) {
				CHECK(c[i].angle[j] < 90.0);
			}
			if (ks[i] == 2.0) {
				CHECK(c[i].speed[j] > 1.0);
			}
		}
		printf("     k = %+g: rebound %.3f to %.3f m/s below alpha 90, %.4f m/s at 90; ", ks[i], slowest, fastest,
			c[i].speed[89]);
		if (back) {
			printf("back to its side from alpha %d\n", back);
		} else {
			printf("never back to its side\n");
		}
	}
	CHECK(c[0].speed[89] > 1.0);
	// Where the larger left spin's rebound overtakes the incident speed.
	double lo = 80.0, hi = 90.0;
	for (int i = 0; i < 30; ++i) {
		double mid = 0.5 * (lo + hi), s, a;
		paper_rebound(snooker, 1.0, mid, 1.0, -2.0, 0, &s, &a);
		if (s > 1.0) {
			hi = mid;
		} else {
			lo = mid;
		}
	}
	printf("     k = -2 rebounds faster than it came from alpha %.2f on\n", hi);
}

// A ball frozen to a rail and a ball rolling into it: the slip at the nose
// and at the cloth pass through zero; the friction must not flip back and
// forth there: the step halving still converges, and the friction's
// direction at each contact turns at most once by more than 90 degrees.
static void mathavan_slip_through_zero_settles(void) {
	bs_cushion_params model = defaults(BS_CUSHION_MODEL_MATHAVAN_2010, r);
	// Near head-on with little spin, the nose's slip stops (Han's sticking
	// case) and the cloth's with it.
	for (int i = 0; i < 3; ++i) {
		shot x = {1.0, 2.0 * i, 0.3, 0.0};
		double angles[3];
		for (int h = 0; h < 3; ++h) {
			bs_cushion_params step = model;
			step.steps = model.steps << h;
			bs_vec2 v;
			bs_vec3 w;
			shot_state(x, &v, &w);
			bs_resolve_cushion_contact(&v, &w, m, r, rail_normal, step);
			angles[h] = rebound_angle(v);
		}
		// The differences shrink as the step does: no chatter.
		CHECK(fabs(angles[1] - angles[2]) <= fabs(angles[0] - angles[1]) + 1e-9);
		CHECK(fabs(angles[0] - angles[1]) < 0.01);
	}
}

// The steps an impact takes: the frictionless one takes exactly N.
static void mathavan_step_rule(void) {
	bs_cushion_params model = defaults(BS_CUSHION_MODEL_MATHAVAN_2010, r);
	model.friction = 0.0;
	model.table_friction = 0.0;
	bs_vec2 v = bs_v2(0.3, -1.2);
	bs_vec3 w = bs_v3(0, 0, 0);
	int steps = 0;
	bs_resolve_cushion_mathavan_counted(&v, &w, m, r, rail_normal, model, &steps);
	CHECK(abs(steps - model.steps) <= 1);
	model = defaults(BS_CUSHION_MODEL_MATHAVAN_2010, r);
	int most = 0;
	for (size_t s = 0; s < GRID_SPINS; ++s) {
		shot x = {2.0, 45.0, grid_spins[s][0], grid_spins[s][1]};
		shot_state(x, &v, &w);
		bs_resolve_cushion_mathavan_counted(&v, &w, m, r, rail_normal, model, &steps);
		most = steps > most ? steps : most;
	}
	CHECK(most <= 2 * model.steps);
	printf("     N = %d: a frictionless impact takes %d steps, the grid's at 45 degrees at most %d\n", model.steps,
		model.steps, most);
}

// ---------------------------------------------------------------------------
// Stronge

// A direct integration of the compliant contact, in time units of
// 1/omega_n: the tangential spring stretch u is tried as a stick (u += v
// dt) and held to friction's reach mu eta2 (normal force) when beyond it
// (the slider slips); the contact point's velocity v changes at
// -omega_ratio^2 u. Many small steps, first order.
static double stronge_by_steps(double a, double slip, double e, double mu, double ratio) {
	double eta2 = 3.5 / (ratio * ratio);
	double t_c = 0.5 * BS_PI, t_f = t_c * (1.0 + e);
	int steps = 400000;
	double dt = t_f / steps, u = 0.0, v = slip;
	for (int k = 1; k <= steps; ++k) {
		double t = k * dt;
		double phase = t <= t_c ? t : t_c + (t - t_c) / e;
		double reach = mu * eta2 * a * sin(phase);
		u += v * dt;
		if (fabs(u) > reach) {
			u = u > 0.0 ? reach : -reach;
		}
		v -= ratio * ratio * u * dt;
	}
	return v;
}

// Each regime reached by a cushion shot, its tangential outcome against the
// direct integration, and gross slip against its closed form s - mu (7/2)
// (1 + e) a. The boundaries: stick-slip below s/a = mu eta2, gross slip
// above mu ((1 + e) 7/2 - eta2 / e) (pooltool's is_initial_stick and
// is_gross_slip).
static void stronge_three_regimes(void) {
	bs_cushion_params model = defaults(BS_CUSHION_MODEL_STRONGE_COMPLIANT, r);
	double e = model.restitution, mu = model.friction, ratio = model.omega_ratio;
	double eta2 = 3.5 / (ratio * ratio);
	double stick_below = mu * eta2, gross_above = mu * ((1.0 + e) * 3.5 - eta2 / e);
	struct {
		shot x;
		bs_stronge_regime regime;
		const char* name;
	} cases[] = {
		{{1.0, 0.0, -0.2, 0.0}, BS_STRONGE_STICK_SLIP, "stick-slip: head-on, a little draw"},
		{{1.0, 0.0, 0.0, 0.0}, BS_STRONGE_SLIP_STICK_SLIP, "slip-stick-slip: head-on stun"},
		{{1.0, 60.0, 0.0, 0.0}, BS_STRONGE_GROSS_SLIP, "gross slip: stun at 60 degrees"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
		bs_vec2 v;
		bs_vec3 w;
		shot_state(cases[i].x, &v, &w);
		// The nose's approach and slip, as the model sees them.
		double sin_t = (model.height - r) / r, cos_t = sqrt(1.0 - sin_t * sin_t);
		bs_vec3 normal = bs_v3(0.0, cos_t, -sin_t);
		bs_vec3 contact = bs_v3_scale(-r, normal);
		bs_vec3 u = bs_v3_add(bs_v3_of_v2(v), bs_v3_cross(w, contact));
		double approach = -bs_v3_dot(u, normal);
		double slip = bs_v3_len(bs_v3_mad(u, -bs_v3_dot(u, normal), normal));
		bs_stronge_regime regime;
		double after = bs_stronge_slip_after(approach, slip, e, mu, ratio, &regime);
		CHECK_EQ_INT(regime, cases[i].regime);
		double direct = stronge_by_steps(approach, slip, e, mu, ratio);
		CHECK_NEAR(after, direct, 2e-4 * approach);
		if (regime == BS_STRONGE_GROSS_SLIP) {
			CHECK_NEAR(after, slip - mu * 3.5 * (1.0 + e) * approach, 1e-14);
		}
		printf("     %-38s s/a = %.3f: slip %.4f -> %+.4f m/s (stepped %+.4f)\n", cases[i].name, slip / approach,
			slip, after, direct);
		bs_cushion_contact got = bs_resolve_cushion_contact(&v, &w, m, r, rail_normal, model);
		CHECK(v.y > 0.0);
		CHECK_EQ_INT(got.sliding, regime == BS_STRONGE_GROSS_SLIP);
	}
	// Either side of each boundary.
	const double sides[] = {stick_below * 0.99, stick_below * 1.01, gross_above * 0.99, gross_above * 1.01};
	const bs_stronge_regime expected[] = {
		BS_STRONGE_STICK_SLIP, BS_STRONGE_SLIP_STICK_SLIP, BS_STRONGE_SLIP_STICK_SLIP, BS_STRONGE_GROSS_SLIP};
	for (int i = 0; i < 4; ++i) {
		bs_stronge_regime regime;
		double after = bs_stronge_slip_after(1.0, sides[i], e, mu, ratio, &regime);
		CHECK_EQ_INT(regime, expected[i]);
		CHECK_NEAR(after, stronge_by_steps(1.0, sides[i], e, mu, ratio), 2e-4);
	}
	// Over the whole range, and other restitutions and ratios: the outcome
	// is the direct integration's and never faster than the slip.
	for (int i = 0; i <= 40; ++i) {
		double s = 0.05 * i, ee = 0.3 + 0.0175 * i, q = 1.05 + 0.022 * i;
		double after = bs_stronge_slip_after(1.0, s, ee, 0.25, q, NULL);
		CHECK_NEAR(after, stronge_by_steps(1.0, s, ee, 0.25, q), 3e-4);
		CHECK(fabs(after) <= s);
	}
}

// ---------------------------------------------------------------------------
// How far the models part

// The rebound angle from the normal (degrees) of a shot at `incidence`
// degrees from the normal with topspin `top` (multiples of natural roll).
static double rebound_of(bs_cushion_params model, double speed, double incidence, double top) {
	shot x = {speed, incidence, top, 0.0};
	bs_vec2 v;
	bs_vec3 w;
	shot_state(x, &v, &w);
	bs_resolve_cushion_contact(&v, &w, m, r, rail_normal, model);
	return rebound_angle(v);
}

// The largest |a - b| over incidences 0 to 89.9 degrees in steps of 0.1 at
// 1 m/s, and where.
static double widest_gap(bs_cushion_params a, bs_cushion_params b, double top, double* at) {
	double widest = 0.0;
	for (int i = 0; i < 900; ++i) {
		double gap = fabs(rebound_of(a, 1.0, 0.1 * i, top) - rebound_of(b, 1.0, 0.1 * i, top));
		if (gap > widest) {
			widest = gap;
			*at = 0.1 * i;
		}
	}
	return widest;
}

// How far the models' rebounds part (docs/pool.md, "Cushion models"). With
// the defaults, a ball at 1 m/s rebounds at (han2005 / mathavan_2010 /
// stronge_compliant, degrees from the normal): stun at 45 degrees 44.5 /
// 34.8 / 42.0, stun at 30 29.6 / 20.5 / 24.2, rolling at 45 44.0 / 38.2 /
// 44.0, draw at 30 35.3 / 20.6 / 33.3.
//
// pooltool gives every model its ball's coefficients: restitution 0.85 and
// friction 0.2 at the nose, and to Mathavan's cloth its sliding friction
// 0.2 (breakshot's Mathavan keeps the paper's fitted 0.98, 0.14 and
// 0.212; Han's and Stronge's defaults are pooltool's); its nose and ball
// are breakshot's. With those, a stun ball 45 degrees from the normal
// rebounds at 44.48 degrees under Han's model and 38.39 under Mathavan's,
// 6.09 closer to the normal; with the paper's coefficients at 34.80, 9.68
// closer. Stronge's (omega ratio 1.8) parts from Han's by up to 5.48
// degrees for a stun ball (at 33.3 degrees), 4.33 with half a natural roll
// of draw, 1.97 with a whole one and under 0.005 with twice; with the ratio
// 1.7 of the pooltool version read, 6.03 for stun. The models have no
// scale of speed: the angles are the same at 0.5 to 2.5 m/s, the speeds
// pooltool's comparison plots take.
static void how_much_the_models_differ(void) {
	bs_cushion_params han = defaults(BS_CUSHION_MODEL_HAN_2005, r);
	bs_cushion_params paper_coefficients = defaults(BS_CUSHION_MODEL_MATHAVAN_2010, r);
	bs_cushion_params stronge = defaults(BS_CUSHION_MODEL_STRONGE_COMPLIANT, r);
	const struct {
		double incidence, top, han, mathavan, stronge;
	} table[] = {{45.0, 0.0, 44.5, 34.8, 42.0}, {30.0, 0.0, 29.6, 20.5, 24.2}, {45.0, 1.0, 44.0, 38.2, 44.0},
		{30.0, -1.0, 35.3, 20.6, 33.3}};
	for (size_t i = 0; i < sizeof table / sizeof table[0]; ++i) {
		double h = rebound_of(han, 1.0, table[i].incidence, table[i].top);
		double p = rebound_of(paper_coefficients, 1.0, table[i].incidence, table[i].top);
		double s = rebound_of(stronge, 1.0, table[i].incidence, table[i].top);
		CHECK_NEAR(h, table[i].han, 0.05);
		CHECK_NEAR(p, table[i].mathavan, 0.05);
		CHECK_NEAR(s, table[i].stronge, 0.05);
		printf("     %.0f deg, topspin %+.0f: %.2f / %.2f / %.2f (han2005 / mathavan_2010 / stronge_compliant)\n",
			table[i].incidence, table[i].top, h, p, s);
	}
	bs_cushion_params mathavan = paper_coefficients;
	mathavan.restitution = BS_POOL_CUSHION_RESTITUTION;
	mathavan.friction = han.friction;
	mathavan.table_friction = bs_default_pool_def().sliding_friction;
	CHECK_EQ_DBL(han.restitution, 0.85);
	CHECK_EQ_DBL(han.friction, 0.2);
	CHECK_EQ_DBL(mathavan.table_friction, 0.2);
	CHECK_EQ_DBL(stronge.omega_ratio, 1.8);
	for (int i = 1; i <= 5; ++i) {
		double speed = 0.5 * i;
		double h = rebound_of(han, speed, 45.0, 0.0), p = rebound_of(mathavan, speed, 45.0, 0.0);
		double q = rebound_of(paper_coefficients, speed, 45.0, 0.0);
		CHECK_NEAR(h, 44.48, 0.005);
		CHECK_NEAR(p, 38.39, 0.005);
		CHECK_NEAR(q, 34.80, 0.005);
		if (i == 2) {
			printf("     stun at 45 deg: han2005 %.2f, mathavan_2010 %.2f with pooltool's coefficients (%.2f closer), "
				   "%.2f with the paper's (%.2f closer)\n",
				h, p, h - p, q, h - q);
		}
	}
	const struct {
		double top, ratio, gap;
	} gaps[] = {{0.0, 1.8, 5.48}, {-0.5, 1.8, 4.33}, {-1.0, 1.8, 1.97}, {-2.0, 1.8, 0.0}, {0.0, 1.7, 6.03}};
	for (size_t i = 0; i < sizeof gaps / sizeof gaps[0]; ++i) {
		bs_cushion_params s = stronge;
		s.omega_ratio = gaps[i].ratio;
		double at = 0.0;
		double gap = widest_gap(s, han, gaps[i].top, &at);
		CHECK_NEAR(gap, gaps[i].gap, 0.005);
		printf("     stronge_compliant (ratio %.1f) against han2005, topspin %+.1f: up to %.3f deg (at %.1f)\n",
			gaps[i].ratio, gaps[i].top, gap, at);
	}
}

// ---------------------------------------------------------------------------
// In a world

static bs_world_def one_ball_at_a_cushion(bs_cushion_model kind, bs_ball_def* ball) {
	bs_world_def def = bs_default_world_def();
	def.table = bs_table_rect(2.0, 1.0);
	def.physics = BS_PHYSICS_POOL;
	def.ball_restitution = BS_POOL_BALL_RESTITUTION;
	def.cushion_restitution = BS_POOL_CUSHION_RESTITUTION;
	def.pool.cushion_model = kind;
	*ball = bs_default_ball_def();
	ball->pos = bs_v2(0.7, 0.4);
	ball->vel = bs_v2(1.1, -1.7);
	ball->omega = bs_v3(20.0, -15.0, 30.0);
	def.balls = ball;
	def.ball_count = 1;
	return def;
}

// The model changes the resolution only: the first cushion event comes at
// the same time, to the bit, under every model, and the state after it
// differs.
static void event_times_unchanged(void) {
	double first_time = 0.0;
	bs_vec2 first_vel = bs_v2(0, 0);
	for (int k = 0; k < MODEL_COUNT; ++k) {
		bs_ball_def ball;
		bs_world_def def = one_ball_at_a_cushion(models[k], &ball);
		bs_def_report report;
		CHECK(bs_world_def_check(&def, &report));
		bs_world* world = bs_world_create(&def);
		bs_event event;
		do {
			CHECK(bs_world_step(world));
			event = bs_world_last_event(world);
		} while (event.kind != BS_EVENT_CUSHION);
		bs_vec2 vel = bs_world_ball_state(world, 0, event.time).vel;
		if (k == 0) {
			first_time = event.time;
			first_vel = vel;
		} else {
			CHECK_SAME_BITS(event.time, first_time);
			CHECK(vel.x != first_vel.x);
		}
		printf("     %-17s first cushion at %.17g s, leaves at (%+.4f, %+.4f) m/s\n", model_names[k], event.time, vel.x,
			vel.y);
		bs_world_destroy(world);
	}
}

// A break under each model runs to rest with validation, and its saved
// state continues it bit for bit (the def's fields go through the scene).
static void models_in_a_scene_round_trip(void) {
	const char* names[] = {"mathavan_2010", "stronge_compliant"};
	for (int k = 0; k < 2; ++k) {
		char text[512];
		snprintf(text, sizeof text,
			"{\"table\": {\"preset\": \"9ft\"}, \"physics\": \"pool\", \"pool\": {\"cushion_model\": \"%s\", "
			"\"mathavan_restitution\": 0.9, \"mathavan_cushion_friction\": 0.15, \"mathavan_table_friction\": 0.2, "
			"\"mathavan_steps\": 150, \"stronge_omega_ratio\": 1.7}, \"rack\": {\"game\": \"9-ball\", \"seed\": 3}, "
			"\"cue\": {\"stick_speed\": 7.0, \"angle_deg\": 1.0, \"tip\": [0.2, 0.1]}}",
			names[k]);
		char error[512];
		bs_scene* scene = bs_scene_create_text(text, "model.json", error, sizeof error);
		CHECK(scene != NULL);
		if (!scene) {
			printf("%s\n", error);
			continue;
		}
		CHECK_EQ_INT(scene->def.pool.cushion_model, k == 0 ? BS_CUSHION_MODEL_MATHAVAN_2010
															 : BS_CUSHION_MODEL_STRONGE_COMPLIANT);
		CHECK_EQ_DBL(scene->def.pool.mathavan_restitution, 0.9);
		CHECK_EQ_INT(scene->def.pool.mathavan_steps, 150);
		CHECK_EQ_DBL(scene->def.pool.stronge_omega_ratio, 1.7);
		char* dumped = bs_scene_dump_def(&scene->def);
		bs_scene* again = bs_scene_create_text(dumped, "again.json", error, sizeof error);
		CHECK(again != NULL);
		if (again) {
			const bs_pool_def *a = &scene->def.pool, *b = &again->def.pool;
			CHECK_EQ_INT(b->cushion_model, a->cushion_model);
			CHECK_SAME_BITS(b->mathavan_restitution, a->mathavan_restitution);
			CHECK_SAME_BITS(b->mathavan_cushion_friction, a->mathavan_cushion_friction);
			CHECK_SAME_BITS(b->mathavan_table_friction, a->mathavan_table_friction);
			CHECK_EQ_INT(b->mathavan_steps, a->mathavan_steps);
			CHECK_SAME_BITS(b->stronge_omega_ratio, a->stronge_omega_ratio);
			bs_scene_destroy(again);
		}
		free(dumped);
		bs_world* world = bs_world_create(&scene->def);
		int events = 0;
		while (events < 100000 && bs_world_step(world)) {
			++events;
		}
		CHECK(events < 100000);
		printf("     a 9-ball break under %s: %d events to rest\n", names[k], events);
		bs_world_destroy(world);
		bs_scene_destroy(scene);
	}
}

// Bad values are refused with the field's path, by the scene reader and by
// the def check alike.
static void bad_values_name_their_field(void) {
	struct {
		const char* pool;
		const char* says;
	} cases[] = {
		{"\"mathavan_restitution\": 1.5", "pool.mathavan_restitution: must be in [0, 1]"},
		{"\"mathavan_cushion_friction\": -1", "pool.mathavan_cushion_friction: must be in [0, 10]"},
		{"\"mathavan_table_friction\": 11", "pool.mathavan_table_friction: must be in [0, 10]"},
		{"\"mathavan_steps\": 5", "pool.mathavan_steps: must be in [10, 1000000]"},
		{"\"mathavan_steps\": 20.5", "pool.mathavan_steps: expected an integer"},
		{"\"stronge_omega_ratio\": 2", "pool.stronge_omega_ratio: must be in (1, 2)"},
		{"\"cushion_model\": \"mathavan\"", "pool.cushion_model: unknown choice \"mathavan\""},
		{"\"cushion_model\": \"mathavan_2010\", \"mathavan_cushion_friction\": 2",
			"pool.mathavan_cushion_friction and pool.mathavan_table_friction are too high"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
		char text[512], error[512];
		snprintf(text, sizeof text,
			"{\"table\": {\"preset\": \"9ft\"}, \"physics\": \"pool\", \"pool\": {%s}, \"balls\": []}", cases[i].pool);
		bs_scene* scene = bs_scene_create_text(text, "bad.json", error, sizeof error);
		CHECK(scene == NULL);
		if (scene) {
			bs_scene_destroy(scene);
			continue;
		}
		CHECK_CONTAINS(error, cases[i].says);
	}
	bs_ball_def ball;
	bs_world_def def = one_ball_at_a_cushion(BS_CUSHION_MODEL_MATHAVAN_2010, &ball);
	bs_def_report report;
	def.pool.mathavan_steps = 0;
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_CONTAINS(report.message, "pool.mathavan_steps");
	def.pool.mathavan_steps = 200;
	def.pool.stronge_omega_ratio = NAN;
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_CONTAINS(report.message, "pool.stronge_omega_ratio");
	def.pool.stronge_omega_ratio = 1.8;
	def.pool.cushion_model = (bs_cushion_model)7;
	CHECK(!bs_world_def_check(&def, &report));
	CHECK_CONTAINS(report.message, "bs_cushion_model");
}

int main(void) {
	RUN(every_model_keeps_energy_from_rising);
	RUN(frictionless_limits);
	RUN(head_on_stun_goes_straight_back);
	RUN(mirrored_shot_mirrored_rebound);
	RUN(no_impulse_unless_approaching);
	RUN(mathavan_converges);
	RUN(mathavan_agrees_with_the_papers_scheme);
	RUN(mathavan_paper_figure_7);
	RUN(mathavan_paper_figure_8);
	RUN(mathavan_paper_figure_9);
	RUN(mathavan_paper_figure_10);
	RUN(mathavan_slip_through_zero_settles);
	RUN(mathavan_step_rule);
	RUN(stronge_three_regimes);
	RUN(how_much_the_models_differ);
	RUN(event_times_unchanged);
	RUN(models_in_a_scene_round_trip);
	RUN(bad_values_name_their_field);
	return check_summary();
}
