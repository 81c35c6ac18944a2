#include "run_frames.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include <breakshot/frame_step.h>
#include "run_summary.h"
#include "trace.h"

/// How many misses the summary names one by one.
#define LISTED_MISSES 5

typedef struct frames_report {
	bs_frame_miss first_misses[LISTED_MISSES];
	int listed;
} frames_report;

static void write_contact_rows(FILE* stream, const bs_frames* frames, int64_t contacts_before) {
	int count = 0;
	const bs_frame_contact* contacts = bs_frames_contacts(frames, &count);
	for (int k = 0; k < count; ++k) {
		const bs_event* event = &contacts[k].event;
		bs_trace_write_row(stream, false, contacts_before + k + 1, event->time, bs_event_kind_name(event->kind), event->a,
			event->b, event->impulse, &contacts[k].totals);
	}
}

static void remember_misses(const bs_frames* frames, frames_report* report) {
	int count = 0;
	const bs_frame_miss* misses = bs_frames_misses(frames, &count);
	for (int k = 0; k < count && report->listed < LISTED_MISSES; ++k) {
		report->first_misses[report->listed++] = misses[k];
	}
}

static void print_summary(const bs_frames_run* run, const bs_frames* frames, const bs_totals* start,
	double start_time, const frames_report* report, double wall) {
	bs_frame_stats stats = bs_frames_stats(frames);
	bs_totals end = bs_frames_totals(frames);
	double now = bs_frames_time(frames);
	printf("breakshot run %s --method frames\n", run->scene_path);
	printf("  frames          %" PRId64 " of dt %.9g s\n", stats.frames, run->dt);
	bs_summary_print_counts("contacts", stats.contacts, stats.contacts_of, false);
	printf("  simulated time  %.9g s (from %.9g s to %.9g s)\n", now - start_time, start_time, now);
	bs_summary_print_totals(start, &end);
	printf("  missed          %" PRId64 " collision%s: pairs that passed through each other between frames\n",
		stats.misses, stats.misses == 1 ? "" : "s");
	for (int k = 0; k < report->listed; ++k) {
		const bs_frame_miss* miss = &report->first_misses[k];
		printf("                  balls %d and %d touch at %.9g s, inside the frame ending %.9g s\n", miss->a, miss->b,
			miss->time, miss->frame_end);
	}
	if (stats.misses > report->listed) {
		printf("                  (%" PRId64 " more)\n", stats.misses - report->listed);
	}
	if (stats.overlap_a >= 0) {
		printf("  largest overlap %.6g m (%.4g of r1 + r2), balls %d and %d at %.9g s\n", stats.largest_overlap,
			stats.largest_overlap_relative, stats.overlap_a, stats.overlap_b, stats.overlap_time);
	} else {
		printf("  largest overlap 0 m (no two balls ever overlapped at a frame's end)\n");
	}
	printf("  stuck           %" PRId64 " pair-frame%s overlapping while already separating\n", stats.stuck,
		stats.stuck == 1 ? "" : "s");
	int count = bs_frames_ball_count(frames);
	bs_ball_state* balls = malloc((size_t)(count > 0 ? count : 1) * sizeof *balls);
	if (balls) {
		for (int i = 0; i < count; ++i) {
			balls[i] = bs_frames_ball_state(frames, i);
		}
		bs_summary_print_pocketed(balls, count, start, &end);
		free(balls);
	}
	if (stats.escaped > 0) {
		printf("  escaped         %" PRId64 " ball%s went through a cushion and left the table\n", stats.escaped,
			stats.escaped == 1 ? "" : "s");
	}
	printf("  balls on table  %d of %d\n", end.balls_on_table, count);
	double rate = wall > 0.0 ? (double)stats.frames / wall : 0.0;
	printf("  wall time       %.6f s (%.4g frames/s)\n", wall, rate);
	if (run->default_frames > 0 && stats.frames >= run->default_frames && !bs_frames_at_rest(frames)) {
		printf("  stopped at the default limit of %" PRId64 " frames; pass --events or --until\n", run->default_frames);
	}
}

// The length of the next frame: dt, or less to land exactly on the end time.
// Returns 0 when the run is over.
static double next_step(const bs_frames* frames, const bs_frames_run* run) {
	bs_frame_stats stats = bs_frames_stats(frames);
	if ((run->max_contacts > 0 && stats.contacts >= run->max_contacts) ||
		(run->default_frames > 0 && stats.frames >= run->default_frames)) {
		return 0.0;
	}
	double now = bs_frames_time(frames);
	if (run->has_until) {
		double left = run->until - now;
		// A remainder below a billionth of a frame is rounding, not a frame.
		if (!(left > 1e-9 * run->dt)) {
			return 0.0;
		}
		return left < run->dt ? left : run->dt;
	}
	return bs_frames_at_rest(frames) ? 0.0 : run->dt;
}

int bs_run_frames(const bs_world_def* def, const bs_frames_run* run) {
	bs_frames* frames = bs_frames_create(def, run->dt);
	if (!frames) {
		fprintf(stderr, "breakshot: out of memory creating the frames stepper\n");
		return 1;
	}
	FILE* trace = run->trace;
	bs_totals start = bs_frames_totals(frames);
	bs_trace_sampler sampler = bs_trace_sampler_make(NULL, false, def->time, run->sample);
	if (trace) {
		bs_trace_write_header(trace, false);
		if (run->sample > 0.0) {
			sampler.stream = trace;
		} else {
			bs_trace_write_row(trace, false, 0, def->time, "start", -1, -1, 0.0, &start);
		}
	}

	frames_report report = {.listed = 0};
	int exit_status = 0;
	double wall_start = bs_cli_wall_seconds();
	for (double step = next_step(frames, run); step > 0.0; step = next_step(frames, run)) {
		int64_t contacts_before = bs_frames_stats(frames).contacts;
		if (sampler.stream) {
			// The state before this frame holds until its end; a sample time
			// within a billionth of a frame of that end counts as at the end.
			bs_totals before = bs_frames_totals(frames);
			double frame_end = bs_frames_time(frames) + step;
			bs_trace_sample_before(&sampler, frame_end - 1e-9 * run->dt, contacts_before, &before);
		}
		if (bs_frames_step(frames, step) < 0) {
			fprintf(stderr, "breakshot: out of memory recording the contacts\n");
			exit_status = 1;
			break;
		}
		remember_misses(frames, &report);
		if (trace && !sampler.stream) {
			write_contact_rows(trace, frames, contacts_before);
		}
	}
	double wall = bs_cli_wall_seconds() - wall_start;
	if (sampler.stream) {
		bs_totals end = bs_frames_totals(frames);
		bs_trace_sample_through(&sampler, bs_frames_time(frames), bs_frames_stats(frames).contacts, &end);
	}
	print_summary(run, frames, &start, def->time, &report, wall);
	bs_frames_destroy(frames);
	return exit_status;
}
