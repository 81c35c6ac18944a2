// breakshot: racks. Builds the object balls of a pool game in their rack on
// the foot spot, and the cue ball on the head string, from a seed.
#ifndef BREAKSHOT_RACK_H
#define BREAKSHOT_RACK_H

#include <stdbool.h>
#include <stdint.h>

#include <breakshot/api.h>
#include <breakshot/table.h>
#include <breakshot/world.h>

/// The games a rack can be built for.
typedef enum bs_game_kind {
	BS_GAME_9_BALL,  ///< a diamond of 9: the 1 on the foot spot, the 9 in the centre
	BS_GAME_8_BALL,  ///< a triangle of 15: the 8 in the centre, a solid and a stripe on the back corners
	BS_GAME_10_BALL, ///< a triangle of 10: the 1 on the foot spot, the 10 in the centre
	BS_GAME_SNOOKER, ///< 15 reds in a triangle behind the pink, and the six colours on their spots
	BS_GAME_THREE_CUSHION, ///< three carom balls on the UMB break positions
	BS_GAME_KIND_COUNT
} bs_game_kind;

/// The most balls a rack builds, cue ball included.
#define BS_RACK_MAX_BALLS 16

/// Default gap between neighbouring balls in a rack (m): tiny, not zero, so
/// that the break is not one giant simultaneous contact unless asked for.
#define BS_RACK_DEFAULT_GAP 1e-5
/// Default jitter (m): each object ball moves by up to this from its spot.
#define BS_RACK_DEFAULT_JITTER 2e-6

/// Defines a rack.
typedef struct bs_rack_def {
	bs_game_kind game;  ///< the game whose rack to build
	double gap;    ///< gap between neighbouring balls before jitter (m), >= 0
	double jitter; ///< largest random displacement of an object ball (m), in [0, gap / 2]
	uint64_t seed; ///< seeds the jitter and the order of the balls not fixed by the rules
} bs_rack_def;

/// A 9-ball rack with the default gap and jitter, seed 1.
BS_API bs_rack_def bs_default_rack_def(void);

/// Parses "9-ball", "8-ball" or "10-ball".
BS_API bool bs_game_kind_from_name(const char* name, bs_game_kind* dest);

/// The name of a game ("9-ball"...).
BS_API const char* bs_game_kind_name(bs_game_kind game);

/// Makes the cue ball (id 0, at rest on the head spot: a quarter of the
/// length, half the width) and the object balls (ids = numbers) with the
/// default radius and mass, the apex on the foot spot (three quarters of the
/// length) and the rack opening towards the foot rail (+x). `dest` must hold
/// BS_RACK_MAX_BALLS. Returns the number of balls written.
BS_API int bs_rack_make(const bs_rack_def* def, const bs_table_def* table, bs_ball_def* dest);

#endif
