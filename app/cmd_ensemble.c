// breakshot ensemble: runs N variations of a scene's shot on T threads (and
// K ranks under mpirun or srun) and writes, into DIR, one row a run
// (runs.csv), the summary (summary.csv) and two plots in PNG and SVG (the
// cue ball's resting places; the pocketing probability by ball).
//
// The rows stream to DIR/runs.csv.partial in run order as they come, and the
// summary is counted row by row, so memory stays bounded for any N. At the
// end the plots and the summary are written, and everything is put in place
// together (output_file.h): the checkpoint becomes runs.csv. A run killed
// part-way leaves no runs.csv, summary or plot, only the checkpoint and the
// settings it was made with (DIR/ensemble.settings), from which --resume
// continues to the same bytes. The arguments: bs_ensemble_command below.
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checkpoint.h"
#include "cli.h"
#include "commands.h"
#include "ensemble_engine.h"
#include "ensemble_mpi.h"
#include "ensemble_plot.h"
#include "ensemble_summary.h"
#include "output_file.h"
#include "scene_names.h"
#include <breakshot/scene.h>

#define DEFAULT_DIR "ensemble"
#define MAX_RUNS 1000000000000LL // 10^12: far beyond any cluster's patience
#define MAX_RUNS_TEXT "10^12"
#define MAX_THREADS_TEXT BS_STRINGIFY(BS_ENSEMBLE_MAX_THREADS)

static int ensemble_main(int argc, char** argv);

const bs_command bs_ensemble_command = {
	.name = "ensemble",
	.synopsis = "SCENE --runs N [--seed S] [--vary FIELD=DIST]...\n"
				"  [--threads T] [--out DIR] [--resume]",
	.summary = "run N variations of a scene's shot on all cores (and across machines under mpirun or srun); "
			   "write each run's outcome, the pocketing statistics and plots",
	.details =
		"Each run breaks the scene with its own rack seed (the default variation) and the --vary values, "
		"simulates to rest and records its events, simulated time, the pocket each ball went into, where the cue "
		"ball ended and whether it scratched. Run i's seed is the (i+1)-th number of the SplitMix64 stream "
		"seeded with S (default 1), so the outputs are the same bytes for any T and any number of MPI ranks.\n\n"
		"--vary FIELD=DIST, FIELD one of cue.speed, cue.angle_deg, cue.tip.side, cue.tip.height, "
		"cue.elevation_deg, cue.ball.x, cue.ball.y, and DIST one of uniform:LO:HI, grid:LO:HI:K (K values from "
		"LO to HI; several grids make a product, the first varying fastest, run i taking cell i mod cells) or "
		"normal:MEAN:SD. --vary rack.seed=fixed keeps the scene's rack; rack.seed=random is the default. A "
		"shot that cannot start (a tip beyond half the radius, a cue ball off the table, past the head string "
		"or on another ball) is drawn again, up to 100 times.\n\n"
		"DIR (default " DEFAULT_DIR ", made if missing) gets runs.csv, summary.csv, cue_rest.png and .svg, "
		"pocketed.png and .svg, all together at the end. Until then the rows stream to DIR/runs.csv.partial; "
		"--resume continues an ensemble that was killed from there, with the same SCENE, N, S and --vary and the "
		"same build (DIR/ensemble.settings keeps a fingerprint of run 0), and gives the same bytes. --threads T (1 to " MAX_THREADS_TEXT ") defaults to the CPUs this process may "
		"run on. N is 1 to " MAX_RUNS_TEXT ". A progress bar shows on standard error when it is a terminal.\n\n"
		"Under MPI (mpirun -n K breakshot ensemble ...) the ranks share the runs and rank 0 writes: the same "
		"bytes as one process. docs/ensemble.md has the columns and a Slurm job script.\n\n"
		"exit status: 0 done; 1 when writing fails or memory runs out; 2 on bad input: arguments, a --vary "
		"that is refused (the message names the part), the scene, DIR, rows on disk without --resume or "
		"settings that differ from theirs with it, a DIR/runs.csv that is not a regular file, a run whose shot "
		"cannot start",
	.main = ensemble_main,
};

