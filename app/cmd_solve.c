// breakshot solve: which shot to play (solve.h). Searches a scene's position
// (or a saved game's) for the shots that achieve a goal, ranks them by their
// probability of success under execution noise, and prints the best; with
// --out, writes them as JSON with a heat map of the probability over aim and
// speed around the best. The arguments: bs_solve_command below.
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "ensemble_engine.h"
#include "ensemble_mpi.h"
#include "output_file.h"
#include "solve_plot.h"
#include <breakshot/game.h>
#include <breakshot/scene.h>
#include <breakshot/solve.h>

static int solve_main(int argc, char** argv);

const bs_command bs_solve_command = {
	.name = "solve",
	.synopsis = "SCENE --goal GOAL [--region X0,Y0,X1,Y1] [--samples N] [--top K] [--seed S]\n"
				"  [--sigma-aim DEG] [--sigma-elevation DEG] [--sigma-speed M/S] [--sigma-tip M]\n"
				"  [--speeds V,...] [--elevations DEG,...] [--screen N] [--refine M] [--position W]\n"
				"  [--threads T] [--out DIR] [--heat AxS] [--heat-samples N] [--json]",
	.summary = "find the shots that achieve a goal, ranked by their probability of success under execution noise",
	.details =
		"GOAL is pot:B (pot ball B in any pocket), pot:B:P (in pocket P, numbered as in docs/solve.md), "
		"three-cushion (a three-cushion point with the cue ball), or game (a shot the rules of the game saved in "
		"SCENE by `breakshot play --save` score: legal, and the turn kept). --region adds position play: the cue "
		"ball must also come to rest inside the rectangle from (X0, Y0) to (X1, Y1) (m). The cue ball is the "
		"scene cue's ball (0 without one), struck from where it stands; the scene's balls are taken at rest.\n\n"
		"Candidates come from geometry (the ghost ball, banks and kicks through mirrored targets, combinations, "
		"caroms, a sweep of every direction for three-cushion) at each stick speed of --speeds (default 2,3.5,6), "
		"each tip of five (centre, follow, draw, left and right english) and each elevation of --elevations "
		"(default 0). Simulation refines each to the centre of the window of aims that succeed; --refine M "
		"(default 16) shots are screened with --screen N noise samples (default 64) and the best K (--top, "
		"default 5) sampled with --samples N (default 1000) and run to rest.\n\n"
		"The noise is Gaussian: --sigma-aim (default 0.125 degrees), --sigma-elevation (0.1 degrees), "
		"--sigma-speed (0.075 m/s) and --sigma-tip (0.0005 m, each offset). Each shot's probability comes with "
		"Wilson's 95 % interval. --position W adds W times the next shot's best chance from where the cue ball "
		"ends to each shot's value. Every sample is drawn from a stream of the seed S (default 1) and the shot "
		"alone, so the output is the same bytes for any --threads T (default: the CPUs this process may run on) "
		"and any number of MPI ranks under mpirun or srun.\n\n"
		"The shots print as a table, or as JSON with --json; each carries the \"cue\" object to paste into a "
		"scene. --out DIR (made if missing) gets shots.json and heat_map.png and .svg: the probability over the "
		"aim and the stick speed around the best shot, --heat AxS cells (default 41x21) of --heat-samples noise "
		"samples each (default 32). A progress bar shows on standard error when it is a terminal. Bad input "
		"(a goal naming a missing ball or pocket, a negative sigma, zero samples) exits with status 2 and the "
		"field, and writes nothing.",
	.main = solve_main,
};

typedef struct solve_options {
	const char* input;
	const char* goal;
	bs_solve_def def;
	bool threads_set;
	const char* dir;
	bool json;
	int heat_aims, heat_speeds, heat_samples;
} solve_options;

static bool parse_list(const char* text, const char* option, double* dest, int capacity, int* count) {
	*count = 0;
	const char* p = text;
	for (;;) {
		const char* comma = strchr(p, ',');
		size_t length = comma ? (size_t)(comma - p) : strlen(p);
		char item[64];
		if (length == 0 || length >= sizeof item) {
			bs_cli_fail("%s: \"%s\": expected numbers separated by commas", option, text);
			return false;
		}
		if (*count == capacity) {
			bs_cli_fail("%s: more than %d values", option, capacity);
			return false;
		}
		memcpy(item, p, length);
		item[length] = '\0';
		if (!bs_cli_parse_double(item, option, &dest[(*count)++])) {
			return false;
		}
		if (!comma) {
			return true;
		}
		p = comma + 1;
	}
}

