// breakshot run SCENE [--events N] [--until T] [--trace FILE [--sample DT]] [--out FILE]
//                     [--method events|frames] [--dt DT]
//
// Simulates a scene headless until N events have been processed or the
// absolute time T is reached (positions advanced to exactly T), whichever
// comes first, or until no event remains; then prints a summary. With
// --sample the trace holds the totals every DT instead of at every event.
// --method frames runs the frame-stepped baseline instead (run_frames.h).
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "output_file.h"
#include "run_frames.h"
#include "run_summary.h"
#include "scene.h"
#include "trace.h"
#include "world.h"

static const char run_usage[] =
	"usage: breakshot run SCENE [--events N] [--until T] [--trace FILE [--sample DT]] [--out FILE]\n"
	"                     [--method events|frames] [--dt DT]";

typedef struct run_options {
	const char* scene_path;
	int64_t max_events; ///< 0: no limit
	double until;       ///< absolute time (s); INFINITY: no limit
	bool has_until;
	const char* trace_path;
	const char* out_path;
	double sample;    ///< trace sample interval (s); 0: a row per event
	bool use_frames;  ///< --method frames
	double frame_dt;  ///< --dt (s); 0 when not given
} run_options;

// Parses a time interval option: finite and positive.
static bool parse_interval(const char* value, const char* option, double* dest) {
	if (!bs_cli_parse_double(value, option, dest)) {
		return false;
	}
	if (!(*dest > 0.0)) {
		bs_cli_fail("%s: must be positive, got '%s'", option, value);
		return false;
	}
	return true;
}

// Returns 0 when parsed, BS_EXIT_USAGE (after printing why) otherwise.
static int parse_run_options(int argc, char** argv, run_options* dest) {
	memset(dest, 0, sizeof *dest);
	dest->until = INFINITY;
	for (int i = 0; i < argc; ++i) {
		const char* arg = argv[i];
		const char* value = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(arg, "--events") == 0) {
			if (!bs_cli_parse_int64(value, "--events", 1, INT64_MAX, &dest->max_events)) {
				return BS_EXIT_USAGE;
			}
			++i;
		} else if (strcmp(arg, "--until") == 0) {
			if (!bs_cli_parse_double(value, "--until", &dest->until)) {
				return BS_EXIT_USAGE;
			}
			dest->has_until = true;
			++i;
		} else if (strcmp(arg, "--sample") == 0 || strcmp(arg, "--dt") == 0) {
			if (!parse_interval(value, arg, arg[2] == 's' ? &dest->sample : &dest->frame_dt)) {
				return BS_EXIT_USAGE;
			}
			++i;
		} else if (strcmp(arg, "--method") == 0) {
			if (!value || (strcmp(value, "events") != 0 && strcmp(value, "frames") != 0)) {
				return bs_cli_fail("--method: expected 'events' or 'frames'%s%s%s\n%s", value ? ", got '" : "",
					value ? value : "", value ? "'" : "", run_usage);
			}
			dest->use_frames = strcmp(value, "frames") == 0;
			++i;
		} else if (strcmp(arg, "--trace") == 0 || strcmp(arg, "--out") == 0) {
			if (!value || value[0] == '\0') {
				return bs_cli_fail("%s needs a file name\n%s", arg, run_usage);
			}
			*(arg[2] == 't' ? &dest->trace_path : &dest->out_path) = value;
			++i;
		} else if (arg[0] == '-' && arg[1] != '\0') {
			return bs_cli_fail("run: unknown option '%s'\n%s", arg, run_usage);
		} else if (dest->scene_path) {
			return bs_cli_fail("run: one scene only (got '%s' and '%s')\n%s", dest->scene_path, arg, run_usage);
		} else {
			dest->scene_path = arg;
		}
	}
	if (!dest->scene_path) {
		return bs_cli_fail("run: no scene given\n%s", run_usage);
	}
	if (dest->sample > 0.0 && !dest->trace_path) {
		return bs_cli_fail("run: --sample needs --trace FILE (it sets how often the trace samples)");
	}
	if (dest->frame_dt > 0.0 && !dest->use_frames) {
		return bs_cli_fail("run: --dt is the frame length of --method frames; the event method has no frames");
	}
	if (dest->use_frames && !(dest->frame_dt > 0.0)) {
		return bs_cli_fail("run: --method frames needs --dt DT (the frame length in seconds)");
	}
	if (dest->use_frames && dest->out_path) {
		return bs_cli_fail("run: --out is for the event method: a frames run can end with balls overlapping, "
						   "which no scene may hold");
	}
	if (dest->trace_path && dest->out_path && strcmp(dest->trace_path, dest->out_path) == 0) {
		return bs_cli_fail("run: --trace and --out name the same file '%s'", dest->trace_path);
	}
	return 0;
}

