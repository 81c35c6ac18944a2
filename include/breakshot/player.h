// breakshot: a player that plays the games of game.h by itself. For each
// shot it places the cue ball when it has it in hand, searches the shots
// its rules score (solve.h), and plays the one of most value: its
// probability of success plus a position term, the chance of the next
// shot from where the cue ball ends. When nothing is likely it plays safe:
// a legal shot that leaves the opponent the least. It executes the shot as
// fallibly as the noise model says, from a seeded stream, so a match
// between two players replays bit for bit.
//
//   bs_player_def def = bs_default_player_def();
//   bs_player_choice choice;
//   bs_ruling ruling;
//   while (!bs_game_get_state(game)->over &&
//          bs_player_play(game, &def, shot_index++, &choice, &ruling, error, sizeof error)) {
//       puts(ruling.text);
//   }
#ifndef BREAKSHOT_PLAYER_H
#define BREAKSHOT_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <breakshot/api.h>
#include <breakshot/game.h>
#include <breakshot/solve.h>

/// How a player chooses and plays. Get one from bs_default_player_def().
typedef struct bs_player_def {
	/// The search each shot runs: its noise, samples, speeds, tips,
	/// elevations, seed and threads. The player sets its game, goal and
	/// position weight.
	bs_solve_def search;
	/// Weight of the position term: the value of a shot is its probability
	/// plus this times the next shot's chance from where it leaves the cue
	/// ball (>= 0; 0.5).
	double position_weight;
	/// Play safe when the best shot's probability is below this ([0, 1]; 0.3).
	double safety_below;
	/// The stick speeds of a break (m/s, each in (0, 10]): { 7.5, 9 }.
	double break_speeds[2];
	/// Whether the shot played is drawn from the search's noise (true), as a
	/// human's is, or played exactly as chosen (false).
	bool execute_with_noise;
	/// The stream the executions are drawn from (1); shot `shot_index` of
	/// bs_player_play draws sample shot_index.
	uint64_t seed;
} bs_player_def;

/// A player with a light search (300 samples, 32 screening, top 4,
/// refining 8), position weight 0.5, playing safe below 0.3, executing
/// with the default noise, seed 1, one thread.
BS_API bs_player_def bs_default_player_def(void);

/// What a player chose for one shot.
typedef struct bs_player_choice {
	bool place;          ///< it places the cue ball first (ball in hand)
	bs_vec2 place_at;    ///< where (m), with `place`
	bs_cue_def cue;      ///< the shot intended
	bs_cue_def executed; ///< the shot played: `cue` with the execution noise drawn (bs_player_play)
	bs_shot_call call;   ///< what it calls
	bool safety;         ///< a safety, not an attempt to score
	bool is_break;       ///< the opening break
	bs_shot_family family; ///< how the shot was found
	/// The search's probability that the shot scores (a safety: that it is
	/// legal), with its 95 % interval.
	double probability, low, high;
	double value;        ///< what it was chosen by (probability plus the position term; a safety's own)
	int64_t evaluations; ///< shots simulated to choose it
} bs_player_choice;

/// Chooses the shot for the game's shooter: where to place the cue ball if
/// in hand, and the shot. Leaves the game unchanged. Returns false, writing
/// one line into `error`, when the game is over, the def is refused (its
/// search as bs_solve_def_check refuses it: "samples: ..."; its own fields:
/// "safety_below: ..."), or memory runs out.
BS_API bool bs_player_choose(const bs_game* game, const bs_player_def* def, bs_player_choice* dest, char* error,
	size_t error_size);

/// Chooses (bs_player_choose) and plays the shot: places the cue ball,
/// draws the execution (sample `shot_index` of def->seed's stream, when
/// def->execute_with_noise) and shoots. Writes the choice and the ruling.
/// Returns false, leaving the game unchanged, as bs_player_choose does or
/// when the game refuses the shot. A tip the noise draws past the miscue
/// limit is played at the limit.
BS_API bool bs_player_play(bs_game* game, const bs_player_def* def, int64_t shot_index, bs_player_choice* choice,
	bs_ruling* ruling, char* error, size_t error_size);

#endif
