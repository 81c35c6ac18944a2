#include "swept_grid.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>

#include "alloc.h"
#include "cache_lines.h"

// How many cells at least `reach` (m) wide to cut `length` (m) into: no
// more than `cells`, and at least one. (The grid of centres keeps three a
// side, narrower if it must; these never are, but may be as few as one: a
// ball's box must fit BS_SWEPT_SIDE of them.)
static int cells_at_most(int cells, double length, double reach) {
	double fit = floor(length / (reach * (1.0 + BS_GRID_MARGIN)));
	return cells <= fit ? cells : fit >= 1.0 ? (int)fit : 1;
}

bool bs_swept_grid_create(bs_swept_grid* grid, const bs_table* table, double diameter, int ball_count) {
	double reach = BS_SWEPT_CELL_DIAMETERS * diameter;
	bs_grid_cells layout = bs_grid_cells_for(table, reach, ball_count, BS_SWEPT_CELLS_PER_BALL);
	layout.nx = cells_at_most(layout.nx, table->width, reach);
	layout.ny = cells_at_most(layout.ny, table->height, reach);
	layout.cell_w = table->width / layout.nx;
	layout.cell_h = table->height / layout.ny;
	layout.per_cell_w = 1.0 / layout.cell_w;
	layout.per_cell_h = 1.0 / layout.cell_h;
	grid->cells = layout;
	size_t cells = (size_t)grid->cells.nx * (size_t)grid->cells.ny;
	size_t balls = (size_t)(ball_count > 0 ? ball_count : 1);
	grid->cell = bs_alloc_lines(cells, sizeof *grid->cell);
	grid->next = bs_alloc_lines(balls * BS_SWEPT_ENTRIES, sizeof *grid->next);
	grid->filing = bs_alloc_lines(balls, sizeof *grid->filing);
	if (!grid->cell || !grid->next || !grid->filing) {
		bs_swept_grid_destroy(grid);
		return false;
	}
	grid->ball_capacity = (int)balls;
	bs_swept_grid_clear(grid);
	return true;
}

void bs_swept_grid_clear(bs_swept_grid* grid) {
	size_t cells = (size_t)grid->cells.nx * (size_t)grid->cells.ny;
	size_t balls = (size_t)grid->ball_capacity;
	for (size_t c = 0; c < cells; ++c) {
		grid->cell[c].count = 0;
		grid->cell[c].more = -1;
	}
	for (size_t e = 0; e < balls * BS_SWEPT_ENTRIES; ++e) {
		grid->next[e] = -1;
	}
	for (size_t b = 0; b < balls; ++b) {
		grid->filing[b] = (bs_swept_filing){-INFINITY, -INFINITY, {0, 0, 0, 0}};
	}
}

void bs_swept_grid_destroy(bs_swept_grid* grid) {
	bs_free(grid->cell);
	bs_free(grid->next);
	bs_free(grid->filing);
	grid->cell = NULL;
	grid->next = NULL;
	grid->filing = NULL;
}

size_t bs_swept_grid_bytes(const bs_swept_grid* grid, int ball_count) {
	size_t balls = (size_t)(ball_count > 0 ? ball_count : 1);
	return (size_t)grid->cells.nx * (size_t)grid->cells.ny * sizeof *grid->cell +
		balls * (BS_SWEPT_ENTRIES * sizeof *grid->next + sizeof *grid->filing);
}

// The cell along one axis holding coordinate `x`, the outer cells taking
// what lies beyond the table. Monotone in x: the product by a positive
// number is, rounding included, and so is truncation of what is left
// between 0 and the cell count (where it is the floor).
static int cell_along(double x, double per_cell, int cells) {
	double c = x * per_cell;
	return !(c > 0.0) ? 0 : c >= cells ? cells - 1 : (int)c;
}

bs_cell_span bs_swept_grid_cells_of(const bs_swept_grid* grid, bs_vec2 lo, bs_vec2 hi) {
	const bs_grid_cells* c = &grid->cells;
	bs_cell_span span;
	span.column = cell_along(lo.x, c->per_cell_w, c->nx);
	span.row = cell_along(lo.y, c->per_cell_h, c->ny);
	span.columns = cell_along(hi.x, c->per_cell_w, c->nx) - span.column + 1;
	span.rows = cell_along(hi.y, c->per_cell_h, c->ny) - span.row + 1;
	return span;
}

int bs_swept_grid_cell_at(const bs_swept_grid* grid, bs_vec2 pos) {
	const bs_grid_cells* c = &grid->cells;
	return cell_along(pos.y, c->per_cell_h, c->ny) * c->nx + cell_along(pos.x, c->per_cell_w, c->nx);
}

static bool same_span(bs_cell_span a, bs_cell_span b) {
	return a.column == b.column && a.row == b.row && a.columns == b.columns && a.rows == b.rows;
}

// Takes `entry` out of `cell`: from its own entries, the last taking its
// place and the first further one, if any, the last's; or from the list of
// further ones.
static void unlink_entry(bs_swept_grid* grid, bs_swept_cell* cell, int entry) {
	for (int at = 0; at < cell->count; ++at) {
		if (cell->entry[at] == entry) {
			cell->entry[at] = cell->entry[--cell->count];
			if (cell->more >= 0) {
				cell->entry[cell->count++] = cell->more;
				cell->more = grid->next[cell->more];
			}
			return;
		}
	}
	int* link = &cell->more;
	while (*link != entry) {
		assert(*link >= 0 && "a filed ball's entry is in its cell");
		link = &grid->next[*link];
	}
	*link = grid->next[entry];
	grid->next[entry] = -1;
}

