// Pool physics with the swept grid: a ball is filed under the cells its
// path sweeps over a short span and examines only the balls filed under its
// own cells, yet every pair is solved as the whole-table scan solves it, so
// both give the same events and the same end state, bit for bit.
//
// The scenes are random: 50 to 500 balls in boxes and on pool tables with
// pockets; frozen clusters of touching balls at rest; balls at rest; balls
// moving with spin, side spin and massé slips; restitutions from 0 to 1;
// both ball and both cushion models.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "anchor_history.h"
#include "placement.h"
#include "rng.h"
#include <breakshot/world.h>

#include "check.h"
#include "world_helpers.h"
#include "world_internal.h"

enum { MAX_BALLS = 500 };

static bool same_bits(double x, double y) {
	return memcmp(&x, &y, sizeof x) == 0;
}

static bool same_event_bits(bs_event x, bs_event y) {
	return x.kind == y.kind && x.a == y.a && x.b == y.b && same_bits(x.time, y.time) &&
		same_bits(x.impulse, y.impulse) && same_bits(x.point.x, y.point.x) && same_bits(x.point.y, y.point.y) &&
		same_bits(x.normal.x, y.normal.x) && same_bits(x.normal.y, y.normal.y);
}

// Field by field: padding bytes may differ.
static bool same_saved_ball(const bs_ball_def* a, const bs_ball_def* b) {
	const bs_ball_anchor* p = &a->anchor;
	const bs_ball_anchor* q = &b->anchor;
	bs_history hp = bs_history_of(p);
	bs_history hq = bs_history_of(q);
	return a->id == b->id && same_bits(a->pos.x, b->pos.x) && same_bits(a->pos.y, b->pos.y) &&
		same_bits(a->vel.x, b->vel.x) && same_bits(a->vel.y, b->vel.y) && same_bits(a->omega.x, b->omega.x) &&
		same_bits(a->omega.y, b->omega.y) && same_bits(a->omega.z, b->omega.z) && same_bits(a->radius, b->radius) &&
		same_bits(a->mass, b->mass) && p->set == q->set && same_bits(p->time, q->time) &&
		same_bits(p->pos.x, q->pos.x) && same_bits(p->pos.y, q->pos.y) && same_bits(p->vel.x, q->vel.x) &&
		same_bits(p->vel.y, q->vel.y) && same_bits(p->omega.x, q->omega.x) && same_bits(p->omega.y, q->omega.y) &&
		same_bits(p->omega.z, q->omega.z) && p->motion == q->motion && hp.last_kind == hq.last_kind &&
		hp.last_target == hq.last_target && same_bits(hp.last_collision_time, hq.last_collision_time) &&
		same_bits(hp.arrival_speed, hq.arrival_speed);
}

// ---------------------------------------------------------------------------
// Random pool scenes

typedef struct scene_kind {
	bool pockets;    ///< a pool table with pockets, or a box
	bool clusters;   ///< frozen clusters of touching balls at rest
	bool mixed;      ///< radii from 0.6 to 1 of the largest
	double fraction; ///< area fraction the balls cover
} scene_kind;

static const double restitutions[] = {0.0, 0.2, 0.5, 0.85, 0.94, 1.0};

static double pick_restitution(bs_rng* rng) {
	int k = (int)(bs_rng_uniform(rng) * 7.0);
	return k < 6 ? restitutions[k] : bs_rng_uniform(rng);
}

// A random velocity and spin, as a strike might leave them: a speed up to
// 3 m/s in any direction, spin about every axis (follow, draw, side spin,
// and slips across the path that curve it, as massé does), or a rolling ball.
static void strike_at_random(bs_rng* rng, bs_ball_def* ball) {
	double angle = bs_rng_range(rng, 0.0, 2.0 * BS_PI);
	double speed = bs_rng_range(rng, 0.05, 3.0);
	ball->vel = bs_v2(speed * cos(angle), speed * sin(angle));
	double surface = speed / ball->radius;
	switch ((int)(bs_rng_uniform(rng) * 4.0)) {
	case 0: // rolling
		ball->omega = bs_v3(-ball->vel.y / ball->radius, ball->vel.x / ball->radius, 0.0);
		break;
	case 1: // stun, side spin
		ball->omega = bs_v3(0.0, 0.0, bs_rng_range(rng, -1.0, 1.0) * surface);
		break;
	default: // any slip: follow, draw, massé
		ball->omega = bs_v3(bs_rng_range(rng, -1.5, 1.5) * surface, bs_rng_range(rng, -1.5, 1.5) * surface,
			bs_rng_range(rng, -1.0, 1.0) * surface);
		break;
	}
}

