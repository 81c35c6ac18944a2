#include "cushion_mathavan.h"

#include <math.h>
#include <stddef.h>

// The most steps an impact may take, as a multiple of N: the frictions
// allowed (bs_mathavan_frictions_end) slow the ball into the cushion at
// least half as fast as the nose alone, so compression takes at most 2 N
// steps and restitution as many.
#define MAX_STEPS_PER_N 8

// The impact's fixed geometry and coefficients, in the table's frame.
typedef struct rail {
	double inv_mass;    // 1/m
	double inv_inertia; // 1/I, I = 2/5 m r^2
	double sin_t, cos_t;
	bs_vec3 normal;     // N = cos t n - sin t z: the nose's push, into the ball
	bs_vec3 at_nose;    // I - G = -r N
	bs_vec3 at_cloth;   // C - G = -r z
	bs_vec3 along;      // z x n: along the cushion, in the nose's tangent plane
	bs_vec3 across;     // sin t n + cos t z: up the nose's tangent plane
	double mu_w, mu_s;
	// How a unit force at I along `along` or `across` changes the slip at I
	// (the ball kept on the cloth: no vertical velocity), and a horizontal
	// one at C the slip at C. A sphere's responses do not mix these
	// directions.
	double response_along, response_across, response_cloth;
} rail;

typedef struct motion {
	bs_vec3 v; // the centre's velocity, z = 0
	bs_vec3 w; // the spin
} motion;

// Rates of change per unit of P_I, and the forces that make them.
typedef struct rates {
	bs_vec3 dv, dw;
	double cloth;    // q: the cloth's normal force
	bs_vec3 nose_friction, cloth_friction;
	bool nose_slides;
} rates;

static bs_vec3 slip_at_nose(const rail* k, const motion* x) {
	bs_vec3 u = bs_v3_add(x->v, bs_v3_cross(x->w, k->at_nose));
	return bs_v3_mad(u, -bs_v3_dot(u, k->normal), k->normal);
}

static bs_vec3 slip_at_cloth(const rail* k, const motion* x) {
	bs_vec3 u = bs_v3_add(x->v, bs_v3_cross(x->w, k->at_cloth));
	u.z = 0.0;
	return u;
}

// The change of the velocity of the ball's point `at` that a force f at
// `from` makes, per unit of P_I, the cloth keeping the centre on the table.
static bs_vec3 response(const rail* k, bs_vec3 f, bs_vec3 from, bs_vec3 at) {
	bs_vec3 dv = bs_v3(f.x * k->inv_mass, f.y * k->inv_mass, 0.0);
	bs_vec3 dw = bs_v3_scale(k->inv_inertia, bs_v3_cross(from, f));
	return bs_v3_add(dv, bs_v3_cross(dw, at));
}

static bs_vec3 tangential_at_nose(const rail* k, bs_vec3 x) {
	return bs_v3_mad(x, -bs_v3_dot(x, k->normal), k->normal);
}

// Coulomb friction of at most `bound`: the force that stops the slip within
// the step (`stopping`) when friction can give it, else the whole bound
// against the slip (the paper's sliding friction). `ahead` is the slip at
// the end of the step, friction aside. A slip under a millionth of the
// step's change to it has no direction worth following (a rolling ball's
// slip at the cloth starts at 0 give or take a rounding): following it
// would set the friction for a whole step by a rounding's sign, an error of
// the first order in the step. Such a slip passes through zero at once, so
// the friction opposes `ahead`.
static bs_vec3 coulomb(bs_vec3 stopping, bs_vec3 slip, bs_vec3 ahead, double bound, bool* slides) {
	double needed2 = bs_v3_dot(stopping, stopping);
	*slides = needed2 > bound * bound;
	if (!*slides) {
		return stopping;
	}
	bs_vec3 change = bs_v3_sub(ahead, slip);
	bs_vec3 against = bs_v3_dot(slip, slip) > 1e-12 * bs_v3_dot(change, change) ? slip : ahead;
	double against2 = bs_v3_dot(against, against);
	if (against2 > 0.0) {
		return bs_v3_scale(-bound / sqrt(against2), against);
	}
	return bs_v3_scale(bound / sqrt(needed2), stopping);
}

