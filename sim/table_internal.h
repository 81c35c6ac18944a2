// breakshot: a table's geometry (bs_table, opaque in the public API), worked
// out from its def, and what the engine checks of a def.
#ifndef BREAKSHOT_TABLE_INTERNAL_H
#define BREAKSHOT_TABLE_INTERNAL_H

#include <math.h>
#include <stdbool.h>

#include <breakshot/table.h>

/// A pocket as the engine keeps it: its shape, and the obstacles that only
/// a ball whose path comes near it can meet.
typedef struct bs_pocket {
	bs_vec2 centre; ///< centre of the capture circle (m)
	double radius;  ///< capture radius (m), > 0
	double mouth;   ///< width of the pocket's mouth where its facings begin (m), for drawing
	bs_vec2 mouth_centre; ///< the middle of the mouth, halfway between where its facings begin (m)
	/// The pocket's own obstacles, which prediction looks at only when a
	/// ball's path comes near: cushions [first_facing, first_facing +
	/// facing_count) and jaws [first_jaw, first_jaw + jaw_count). The last
	/// two jaws are the facings' far ends, on the capture circle: with the
	/// chord between them, the cushions bound the region a centre may be in.
	int first_facing;
	int facing_count; ///< see first_facing
	int first_jaw;    ///< see first_facing
	int jaw_count;    ///< see first_facing
	double reach; ///< distance from `centre` to the farthest point of those obstacles, or the capture radius (m)
} bs_pocket;

/// The shape of a table. Plain value: copy it freely; a world keeps its own copy.
struct bs_table {
	double width;  ///< playing length along x, between the cushion noses (m)
	double height; ///< playing width along y (m)
	bool has_pockets; ///< false for the plain rectangle
	bool periodic;    ///< no cushions: a ball leaving one edge enters at the opposite one
	char preset[16];  ///< the preset it was made from ("9ft", "snooker"...), or "" for a plain rectangle

	int cushion_count; ///< number of segments in use
	/// Segments [0, nose_count) belong to no pocket and are always looked at;
	/// the rest belong to pockets (bs_pocket.first_facing).
	int nose_count;
	bs_segment cushions[BS_MAX_CUSHIONS]; ///< the segments: noses first, then each pocket's facings

	int jaw_count; ///< number of jaws in use
	bs_arc jaws[BS_MAX_JAWS]; ///< arcs and points a ball can hit beyond a segment's end

	int pocket_count; ///< number of pockets in use
	bs_pocket pockets[BS_MAX_POCKETS]; ///< the pockets
};

/// Whether a def's size is finite, positive and at most BS_MAX_LENGTH.
bool bs_table_def_size_ok(const bs_table_def* def);

/// Why a def is not one that bs_table_rect, bs_table_preset or
/// bs_table_periodic makes, or NULL. Its size is checked apart (finite,
/// positive, at most BS_MAX_LENGTH).
const char* bs_table_def_problem(const bs_table_def* def);

/// Works out the geometry of a def that has no problem (bs_table_def_problem).
void bs_table_build(const bs_table_def* def, bs_table* dest);

/// The displacement `d` between two points of a box `width` x `height` (m),
/// reduced to the nearest image when it is periodic (unchanged otherwise).
static inline bs_vec2 bs_box_nearest(bool periodic, double width, double height, bs_vec2 d) {
	if (!periodic) {
		return d;
	}
	return bs_v2(bs_periodic_nearest(d.x, width), bs_periodic_nearest(d.y, height));
}

/// A point of a box wrapped into [0, width) x [0, height) when it is
/// periodic (unchanged otherwise).
static inline bs_vec2 bs_box_wrap(bool periodic, double width, double height, bs_vec2 p) {
	if (!periodic) {
		return p;
	}
	return bs_v2(bs_periodic_wrap(p.x, width), bs_periodic_wrap(p.y, height));
}

/// bs_box_nearest on a table. Inline: prediction calls it for every pair it examines.
static inline bs_vec2 bs_table_nearest(const bs_table* table, bs_vec2 d) {
	return bs_box_nearest(table->periodic, table->width, table->height, d);
}

/// bs_box_wrap on a table.
static inline bs_vec2 bs_table_wrap(const bs_table* table, bs_vec2 p) {
	return bs_box_wrap(table->periodic, table->width, table->height, p);
}

/// bs_box_nearest on a table def.
static inline bs_vec2 bs_table_def_nearest(const bs_table_def* def, bs_vec2 d) {
	return bs_box_nearest(def->periodic, def->width, def->height, d);
}

/// bs_box_wrap on a table def.
static inline bs_vec2 bs_table_def_wrap(const bs_table_def* def, bs_vec2 p) {
	return bs_box_wrap(def->periodic, def->width, def->height, p);
}

#endif
