// breakshot: the execution-noise model of a search and the interval its
// Monte Carlo estimates carry.
#include <breakshot/solve.h>

#include <math.h>

#include "rng.h"

bs_noise_def bs_default_noise_def(void) {
	bs_noise_def noise;
	noise.aim_deg = 0.125;
	noise.elevation_deg = 0.1;
	noise.speed = 0.075;
	noise.tip = 0.0005;
	return noise;
}

// One stream per (seed, index): SplitMix64's finaliser of the two, so that
// neighbouring indices give unrelated streams.
static uint64_t stream_of(uint64_t seed, int64_t index) {
	bs_rng mix = bs_rng_make(seed ^ (0xD1B54A32D192ED03ull * (uint64_t)index));
	return bs_rng_next(&mix);
}

bs_cue_def bs_noise_draw(const bs_noise_def* noise, const bs_cue_def* cue, double radius, uint64_t seed,
	int64_t index) {
	bs_rng rng = bs_rng_make(stream_of(seed, index));
	// Five draws in a fixed order, whichever σ are zero, so that setting one
	// σ never changes what the others draw.
	double aim = bs_rng_normal(&rng);
	double elevation = bs_rng_normal(&rng);
	double speed = bs_rng_normal(&rng);
	double side = bs_rng_normal(&rng);
	double height = bs_rng_normal(&rng);
	bs_cue_def drawn = *cue;
	drawn.angle_deg = cue->angle_deg + noise->aim_deg * aim;
	drawn.elevation_deg = fabs(cue->elevation_deg + noise->elevation_deg * elevation);
	drawn.speed = fabs(cue->speed + noise->speed * speed);
	drawn.tip.x = cue->tip.x + noise->tip / radius * side;
	drawn.tip.y = cue->tip.y + noise->tip / radius * height;
	return drawn;
}

void bs_wilson_interval(int64_t successes, int64_t samples, double* low, double* high) {
	if (samples <= 0) {
		*low = 0.0;
		*high = 1.0;
		return;
	}
	double n = (double)samples;
	double p = (double)successes / n;
	double z2 = BS_SOLVE_Z95 * BS_SOLVE_Z95;
	double denominator = 1.0 + z2 / n;
	double centre = (p + z2 / (2.0 * n)) / denominator;
	double half = BS_SOLVE_Z95 / denominator * sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n));
	// The ends exactly where they are known, not a rounding away from them.
	*low = successes == 0 ? 0.0 : fmax(0.0, centre - half);
	*high = successes == samples ? 1.0 : fmin(1.0, centre + half);
}

const char* bs_goal_kind_name(bs_goal_kind kind) {
	static const char* const names[BS_GOAL_KIND_COUNT] = {"pot", "three_cushion", "game"};
	return kind >= 0 && kind < BS_GOAL_KIND_COUNT ? names[kind] : "unknown";
}

const char* bs_shot_family_name(bs_shot_family family) {
	static const char* const names[BS_SHOT_FAMILY_COUNT] = {"direct", "bank", "kick", "combination", "carom",
		"sweep"};
	return family >= 0 && family < BS_SHOT_FAMILY_COUNT ? names[family] : "unknown";
}
