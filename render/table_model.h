// breakshot viewer: the dimensions of the 3-D table drawn around the sim's
// playing area. The sim only knows the cushion noses; everything outside them
// (cushion rubber, wooden rails, pocket holes and their liners) is for the
// eye.
#ifndef BREAKSHOT_TABLE_MODEL_H
#define BREAKSHOT_TABLE_MODEL_H

#include <breakshot/table.h>

/// Cushion rubber from the nose back to the rail (m).
#define BS_MODEL_CUSHION_WIDTH 0.05
/// Wooden rail beyond the cushion (m).
#define BS_MODEL_RAIL_WIDTH 0.11
/// Height of the cushion nose above the felt (m): 63.5% of a ball's diameter.
#define BS_MODEL_NOSE_HEIGHT 0.0363
/// Height of the cushion and rail tops above the felt (m).
#define BS_MODEL_RAIL_HEIGHT 0.044
/// Depth of the table body and the pocket holes below the felt (m).
#define BS_MODEL_BODY_DEPTH 0.22

/// The outer frame of the drawn table: [min_x, max_x] x [min_y, max_y] (m).
typedef struct bs_table_bounds {
	double min_x, min_y, max_x, max_y;
} bs_table_bounds;

bs_table_bounds bs_table_model_bounds(const bs_table_def* table);

/// The radius of the hole drawn for a pocket (m): wide enough to show its mouth.
double bs_table_model_hole_radius(const bs_pocket_shape* pocket);

/// The leather liner's lip, rolled over the rail around each pocket hole (m).
#define BS_MODEL_LINER_WIDTH 0.016

/// The outer radius of a pocket as drawn, its liner's lip included (m).
double bs_table_model_pocket_radius(const bs_pocket_shape* pocket);

#endif
