#include "cushion_contact.h"

#include <math.h>

#include "collide.h"
#include "cushion_mathavan.h"
#include "cushion_stronge.h"

bs_cushion_params bs_cushion_params_of(const bs_pool_def* pool, bs_cushion_model kind, double e, double r) {
	bs_cushion_params params = bs_cushion_params_ideal(e);
	params.kind = kind;
	if (kind == BS_CUSHION_MODEL_IDEAL) {
		return params;
	}
	params.friction = pool->cushion_friction;
	params.height = pool->cushion_height * 2.0 * r;
	if (kind == BS_CUSHION_MODEL_MATHAVAN_2010) {
		params.restitution = pool->mathavan_restitution;
		params.friction = pool->mathavan_cushion_friction;
		params.table_friction = pool->mathavan_table_friction;
		params.steps = pool->mathavan_steps;
	} else if (kind == BS_CUSHION_MODEL_STRONGE_COMPLIANT) {
		params.omega_ratio = pool->stronge_omega_ratio;
	}
	return params;
}

static bs_cushion_contact resolve_han_2005(bs_vec2* v, bs_vec3* w, double m, double r, bs_vec2 n,
	bs_cushion_params model);

bs_cushion_contact bs_resolve_cushion_contact(bs_vec2* v, bs_vec3* w, double m, double r, bs_vec2 n,
	bs_cushion_params model) {
	switch (model.kind) {
	case BS_CUSHION_MODEL_HAN_2005:
		return resolve_han_2005(v, w, m, r, n, model);
	case BS_CUSHION_MODEL_MATHAVAN_2010:
		return bs_resolve_cushion_mathavan(v, w, m, r, n, model);
	case BS_CUSHION_MODEL_STRONGE_COMPLIANT:
		return bs_resolve_cushion_stronge(v, w, m, r, n, model);
	default: {
		bs_cushion_contact result = {0.0, 0.0, 0.0, false};
		result.normal_impulse = bs_resolve_obstacle(v, m, n, model.restitution);
		result.nose_impulse = result.normal_impulse;
		return result;
	}
	}
}

static bs_cushion_contact resolve_han_2005(bs_vec2* v, bs_vec3* w, double m, double r, bs_vec2 n,
	bs_cushion_params model) {
	bs_cushion_contact result = {0.0, 0.0, 0.0, false};
	bs_cushion_nose nose = bs_cushion_nose_of(model.height, r, n);
	double cos_t = nose.cos_t;
	bs_vec3 normal = nose.normal;
	bs_vec3 contact = nose.contact;
	double approach = cos_t * bs_v2_dot(*v, n); // V . N, negative while approaching
	if (!(approach < 0.0)) {
		return result;
	}
	double nose_impulse = -(1.0 + model.restitution) * m * approach;

	// The slip of the contact point in the contact plane. The normal
	// impulse, through the centre, leaves it alone; a tangential impulse P
	// changes it by (1/m + r^2/I) P = 7/(2m) P.
	bs_vec3 u = bs_v3_add(bs_v3_of_v2(*v), bs_v3_cross(*w, contact));
	bs_vec3 slip = bs_v3_mad(u, -bs_v3_dot(u, normal), normal);
	double slip_speed = bs_v3_len(slip);
	double limit = model.friction * nose_impulse;
	double stop = (2.0 / 7.0) * m * slip_speed;
	bs_vec3 friction = bs_v3(0.0, 0.0, 0.0);
	if (slip_speed > 0.0 && limit > 0.0) {
		result.sliding = limit < stop;
		friction = bs_v3_scale(-(result.sliding ? limit : stop) / slip_speed, slip);
	}
	bs_vec3 impulse = bs_v3_mad(friction, nose_impulse, normal);

	// The cloth takes the vertical part, through the centre (cushion_contact.h).
	*v = bs_v2_mad(*v, 1.0 / m, bs_v3_xy(impulse));
	*w = bs_v3_mad(*w, 1.0 / (0.4 * m * r * r), bs_v3_cross(contact, friction));
	result.normal_impulse = bs_v2_dot(bs_v3_xy(impulse), n);
	result.nose_impulse = nose_impulse;
	result.vertical_impulse = impulse.z;
	return result;
}
