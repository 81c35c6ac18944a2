// breakshot bench: times the engine and prints what it measured: a random gas
// of equal discs (periodic box unless --walled) for N = 10^3 ... 10^6 at area
// fractions 0.3 and 0.5, the 9-ball break under pool physics (and under
// each cushion model, with the cost of one cushion impact under each), and
// 16 pool balls rolling in a closed box. --n and --phi run one case; --break runs
// the last two alone; --reset times a world made anew for every shot of a
// search against one world reset for each. The arguments:
// bs_bench_command below.
// A benchmark, not a test: it prints figures and never fails on them.
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_solve.h"
#include "cli.h"
#include "commands.h"
#include "cushion_contact.h"
#include "ensemble_engine.h"
#include <breakshot/game.h>
#include <breakshot/gas.h>
#include <breakshot/scene.h>
#include <breakshot/world.h>

/// The events timed for a gas of n discs, unless --events says: this many
/// per disc, but no fewer than MIN_EVENTS (for a stable rate) and no more than
/// MAX_EVENTS (so that the full table runs in minutes on two cores).
#define EVENTS_PER_DISC 10
#define MIN_EVENTS 2000000
#define MAX_EVENTS 10000000

/// The gases timed without --n or --phi (bs_bench_command's details name
/// them).
static const int gas_sizes[] = {1000, 10000, 100000, 1000000};
static const double gas_fractions[] = {0.3, 0.5};

/// The case that --n or --phi alone completes.
#define DEFAULT_N 10000
#define DEFAULT_PHI 0.5

/// The scene of the 9-ball break, relative to the working directory (the
/// source tree).
#define BREAK_SCENE "scenes/9ball_break.json"

/// The breaks of the ensemble timed on 1 and 2 threads, unless --runs says.
#define DEFAULT_ENSEMBLE_RUNS 20000
#define DEFAULT_ENSEMBLE_RUNS_TEXT BS_STRINGIFY(DEFAULT_ENSEMBLE_RUNS)

// The defaults, as the help quotes them.
#define EVENTS_PER_DISC_TEXT BS_STRINGIFY(EVENTS_PER_DISC)
#define MIN_EVENTS_TEXT BS_STRINGIFY(MIN_EVENTS)
#define MAX_EVENTS_TEXT BS_STRINGIFY(MAX_EVENTS)
#define DEFAULT_N_TEXT BS_STRINGIFY(DEFAULT_N)
#define DEFAULT_PHI_TEXT BS_STRINGIFY(DEFAULT_PHI)

/// The shot search timed with --reset: this many pool balls, the cue ball
/// struck at this many aims and speeds in turn.
#define RESET_BALLS 5
#define RESET_SHOTS 64

/// The pool boxes timed with --pool (bs_bench_command's details name them).
static const int pool_sizes[] = {1000, 10000, 100000};
static const double pool_fractions[] = {0.1, 0.3};

static int bench_main(int argc, char** argv);

const bs_command bs_bench_command = {
	.name = "bench",
	.synopsis = "[--n N] [--phi PHI] [--events E] [--seed S] [--walled]\n"
				"  [--queue heap|calendar]\n"
				"--break\n"
				"--pool [--n N] [--phi PHI] [--events E] [--seed S] [--neighbours grid|all]\n"
				"--ensemble [--runs N]\n"
				"--rules\n"
				"--solve\n"
				"--reset",
	.summary = "time the engine on gases of equal discs, on the 9-ball break, on pool balls in boxes and on an "
			   "ensemble of breaks",
	.details =
		"Without --n or --phi: gases of 10^3, 10^4, 10^5 and 10^6 discs at area fractions 0.3 and 0.5, then the "
		"9-ball break (" BREAK_SCENE ", so run it from the source tree) in CPU time a break, the break again "
		"under each cushion model (ideal, han2005, mathavan_2010, stronge_compliant) and one cushion impact "
		"under each, in CPU time an impact, and 16 pool balls "
		"rolling and colliding in a closed box, struck again whenever they stop, in CPU time per 1000 events, then "
		"the boxes of pool balls of --pool, a world made anew or reset as in --reset, the rulings of --rules and "
		"the shot search of --solve. --n "
		"and --phi time one gas (N " DEFAULT_N_TEXT " and PHI " DEFAULT_PHI_TEXT " unless given); --break times "
		"the break and the box alone. --ensemble times the ensemble of the 9-ball break (breakshot ensemble, the "
		"rack's jitter seed varying, nothing written) over N runs (default " DEFAULT_ENSEMBLE_RUNS_TEXT
		") on 1 and then 2 threads, in breaks per wall second and per CPU second; the full run ends with it. --pool "
		"times pool balls in a walled box at area fractions 0.1 and 0.3, 10^3, 10^4 and 10^5 of them (or the one "
		"case --n and --phi give), each struck at random (seed S) and left to come to rest (or stopped after E events), in time per event; "
		"--neighbours grid or all forces the grid or the scan of every ball (default: the engine's choice). Each gas is timed over E events "
		"(default " EVENTS_PER_DISC_TEXT " per disc, from " MIN_EVENTS_TEXT " to " MAX_EVENTS_TEXT
		"), made with seed S (default 1), in a periodic box unless --walled. --queue picks the event queue "
		"(default: the engine's choice for the size, the calendar queue for large gases and the binary heap for "
		"small ones). A benchmark, "
		"not a test: it prints figures and never fails on them.\n\n"
		"--solve times the shot search (breakshot solve) on one thread: its shot evaluations a second on a "
		"mid-game 9-ball layout of six balls, early stopped and run to rest, and the time to the best shot and its "
		"probability (1000 noise samples) for a lone ball with a direct pot.\n\n"
		"--rules plays each game's break (breakshot play) and times its ruling, judged again and again, per shot "
		"and per event, beside the CPU time the shot took to simulate.\n\n"
		"--reset times what a shot search repeats: " BS_STRINGIFY(RESET_BALLS) " pool balls on the 9 ft table, the "
		"cue ball struck at " BS_STRINGIFY(RESET_SHOTS) " aims and speeds in turn and run to rest, with a new world "
		"for each shot and with one world reset for each (bs_world_reset), and the setups alone: creating and "
		"destroying a world, and a reset; in CPU time each.",
	.main = bench_main,
};