typedef struct ensemble_options {
	const char* scene_path;
	int64_t runs;
	uint64_t seed;
	int threads;
	const char* dir;
	bool resume;
	bs_vary_plan plan;
} ensemble_options;

// Returns 0 when parsed, -1 after printing the help, BS_EXIT_USAGE (after
// printing why) otherwise.
static int parse_options(int argc, char** argv, ensemble_options* dest) {
	memset(dest, 0, sizeof *dest);
	dest->seed = 1;
	dest->threads = 0;
	dest->dir = DEFAULT_DIR;
	dest->plan = bs_vary_plan_default();
	for (int i = 0; i < argc; ++i) {
		const char* arg = argv[i];
		const char* value = i + 1 < argc ? argv[i + 1] : NULL;
		int64_t number = 0;
		if (bs_command_is_help(arg)) {
			bs_command_print_help(&bs_ensemble_command, stdout);
			return -1;
		} else if (strcmp(arg, "--runs") == 0) {
			if (!bs_cli_parse_int64(value, "--runs", 1, MAX_RUNS, &dest->runs)) {
				return BS_EXIT_USAGE;
			}
			++i;
		} else if (strcmp(arg, "--seed") == 0) {
			if (!bs_cli_parse_int64(value, "--seed", 0, INT64_MAX, &number)) {
				return BS_EXIT_USAGE;
			}
			dest->seed = (uint64_t)number;
			++i;
		} else if (strcmp(arg, "--threads") == 0) {
			if (!bs_cli_parse_int64(value, "--threads", 1, BS_ENSEMBLE_MAX_THREADS, &number)) {
				return BS_EXIT_USAGE;
			}
			dest->threads = (int)number;
			++i;
		} else if (strcmp(arg, "--vary") == 0) {
			if (!value) {
				return bs_command_fail(&bs_ensemble_command, "--vary needs FIELD=DIST");
			}
			char error[512];
			if (!bs_vary_parse(value, &dest->plan, error, sizeof error)) {
				return bs_cli_fail("%s", error);
			}
			++i;
		} else if (strcmp(arg, "--out") == 0) {
			if (!value || value[0] == '\0') {
				return bs_command_fail(&bs_ensemble_command, "--out needs a directory");
			}
			dest->dir = value;
			++i;
		} else if (strcmp(arg, "--resume") == 0) {
			dest->resume = true;
		} else if (arg[0] == '-' && arg[1] != '\0') {
			return bs_command_fail(&bs_ensemble_command, "ensemble: unknown option '%s'", arg);
		} else if (dest->scene_path) {
			return bs_command_fail(
				&bs_ensemble_command, "ensemble: one scene only (got '%s' and '%s')", dest->scene_path, arg);
		} else {
			dest->scene_path = arg;
		}
	}
	if (!dest->scene_path) {
		return bs_command_fail(&bs_ensemble_command, "ensemble: no scene given");
	}
	if (dest->runs == 0) {
		return bs_command_fail(&bs_ensemble_command, "ensemble: --runs N is required");
	}
	return 0;
}

// Loads the scene and checks that an ensemble can vary it.
// On success *dest holds it (bs_scene_destroy); on failure NULL.
static int load_scene(const ensemble_options* options, bs_scene** dest) {
	char error[512];
	bs_scene* scene = bs_scene_create(options->scene_path, error, sizeof error);
	*dest = scene;
	if (!scene) {
		return bs_cli_fail("%s", error);
	}
	bs_cli_print_scene_warnings(scene);
	int status = 0;
	int cue_id = bs_ensemble_cue_id(scene);
	bool has_cue_ball = false;
	for (int i = 0; i < scene->def.ball_count; ++i) {
		has_cue_ball = has_cue_ball || scene->balls[i].id == cue_id;
	}
	bool varies = scene->has_rack && !options->plan.rack_fixed;
	for (int f = 0; f < BS_VARY_FIELD_COUNT; ++f) {
		varies = varies || options->plan.fields[f].kind != BS_VARY_NONE;
	}
	if (scene->def.ball_count > BS_ENSEMBLE_MAX_BALLS) {
		status = bs_cli_fail("ensemble: %s has %d balls; an ensemble takes at most %d (a column each)",
			options->scene_path, scene->def.ball_count, BS_ENSEMBLE_MAX_BALLS);
	} else if (!has_cue_ball) {
		status = bs_cli_fail("ensemble: %s has no cue ball (id %d), whose resting place the runs record",
			options->scene_path, cue_id);
	} else if (!bs_vary_check(&options->plan, scene, error, sizeof error)) {
		status = bs_cli_fail("%s", error);
	} else if (!varies) {
		status = bs_cli_fail("ensemble: nothing varies from run to run: %s", scene->has_rack
				? "rack.seed=fixed and no other --vary"
				: "the scene has no rack whose seed could vary; give --vary");
	}
	if (status != 0) {
		bs_scene_destroy(scene);
		*dest = NULL;
	}
	return status;
}

