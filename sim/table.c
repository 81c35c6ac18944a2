#include <breakshot/table.h>
#include <breakshot/world.h>

#include "table_internal.h"

#include "alloc.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static bs_table rect_geometry(double width, double height) {
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
	table.nose_count = 4;
	return table;
}

static bs_table periodic_geometry(double width, double height) {
	bs_table table = rect_geometry(width, height);
	table.cushion_count = 0;
	table.nose_count = 0;
	table.periodic = true;
	return table;
}

bs_vec2 bs_segment_normal(bs_segment segment) {
	return bs_v2_perp(bs_v2_normalize(bs_v2_sub(segment.b, segment.a)));
}

// ---------------------------------------------------------------------------
// Pool tables

#define INCH 0.0254

typedef struct preset_size {
	const char* name;
	double length_in;
	double width_in;
} preset_size;

static const preset_size preset_sizes[] = {
	{"7ft", 78.0, 39.0},
	{"8ft", 92.0, 46.0},
	{"9ft", 100.0, 50.0},
};

static const double corner_mouth = 4.5625 * INCH;
static const double side_mouth = 5.0625 * INCH;
static const double corner_cut_deg = 142.0; // angle between the nose and the facing
static const double side_cut_deg = 104.0;
static const double capture_radius = 0.07; // m: deep enough that a ball along a rail stays out

// Distance along the ray from `origin` in unit direction `dir` to its first
// crossing of the circle, or -1 if it misses.
static double ray_to_circle(bs_vec2 origin, bs_vec2 dir, bs_vec2 centre, double radius) {
	bs_vec2 d = bs_v2_sub(origin, centre);
	double b = bs_v2_dot(d, dir);
	double c = bs_v2_dot(d, d) - radius * radius;
	double disc = b * b - c;
	if (disc < 0.0) {
		return -1.0;
	}
	double root = sqrt(disc);
	double near = -b - root;
	return near > 0.0 ? near : -b + root;
}

// One jaw: the tip where a nose ends, the direction along the nose towards the
// pocket, and the direction away from the table.
typedef struct jaw_tip {
	bs_vec2 tip;
	bs_vec2 along;
	bs_vec2 out;
} jaw_tip;

// Adds a pocket: its capture circle behind the mouth, two facings from the
// tips to the circle, and four jaw points.
static void add_pocket(bs_table* table, jaw_tip first, jaw_tip second, double cut_deg, double mouth) {
	bs_vec2 mid = bs_v2_scale(0.5, bs_v2_add(first.tip, second.tip));
	bs_vec2 mouth_dir = bs_v2_normalize(bs_v2_sub(second.tip, first.tip));
	bs_vec2 away = bs_v2_perp(mouth_dir);
	if (bs_v2_dot(away, first.out) + bs_v2_dot(away, second.out) < 0.0) {
		away = bs_v2_scale(-1.0, away);
	}
	bs_pocket pocket;
	pocket.centre = bs_v2_mad(mid, capture_radius, away);
	pocket.radius = capture_radius;
	pocket.mouth = mouth;
	int k = table->pocket_count++;
	pocket.first_facing = 6 + 2 * k;
	pocket.facing_count = 2;
	pocket.first_jaw = 4 * k;
	pocket.jaw_count = 4;
	pocket.reach = pocket.radius;
	table->pockets[k] = pocket;

	double turn = (180.0 - cut_deg) * BS_PI / 180.0;
	jaw_tip tips[2] = {first, second};
	for (int side = 0; side < 2; ++side) {
		bs_vec2 dir = bs_v2_add(bs_v2_scale(cos(turn), tips[side].along), bs_v2_scale(sin(turn), tips[side].out));
		double length = ray_to_circle(tips[side].tip, dir, pocket.centre, pocket.radius);
		bs_vec2 end = bs_v2_mad(tips[side].tip, length, dir);
		bs_segment facing = {tips[side].tip, end};
		// The throat (towards the pocket) must be on the facing's playing side.
		if (bs_v2_dot(bs_segment_normal(facing), bs_v2_sub(pocket.centre, tips[side].tip)) < 0.0) {
			facing = (bs_segment){end, tips[side].tip};
		}
		table->cushions[6 + 2 * k + side] = facing;
		table->jaws[4 * k + side] = tips[side].tip;
		table->jaws[4 * k + 2 + side] = end;
		// The facing runs from the tip to the circle: the tip is its far end.
		double tip_distance = bs_v2_len(bs_v2_sub(tips[side].tip, pocket.centre));
		if (tip_distance > table->pockets[k].reach) {
			table->pockets[k].reach = tip_distance;
		}
	}
}