// Whether a ball fits at its place: inside the table and clear of `balls`.
static bool fits(const bs_table* table, const bs_table_def* table_def, const bs_ball_def* balls, int count,
	const bs_ball_def* ball) {
	return bs_ball_inside_table(table, ball->pos, ball->radius, 0.0, 0.0) && spot_is_free(table_def, balls, count, ball);
}

// A frozen cluster: a triangle of touching balls of one radius at rest,
// placed whole or not at all. Returns the new count.
static int add_cluster(bs_rng* rng, const bs_table* table, const bs_table_def* table_def, bs_ball_def* balls, int n,
	int limit, double radius) {
	int rows = 2 + (int)(bs_rng_uniform(rng) * 4.0);
	double angle = bs_rng_range(rng, 0.0, 2.0 * BS_PI);
	bs_vec2 along = bs_v2(cos(angle), sin(angle));
	bs_vec2 across = bs_v2(-along.y, along.x);
	bs_vec2 apex = bs_v2(bs_rng_range(rng, 0.0, table->width), bs_rng_range(rng, 0.0, table->height));
	int start = n;
	for (int row = 0; row < rows; ++row) {
		for (int k = 0; k <= row; ++k) {
			if (n >= limit) {
				return start;
			}
			bs_ball_def ball = bs_default_ball_def();
			ball.id = n;
			ball.radius = radius;
			double x = sqrt(3.0) * radius * row;
			double y = radius * (2.0 * k - row);
			ball.pos = bs_v2_add(apex, bs_v2_add(bs_v2_scale(x, along), bs_v2_scale(y, across)));
			// Touching its neighbours in the cluster, clear of every other ball.
			if (!bs_ball_inside_table(table, ball.pos, radius, 0.0, 0.0) ||
				!spot_is_free(table_def, balls, start, &ball)) {
				return start;
			}
			balls[n++] = ball;
		}
	}
	return n;
}

static scene_kind kind_of_scene(int number) {
	bs_rng rng = bs_rng_make(0x5eed0000u + (uint64_t)number);
	scene_kind kind;
	kind.pockets = number % 2 == 1;
	kind.clusters = number % 3 != 2;
	kind.mixed = bs_rng_uniform(&rng) < 0.4;
	kind.fraction = bs_rng_range(&rng, 0.05, 0.35);
	return kind;
}

// Scene `number`: `count` balls (fewer when the table fills up) in `balls`
// and `def`. Ids are shuffled, so that id order is not storage order.
static int pool_scene(int number, int count, bs_ball_def* balls, bs_world_def* def) {
	scene_kind kind = kind_of_scene(number);
	bs_rng rng = bs_rng_make(0xba11u * 7919u + (uint64_t)number);
	*def = bs_default_pool_world_def();
	if (kind.pockets) {
		const char* presets[] = {"7ft", "8ft", "9ft"};
		bs_table_preset(presets[number % 3], true, &def->table);
	} else {
		def->table = bs_table_rect(bs_rng_range(&rng, 1.0, 3.0), bs_rng_range(&rng, 0.8, 2.0));
	}
	def->ball_restitution = pick_restitution(&rng);
	def->cushion_restitution = pick_restitution(&rng);
	def->pool.ball_model = bs_rng_uniform(&rng) < 0.75 ? BS_BALL_MODEL_FRICTIONAL : BS_BALL_MODEL_IDEAL;
	def->pool.cushion_model = bs_rng_uniform(&rng) < 0.75 ? BS_CUSHION_MODEL_HAN_2005 : BS_CUSHION_MODEL_IDEAL;
	bs_table table = geometry_of(&def->table);
	double area = table.width * table.height;
	double largest = fmin(BS_DEFAULT_RADIUS, sqrt(kind.fraction * area / (count * BS_PI)));
	int n = 0;
	if (kind.clusters) {
		for (int c = 0; c < 3 && n < count / 2; ++c) {
			for (int tries = 0; tries < 50; ++tries) {
				int grown = add_cluster(&rng, &table, &def->table, balls, n, count / 2, largest);
				if (grown > n) {
					n = grown;
					break;
				}
			}
		}
	}
	for (int tries = 0; n < count && tries < 200 * count; ++tries) {
		bs_ball_def ball = bs_default_ball_def();
		ball.id = n;
		ball.radius = kind.mixed ? largest * bs_rng_range(&rng, 0.6, 1.0) : largest;
		ball.mass = BS_DEFAULT_MASS * pow(ball.radius / BS_DEFAULT_RADIUS, 3.0);
		ball.pos = bs_v2(bs_rng_range(&rng, 0.0, table.width), bs_rng_range(&rng, 0.0, table.height));
		if (!fits(&table, &def->table, balls, n, &ball)) {
			continue;
		}
		// A third at rest, the rest struck.
		if (bs_rng_uniform(&rng) < 0.67) {
			strike_at_random(&rng, &ball);
		}
		balls[n++] = ball;
	}
	// Ids shuffled, storage order and id order apart.
	for (int i = n - 1; i > 0; --i) {
		int j = (int)(bs_rng_uniform(&rng) * (i + 1));
		int id = balls[i].id;
		balls[i].id = balls[j].id;
		balls[j].id = id;
	}
	def->balls = balls;
	def->ball_count = n;
	return n;
}

