#include "run_summary.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>

double bs_summary_relative_change(double start, double end) {
	double scale = fabs(start) > 0.0 ? fabs(start) : 1.0;
	return (end - start) / scale;
}

void bs_summary_print_counts(
	const char* label, int64_t total, const int64_t counts[BS_EVENT_KIND_COUNT], bool changes_of_state) {
	printf("  %-15s %" PRId64 " (", label, total);
	int kinds = changes_of_state ? BS_EVENT_KIND_COUNT : BS_EVENT_POCKET + 1;
	for (int kind = 0; kind < kinds; ++kind) {
		printf("%s%s %" PRId64, kind ? ", " : "", bs_event_kind_name((bs_event_kind)kind), counts[kind]);
	}
	printf(")\n");
}

void bs_summary_print_totals(const bs_totals* start, const bs_totals* end) {
	printf("  kinetic energy  start %.12g J, end %.12g J (relative change %.3g)\n", start->kinetic_energy,
		end->kinetic_energy, bs_summary_relative_change(start->kinetic_energy, end->kinetic_energy));
	printf("  momentum        start (%.12g, %.12g) kg m/s, end (%.12g, %.12g) kg m/s\n", start->momentum.x,
		start->momentum.y, end->momentum.x, end->momentum.y);
}

// Whether pocketed ball x went in before y (by time, then id).
static bool potted_before(const bs_ball_state* x, const bs_ball_state* y) {
	return x->pocket_time != y->pocket_time ? x->pocket_time < y->pocket_time : x->id < y->id;
}

void bs_summary_print_pocketed(const bs_ball_state* balls, int count, const bs_totals* start, const bs_totals* end) {
	// In the order they went in: a pool table holds at most a rack, so a
	// selection by repeated scans is plenty.
	int pocketed = 0;
	const bs_ball_state* previous = NULL;
	for (;;) {
		const bs_ball_state* next = NULL;
		for (int i = 0; i < count; ++i) {
			const bs_ball_state* ball = &balls[i];
			if (ball->pocketed && (!previous || potted_before(previous, ball)) && (!next || potted_before(ball, next))) {
				next = ball;
			}
		}
		if (!next) {
			break;
		}
		printf("%s ball %d in pocket %d at %.6f s", pocketed ? "," : "  pocketed       ", next->id, next->pocket,
			next->pocket_time);
		pocketed += 1;
		previous = next;
	}
	if (pocketed) {
		double all = end->kinetic_energy + end->pocketed_energy;
		printf("\n  energy potted   %.12g J (table + pockets %.12g J, relative change %.3g)\n", end->pocketed_energy,
			all, bs_summary_relative_change(start->kinetic_energy + start->pocketed_energy, all));
	}
}

void bs_summary_print_resting(const bs_ball_state* balls, int count) {
	bool first = true;
	for (int i = 0; i < count; ++i) {
		const bs_ball_state* ball = &balls[i];
		if (ball->pocketed) {
			continue;
		}
		printf("  %-15s ball %d at (%.6f, %.6f) m, %s\n", first ? "where they end" : "", ball->id, ball->pos.x,
			ball->pos.y, bs_motion_state_name(ball->motion));
		first = false;
	}
}
