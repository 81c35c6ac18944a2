// breakshot fuzzing: world defs through the library API alone, as a game
// might fill them in badly. The input bytes are read as a recipe: the table
// (built, or built and then edited), the world's numbers and choices, and
// the balls, as given or from a rack or a gas, every number either drawn
// near where valid values lie or picked from the awkward ones (NaN, the
// infinities, subnormals, huge and tiny values, the limits and their
// neighbours), enums and ids anywhere in int.
//
// The def check must refuse what creation would choke on: a def it accepts
// must make a world that runs valid, exports into defs the check accepts
// again, and continues from them bit for bit (fuzz_world.h). The same def
// with every internal choice at its reference (all pairs, the heap, the
// given order) must give the same events: the two paths share no neighbour
// search, queue or storage order.
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <breakshot/gas.h>
#include <breakshot/rack.h>

#include "anchor_history.h"
#include "fuzz_world.h"

/// Most balls a def gets: past the grid's threshold (BS_GRID_MIN_BALLS), and
/// few enough that the validated runs take milliseconds.
enum { FUZZ_DEF_MAX_BALLS = 72 };

/// The input, read front to back; past its end every read gives zeros.
typedef struct recipe {
	const uint8_t* data;
	size_t size;
	size_t at;
} recipe;

static uint8_t take_byte(recipe* r) {
	return r->at < r->size ? r->data[r->at++] : 0;
}

static uint64_t take_u64(recipe* r) {
	uint64_t value = 0;
	for (int i = 0; i < 8; ++i) {
		value = value << 8 | take_byte(r);
	}
	return value;
}

static int take_int(recipe* r) {
	uint32_t bits = (uint32_t)take_u64(r);
	int32_t value;
	memcpy(&value, &bits, sizeof value);
	return value;
}

/// A number the bytes pick, scaled to `typical` (a value of the right size
/// for the field): mostly in [0, typical), else an awkward value.
static double take_number(recipe* r, double typical) {
	static const double awkward[] = {
		0.0, -0.0, 1.0, -1.0, 0.5, NAN, INFINITY, -INFINITY, DBL_MIN, -DBL_MIN, 4.9406564584124654e-324, DBL_MAX,
		-DBL_MAX, 1e-300, 1e300, 1e-12, 1e-9, BS_MAX_TIME, -BS_MAX_TIME, BS_MAX_LENGTH, BS_MAX_SPEED, BS_MIN_RADIUS,
		BS_MIN_MASS, BS_MAX_MASS, BS_DEFAULT_RADIUS, BS_DEFAULT_MASS, 2.54, 1.27,
	};
	uint8_t how = take_byte(r);
	if (how < 160) { // near the typical size: 16 bits of fraction
		int high = take_byte(r); // two statements: the order of reads is fixed
		int low = take_byte(r);
		double fraction = (double)(high << 8 | low) / 65536.0;
		return typical * fraction;
	}
	if (how < 200) { // awkward values, and their neighbours
		double value = awkward[take_byte(r) % (sizeof awkward / sizeof awkward[0])];
		switch (how % 4) {
		case 1:
			return nextafter(value, INFINITY);
		case 2:
			return nextafter(value, -INFINITY);
		case 3:
			return -value;
		default:
			return value;
		}
	}
	if (how < 230) { // the typical size times a power of two
		return ldexp(typical, (int)take_byte(r) - 128);
	}
	uint64_t bits = take_u64(r); // anything at all
	double value;
	memcpy(&value, &bits, sizeof value);
	return value;
}

/// A point or a vector: x, then y (as statements, so that every compiler
/// reads the bytes in the same order), each take_number(typical) + offset.
static bs_vec2 take_vec2(recipe* r, double typical_x, double typical_y, double offset) {
	double x = take_number(r, typical_x) + offset;
	double y = take_number(r, typical_y) + offset;
	return bs_v2(x, y);
}

static bs_table_def take_table(recipe* r) {
	double width = take_number(r, 4.0), height = take_number(r, 2.0);
	bs_table_def table = bs_table_rect(width, height);
	uint8_t kind = take_byte(r);
	switch (kind % 8) {
	case 0:
	case 1:
		break;
	case 2:
	case 3:
		table = bs_table_periodic(width, height);
		break;
	default: {
		static const char* const names[] = {"7ft", "8ft", "9ft", "snooker", "carom"};
		bs_table_preset(names[kind % 5], (kind & 8) == 0, &table);
		break;
	}
	}
	if (take_byte(r) >= 240) { // edited by hand after making
		uint8_t what = take_byte(r);
		if (what < 64) {
			table.width = take_number(r, 4.0);
		} else if (what < 128) {
			table.has_pockets = (what & 1) != 0;
			table.periodic = (what & 2) != 0;
		} else {
			size_t at = take_byte(r) % sizeof table.preset;
			table.preset[at] = (char)take_byte(r);
		}
	}
	return table;
}

