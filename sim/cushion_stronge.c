#include "cushion_stronge.h"

#include <math.h>
#include <stddef.h>

// A sphere's tangential response at its surface over its normal one:
// (1/m + R^2/I) / (1/m) with I = 2/5 m R^2.
#define TANGENTIAL_RESPONSE 3.5
// A phase sequence longer than this is cut short, ending in slip (the three
// regimes take at most three phases).
#define MAX_PHASES 8
// Samples of the spring's margin over a stick, before bisection.
#define STICK_SAMPLES 64

// The impact in time units of 1/omega_n: compression lasts pi/2 and
// restitution e pi/2. The normal force per unit mass is a sin(psi(t)), with
// psi = t in compression and pi/2 + (t - pi/2)/e in restitution; its
// impulse is a (1 - cos t), then a (1 - e cos psi).
typedef struct impact {
	double a;       // approach speed (m/s)
	double e;       // normal restitution
	double mu;      // friction
	double rho;     // omega_t / omega_n
	double eta2;    // normal over tangential stiffness: TANGENTIAL_RESPONSE / rho^2
	double t_c;     // end of compression
	double t_f;     // end of the impact
} impact;

static double phase(const impact* k, double t) {
	return t <= k->t_c ? t : 0.5 * BS_PI + (t - k->t_c) / k->e;
}

static double force(const impact* k, double t) {
	return k->a * sin(phase(k, t));
}

static double impulse(const impact* k, double t) {
	if (t <= k->t_c) {
		return k->a * (1.0 - cos(t));
	}
	return k->a * (1.0 - k->e * cos(phase(k, t)));
}

// A slip from time t0 at contact velocity v0, the slider moving along
// `sign`: friction -sign mu times the normal force slows the contact point
// at TANGENTIAL_RESPONSE times the force. The slider's velocity is
// v - sign mu eta2 (d/dt force), in each part of the impact an affine
// function c0 + sign mu a slope cos(psi), with slope TANGENTIAL_RESPONSE -
// eta2 in compression and TANGENTIAL_RESPONSE e - eta2 / e in restitution
// (c0 is the same in both). Returns when the slider stops, or t_f.
static double slip_until(const impact* k, double t0, double v0, double sign) {
	double c0 = v0 - sign * k->mu * TANGENTIAL_RESPONSE * (k->a - impulse(k, t0));
	double reach = sign * k->mu * k->a;
	if (t0 < k->t_c) {
		double slope = reach * (TANGENTIAL_RESPONSE - k->eta2);
		// The slider's velocity runs monotonically from its sign at t0 to
		// c0 at t_c; it stops in compression when c0 no longer has its sign.
		if (sign * c0 <= 0.0 && slope != 0.0) {
			double t = acos(fmin(1.0, fmax(0.0, -c0 / slope)));
			return fmax(t, t0);
		}
	}
	if (k->e > 0.0) {
		double slope = reach * (TANGENTIAL_RESPONSE * k->e - k->eta2 / k->e);
		double at_end = c0 - slope;
		double start = fmax(t0, k->t_c);
		double at_start = c0 + slope * cos(phase(k, start));
		if (sign * at_start > 0.0 && sign * at_end <= 0.0 && slope != 0.0) {
			double psi = acos(fmax(-1.0, fmin(0.0, -c0 / slope)));
			double t = k->t_c + k->e * (psi - 0.5 * BS_PI);
			return fmin(fmax(t, start), k->t_f);
		}
	}
	return k->t_f;
}

static double slip_velocity(const impact* k, double t0, double v0, double sign, double t) {
	return v0 - sign * k->mu * TANGENTIAL_RESPONSE * (impulse(k, t) - impulse(k, t0));
}

// A stick from t0 with spring stretch u0 and contact velocity v0: the
// spring carries the contact point harmonically at omega_t = rho.
typedef struct stick {
	double t0, u0, v0;
} stick;

static double stick_stretch(const impact* k, stick s, double t) {
	double x = k->rho * (t - s.t0);
	return s.u0 * cos(x) + s.v0 / k->rho * sin(x);
}

static double stick_velocity(const impact* k, stick s, double t) {
	double x = k->rho * (t - s.t0);
	return s.v0 * cos(x) - s.u0 * k->rho * sin(x);
}

// How far the spring's force stays below what friction holds (per unit
// stiffness): mu eta2 force - |stretch|. The stick lasts while it is >= 0.
static double stick_margin(const impact* k, stick s, double t) {
	return k->mu * k->eta2 * force(k, t) - fabs(stick_stretch(k, s, t));
}

