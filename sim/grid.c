#include "grid.h"

#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>

// The row of a ball that is in no cell. Unwrapped rows and columns on a
// periodic table run negative, so -1 cannot mean "nowhere".
#define NOWHERE INT_MIN

static int cells_along(double length, double reach) {
	return (int)floor(length / (reach * (1.0 + BS_GRID_MARGIN)));
}

bool bs_grid_fits(const bs_table* table, double reach) {
	return reach > 0.0 && cells_along(table->width, reach) >= 3 && cells_along(table->height, reach) >= 3;
}

bool bs_grid_init(bs_grid* grid, const bs_table* table, double reach, int ball_count) {
	grid->nx = cells_along(table->width, reach);
	grid->ny = cells_along(table->height, reach);
	grid->cell_w = table->width / grid->nx;
	grid->cell_h = table->height / grid->ny;
	grid->periodic = table->periodic;
	size_t cells = (size_t)grid->nx * (size_t)grid->ny;
	size_t balls = (size_t)(ball_count > 0 ? ball_count : 1);
	grid->head = malloc(cells * sizeof *grid->head);
	grid->next = malloc(balls * sizeof *grid->next);
	grid->prev = malloc(balls * sizeof *grid->prev);
	grid->column = malloc(balls * sizeof *grid->column);
	grid->row = malloc(balls * sizeof *grid->row);
	if (!grid->head || !grid->next || !grid->prev || !grid->column || !grid->row) {
		bs_grid_free(grid);
		return false;
	}
	for (size_t c = 0; c < cells; ++c) {
		grid->head[c] = -1;
	}
	for (size_t b = 0; b < balls; ++b) {
		grid->next[b] = -1;
		grid->prev[b] = -1;
		grid->column[b] = NOWHERE;
		grid->row[b] = NOWHERE;
	}
	return true;
}

void bs_grid_free(bs_grid* grid) {
	free(grid->head);
	free(grid->next);
	free(grid->prev);
	free(grid->column);
	free(grid->row);
	grid->head = grid->next = grid->prev = grid->column = grid->row = NULL;
}

// The cell index of an unwrapped column and row.
static int cell_index(const bs_grid* grid, int column, int row) {
	int cx = ((column % grid->nx) + grid->nx) % grid->nx;
	int cy = ((row % grid->ny) + grid->ny) % grid->ny;
	return cy * grid->nx + cx;
}

static void unlink_ball(bs_grid* grid, int ball) {
	if (grid->row[ball] == NOWHERE) {
		return;
	}
	int cell = cell_index(grid, grid->column[ball], grid->row[ball]);
	if (grid->prev[ball] >= 0) {
		grid->next[grid->prev[ball]] = grid->next[ball];
	} else if (grid->head[cell] == ball) {
		grid->head[cell] = grid->next[ball];
	}
	if (grid->next[ball] >= 0) {
		grid->prev[grid->next[ball]] = grid->prev[ball];
	}
	grid->next[ball] = -1;
	grid->prev[ball] = -1;
}

static void link_ball(bs_grid* grid, int ball) {
	int cell = cell_index(grid, grid->column[ball], grid->row[ball]);
	assert(grid->head[cell] != ball && "a ball is linked into a cell only after leaving its old one");
	grid->prev[ball] = -1;
	grid->next[ball] = grid->head[cell];
	if (grid->head[cell] >= 0) {
		grid->prev[grid->head[cell]] = ball;
	}
	grid->head[cell] = ball;
}

static int clamp_int(int value, int lo, int hi) {
	return value < lo ? lo : value > hi ? hi : value;
}

void bs_grid_place(bs_grid* grid, int ball, bs_vec2 pos) {
	int column = clamp_int((int)floor(pos.x / grid->cell_w), 0, grid->nx - 1);
	int row = clamp_int((int)floor(pos.y / grid->cell_h), 0, grid->ny - 1);
	if (grid->row[ball] != NOWHERE) {
		if (column == grid->column[ball] && row == grid->row[ball]) {
			return;
		}
		unlink_ball(grid, ball);
	}
	grid->column[ball] = column;
	grid->row[ball] = row;
	link_ball(grid, ball);
}

void bs_grid_remove(bs_grid* grid, int ball) {
	unlink_ball(grid, ball);
	grid->column[ball] = NOWHERE;
	grid->row[ball] = NOWHERE;
}

// When the coordinate x, moving at speed u, reaches the border of the cell
// [cell size, (cell + 1) size), or INFINITY. On a walled table the outer cells
// are closed: the walls keep the ball in.
static double leave_cell(double x, double u, int cell, int cells, double size, bool periodic) {
	if (u > 0.0 && (periodic || cell < cells - 1)) {
		return ((cell + 1) * size - x) / u;
	}
	if (u < 0.0 && (periodic || cell > 0)) {
		return (cell * size - x) / u;
	}
	return INFINITY;
}

double bs_grid_crossing(const bs_grid* grid, int ball, bs_vec2 pos, bs_vec2 vel, double time, int* axis) {
	double tx = leave_cell(pos.x, vel.x, grid->column[ball], grid->nx, grid->cell_w, grid->periodic);
	double ty = leave_cell(pos.y, vel.y, grid->row[ball], grid->ny, grid->cell_h, grid->periodic);
	*axis = ty < tx ? 1 : 0;
	return time + (ty < tx ? ty : tx);
}

void bs_grid_cross(bs_grid* grid, int ball, int axis, int step) {
	unlink_ball(grid, ball);
	if (axis == 0) {
		grid->column[ball] += step;
	} else {
		grid->row[ball] += step;
	}
	link_ball(grid, ball);
}

int bs_grid_neighbourhood(const bs_grid* grid, int ball, int dest[9]) {
	int column = grid->column[ball];
	int row = grid->row[ball];
	int cx = ((column % grid->nx) + grid->nx) % grid->nx;
	int cy = ((row % grid->ny) + grid->ny) % grid->ny;
	int count = 0;
	for (int dy = -1; dy <= 1; ++dy) {
		int y = cy + dy;
		if (!grid->periodic && (y < 0 || y >= grid->ny)) {
			continue;
		}
		y = (y + grid->ny) % grid->ny;
		for (int dx = -1; dx <= 1; ++dx) {
			int x = cx + dx;
			if (!grid->periodic && (x < 0 || x >= grid->nx)) {
				continue;
			}
			x = (x + grid->nx) % grid->nx;
			dest[count++] = y * grid->nx + x;
		}
	}
	return count;
}