/// The outputs besides runs.csv: the summary and four plots.
#define OUTPUT_COUNT 5

/// The files of an ensemble's directory.
typedef struct ensemble_paths {
	char runs[4096], partial[4096], settings[4096], summary[4096];
	char heat_png[4096], heat_svg[4096], bars_png[4096], bars_svg[4096];
	const char* outputs[OUTPUT_COUNT]; ///< the outputs besides runs.csv, in the order of the commit
} ensemble_paths;

static void make_paths(const char* dir, ensemble_paths* p) {
	snprintf(p->runs, sizeof p->runs, "%s/runs.csv", dir);
	snprintf(p->partial, sizeof p->partial, "%s/runs.csv.partial", dir);
	snprintf(p->settings, sizeof p->settings, "%s/ensemble.settings", dir);
	snprintf(p->summary, sizeof p->summary, "%s/summary.csv", dir);
	snprintf(p->heat_png, sizeof p->heat_png, "%s/cue_rest.png", dir);
	snprintf(p->heat_svg, sizeof p->heat_svg, "%s/cue_rest.svg", dir);
	snprintf(p->bars_png, sizeof p->bars_png, "%s/pocketed.png", dir);
	snprintf(p->bars_svg, sizeof p->bars_svg, "%s/pocketed.svg", dir);
	const char* outputs[OUTPUT_COUNT] = {p->summary, p->heat_png, p->heat_svg, p->bars_png, p->bars_svg};
	memcpy(p->outputs, outputs, sizeof outputs);
}

// FNV-1a of the scene file's bytes: a resumed ensemble must break the same
// scene.
static bool hash_file(const char* path, uint64_t* dest) {
	FILE* file = fopen(path, "rb");
	if (!file) {
		return false;
	}
	uint64_t hash = BS_CHECKPOINT_HASH_START;
	char buffer[65536];
	size_t n;
	while ((n = fread(buffer, 1, sizeof buffer, file)) > 0) {
		hash = bs_checkpoint_hash(hash, buffer, n);
	}
	bool ok = !ferror(file);
	fclose(file);
	*dest = hash;
	return ok;
}

// The settings that fix the rows, one per line: a resumed ensemble must
// have the same (and the same engine: the fingerprint line that follows).
static void format_settings(const ensemble_options* options, uint64_t scene_hash, char* dest, size_t size) {
	int used = snprintf(dest, size,
		"scene %016" PRIx64 "\nruns %" PRId64 "\nseed %" PRIu64 "\nrack.seed %s\n",
		scene_hash, options->runs, options->seed, options->plan.rack_fixed ? "fixed" : "random");
	static const char* const kinds[] = {"", "uniform", "grid", "normal"};
	for (int f = 0; f < BS_VARY_FIELD_COUNT && used > 0 && (size_t)used < size; ++f) {
		const bs_vary* vary = &options->plan.fields[f];
		if (vary->kind == BS_VARY_NONE) {
			continue;
		}
		used += snprintf(dest + used, size - (size_t)used, "%s %s:%.17g:%.17g", bs_vary_field_name((bs_vary_field)f),
			kinds[vary->kind], vary->lo, vary->hi);
		if (vary->kind == BS_VARY_GRID && (size_t)used < size) {
			used += snprintf(dest + used, size - (size_t)used, ":%d", vary->steps);
		}
		if ((size_t)used < size) {
			used += snprintf(dest + used, size - (size_t)used, "\n");
		}
	}
}

