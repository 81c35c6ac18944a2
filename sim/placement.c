#include "placement.h"

#include <math.h>

#include "grid.h"

// The centre must not be past any cushion nose or jaw point (by the radius),
// must lie inside the table's bounds, and must not already be in a pocket.
bool bs_ball_inside_table(const bs_table* table, bs_vec2 p, double r, double slack, double slack_length) {
	double reach = r * (1.0 - slack) - slack_length;
	if (table->periodic) {
		return p.x >= 0.0 && p.x < table->width && p.y >= 0.0 && p.y < table->height;
	}
	if (!table->has_pockets) {
		return p.x >= reach && p.x <= table->width - reach && p.y >= reach && p.y <= table->height - reach;
	}
	for (int s = 0; s < table->cushion_count; ++s) {
		bs_segment seg = table->cushions[s];
		bs_vec2 along = bs_v2_sub(seg.b, seg.a);
		double u = bs_v2_dot(bs_v2_sub(p, seg.a), along);
		if (u >= 0.0 && u <= bs_v2_dot(along, along) &&
			bs_v2_dot(bs_v2_sub(p, seg.a), bs_segment_normal(seg)) < reach) {
			return false;
		}
	}
	for (int j = 0; j < table->jaw_count; ++j) {
		if (bs_v2_len2(bs_v2_sub(p, table->jaws[j])) < reach * reach) {
			return false;
		}
	}
	for (int k = 0; k < table->pocket_count; ++k) {
		double capture = table->pockets[k].radius;
		if (bs_v2_len2(bs_v2_sub(p, table->pockets[k].centre)) <= capture * capture) {
			return false;
		}
	}
	// Away from the pockets the ball must be on the playing surface; near one
	// it may be in the throat, between the jaw tips and the capture circle.
	if (p.x >= -r && p.x <= table->width + r && p.y >= -r && p.y <= table->height + r) {
		return true;
	}
	for (int k = 0; k < table->pocket_count; ++k) {
		double throat = table->pockets[k].radius + table->pockets[k].mouth;
		if (bs_v2_len2(bs_v2_sub(p, table->pockets[k].centre)) <= throat * throat) {
			return true;
		}
	}
	return false;
}

// How far rounding of absolute times can put a ball moving at `speed` (m/s)
// from where exact arithmetic would: event times are doubles, so at time t
// they carry about ulp(t) of rounding, and a position about speed ulp(t). At
// t = 2^16 s that is 1.5e-11 s: 4e-11 m at 3 m/s, more than a relative 1e-9
// of a pool ball's radius. Checks of touching and cushions allow for it.
double bs_time_slack(double time, double speed) {
	double t = fabs(time);
	return 8.0 * (nextafter(t, INFINITY) - t) * speed;
}

// Finds the pair of circles closer than (1 - tolerance) times their radius
// sum (nearest images on a periodic table) with the lowest first index, then
// second, or sets *first = -1. Builds its own grid from the positions, so it
// is O(N) for spread-out circles and trusts no other bookkeeping; it tries
// every pair when the table is too small for a grid. Returns false when
// memory runs out.
bool bs_find_close_pair(const bs_table* table, const bs_vec2* pos, const double* radius, int n, double tolerance,
	double slack_length, int* first, int* second) {
	*first = -1;
	*second = -1;
	double reach = 0.0;
	for (int i = 0; i < n; ++i) {
		reach = 2.0 * radius[i] > reach ? 2.0 * radius[i] : reach;
	}
	bool use_grid = bs_grid_fits(table, reach);
	bs_grid grid;
	if (use_grid) {
		if (!bs_grid_init(&grid, table, reach, n)) {
			return false;
		}
		for (int i = 0; i < n; ++i) {
			bs_grid_place(&grid, i, pos[i]);
		}
	}
	for (int i = 0; i < n && *first < 0; ++i) {
		int cells[9];
		int count = use_grid ? bs_grid_neighbourhood(&grid, i, cells) : 0;
		bs_grid_walk walk = use_grid ? bs_grid_walk_start(&grid, cells, count) : (bs_grid_walk){0};
		// The ball's neighbours from the grid, or every later ball.
		for (int j = use_grid ? bs_grid_walk_next(&grid, &walk) : i + 1; j >= 0 && j < n;
			 j = use_grid ? bs_grid_walk_next(&grid, &walk) : j + 1) {
			if (j <= i || (*second >= 0 && j > *second)) {
				continue;
			}
			double limit = (radius[i] + radius[j]) * (1.0 - tolerance) - slack_length;
			if (bs_v2_len2(bs_table_nearest(table, bs_v2_sub(pos[j], pos[i]))) < limit * limit) {
				*first = i;
				*second = j;
			}
		}
	}
	if (use_grid) {
		bs_grid_free(&grid);
	}
	return true;
}

double bs_largest_diameter(const bs_world_def* def) {
	double diameter = 0.0;
	for (int i = 0; i < def->ball_count; ++i) {
		diameter = fmax(diameter, 2.0 * def->balls[i].radius);
	}
	return diameter;
}