static void write_event_row(FILE* stream, const bs_world* world) {
	bs_event event = bs_world_last_event(world);
	bs_totals totals = bs_world_totals(world);
	bs_trace_write_row(stream, bs_world_event_count(world), event.time, bs_event_kind_name(event.kind), event.a,
		event.b, event.impulse, &totals);
}

static void print_summary(const run_options* options, const bs_world* world, const bs_totals* start, double start_time,
	double wall) {
	bs_totals end = bs_world_totals(world);
	int64_t events = bs_world_event_count(world);
	printf("breakshot run %s\n", options->scene_path);
	int64_t counts[BS_EVENT_KIND_COUNT];
	for (int kind = 0; kind < BS_EVENT_KIND_COUNT; ++kind) {
		counts[kind] = bs_world_event_count_of(world, (bs_event_kind)kind);
	}
	bs_summary_print_counts("events", events, counts);
	printf("  simulated time  %.9g s (from %.9g s to %.9g s)\n", bs_world_time(world) - start_time, start_time,
		bs_world_time(world));
	bs_summary_print_totals(start, &end);
	int count = bs_world_ball_count(world);
	bs_ball_state* balls = malloc((size_t)(count > 0 ? count : 1) * sizeof *balls);
	if (balls) {
		for (int i = 0; i < count; ++i) {
			balls[i] = bs_world_ball_state(world, i, bs_world_time(world));
		}
		bs_summary_print_pocketed(balls, count, &end);
		free(balls);
	}
	printf("  balls on table  %d of %d\n", end.balls_on_table, bs_world_ball_count(world));
	double rate = wall > 0.0 ? (double)events / wall : 0.0;
	printf("  wall time       %.6f s (%.4g events/s)\n", wall, rate);
}

int bs_cmd_run(int argc, char** argv) {
	run_options options;
	int status = parse_run_options(argc, argv, &options);
	if (status != 0) {
		return status;
	}
	bs_scene scene;
	char error[512];
	if (!bs_scene_load(options.scene_path, &scene, error, sizeof error)) {
		fprintf(stderr, "breakshot: %s\n", error);
		return BS_EXIT_USAGE;
	}
	double start_time = scene.def.time;
	if (options.has_until && options.until < start_time) {
		bs_scene_free(&scene);
		return bs_cli_fail("--until %.17g is before the scene's time %.17g", options.until, start_time);
	}
	if (options.use_frames) {
		bs_frames_run run = {options.scene_path, options.frame_dt, options.max_events, options.until,
			options.has_until, options.trace_path, options.sample};
		status = bs_run_frames(&scene.def, &run);
		bs_scene_free(&scene);
		return status;
	}
	bs_world* world = bs_world_create(&scene.def);
	bs_scene_free(&scene);
	if (!world) {
		return bs_cli_fail("out of memory creating the world");
	}

	bs_output_file trace = {0};
	if (options.trace_path && !bs_output_open(&trace, options.trace_path)) {
		bs_world_destroy(world);
		return 1;
	}

	bs_totals start = bs_world_totals(world);
	bs_trace_sampler sampler = bs_trace_sampler_make(NULL, start_time, options.sample);
	if (trace.stream) {
		bs_trace_write_header(trace.stream);
		if (options.sample > 0.0) {
			sampler.stream = trace.stream;
		} else {
			bs_trace_write_row(trace.stream, 0, start_time, "start", -1, -1, 0.0, &start);
		}
	}

	double wall_start = bs_cli_wall_seconds();
	for (;;) {
		if (options.max_events > 0 && bs_world_event_count(world) >= options.max_events) {
			break;
		}
		bs_event next;
		if (!bs_world_peek(world, &next) || next.time > options.until) {
			if (options.has_until) {
				bs_world_advance(world, options.until, 0);
			}
			break;
		}
		if (sampler.stream && bs_trace_sampler_next_time(&sampler) < next.time) {
			bs_totals before = bs_world_totals(world);
			bs_trace_sample_before(&sampler, next.time, bs_world_event_count(world), &before);
		}
		bs_world_step(world);
		if (trace.stream && !sampler.stream) {
			write_event_row(trace.stream, world);
		}
	}
	double wall = bs_cli_wall_seconds() - wall_start;
	if (sampler.stream) {
		bs_totals end = bs_world_totals(world);
		bs_trace_sample_through(&sampler, bs_world_time(world), bs_world_event_count(world), &end);
	}

	int exit_status = 0;
	if (trace.stream && !bs_output_commit(&trace)) {
		exit_status = 1;
	}
	if (options.out_path) {
		char* text = bs_scene_dump_world(world);
		if (!text || !bs_output_write_all(options.out_path, text, strlen(text))) {
			exit_status = 1;
		}
		free(text);
	}
	print_summary(&options, world, &start, start_time, wall);
	bs_world_destroy(world);
	return exit_status;
}
