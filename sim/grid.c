#include "grid.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include "alloc.h"
#include "cache_lines.h"

// The row of a ball that is in no cell. Unwrapped rows and columns on a
// periodic table run negative, so -1 cannot mean "nowhere".
#define NOWHERE INT64_MIN

// Cells of at least `reach` along `length`, counted in double precision so
// that a tiny reach on a long side cannot overflow an int.
static double cells_along(double length, double reach) {
	return floor(length / (reach * (1.0 + BS_GRID_MARGIN)));
}

// A periodic grid needs 5 cells a side: two balls in neighbouring cells are
// then less than 2 cells, 2/5 of the box, apart along each axis, so the
// displacement between them is their nearest image with room to spare
// (world_step.c); at 4 cells it could be exactly half the box, a tie.
static double fewest_cells(const bs_table* table) {
	return table->periodic ? 5.0 : 3.0;
}

bool bs_grid_fits(const bs_table* table, double reach) {
	double fewest = fewest_cells(table);
	return reach > 0.0 && cells_along(table->width, reach) >= fewest && cells_along(table->height, reach) >= fewest;
}

bs_grid_cells bs_grid_cells_for(const bs_table* table, double reach, int ball_count, double per_ball) {
	double nx = cells_along(table->width, reach);
	double ny = cells_along(table->height, reach);
	// Cells beyond a few per ball only cost memory: coarsen evenly, keeping
	// at least 3 a side. Wider cells are never wrong, only slower.
	double most = per_ball * (ball_count > 0 ? ball_count : 1) + 16.0;
	double fewest = fewest_cells(table);
	if (nx * ny > most) {
		double shrink = sqrt(nx * ny / most);
		nx = fmax(fewest, floor(nx / shrink));
		ny = fmax(fewest, floor(ny / shrink));
		nx = nx * ny > most ? fmax(fewest, floor(most / ny)) : nx;
	}
	bs_grid_cells cells;
	cells.nx = (int)nx;
	cells.ny = (int)ny;
	cells.cell_w = table->width / cells.nx;
	cells.cell_h = table->height / cells.ny;
	cells.per_cell_w = 1.0 / cells.cell_w;
	cells.per_cell_h = 1.0 / cells.cell_h;
	return cells;
}

bool bs_grid_create(bs_grid* grid, const bs_table* table, double reach, int ball_count) {
	bs_grid_cells layout = bs_grid_cells_for(table, reach, ball_count, 4.0);
	grid->nx = layout.nx;
	grid->ny = layout.ny;
	grid->cell_w = layout.cell_w;
	grid->cell_h = layout.cell_h;
	grid->per_cell_w = layout.per_cell_w;
	grid->per_cell_h = layout.per_cell_h;
	grid->periodic = table->periodic;
	size_t cells = (size_t)grid->nx * (size_t)grid->ny;
	size_t balls = (size_t)(ball_count > 0 ? ball_count : 1);
	grid->head = bs_alloc_lines(cells, sizeof *grid->head);
	grid->next = bs_alloc_lines(balls, sizeof *grid->next);
	grid->where = bs_alloc_lines(balls, sizeof *grid->where);
	if (!grid->head || !grid->next || !grid->where) {
		bs_grid_destroy(grid);
		return false;
	}
	grid->ball_capacity = (int)balls;
	bs_grid_clear(grid);
	return true;
}

void bs_grid_clear(bs_grid* grid) {
	size_t cells = (size_t)grid->nx * (size_t)grid->ny;
	for (size_t c = 0; c < cells; ++c) {
		grid->head[c] = -1;
	}
	for (int b = 0; b < grid->ball_capacity; ++b) {
		grid->next[b] = -1;
		grid->where[b].column = NOWHERE;
		grid->where[b].row = NOWHERE;
	}
}

void bs_grid_destroy(bs_grid* grid) {
	bs_free(grid->head);
	bs_free(grid->next);
	bs_free(grid->where);
	grid->head = grid->next = NULL;
	grid->where = NULL;
}

// An unwrapped column or row wrapped into [0, cells). A ball is rarely more
// than a box length from the cell of its anchor, so the remainder (an integer
// division) is the rare case.
static int wrapped(int64_t unwrapped, int cells) {
	if (unwrapped >= 0 && unwrapped < cells) {
		return (int)unwrapped;
	}
	if (unwrapped >= cells && unwrapped < 2 * cells) {
		return (int)(unwrapped - cells);
	}
	if (unwrapped < 0 && unwrapped >= -cells) {
		return (int)(unwrapped + cells);
	}
	return (int)(((unwrapped % cells) + cells) % cells);
}

static int cell_of_ball(const bs_grid* grid, int ball) {
	return wrapped(grid->where[ball].row, grid->ny) * grid->nx + wrapped(grid->where[ball].column, grid->nx);
}

// Cells hold a handful of balls, so a singly linked list, searched on the
// way out, is as quick as a doubly linked one and a quarter smaller.
static void unlink_ball(bs_grid* grid, int ball) {
	if (grid->where[ball].row == NOWHERE) {
		return;
	}
	int* link = &grid->head[cell_of_ball(grid, ball)];
	while (*link != ball) {
		assert(*link >= 0 && "a ball in the grid is on its cell's list");
		link = &grid->next[*link];
	}
	*link = grid->next[ball];
	grid->next[ball] = -1;
}

static void link_ball(bs_grid* grid, int ball) {
	int cell = cell_of_ball(grid, ball);
	assert(grid->head[cell] != ball && "a ball is linked into a cell only after leaving its old one");
	grid->next[ball] = grid->head[cell];
	grid->head[cell] = ball;
}