static bool preset_geometry(const char* name, bool with_pockets, bs_table* dest) {
	const preset_size* size = NULL;
	for (size_t i = 0; i < sizeof preset_sizes / sizeof preset_sizes[0]; ++i) {
		if (strcmp(preset_sizes[i].name, name) == 0) {
			size = &preset_sizes[i];
		}
	}
	if (!size) {
		return false;
	}
	double w = size->length_in * INCH;
	double h = size->width_in * INCH;
	bs_table table = rect_geometry(w, h);
	snprintf(table.preset, sizeof table.preset, "%s", name);
	if (!with_pockets) {
		*dest = table;
		return true;
	}
	table.has_pockets = true;
	double c = corner_mouth / sqrt(2.0); // the corner tips' distance from the corner
	double s = 0.5 * side_mouth;
	// The six noses, counter-clockwise, each with the table on its left.
	table.cushions[0] = (bs_segment){{c, 0.0}, {0.5 * w - s, 0.0}};
	table.cushions[1] = (bs_segment){{0.5 * w + s, 0.0}, {w - c, 0.0}};
	table.cushions[2] = (bs_segment){{w, c}, {w, h - c}};
	table.cushions[3] = (bs_segment){{w - c, h}, {0.5 * w + s, h}};
	table.cushions[4] = (bs_segment){{0.5 * w - s, h}, {c, h}};
	table.cushions[5] = (bs_segment){{0.0, h - c}, {0.0, c}};
	table.cushion_count = 18;
	table.nose_count = 6;
	table.jaw_count = 24;
	table.pocket_count = 0;
	bs_vec2 px = bs_v2(1.0, 0.0), nx = bs_v2(-1.0, 0.0), py = bs_v2(0.0, 1.0), ny = bs_v2(0.0, -1.0);
	// Pocket k sits between nose k - 1 (its end) and nose k (its start).
	add_pocket(&table, (jaw_tip){{0.0, c}, ny, nx}, (jaw_tip){{c, 0.0}, nx, ny}, corner_cut_deg, corner_mouth);
	add_pocket(&table, (jaw_tip){{0.5 * w - s, 0.0}, px, ny}, (jaw_tip){{0.5 * w + s, 0.0}, nx, ny}, side_cut_deg,
		side_mouth);
	add_pocket(&table, (jaw_tip){{w - c, 0.0}, px, ny}, (jaw_tip){{w, c}, ny, px}, corner_cut_deg, corner_mouth);
	add_pocket(&table, (jaw_tip){{w, h - c}, py, px}, (jaw_tip){{w - c, h}, px, py}, corner_cut_deg, corner_mouth);
	add_pocket(&table, (jaw_tip){{0.5 * w + s, h}, nx, py}, (jaw_tip){{0.5 * w - s, h}, px, py}, side_cut_deg,
		side_mouth);
	add_pocket(&table, (jaw_tip){{c, h}, nx, py}, (jaw_tip){{0.0, h - c}, py, nx}, corner_cut_deg, corner_mouth);
	*dest = table;
	return true;
}

// ---------------------------------------------------------------------------
// Defs