static bool parse_int(const char* text, const char* option, int min, int max, int* dest) {
	int64_t value;
	if (!bs_cli_parse_int64(text, option, min, max, &value)) {
		return false;
	}
	*dest = (int)value;
	return true;
}

// GOAL: pot:B, pot:B:P, three-cushion or game.
static bool parse_goal(const char* text, bs_goal* goal) {
	if (strcmp(text, "three-cushion") == 0) {
		goal->kind = BS_GOAL_THREE_CUSHION;
		return true;
	}
	if (strcmp(text, "game") == 0) {
		goal->kind = BS_GOAL_GAME;
		return true;
	}
	if (strncmp(text, "pot:", 4) == 0) {
		goal->kind = BS_GOAL_POT;
		goal->pocket = -1;
		char* end;
		errno = 0;
		long ball = strtol(text + 4, &end, 10);
		if (end != text + 4 && errno == 0 && ball >= 0 && ball <= 1000000000) {
			goal->ball = (int)ball;
			if (*end == '\0') {
				return true;
			}
			if (*end == ':') {
				const char* pocket_text = end + 1;
				long pocket = strtol(pocket_text, &end, 10);
				if (end != pocket_text && *end == '\0' && errno == 0 && pocket >= 0 && pocket <= 1000000) {
					goal->pocket = (int)pocket;
					return true;
				}
			}
		}
	}
	bs_cli_fail("--goal: \"%s\": expected pot:BALL, pot:BALL:POCKET, three-cushion or game", text);
	return false;
}