static void print_scene(int number, const bs_world_def* def) {
	scene_kind kind = kind_of_scene(number);
	fprintf(stderr, "    scene %d: %d balls on %s %.3g x %.3g m, fraction %.3g%s%s, restitution %.3g (balls) %.3g (cushions)\n",
		number, def->ball_count, kind.pockets ? "a pool table" : "a box", def->table.width, def->table.height,
		kind.fraction, kind.clusters ? ", frozen clusters" : "", kind.mixed ? ", mixed radii" : "",
		def->ball_restitution, def->cushion_restitution);
}

// ---------------------------------------------------------------------------
// Grid against scan

typedef struct tally {
	int64_t events;
	int64_t crossings;
	int64_t kinds[BS_EVENT_KIND_COUNT];
	int scenes;
} tally;

// Steps `scan` and `grid` until both stop or `limit` events, comparing each
// event bit for bit. Returns the events compared, or -1 at a difference
// (which it prints).
static int64_t compare_runs(bs_world* scan, bs_world* grid, int64_t limit, int number, const bs_world_def* def) {
	int64_t k = 0;
	for (; k < limit; ++k) {
		bool a = bs_world_step(scan);
		bool b = bs_world_step(grid);
		bs_event x = bs_world_last_event(scan);
		bs_event y = bs_world_last_event(grid);
		if (a != b || (a && !same_event_bits(x, y))) {
			char tx[160], ty[160];
			CHECK_FAIL("scene %d: event %lld differs: scan %s, grid %s", number, (long long)k,
				a ? event_text(x, tx, sizeof tx) : "none", b ? event_text(y, ty, sizeof ty) : "none");
			print_scene(number, def);
			return -1;
		}
		if (!a) {
			break;
		}
	}
	return k;
}

// The two worlds' states, exported with their anchors, are the same bits.
static void check_same_state(const bs_world* scan, const bs_world* grid, int number) {
	static bs_ball_def x[MAX_BALLS], y[MAX_BALLS];
	int n = bs_world_export_balls(scan, x);
	CHECK_EQ_INT(bs_world_export_balls(grid, y), n);
	CHECK_SAME_BITS(bs_world_time(scan), bs_world_time(grid));
	for (int i = 0; i < n; ++i) {
		if (!same_saved_ball(&x[i], &y[i])) {
			CHECK_FAIL("scene %d: ball %d (id %d) ends differently", number, i, x[i].id);
			return;
		}
	}
	// (A world made from a saved state starts its count of pocketed energy
	// afresh.)
	bs_totals s = bs_world_totals(scan);
	bs_totals g = bs_world_totals(grid);
	CHECK_SAME_BITS(s.kinetic_energy, g.kinetic_energy);
	CHECK_EQ_INT(s.balls_on_table, g.balls_on_table);
}

