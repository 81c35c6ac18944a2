// breakshot: the cell grid for neighbour search.
//
// The table is cut into cells at least as wide as the largest radius sum of
// any two balls (with a margin), so two balls can only touch while their
// cells are neighbours (3 x 3). Each ball sits in the cell of its centre; when
// the centre leaves the cell, a cell-crossing event (internal, never reported)
// moves it to the next cell and its events are predicted again. A crossing
// does not touch the ball's motion, so the grid changes only which pairs are
// examined, never the arithmetic that predicts or resolves them.
//
// On a periodic table the cells wrap: a ball leaving the last column enters
// the first, and its extrapolated (unwrapped) position is tracked as so many
// box lengths ahead of its cell.
#ifndef BREAKSHOT_GRID_H
#define BREAKSHOT_GRID_H

#include <stdbool.h>
#include <stdint.h>

#include <breakshot/table.h>
#include "table_internal.h"
#include <breakshot/vec2.h>

/// Relative margin on the cell size: rounding in crossing times must never let
/// two touching balls sit in cells that are not neighbours.
#define BS_GRID_MARGIN 1e-9

/// A ball's unwrapped cell: its cell column + box lengths * nx, and likewise
/// for rows. 64 bits: a ball alone on a periodic table can wrap around 2^31
/// times. Column and row together: placing a ball reads both.
typedef struct bs_grid_cell {
	int64_t column;
	int64_t row;
} bs_grid_cell;

typedef struct bs_grid {
	int nx, ny;          ///< cells along x and y
	double cell_w;       ///< cell width (m)
	double cell_h;       ///< cell height (m)
	double per_cell_w;   ///< 1 / cell_w (1/m)
	double per_cell_h;   ///< 1 / cell_h (1/m)
	bool periodic;       ///< the cells wrap around
	int ball_capacity;   ///< balls `next` and `where` hold
	int* head;           ///< head[cell]: the first ball in the cell, or -1
	int* next;           ///< next[ball], -1 at the end of a cell's list
	bs_grid_cell* where; ///< where[ball]
} bs_grid;

/// How a table is cut into cells: nx by ny cells of cell_w by cell_h (m).
typedef struct bs_grid_cells {
	int nx, ny;        ///< cells along x and y
	double cell_w;     ///< cell width (m)
	double cell_h;     ///< cell height (m)
	double per_cell_w; ///< 1 / cell_w (1/m)
	double per_cell_h; ///< 1 / cell_h (1/m)
} bs_grid_cells;

/// The cells of a grid for `ball_count` balls, at least `reach` (m) wide:
/// coarser where finer cells would outnumber the balls by more than
/// `per_ball` to one (4 in bs_grid_create), so that their count stays
/// O(ball_count). The table must fit them (bs_grid_fits).
bs_grid_cells bs_grid_cells_for(const bs_table* table, double reach, int ball_count, double per_ball);

/// Whether a grid is worth having: at least 3 cells a side, 5 on a periodic
/// table (so that neighbouring cells are well under half the box apart).
bool bs_grid_fits(const bs_table* table, double reach);

/// Allocates a grid for `ball_count` balls with cells at least `reach` (m)
/// wide; coarser where finer cells would outnumber the balls four to one (a
/// few small balls on a big table), so its memory stays O(ball_count).
/// Returns false when memory runs out.
bool bs_grid_create(bs_grid* grid, const bs_table* table, double reach, int ball_count);

/// Frees the grid's memory.
void bs_grid_destroy(bs_grid* grid);

/// Takes every ball out of the grid, leaving it as bs_grid_create left it,
/// in its own memory: O(cells + balls).
void bs_grid_clear(bs_grid* grid);

/// The index (row * nx + column) of the cell holding `pos`, a position inside
/// the table.
int bs_grid_cell_at(const bs_grid* grid, bs_vec2 pos);

/// Puts a ball into the cell of `pos` (a position inside the table), taking it
/// out of the cell it was in, if any.
void bs_grid_place(bs_grid* grid, int ball, bs_vec2 pos);

/// Puts a ball into the cell of `pos`, a point on its path from its anchor
/// not wrapped into the box: on a periodic table the cell is counted on
/// from the anchor's, as cell crossings count it (bs_grid_cross), so that
/// bs_grid_crossing from the anchor finds the cell's borders.
void bs_grid_place_on_path(bs_grid* grid, int ball, bs_vec2 pos);

/// Takes a ball out of the grid (pocketed).
void bs_grid_remove(bs_grid* grid, int ball);

/// The time (s) at which the ball, anchored at `pos` at `time` and moving at
/// `vel`, leaves its cell, or INFINITY. `axis` gets 0 (x) or 1 (y); the sign
/// of the velocity along it says which way (bs_grid_cross).
double bs_grid_crossing(const bs_grid* grid, int ball, bs_vec2 pos, bs_vec2 vel, double time, int* axis);

/// Moves the ball one cell along `axis` by `step` (+1 or -1).
void bs_grid_cross(bs_grid* grid, int ball, int axis, int step);

/// The cells of the ball's 3 x 3 neighbourhood (fewer at a wall). Returns the count.
int bs_grid_neighbourhood(const bs_grid* grid, int ball, int dest[9]);

/// A walk over the balls filed in a list of cells, cell by cell in the
/// list's order and each cell's balls in its list order. The one way the
/// cells are walked, so that every search sees the same balls.
typedef struct bs_grid_walk {
	const int* cells; ///< the cells to walk (not owned)
	int count;        ///< how many
	int cell;         ///< position in `cells` of the cell being walked
	int ball;         ///< the next ball to give, or -1 when the cell is done
} bs_grid_walk;

/// Starts a walk over the `count` cells in `cells`, which must outlive it.
static inline bs_grid_walk bs_grid_walk_start(const bs_grid* grid, const int* cells, int count) {
	bs_grid_walk walk = {cells, count, 0, count > 0 ? grid->head[cells[0]] : -1};
	return walk;
}

/// The walk's next ball, or -1 when every cell is done.
static inline int bs_grid_walk_next(const bs_grid* grid, bs_grid_walk* walk) {
	while (walk->ball < 0) {
		if (++walk->cell >= walk->count) {
			return -1;
		}
		walk->ball = grid->head[walk->cells[walk->cell]];
	}
	int ball = walk->ball;
	walk->ball = grid->next[ball];
	return ball;
}

/// The cells that joined the ball's neighbourhood when it last moved one cell
/// along `axis` by `step` (bs_grid_cross): the far row or column of the new
/// 3 x 3 (fewer at a wall, none past one). Returns the count.
int bs_grid_entering(const bs_grid* grid, int ball, int axis, int step, int dest[3]);

#endif