/// What the sink of rank 0 keeps: the open outputs and the counts.
typedef struct ensemble_state {
	const bs_ensemble_context* context;
	bs_output_file runs;
	bs_ensemble_summary summary;
	int64_t written;   ///< rows in runs.csv so far, resumed ones included
	int64_t total;     ///< N
	int64_t first_run; ///< the first run of this invocation
	int64_t stop_after; ///< the test hook below, or -1
	bool progress;      ///< draw the progress bar
	double start_wall, last_draw;
	char failure[512];
	bs_ensemble_outcome failure_kind; ///< how the run that stopped the ensemble failed
	bool write_failed;
} ensemble_state;

// Test-only: BREAKSHOT_ENSEMBLE_STOP_AFTER=K kills the process with SIGKILL
// just after the K-th row reached the checkpoint, half a row after it, as a
// kill in the middle of a write would: the tests resume from there.
static int64_t stop_after_rows(void) {
	const char* text = getenv("BREAKSHOT_ENSEMBLE_STOP_AFTER");
	return text && *text ? strtoll(text, NULL, 10) : -1;
}

// Test-only: BREAKSHOT_ENSEMBLE_NO_MEMORY_AT=R makes run R's world fail to
// be made, as if memory had run out (bs_ensemble_context.no_memory_run).
static int64_t no_memory_run(void) {
	const char* text = getenv("BREAKSHOT_ENSEMBLE_NO_MEMORY_AT");
	char* end = NULL;
	int64_t run = text && *text ? strtoll(text, &end, 10) : -1;
	return end && *end == '\0' ? run : -1;
}

static void draw_progress(ensemble_state* state, bool last) {
	double now = bs_cli_wall_seconds();
	if (!last && now - state->last_draw < 0.2) {
		return;
	}
	state->last_draw = now;
	int64_t done = state->written - state->first_run;
	int64_t left = state->total - state->written;
	double elapsed = now - state->start_wall;
	double rate = elapsed > 0.0 ? (double)done / elapsed : 0.0;
	double eta = rate > 0.0 ? (double)left / rate : 0.0;
	double fraction = state->total > 0 ? (double)state->written / (double)state->total : 1.0;
	char bar[31];
	int filled = (int)(fraction * 30.0);
	for (int k = 0; k < 30; ++k) {
		bar[k] = k < filled ? '#' : '.';
	}
	bar[30] = '\0';
	fprintf(stderr, "\r[%s] %5.1f %% %" PRId64 "/%" PRId64 " runs, %.0f runs/s, %d:%02d:%02d left ", bar,
		100.0 * fraction, state->written, state->total, rate, (int)(eta / 3600.0), (int)(eta / 60.0) % 60,
		(int)eta % 60);
	if (last) {
		fputc('\n', stderr);
	}
}

static bool take_block(void* closure, const bs_ensemble_block* block) {
	ensemble_state* state = closure;
	char line[BS_ENSEMBLE_ROW_TEXT];
	for (int k = 0; k < block->count; ++k) {
		size_t length = bs_ensemble_format_row(state->context, &block->rows[k], line, sizeof line);
		bs_output_write(&state->runs, line, length);
		bs_ensemble_summary_add(&state->summary, &block->rows[k]);
		state->written += 1;
		if (state->written == state->stop_after) {
			bs_output_write(&state->runs, line, length / 2);
			fflush(state->runs.stream);
			raise(SIGKILL);
		}
	}
	// Whole blocks reach the disk as they come, for --resume (and the good
	// rows of a block cut short by a run that failed); a full disk stops the
	// ensemble at once rather than at the end.
	if (fflush(state->runs.stream) != 0 || ferror(state->runs.stream)) {
		state->write_failed = true;
		return false;
	}
	if (block->failure != BS_ENSEMBLE_RUN_DONE) {
		snprintf(state->failure, sizeof state->failure, "%s", block->message);
		state->failure_kind = block->failure;
		return false;
	}
	if (state->progress) {
		draw_progress(state, false);
	}
	return true;
}

