#include <breakshot/rack.h>

#include <math.h>
#include <string.h>

#include "rng.h"

bs_rack_def bs_default_rack_def(void) {
	bs_rack_def def;
	def.game = BS_GAME_9_BALL;
	def.gap = BS_RACK_DEFAULT_GAP;
	def.jitter = BS_RACK_DEFAULT_JITTER;
	def.seed = 1;
	return def;
}

static const char* const game_names[BS_GAME_KIND_COUNT] = {"9-ball", "8-ball", "10-ball", "snooker", "three-cushion"};

bool bs_game_kind_from_name(const char* name, bs_game_kind* dest) {
	for (int g = 0; g < BS_GAME_KIND_COUNT; ++g) {
		if (strcmp(name, game_names[g]) == 0) {
			*dest = (bs_game_kind)g;
			return true;
		}
	}
	return false;
}

const char* bs_game_kind_name(bs_game_kind game) {
	return (int)game >= 0 && game < BS_GAME_KIND_COUNT ? game_names[game] : "none";
}

bool bs_game_kind_is_pool(bs_game_kind game) {
	return game == BS_GAME_9_BALL || game == BS_GAME_8_BALL || game == BS_GAME_10_BALL;
}

const char* bs_rack_problem(const bs_rack_def* def, const bs_table_def* table) {
	if ((int)def->game < 0 || def->game >= BS_GAME_KIND_COUNT) {
		return "the game is not a bs_game_kind";
	}
	if (def->game == BS_GAME_SNOOKER && !bs_snooker_table(table)) {
		return "a snooker rack needs a snooker table, 3.569 x 1.778 m to 13 mm (its spots are distances in mm from "
			   "the cushions of that table)";
	}
	return NULL;
}

// A spot in the rack: row k (0 at the apex) and place j in that row (0..).
typedef struct spot {
	int row;
	int place;
} spot;

// Moves `pos` by up to `jitter` (m), uniformly in the disc of that radius.
static bs_vec2 jittered(bs_vec2 pos, double jitter, bs_rng* rng) {
	if (!(jitter > 0.0)) {
		return pos;
	}
	double angle = bs_rng_range(rng, 0.0, 2.0 * BS_PI);
	double radius = jitter * sqrt(bs_rng_uniform(rng));
	return bs_v2_add(pos, bs_v2(radius * cos(angle), radius * sin(angle)));
}

// A ball at rest at `pos`.
static bs_ball_def ball_of(int id, bs_ball_kind kind, double radius, double mass, bs_vec2 pos) {
	bs_ball_def ball = bs_default_ball_def();
	ball.id = id;
	ball.kind = kind;
	ball.radius = radius;
	ball.mass = mass;
	ball.pos = pos;
	return ball;
}

// Fisher-Yates with our seeded generator.
static void shuffle(int* values, int count, bs_rng* rng) {
	for (int i = count - 1; i > 0; --i) {
		int j = (int)(bs_rng_next(rng) % (uint64_t)(i + 1));
		int swap = values[i];
		values[i] = values[j];
		values[j] = swap;
	}
}

// The spots of a game in reading order, and the ball number fixed on each
// spot by the rules (0: free, filled in a seeded random order).
static int layout(bs_game_kind game, spot* spots, int* fixed, bs_rng* rng) {
	int n = 0;
	if (game == BS_GAME_9_BALL) {
		static const int row_sizes[] = {1, 2, 3, 2, 1};
		for (int row = 0; row < 5; ++row) {
			for (int place = 0; place < row_sizes[row]; ++place) {
				spots[n] = (spot){row, place};
				fixed[n++] = 0;
			}
		}
		fixed[0] = 1; // apex
		fixed[4] = 9; // centre: row 2, place 1
		return n;
	}
	int rows = game == BS_GAME_8_BALL ? 5 : 4;
	for (int row = 0; row < rows; ++row) {
		for (int place = 0; place <= row; ++place) {
			spots[n] = (spot){row, place};
			fixed[n++] = 0;
		}
	}
	if (game == BS_GAME_10_BALL) {
		fixed[0] = 1; // apex
		fixed[4] = 10; // centre: row 2, place 1
		return n;
	}
	fixed[4] = 8; // centre of the triangle: row 2, place 1
	// Back corners (row 4, places 0 and 4): one solid and one stripe.
	int solid = 1 + (int)(bs_rng_next(rng) % 7);
	int stripe = 9 + (int)(bs_rng_next(rng) % 7);
	bool solid_first = (bs_rng_next(rng) & 1u) != 0;
	fixed[10] = solid_first ? solid : stripe;
	fixed[14] = solid_first ? stripe : solid;
	return n;
}