static int parse_options(int argc, char** argv, solve_options* options) {
	options->def = bs_default_solve_def();
	options->heat_aims = 41;
	options->heat_speeds = 21;
	options->heat_samples = 32;
	bs_solve_def* def = &options->def;
	for (int i = 0; i < argc; ++i) {
		const char* arg = argv[i];
		if (bs_command_is_help(arg)) {
			bs_command_print_help(&bs_solve_command, stdout);
			return -1;
		}
		if (strcmp(arg, "--json") == 0) {
			options->json = true;
			continue;
		}
		if (arg[0] != '-' || arg[1] == '\0') {
			if (options->input) {
				return bs_command_fail(&bs_solve_command, "one SCENE only: \"%s\" and \"%s\"", options->input, arg);
			}
			options->input = arg;
			continue;
		}
		if (i + 1 >= argc) {
			return bs_command_fail(&bs_solve_command, "%s: needs a value", arg);
		}
		const char* value = argv[++i];
		bool ok = true;
		int64_t seed;
		double region[4];
		int count;
		if (strcmp(arg, "--goal") == 0) {
			options->goal = value;
			ok = parse_goal(value, &def->goal);
		} else if (strcmp(arg, "--region") == 0) {
			ok = parse_list(value, arg, region, 4, &count);
			if (ok && count != 4) {
				ok = bs_cli_fail("--region: \"%s\": expected X0,Y0,X1,Y1 (m)", value) == 0;
			}
			if (ok) {
				def->goal.has_region = true;
				def->goal.region_min = bs_v2(region[0], region[1]);
				def->goal.region_max = bs_v2(region[2], region[3]);
			}
		} else if (strcmp(arg, "--samples") == 0) {
			ok = parse_int(value, arg, 1, BS_SOLVE_MAX_SAMPLES, &def->samples);
		} else if (strcmp(arg, "--screen") == 0) {
			ok = parse_int(value, arg, 1, BS_SOLVE_MAX_SAMPLES, &def->screen_samples);
		} else if (strcmp(arg, "--top") == 0) {
			ok = parse_int(value, arg, 1, BS_SOLVE_MAX_TOP, &def->top);
			if (ok && def->refine < def->top) {
				def->refine = def->top;
			}
		} else if (strcmp(arg, "--refine") == 0) {
			ok = parse_int(value, arg, 1, 4096, &def->refine);
		} else if (strcmp(arg, "--seed") == 0) {
			ok = bs_cli_parse_int64(value, arg, 0, INT64_MAX, &seed);
			def->seed = (uint64_t)seed;
		} else if (strcmp(arg, "--threads") == 0) {
			ok = parse_int(value, arg, 1, BS_SOLVE_MAX_THREADS, &def->threads);
			options->threads_set = true;
		} else if (strcmp(arg, "--sigma-aim") == 0) {
			ok = bs_cli_parse_double(value, arg, &def->noise.aim_deg);
		} else if (strcmp(arg, "--sigma-elevation") == 0) {
			ok = bs_cli_parse_double(value, arg, &def->noise.elevation_deg);
		} else if (strcmp(arg, "--sigma-speed") == 0) {
			ok = bs_cli_parse_double(value, arg, &def->noise.speed);
		} else if (strcmp(arg, "--sigma-tip") == 0) {
			ok = bs_cli_parse_double(value, arg, &def->noise.tip);
		} else if (strcmp(arg, "--speeds") == 0) {
			ok = parse_list(value, arg, def->speeds, BS_SOLVE_MAX_LEVELS, &def->speed_count);
		} else if (strcmp(arg, "--elevations") == 0) {
			ok = parse_list(value, arg, def->elevations, BS_SOLVE_MAX_LEVELS, &def->elevation_count);
		} else if (strcmp(arg, "--position") == 0) {
			ok = bs_cli_parse_double(value, arg, &def->position_weight);
		} else if (strcmp(arg, "--out") == 0) {
			options->dir = value;
		} else if (strcmp(arg, "--heat") == 0) {
			char* end;
			long a = strtol(value, &end, 10);
			long s = *end == 'x' ? strtol(end + 1, &end, 10) : 0;
			if (*end != '\0' || a < 2 || a > 4096 || s < 2 || s > 4096) {
				return bs_cli_fail("--heat: \"%s\": expected AIMSxSPEEDS, each 2 to 4096", value);
			}
			options->heat_aims = (int)a;
			options->heat_speeds = (int)s;
		} else if (strcmp(arg, "--heat-samples") == 0) {
			ok = parse_int(value, arg, 1, BS_SOLVE_MAX_SAMPLES, &options->heat_samples);
		} else {
			return bs_command_fail(&bs_solve_command, "unknown option %s", arg);
		}
		if (!ok) {
			return BS_EXIT_USAGE;
		}
	}
	if (!options->input) {
		return bs_command_fail(&bs_solve_command, "no SCENE given");
	}
	if (!options->goal) {
		return bs_command_fail(&bs_solve_command, "no --goal given");
	}
	return 0;
}

// The search's all-gather over MPI: each rank sends its slice to rank 0,
// which puts them in place and gives every rank the whole.
static void share_over_mpi(void* closure, void* items, size_t item_size, int count) {
	const bs_mpi* mpi = closure;
	unsigned char* bytes = items;
	if (mpi->rank == 0) {
		for (int r = 1; r < mpi->ranks; ++r) {
			int begin = (int)((int64_t)count * r / mpi->ranks);
			int end = (int)((int64_t)count * (r + 1) / mpi->ranks);
			bs_mpi_receive(mpi, r, BS_MPI_BLOCK, bytes + (size_t)begin * item_size, (size_t)(end - begin) * item_size);
		}
	} else {
		int begin = (int)((int64_t)count * mpi->rank / mpi->ranks);
		int end = (int)((int64_t)count * (mpi->rank + 1) / mpi->ranks);
		bs_mpi_send(mpi, 0, BS_MPI_BLOCK, bytes + (size_t)begin * item_size, (size_t)(end - begin) * item_size);
	}
	bs_mpi_broadcast(mpi, items, (size_t)count * item_size);
}

typedef struct progress_bar {
	double start, last_draw;
	bool drawn;
} progress_bar;

static void draw_progress(void* closure, double fraction, const char* stage) {
	progress_bar* bar = closure;
	double now = bs_cli_wall_seconds();
	if (fraction < 1.0 && now - bar->last_draw < 0.2) {
		return;
	}
	bar->last_draw = now;
	bar->drawn = true;
	char cells[31];
	int filled = (int)(fraction * 30.0);
	for (int k = 0; k < 30; ++k) {
		cells[k] = k < filled ? '#' : '.';
	}
	cells[30] = '\0';
	fprintf(stderr, "\r[%s] %5.1f %% %-10s %.1f s ", cells, 100.0 * fraction, stage, now - bar->start);
}