static int64_t default_events(int n) {
	int64_t events = EVENTS_PER_DISC * (int64_t)n;
	return events < MIN_EVENTS ? MIN_EVENTS : events > MAX_EVENTS ? MAX_EVENTS : events;
}

static int bench_gas(int n, double phi, int64_t events, uint64_t seed, bool periodic, bs_queue_kind queue) {
	bs_gas_def gas = bs_default_gas_def();
	gas.count = n;
	gas.fraction = phi;
	gas.seed = seed;
	gas.periodic = periodic;
	if (!bs_gas_box_fits(&gas)) {
		return bs_cli_fail("bench: a periodic box of %d discs at %g is %.3g diameters wide; it must be more than 5", n,
			phi, bs_gas_box_side(&gas) / (2.0 * gas.radius));
	}
	bs_ball_def* balls = malloc((size_t)n * sizeof *balls);
	bs_world_def def;
	double gen0 = bs_cli_wall_seconds();
	if (!balls || !bs_gas_make(&gas, &def, balls)) {
		free(balls);
		return bs_cli_fail("bench: cannot make a gas of %d discs at %.3g (out of memory?)", n, phi);
	}
	double gen = bs_cli_wall_seconds() - gen0;
	def.queue = queue;
	bs_world* world = bs_world_create(&def);
	free(balls);
	if (!world) {
		return bs_cli_fail("bench: out of memory for %d discs", n);
	}
	int64_t collisions0 = bs_world_event_count_of(world, BS_EVENT_BALL);
	int64_t done = 0;
	double wall0 = bs_cli_wall_seconds();
	double cpu0 = bs_cli_cpu_seconds();
	while (done < events && bs_world_step(world)) {
		++done;
	}
	double cpu = bs_cli_cpu_seconds() - cpu0;
	double wall = bs_cli_wall_seconds() - wall0;
	int64_t collisions = bs_world_event_count_of(world, BS_EVENT_BALL) - collisions0;
	bs_world_counters counters = bs_world_get_counters(world);
	printf("%9d %5.2f %11" PRId64 " %14.4g %14.4g %10.1f %8.0f %9.2f %8.2f\n", n, phi, done,
		cpu > 0.0 ? (double)collisions / cpu : 0.0, wall > 0.0 ? (double)done / wall : 0.0,
		done > 0 ? 1e9 * wall / (double)done : 0.0, counters.bytes_per_ball, wall, gen);
	fflush(stdout);
	bs_world_destroy(world);
	return 0;
}

