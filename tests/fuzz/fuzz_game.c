// breakshot fuzzing: the game file reader (a game saved by bs_game_save or
// `breakshot play --save`, and edited), and play after it loads. Text the
// reader refuses must be refused with one line naming the place or the
// field. A game it accepts must save as text that loads again to the same
// state, bit for bit; and a shot played in it (its direction and speed
// taken from the input) must be judged or refused with one line, leaving a
// position that a world accepts and that saves and loads again.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <breakshot/game.h>

#include "alloc.h"
#include "fuzz_require.h"
#include "game_internal.h"

/// Longer inputs are skipped: a game's every field fits well within it.
enum { FUZZ_MAX_GAME_BYTES = 1 << 16 };

static void require_one_line(const char* error) {
	FUZZ_REQUIRE(error[0] != '\0', "a refusal without a message");
	FUZZ_REQUIRE(strchr(error, '\n') == NULL, "a message of more than one line: %s", error);
}

static uint64_t hash_of(const uint8_t* data, size_t size) {
	uint64_t hash = 14695981039346656037u;
	for (size_t i = 0; i < size; ++i) {
		hash = (hash ^ data[i]) * 1099511628211u;
	}
	return hash;
}

// Saves the game as text and loads it again: the same state, bit for bit.
static void require_round_trip(const bs_game* game) {
	char* text = bs_game_save_text(game);
	FUZZ_REQUIRE(text != NULL, "out of memory saving");
	char error[1024] = "";
	bs_game* again = bs_game_load_text(text, strlen(text), "saved.json", error, sizeof error);
	FUZZ_REQUIRE(again != NULL, "a saved game does not load: %s", error);
	FUZZ_REQUIRE(memcmp(bs_game_get_state(game), bs_game_get_state(again), sizeof(bs_game_state)) == 0,
		"the loaded state differs from the saved one");
	bs_game_destroy(again);
	bs_free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
	if (size > FUZZ_MAX_GAME_BYTES) {
		return 0;
	}
	char error[1024] = "";
	bs_game* game = bs_game_load_text((const char*)data, size, "fuzz.json", error, sizeof error);
	if (!game) {
		require_one_line(error);
		FUZZ_REQUIRE(strncmp(error, "fuzz.json", strlen("fuzz.json")) == 0, "a message not naming the file: %s", error);
		return 0;
	}
	require_round_trip(game);
	uint64_t hash = hash_of(data, size);
	const bs_game_state* state = bs_game_get_state(game);
	for (int shot = 0; shot < 2 && !state->over; ++shot) {
		// Ball in hand off the table: place it on the first free spot of a
		// coarse grid, as a player would.
		int cue = bs_game_state_find(state, state->cue_ball);
		if (!state->balls[cue].on_table) {
			bool placed = false;
			for (int k = 1; k < 400 && !placed; ++k) {
				bs_vec2 p = bs_v2(state->table.width * (double)(k % 20) / 20.0,
					state->table.height * (double)(k / 20) / 20.0);
				placed = bs_game_place_cue_ball(game, p, error, sizeof error);
			}
			if (!placed) {
				break;
			}
		}
		bs_cue_def cue_def = bs_default_cue_def();
		cue_def.stick = true;
		cue_def.speed = 0.5 + (double)((hash >> 8) % 1000) / 100.0;
		cue_def.angle_deg = (double)(hash % 360);
		hash = hash * 6364136223846793005u + 1442695040888963407u;
		bs_shot_call call = {state->ball_count > 0 ? state->balls[hash % (uint64_t)state->ball_count].id : -1,
			(int)((hash >> 16) % 7) - 1};
		bs_ruling ruling;
		if (!bs_game_shoot(game, &cue_def, (hash >> 40) & 1 ? &call : NULL, &ruling, error, sizeof error)) {
			require_one_line(error);
			break;
		}
		FUZZ_REQUIRE(ruling.text[0] != '\0', "a ruling without text");
		FUZZ_REQUIRE(ruling.deciding_count >= 0 && ruling.deciding_count <= BS_RULING_MAX_DECIDING,
			"%d deciding events", ruling.deciding_count);
		for (int k = 0; k < ruling.deciding_count; ++k) {
			FUZZ_REQUIRE(ruling.deciding[k] >= 0 && ruling.deciding[k] < bs_game_shot_event_count(game),
				"deciding event %d of %d", ruling.deciding[k], bs_game_shot_event_count(game));
		}
		bs_ball_def balls[BS_RULES_MAX_BALLS];
		bs_world_def def = bs_game_world_def(game, balls);
		bs_def_report report;
		FUZZ_REQUIRE(bs_world_def_check(&def, &report), "the position after a shot is refused: %s (%s)",
			report.message, ruling.text);
		require_round_trip(game);
	}
	bs_game_destroy(game);
	return 0;
}