// The rates at `x` for a step of `dp`, taking the cloth's friction first as
// `cloth_guess` (the last one found): the nose's friction given the cloth's,
// then the cloth's given the nose's; once more when the nose sticks (a
// sliding nose's friction does not depend on the cloth's).
static rates rates_at(const rail* k, const motion* x, double dp, bs_vec3 cloth_guess) {
	bs_vec3 nose_slip = slip_at_nose(k, x);
	bs_vec3 cloth_slip = slip_at_cloth(k, x);
	bs_vec3 push = bs_v3(k->normal.x * k->inv_mass, k->normal.y * k->inv_mass, 0.0); // N's own, through G
	rates out;
	out.cloth_friction = cloth_guess;
	for (int pass = 0; pass < 2; ++pass) {
		bs_vec3 drift = tangential_at_nose(k,
			bs_v3_add(bs_v3_mad(push, 1.0 / dp, nose_slip), response(k, out.cloth_friction, k->at_cloth, k->at_nose)));
		bs_vec3 stop = bs_v3_add(bs_v3_scale(-bs_v3_dot(drift, k->along) / k->response_along, k->along),
			bs_v3_scale(-bs_v3_dot(drift, k->across) / k->response_across, k->across));
		out.nose_friction = coulomb(stop, nose_slip, bs_v3_scale(dp, drift), k->mu_w, &out.nose_slides);
		double cloth = k->sin_t - out.nose_friction.z;
		out.cloth = cloth > 0.0 ? cloth : 0.0;
		bs_vec3 cloth_drift = bs_v3_add(bs_v3_add(bs_v3_scale(1.0 / dp, cloth_slip), push),
			response(k, out.nose_friction, k->at_nose, k->at_cloth));
		cloth_drift.z = 0.0;
		bool cloth_slides;
		out.cloth_friction = coulomb(bs_v3_scale(-1.0 / k->response_cloth, cloth_drift), cloth_slip,
			bs_v3_scale(dp, cloth_drift), k->mu_s * out.cloth, &cloth_slides);
		if (out.nose_slides) {
			break;
		}
	}
	bs_vec3 f = bs_v3_add(out.nose_friction, out.cloth_friction);
	out.dv = bs_v3_add(push, bs_v3(f.x * k->inv_mass, f.y * k->inv_mass, 0.0));
	out.dw = bs_v3_scale(k->inv_inertia,
		bs_v3_add(bs_v3_cross(k->at_nose, out.nose_friction), bs_v3_cross(k->at_cloth, out.cloth_friction)));
	return out;
}

static void advance(motion* x, const rates* rate, double dp) {
	x->v = bs_v3_mad(x->v, dp, rate->dv);
	x->w = bs_v3_mad(x->w, dp, rate->dw);
}

bool bs_mathavan_frictions_end(double mu_w, double mu_s, double sin_t, double cos_t) {
	return cos_t - mu_w * sin_t - mu_s * (sin_t + mu_w * cos_t) >= 0.5 * cos_t;
}

