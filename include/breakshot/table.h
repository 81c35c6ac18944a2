// breakshot: table geometry. A table is a set of static obstacles that balls
// meet: cushion segments, jaws (circular arcs, a point being an arc of
// radius 0) and pocket capture circles. The plain rectangle is four
// segments; a table with pockets uses all three.
#ifndef BREAKSHOT_TABLE_H
#define BREAKSHOT_TABLE_H

#include <stdbool.h>

#include <breakshot/api.h>
#include <breakshot/vec2.h>

// Upper bounds on a table's parts; a regulation pool or snooker table needs
// 18 segments, 24 jaws and 6 pockets.

/// Most cushion segments (noses and pocket facings) a table holds.
#define BS_MAX_CUSHIONS 32
/// Most jaws (arcs and points) a table holds.
#define BS_MAX_JAWS 48
/// Most pockets a table holds.
#define BS_MAX_POCKETS 8

/// A straight cushion nose, from `a` to `b` (m). The playing side is on the
/// left of a->b, so a ball only meets a segment while moving towards it from
/// that side. The contact must fall within the segment; beyond its ends the
/// jaws take over.
typedef struct bs_segment {
	bs_vec2 a; ///< start point (m)
	bs_vec2 b; ///< end point (m)
} bs_segment;

/// A jaw: a convex circular arc of radius `radius` about `centre`, running
/// counter-clockwise about the centre from `start` to `end` (its two ends,
/// m). A ball of radius r touches it when its centre is r + radius from the
/// centre with the direction from the centre within the arc's span; the
/// contact normal runs from the centre to the ball. A point jaw (where a
/// straight nose meets a straight facing) has radius 0 and start = end =
/// centre. A rounded jaw meets the segments on either side tangentially,
/// with its whole circle inside the cushion, so that the span never decides
/// a contact (docs/engine.md, "Jaws").
typedef struct bs_arc {
	bs_vec2 centre; ///< centre of the circle (m)
	double radius;  ///< radius of the circle (m), >= 0; 0 for a point
	bs_vec2 start;  ///< the arc's first end, counter-clockwise about the centre (m)
	bs_vec2 end;    ///< the arc's last end (m)
} bs_arc;

/// A pocket as a caller sees it: a ball is pocketed when its centre enters
/// the capture circle.
typedef struct bs_pocket_shape {
	bs_vec2 centre; ///< centre of the capture circle (m)
	double radius;  ///< capture radius (m), > 0
	double mouth;   ///< width of the pocket's mouth where its facings begin (m): between the jaw tips
} bs_pocket_shape;

/// A table as a caller gives it: its size and kind. The world works out its
/// geometry (bs_table) from it. Make one with bs_table_rect, bs_table_preset
/// or bs_table_periodic; bs_world_def_check refuses any other.
typedef struct bs_table_def {
	double width;     ///< playing length along x, between the cushion noses (m)
	double height;    ///< playing width along y (m)
	bool has_pockets; ///< a preset's pockets; false for the plain rectangle
	bool periodic;    ///< no cushions: a ball leaving one edge enters at the opposite one
	char preset[16];  ///< the preset's name ("9ft", "snooker"...), or "" for a plain rectangle or periodic box
} bs_table_def;

/// A table's geometry: the cushion segments, jaws and pockets that
/// balls meet, worked out from a bs_table_def. Opaque: read it through the
/// functions below. A world holds its own (bs_world_table); bs_table_create
/// makes one from a def.
typedef struct bs_table bs_table;

/// The plain rectangle [0, width] x [0, height] (m) with four cushions and no
/// pockets. Cushion indices: 0 is x = 0, 1 is x = width, 2 is y = 0, 3 is y = height.
BS_API bs_table_def bs_table_rect(double width, double height);

/// A table from a preset name. Pool tables: "7ft" (78 x 39 in), "8ft" (92 x
/// 46 in) or "9ft" (100 x 50 in) playing areas, with WPA pockets: corner
/// mouths of 4.5625 in and side mouths of 5.0625 in between the jaw tips,
/// jaw facings cut at 142 degrees (corner) and 104 degrees (side) to the
/// cushion nose, and point jaws. "snooker": the 12 ft table's 3569 x 1778 mm
/// playing area (WPBSA rules, section 1), the baulk end at x = 0, with
/// rounded jaws (arcs of 91.44 mm at the corners and 63.5 mm at the middle
/// pockets, tangent to the nose and to the facing), mouths of 89 mm
/// (corners) and 83 mm (middle) where the facings begin, facings cut as on
/// the pool tables, and capture circles of 43 mm and 42.67 mm
/// (scenes/README.md gives every figure's source). "carom": the UMB match
/// table's 2840 x 1420 mm playing area, which has no pockets whatever
/// `with_pockets` says.
///
/// Numbering (as in traces), the same on every table with pockets:
/// - pockets: 0 corner (0, 0), 1 side (W/2, 0), 2 corner (W, 0), 3 corner
///   (W, H), 4 side (W/2, H), 5 corner (0, H);
/// - cushions 0-5 are the noses, counter-clockwise from pocket k to pocket
///   k + 1 (0: y = 0 left half, 1: y = 0 right half, 2: x = W, 3: y = H right
///   half, 4: y = H left half, 5: x = 0); cushions 6 + 2k and 7 + 2k are the
///   two jaw facings of pocket k (the one on the earlier nose first);
/// - jaws 4k and 4k + 1 are pocket k's jaws between its noses and facings
///   (points at the jaw tips on pool tables, arcs on the snooker table), 4k +
///   2 and 4k + 3 the points at the far ends of its facings (on the capture
///   circle).
/// Each pocket's capture circle touches the line between the points where
/// its facings begin from behind, and each facing ends on it, so the throat
/// is closed: a ball that passes the jaws either comes back out or is
/// pocketed.
/// Without pockets, the plain rectangle of the preset's size. Returns false,
/// leaving `dest` untouched, for an unknown name.
BS_API bool bs_table_preset(const char* name, bool with_pockets, bs_table_def* dest);

