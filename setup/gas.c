#include <breakshot/gas.h>

#include <math.h>
#include <stdlib.h>

#include "alloc.h"
#include "rng.h"

bs_gas_def bs_default_gas_def(void) {
	bs_gas_def def;
	def.count = 1000;
	def.fraction = 0.3;
	def.radius = BS_DEFAULT_RADIUS;
	def.mass = BS_DEFAULT_MASS;
	def.periodic = true;
	def.seed = 1;
	def.melt_collisions = 5.0;
	return def;
}

// Lattice sites in a square box of side `box`: `columns` x `rows`, odd rows
// shifted by half a column on a triangular lattice.
static bs_vec2 site(int k, int columns, int rows, double box, bool triangular) {
	int column = k % columns;
	int row = k / columns;
	double dx = box / columns;
	double dy = box / rows;
	double shift = triangular && (row & 1) ? 0.5 : 0.0;
	double x = (column + 0.5 + shift) * dx;
	return bs_v2(x < box ? x : x - box, (row + 0.5) * dy); // a shifted row wraps on the periodic box
}

double bs_gas_box_side(const bs_gas_def* def) {
	return sqrt((double)def->count * BS_PI * def->radius * def->radius / def->fraction);
}

bool bs_gas_box_fits(const bs_gas_def* def) {
	if (!def->periodic) {
		return true;
	}
	bs_table_def table = bs_table_periodic(bs_gas_box_side(def), bs_gas_box_side(def));
	return bs_table_fits_diameter(&table, 2.0 * def->radius);
}

bool bs_gas_make(const bs_gas_def* def, bs_world_def* dest, bs_ball_def* balls) {
	int n = def->count;
	if (n < 2 || n > BS_MAX_BALLS || !(def->fraction > 0.0 && def->fraction <= BS_GAS_MAX_FRACTION) ||
		!(def->radius > 0.0) || !(def->mass > 0.0) ||
		!(def->melt_collisions >= 0.0 && def->melt_collisions <= BS_GAS_MAX_MELT) || !bs_gas_box_fits(def)) {
		return false;
	}
	double r = def->radius;
	double box = bs_gas_box_side(def);
	int rows, columns;
	if (def->periodic) {
		// Triangular: rows sqrt(3)/2 of a column apart; an even row count so
		// that the shifted rows wrap onto unshifted ones.
		rows = 2 * (int)ceil(0.5 * sqrt((double)n * 2.0 / sqrt(3.0)));
		columns = (int)ceil((double)n / rows);
	} else {
		rows = (int)ceil(sqrt((double)n));
		columns = (int)ceil((double)n / rows);
	}
	int sites = rows * columns;
	int* chosen = bs_malloc((size_t)sites * sizeof *chosen);
	if (!chosen) {
		return false;
	}
	bs_rng rng = bs_rng_make(def->seed);
	// A seeded choice of which sites stay empty: shuffle, keep the first n, sort.
	for (int k = 0; k < sites; ++k) {
		chosen[k] = k;
	}
	for (int k = sites - 1; k > 0; --k) {
		int j = (int)(bs_rng_next(&rng) % (uint64_t)(k + 1));
		int swap = chosen[k];
		chosen[k] = chosen[j];
		chosen[j] = swap;
	}
	bool* keep = bs_calloc((size_t)sites, sizeof *keep);
	if (!keep) {
		bs_free(chosen);
		return false;
	}
	for (int k = 0; k < n; ++k) {
		keep[chosen[k]] = true;
	}
	bs_vec2 mean = bs_v2(0.0, 0.0);
	int placed = 0;
	for (int k = 0; k < sites && placed < n; ++k) {
		if (!keep[k]) {
			continue;
		}
		bs_ball_def ball = bs_default_ball_def();
		ball.id = placed;
		ball.radius = r;
		ball.mass = def->mass;
		ball.pos = site(k, columns, rows, box, def->periodic);
		// One draw per statement: C leaves the order of a call's arguments
		// open, and compilers differ. y is drawn first.
		ball.vel.y = bs_rng_normal(&rng);
		ball.vel.x = bs_rng_normal(&rng);
		mean = bs_v2_add(mean, ball.vel);
		balls[placed++] = ball;
	}
	bs_free(keep);
	bs_free(chosen);
	mean = bs_v2_scale(1.0 / n, mean);
	for (int i = 0; i < n; ++i) {
		balls[i].vel = bs_v2_sub(balls[i].vel, mean);
	}

	*dest = bs_default_world_def();
	dest->table = def->periodic ? bs_table_periodic(box, box) : bs_table_rect(box, box);
	dest->balls = balls;
	dest->ball_count = n;
	// The radius, the mass or the box can still be beyond the engine's limits.
	bs_def_report report;
	if (!bs_world_def_check(dest, &report)) {
		return false;
	}
	if (def->melt_collisions > 0.0) {
		bs_world* world = bs_world_create(dest);
		if (!world) {
			return false;
		}
		int64_t target = (int64_t)(def->melt_collisions * n);
		while (bs_world_event_count_of(world, BS_EVENT_BALL) < target && bs_world_step(world)) {
		}
		// Back in id order, at time 0, as a fresh scene.
		bs_ball_def* melted = bs_malloc((size_t)n * sizeof *melted);
		if (!melted) {
			bs_world_destroy(world);
			return false;
		}
		int count = bs_world_export_balls(world, melted);
		for (int i = 0; i < count; ++i) {
			bs_ball_def ball = melted[i];
			ball.anchor = bs_default_ball_def().anchor;
			balls[ball.id] = ball;
		}
		bs_free(melted);
		bs_world_destroy(world);
	}
	return true;
}