static bs_ball_anchor take_anchor(recipe* r, const bs_world_def* def, const bs_ball_def* ball) {
	bs_ball_anchor anchor = {0};
	uint8_t how = take_byte(r);
	if (how < 192) {
		return anchor; // not set: most balls start fresh
	}
	anchor.set = true;
	anchor.time = (how & 1) ? def->time : def->time - take_number(r, 1.0);
	anchor.pos = (how & 2) ? bs_v2_mad(ball->pos, anchor.time - def->time, ball->vel)
						   : take_vec2(r, def->table.width, def->table.height, 0.0);
	bs_history history;
	history.last_kind = (how & 4) ? take_int(r) : take_byte(r) % 5 - 1;
	history.last_target = (how & 8) ? take_int(r) : take_byte(r) % 24;
	history.last_collision_time = (how & 16) ? -INFINITY : anchor.time - take_number(r, 1e-3);
	history.arrival_speed = (how & 32) ? take_number(r, 1.0) : 0.0;
	bs_history_set(&anchor, history);
	return anchor;
}

static int take_balls(recipe* r, bs_world_def* def, bs_ball_def* balls) {
	uint8_t how = take_byte(r);
	if (how < 32) {
		bs_rack_def rack = bs_default_rack_def();
		rack.game = (how & 1) ? (bs_game_kind)take_int(r) : (bs_game_kind)(take_byte(r) % BS_GAME_KIND_COUNT);
		rack.gap = (how & 2) ? take_number(r, 1e-4) : rack.gap;
		rack.jitter = (how & 4) ? take_number(r, 1e-5) : rack.jitter;
		rack.seed = take_u64(r);
		int count = bs_rack_make(&rack, &def->table, balls);
		FUZZ_REQUIRE(count >= 0 && count <= BS_RACK_MAX_BALLS, "the rack built %d balls", count);
		if (count > 0) {
			balls[0].vel = take_vec2(r, 12.0, 1.0, 0.0);
			balls[0].vel.y -= 0.5;
		}
		return count;
	}
	if (how < 48) {
		bs_gas_def gas = bs_default_gas_def();
		gas.count = take_byte(r) % (FUZZ_DEF_MAX_BALLS + 1);
		gas.fraction = take_number(r, 0.7);
		gas.periodic = (how & 1) != 0;
		gas.seed = take_u64(r);
		gas.melt_collisions = take_byte(r) % 3;
		bs_world_def made;
		if (!bs_gas_make(&gas, &made, balls)) {
			return 0;
		}
		def->table = made.table;
		return gas.count;
	}
	int count = take_byte(r) % (FUZZ_DEF_MAX_BALLS + 1);
	double radius = BS_DEFAULT_RADIUS;
	for (int i = 0; i < count; ++i) {
		bs_ball_def* ball = &balls[i];
		*ball = bs_default_ball_def();
		uint8_t fields = take_byte(r);
		ball->id = (fields & 1) ? take_int(r) : i;
		ball->pos = take_vec2(r, def->table.width, def->table.height, 0.0);
		ball->vel = take_vec2(r, 4.0, 4.0, -2.0);
		if (fields & 2) {
			radius = take_number(r, 2.0 * BS_DEFAULT_RADIUS);
		}
		ball->radius = radius;
		ball->mass = (fields & 4) ? take_number(r, 2.0 * BS_DEFAULT_MASS) : ball->mass;
		ball->anchor = take_anchor(r, def, ball);
	}
	return count;
}

/// A spin or an angular velocity: x, y, z as statements (see take_vec2).
static bs_vec3 take_vec3(recipe* r, double typical) {
	double x = take_number(r, typical) - 0.5 * typical;
	double y = take_number(r, typical) - 0.5 * typical;
	double z = take_number(r, typical) - 0.5 * typical;
	return bs_v3(x, y, z);
}