// Runs scene `number` of `count` balls both ways for up to `limit` events;
// halfway, a world made from the scan's saved state, with the grid, joins
// and must continue as the scan does.
static void compare_scene(int number, int count, int64_t limit, tally* t) {
	static bs_ball_def balls[MAX_BALLS];
	static bs_ball_def saved_balls[MAX_BALLS];
	bs_world_def def;
	int n = pool_scene(number, count, balls, &def);
	CHECK(n >= 40);
	CHECK_DEF_OK(&def);
	def.neighbour_search = BS_NEIGHBOURS_ALL;
	bs_world* scan = bs_world_create(&def);
	def.neighbour_search = BS_NEIGHBOURS_GRID;
	bs_world* grid = bs_world_create(&def);
	if (!scan || !grid) {
		CHECK_FAIL("scene %d: no world", number);
		bs_world_destroy(scan);
		bs_world_destroy(grid);
		return;
	}
	CHECK(!bs_world_get_counters(scan).uses_grid);
	CHECK(bs_world_get_counters(grid).uses_grid);
	int64_t first = compare_runs(scan, grid, limit / 2, number, &def);
	bs_world* resumed = NULL;
	if (first >= 0) {
		bs_world_def saved = saved_def(&def, scan, saved_balls);
		saved.neighbour_search = BS_NEIGHBOURS_GRID;
		CHECK_DEF_OK(&saved);
		resumed = bs_world_create(&saved);
		CHECK(resumed != NULL);
	}
	int64_t second = 0;
	if (resumed) {
		// Three worlds in step: the resumed one against the scan, the grid
		// against the resumed one.
		for (; second < limit - first; ++second) {
			bool a = bs_world_step(scan);
			bool b = bs_world_step(resumed);
			bool c = bs_world_step(grid);
			bs_event x = bs_world_last_event(scan);
			if (a != b || a != c || (a && (!same_event_bits(x, bs_world_last_event(resumed)) ||
											  !same_event_bits(x, bs_world_last_event(grid))))) {
				CHECK_FAIL("scene %d: event %lld differs between the scan, the resumed world and the grid", number,
					(long long)(first + second));
				print_scene(number, &def);
				break;
			}
			if (!a) {
				break;
			}
		}
		check_same_state(scan, resumed, number);
	}
	check_same_state(scan, grid, number);
	CHECK_SAME_BITS(bs_world_totals(scan).pocketed_energy, bs_world_totals(grid).pocketed_energy);
	CHECK_VALID(grid);
	t->events += first + second;
	t->crossings += bs_world_get_counters(grid).cell_crossings;
	for (int k = 0; k < BS_EVENT_KIND_COUNT; ++k) {
		t->kinds[k] += bs_world_event_count_of(grid, (bs_event_kind)k);
	}
	t->scenes += 1;
	bs_world_destroy(scan);
	bs_world_destroy(grid);
	bs_world_destroy(resumed);
}

// 24 scenes of 50 to 500 balls, up to 12000 events each; the fast tier: 6
// scenes of 50 to 120, up to 1500 events.
static void grid_and_scan_give_the_same_events(void) {
	int scenes = check_scaled(24, 6);
	int most = check_scaled(MAX_BALLS, 120);
	int64_t limit = check_scaled(12000, 1500);
	tally t = {0};
	for (int number = 0; number < scenes && check_failures_in_test == 0; ++number) {
		int count = 50 + (int)((int64_t)(most - 50) * number / (scenes > 1 ? scenes - 1 : 1));
		compare_scene(number, count, limit, &t);
	}
	printf("  %d scenes, %lld events compared (%lld ball, %lld cushion, %lld jaw, %lld pocket, %lld changes of "
		   "state), %lld cell crossings in the grid worlds\n",
		t.scenes, (long long)t.events, (long long)t.kinds[BS_EVENT_BALL], (long long)t.kinds[BS_EVENT_CUSHION],
		(long long)t.kinds[BS_EVENT_JAW], (long long)t.kinds[BS_EVENT_POCKET],
		(long long)(t.kinds[BS_EVENT_SLIDE_ROLL] + t.kinds[BS_EVENT_ROLL_SPIN] + t.kinds[BS_EVENT_ROLL_STOP] +
			t.kinds[BS_EVENT_SPIN_STOP]),
		(long long)t.crossings);
	// The scenes reach what they are meant to.
	CHECK(t.kinds[BS_EVENT_BALL] > 0);
	CHECK(t.kinds[BS_EVENT_CUSHION] > 0);
	CHECK(t.kinds[BS_EVENT_POCKET] > 0);
	CHECK(t.kinds[BS_EVENT_SLIDE_ROLL] > 0);
	CHECK(t.kinds[BS_EVENT_ROLL_STOP] + t.kinds[BS_EVENT_SPIN_STOP] > 0);
	CHECK(t.crossings > 0);
}

// ---------------------------------------------------------------------------
// The choice