static void link_entry(bs_swept_grid* grid, bs_swept_cell* cell, int entry) {
	if (cell->count < BS_SWEPT_CELL_ENTRIES) {
		cell->entry[cell->count++] = entry;
	} else {
		grid->next[entry] = cell->more;
		cell->more = entry;
	}
}

// Runs the statement that follows for each cell of `span`, with `cell` a
// pointer to it and `entry` the entry of `ball` there.
#define FOR_EACH_ENTRY(grid, ball, span, cell, entry)                                                              \
	for (int row_ = 0; row_ < (span).rows; ++row_)                                                                 \
		for (bs_swept_cell* cell = &(grid)->cell[((span).row + row_) * (grid)->cells.nx + (span).column];          \
			 cell; cell = NULL)                                                                                    \
			for (int column_ = 0, entry = (ball) * BS_SWEPT_ENTRIES + row_ * BS_SWEPT_SIDE; column_ < (span).columns; \
				 ++column_, ++cell, ++entry)

static void unfile(bs_swept_grid* grid, int ball) {
	bs_cell_span span = grid->filing[ball].span;
	FOR_EACH_ENTRY(grid, ball, span, cell, entry) {
		unlink_entry(grid, cell, entry);
	}
	grid->filing[ball].span = (bs_cell_span){0, 0, 0, 0};
}

void bs_swept_grid_file(bs_swept_grid* grid, int ball, bs_cell_span span, double from, double until) {
	assert(span.columns >= 1 && span.columns <= BS_SWEPT_SIDE && span.rows >= 1 && span.rows <= BS_SWEPT_SIDE &&
		"a ball is filed under 1 to BS_SWEPT_SIDE cells a side: shorten its span of time");
	bs_swept_filing* filing = &grid->filing[ball];
	filing->from = from;
	filing->until = until;
	if (same_span(filing->span, span)) {
		return;
	}
	unfile(grid, ball);
	FOR_EACH_ENTRY(grid, ball, span, cell, entry) {
		link_entry(grid, cell, entry);
	}
	filing->span = span;
}

void bs_swept_grid_remove(bs_swept_grid* grid, int ball) {
	unfile(grid, ball);
	grid->filing[ball].from = -INFINITY;
	grid->filing[ball].until = -INFINITY;
}

bool bs_swept_grid_consistent(const bs_swept_grid* grid, int ball_count, char* dest, size_t dest_size) {
	const bs_grid_cells* c = &grid->cells;
	size_t filed = 0;
	for (int b = 0; b < ball_count; ++b) {
		bs_cell_span span = grid->filing[b].span;
		if (span.columns == 0 && span.rows == 0) {
			continue;
		}
		if (span.columns < 1 || span.columns > BS_SWEPT_SIDE || span.rows < 1 || span.rows > BS_SWEPT_SIDE ||
			span.column < 0 || span.row < 0 || span.column + span.columns > c->nx || span.row + span.rows > c->ny) {
			snprintf(dest, dest_size, "ball at %d is filed under %d x %d cells from (%d, %d), outside the grid's %d x %d",
				b, span.columns, span.rows, span.column, span.row, c->nx, c->ny);
			return false;
		}
		filed += (size_t)span.columns * (size_t)span.rows;
	}
	size_t listed = 0;
	for (int row = 0; row < c->ny; ++row) {
		for (int column = 0; column < c->nx; ++column) {
			const bs_swept_cell* cell = &grid->cell[row * c->nx + column];
			if (cell->count < 0 || cell->count > BS_SWEPT_CELL_ENTRIES ||
				(cell->count < BS_SWEPT_CELL_ENTRIES && cell->more >= 0)) {
				snprintf(dest, dest_size, "cell (%d, %d) holds %d entries of its own and %s", column, row, cell->count,
					cell->more >= 0 ? "further ones" : "no further ones");
				return false;
			}
			bs_swept_cell_walk walk = bs_swept_cell_walk_start(&grid->cell[row * c->nx + column]);
			for (int e; (e = bs_swept_cell_walk_next(grid, &walk)) >= 0;) {
				int b = e / BS_SWEPT_ENTRIES;
				int k = e % BS_SWEPT_ENTRIES;
				bs_cell_span span = b < ball_count ? grid->filing[b].span : (bs_cell_span){0, 0, 0, 0};
				int dc = column - span.column;
				int dr = row - span.row;
				if (dc < 0 || dc >= span.columns || dr < 0 || dr >= span.rows || k != dr * BS_SWEPT_SIDE + dc) {
					snprintf(dest, dest_size, "cell (%d, %d) lists ball at %d, which is not filed there", column, row, b);
					return false;
				}
				if (++listed > filed) {
					snprintf(dest, dest_size, "the cells list more entries than the balls are filed under (%zu)", filed);
					return false;
				}
			}
		}
	}
	if (listed != filed) {
		snprintf(dest, dest_size, "the cells list %zu entries; the balls are filed under %zu cells", listed, filed);
		return false;
	}
	return true;
}