static int64_t clamp_cell(double value, int last) {
	return value < 0.0 ? 0 : value > last ? last : (int64_t)value;
}

// The cell holding a position inside the table (rounding at the far edges
// kept in the last cell).
static bs_grid_cell locate(const bs_grid* grid, bs_vec2 pos) {
	return (bs_grid_cell){clamp_cell(floor(pos.x * grid->per_cell_w), grid->nx - 1),
		clamp_cell(floor(pos.y * grid->per_cell_h), grid->ny - 1)};
}

int bs_grid_cell_at(const bs_grid* grid, bs_vec2 pos) {
	bs_grid_cell cell = locate(grid, pos);
	return (int)cell.row * grid->nx + (int)cell.column;
}

void bs_grid_place(bs_grid* grid, int ball, bs_vec2 pos) {
	bs_grid_cell cell = locate(grid, pos);
	if (grid->where[ball].row != NOWHERE) {
		if (cell.column == grid->where[ball].column && cell.row == grid->where[ball].row) {
			return;
		}
		unlink_ball(grid, ball);
	}
	grid->where[ball] = cell;
	link_ball(grid, ball);
}

void bs_grid_place_on_path(bs_grid* grid, int ball, bs_vec2 pos) {
	bs_grid_cell cell = grid->periodic
		? (bs_grid_cell){(int64_t)floor(pos.x * grid->per_cell_w), (int64_t)floor(pos.y * grid->per_cell_h)}
		: locate(grid, pos);
	if (grid->where[ball].row != NOWHERE) {
		unlink_ball(grid, ball);
	}
	grid->where[ball] = cell;
	link_ball(grid, ball);
}

void bs_grid_remove(bs_grid* grid, int ball) {
	unlink_ball(grid, ball);
	grid->where[ball].column = NOWHERE;
	grid->where[ball].row = NOWHERE;
}

// How long (s) until the coordinate x, moving at speed u, reaches a border
// of the cell [cell size, (cell + 1) size), or INFINITY. On a walled table
// the outer cells are closed: the walls keep the ball in. (Two divisions, not
// one and a cross-multiplication: the products underflow at tiny speeds.)
static double leave_cell(double x, double u, int64_t cell, int cells, double size, bool periodic) {
	if (u > 0.0 && (periodic || cell < cells - 1)) {
		return ((double)(cell + 1) * size - x) / u;
	}
	if (u < 0.0 && (periodic || cell > 0)) {
		return ((double)cell * size - x) / u;
	}
	return INFINITY;
}

double bs_grid_crossing(const bs_grid* grid, int ball, bs_vec2 pos, bs_vec2 vel, double time, int* axis) {
	double tx = leave_cell(pos.x, vel.x, grid->where[ball].column, grid->nx, grid->cell_w, grid->periodic);
	double ty = leave_cell(pos.y, vel.y, grid->where[ball].row, grid->ny, grid->cell_h, grid->periodic);
	*axis = ty < tx ? 1 : 0;
	return time + (ty < tx ? ty : tx);
}

void bs_grid_cross(bs_grid* grid, int ball, int axis, int step) {
	unlink_ball(grid, ball);
	if (axis == 0) {
		grid->where[ball].column += step;
	} else {
		grid->where[ball].row += step;
	}
	link_ball(grid, ball);
}

int bs_grid_neighbourhood(const bs_grid* grid, int ball, int dest[9]) {
	int cx = wrapped(grid->where[ball].column, grid->nx);
	int cy = wrapped(grid->where[ball].row, grid->ny);
	int xs[3] = {cx - 1, cx, cx + 1};
	int ys[3] = {cy - 1, cy, cy + 1};
	int x_count = 3;
	int y_count = 3;
	int* x = xs;
	int* y = ys;
	if (grid->periodic) {
		xs[0] = cx == 0 ? grid->nx - 1 : xs[0];
		xs[2] = cx == grid->nx - 1 ? 0 : xs[2];
		ys[0] = cy == 0 ? grid->ny - 1 : ys[0];
		ys[2] = cy == grid->ny - 1 ? 0 : ys[2];
	} else {
		// Walls: the outer cells have no neighbours beyond them.
		x += cx == 0;
		x_count -= (cx == 0) + (cx == grid->nx - 1);
		y += cy == 0;
		y_count -= (cy == 0) + (cy == grid->ny - 1);
	}
	int count = 0;
	for (int r = 0; r < y_count; ++r) {
		for (int c = 0; c < x_count; ++c) {
			dest[count++] = y[r] * grid->nx + x[c];
		}
	}
	return count;
}

// A cell coordinate `offset` cells from `cell`, wrapped on a periodic grid;
// -1 past a wall.
static int shifted(int cell, int offset, int cells, bool periodic) {
	int shifted = cell + offset;
	if (shifted >= 0 && shifted < cells) {
		return shifted;
	}
	return periodic ? (shifted + cells) % cells : -1;
}

int bs_grid_entering(const bs_grid* grid, int ball, int axis, int step, int dest[3]) {
	int cx = wrapped(grid->where[ball].column, grid->nx);
	int cy = wrapped(grid->where[ball].row, grid->ny);
	int count = 0;
	for (int across = -1; across <= 1; ++across) {
		int x = axis == 0 ? shifted(cx, step, grid->nx, grid->periodic) : shifted(cx, across, grid->nx, grid->periodic);
		int y = axis == 0 ? shifted(cy, across, grid->ny, grid->periodic) : shifted(cy, step, grid->ny, grid->periodic);
		if (x >= 0 && y >= 0) {
			dest[count++] = y * grid->nx + x;
		}
	}
	return count;
}