// The 9-ball break, run whole (until every ball is at rest or pocketed)
// again and again: the CPU time of stepping alone, and with making the
// world each time.
static int bench_break(const char* scene_path) {
	bs_scene* scene = NULL;
	char error[512];
	if (!(scene = bs_scene_create(scene_path, error, sizeof error))) {
		fprintf(stderr, "breakshot: %s\n", error);
		return BS_EXIT_USAGE;
	}
	bs_cli_print_scene_warnings(scene);
	int64_t events = 0;
	int breaks = 0;
	double stepping = 0.0;
	double cpu0 = bs_cli_cpu_seconds();
	double cpu = 0.0;
	while (cpu < 1.0 || breaks < 100) {
		bs_world* world = bs_world_create(&scene->def);
		double step0 = bs_cli_cpu_seconds();
		while (bs_world_step(world)) {
			++events;
		}
		stepping += bs_cli_cpu_seconds() - step0;
		bs_world_destroy(world);
		++breaks;
		cpu = bs_cli_cpu_seconds() - cpu0;
	}
	bs_physics physics = scene->def.physics;
	bs_scene_destroy(scene);
	printf("9-ball break (%s, %s physics): %d breaks of %.0f events: %.1f us of CPU a break stepping, %.1f us with "
		   "the world made each time; %.1f us per 1000 events stepping\n",
		scene_path, physics == BS_PHYSICS_POOL ? "pool" : "ideal", breaks, (double)events / breaks,
		1e6 * stepping / breaks, 1e6 * cpu / breaks, 1e9 * stepping / (double)events);
	return 0;
}

static const bs_cushion_model cushion_models[] = {BS_CUSHION_MODEL_IDEAL, BS_CUSHION_MODEL_HAN_2005,
	BS_CUSHION_MODEL_MATHAVAN_2010, BS_CUSHION_MODEL_STRONGE_COMPLIANT};
static const char* const cushion_model_names[] = {"ideal", "han2005", "mathavan_2010", "stronge_compliant"};
#define CUSHION_MODELS (int)(sizeof cushion_models / sizeof cushion_models[0])

// The 9-ball break under each cushion model (the scene's, the model
// replaced), run whole again and again: CPU time a break stepping.
static int bench_break_models(const char* scene_path) {
	bs_scene* scene = NULL;
	char error[512];
	if (!(scene = bs_scene_create(scene_path, error, sizeof error))) {
		fprintf(stderr, "breakshot: %s\n", error);
		return BS_EXIT_USAGE;
	}
	for (int k = 0; k < CUSHION_MODELS; ++k) {
		bs_world_def def = scene->def;
		def.pool.cushion_model = cushion_models[k];
		int64_t events = 0, cushions = 0;
		int breaks = 0;
		double cpu0 = bs_cli_cpu_seconds(), cpu = 0.0;
		while (cpu < 0.5 || breaks < 50) {
			bs_world* world = bs_world_create(&def);
			while (bs_world_step(world)) {
				++events;
				int kind = bs_world_last_event(world).kind;
				cushions += kind == BS_EVENT_CUSHION || kind == BS_EVENT_JAW;
			}
			bs_world_destroy(world);
			++breaks;
			cpu = bs_cli_cpu_seconds() - cpu0;
		}
		printf("9-ball break, cushion model %-17s %6.1f us of CPU a break (%.0f events, %.0f at cushions and jaws)\n",
			cushion_model_names[k], 1e6 * cpu / breaks, (double)events / breaks, (double)cushions / breaks);
	}
	bs_scene_destroy(scene);
	return 0;
}

// One cushion impact resolved, under each model with its defaults: a grid
// of shots (speeds 0.5 to 4 m/s, incidences 0 to 75 degrees, stun, roll,
// draw and english) resolved again and again, in CPU time an impact.
static void bench_cushion_impacts(void) {
	const double speeds[] = {0.5, 1.0, 2.0, 4.0};
	const double tops[] = {0.0, 1.0, -1.0, 2.0};
	const double sides[] = {0.0, 1.0, -1.0};
	double r = BS_DEFAULT_RADIUS, m = BS_DEFAULT_MASS;
	bs_pool_def pool = bs_default_pool_def();
	for (int k = 0; k < CUSHION_MODELS; ++k) {
		bs_cushion_params params = bs_cushion_params_of(&pool, cushion_models[k], BS_POOL_CUSHION_RESTITUTION, r);
		int64_t impacts = 0;
		double sum = 0.0;
		double cpu0 = bs_cli_cpu_seconds(), cpu = 0.0;
		while (cpu < 0.3) {
			for (int i = 0; i < 4; ++i) {
				for (int a = 0; a <= 75; a += 15) {
					for (int t = 0; t < 4; ++t) {
						for (int s = 0; s < 3; ++s) {
							double angle = a * (BS_PI / 180.0);
							bs_vec2 v = bs_v2(speeds[i] * sin(angle), -speeds[i] * cos(angle));
							bs_vec3 w = bs_v3(-v.y / r * tops[t], v.x / r * tops[t], sides[s] * speeds[i] / r);
							bs_resolve_cushion_contact(&v, &w, m, r, bs_v2(0.0, 1.0), params);
							sum += v.x + w.z;
							++impacts;
						}
					}
				}
			}
			cpu = bs_cli_cpu_seconds() - cpu0;
		}
		printf("a cushion impact, model %-17s %8.3f us of CPU (%" PRId64 " impacts; %g)\n", cushion_model_names[k],
			1e6 * cpu / (double)impacts, impacts, sum > 0.0 ? 1.0 : 0.0);
	}
}

