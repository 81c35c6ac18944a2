// games.csv's rows: written in game order by play_ai.c, read back by
// --resume (match_record.h).
#include "match_record.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "printable.h"

void bs_match_game_fail(bs_match_game* game, const char* message) {
	game->failed = true;
	bs_copy_printable(game->message, sizeof game->message, message);
}

bool bs_match_game_add_visit(bs_match_game* game, int made) {
	if (game->visits == game->visit_capacity) {
		int capacity = game->visit_capacity > 0 ? 2 * game->visit_capacity : 16;
		int* grown = realloc(game->visit_made, (size_t)capacity * sizeof *grown);
		if (!grown) {
			return false;
		}
		game->visit_made = grown;
		game->visit_capacity = capacity;
	}
	game->visit_made[game->visits++] = made;
	return true;
}

void bs_match_game_clear(bs_match_game* game) {
	free(game->visit_made);
	memset(game, 0, sizeof *game);
}

void bs_match_game_sum_visits(const bs_match_game* game, bs_match_visits* sums) {
	for (int v = 0; v < game->visits; ++v) {
		int made = game->visit_made[v];
		double square = (double)made * made;
		sums->visits += 1.0;
		sums->made += made;
		sums->made_squared += square;
		sums->scoring += made > 0;
		sums->scoring_squared += made > 0 ? square : 0.0;
		sums->high = made > sums->high ? made : sums->high;
		sums->histogram[made < BS_MATCH_VISIT_BINS - 1 ? made : BS_MATCH_VISIT_BINS - 1] += 1;
	}
}

const char* bs_match_games_header(void) {
	return "game,seed,finished,winner,shots,innings_1,innings_2,score_1,score_2,visits,made,high,safeties,"
		   "break_and_run,evaluations,visit_made,failure\n";
}

// What the game's visits made in all, and the most one made.
static int64_t visits_made(const bs_match_game* game, int* high) {
	bs_match_visits sums;
	memset(&sums, 0, sizeof sums);
	bs_match_game_sum_visits(game, &sums);
	*high = sums.high;
	return (int64_t)sums.made;
}

char* bs_match_game_format_row(int64_t index, uint64_t seed, const bs_match_game* game) {
	// Every visit takes at most 11 characters and the failure at most twice
	// its message (each quote doubled).
	size_t size = 512 + 12 * (size_t)game->visits + 2 * sizeof game->message;
	char* row = malloc(size);
	if (!row) {
		return NULL;
	}
	int high = 0;
	int64_t made = visits_made(game, &high);
	size_t used = (size_t)snprintf(row, size,
		"%" PRId64 ",%" PRIu64 ",%d,%d,%d,%d,%d,%d,%d,%d,%" PRId64 ",%d,%d,%d,%" PRId64 ",", index + 1, seed,
		game->finished, game->winner >= 0 ? game->winner + 1 : 0, game->shots, game->innings[0], game->innings[1],
		game->score[0], game->score[1], game->visits, made, high, game->safeties, game->break_and_run,
		game->evaluations);
	for (int v = 0; v < game->visits; ++v) {
		used += (size_t)snprintf(row + used, size - used, v > 0 ? " %d" : "%d", game->visit_made[v]);
	}
	row[used++] = ',';
	if (game->failed) {
		// The message is one printable line already (bs_match_game_fail).
		row[used++] = '"';
		for (const char* c = game->message; *c; ++c) {
			if (*c == '"') {
				row[used++] = '"';
			}
			row[used++] = *c;
		}
		row[used++] = '"';
	}
	row[used++] = '\n';
	row[used] = '\0';
	return row;
}

// Reads a whole number in [min, max] followed by `end` at *cursor, written
// as the rows write it: digits alone, no leading zero.
static bool read_number(const char** cursor, uint64_t min, uint64_t max, char end, uint64_t* dest) {
	const char* text = *cursor;
	if (*text < '0' || *text > '9' || (text[0] == '0' && text[1] >= '0' && text[1] <= '9')) {
		return false;
	}
	errno = 0;
	char* stop = NULL;
	unsigned long long value = strtoull(text, &stop, 10);
	if (errno != 0 || *stop != end || value < min || value > max) {
		return false;
	}
	*dest = value;
	*cursor = stop + 1;
	return true;
}

