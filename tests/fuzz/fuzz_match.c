// breakshot fuzzing: the reader of a match's games.csv rows, which
// `play --ai --games N --stats DIR --resume` trusts with the games a killed
// match left. The input is one row, up to its first newline. A row the reader
// takes must be one the writer writes: written again, it gives the same
// bytes, and its visits add up to the totals it states. A row it refuses
// names a column of the row and leaves the record empty.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_require.h"
#include "match_record.h"

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
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