static void print_number(FILE* stream, double x) {
	if (isfinite(x)) {
		fprintf(stream, "%.17g", x);
	} else {
		fputs("null", stream);
	}
}

// The goal as --goal spells it, from what was parsed (never the raw text,
// which may hold what JSON cannot).
static void goal_text(const bs_goal* goal, char* dest, size_t size) {
	if (goal->kind == BS_GOAL_THREE_CUSHION) {
		snprintf(dest, size, "three-cushion");
	} else if (goal->kind == BS_GOAL_GAME) {
		snprintf(dest, size, "game");
	} else if (goal->pocket >= 0) {
		snprintf(dest, size, "pot:%d:%d", goal->ball, goal->pocket);
	} else {
		snprintf(dest, size, "pot:%d", goal->ball);
	}
}

static bool print_json(FILE* stream, const solve_options* options, const bs_solve_result* result) {
	char goal[64];
	goal_text(&options->def.goal, goal, sizeof goal);
	fprintf(stream, "{\"goal\": \"%s\", \"seed\": %llu, \"samples\": %d, \"evaluations\": %lld,\n \"noise\": "
		"{\"aim_deg\": ", goal, (unsigned long long)options->def.seed, options->def.samples,
		(long long)bs_solve_result_evaluations(result));
	print_number(stream, options->def.noise.aim_deg);
	fputs(", \"elevation_deg\": ", stream);
	print_number(stream, options->def.noise.elevation_deg);
	fputs(", \"speed\": ", stream);
	print_number(stream, options->def.noise.speed);
	fputs(", \"tip\": ", stream);
	print_number(stream, options->def.noise.tip);
	fputs("},\n \"shots\": [", stream);
	for (int k = 0; k < bs_solve_result_count(result); ++k) {
		const bs_solved_shot* shot = bs_solve_result_shot(result, k);
		char* cue = bs_scene_dump_cue(&shot->cue);
		if (!cue) {
			return false;
		}
		fprintf(stream, "%s\n  {\"rank\": %d, \"family\": \"%s\", \"object_ball\": %d, \"call\": {\"ball\": %d, "
			"\"pocket\": %d},\n   \"probability\": ", k ? "," : "", k + 1, bs_shot_family_name(shot->family),
			shot->object_ball, shot->call.ball, shot->call.pocket);
		print_number(stream, shot->probability);
		fputs(", \"interval\": [", stream);
		print_number(stream, shot->low);
		fputs(", ", stream);
		print_number(stream, shot->high);
		fprintf(stream, "], \"successes\": %lld, \"samples\": %lld, \"window_deg\": ", (long long)shot->successes,
			(long long)shot->samples);
		print_number(stream, shot->window_deg);
		fputs(",\n   \"cue_end\": {\"mean\": [", stream);
		print_number(stream, shot->cue_end_mean.x);
		fputs(", ", stream);
		print_number(stream, shot->cue_end_mean.y);
		fputs("], \"sd\": [", stream);
		print_number(stream, shot->cue_end_sd.x);
		fputs(", ", stream);
		print_number(stream, shot->cue_end_sd.y);
		fputs("]}, \"position\": ", stream);
		print_number(stream, shot->position);
		fputs(", \"value\": ", stream);
		print_number(stream, shot->value);
		fprintf(stream, ",\n   \"cue\": %s}", cue);
		free(cue);
	}
	fputs("\n ]\n}\n", stream);
	return true;
}

