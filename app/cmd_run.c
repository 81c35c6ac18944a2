// breakshot run: simulates a scene headless until N events have been
// processed or the absolute time T is reached (positions advanced to exactly
// T), whichever comes first, or until no event remains; then prints a summary.
// With --sample the trace holds the totals every DT instead of at every event.
// --method frames runs the frame-stepped baseline instead (run_frames.h).
// Without either limit a run stops at a default number of events: a closed
// table without friction never runs out of events, and its trace would fill
// the disk. The outputs are opened before simulating and committed together
// at the end (output_file.h). The arguments: bs_run_command below.
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "output_file.h"
#include "run_frames.h"
#include "run_invariants.h"
#include "run_summary.h"
#include "same_file.h"
#include <breakshot/scene.h>
#include "trace.h"
#include <breakshot/world.h>

/// The limit of a run given neither --events nor --until: events, or frames
/// for --method frames (whose contacts can stop coming while the frames go
/// on). A break on a pool table ends by itself (every ball pocketed or at
/// rest) far below it.
#define DEFAULT_LIMIT 10000000
#define DEFAULT_LIMIT_TEXT BS_STRINGIFY(DEFAULT_LIMIT) // as the help quotes it

static int run_main(int argc, char** argv);

const bs_command bs_run_command = {
	.name = "run",
	.synopsis = "SCENE [--events N] [--until T] [--trace FILE [--sample DT]] [--out FILE]\n"
				"  [--method events|frames] [--dt DT] [--validate] [--validate-every N]",
	.summary = "simulate a scene headless and print a summary; --method frames runs the frame-stepped baseline "
			   "and reports the collisions it missed; without --events or --until it stops at " DEFAULT_LIMIT_TEXT
			   " events or frames",
	.details =
		"--events N stops after N events (contacts for --method frames), --until T at the absolute time T, "
		"whichever comes first. Without either a run stops at a default limit of " DEFAULT_LIMIT_TEXT
		" events (frames for --method frames) and says so: a closed table without friction never runs out of "
		"events.\n\n"
		"--trace writes the totals after every event as CSV, or with --sample DT every DT seconds; --out writes "
		"the state reached as a scene (the event method only). --method frames runs the frame-stepped baseline "
		"of frictionless discs (ideal physics only) and needs --dt DT, the frame length in seconds.\n\n"
		"--validate checks after every event that no two balls overlap (beyond " BS_STRINGIFY(BS_CONTACT_TOLERANCE)
		" of their radius sum), every ball is on the table or pocketed, the collision happened at contact, time never goes back and the energy "
		"(on the table and carried into the pockets) never rises; at the first violation it stops with exit "
		"status 3, naming the event, the balls and the numbers, and writes no output. --validate-every N checks "
		"after every Nth event and the last one only (it implies --validate): each check walks the whole state, "
		"so for a large world every event costs O(N); the energy is then compared from check to check.\n\n"
		"--trace and --out are written whole or not at all: both are opened before the simulation starts and put "
		"in place together at the end; when one cannot be written, neither is left.\n\n"
		"exit status: 0 done; 2 on bad input: arguments, the scene, an output that cannot be created (refused "
		"before simulating), or two of SCENE, --trace and --out naming the same file; 1 when writing the outputs "
		"fails at the end (a full disk) or memory runs out; 3 when --validate finds a violation",
	.main = run_main,
};

typedef struct run_options {
	const char* scene_path;
	int64_t max_events; ///< 0: no limit
	bool default_limit; ///< neither limit was given: DEFAULT_LIMIT applies
	double until;       ///< absolute time (s); INFINITY: no limit
	bool has_until;
	const char* trace_path;
	const char* out_path;
	double sample;    ///< trace sample interval (s); 0: a row per event
	bool use_frames;  ///< --method frames
	double frame_dt;  ///< --dt (s); 0 when not given
	bool validate;    ///< --validate: check the invariants after every event
	int64_t validate_every; ///< --validate-every: check after every this many events (1 with --validate)
} run_options;

/// Exit status of a run whose --validate found a violation.
#define EXIT_INVALID 3

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