// Balls in a closed box that roll and collide for ever: 16 pool balls on a
// plain 2.54 x 1.27 m table, each struck again (a fresh random velocity and
// spin) whenever it comes to rest, timed per 1000 events.
#define BOX_BALLS 16
#define BOX_EVENTS 2000000

static bs_vec2 box_velocity(uint64_t* state) {
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	double angle = (double)(*state >> 11) * 0x1.0p-53 * 2.0 * BS_PI;
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	double speed = 0.5 + 3.5 * (double)(*state >> 11) * 0x1.0p-53;
	return bs_v2(speed * cos(angle), speed * sin(angle));
}

// Simulated time after which the box starts again from its grid, so that
// its times stay far below BS_MAX_TIME.
#define BOX_EPOCH 1000.0

// The box's balls on a 4 x 4 grid, at rest at time 0.
static void box_grid(bs_ball_def* balls, bs_world_def* def) {
	for (int i = 0; i < BOX_BALLS; ++i) {
		balls[i] = bs_default_ball_def();
		balls[i].id = i;
		balls[i].pos = bs_v2(0.3 + 0.6 * (i % 4), 0.2 + 0.29 * (i / 4));
	}
	def->time = 0.0;
	def->ball_count = BOX_BALLS;
}

static int bench_box(void) {
	bs_ball_def balls[BOX_BALLS];
	uint64_t state = 1;
	bs_world_def def = bs_default_pool_world_def();
	def.balls = balls;
	box_grid(balls, &def);
	int64_t events = 0;
	int64_t restarts = 0;
	double stepping = 0.0;
	while (events < BOX_EVENTS) {
		if (def.time > BOX_EPOCH) {
			box_grid(balls, &def);
		}
		for (int i = 0; i < def.ball_count; ++i) {
			if (balls[i].vel.x == 0.0 && balls[i].vel.y == 0.0) {
				balls[i].vel = box_velocity(&state);
				balls[i].omega = bs_v3(0.0, 0.0, 0.0);
				balls[i].anchor.set = false;
				restarts += 1;
			}
		}
		bs_world* world = bs_world_create(&def);
		if (!world) {
			return bs_cli_fail("bench: out of memory for %d balls", BOX_BALLS);
		}
		double step0 = bs_cli_cpu_seconds();
		// Step until some ball stops, then strike the balls at rest again.
		for (;;) {
			if (!bs_world_step(world)) {
				break;
			}
			++events;
			int kind = bs_world_last_event(world).kind;
			if (kind == BS_EVENT_ROLL_STOP || kind == BS_EVENT_SPIN_STOP) {
				break;
			}
		}
		stepping += bs_cli_cpu_seconds() - step0;
		def.time = bs_world_time(world);
		def.ball_count = bs_world_export_balls(world, balls);
		bs_world_destroy(world);
	}
	printf("16 balls rolling in a closed box (pool physics, struck again when they stop): %" PRId64
		   " events, %" PRId64 " strikes: %.1f us per 1000 events of CPU\n",
		events, restarts, 1e9 * stepping / (double)events);
	return 0;
}

// A shot search's unit of work: five pool balls on the 9 ft table, the cue
// ball struck at one of RESET_SHOTS aims and speeds in turn and run to rest,
// with a new world for every shot (create, run, destroy) and with one world
// reset for each (bs_world_reset). Also each setup alone: create and
// destroy, and a reset.
// The five balls, the cue ball (id 0) struck by shot `k` of RESET_SHOTS.
static bool reset_layout(int k, bs_ball_def* balls) {
	static const double spots[RESET_BALLS][2] = {
		{0.635, 0.635}, {1.905, 0.635}, {1.60, 0.40}, {2.10, 0.90}, {1.20, 1.00}};
	for (int i = 0; i < RESET_BALLS; ++i) {
		balls[i] = bs_default_ball_def();
		balls[i].id = i;
		balls[i].pos = bs_v2(spots[i][0], spots[i][1]);
	}
	bs_cue_def cue = bs_default_cue_def();
	cue.stick = true;
	cue.speed = 1.0 + 5.0 * (double)(k % 8) / 7.0;
	cue.angle_deg = -30.0 + 60.0 * (double)(k / 8) / 7.0;
	cue.tip = bs_v2(0.0, 0.2 * (double)(k % 3 - 1));
	return bs_cue_apply(&cue, BS_PHYSICS_POOL, &balls[0]);
}

