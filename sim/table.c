#include "table.h"

#include <string.h>

bs_table bs_table_rect(double width, double height) {
	bs_table table;
	memset(&table, 0, sizeof table);
	table.width = width;
	table.height = height;
	table.has_pockets = false;
	// Each side runs so that the table is on its left (see bs_segment).
	table.cushions[0] = (bs_segment){{0.0, height}, {0.0, 0.0}};
	table.cushions[1] = (bs_segment){{width, 0.0}, {width, height}};
	table.cushions[2] = (bs_segment){{0.0, 0.0}, {width, 0.0}};
	table.cushions[3] = (bs_segment){{width, height}, {0.0, height}};
	table.cushion_count = 4;
	return table;
}

bs_vec2 bs_segment_normal(bs_segment segment) {
	return bs_v2_perp(bs_v2_normalize(bs_v2_sub(segment.b, segment.a)));
}
