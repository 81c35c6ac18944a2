#include "cue_strike.h"

#include <math.h>

double bs_cue_squirt_angle(double m, double end_mass, double side) {
	double across = 1.0 - side * side; // (c/R)^2: the depth of the contact behind the centre
	return atan2(2.5 * side * sqrt(across), 1.0 + m / end_mass + 2.5 * across);
}

bs_cue_launch bs_cue_strike_resolve(const bs_cue_strike* strike, double m, double r) {
	double aim = strike->aim * (BS_PI / 180.0);
	double elevation = strike->elevation * (BS_PI / 180.0);
	bs_vec2 forward = bs_v2(cos(aim), sin(aim));
	bs_vec3 f = bs_v3_of_v2(forward);
	bs_vec3 left = bs_v3_of_v2(bs_v2_perp(forward));
	double cos_e = cos(elevation), sin_e = sin(elevation);
	double side = strike->side, height = strike->height;

	// The tip and the ball as one impact along d: the ball's response at the
	// contact point, 1/m + (arm^2)/I, with arm = R sqrt(side^2 + height^2).
	double impulse = (1.0 + strike->tip_restitution) * m * strike->speed /
		(1.0 + m / strike->cue_mass + 2.5 * (side * side + height * height));
	bs_cue_launch launch;
	launch.impulse = impulse;
	launch.v = bs_v2_scale(impulse / m * cos_e, forward);
	// The contact point's arm crossed with d (cue_strike.h), times F / I.
	bs_vec3 arm = bs_v3_mad(bs_v3_scale(height, left), side, bs_v3_mad(bs_v3(0.0, 0.0, cos_e), sin_e, f));
	launch.w = bs_v3_scale(impulse / (0.4 * m * r), arm);
	launch.squirt_angle = 0.0;
	if (strike->squirt && side != 0.0) {
		double a = bs_cue_squirt_angle(m, strike->end_mass, side);
		double c = cos(a), s = sin(a);
		launch.v = bs_v2(c * launch.v.x - s * launch.v.y, s * launch.v.x + c * launch.v.y);
		launch.squirt_angle = a;
	}
	return launch;
}

bool bs_cue_miscues(double side, double height) {
	double offset2 = side * side + height * height;
	return !(offset2 <= BS_CUE_MISCUE_LIMIT * BS_CUE_MISCUE_LIMIT);
}

bs_cue_launch bs_cue_launch_at_speed(double speed, double aim, double m) {
	double angle = aim * (BS_PI / 180.0);
	bs_cue_launch launch;
	launch.v = bs_v2(speed * cos(angle), speed * sin(angle));
	launch.w = bs_v3(0.0, 0.0, 0.0);
	launch.impulse = m * speed;
	launch.squirt_angle = 0.0;
	return launch;
}

double bs_cue_stick_speed(double speed, double m, double cue_mass, double tip_restitution) {
	return speed * (1.0 + m / cue_mass) / (1.0 + tip_restitution);
}
