// breakshot: pool physics in the swept grid (swept_grid.h). A pool ball's
// path is a parabola for the whole of its state of motion, which may carry
// it across the table: filed under the box of all of it, a ball would sit in
// hundreds of cells. So it is filed under the box of a short span, over
// which it moves at most 0.9 of a cell less its diameter (cells are two
// diameters wide or more), and filed again, by an internal cell crossing,
// when that span ends. A ball at rest is filed under its own box for good.
//
// Why no contact is missed: take two balls that meet at time T, and the
// later of the two moments at which they were last filed (every event of a
// ball, every crossing and every prediction files it again). At that moment
// each was filed for a span holding T: the crossing that would end a span
// before T comes before T in the queue, and would file it again later. So
// both boxes hold the balls at T, touching: they share the point of
// contact, and a cell. The ball filed last then found the other in its
// cells and solved the pair, which, like every pair, is solved over the
// whole of both states from the balls' stored states: the same bits as the
// whole-table scan gives.
#include "pool_physics.h"

#include <math.h>
#include <stdio.h>

#include "world_predict.h"

/// How far a ball may move within one filing, as a fraction of what keeps
/// its box within BS_SWEPT_SIDE cells a side: (BS_SWEPT_SIDE - 1) cells
/// less its diameter. With cells of two diameters, 0.9 of a diameter for
/// the largest balls.
#define BS_POOL_FILING_TRAVEL 0.9

// How long (s) a ball moving at `speed` (m/s) with an acceleration of size
// `acc` (m/s^2) takes at the least to move `reach` (m): the root of
// speed t + acc t^2 / 2 = reach, with nothing cancelling.
static double time_to_reach(double speed, double acc, double reach) {
	return 2.0 * reach / (speed + sqrt(speed * speed + 2.0 * acc * reach));
}

void bs_pool_file(bs_world* world, int index, double at) {
	if (world->balls[index].pocketed) {
		return;
	}
	bs_swept_grid* grid = &world->swept;
	// The cells it leaves are read while its box is worked out.
	bs_swept_grid_ask_for_cells(grid, index);
	double from = at > grid->filing[index].from ? at : grid->filing[index].from;
	double until = bs_pool_moving_until(world, index);
	bs_ball_spin* spin = &world->spin[index];
	if (!(until < INFINITY)) {
		bs_pool_swept_box(world, index, from, from, &spin->box_lo, &spin->box_hi);
		bs_swept_grid_file(grid, index, bs_swept_grid_cells_of(grid, spin->box_lo, spin->box_hi), from, INFINITY);
		return;
	}
	double speed = bs_v2_len(bs_pool_velocity_at(world, index, from));
	double room = (BS_SWEPT_SIDE - 1) * fmin(grid->cells.cell_w, grid->cells.cell_h) - 2.0 * world->balls[index].radius;
	double reach = BS_POOL_FILING_TRAVEL * room;
	double span = time_to_reach(speed, bs_v2_len(spin->acc), reach);
	for (;;) {
		bs_vec2 lo, hi;
		// At least one tick of the clock, so that the crossing moves on.
		double end = from + span > from ? from + span : nextafter(from, INFINITY);
		end = end < until ? end : until;
		end = end > from ? end : from;
		bs_pool_swept_box(world, index, from, end, &lo, &hi);
		bs_cell_span cells = bs_swept_grid_cells_of(grid, lo, hi);
		// The bound on the travel keeps the box small enough; the halving
		// only guards against its rounding. At one tick the box is the
		// ball's own, well within a cell or two.
		if ((cells.columns <= BS_SWEPT_SIDE && cells.rows <= BS_SWEPT_SIDE) || !(span > 0.0)) {
			bs_swept_grid_file(grid, index, cells, from, end);
			spin->box_lo = lo;
			spin->box_hi = hi;
			return;
		}
		span *= 0.5;
	}
}

void bs_pool_cross(bs_world* world, int index, double at) {
	bs_pool_predict(world, index, at);
}

// Whether ball `index`'s box holds the ball at `time` (s, within its
// filing), as its motion puts it there.
static bool box_holds(const bs_world* world, int index, double time, bs_vec2 lo, bs_vec2 hi) {
	bs_vec2 p = bs_world_motion_at(world, index, time).pos;
	double r = world->balls[index].radius;
	return p.x - r >= lo.x && p.x + r <= hi.x && p.y - r >= lo.y && p.y + r <= hi.y;
}

bool bs_pool_filing_valid(const bs_world* world, char* dest, size_t dest_size) {
	const bs_swept_grid* grid = &world->swept;
	if (!bs_swept_grid_consistent(grid, world->ball_count, dest, dest_size)) {
		return false;
	}
	for (int i = 0; i < world->ball_count; ++i) {
		const bs_ball* ball = &world->balls[i];
		const bs_swept_filing* filing = &grid->filing[i];
		bool filed = filing->span.columns > 0;
		if (ball->pocketed || !filed) {
			if (ball->pocketed == filed) {
				snprintf(dest, dest_size, "ball %d is %s but filed under %d cells", ball->id,
					ball->pocketed ? "pocketed" : "on the table", filing->span.columns * filing->span.rows);
				return false;
			}
			continue;
		}
		// Filed from its anchor or later, until its state ends or its
		// crossing: never beyond its next event.
		double until = bs_pool_moving_until(world, i);
		double pending = bs_event_queue_contains(&world->queue, i) ? bs_event_queue_key(&world->queue, i).time : INFINITY;
		bool stays = !(until < INFINITY);
		if (!(filing->from >= ball->time) || !(filing->until >= filing->from) ||
			(stays ? filing->until != INFINITY : !(filing->until <= until && pending <= filing->until))) {
			snprintf(dest, dest_size,
				"ball %d (its own time %.17g, moving until %.17g, next event at %.17g) is filed from %.17g to %.17g",
				ball->id, ball->time, until, pending, filing->from, filing->until);
			return false;
		}
		// Filed under every cell its box covers over the filing, and only those.
		double end = stays ? filing->from : filing->until;
		bs_vec2 lo, hi;
		bs_pool_swept_box(world, i, filing->from, end, &lo, &hi);
		bs_cell_span cells = bs_swept_grid_cells_of(grid, lo, hi);
		bs_cell_span span = filing->span;
		if (cells.column != span.column || cells.row != span.row || cells.columns != span.columns ||
			cells.rows != span.rows) {
			snprintf(dest, dest_size, "ball %d is filed under %d x %d cells from (%d, %d); its box covers %d x %d from (%d, %d)",
				ball->id, span.columns, span.rows, span.column, span.row, cells.columns, cells.rows, cells.column,
				cells.row);
			return false;
		}
		// The box holds the ball along the filing, as its motion puts it.
		double times[] = {filing->from, 0.5 * (filing->from + end), end, world->time};
		for (int k = 0; k < 4; ++k) {
			if (times[k] >= filing->from && times[k] <= end && !box_holds(world, i, times[k], lo, hi)) {
				snprintf(dest, dest_size, "ball %d at t = %.17g is outside the box it is filed under", ball->id, times[k]);
				return false;
			}
		}
	}
	return true;
}