static int bench_reset(void) {
	bs_world_def def = bs_default_pool_world_def();
	if (!bs_table_preset("9ft", true, &def.table)) {
		return bs_cli_fail("bench: no 9ft table");
	}
	def.pool.cushion_height = bs_table_preset_cushion_height("9ft");
	static bs_ball_def shots[RESET_SHOTS][RESET_BALLS];
	for (int k = 0; k < RESET_SHOTS; ++k) {
		if (!reset_layout(k, shots[k])) {
			return bs_cli_fail("bench: shot %d strikes nothing", k);
		}
	}
	def.balls = shots[0];
	def.ball_count = RESET_BALLS;
	bs_def_report report;
	if (!bs_world_def_check(&def, &report)) {
		return bs_cli_fail("bench: the layout is invalid: %s", report.message);
	}
	printf("reset: %d pool balls on the 9 ft table, the cue ball struck at %d aims and speeds in turn; CPU time "
		   "each, the best of 3 rounds of at least 0.3 s\n",
		RESET_BALLS, RESET_SHOTS);
	static const char* const names[] = {"create + destroy", "reset", "shot: create, run to rest, destroy",
		"shot: reset, run to rest"};
	bs_world* reused = bs_world_create(&def);
	if (!reused) {
		return bs_cli_fail("bench: out of memory");
	}
	int64_t events = 0;
	int64_t shots_run = 0;
	for (int mode = 0; mode < 4; ++mode) {
		double best = INFINITY;
		for (int round = 0; round < 3; ++round) {
			int64_t done = 0;
			double cpu0 = bs_cli_cpu_seconds(), cpu = 0.0;
			while (cpu < 0.3) {
				for (int k = 0; k < RESET_SHOTS; ++k) {
					def.balls = shots[k];
					bs_world* world = reused;
					if (mode == 0 || mode == 2) {
						world = bs_world_create(&def);
						if (!world) {
							bs_world_destroy(reused);
							return bs_cli_fail("bench: out of memory");
						}
					} else {
						bs_world_reset(reused, shots[k], RESET_BALLS, def.time);
					}
					if (mode >= 2) {
						while (bs_world_step(world)) {
						}
						events += bs_world_event_count(world);
						shots_run += 1;
					}
					if (world != reused) {
						bs_world_destroy(world);
					}
				}
				done += RESET_SHOTS;
				cpu = bs_cli_cpu_seconds() - cpu0;
			}
			double each = cpu / (double)done;
			best = each < best ? each : best;
		}
		printf("  %-36s %8.2f us\n", names[mode], 1e6 * best);
		fflush(stdout);
	}
	printf("  (%.1f events a shot)\n", shots_run > 0 ? (double)events / (double)shots_run : 0.0);
	bs_world_destroy(reused);
	return 0;
}

// Pool balls in a walled box: `n` balls at area fraction `phi`, placed as
// `gen gas` places discs, each struck at random (a speed of 0.5 to 2 m/s in
// any direction, with spin about every axis whose surface speed is up to
// about as much again) and left to come to rest, or stopped after `events`
// (when > 0). Prints a row of the --pool table.
static int bench_pool_box(int n, double phi, int64_t events, uint64_t seed, bs_neighbour_search search) {
	bs_gas_def gas = bs_default_gas_def();
	gas.count = n;
	gas.fraction = phi;
	gas.seed = seed;
	gas.periodic = false;
	bs_ball_def* balls = malloc((size_t)n * sizeof *balls);
	bs_world_def made;
	double gen0 = bs_cli_wall_seconds();
	if (!balls || !bs_gas_make(&gas, &made, balls)) {
		free(balls);
		return bs_cli_fail("bench: cannot make a box of %d pool balls at %.3g (out of memory?)", n, phi);
	}
	double gen = bs_cli_wall_seconds() - gen0;
	bs_world_def def = bs_default_pool_world_def();
	def.table = made.table;
	def.balls = balls;
	def.ball_count = made.ball_count;
	def.neighbour_search = search;
	uint64_t state = seed * 0x9E3779B97F4A7C15ULL + 1;
	for (int i = 0; i < def.ball_count; ++i) {
		bs_vec2 v = box_velocity(&state);
		double speed = bs_v2_len(v);
		bs_vec2 along = bs_v2_scale((0.5 + (speed - 0.5) * 1.5 / 3.5) / speed, v);
		bs_vec2 spin = box_velocity(&state);
		double surface = bs_v2_len(along) / balls[i].radius / 4.0;
		balls[i].vel = along;
		balls[i].omega = bs_v3(surface * spin.x, surface * spin.y, surface * (spin.x - spin.y));
	}
	bs_world* world = bs_world_create(&def);
	free(balls);
	if (!world) {
		return bs_cli_fail("bench: out of memory for %d pool balls", n);
	}
	int64_t done = 0;
	double wall0 = bs_cli_wall_seconds();
	double cpu0 = bs_cli_cpu_seconds();
	while ((events <= 0 || done < events) && bs_world_step(world)) {
		++done;
	}
	double cpu = bs_cli_cpu_seconds() - cpu0;
	double wall = bs_cli_wall_seconds() - wall0;
	bs_world_counters counters = bs_world_get_counters(world);
	printf("%9d %5.2f %11" PRId64 " %9.2f %10.1f %10.1f %9.2f %8.0f %9.2f %8.2f\n", n, phi, done,
		done > 0 ? (double)bs_world_event_count_of(world, BS_EVENT_BALL) / (double)done : 0.0,
		done > 0 ? 1e9 * cpu / (double)done : 0.0, done > 0 ? 1e9 * wall / (double)done : 0.0,
		done > 0 ? (double)counters.cell_crossings / (double)done : 0.0, counters.bytes_per_ball, wall, gen);
	fflush(stdout);
	bs_world_destroy(world);
	return 0;
}