bool bs_match_game_parse_row(const char* row, int64_t* index, uint64_t* seed, bs_match_game* game, int* column) {
	const char* cursor = row;
	uint64_t field[15];
	static const uint64_t limits[15][2] = {
		{1, INT64_MAX}, {0, UINT64_MAX}, {0, 1}, {0, 2}, {0, INT32_MAX}, {0, INT32_MAX}, {0, INT32_MAX},
		{0, INT32_MAX}, {0, INT32_MAX}, {0, INT32_MAX}, {0, INT64_MAX}, {0, INT32_MAX}, {0, INT32_MAX}, {0, 1},
		{0, INT64_MAX}};
	for (int k = 0; k < 15; ++k) {
		*column = k + 1;
		if (!read_number(&cursor, limits[k][0], limits[k][1], ',', &field[k])) {
			return false;
		}
	}
	*index = (int64_t)field[0] - 1;
	*seed = field[1];
	game->finished = field[2];
	game->winner = (int)field[3] - 1;
	game->shots = (int)field[4];
	game->innings[0] = (int)field[5];
	game->innings[1] = (int)field[6];
	game->score[0] = (int)field[7];
	game->score[1] = (int)field[8];
	game->safeties = (int)field[12];
	game->break_and_run = field[13];
	game->evaluations = (int64_t)field[14];
	*column = 16;
	while (*cursor != ',') {
		size_t length = strcspn(cursor, " ,");
		char end = cursor[length];
		uint64_t made = 0;
		if (end == '\0' || !read_number(&cursor, 0, INT32_MAX, end, &made) ||
			!bs_match_game_add_visit(game, (int)made) || (end == ' ' && *cursor == ',')) {
			bs_match_game_clear(game);
			return false;
		}
		if (end == ',') {
			--cursor; // the comma ends the visits: leave it for the loop's test
		}
	}
	++cursor;
	int high = 0;
	int64_t made = visits_made(game, &high);
	if ((uint64_t)game->visits != field[9] || (uint64_t)made != field[10] || (uint64_t)high != field[11]) {
		*column = (uint64_t)game->visits != field[9] ? 10 : (uint64_t)made != field[10] ? 11 : 12;
		bs_match_game_clear(game);
		return false;
	}
	*column = 17;
	if (*cursor == '"') {
		// One printable line, as the rows write it, each quote doubled.
		size_t used = 0;
		bool whole = false;
		for (++cursor; *cursor; ++cursor) {
			unsigned char c = (unsigned char)*cursor;
			if (c == '"' && cursor[1] != '"') {
				whole = cursor[1] == '\0';
				break;
			}
			if (c < 0x20 || c == 0x7f || used + 1 >= sizeof game->message) {
				break;
			}
			cursor += c == '"'; // a doubled quote stands for one
			game->message[used++] = (char)c;
		}
		game->message[used] = '\0';
		if (!whole) {
			bs_match_game_clear(game);
			return false;
		}
		game->failed = true;
	} else if (*cursor != '\0') {
		bs_match_game_clear(game);
		return false;
	}
	game->done = true;
	return true;
}

void bs_match_game_describe(int64_t index, const bs_match_game* game, char* dest, size_t size) {
	if (game->failed) {
		snprintf(dest, size, "game %" PRId64 ": failed: %s", index + 1, game->message);
		return;
	}
	int high = 0;
	int64_t made = visits_made(game, &high);
	snprintf(dest, size,
		"game %" PRId64 ": %s after %d shots, score %d-%d, innings %d-%d, %d visits making %" PRId64
		" (high %d), %d safeties%s",
		index + 1,
		!game->finished		 ? "unfinished"
			: game->winner == 0 ? "AI 1 (the breaker) won"
			: game->winner == 1 ? "AI 2 won"
								: "drawn",
		game->shots, game->score[0], game->score[1], game->innings[0], game->innings[1], game->visits, made, high,
		game->safeties, game->break_and_run ? ", break and run" : "");
}