/// Pool physics, read after the balls (so that inputs written before it
/// existed keep their meaning, ideal): the choice, the coefficients, and
/// each ball's spin and its anchor's motion.
static void take_pool(recipe* r, bs_world_def* def, bs_ball_def* balls) {
	uint8_t how = take_byte(r);
	if (how < 96) {
		return;
	}
	def->physics = how < 250 ? BS_PHYSICS_POOL : (bs_physics)take_int(r);
	if (how & 1) {
		def->pool.sliding_friction = take_number(r, 0.4);
		def->pool.rolling_friction = take_number(r, 0.02);
		def->pool.spinning_friction = take_number(r, 1.0);
		def->pool.gravity = take_number(r, 20.0);
		def->pool.cushion_friction = take_number(r, 0.4);
		def->pool.cushion_height = take_number(r, 1.0);
	}
	if (how & 2) {
		def->pool.ball_model = (how & 4) ? (bs_ball_model)take_int(r) : (bs_ball_model)(take_byte(r) % 2);
		def->pool.cushion_model = (how & 4) ? (bs_cushion_model)take_int(r) : (bs_cushion_model)(take_byte(r) % 2);
	}
	for (int i = 0; i < def->ball_count && i < FUZZ_MAX_BALLS; ++i) {
		uint8_t spin = take_byte(r);
		if (spin < 128) {
			continue;
		}
		balls[i].omega = take_vec3(r, 400.0);
		bs_ball_anchor* anchor = &balls[i].anchor;
		if (anchor->set) {
			anchor->vel = (spin & 1) ? take_vec2(r, 4.0, 4.0, -2.0) : balls[i].vel;
			anchor->omega = (spin & 2) ? take_vec3(r, 400.0) : balls[i].omega;
			anchor->motion = (spin & 4) ? (bs_motion_state)take_int(r) : (bs_motion_state)(take_byte(r) % 5);
		}
	}
}

/// The cushion models and their parameters, read last (so that inputs
/// written before they existed keep their meaning: a byte 0, or none, leaves
/// the def as it was): Mathavan's or Stronge's model, and their numbers,
/// whatever the model chosen (the check refuses bad ones under every model).
static void take_cushion(recipe* r, bs_world_def* def) {
	uint8_t how = take_byte(r);
	if (how & 1) {
		def->pool.cushion_model = (how & 2) ? BS_CUSHION_MODEL_STRONGE_COMPLIANT : BS_CUSHION_MODEL_MATHAVAN_2010;
	}
	if (how & 4) {
		def->pool.mathavan_restitution = take_number(r, 1.0);
		def->pool.mathavan_cushion_friction = take_number(r, 0.5);
		def->pool.mathavan_table_friction = take_number(r, 0.5);
		// Few steps mostly, so that a run stays quick; now and then any int.
		def->pool.mathavan_steps = (how & 8) ? take_int(r) : BS_MATHAVAN_MIN_STEPS + 4 * take_byte(r);
	}
	if (how & 16) {
		def->pool.stronge_omega_ratio = 1.0 + take_number(r, 1.0);
	}
}

/// The balls' kinds, read after everything else (so that inputs written
/// before kinds existed keep their meaning: a byte 0, or none, leaves every
/// ball as it was): a kind of the enum each, or now and then any int, which
/// the check must refuse.
static void take_kinds(recipe* r, bs_world_def* def, bs_ball_def* balls) {
	uint8_t how = take_byte(r);
	for (int i = 0; (how & 1) && i < def->ball_count && i < FUZZ_MAX_BALLS; ++i) {
		balls[i].kind = (how & 2) ? (bs_ball_kind)take_int(r) : (bs_ball_kind)(take_byte(r) % BS_BALL_KIND_COUNT);
	}
}