// The --pool table: each box of pool_sizes and pool_fractions, or the one
// --n and --phi give.
static int bench_pool(int64_t n, double phi, int64_t events, uint64_t seed, bs_neighbour_search search) {
	printf("breakshot bench --pool: pool balls (r = %.6g m) in a walled box, placed as gen gas places discs, each "
		   "struck at random and left to come to rest; %s\n",
		BS_DEFAULT_RADIUS, search == BS_NEIGHBOURS_ALL ? "every ball examined"
			: search == BS_NEIGHBOURS_GRID ? "the grid"
										   : "the engine's neighbour search");
	printf("%9s %5s %11s %9s %10s %10s %9s %8s %9s %8s\n", "N", "phi", "events", "ball/ev", "CPU ns/ev", "ns/event",
		"cross/ev", "B/ball", "wall s", "gen s");
	if (n > 0 || phi > 0.0) {
		return bench_pool_box(n > 0 ? (int)n : pool_sizes[0], phi > 0.0 ? phi : pool_fractions[0], events, seed, search);
	}
	for (size_t k = 0; k < sizeof pool_sizes / sizeof pool_sizes[0]; ++k) {
		for (size_t f = 0; f < sizeof pool_fractions / sizeof pool_fractions[0]; ++f) {
			int status = bench_pool_box(pool_sizes[k], pool_fractions[f], events, seed, search);
			if (status != 0) {
				return status;
			}
		}
	}
	return 0;
}

static bool count_block(void* closure, const bs_ensemble_block* block) {
	*(int64_t*)closure += block->count;
	return block->failure == BS_ENSEMBLE_RUN_DONE;
}

// The ensemble of the 9-ball break (the rack's jitter seed varying, as
// `breakshot ensemble` does by default) on 1 and then 2 threads, without
// writing anything: breaks per wall second, and per CPU second of all the
// threads together.
static int bench_ensemble(const char* scene_path, int64_t runs) {
	bs_scene* scene = NULL;
	char error[512];
	if (!(scene = bs_scene_create(scene_path, error, sizeof error))) {
		fprintf(stderr, "breakshot: %s\n", error);
		return BS_EXIT_USAGE;
	}
	bs_cli_print_scene_warnings(scene);
	bs_vary_plan plan = bs_vary_plan_default();
	bs_ensemble_context context = bs_ensemble_context_make(scene, &plan, 1);
	bs_mpi one = {false, 0, 1};
	double rate_one = 0.0;
	for (int threads = 1; threads <= 2; ++threads) {
		bs_ensemble_job job = {&context, 0, runs, threads, &one};
		int64_t done = 0;
		double wall0 = bs_cli_wall_seconds();
		double cpu0 = bs_cli_cpu_seconds();
		bs_ensemble_status status = bs_ensemble_execute(&job, count_block, &done);
		double wall = bs_cli_wall_seconds() - wall0;
		double cpu = bs_cli_cpu_seconds() - cpu0;
		if (status != BS_ENSEMBLE_DONE) {
			bs_scene_destroy(scene);
			fprintf(stderr, "breakshot: bench: the ensemble stopped after %" PRId64 " runs\n", done);
			return 1;
		}
		double rate = wall > 0.0 ? (double)done / wall : 0.0;
		rate_one = threads == 1 ? rate : rate_one;
		printf("ensemble of the 9-ball break (%s, rack seed varying), %d thread%s: %" PRId64
			   " breaks in %.3f s: %.0f breaks/s (wall), %.0f per CPU second",
			scene_path, threads, threads == 1 ? "" : "s", done, wall, rate, cpu > 0.0 ? (double)done / cpu : 0.0);
		if (threads > 1 && rate_one > 0.0) {
			printf("; %.2fx the speed of 1 thread", rate / rate_one);
		}
		printf("\n");
		fflush(stdout);
	}
	bs_scene_destroy(scene);
	return 0;
}