static bs_table_def def_of(const bs_table* table) {
	bs_table_def def;
	memset(&def, 0, sizeof def);
	def.width = table->width;
	def.height = table->height;
	def.has_pockets = table->has_pockets;
	def.periodic = table->periodic;
	memcpy(def.preset, table->preset, sizeof def.preset);
	return def;
}

bs_table_def bs_table_rect(double width, double height) {
	bs_table table = rect_geometry(width, height);
	return def_of(&table);
}

bs_table_def bs_table_periodic(double width, double height) {
	bs_table table = periodic_geometry(width, height);
	return def_of(&table);
}

bool bs_table_preset(const char* name, bool with_pockets, bs_table_def* dest) {
	bs_table table;
	if (!preset_geometry(name, with_pockets, &table)) {
		return false;
	}
	*dest = def_of(&table);
	return true;
}

bool bs_table_def_size_ok(const bs_table_def* def) {
	return isfinite(def->width) && def->width > 0.0 && def->width <= BS_MAX_LENGTH && isfinite(def->height) &&
		def->height > 0.0 && def->height <= BS_MAX_LENGTH;
}

const char* bs_table_def_problem(const bs_table_def* def) {
	if (memchr(def->preset, '\0', sizeof def->preset) == NULL) {
		return "the preset's name must end within its 16 characters";
	}
	if (def->periodic && (def->has_pockets || def->preset[0] != '\0')) {
		return "a periodic box has no pockets and no preset";
	}
	if (def->preset[0] == '\0') {
		return def->has_pockets ? "pockets come with a preset (bs_table_preset)" : NULL;
	}
	bs_table_def reference;
	if (!bs_table_preset(def->preset, def->has_pockets, &reference)) {
		return "the preset must be one of " BS_TABLE_PRESET_NAMES;
	}
	// The preset's size is its own, to the bit.
	if (memcmp(&def->width, &reference.width, sizeof def->width) != 0 ||
		memcmp(&def->height, &reference.height, sizeof def->height) != 0) {
		return "a preset's size is its own: make the def with bs_table_preset";
	}
	return NULL;
}

void bs_table_build(const bs_table_def* def, bs_table* dest) {
	if (def->periodic) {
		*dest = periodic_geometry(def->width, def->height);
	} else if (def->preset[0] == '\0' || !preset_geometry(def->preset, def->has_pockets, dest)) {
		*dest = rect_geometry(def->width, def->height);
	}
}

// ---------------------------------------------------------------------------
// Reading the geometry

bs_table* bs_table_create(const bs_table_def* def) {
	if (!bs_table_def_size_ok(def) || bs_table_def_problem(def)) {
		return NULL;
	}
	bs_table* table = bs_malloc(sizeof *table);
	if (table) {
		bs_table_build(def, table);
	}
	return table;
}

void bs_table_destroy(bs_table* table) {
	bs_free(table);
}

bs_table_def bs_table_get_def(const bs_table* table) {
	return def_of(table);
}

int bs_table_cushion_count(const bs_table* table) {
	return table->cushion_count;
}

bs_segment bs_table_cushion(const bs_table* table, int index) {
	assert(index >= 0 && index < table->cushion_count && "bs_table_cushion: pass an index below bs_table_cushion_count");
	return table->cushions[index];
}

int bs_table_jaw_count(const bs_table* table) {
	return table->jaw_count;
}

bs_vec2 bs_table_jaw(const bs_table* table, int index) {
	assert(index >= 0 && index < table->jaw_count && "bs_table_jaw: pass an index below bs_table_jaw_count");
	return table->jaws[index];
}

int bs_table_pocket_count(const bs_table* table) {
	return table->pocket_count;
}

bs_pocket_shape bs_table_pocket(const bs_table* table, int index) {
	assert(index >= 0 && index < table->pocket_count && "bs_table_pocket: pass an index below bs_table_pocket_count");
	const bs_pocket* pocket = &table->pockets[index];
	bs_pocket_shape shape = {pocket->centre, pocket->radius, pocket->mouth};
	return shape;
}
