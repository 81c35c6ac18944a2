#include "placement.h"

#include <math.h>

#include "grid.h"

// Whether the ray from `p` along +x crosses the segment from a to b (each
// vertex counted once: the lower end in, the upper end out).
static bool ray_crosses(bs_vec2 p, bs_vec2 a, bs_vec2 b) {
	if ((a.y > p.y) == (b.y > p.y)) {
		return false;
	}
	double x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
	return x > p.x;
}

// The table's cushions (noses and pocket facings), the chords of the rounded
// jaws' arcs, and, for each pocket, the chord between its facings' far ends
// on the capture circle, bound one closed polygon: the playing surface with
// each pocket's throat. A centre is on the table when it is inside that
// polygon, a radius from every cushion and point jaw (the segments' ends),
// a radius from every rounded jaw's whole circle, and outside every capture
// circle. Between an arc and its chord lies the circle's inside, where no
// centre may be: the whole circle lies inside the cushion (the segments
// meeting the arc are tangent to it), so a centre within r of it outside
// the arc's span is also within r of a segment, or outside the polygon, and
// testing the whole circle refuses exactly what testing the arc would.
bool bs_ball_inside_table(const bs_table* table, bs_vec2 p, double r, double slack, double slack_length) {
	if (table->periodic) {
		return p.x >= 0.0 && p.x < table->width && p.y >= 0.0 && p.y < table->height;
	}
	double reach = r * (1.0 - slack) - slack_length;
	bool inside = false;
	for (int s = 0; s < table->cushion_count; ++s) {
		bs_segment seg = table->cushions[s];
		if (bs_v2_distance_to_segment(p, seg.a, seg.b) < reach) {
			return false;
		}
		inside ^= ray_crosses(p, seg.a, seg.b);
	}
	for (int j = 0; j < table->jaw_count; ++j) {
		const bs_arc* arc = &table->jaws[j];
		if (arc->radius > 0.0) {
			double limit = arc->radius + reach;
			if (bs_v2_len2(bs_v2_sub(p, arc->centre)) < limit * limit) {
				return false;
			}
			inside ^= ray_crosses(p, arc->start, arc->end);
		}
	}
	for (int k = 0; k < table->pocket_count; ++k) {
		const bs_pocket* pocket = &table->pockets[k];
		double capture = pocket->radius;
		if (bs_v2_len2(bs_v2_sub(p, pocket->centre)) <= capture * capture) {
			return false;
		}
		// The facings end on the capture circle at the pocket's last jaws, points.
		bs_vec2 end_a = table->jaws[pocket->first_jaw + pocket->jaw_count - 2].centre;
		bs_vec2 end_b = table->jaws[pocket->first_jaw + pocket->jaw_count - 1].centre;
		inside ^= ray_crosses(p, end_a, end_b);
	}
	return inside;
}

// How far rounding can put a ball moving at `speed` (m/s) from where exact
// arithmetic would, at `time`:
// - event times are doubles, so at time t they carry about ulp(t) of
//   rounding, and a position about speed ulp(t): at t = 2^14 s that is 4e-12 m
//   at 1 m/s, more than a relative 1e-9 of a small ball's radius;
// - coordinates are doubles up to the table's longer side L, so a contact
//   found from them is a few ulp(L) from exact whatever the radius: at
//   L = 2.54 m that is 4e-16 m, a relative 1e-10 of a micrometre ball.
// Checks of touching and cushions allow for both.
double bs_contact_slack(const bs_table* table, double time, double speed) {
	double t = fabs(time);
	double side = table->width > table->height ? table->width : table->height;
	return 8.0 * ((nextafter(t, INFINITY) - t) * speed + (nextafter(side, INFINITY) - side));
}

// Finds the pair of circles closer than (1 - tolerance) times their radius
// sum (nearest images on a periodic table) with the lowest first index, then
// second, or sets *first = -1. Builds its own grid from the positions, so it
// is O(N) for spread-out circles and trusts no other bookkeeping; it tries
// every pair when the table is too small for a grid. Returns false when
// memory runs out.
bool bs_find_close_pair(const bs_table* table, const bs_vec2* pos, const double* radius, const bool* saved, int n,
	double tolerance, double slack_length, int* first, int* second) {
	*first = -1;
	*second = -1;
	double reach = 0.0;
	for (int i = 0; i < n; ++i) {
		reach = 2.0 * radius[i] > reach ? 2.0 * radius[i] : reach;
	}
	bool use_grid = bs_grid_fits(table, reach);
	bs_grid grid;
	if (use_grid) {
		if (!bs_grid_create(&grid, table, reach, n)) {
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
			bool both_saved = saved && saved[i] && saved[j];
			double pair_tolerance = both_saved && BS_CONTACT_TOLERANCE > tolerance ? BS_CONTACT_TOLERANCE : tolerance;
			double limit = (radius[i] + radius[j]) * (1.0 - pair_tolerance) - slack_length;
			if (bs_v2_len2(bs_table_nearest(table, bs_v2_sub(pos[j], pos[i]))) < limit * limit) {
				*first = i;
				*second = j;
			}
		}
	}
	if (use_grid) {
		bs_grid_destroy(&grid);
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

double bs_obstacle_gap(const bs_table* table, bs_event_kind kind, int target, bs_vec2 p, double r) {
	if (kind == BS_EVENT_CUSHION) {
		bs_segment seg = table->cushions[target];
		bs_vec2 along = bs_v2_sub(seg.b, seg.a);
		double u = bs_v2_dot(bs_v2_sub(p, seg.a), along) / bs_v2_dot(along, along);
		if (!(u >= -BS_CONTACT_TOLERANCE && u <= 1.0 + BS_CONTACT_TOLERANCE)) {
			return INFINITY;
		}
		return fabs(bs_v2_dot(bs_v2_sub(p, seg.a), bs_segment_normal(seg)) - r);
	}
	const bs_arc* arc = &table->jaws[target];
	return fabs(bs_v2_len(bs_v2_sub(p, arc->centre)) - (r + arc->radius));
}

double bs_obstacle_sigma(const bs_table* table, bs_event_kind kind, int target, double r) {
	return kind == BS_EVENT_JAW ? r + table->jaws[target].radius : r;
}

double bs_rounding_speed(bs_vec2 vel, double arrival_speed) {
	double speed = bs_v2_len(vel);
	return arrival_speed > speed ? arrival_speed : speed;
}

double bs_found_contact_slack(const bs_table* table, double sigma, double time, double speed) {
	return BS_CONTACT_TOLERANCE * sigma + bs_contact_slack(table, time, speed);
}