// Each game's break, played once in a game (game.h), then its events judged
// by the game's rules (rules.h) again and again: the CPU time of a ruling,
// per shot and per event, beside the time the shot took to simulate.
static int bench_rules(void) {
	printf("rules: each game's break played (bs_game_shoot) and judged (bs_rules_judge) again and again\n");
	printf("%-14s %7s %14s %14s %14s\n", "game", "events", "simulate us", "judge ns", "judge ns/event");
	for (int kind = 0; kind < BS_GAME_KIND_COUNT; ++kind) {
		char error[512];
		bs_game_def def = bs_default_game_def((bs_game_kind)kind);
		bs_game* game = bs_game_create(&def, error, sizeof error);
		if (!game) {
			printf("%-14s (not played: %s)\n", bs_game_kind_name((bs_game_kind)kind), error);
			continue;
		}
		// The break: at full speed at the object ball nearest the foot spot.
		bs_game_state before = *bs_game_get_state(game);
		bs_vec2 foot = bs_v2(0.75 * def.world.table.width, 0.5 * def.world.table.height);
		int target = -1;
		for (int i = 0; i < before.ball_count; ++i) {
			if (before.balls[i].id != before.cue_ball &&
				(target < 0 || bs_v2_len(bs_v2_sub(before.balls[i].pos, foot)) <
								   bs_v2_len(bs_v2_sub(before.balls[target].pos, foot)))) {
				target = i;
			}
		}
		bs_cue_def cue = bs_default_cue_def();
		cue.stick = true;
		cue.speed = 9.0;
		cue.has_aim = true;
		cue.aim = before.balls[target].pos;
		// The shot played again and again in fresh games, timed alone.
		bs_ruling ruling;
		double shot = 0.0;
		int shots = 0;
		bool played = true;
		while (played && (shot < 0.5 || shots < 10)) {
			bs_game* fresh = bs_game_create(&def, error, sizeof error);
			double shot0 = bs_cli_cpu_seconds();
			played = fresh && bs_game_shoot(fresh, &cue, NULL, &ruling, error, sizeof error);
			shot += bs_cli_cpu_seconds() - shot0;
			bs_game_destroy(fresh);
			shots++;
		}
		shot /= shots;
		played = played && bs_game_shoot(game, &cue, NULL, &ruling, error, sizeof error);
		if (!played) {
			printf("%-14s (not played: %s)\n", bs_game_kind_name((bs_game_kind)kind), error);
			bs_game_destroy(game);
			continue;
		}
		int count = bs_game_shot_event_count(game);
		const bs_event* events = bs_game_shot_events(game);
		bs_vec2 rest[BS_RULES_MAX_BALLS];
		for (int i = 0; i < ruling.after.ball_count; ++i) {
			rest[i] = ruling.after.balls[i].pos;
		}
		int judged = 0;
		double cpu0 = bs_cli_cpu_seconds();
		double cpu = 0.0;
		while (cpu < 0.5 || judged < 1000) {
			for (int k = 0; k < 1000; ++k) {
				bs_rules_judge(&before, NULL, events, count, rest, &ruling);
			}
			judged += 1000;
			cpu = bs_cli_cpu_seconds() - cpu0;
		}
		printf("%-14s %7d %14.1f %14.1f %14.2f\n", bs_game_kind_name((bs_game_kind)kind), count, 1e6 * shot,
			1e9 * cpu / judged, 1e9 * cpu / judged / (count > 0 ? count : 1));
		bs_game_destroy(game);
	}
	return 0;
}