bs_cushion_contact bs_resolve_cushion_mathavan_counted(bs_vec2* v, bs_vec3* w, double m, double r, bs_vec2 n,
	bs_cushion_params model, int* steps_taken) {
	bs_cushion_contact result = {0.0, 0.0, 0.0, false};
	if (steps_taken) {
		*steps_taken = 0;
	}
	double speed_in = -bs_v2_dot(*v, n);
	if (!(speed_in > 0.0)) {
		return result;
	}
	rail k;
	k.inv_mass = 1.0 / m;
	k.inv_inertia = 1.0 / (0.4 * m * r * r);
	bs_cushion_nose geometry = bs_cushion_nose_of(model.height, r, n);
	k.sin_t = geometry.sin_t;
	k.cos_t = geometry.cos_t;
	k.normal = geometry.normal;
	k.at_nose = geometry.contact;
	k.at_cloth = bs_v3(0.0, 0.0, -r);
	k.along = bs_v3(-n.y, n.x, 0.0);
	k.across = bs_v3(k.sin_t * n.x, k.sin_t * n.y, k.cos_t);
	k.mu_w = model.friction;
	k.mu_s = model.table_friction;
	k.response_along = k.inv_mass + r * r * k.inv_inertia;
	k.response_across = k.sin_t * k.sin_t * k.inv_mass + r * r * k.inv_inertia;
	k.response_cloth = k.inv_mass + r * r * k.inv_inertia;

	double e = model.restitution;
	double dp = (1.0 + e) * m * speed_in / (model.steps * k.cos_t);
	motion x = {bs_v3_of_v2(*v), *w};
	bs_vec3 cloth_guess = bs_v3(0.0, 0.0, 0.0);
	bool compressing = true;
	double work_in = 0.0;  // the nose's normal work taken in compression (J)
	double work_out = 0.0; // given back in restitution
	double nose = 0.0;     // P_I (N s)
	double cloth = 0.0;    // the cloth's normal impulse (N s)
	int limit = MAX_STEPS_PER_N * model.steps;
	int steps = 0;
	bool nose_slides = false;
	while (steps < limit) {
		++steps;
		rates start = rates_at(&k, &x, dp, cloth_guess);
		motion end = x;
		advance(&end, &start, dp);
		rates finish = rates_at(&k, &end, dp, start.cloth_friction);
		rates mean;
		mean.dv = bs_v3_scale(0.5, bs_v3_add(start.dv, finish.dv));
		mean.dw = bs_v3_scale(0.5, bs_v3_add(start.dw, finish.dw));
		mean.cloth = 0.5 * (start.cloth + finish.cloth);
		cloth_guess = finish.cloth_friction;
		nose_slides = start.nose_slides && finish.nose_slides;
		// Along the step the normal velocity v.n is linear, from `into`
		// (< 0 while compressing) at `rate` per unit of P_I.
		double into = bs_v2_dot(bs_v3_xy(x.v), n);
		double rate = bs_v2_dot(bs_v3_xy(mean.dv), n);
		double fraction = 1.0;
		bool phase_ends = false;
		if (compressing) {
			if (into + dp * rate >= 0.0 && rate > 0.0) {
				fraction = fmin(1.0, -into / (dp * rate));
				phase_ends = true;
			}
			// The work -v.N dP, trapezoidal: exact for a linear v.n.
			work_in += -k.cos_t * fraction * dp * (into + 0.5 * fraction * dp * rate);
		} else {
			// The work v.N dP over a fraction f of the step is
			// cos t dp (into f + rate dp f^2 / 2): reach the target exactly.
			double left = e * e * work_in - work_out;
			double whole = k.cos_t * dp * (into + 0.5 * dp * rate);
			if (whole >= left) {
				double a = 0.5 * k.cos_t * dp * dp * rate;
				double b = k.cos_t * dp * into;
				double root = b * b + 4.0 * a * left;
				double denominator = b + sqrt(root > 0.0 ? root : 0.0);
				fraction = denominator > 0.0 ? fmin(1.0, 2.0 * left / denominator) : 1.0;
				phase_ends = true;
			}
			work_out += k.cos_t * fraction * dp * (into + 0.5 * fraction * dp * rate);
		}
		advance(&x, &mean, fraction * dp);
		nose += fraction * dp;
		cloth += fraction * dp * mean.cloth;
		if (phase_ends) {
			if (!compressing) {
				break;
			}
			compressing = false;
			if (!(e * e * work_in > 0.0)) {
				break; // nothing to give back: the impact ends with compression
			}
		}
	}
	if (steps_taken) {
		*steps_taken = steps;
	}
	bs_vec2 dv = bs_v2_sub(bs_v3_xy(x.v), *v);
	*v = bs_v3_xy(x.v);
	*w = x.w;
	result.normal_impulse = m * bs_v2_dot(dv, n);
	result.nose_impulse = nose;
	result.vertical_impulse = -cloth;
	result.sliding = nose_slides;
	return result;
}

bs_cushion_contact bs_resolve_cushion_mathavan(bs_vec2* v, bs_vec3* w, double m, double r, bs_vec2 n,
	bs_cushion_params model) {
	return bs_resolve_cushion_mathavan_counted(v, w, m, r, n, model, NULL);
}
