// breakshot fuzzing: the reader of a match's games.csv rows, which
// `play --ai --games N --stats DIR --resume` trusts with the games a killed
// match left. The input is one row, up to its first newline. A row the reader
// takes must be one the writer writes: written again, it gives the same
// bytes, and its visits add up to the totals it states. A row it refuses
// names a column of the row and leaves the record empty. The other way
// round, a failed game made from the input's bytes (its message the whole
// input, its visits the bytes) is written, and the reader must take the row
// and give back the same game.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_require.h"
#include "match_record.h"

// Writes a failed game made from the bytes and reads it back.
static void write_then_read(const uint8_t* data, size_t size) {
	bs_match_game game;
	memset(&game, 0, sizeof game);
	char* message = malloc(size + 1);
	FUZZ_REQUIRE(message != NULL, "out of memory");
	memcpy(message, data, size);
	message[size] = '\0';
	bs_match_game_fail(&game, message);
	free(message);
	for (size_t k = 0; k < size && k < 200; ++k) {
		FUZZ_REQUIRE(bs_match_game_add_visit(&game, data[k] * (k % 7 == 0 ? 1000 : 1)), "out of memory");
	}
	game.finished = size % 2;
	game.winner = (int)(size % 3) - 1;
	game.shots = (int)size;
	game.evaluations = (int64_t)size * 1000003;
	char* row = bs_match_game_format_row((int64_t)size, UINT64_MAX - size, &game);
	FUZZ_REQUIRE(row != NULL, "out of memory");
	size_t length = strlen(row);
	FUZZ_REQUIRE(length > 0 && row[length - 1] == '\n' && memchr(row, '\n', length - 1) == NULL,
		"a row over more than one line: \"%s\"", row);
	row[length - 1] = '\0';
	bs_match_game read;
	memset(&read, 0, sizeof read);
	int64_t index = -1;
	uint64_t seed = 0;
	int column = 0;
	FUZZ_REQUIRE(bs_match_game_parse_row(row, &index, &seed, &read, &column), "the row written, \"%s\", refused at "
		"column %d", row, column);
	FUZZ_REQUIRE(index == (int64_t)size && seed == UINT64_MAX - size && read.failed &&
			strcmp(read.message, game.message) == 0 && read.visits == game.visits && read.shots == game.shots &&
			read.finished == game.finished && read.evaluations == game.evaluations &&
			(read.winner == game.winner || (!game.finished && read.winner == -1)) &&
			(game.visits == 0 || memcmp(read.visit_made, game.visit_made, (size_t)game.visits * sizeof(int)) == 0),
		"\"%s\" read back as another game", row);
	free(row);
	bs_match_game_clear(&read);
	bs_match_game_clear(&game);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
	write_then_read(data, size);
	size_t length = 0;
	while (length < size && data[length] != '\n' && data[length] != '\0') {
		++length;
	}
	char* row = malloc(length + 1);
	FUZZ_REQUIRE(row != NULL, "out of memory");
	memcpy(row, data, length);
	row[length] = '\0';
	bs_match_game game;
	memset(&game, 0, sizeof game);
	int64_t index = -1;
	uint64_t seed = 0;
	int column = 0;
	if (!bs_match_game_parse_row(row, &index, &seed, &game, &column)) {
		FUZZ_REQUIRE(column >= 1 && column <= 17, "refused at column %d", column);
		FUZZ_REQUIRE(game.visits == 0 && game.visit_made == NULL && !game.done, "a refused row left %d visits",
			game.visits);
		free(row);
		return 0;
	}
	FUZZ_REQUIRE(game.done && index >= 0, "taken as game %lld", (long long)index);
	char* again = bs_match_game_format_row(index, seed, &game);
	FUZZ_REQUIRE(again != NULL, "out of memory");
	FUZZ_REQUIRE(strlen(again) == length + 1 && memcmp(again, row, length) == 0 && again[length] == '\n',
		"read \"%s\", written again as \"%s\"", row, again);
	bs_match_visits sums;
	memset(&sums, 0, sizeof sums);
	bs_match_game_sum_visits(&game, &sums);
	int64_t binned = 0;
	for (int v = 0; v < BS_MATCH_VISIT_BINS; ++v) {
		binned += sums.histogram[v];
	}
	FUZZ_REQUIRE(sums.visits == game.visits && binned == game.visits && sums.scoring <= sums.visits,
		"%d visits, %g summed, %lld binned, %g scoring", game.visits, sums.visits, (long long)binned, sums.scoring);
	char line[1024];
	bs_match_game_describe(index, &game, line, sizeof line);
	FUZZ_REQUIRE(strchr(line, '\n') == NULL, "a game's line over two: \"%s\"", line);
	free(again);
	bs_match_game_clear(&game);
	free(row);
	return 0;
}