// Returns 0 when parsed, -1 after printing the help, BS_EXIT_USAGE (after
// printing why) otherwise.
static int parse_run_options(int argc, char** argv, run_options* dest) {
	memset(dest, 0, sizeof *dest);
	dest->until = INFINITY;
	for (int i = 0; i < argc; ++i) {
		const char* arg = argv[i];
		const char* value = i + 1 < argc ? argv[i + 1] : NULL;
		if (bs_command_is_help(arg)) {
			bs_command_print_help(&bs_run_command, stdout);
			return -1;
		} else if (strcmp(arg, "--validate") == 0) {
			dest->validate = true;
		} else if (strcmp(arg, "--validate-every") == 0) {
			if (!bs_cli_parse_int64(value, "--validate-every", 1, INT64_MAX, &dest->validate_every)) {
				return BS_EXIT_USAGE;
			}
			dest->validate = true;
			++i;
		} else if (strcmp(arg, "--events") == 0) {
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
				return bs_command_fail(&bs_run_command, "--method: expected 'events' or 'frames'%s%s%s",
					value ? ", got '" : "", value ? value : "", value ? "'" : "");
			}
			dest->use_frames = strcmp(value, "frames") == 0;
			++i;
		} else if (strcmp(arg, "--trace") == 0 || strcmp(arg, "--out") == 0) {
			if (!value || value[0] == '\0') {
				return bs_command_fail(&bs_run_command, "%s needs a file name", arg);
			}
			*(arg[2] == 't' ? &dest->trace_path : &dest->out_path) = value;
			++i;
		} else if (arg[0] == '-' && arg[1] != '\0') {
			return bs_command_fail(&bs_run_command, "run: unknown option '%s'", arg);
		} else if (dest->scene_path) {
			return bs_command_fail(&bs_run_command, "run: one scene only (got '%s' and '%s')", dest->scene_path, arg);
		} else {
			dest->scene_path = arg;
		}
	}
	if (!dest->scene_path) {
		return bs_command_fail(&bs_run_command, "run: no scene given");
	}
	dest->validate_every = dest->validate_every > 0 ? dest->validate_every : 1;
	if (dest->sample > 0.0 && !dest->trace_path) {
		return bs_cli_fail("run: --sample needs --trace FILE (it sets how often the trace samples)");
	}
	if (dest->frame_dt > 0.0 && !dest->use_frames) {
		return bs_cli_fail("run: --dt is the frame length of --method frames; the event method has no frames");
	}
	if (dest->use_frames && !(dest->frame_dt > 0.0)) {
		return bs_cli_fail("run: --method frames needs --dt DT (the frame length in seconds)");
	}
	if (dest->use_frames && dest->validate) {
		return bs_cli_fail("run: --validate checks the event method; a frames run may overlap by design");
	}
	if (dest->use_frames && dest->out_path) {
		return bs_cli_fail("run: --out is for the event method: a frames run can end with balls overlapping, "
						   "which no scene may hold");
	}
	const bs_named_path files[] = {
		{"the scene", dest->scene_path}, {"--trace", dest->trace_path}, {"--out", dest->out_path}};
	int status = bs_check_distinct_files("run", files, 3);
	if (status != 0) {
		return status;
	}
	dest->default_limit = dest->max_events == 0 && !dest->has_until;
	return 0;
}

static void write_event_row(FILE* stream, const bs_world* world) {
	bs_event event = bs_world_last_event(world);
	bs_totals totals = bs_world_totals(world);
	bs_trace_write_row(stream, bs_world_physics(world) == BS_PHYSICS_POOL, bs_world_event_count(world), event.time,
		bs_event_kind_name(event.kind), event.a, event.b, event.impulse, &totals);
}