// Snooker (bs_rack_make): the reds' triangle behind the pink, the colours
// on their spots, the white in the D.
static int snooker_rack(const bs_rack_def* def, const bs_table_def* table, bs_ball_def* dest) {
	bs_rng rng = bs_rng_make(def->seed);
	double r = BS_SNOOKER_BALL_RADIUS;
	double m = BS_SNOOKER_BALL_MASS;
	bs_vec2 yellow, brown, pink;
	bs_snooker_spot(table, BS_BALL_SNOOKER_YELLOW, &yellow);
	bs_snooker_spot(table, BS_BALL_SNOOKER_BROWN, &brown);
	bs_snooker_spot(table, BS_BALL_SNOOKER_PINK, &pink);
	dest[0] = ball_of(0, BS_BALL_SNOOKER_WHITE, r, m, bs_v2_scale(0.5, bs_v2_add(yellow, brown)));
	double pitch = 2.0 * r + def->gap;
	double row_step = pitch * sqrt(3.0) / 2.0;
	int count = 1;
	for (int row = 0; row < 5; ++row) {
		for (int place = 0; place <= row; ++place) {
			bs_vec2 pos = bs_v2(pink.x + pitch + row * row_step, pink.y + (place - 0.5 * row) * pitch);
			dest[count] = ball_of(count, BS_BALL_SNOOKER_RED, r, m, jittered(pos, def->jitter, &rng));
			count += 1;
		}
	}
	for (int colour = BS_BALL_SNOOKER_YELLOW; colour <= BS_BALL_SNOOKER_BLACK; ++colour) {
		bs_vec2 spot;
		bs_snooker_spot(table, (bs_ball_kind)colour, &spot);
		dest[count] = ball_of(count, (bs_ball_kind)colour, r, m, spot);
		count += 1;
	}
	return count;
}

// Three-cushion (bs_rack_make): the breaker's white beside the opponent's
// yellow, the red on the top spot.
static int three_cushion_rack(const bs_rack_def* def, const bs_table_def* table, bs_ball_def* dest) {
	bs_rng rng = bs_rng_make(def->seed);
	double r = BS_CAROM_BALL_RADIUS;
	double m = BS_CAROM_BALL_MASS;
	bs_vec2 start, bottom, top;
	bs_carom_spot_of(table, BS_CAROM_START_RIGHT, &start);
	bs_carom_spot_of(table, BS_CAROM_BOTTOM_SPOT, &bottom);
	bs_carom_spot_of(table, BS_CAROM_TOP_SPOT, &top);
	dest[0] = ball_of(0, BS_BALL_CAROM_WHITE, r, m, start);
	dest[1] = ball_of(1, BS_BALL_CAROM_YELLOW, r, m, jittered(bottom, def->jitter, &rng));
	dest[2] = ball_of(2, BS_BALL_CAROM_RED, r, m, jittered(top, def->jitter, &rng));
	return 3;
}

int bs_rack_make(const bs_rack_def* def, const bs_table_def* table, bs_ball_def* dest) {
	if (bs_rack_problem(def, table)) {
		return 0;
	}
	if (def->game == BS_GAME_SNOOKER) {
		return snooker_rack(def, table, dest);
	}
	if (def->game == BS_GAME_THREE_CUSHION) {
		return three_cushion_rack(def, table, dest);
	}
	bs_rng rng = bs_rng_make(def->seed);
	spot spots[15];
	int fixed[15];
	int count = layout(def->game, spots, fixed, &rng);
	// The free numbers, shuffled into the free spots.
	int free_numbers[15];
	int free_count = 0;
	for (int number = 1; number <= count; ++number) {
		bool taken = false;
		for (int k = 0; k < count; ++k) {
			taken = taken || fixed[k] == number;
		}
		if (!taken) {
			free_numbers[free_count++] = number;
		}
	}
	shuffle(free_numbers, free_count, &rng);

	double r = BS_DEFAULT_RADIUS;
	double pitch = 2.0 * r + def->gap;          // centre to centre within a row
	double row_step = pitch * sqrt(3.0) / 2.0;   // between rows
	bs_vec2 foot_spot = bs_v2(0.75 * table->width, 0.5 * table->height);

	bs_ball_def cue = bs_default_ball_def();
	cue.id = 0;
	cue.pos = bs_v2(0.25 * table->width, 0.5 * table->height);
	dest[0] = cue;
	int next_free = 0;
	for (int k = 0; k < count; ++k) {
		int row_size = def->game == BS_GAME_9_BALL ? (spots[k].row <= 2 ? spots[k].row + 1 : 5 - spots[k].row)
												   : spots[k].row + 1;
		bs_ball_def ball = bs_default_ball_def();
		ball.id = fixed[k] ? fixed[k] : free_numbers[next_free++];
		ball.pos.x = foot_spot.x + spots[k].row * row_step;
		ball.pos.y = foot_spot.y + (spots[k].place - 0.5 * (row_size - 1)) * pitch;
		ball.pos = jittered(ball.pos, def->jitter, &rng);
		dest[1 + k] = ball;
	}
	return 1 + count;
}
