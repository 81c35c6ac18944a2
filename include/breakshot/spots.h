// breakshot: the markings of a snooker table and of a carom table, where
// the racks put the balls and the rules spot them again.
//
// Tables lie along x: the baulk end (snooker) or the bottom end (carom,
// where the players break from) at x = 0, the top cushion at x = width;
// "left" and "right" are as seen from that end, looking along +x, so that
// right is towards -y.
#ifndef BREAKSHOT_SPOTS_H
#define BREAKSHOT_SPOTS_H

#include <stdbool.h>

#include <breakshot/api.h>
#include <breakshot/table.h>
#include <breakshot/vec2.h>
#include <breakshot/world.h>

/// Snooker's playing area (m), between the cushion faces (WPBSA Official
/// Rules of the Games of Snooker and English Billiards, section 1).
#define BS_SNOOKER_LENGTH 3.569
#define BS_SNOOKER_WIDTH 1.778
/// The rules' tolerance on each side of the playing area (m): 13 mm.
#define BS_SNOOKER_SIZE_TOLERANCE 0.013
/// The baulk line's distance from the face of the baulk cushion (m).
#define BS_SNOOKER_BAULK_LINE 0.737
/// The radius of the D (m), centred on the middle of the baulk line.
#define BS_SNOOKER_D_RADIUS 0.292
/// The black spot's distance from the face of the top cushion (m).
#define BS_SNOOKER_BLACK_SPOT 0.324

/// The markings of a snooker table that say where a ball in hand may go.
typedef struct bs_snooker_marks {
	double baulk_x;   ///< the baulk line, x = baulk_x (m): BS_SNOOKER_BAULK_LINE
	bs_vec2 d_centre; ///< the middle of the baulk line, the centre of the D (m)
	double d_radius;  ///< the D's radius (m): BS_SNOOKER_D_RADIUS
} bs_snooker_marks;

/// Whether `table` is a snooker table: walled, and within
/// BS_SNOOKER_SIZE_TOLERANCE of BS_SNOOKER_LENGTH by BS_SNOOKER_WIDTH. The
/// markings are distances in mm from its cushions, which mean nothing on a
/// table of another size: the functions below refuse one.
BS_API bool bs_snooker_table(const bs_table_def* table);

/// The baulk line and the D of `table` (a snooker table). Returns false,
/// leaving `dest` untouched, on any other table.
BS_API bool bs_snooker_marks_of(const bs_table_def* table, bs_snooker_marks* dest);

/// Whether a ball centred at `centre` (m) is in the D: on or behind the
/// baulk line and no farther than the D's radius from its centre (to
/// BS_TOUCH_TOLERANCE of it, so that the yellow and green spots are in).
BS_API bool bs_snooker_in_d(const bs_snooker_marks* marks, bs_vec2 centre);

/// The spot of a colour (BS_BALL_SNOOKER_YELLOW to BS_BALL_SNOOKER_BLACK) on
/// `table`: the brown at the middle of the baulk line, the yellow where the
/// D meets it on the right (towards -y), the green on the left, the blue on
/// the centre spot, the pink midway between the centre spot and the face of
/// the top cushion, the black BS_SNOOKER_BLACK_SPOT from that face. Returns
/// false, leaving `dest` untouched, for another kind or a table that is not
/// a snooker table.
BS_API bool bs_snooker_spot(const bs_table_def* table, bs_ball_kind colour, bs_vec2* dest);

/// The spots of a carom table, on its long axis (y = half the width) but
/// for the starting spots (UMB World Rules of Carom Billiard).
typedef enum bs_carom_spot {
	BS_CAROM_TOP_SPOT,    ///< a quarter of the length from the top cushion: the red's
	BS_CAROM_CENTRE_SPOT, ///< the centre of the table
	BS_CAROM_BOTTOM_SPOT, ///< a quarter of the length from the bottom cushion: the opponent's ball at the break
	/// on the starting line through the bottom spot, BS_CAROM_START_OFFSET
	/// from it to the right (towards -y): the breaker's ball in a rack
	BS_CAROM_START_RIGHT,
	BS_CAROM_START_LEFT, ///< the same to the left (towards +y)
	BS_CAROM_SPOT_COUNT
} bs_carom_spot;

/// The starting spots' distance from the bottom spot along the starting
/// line (m): 182.5 mm (7 3/16 in in the BCA's carom rules).
#define BS_CAROM_START_OFFSET 0.1825

/// Where `spot` lies on `table` (any walled table: the spots are quarters of
/// its length, the starting spots BS_CAROM_START_OFFSET aside). Returns
/// false, leaving `dest` untouched, for a spot outside the enum.
BS_API bool bs_carom_spot_of(const bs_table_def* table, bs_carom_spot spot, bs_vec2* dest);

#endif