static void print_summary(const run_options* options, const bs_world* world, const bs_totals* start, double start_time,
	double wall, bool stopped_by_default) {
	bs_totals end = bs_world_totals(world);
	int64_t events = bs_world_event_count(world);
	printf("breakshot run %s\n", options->scene_path);
	int64_t counts[BS_EVENT_KIND_COUNT];
	for (int kind = 0; kind < BS_EVENT_KIND_COUNT; ++kind) {
		counts[kind] = bs_world_event_count_of(world, (bs_event_kind)kind);
	}
	bs_summary_print_counts("events", events, counts, bs_world_physics(world) == BS_PHYSICS_POOL);
	printf("  simulated time  %.9g s (from %.9g s to %.9g s)\n", bs_world_time(world) - start_time, start_time,
		bs_world_time(world));
	bs_summary_print_totals(start, &end);
	int count = bs_world_ball_count(world);
	bs_ball_state* balls = malloc((size_t)(count > 0 ? count : 1) * sizeof *balls);
	if (balls) {
		for (int i = 0; i < count; ++i) {
			balls[i] = bs_world_ball_state(world, i, bs_world_time(world));
		}
		bs_summary_print_pocketed(balls, count, start, &end);
		if (bs_world_physics(world) == BS_PHYSICS_POOL) {
			bs_summary_print_resting(balls, count);
		}
		free(balls);
	}
	printf("  balls on table  %d of %d\n", end.balls_on_table, bs_world_ball_count(world));
	double rate = wall > 0.0 ? (double)events / wall : 0.0;
	printf("  wall time       %.6f s (%.4g events/s)\n", wall, rate);
	if (stopped_by_default) {
		printf("  stopped at the default limit of %d events; pass --events or --until\n", DEFAULT_LIMIT);
	}
	if (bs_world_reached_time_limit(world)) {
		printf("  stopped at the time limit of %g s (BS_MAX_TIME), with events still to come\n", BS_MAX_TIME);
	}
}

// Checks the world after an event (run_invariants.h); prints the first
// violation and returns false.
static bool still_valid(const bs_world* world, bs_run_invariants* before) {
	char problem[256];
	if (bs_run_invariants_hold(world, before, problem, sizeof problem)) {
		return true;
	}
	bs_event event = bs_world_last_event(world);
	fprintf(stderr, "breakshot: --validate: after event %" PRId64 " (%s, a = %d, b = %d, t = %.17g s): %s\n",
		bs_world_event_count(world), bs_event_kind_name(event.kind), event.a, event.b, event.time, problem);
	return false;
}

// Steps the world to the end the options ask for, writing the trace rows to
// `trace` (NULL: no trace). Returns whether the run stopped at the default
// event limit with events still to come; sets *invalid when --validate found
// a violation (and stops there).
static bool run_events(const run_options* options, bs_world* world, FILE* trace, double start_time, bool* invalid) {
	bs_totals start = bs_world_totals(world);
	bool energy_parts = bs_world_physics(world) == BS_PHYSICS_POOL;
	bs_trace_sampler sampler = bs_trace_sampler_make(NULL, energy_parts, start_time, options->sample);
	if (trace) {
		bs_trace_write_header(trace, energy_parts);
		if (options->sample > 0.0) {
			sampler.stream = trace;
		} else {
			bs_trace_write_row(trace, energy_parts, 0, start_time, "start", -1, -1, 0.0, &start);
		}
	}
	int64_t max_events = options->default_limit ? DEFAULT_LIMIT : options->max_events;
	bool stopped_by_default = false;
	bs_run_invariants invariants = bs_run_invariants_of(world);
	*invalid = false;
	for (;;) {
		bs_event next;
		bool has_next = options->has_until ? bs_world_peek_until(world, options->until, &next)
										   : bs_world_peek(world, &next);
		if (max_events > 0 && bs_world_event_count(world) >= max_events) {
			stopped_by_default = options->default_limit && has_next;
			break;
		}
		if (!has_next || next.time > options->until) {
			if (options->has_until) {
				bs_world_advance(world, options->until, 0);
			}
			break;
		}
		if (sampler.stream && bs_trace_sampler_next_time(&sampler) < next.time) {
			bs_totals before = bs_world_totals(world);
			bs_trace_sample_before(&sampler, next.time, bs_world_event_count(world), &before);
		}
		bs_world_step(world);
		if (trace && !sampler.stream) {
			write_event_row(trace, world);
		}
		if (options->validate && bs_world_event_count(world) % options->validate_every == 0 &&
			!still_valid(world, &invariants)) {
			*invalid = true;
			return false;
		}
	}
	// The state the run ends in, after the last event or an advance to
	// --until, unless it is the one just checked.
	bool checked = invariants.events == bs_world_event_count(world) && invariants.time == bs_world_time(world);
	if (options->validate && !checked && !still_valid(world, &invariants)) {
		*invalid = true;
		return false;
	}
	if (sampler.stream) {
		bs_totals end = bs_world_totals(world);
		bs_trace_sample_through(&sampler, bs_world_time(world), bs_world_event_count(world), &end);
	}
	return stopped_by_default;
}