static void print_table(const bs_solve_result* result) {
	int count = bs_solve_result_count(result);
	if (count == 0) {
		printf("no shot achieves the goal, even without noise (%lld shots simulated)\n",
			(long long)bs_solve_result_evaluations(result));
		return;
	}
	printf("rank family       call   probability  95%% interval     window    cue ball ends (m)          "
		   "speed  angle        tip            elev\n");
	for (int k = 0; k < count; ++k) {
		const bs_solved_shot* s = bs_solve_result_shot(result, k);
		char call[24];
		if (s->call.ball >= 0 && s->call.pocket >= 0) {
			snprintf(call, sizeof call, "%d/P%d", s->call.ball, s->call.pocket);
		} else if (s->call.ball >= 0) {
			snprintf(call, sizeof call, "%d", s->call.ball);
		} else {
			snprintf(call, sizeof call, "-");
		}
		printf("%4d %-12s %-6s %6.3f       [%.3f, %.3f]  %6.3f°  (%.3f, %.3f) ± (%.3f, %.3f)  %4.2f  %10.5f°  "
			   "[%5.2f, %5.2f]  %4.1f°\n",
			k + 1, bs_shot_family_name(s->family), call, s->probability, s->low, s->high, s->window_deg,
			s->cue_end_mean.x, s->cue_end_mean.y, s->cue_end_sd.x, s->cue_end_sd.y, s->cue.speed, s->cue.angle_deg,
			s->cue.tip.x, s->cue.tip.y, s->cue.elevation_deg);
	}
	for (int k = 0; k < count; ++k) {
		char* cue = bs_scene_dump_cue(&bs_solve_result_shot(result, k)->cue);
		if (cue) {
			printf("%d: \"cue\": %s\n", k + 1, cue);
			free(cue);
		}
	}
	printf("%lld shots simulated\n", (long long)bs_solve_result_evaluations(result));
}

// Writes shots.json and the heat maps into DIR, all together or none.
static int write_outputs(const solve_options* options, const bs_solve_result* result, const double* heat,
	const bs_solve_heat_axes* axes) {
	int status = bs_output_make_dir(options->dir, "--out");
	if (status != 0) {
		return status;
	}
	char paths[3][4096];
	static const char* const names[3] = {"shots.json", "heat_map.png", "heat_map.svg"};
	bs_output_file files[3];
	bs_output_file* all[3] = {&files[0], &files[1], &files[2]};
	int opened = 0;
	int file_count = heat ? 3 : 1; // no shot succeeds: no heat map around it
	for (int k = 0; k < file_count; ++k) {
		snprintf(paths[k], sizeof paths[k], "%s/%s", options->dir, names[k]);
		if (!bs_output_open(&files[k], paths[k])) {
			for (int j = 0; j < opened; ++j) {
				bs_output_abort(&files[j]);
			}
			return 1;
		}
		++opened;
	}
	if (!print_json(files[0].stream, options, result)) {
		for (int j = 0; j < file_count; ++j) {
			bs_output_abort(&files[j]);
		}
		return bs_cli_fail("out of memory writing %s", paths[0]);
	}
	bool drawn = true;
	for (int k = 1; k < file_count; ++k) {
		if (!bs_solve_plot_heat_map(&files[k], heat, axes)) {
			drawn = false; // it aborted its own file
		}
	}
	if (!drawn) {
		for (int j = 0; j < file_count; ++j) {
			if (files[j].stream) {
				bs_output_abort(&files[j]);
			}
		}
		return 1;
	}
	return bs_output_commit_all(all, file_count) ? 0 : 1;
}

// The position and goal: a scene's balls at rest, or a saved game.
static int load_input(solve_options* options, bs_scene** scene, bs_game** game, bs_ball_def* balls) {
	char error[1024];
	bs_solve_def* def = &options->def;
	if (def->goal.kind == BS_GOAL_GAME) {
		*game = bs_game_load(options->input, error, sizeof error);
		if (!*game) {
			return bs_cli_fail("%s (--goal game reads a game saved by breakshot play --save)", error);
		}
		def->game = *game;
		return 0;
	}
	*scene = bs_scene_create(options->input, error, sizeof error);
	if (!*scene) {
		return bs_cli_fail("%s", error);
	}
	bs_cli_print_scene_warnings(*scene);
	const bs_world_def* world = &(*scene)->def;
	if (world->ball_count > 64) {
		return bs_cli_fail("%s: balls: %d balls; a search takes at most 64", options->input, world->ball_count);
	}
	int cue_id = (*scene)->has_cue ? (*scene)->cue.ball : 0;
	for (int k = 0; k < world->ball_count; ++k) {
		const bs_ball_def* ball = &world->balls[k];
		bool moving = ball->vel.x != 0.0 || ball->vel.y != 0.0 || ball->omega.x != 0.0 || ball->omega.y != 0.0 ||
			ball->omega.z != 0.0 || ball->anchor.set;
		if (moving && !(ball->id == cue_id && (*scene)->has_cue)) {
			return bs_cli_fail("%s: balls[%d]: the ball moves or spins; a search starts from balls at rest",
				options->input, k);
		}
		// The scene's strike, if any, is what the search replaces.
		balls[k] = bs_default_ball_def();
		balls[k].id = ball->id;
		balls[k].kind = ball->kind;
		balls[k].pos = ball->pos;
		balls[k].radius = ball->radius;
		balls[k].mass = ball->mass;
	}
	def->world = *world;
	def->world.balls = balls;
	def->world.time = 0.0;
	def->cue_ball = cue_id;
	return 0;
}

