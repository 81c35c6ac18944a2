// breakshot: the swept grid, neighbour search for balls on curved paths.
//
// A ball is filed, for a span of time, under every cell that the box it
// sweeps then covers (its surface included). Two balls that touch at a
// moment inside both their spans have boxes that share the point of
// contact, so they are filed under a common cell: a ball need only examine
// the balls filed under its own cells. Unlike the grid of centres (grid.h),
// no crossing time along a path is ever solved: a ball is filed again when
// its span ends, whatever its path did within it.
//
// A ball is filed under at most BS_SWEPT_SIDE x BS_SWEPT_SIDE cells, a
// rectangle; the caller chooses the span short enough for that. A pair of
// balls whose rectangles overlap in several cells is met once, in the cell
// where both rectangles have begun (the lowest column and row they share).
#ifndef BREAKSHOT_SWEPT_GRID_H
#define BREAKSHOT_SWEPT_GRID_H

#include <stdbool.h>
#include <stddef.h>

#include "grid.h"
#include "prefetch.h"
#include "table_internal.h"
#include <breakshot/vec2.h>

/// The most cells a ball is filed under along each axis.
#define BS_SWEPT_SIDE 2
/// Cells are at least this many times the largest ball's diameter wide:
/// then a ball's box over a span in which it moves less than its diameter
/// is under a cell wide, within BS_SWEPT_SIDE cells a side. Wider cells
/// hold more balls, narrower ones need shorter spans: between 1.5 and 3
/// diameters the work per event changes by a tenth or so
/// (docs/performance.md).
#define BS_SWEPT_CELL_DIAMETERS 2.0
/// And coarser where there would be more than one cell for every two
/// balls: among sparse balls, wider cells let a ball move further before
/// it is filed again (at 0.1 of the area covered and 10^5 balls, about a
/// sixth less time per event than with four cells a ball, 4% less than
/// with one; a quarter cell a ball is slower again).
#define BS_SWEPT_CELLS_PER_BALL 0.5
/// Entries per ball: one for each cell it may be filed under.
#define BS_SWEPT_ENTRIES (BS_SWEPT_SIDE * BS_SWEPT_SIDE)

/// A rectangle of cells: `columns` x `rows` cells from (column, row).
typedef struct bs_cell_span {
	int column;
	int row;
	int columns; ///< 0 when filed nowhere
	int rows;
} bs_cell_span;

/// Where a ball is filed, and for how long that holds.
typedef struct bs_swept_filing {
	double from;       ///< the span of time the filing covers (s, absolute) ...
	double until;      ///< ... to this (INFINITY for a ball that stays put)
	bs_cell_span span; ///< the cells it is filed under
} bs_swept_filing;

/// Entries a cell holds in its own record; more go to a list.
#define BS_SWEPT_CELL_ENTRIES 6

/// One cell: the entries filed under it, in one record of half a cache
/// line, so that a search reads a cell in one piece instead of following a
/// list from ball to ball. Entry e belongs to ball e / BS_SWEPT_ENTRIES, in
/// its rectangle's row k / BS_SWEPT_SIDE and column k % BS_SWEPT_SIDE
/// (k = e % BS_SWEPT_ENTRIES).
typedef struct bs_swept_cell {
	int count;                          ///< entries in `entry`
	int entry[BS_SWEPT_CELL_ENTRIES];
	int more;                           ///< the cell's further entries, a list through bs_swept_grid.next, or -1
} bs_swept_cell;

typedef struct bs_swept_grid {
	bs_grid_cells cells;
	int ball_capacity;       ///< balls `next` and `filing` hold
	bs_swept_cell* cell;     ///< cell[row * nx + column], 32-byte aligned
	int* next;               ///< next[entry] in a cell's list of further entries, -1 at its end
	bs_swept_filing* filing; ///< filing[ball]
} bs_swept_grid;

/// Allocates a swept grid for `ball_count` balls whose largest diameter is
/// `diameter` (m), with cells BS_SWEPT_CELL_DIAMETERS times as wide or
/// wider (bs_grid_cells_for), every ball filed nowhere. Returns false, with
/// nothing left allocated, when memory runs out.
bool bs_swept_grid_create(bs_swept_grid* grid, const bs_table* table, double diameter, int ball_count);

/// Frees the grid's memory (a zeroed grid too).
void bs_swept_grid_destroy(bs_swept_grid* grid);

/// Takes every ball out of the grid, leaving it as bs_swept_grid_create left
/// it (every ball filed nowhere), in its own memory: O(cells + balls).
void bs_swept_grid_clear(bs_swept_grid* grid);

/// Bytes the grid holds for `ball_count` balls.
size_t bs_swept_grid_bytes(const bs_swept_grid* grid, int ball_count);

/// The cells that a box from `lo` to `hi` (m) covers, the table's outer
/// cells taking what lies beyond its edges. Monotone in the box: a box
/// inside another covers no cell the other does not.
bs_cell_span bs_swept_grid_cells_of(const bs_swept_grid* grid, bs_vec2 lo, bs_vec2 hi);

/// The index (row * nx + column) of the cell holding `pos`.
int bs_swept_grid_cell_at(const bs_swept_grid* grid, bs_vec2 pos);

