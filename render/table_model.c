#include "table_model.h"

bs_table_bounds bs_table_model_bounds(const bs_table_def* table) {
	double margin = BS_MODEL_CUSHION_WIDTH + BS_MODEL_RAIL_WIDTH;
	bs_table_bounds bounds = {-margin, -margin, table->width + margin, table->height + margin};
	return bounds;
}

double bs_table_model_hole_radius(const bs_pocket_shape* pocket) {
	double half_mouth = 0.5 * pocket->mouth;
	return half_mouth > pocket->radius ? half_mouth : pocket->radius;
}

double bs_table_model_pocket_radius(const bs_pocket_shape* pocket) {
	return bs_table_model_hole_radius(pocket) + BS_MODEL_LINER_WIDTH;
}
