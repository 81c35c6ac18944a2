#include "cue_def.h"

#include <math.h>
#include <stdio.h>

#include "cue_strike.h"

bs_cue_def bs_default_cue_def(void) {
	bs_cue_def cue = {0};
	cue.squirt = true;
	cue.ball = 0;
	return cue;
}

bool bs_cue_def_check(const bs_cue_def* cue, bs_physics physics, const char** field, char* reason, size_t reason_size) {
	const char* speed_field = cue->stick ? "cue.stick_speed" : "cue.speed";
	bool tipped = cue->tip.x != 0.0 || cue->tip.y != 0.0;
	if (!(cue->speed >= 0.0 && cue->speed <= BS_MAX_SPEED)) {
		*field = speed_field;
		snprintf(reason, reason_size, "must be in [0, %g] m/s, got %.17g", BS_MAX_SPEED, cue->speed);
		return false;
	}
	if (cue->has_aim ? !(isfinite(cue->aim.x) && isfinite(cue->aim.y)) : !isfinite(cue->angle_deg)) {
		*field = cue->has_aim ? "cue.aim" : "cue.angle_deg";
		snprintf(reason, reason_size, "must be a finite number");
		return false;
	}
	if (bs_cue_miscues(cue->tip.x, cue->tip.y)) {
		*field = "cue.tip";
		snprintf(reason, reason_size,
			"[%.17g, %.17g] is %.3g of the radius from the centre: the tip miscues beyond %g (side, height as "
			"fractions of the radius)",
			cue->tip.x, cue->tip.y, bs_v2_len(cue->tip), BS_CUE_MISCUE_LIMIT);
		return false;
	}
	if (!(cue->elevation_deg >= 0.0 && cue->elevation_deg < 90.0)) {
		*field = "cue.elevation_deg";
		snprintf(reason, reason_size, "must be in [0, 90) degrees, got %.17g", cue->elevation_deg);
		return false;
	}
	if (!cue->stick && (tipped || cue->elevation_deg != 0.0)) {
		*field = tipped ? "cue.tip" : "cue.elevation_deg";
		snprintf(reason, reason_size, "needs the cue stick's strike: give stick_speed instead of speed");
		return false;
	}
	if (physics == BS_PHYSICS_IDEAL && (tipped || cue->elevation_deg != 0.0)) {
		*field = tipped ? "cue.tip" : "cue.elevation_deg";
		snprintf(reason, reason_size,
			"english, draw, follow and an elevated cue need \"physics\": \"pool\" (ideal discs do not spin)");
		return false;
	}
	return true;
}

bool bs_cue_def_apply(const bs_cue_def* cue, bs_physics physics, bs_ball_def* ball) {
	bs_vec2 dir;
	if (cue->has_aim) {
		dir = bs_v2_normalize(bs_v2_sub(cue->aim, ball->pos));
		if (dir.x == 0.0 && dir.y == 0.0) {
			return false;
		}
	} else {
		double angle = cue->angle_deg * BS_PI / 180.0;
		dir = bs_v2(cos(angle), sin(angle));
	}
	if (!cue->stick) {
		ball->vel = bs_v2_scale(cue->speed, dir);
		return true;
	}
	bs_cue_strike strike = bs_cue_strike_default(cue->speed, atan2(dir.y, dir.x) * (180.0 / BS_PI));
	strike.side = cue->tip.x;
	strike.height = cue->tip.y;
	strike.elevation = cue->elevation_deg;
	strike.squirt = cue->squirt;
	bs_cue_launch launch = bs_cue_strike_resolve(&strike, ball->mass, ball->radius);
	ball->vel = launch.v;
	ball->omega = physics == BS_PHYSICS_POOL ? launch.w : bs_v3(0.0, 0.0, 0.0);
	return true;
}
