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

static const char* const game_names[] = {"9-ball", "8-ball", "10-ball", "snooker", "three-cushion"};

bool bs_game_kind_from_name(const char* name, bs_game_kind* dest) {
	for (int g = 0; g < 3; ++g) {
		if (strcmp(name, game_names[g]) == 0) {
			*dest = (bs_game_kind)g;
			return true;
		}
	}
	return false;
}

const char* bs_game_kind_name(bs_game_kind game) {
	return game_names[game];
}

// A spot in the rack: row k (0 at the apex) and place j in that row (0..).
typedef struct spot {
	int row;
	int place;
} spot;

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

int bs_rack_make(const bs_rack_def* def, const bs_table_def* table, bs_ball_def* dest) {
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
		if (def->jitter > 0.0) {
			// Uniform in a disc of radius `jitter`.
			double angle = bs_rng_range(&rng, 0.0, 2.0 * BS_PI);
			double radius = def->jitter * sqrt(bs_rng_uniform(&rng));
			ball.pos = bs_v2_add(ball.pos, bs_v2(radius * cos(angle), radius * sin(angle)));
		}
		dest[1 + k] = ball;
	}
	return 1 + count;
}
