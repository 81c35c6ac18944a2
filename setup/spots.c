// breakshot: the markings of snooker and carom tables (spots.h).
#include <breakshot/spots.h>

#include <math.h>

bool bs_snooker_table(const bs_table_def* table) {
	return !table->periodic && fabs(table->width - BS_SNOOKER_LENGTH) <= BS_SNOOKER_SIZE_TOLERANCE &&
		fabs(table->height - BS_SNOOKER_WIDTH) <= BS_SNOOKER_SIZE_TOLERANCE;
}

bool bs_snooker_marks_of(const bs_table_def* table, bs_snooker_marks* dest) {
	if (!bs_snooker_table(table)) {
		return false;
	}
	dest->baulk_x = BS_SNOOKER_BAULK_LINE;
	dest->d_centre = bs_v2(BS_SNOOKER_BAULK_LINE, 0.5 * table->height);
	dest->d_radius = BS_SNOOKER_D_RADIUS;
	return true;
}

bool bs_snooker_in_d(const bs_snooker_marks* marks, bs_vec2 centre) {
	// The D's corners, the yellow and green spots, lie on its arc but for
	// the rounding of their coordinates.
	return centre.x <= marks->baulk_x &&
		bs_v2_len(bs_v2_sub(centre, marks->d_centre)) <= marks->d_radius * (1.0 + BS_TOUCH_TOLERANCE);
}

bool bs_snooker_spot(const bs_table_def* table, bs_ball_kind colour, bs_vec2* dest) {
	bs_snooker_marks marks;
	if (!bs_snooker_marks_of(table, &marks)) {
		return false;
	}
	double middle = 0.5 * table->height;
	double centre_x = 0.5 * table->width;
	switch (colour) {
	case BS_BALL_SNOOKER_YELLOW:
		*dest = bs_v2(marks.baulk_x, middle - marks.d_radius);
		return true;
	case BS_BALL_SNOOKER_GREEN:
		*dest = bs_v2(marks.baulk_x, middle + marks.d_radius);
		return true;
	case BS_BALL_SNOOKER_BROWN:
		*dest = marks.d_centre;
		return true;
	case BS_BALL_SNOOKER_BLUE:
		*dest = bs_v2(centre_x, middle);
		return true;
	case BS_BALL_SNOOKER_PINK:
		// Midway between the centre spot and the top cushion.
		*dest = bs_v2(0.75 * table->width, middle);
		return true;
	case BS_BALL_SNOOKER_BLACK:
		*dest = bs_v2(table->width - BS_SNOOKER_BLACK_SPOT, middle);
		return true;
	default:
		return false;
	}
}

bool bs_carom_spot_of(const bs_table_def* table, bs_carom_spot spot, bs_vec2* dest) {
	double middle = 0.5 * table->height;
	switch (spot) {
	case BS_CAROM_TOP_SPOT:
		*dest = bs_v2(0.75 * table->width, middle);
		return true;
	case BS_CAROM_CENTRE_SPOT:
		*dest = bs_v2(0.5 * table->width, middle);
		return true;
	case BS_CAROM_BOTTOM_SPOT:
		*dest = bs_v2(0.25 * table->width, middle);
		return true;
	case BS_CAROM_START_RIGHT:
		*dest = bs_v2(0.25 * table->width, middle - BS_CAROM_START_OFFSET);
		return true;
	case BS_CAROM_START_LEFT:
		*dest = bs_v2(0.25 * table->width, middle + BS_CAROM_START_OFFSET);
		return true;
	default:
		return false;
	}
}