// The first time after s.t0 at which the stick's margin falls below 0
// (it is <= 0 at t_f, where the normal force is gone).
static double stick_until(const impact* k, stick s) {
	double span = k->t_f - s.t0;
	double lo = s.t0;
	double hi = k->t_f;
	for (int i = 1; i <= STICK_SAMPLES; ++i) {
		double t = i == STICK_SAMPLES ? k->t_f : s.t0 + span * i / STICK_SAMPLES;
		if (stick_margin(k, s, t) < 0.0) {
			hi = t;
			break;
		}
		lo = t;
	}
	if (!(stick_margin(k, s, hi) < 0.0)) {
		return k->t_f; // held to the end: the stretch is exactly 0 there
	}
	while (hi - lo > 0.0) {
		double mid = lo + 0.5 * (hi - lo);
		if (mid <= lo || mid >= hi) {
			break;
		}
		if (stick_margin(k, s, mid) < 0.0) {
			hi = mid;
		} else {
			lo = mid;
		}
	}
	return hi;
}

double bs_stronge_slip_after(double approach, double slip, double e, double mu, double omega_ratio,
	bs_stronge_regime* regime) {
	if (regime) {
		*regime = BS_STRONGE_NO_IMPACT;
	}
	if (!(approach > 0.0)) {
		return slip;
	}
	impact k;
	k.a = approach;
	k.e = e;
	k.mu = mu;
	k.rho = omega_ratio;
	k.eta2 = TANGENTIAL_RESPONSE / (omega_ratio * omega_ratio);
	k.t_c = 0.5 * BS_PI;
	k.t_f = k.t_c * (1.0 + e);

	// At the start the normal force is 0 and rising at a per unit time; the
	// slider moves at slip - mu eta2 a if it slips, so it slips only when
	// that is > 0.
	int phases = 0;
	bool first_stick = !(slip - mu * k.eta2 * approach > 0.0);
	bool sticking = first_stick;
	double t = 0.0;
	double v = slip;
	double u = 0.0;
	double sign = 1.0;
	while (t < k.t_f && phases < MAX_PHASES) {
		++phases;
		if (sticking) {
			stick s = {t, u, v};
			double end = stick_until(&k, s);
			u = stick_stretch(&k, s, end);
			v = stick_velocity(&k, s, end);
			t = end;
			sign = u < 0.0 ? -1.0 : 1.0;
			sticking = false;
		} else {
			double end = slip_until(&k, t, v, sign);
			v = slip_velocity(&k, t, v, sign, end);
			u = sign * mu * k.eta2 * force(&k, end);
			t = end;
			sticking = true;
		}
	}
	if (t < k.t_f) {
		// Cut short: slip to the end along the spring's pull.
		v = slip_velocity(&k, t, v, sign, k.t_f);
	}
	if (regime) {
		if (first_stick) {
			*regime = phases == 2 ? BS_STRONGE_STICK_SLIP : BS_STRONGE_MORE_PHASES;
		} else {
			*regime = phases == 1 ? BS_STRONGE_GROSS_SLIP
				: phases == 3    ? BS_STRONGE_SLIP_STICK_SLIP
								 : BS_STRONGE_MORE_PHASES;
		}
	}
	// The springs are conservative and slip only dissipates, so the contact
	// point leaves no faster than it came; a rounding beyond that is cut.
	return fmax(-slip, fmin(slip, v));
}

bs_cushion_contact bs_resolve_cushion_stronge(bs_vec2* v, bs_vec3* w, double m, double r, bs_vec2 n,
	bs_cushion_params model) {
	bs_cushion_contact result = {0.0, 0.0, 0.0, false};
	// The same contact as Han's.
	bs_cushion_nose nose = bs_cushion_nose_of(model.height, r, n);
	double cos_t = nose.cos_t;
	bs_vec3 normal = nose.normal;
	bs_vec3 contact = nose.contact;
	double approach = -cos_t * bs_v2_dot(*v, n);
	if (!(approach > 0.0)) {
		return result;
	}
	bs_vec3 u = bs_v3_add(bs_v3_of_v2(*v), bs_v3_cross(*w, contact));
	bs_vec3 slip = bs_v3_mad(u, -bs_v3_dot(u, normal), normal);
	double slip_speed = bs_v3_len(slip);
	bs_stronge_regime regime;
	double after = bs_stronge_slip_after(approach, slip_speed, model.restitution, model.friction, model.omega_ratio,
		&regime);
	double nose_impulse = (1.0 + model.restitution) * m * approach;
	bs_vec3 friction = bs_v3(0.0, 0.0, 0.0);
	if (slip_speed > 0.0) {
		friction = bs_v3_scale(m / TANGENTIAL_RESPONSE * (after - slip_speed) / slip_speed, slip);
	}
	bs_vec3 total = bs_v3_mad(friction, nose_impulse, normal);
	// The cloth takes the vertical part, through the centre, as under Han's
	// model (cushion_contact.h).
	*v = bs_v2_mad(*v, 1.0 / m, bs_v3_xy(total));
	*w = bs_v3_mad(*w, 1.0 / (0.4 * m * r * r), bs_v3_cross(contact, friction));
	result.normal_impulse = bs_v2_dot(bs_v3_xy(total), n);
	result.nose_impulse = nose_impulse;
	result.vertical_impulse = total.z;
	result.sliding = regime == BS_STRONGE_GROSS_SLIP;
	return result;
}