static bs_world_def take_def(recipe* r, bs_ball_def* balls) {
	bs_world_def def = bs_default_world_def();
	def.table = take_table(r);
	uint8_t numbers = take_byte(r);
	if (numbers & 1) {
		def.time = take_number(r, 100.0);
	}
	if (numbers & 2) {
		def.ball_restitution = take_number(r, 1.0);
	}
	if (numbers & 4) {
		def.cushion_restitution = take_number(r, 1.0);
	}
	if (numbers & 8) {
		def.elastic_window = take_number(r, 1e-3);
	}
	if (numbers & 16) {
		def.rest_speed = take_number(r, 1e-2);
	}
	if (numbers & 32) {
		def.neighbour_search = (bs_neighbour_search)take_int(r);
		def.queue = (bs_queue_kind)take_int(r);
		def.order = (bs_storage_order)take_int(r);
	} else {
		def.neighbour_search = (bs_neighbour_search)(take_byte(r) % 3);
		def.queue = (bs_queue_kind)(take_byte(r) % 3);
		def.order = (bs_storage_order)(take_byte(r) % 3);
	}
	def.balls = balls;
	def.ball_count = take_balls(r, &def, balls);
	take_pool(r, &def, balls);
	if (numbers & 64) {
		def.ball_count = take_int(r); // a count that disagrees with the array
		if (def.ball_count > FUZZ_MAX_BALLS || def.ball_count < 0) {
			def.balls = NULL;
		}
	}
	take_cushion(r, &def);
	take_kinds(r, &def, balls);
	return def;
}

// The same events from the reference choices (all pairs, the heap, the
// given order) as from the def's own.
static void require_same_events_as_reference(const bs_world_def* def) {
	bs_world_def reference_def = *def;
	reference_def.neighbour_search = BS_NEIGHBOURS_ALL;
	reference_def.queue = BS_QUEUE_HEAP;
	reference_def.order = BS_ORDER_AS_GIVEN;
	bs_world* world = bs_world_create(def);
	bs_world* reference = bs_world_create(&reference_def);
	FUZZ_REQUIRE(world && reference, "no world from an accepted def");
	for (int k = 0; k < FUZZ_EVENTS_AFTER_SAVE; ++k) {
		bool stepped = bs_world_step(world);
		FUZZ_REQUIRE(stepped == bs_world_step(reference), "event %d: one of the two paths stopped", k + 1);
		if (!stepped) {
			break;
		}
		bs_event a = bs_world_last_event(world), b = bs_world_last_event(reference);
		char text_a[160], text_b[160];
		FUZZ_REQUIRE(same_event(a, b), "event %d: %s, by the reference choices %s", k + 1,
			event_text(a, text_a, sizeof text_a), event_text(b, text_b, sizeof text_b));
	}
	bs_world_destroy(reference);
	bs_world_destroy(world);
}

static void run_exported_and_recreated(const bs_world_def* def) {
	bs_world* world = bs_world_create(def);
	FUZZ_REQUIRE(world != NULL, "no world from an accepted def");
	fuzz_step_validated(world, FUZZ_EVENTS_BEFORE_SAVE);

	int count = bs_world_totals(world).balls_on_table;
	bs_ball_def* exported = malloc((size_t)(count > 0 ? count : 1) * sizeof *exported);
	FUZZ_REQUIRE(exported != NULL, "out of memory");
	FUZZ_REQUIRE(bs_world_export_balls(world, exported) == count, "the export wrote another count than %d", count);
	bs_world_def saved = *def;
	saved.time = bs_world_time(world);
	saved.balls = exported;
	saved.ball_count = count;
	bs_def_report report;
	FUZZ_REQUIRE(bs_world_def_check(&saved, &report), "the exported state is refused at %.17g s: %s", saved.time,
		report.message);
	bs_world* continued = bs_world_create(&saved);
	FUZZ_REQUIRE(continued != NULL, "no world from the exported state");
	fuzz_require_same_balls(world, continued);
	fuzz_require_same_continuation(world, continued, FUZZ_EVENTS_AFTER_SAVE);
	bs_world_destroy(continued);
	free(exported);
	bs_world_destroy(world);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
	recipe r = {data, size, 0};
	bs_ball_def* balls = calloc(FUZZ_MAX_BALLS, sizeof *balls);
	FUZZ_REQUIRE(balls != NULL, "out of memory");
	bs_world_def def = take_def(&r, balls);
	bs_def_report report;
	if (bs_world_def_check(&def, &report)) {
		FUZZ_REQUIRE(report.problem == BS_DEF_OK, "accepted with problem %d", (int)report.problem);
		require_same_events_as_reference(&def);
		run_exported_and_recreated(&def);
	} else {
		FUZZ_REQUIRE(report.problem > BS_DEF_OK && report.problem <= BS_DEF_OUT_OF_MEMORY && report.message[0] != '\0',
			"refused with problem %d and message \"%s\"", (int)report.problem, report.message);
		FUZZ_REQUIRE(report.problem != BS_DEF_OUT_OF_MEMORY, "out of memory on a def of %d balls", def.ball_count);
	}
	free(balls);
	return 0;
}
