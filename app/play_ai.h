// breakshot play --ai --games N: matches between two players of player.h,
// many games at once on threads, and their statistics with 95 % intervals
// (play_ai.c).
#ifndef BREAKSHOT_PLAY_AI_H
#define BREAKSHOT_PLAY_AI_H

#include <stdbool.h>
#include <stdint.h>

#include <breakshot/player.h>
#include <breakshot/rack.h>

/// Most shots a game of a match may take before it is stopped unfinished.
#define BS_PLAY_AI_MAX_SHOTS 1000

/// A match: `games` games of `game`, game i racked with seed + i and each
/// player executing from a stream of its own.
typedef struct bs_play_ai_match {
	bs_game_kind game;
	int64_t games;
	uint64_t seed;
	int points;   ///< three-cushion's distance
	int threads;  ///< games played at once
	const char* dir; ///< NULL, or where games.csv, stats.csv and stats.png/.svg go
	bool resume;     ///< go on from the games a killed match left in dir (play_ai.c)
	bs_player_def player;
} bs_play_ai_match;

/// Plays the match, printing a line per game in order and the statistics;
/// with dir, streams each game's row to a checkpoint there as it is printed
/// and puts the files in place all together at the end. Returns the exit
/// status: 2 for a checkpoint that is not this match's.
int bs_play_ai_run(const bs_play_ai_match* match);

#endif