// Takes the next row from the checkpoint into the summary.
static bool take_row(void* closure, const char* line, const char* where) {
	ensemble_state* state = closure;
	int64_t rows = state->written;
	bs_ensemble_row row;
	if (!bs_ensemble_parse_row(state->context, line, &row) || row.run != rows ||
		row.seed != bs_ensemble_run_seed(state->context->seed, rows) || rows >= state->total) {
		bs_cli_fail("--resume: %s: not row %" PRId64 " of this ensemble", where, rows);
		return false;
	}
	bs_ensemble_summary_add(&state->summary, &row);
	state->written += 1;
	return true;
}

// The engine's fingerprint in the settings (checkpoint.h): run 0 as this
// build simulates it, a digest of its row, bit for bit. A build whose
// physics differs almost surely writes another row, and its runs would
// differ from the checkpoint's.
static int fingerprint_engine(void* closure, uint64_t* digest) {
	const ensemble_state* state = closure;
	char error[512];
	bs_ensemble_row row;
	bs_ensemble_outcome outcome = bs_ensemble_simulate(state->context, 0, &row, error, sizeof error);
	if (outcome != BS_ENSEMBLE_RUN_DONE) {
		// As the run itself would fail: a shot that cannot start is bad input.
		bs_cli_fail("ensemble: %s", error);
		return outcome == BS_ENSEMBLE_RUN_BAD_SHOT ? BS_EXIT_USAGE : 1;
	}
	char text[BS_ENSEMBLE_ROW_TEXT];
	size_t length = bs_ensemble_format_row(state->context, &row, text, sizeof text);
	*digest = bs_checkpoint_hash(BS_CHECKPOINT_HASH_START, text, length);
	return 0;
}

// Rank 0 before the runs: the directory, the settings, the checkpoint, the
// outputs; the rows on disk with --resume. Returns 0 with the first run to
// simulate in *first_run, or an exit status.
static int prepare_outputs(
	const ensemble_options* options, const ensemble_paths* paths, ensemble_state* state, int64_t* first_run) {
	int status = bs_output_make_dir(options->dir, "--out");
	if (status != 0) {
		return status;
	}
	uint64_t scene_hash = 0;
	if (!hash_file(options->scene_path, &scene_hash)) {
		return bs_cli_fail("%s: cannot read: %s", options->scene_path, strerror(errno));
	}
	char settings[8192];
	format_settings(options, scene_hash, settings, sizeof settings);
	char header[BS_ENSEMBLE_ROW_TEXT];
	bs_ensemble_format_header(state->context, header, sizeof header);
	state->written = 0;
	bs_checkpoint_def checkpoint = {
		.dir = options->dir,
		.path = paths->runs,
		.partial = paths->partial,
		.settings_path = paths->settings,
		.settings = settings,
		.fingerprint_name = "engine",
		.fingerprint = fingerprint_engine,
		.header = header,
		.resume = options->resume,
		.command = "ensemble",
		.rows = "rows",
		.hint = "give the same scene, --runs, --seed and --vary; 'engine' is run 0 as this build simulates it: "
				"resume with the build that began the ensemble",
		.take = take_row,
		.closure = state,
		.outputs = paths->outputs,
		.output_count = OUTPUT_COUNT,
	};
	return bs_checkpoint_start(&checkpoint, first_run, &state->runs);
}