// Under BS_NEIGHBOURS_AUTO the grid searches from BS_POOL_GRID_MIN_BALLS
// balls on; a break keeps the scan.
static void the_grid_is_chosen_by_size(void) {
	static bs_ball_def balls[MAX_BALLS];
	bs_world_def def;
	int n = pool_scene(3, 200, balls, &def);
	CHECK(n >= BS_POOL_GRID_MIN_BALLS);
	def.neighbour_search = BS_NEIGHBOURS_AUTO;
	def.ball_count = BS_POOL_GRID_MIN_BALLS;
	bs_world* many = bs_world_create(&def);
	def.ball_count = BS_POOL_GRID_MIN_BALLS - 1;
	bs_world* few = bs_world_create(&def);
	CHECK(bs_world_get_counters(many).uses_grid);
	CHECK(!bs_world_get_counters(few).uses_grid);
	bs_world_destroy(many);
	bs_world_destroy(few);
}

// A ball filed for a span moves at most half a cell in it, so a fast ball
// crossing a box to a ball at rest is filed again many times on the way,
// and still meets it when and where the scan has it meet.
static void a_long_flight_is_filed_again_on_the_way(void) {
	static bs_ball_def balls[100];
	bs_world_def def = bs_default_pool_world_def();
	def.table = bs_table_rect(3.0, 1.5);
	int n = 0;
	for (int k = 0; k < 99; ++k) {
		balls[n] = ball_at(n, 0.1 + 0.3 * (k % 10), 0.1 + 0.15 * (k / 10), 0.0, 0.0);
		++n;
	}
	// A massé curve: sliding with its slip across the path.
	balls[n] = ball_at(n, 0.25, 0.75, 4.0, 0.5);
	balls[n].omega = bs_v3(30.0, -40.0, 10.0);
	++n;
	def.balls = balls;
	def.ball_count = n;
	def.neighbour_search = BS_NEIGHBOURS_ALL;
	bs_world* scan = bs_world_create(&def);
	def.neighbour_search = BS_NEIGHBOURS_GRID;
	bs_world* grid = bs_world_create(&def);
	CHECK(compare_runs(scan, grid, 100000, -1, &def) > 0);
	CHECK(bs_world_get_counters(grid).cell_crossings > 20);
	CHECK(bs_world_event_count_of(grid, BS_EVENT_BALL) > 0);
	check_same_state(scan, grid, -1);
	CHECK_VALID(grid);
	bs_world_destroy(scan);
	bs_world_destroy(grid);
}

// Tables with room for few cells: a narrow strip, where the cells across
// it are as few as one, and a small box. The grid takes any of them.
static void narrow_and_small_tables_give_the_same_events(void) {
	static bs_ball_def balls[60];
	const bs_vec2 sizes[] = {{6.0, 0.2}, {0.18, 3.0}, {0.5, 0.45}};
	for (int t = 0; t < 3; ++t) {
		bs_world_def def = bs_default_pool_world_def();
		def.table = bs_table_rect(sizes[t].x, sizes[t].y);
		def.cushion_restitution = t == 1 ? 0.0 : 0.9;
		bs_rng rng = bs_rng_make(77 + (uint64_t)t);
		int n = 0;
		for (int tries = 0; n < 60 && tries < 20000; ++tries) {
			bs_ball_def ball = bs_default_ball_def();
			ball.id = n;
			ball.radius = bs_rng_range(&rng, 0.6, 1.0) * BS_DEFAULT_RADIUS;
			ball.pos = bs_v2(bs_rng_range(&rng, ball.radius, sizes[t].x - ball.radius),
				bs_rng_range(&rng, ball.radius, sizes[t].y - ball.radius));
			if (spot_is_free(&def.table, balls, n, &ball)) {
				if (n % 3 != 0) {
					strike_at_random(&rng, &ball);
				}
				balls[n++] = ball;
			}
		}
		def.balls = balls;
		def.ball_count = n;
		CHECK(n >= 20);
		CHECK_DEF_OK(&def);
		def.neighbour_search = BS_NEIGHBOURS_ALL;
		bs_world* scan = bs_world_create(&def);
		def.neighbour_search = BS_NEIGHBOURS_GRID;
		bs_world* grid = bs_world_create(&def);
		CHECK(bs_world_get_counters(grid).uses_grid);
		CHECK(compare_runs(scan, grid, check_scaled(100000, 3000), -1 - t, &def) > 0);
		check_same_state(scan, grid, -1 - t);
		CHECK_VALID(grid);
		bs_world_destroy(scan);
		bs_world_destroy(grid);
	}
}

int main(void) {
	RUN(the_grid_is_chosen_by_size);
	RUN(a_long_flight_is_filed_again_on_the_way);
	RUN(narrow_and_small_tables_give_the_same_events);
	RUN(grid_and_scan_give_the_same_events);
	return check_summary();
}