/// Files `ball` under the cells of `span` (at most BS_SWEPT_SIDE a side)
/// for the time from `from` to `until` (s), taking it out of those it was
/// filed under.
void bs_swept_grid_file(bs_swept_grid* grid, int ball, bs_cell_span span, double from, double until);

/// Takes `ball` out of the grid (pocketed).
void bs_swept_grid_remove(bs_swept_grid* grid, int ball);

/// The entries of a cell, its own and its further ones.
typedef struct bs_swept_cell_walk {
	const bs_swept_cell* cell;
	int at;    ///< the next of the cell's own entries
	int more;  ///< the next further entry, once its own are done
} bs_swept_cell_walk;

static inline bs_swept_cell_walk bs_swept_cell_walk_start(const bs_swept_cell* cell) {
	bs_swept_cell_walk walk = {cell, 0, cell->more};
	return walk;
}

/// The cell's next entry, or -1.
static inline int bs_swept_cell_walk_next(const bs_swept_grid* grid, bs_swept_cell_walk* walk) {
	if (walk->at < walk->cell->count) {
		return walk->cell->entry[walk->at++];
	}
	int entry = walk->more;
	if (entry >= 0) {
		walk->more = grid->next[entry];
	}
	return entry;
}

/// Asks for the memory of the cells `ball` is filed under.
static inline void bs_swept_grid_ask_for_cells(const bs_swept_grid* grid, int ball) {
	bs_cell_span span = grid->filing[ball].span;
	for (int row = 0; row < span.rows; ++row) {
		const bs_swept_cell* cells = &grid->cell[(span.row + row) * grid->cells.nx + span.column];
		bs_prefetch(cells);
		bs_prefetch(cells + span.columns - 1);
	}
}

/// Writes the balls filed under a cell of `ball`'s into `dest`, each once
/// (a pair filed together under several cells is met in the one where both
/// rectangles have begun), and returns their count; -1 when there are more
/// than `capacity`. `dest` holds capacity + 1.
static inline int bs_swept_grid_gather(const bs_swept_grid* grid, int ball, int* dest, int capacity) {
	bs_cell_span span = grid->filing[ball].span;
	int count = 0;
	for (int row = 0; row < span.rows; ++row) {
		const bs_swept_cell* cells = &grid->cell[(span.row + row) * grid->cells.nx + span.column];
		for (int column = 0; column < span.columns; ++column) {
			bs_swept_cell_walk walk = bs_swept_cell_walk_start(&cells[column]);
			for (int entry; (entry = bs_swept_cell_walk_next(grid, &walk)) >= 0;) {
				int other = entry / BS_SWEPT_ENTRIES;
				int k = entry % BS_SWEPT_ENTRIES;
				// Without branches: whether this is the cell where both
				// rectangles have begun, and another ball.
				bool first_column = (column == 0) | (k % BS_SWEPT_SIDE == 0);
				bool first_row = (row == 0) | (k / BS_SWEPT_SIDE == 0);
				dest[count] = other;
				count += first_column & first_row & (other != ball);
				if (count > capacity) {
					return -1;
				}
			}
		}
	}
	return count;
}

/// A walk over the balls that share a cell with one ball, each met once,
/// for when there are more than a gathering holds.
typedef struct bs_swept_walk {
	bs_cell_span span; ///< the walking ball's cells
	int ball;          ///< the walking ball
	int column;        ///< the cell being walked, relative to span
	int row;
	bs_swept_cell_walk cell;
} bs_swept_walk;

/// Starts a walk over the balls filed under a cell of `ball`'s.
static inline bs_swept_walk bs_swept_walk_start(const bs_swept_grid* grid, int ball) {
	bs_swept_walk walk;
	walk.span = grid->filing[ball].span;
	walk.ball = ball;
	walk.column = 0;
	walk.row = -1;
	walk.cell.cell = NULL;
	walk.cell.at = 0;
	walk.cell.more = -1;
	return walk;
}

/// The walk's next ball, or -1 when every cell is done: as
/// bs_swept_grid_gather gives them.
static inline int bs_swept_walk_next(const bs_swept_grid* grid, bs_swept_walk* walk) {
	for (;;) {
		int entry = walk->cell.cell ? bs_swept_cell_walk_next(grid, &walk->cell) : -1;
		if (entry < 0) {
			if (walk->row < 0) {
				walk->row = 0;
			} else if (++walk->column >= walk->span.columns) {
				walk->column = 0;
				++walk->row;
			}
			if (walk->row >= walk->span.rows) {
				return -1;
			}
			walk->cell = bs_swept_cell_walk_start(
				&grid->cell[(walk->span.row + walk->row) * grid->cells.nx + walk->span.column + walk->column]);
			continue;
		}
		int ball = entry / BS_SWEPT_ENTRIES;
		int k = entry % BS_SWEPT_ENTRIES;
		bool first_column = walk->column == 0 || k % BS_SWEPT_SIDE == 0;
		bool first_row = walk->row == 0 || k / BS_SWEPT_SIDE == 0;
		if (first_column && first_row && ball != walk->ball) {
			return ball;
		}
	}
}

/// Whether the cells' lists hold exactly the entries that the balls'
/// filings say (for validation); false with the first problem in `dest`.
bool bs_swept_grid_consistent(const bs_swept_grid* grid, int ball_count, char* dest, size_t dest_size);

#endif