static int bench_main(int argc, char** argv) {
	int64_t n = 0;
	double phi = 0.0;
	int64_t events = 0;
	int64_t seed = 1;
	bool periodic = true;
	bool only_break = false;
	bool only_ensemble = false;
	bool only_pool = false;
	bool only_rules = false;
	bool only_solve = false;
	bool only_reset = false;
	bs_neighbour_search search = BS_NEIGHBOURS_AUTO;
	int64_t runs = DEFAULT_ENSEMBLE_RUNS;
	bs_queue_kind queue = BS_QUEUE_AUTO;
	for (int i = 0; i < argc; ++i) {
		const char* value = i + 1 < argc ? argv[i + 1] : NULL;
		bool ok = true;
		if (bs_command_is_help(argv[i])) {
			bs_command_print_help(&bs_bench_command, stdout);
			return 0;
		}
		if (strcmp(argv[i], "--walled") == 0) {
			periodic = false;
			continue;
		}
		if (strcmp(argv[i], "--break") == 0) {
			only_break = true;
			continue;
		}
		if (strcmp(argv[i], "--ensemble") == 0) {
			only_ensemble = true;
			continue;
		}
		if (strcmp(argv[i], "--pool") == 0) {
			only_pool = true;
			continue;
		}
		if (strcmp(argv[i], "--rules") == 0) {
			only_rules = true;
			continue;
		}
		if (strcmp(argv[i], "--solve") == 0) {
			only_solve = true;
			continue;
		}
		if (strcmp(argv[i], "--reset") == 0) {
			only_reset = true;
			continue;
		}
		if (strcmp(argv[i], "--runs") == 0) {
			ok = bs_cli_parse_int64(value, "--runs", 1, INT64_MAX, &runs);
		} else if (strcmp(argv[i], "--n") == 0) {
			ok = bs_cli_parse_int64(value, "--n", 2, BS_MAX_BALLS, &n);
		} else if (strcmp(argv[i], "--phi") == 0) {
			ok = bs_cli_parse_fraction(value, "--phi", &phi);
		} else if (strcmp(argv[i], "--events") == 0) {
			ok = bs_cli_parse_int64(value, "--events", 1, INT64_MAX, &events);
		} else if (strcmp(argv[i], "--seed") == 0) {
			ok = bs_cli_parse_int64(value, "--seed", 0, INT64_MAX, &seed);
		} else if (strcmp(argv[i], "--neighbours") == 0) {
			if (value && strcmp(value, "grid") == 0) {
				search = BS_NEIGHBOURS_GRID;
			} else if (value && strcmp(value, "all") == 0) {
				search = BS_NEIGHBOURS_ALL;
			} else {
				return bs_command_fail(&bs_bench_command, "bench: --neighbours takes grid or all");
			}
		} else if (strcmp(argv[i], "--queue") == 0) {
			if (value && strcmp(value, "heap") == 0) {
				queue = BS_QUEUE_HEAP;
			} else if (value && strcmp(value, "calendar") == 0) {
				queue = BS_QUEUE_CALENDAR;
			} else {
				return bs_command_fail(&bs_bench_command, "bench: --queue takes heap or calendar");
			}
		} else {
			return bs_command_fail(&bs_bench_command, "bench: unknown argument '%s'", argv[i]);
		}
		if (!ok) {
			return BS_EXIT_USAGE;
		}
		++i;
	}
	if (only_break) {
		int status = bench_break(BREAK_SCENE);
		if (status == 0) {
			status = bench_break_models(BREAK_SCENE);
		}
		if (status == 0) {
			bench_cushion_impacts();
		}
		return status != 0 ? status : bench_box();
	}
	if (only_ensemble) {
		return bench_ensemble(BREAK_SCENE, runs);
	}
	if (only_pool) {
		return bench_pool(n, phi, events, (uint64_t)seed, search);
	}
	if (only_rules) {
		return bench_rules();
	}
	if (only_solve) {
		return bs_bench_solve();
	}
	if (only_reset) {
		return bench_reset();
	}
	printf("breakshot bench: gas of equal discs (r = %.6g m), %s box, melted lattice start, 1 m/s per axis; %s\n",
		BS_DEFAULT_RADIUS, periodic ? "periodic" : "walled",
		queue == BS_QUEUE_HEAP		   ? "binary heap"
			: queue == BS_QUEUE_CALENDAR ? "calendar queue"
										 : "the engine's choice for the size");
	printf("%9s %5s %11s %14s %14s %10s %8s %9s %8s\n", "N", "phi", "events", "collisions/s", "events/s", "ns/event",
		"B/ball", "wall s", "gen s");
	printf("%9s %5s %11s %14s %14s %10s %8s %9s %8s\n", "", "", "", "(per CPU s)", "(wall)", "", "", "", "");
	if (n > 0 || phi > 0.0) {
		int count = n > 0 ? (int)n : DEFAULT_N;
		return bench_gas(count, phi > 0.0 ? phi : DEFAULT_PHI, events > 0 ? events : default_events(count),
			(uint64_t)seed, periodic, queue);
	}
	for (size_t k = 0; k < sizeof gas_sizes / sizeof gas_sizes[0]; ++k) {
		for (size_t f = 0; f < sizeof gas_fractions / sizeof gas_fractions[0]; ++f) {
			int status = bench_gas(gas_sizes[k], gas_fractions[f], events > 0 ? events : default_events(gas_sizes[k]),
				(uint64_t)seed, periodic, queue);
			if (status != 0) {
				return status;
			}
		}
	}
	int status = bench_break(BREAK_SCENE);
	status = status != 0 ? status : bench_break_models(BREAK_SCENE);
	if (status == 0) {
		bench_cushion_impacts();
	}
	status = status != 0 ? status : bench_box();
	status = status != 0 ? status : bench_pool(0, 0.0, 0, (uint64_t)seed, BS_NEIGHBOURS_AUTO);
	status = status != 0 ? status : bench_reset();
	status = status != 0 ? status : bench_rules();
	status = status != 0 ? status : bs_bench_solve();
	return status != 0 ? status : bench_ensemble(BREAK_SCENE, runs);
}