// Writes the state reached as a scene to `out`. False when memory runs out.
static bool write_state(bs_world* world, bs_output_file* out) {
	char* text = bs_scene_dump_world(world);
	if (!text) {
		fprintf(stderr, "breakshot: out of memory writing the state\n");
		return false;
	}
	bs_output_puts(out, text); // a write error shows when the file is committed
	free(text);
	return true;
}

static int run_main(int argc, char** argv) {
	run_options options;
	int status = parse_run_options(argc, argv, &options);
	if (status != 0) {
		return status < 0 ? 0 : status;
	}
	bs_scene* scene = NULL;
	char error[512];
	if (!(scene = bs_scene_create(options.scene_path, error, sizeof error))) {
		fprintf(stderr, "breakshot: %s\n", error);
		return BS_EXIT_USAGE;
	}
	bs_cli_print_scene_warnings(scene);
	double start_time = scene->def.time;
	if (options.has_until && options.until < start_time) {
		bs_scene_destroy(scene);
		return bs_cli_fail("--until %.17g is before the scene's time %.17g", options.until, start_time);
	}
	if (options.has_until && options.until > BS_MAX_TIME) {
		bs_scene_destroy(scene);
		return bs_cli_fail("--until %.17g is beyond the time limit of %g s (BS_MAX_TIME)", options.until, BS_MAX_TIME);
	}
	if (options.use_frames && scene->def.physics != BS_PHYSICS_IDEAL) {
		bs_scene_destroy(scene);
		return bs_cli_fail("run: --method frames steps frictionless discs; %s uses pool physics, which only the "
						   "event method simulates",
			options.scene_path);
	}
	// Every output is opened before any work, so an unwritable path is bad
	// input refused at once, not found after the simulation.
	bs_output_file trace = {0};
	bs_output_file out = {0};
	bs_output_file* const outputs[] = {&trace, &out};
	if ((options.trace_path && !bs_output_open(&trace, options.trace_path)) ||
		(options.out_path && !bs_output_open(&out, options.out_path))) {
		bs_output_abort(&trace);
		bs_scene_destroy(scene);
		return BS_EXIT_USAGE;
	}

	if (options.use_frames) {
		bs_frames_run run = {options.scene_path, options.frame_dt, options.max_events,
			options.default_limit ? DEFAULT_LIMIT : 0, options.until, options.has_until, trace.stream, options.sample};
		status = bs_run_frames(&scene->def, &run);
		bs_scene_destroy(scene);
	} else {
		bs_world* world = bs_world_create(&scene->def);
		bs_scene_destroy(scene);
		if (!world) {
			bs_output_abort(&trace);
			bs_output_abort(&out);
			fprintf(stderr, "breakshot: out of memory creating the world\n");
			return 1;
		}
		bs_totals start = bs_world_totals(world);
		double wall_start = bs_cli_wall_seconds();
		bool invalid = false;
		bool stopped_by_default = run_events(&options, world, trace.stream, start_time, &invalid);
		double wall = bs_cli_wall_seconds() - wall_start;
		if (invalid) {
			status = EXIT_INVALID;
		} else if (out.stream && !write_state(world, &out)) {
			status = 1;
		}
		print_summary(&options, world, &start, start_time, wall, stopped_by_default);
		bs_world_destroy(world);
	}

	if (status != 0) {
		bs_output_abort(&trace);
		bs_output_abort(&out);
	} else if (!bs_output_commit_all(outputs, 2)) {
		status = 1;
	}
	return status;
}
