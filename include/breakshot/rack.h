// breakshot: racks. Builds the balls of a game where it starts, from a
// seed: the object balls of a pool game in their rack on the foot spot and
// the cue ball on the head string; a snooker frame's reds, colours and cue
// ball; the three balls of a three-cushion break.
#ifndef BREAKSHOT_RACK_H
#define BREAKSHOT_RACK_H

#include <stdbool.h>
#include <stdint.h>

#include <breakshot/api.h>
#include <breakshot/spots.h>
#include <breakshot/table.h>
#include <breakshot/world.h>

/// The games a rack can be built for.
typedef enum bs_game_kind {
	BS_GAME_9_BALL,  ///< a diamond of 9: the 1 on the foot spot, the 9 in the centre
	BS_GAME_8_BALL,  ///< a triangle of 15: the 8 in the centre, a solid and a stripe on the back corners
	BS_GAME_10_BALL, ///< a triangle of 10: the 1 on the foot spot, the 10 in the centre
	/// 15 reds in a triangle behind the pink, the six colours on their spots,
	/// the cue ball in the D (spots.h), on a snooker table only
	BS_GAME_SNOOKER,
	/// carom: the red on the top spot, the yellow (the opponent's) on the
	/// bottom spot, the white (the breaker's) on the right starting spot
	BS_GAME_THREE_CUSHION,
	BS_GAME_KIND_COUNT
} bs_game_kind;

/// The most balls a rack builds, cue ball included (snooker's 22).
#define BS_RACK_MAX_BALLS 22

/// A snooker ball's radius (m): 52.5 mm across (WPBSA rules, section 1:
/// 52.5 mm +- 0.05 mm).
#define BS_SNOOKER_BALL_RADIUS 0.02625
/// A snooker ball's mass (kg): the rules fix none, only that a set's balls
/// weigh the same to 3 g; about 142 g is typical of phenolic resin sets.
#define BS_SNOOKER_BALL_MASS 0.142
/// A carom ball's radius (m): 61.5 mm across, the usual size of the 61 to
/// 61.5 mm the UMB allows.
#define BS_CAROM_BALL_RADIUS 0.03075
/// A carom ball's mass (kg): the typical 210 g of the 205 to 220 g the UMB
/// allows.
#define BS_CAROM_BALL_MASS 0.21

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

/// Parses "9-ball", "8-ball", "10-ball", "snooker" or "three-cushion".
/// Returns false, leaving `dest` untouched, for any other name.
BS_API bool bs_game_kind_from_name(const char* name, bs_game_kind* dest);

/// The name of a game ("9-ball"...), or "none" for a value outside the enum.
BS_API const char* bs_game_kind_name(bs_game_kind game);

/// Whether `game` is pool (9-ball, 8-ball, 10-ball): a pocket table whose
/// cue ball is in hand anywhere or in the kitchen, whose visits count balls,
/// and whose break is played from behind the head string. Snooker and
/// three-cushion count points. False for a value outside the enum.
BS_API bool bs_game_kind_is_pool(bs_game_kind game);

/// Why a rack of `def->game` cannot be built on `table`, as one sentence,
/// or NULL when it can: a game outside the enum, or a snooker rack on a
/// table that is not a snooker table (bs_snooker_table: its spots are
/// distances in mm from the cushions of a full-size table). Whether the
/// balls fit (a pool rack on a tiny table) is bs_world_def_check's to say.
BS_API const char* bs_rack_problem(const bs_rack_def* def, const bs_table_def* table);

/// Builds the balls of a game at rest where it starts; `dest` must hold
/// BS_RACK_MAX_BALLS. Returns the number of balls written, or 0 (writing
/// nothing) when bs_rack_problem finds a problem. The ids, kinds and places:
/// - pool (9-, 8- and 10-ball): the cue ball (id 0) on the head spot (a
///   quarter of the length, half the width) and the object balls (ids =
///   numbers) in their rack, its apex on the foot spot (three quarters of
///   the length), opening towards the foot rail (+x); all BS_BALL_NUMBERED,
///   of the default radius and mass. The numbers not fixed by the rules
///   take their places in an order drawn from the seed.
/// - snooker: the white (id 0) in the D, on the baulk line halfway between
///   the brown and yellow spots; the reds (ids 1-15) in a triangle of five
///   rows opening towards the top cushion, its apex one pitch (a diameter
///   and the gap) beyond the pink spot; the yellow, green, brown, blue, pink
///   and black (ids 16-21) on their spots (bs_snooker_spot). Snooker balls
///   and kinds.
/// - three-cushion: the white (id 0, the breaker's) on the right starting
///   spot, the yellow (id 1) on the bottom spot, the red (id 2) on the top
///   spot (bs_carom_spot_of). Carom balls and kinds.
/// The object balls (every ball but the cue ball, id 0; in snooker the reds
/// only, the colours staying on their spots) move by up to `jitter` from
/// their places, in directions drawn from the seed.
BS_API int bs_rack_make(const bs_rack_def* def, const bs_table_def* table, bs_ball_def* dest);

#endif