static int solve_main(int argc, char** argv) {
	solve_options options;
	memset(&options, 0, sizeof options);
	int status = parse_options(argc, argv, &options);
	if (status != 0) {
		return status < 0 ? 0 : status;
	}
	bs_solve_def* def = &options.def;
	if (!options.threads_set) {
		def->threads = bs_ensemble_default_threads();
	}
	bs_scene* scene = NULL;
	bs_game* game = NULL;
	bs_ball_def balls[64];
	status = load_input(&options, &scene, &game, balls);
	char error[1024];
	if (status == 0 && !bs_solve_def_check(def, error, sizeof error)) {
		status = bs_cli_fail("%s: %s", options.input, error);
	}
	if (status == 0 && options.dir) {
		status = bs_output_check_dir(options.dir, "--out"); // before the work, not after it
	}
	if (status != 0) {
		bs_scene_destroy(scene);
		bs_game_destroy(game);
		return status;
	}
	bs_output_prepare();
	bs_mpi mpi = bs_mpi_start();
	def->rank = mpi.rank;
	def->ranks = mpi.ranks;
	def->share = share_over_mpi;
	def->share_closure = &mpi;
	progress_bar bar = {bs_cli_wall_seconds(), -1.0, false};
	if (mpi.rank == 0 && isatty(STDERR_FILENO)) {
		def->progress = draw_progress;
		def->progress_closure = &bar;
	}
	bs_solve_result* result = bs_solve_result_create();
	double* heat = NULL;
	if (!result) {
		status = bs_cli_fail("out of memory");
		goto done;
	}
	if (!bs_solve(def, result, error, sizeof error)) {
		status = bs_cli_fail("%s: %s", options.input, error);
		goto done;
	}
	bs_solve_heat_axes axes = {0};
	if (options.dir && bs_solve_result_count(result) > 0) {
		const bs_solved_shot* best = bs_solve_result_shot(result, 0);
		axes.aims = options.heat_aims;
		axes.speeds = options.heat_speeds;
		// Wide enough to show the window and the noise around it, twice over.
		axes.aim_span_deg = fmin(60.0, fmax(1.0, 3.0 * (best->window_deg + 4.0 * def->noise.aim_deg)));
		axes.centre_deg = best->cue.angle_deg;
		axes.speed_min = fmax(0.1, 0.25 * best->cue.speed);
		axes.speed_max = fmin(10.0, fmax(axes.speed_min + 0.5, 2.0 * best->cue.speed));
		axes.best_speed = best->cue.speed;
		axes.probability = best->probability;
		axes.samples = options.heat_samples;
		heat = malloc((size_t)axes.aims * (size_t)axes.speeds * sizeof *heat);
		if (!heat) {
			status = bs_cli_fail("out of memory for the heat map");
			goto done;
		}
		def->progress = NULL; // the bar finished with the search
		if (!bs_solve_heat_map(def, best, axes.aim_span_deg, axes.aims, axes.speed_min, axes.speed_max, axes.speeds,
				axes.samples, heat, error, sizeof error)) {
			status = bs_cli_fail("%s", error);
			goto done;
		}
	}
	if (mpi.rank == 0) {
		if (bar.drawn) {
			fputc('\n', stderr);
		}
		if (options.json) {
			print_json(stdout, &options, result);
		} else {
			print_table(result);
		}
		if (options.dir) {
			status = write_outputs(&options, result, heat, &axes);
		}
	}
done:
	free(heat);
	bs_solve_result_destroy(result);
	bs_mpi_finish(&mpi);
	bs_scene_destroy(scene);
	bs_game_destroy(game);
	return status;
}
