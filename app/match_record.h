// One game of a breakshot play --ai match as played, and its row of
// games.csv: written as each game is printed, read back by --resume. The
// row keeps what every visit to the table made, so that a match read back
// gives the statistics of one played without a stop.
#ifndef BREAKSHOT_MATCH_RECORD_H
#define BREAKSHOT_MATCH_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Visits counted by what they made, the last bin holding every larger one.
#define BS_MATCH_VISIT_BINS 32

/// One game of the match, as played.
typedef struct bs_match_game {
	bool done;
	bool failed;
	char message[600]; ///< why it failed, one printable line (bs_match_game_fail)
	bool finished;     ///< it ended by the rules (not stopped at the shot limit)
	int winner;        ///< 0, 1, or -1 (drawn or unfinished)
	int shots;
	int innings[2];
	int score[2];
	int safeties;
	bool break_and_run; ///< the breaker won without the opponent coming to the table
	int64_t evaluations;
	int* visit_made;    ///< what each visit to the table made, in order: balls potted, or points
	int visits;
	int visit_capacity;
} bs_match_game;

/// What a game's visits made, summed.
typedef struct bs_match_visits {
	double visits, made, made_squared; ///< sums over every visit
	double scoring, scoring_squared;   ///< over the visits that made something
	int high;                          ///< the most one visit made
	int64_t histogram[BS_MATCH_VISIT_BINS];
} bs_match_visits;

/// Marks the game failed, with `message` made one printable line.
void bs_match_game_fail(bs_match_game* game, const char* message);

/// Records one visit; false when out of memory.
bool bs_match_game_add_visit(bs_match_game* game, int made);

/// Frees the visits and zeroes the record.
void bs_match_game_clear(bs_match_game* game);

/// Adds the game's visits to `sums` (zero it first).
void bs_match_game_sum_visits(const bs_match_game* game, bs_match_visits* sums);

/// The header of games.csv, with its newline.
const char* bs_match_games_header(void);

/// games.csv's row of game `index` (from 0) racked with `seed`, with its
/// newline, into a string the caller frees; NULL when out of memory.
char* bs_match_game_format_row(int64_t index, uint64_t seed, const bs_match_game* game);

/// Reads a row of games.csv (without its newline) into `game`, which must
/// be zeroed, checking that its visits add up to its totals. Returns false,
/// with `game` cleared and the first bad column (from 1) in `*column`, when
/// the row is malformed; `index` and `seed` get its first two columns.
bool bs_match_game_parse_row(const char* row, int64_t* index, uint64_t* seed, bs_match_game* game, int* column);

/// The game's line on standard output, without its newline ("game 3: AI 2
/// won after ..."), into dest.
void bs_match_game_describe(int64_t index, const bs_match_game* game, char* dest, size_t size);

#endif