// Rank 0 after the runs: the summary and the plots, then all in place. A
// failure here keeps the checkpoint, for --resume.
static int finish_outputs(const ensemble_paths* paths, ensemble_state* state, const bs_scene* scene,
	bs_output_file* outputs) {
	for (int k = 0; k < OUTPUT_COUNT; ++k) {
		if (!bs_output_open(&outputs[k], paths->outputs[k])) {
			for (int j = 0; j < k; ++j) {
				bs_output_abort(&outputs[j]);
			}
			bs_output_abort(&state->runs);
			return 1;
		}
	}
	bs_ensemble_summary_write(&state->summary, state->context, &outputs[0]);
	bool drawn = bs_ensemble_plot_heat_map(&outputs[1], &state->summary, &scene->def.table) &&
				 bs_ensemble_plot_heat_map(&outputs[2], &state->summary, &scene->def.table) &&
				 bs_ensemble_plot_pocketed(&outputs[3], &state->summary, state->context) &&
				 bs_ensemble_plot_pocketed(&outputs[4], &state->summary, state->context);
	if (!drawn) {
		for (int k = 0; k < OUTPUT_COUNT; ++k) {
			bs_output_abort(&outputs[k]); // safe on those already aborted
		}
		bs_output_abort(&state->runs);
		return 1;
	}
	// The checkpoint last: once it is runs.csv, every other file is in place.
	bs_output_file* all[OUTPUT_COUNT + 1];
	for (int k = 0; k < OUTPUT_COUNT; ++k) {
		all[k] = &outputs[k];
	}
	all[OUTPUT_COUNT] = &state->runs;
	if (!bs_output_commit_all(all, OUTPUT_COUNT + 1)) {
		return 1;
	}
	unlink(paths->settings);
	return 0;
}

static void print_report(const ensemble_options* options, const bs_scene* scene, const ensemble_state* state,
	const bs_mpi* mpi, int threads, double wall) {
	int64_t done = state->total - state->first_run;
	printf("breakshot ensemble %s\n", options->scene_path);
	if (scene->def.physics == BS_PHYSICS_POOL) {
		// Which cushion the statistics come from: the scene's pool.cushion_model.
		int model = (int)scene->def.pool.cushion_model;
		printf("  cushion model   %s\n", model >= 0 && model < BS_SCENE_CUSHION_MODEL_COUNT
											  ? bs_scene_cushion_model_names[model]
											  : "invalid");
	}
	printf("  runs            %" PRId64 " (seed %" PRIu64 ")", state->total, options->seed);
	if (state->first_run > 0) {
		printf(", %" PRId64 " of them resumed from disk", state->first_run);
	}
	printf("\n  workers         %d thread%s x %d rank%s\n", threads, threads == 1 ? "" : "s", mpi->ranks,
		mpi->ranks == 1 ? "" : "s");
	printf("  wall time       %.3f s (%.4g runs/s)\n", wall, wall > 0.0 ? (double)done / wall : 0.0);
	const bs_ensemble_summary* s = &state->summary;
	double mean = 0.0;
	for (int k = 0; k <= BS_ENSEMBLE_MAX_BALLS; ++k) {
		mean += (double)k * (double)s->by_count[k];
	}
	printf("  balls pocketed  %.4g a run on average\n", s->runs > 0 ? mean / (double)s->runs : 0.0);
	printf("  scratches       %" PRId64 " (%.4g %%)\n", s->scratches,
		s->runs > 0 ? 100.0 * (double)s->scratches / (double)s->runs : 0.0);
	if (s->settled != s->runs) {
		printf("  unsettled       %" PRId64 " runs stopped at %d events with balls still moving\n",
			s->runs - s->settled, BS_ENSEMBLE_MAX_EVENTS);
	}
	printf("  wrote           %s/runs.csv, summary.csv, cue_rest.png/.svg, pocketed.png/.svg\n", options->dir);
}

// Under MPI the other ranks say nothing about bad input: rank 0 says it
// once. Returns the saved standard error, or -1 when it was left alone.
static int quiet_stderr(const bs_mpi* mpi) {
	if (mpi->rank == 0) {
		return -1;
	}
	fflush(stderr);
	int saved = dup(STDERR_FILENO);
	int null = open("/dev/null", O_WRONLY);
	if (saved >= 0 && null >= 0) {
		dup2(null, STDERR_FILENO);
	}
	if (null >= 0) {
		close(null);
	}
	return saved;
}

static void restore_stderr(int saved) {
	if (saved >= 0) {
		fflush(stderr);
		dup2(saved, STDERR_FILENO);
		close(saved);
	}
}