/// The names bs_table_preset() accepts, as one comma-separated string.
#define BS_TABLE_PRESET_NAMES "7ft, 8ft, 9ft, snooker, carom"

/// The height of a preset's cushion noses above the cloth as a fraction of
/// its balls' diameter, the default of bs_pool_def.cushion_height for a
/// scene on it: 37 mm of 61.5 mm balls on "carom" (UMB), 28 mm of 52.5 mm
/// balls on "snooker", 0.64 elsewhere (pool tables, and any table that is
/// no preset).
BS_API double bs_table_preset_cushion_height(const char* name);

/// The periodic box [0, width) x [0, height) (m): no cushions, no pockets; a
/// ball crossing an edge re-enters at the opposite edge, and two balls are
/// as far apart as their nearest images.
BS_API bs_table_def bs_table_periodic(double width, double height);

/// The geometry of a table def, in memory the library allocates: the same
/// that a world works out from it. NULL for a def that bs_world_def_check
/// refuses as a table (its size not finite, positive and at most
/// BS_MAX_LENGTH, or not one the makers above make), or when memory runs
/// out. Free it with bs_table_destroy.
BS_API bs_table* bs_table_create(const bs_table_def* def);

/// Frees a table from bs_table_create. Accepts NULL.
BS_API void bs_table_destroy(bs_table* table);

/// The def a table was worked out from.
BS_API bs_table_def bs_table_get_def(const bs_table* table);

/// How many cushion segments (noses, then each pocket's two facings) it has.
BS_API int bs_table_cushion_count(const bs_table* table);

/// Cushion segment `index`, in [0, bs_table_cushion_count).
BS_API bs_segment bs_table_cushion(const bs_table* table, int index);

/// How many jaws (arcs and points) it has.
BS_API int bs_table_jaw_count(const bs_table* table);

/// The centre of jaw `index` (m), in [0, bs_table_jaw_count): the point
/// itself for a point jaw.
BS_API bs_vec2 bs_table_jaw(const bs_table* table, int index);

/// Jaw `index` as an arc, in [0, bs_table_jaw_count).
BS_API bs_arc bs_table_arc(const bs_table* table, int index);

/// How many pockets it has.
BS_API int bs_table_pocket_count(const bs_table* table);

/// Pocket `index`, in [0, bs_table_pocket_count).
BS_API bs_pocket_shape bs_table_pocket(const bs_table* table, int index);

/// The nearest image of a displacement along one periodic side (m).
static inline double bs_periodic_nearest(double d, double length) {
	if (d > 0.5 * length || d < -0.5 * length) {
		return d - length * floor(d / length + 0.5);
	}
	return d;
}

/// `d` moved by the whole lengths that bring `reference` (the same
/// displacement at another moment) to its nearest image along one periodic
/// side (m). With reference == d it is bs_periodic_nearest(d), to the bit.
static inline double bs_periodic_nearest_by(double d, double reference, double length) {
	if (reference > 0.5 * length || reference < -0.5 * length) {
		return d - length * floor(reference / length + 0.5);
	}
	return d;
}

/// A coordinate wrapped into [0, length) (m), for |x| below 2^52 lengths
/// (beyond, x's own ulp exceeds the length; the world's coordinates stay
/// below BS_MAX_TIME times BS_MAX_SPEED, 1.6e8 m, and its boxes are at
/// least a ball across).
static inline double bs_periodic_wrap(double x, double length) {
	if (x >= 0.0 && x < length) {
		return x;
	}
	x -= length * floor(x / length);
	// The quotient and the product round, so x can land a hair below 0 (the
	// quotient rounded up onto a whole number), where a length more puts it
	// back, or exactly on `length` (x a hair below 0, plus length).
	if (x < 0.0) {
		x += length;
	}
	return x < length ? x : 0.0;
}

/// The inward unit normal of a segment (pointing into the playing side).
BS_API bs_vec2 bs_segment_normal(bs_segment segment);

#endif