static int run_ensemble(const bs_mpi* mpi, int argc, char** argv) {
	int saved_stderr = quiet_stderr(mpi);
	ensemble_options options;
	int status = parse_options(argc, argv, &options);
	bs_scene* scene = NULL;
	if (status == 0) {
		status = load_scene(&options, &scene);
	}
	restore_stderr(saved_stderr);
	if (status != 0) {
		return status < 0 ? 0 : status; // every rank saw the same arguments and scene
	}
	bs_ensemble_context context = bs_ensemble_context_make(scene, &options.plan, options.seed);
	context.no_memory_run = no_memory_run();
	int threads = options.threads > 0 ? options.threads : bs_ensemble_default_threads();

	ensemble_state* state = calloc(1, sizeof *state); // the heat map is too big for the stack
	if (!state) {
		bs_scene_destroy(scene);
		fprintf(stderr, "breakshot: out of memory\n");
		return 1;
	}
	state->context = &context;
	state->total = options.runs;
	state->stop_after = stop_after_rows();
	bs_ensemble_summary_make(&state->summary, scene->def.table.width, scene->def.table.height);
	ensemble_paths paths;
	make_paths(options.dir, &paths);
	bs_output_file outputs[OUTPUT_COUNT];
	memset(outputs, 0, sizeof outputs);
	// Rank 0 prepares and tells the others where to start, or to stop.
	int64_t first_run = 0;
	if (mpi->rank == 0) {
		status = prepare_outputs(&options, &paths, state, &first_run);
	}
	int64_t start[2] = {status, first_run};
	bs_mpi_broadcast(mpi, start, sizeof start);
	status = (int)start[0];
	first_run = start[1];
	if (status != 0) {
		free(state);
		bs_scene_destroy(scene);
		return status;
	}
	state->first_run = first_run;
	state->written = first_run;
	state->progress = mpi->rank == 0 && isatty(STDERR_FILENO);
	state->start_wall = bs_cli_wall_seconds();
	bs_ensemble_job job = {&context, first_run, options.runs, threads, mpi};
	bs_ensemble_status outcome = bs_ensemble_execute(&job, take_block, state);
	double wall = bs_cli_wall_seconds() - state->start_wall;
	if (state->progress && outcome == BS_ENSEMBLE_DONE) {
		draw_progress(state, true);
	}
	if (mpi->rank != 0) {
		// Rank 0 says what went wrong, and gives the exit status.
		free(state);
		bs_scene_destroy(scene);
		return 0;
	}
	if (outcome != BS_ENSEMBLE_DONE) {
		if (state->progress) {
			fputc('\n', stderr);
		}
		bs_output_abort(&state->runs); // a checkpoint: kept
		if (outcome == BS_ENSEMBLE_FAILED && state->failure_kind == BS_ENSEMBLE_RUN_BAD_SHOT) {
			// A shot that cannot start is bad input: nothing to resume.
			fprintf(stderr, "breakshot: ensemble: %s\n", state->failure);
			unlink(paths.partial);
			unlink(paths.settings);
			status = BS_EXIT_USAGE;
		} else if (outcome == BS_ENSEMBLE_FAILED && !state->write_failed) {
			// The machine, not the input: the rows so far are good.
			fprintf(stderr, "breakshot: ensemble: %s (the rows before it stay in %s for --resume)\n", state->failure,
				paths.partial);
			status = 1;
		} else if (outcome == BS_ENSEMBLE_NO_THREADS) {
			fprintf(stderr, "breakshot: ensemble: cannot start %d threads\n", threads);
			status = 1;
		} else {
			fprintf(stderr, "breakshot: %s: write failed (the rows so far stay there for --resume)\n", paths.partial);
			status = 1;
		}
		free(state);
		bs_scene_destroy(scene);
		return status;
	}
	status = finish_outputs(&paths, state, scene, outputs);
	if (status == 0) {
		print_report(&options, scene, state, mpi, threads, wall);
	}
	free(state);
	bs_scene_destroy(scene);
	return status;
}

static int ensemble_main(int argc, char** argv) {
	bs_mpi mpi = bs_mpi_start();
	int status = run_ensemble(&mpi, argc, argv);
	bs_mpi_finish(&mpi);
	return status;
}
