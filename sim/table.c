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
// Tables with pockets

#define INCH 0.0254
#define MM 0.001

// A kind of pocket: the width of its mouth between the points where its
// facings begin (the jaw tips of a point jaw), the angle between the nose
// and the facing, the radius of its jaws (0: points) and its capture radius.
typedef struct pocket_cut {
	double mouth;   // m
	double cut_deg; // degrees
	double jaw_radius; // m
	double capture;    // m
} pocket_cut;

typedef struct preset_size {
	const char* name;
	double length;  // m
	double width;   // m
	bool pockets;   // false: a carom table, which has none
	pocket_cut corner;
	pocket_cut side;
	double cushion_height; // the noses' height as a fraction of the ball's diameter
} preset_size;

// WPA pool pockets: the capture radius is deep enough that a ball along a
// rail stays out.
#define POOL_CORNER {4.5625 * INCH, 142.0, 0.0, 0.07}
#define POOL_SIDE {5.0625 * INCH, 104.0, 0.0, 0.07}

// The figures and their sources are in scenes/README.md ("Preset tables").
static const preset_size preset_sizes[] = {
	{"7ft", 78.0 * INCH, 39.0 * INCH, true, POOL_CORNER, POOL_SIDE, 0.64},
	{"8ft", 92.0 * INCH, 46.0 * INCH, true, POOL_CORNER, POOL_SIDE, 0.64},
	{"9ft", 100.0 * INCH, 50.0 * INCH, true, POOL_CORNER, POOL_SIDE, 0.64},
	{"snooker", 3569.0 * MM, 1778.0 * MM, true, {89.0 * MM, 142.0, 3.6 * INCH, 43.0 * MM},
		{83.0 * MM, 104.0, 2.5 * INCH, 1.68 * INCH}, 28.0 / 52.5},
	{"carom", 2840.0 * MM, 1420.0 * MM, false, {0.0, 0.0, 0.0, 0.0}, {0.0, 0.0, 0.0, 0.0}, 37.0 / 61.5},
};

static const preset_size* find_preset(const char* name) {
	for (size_t i = 0; i < sizeof preset_sizes / sizeof preset_sizes[0]; ++i) {
		if (strcmp(preset_sizes[i].name, name) == 0) {
			return &preset_sizes[i];
		}
	}
	return NULL;
}

double bs_table_preset_cushion_height(const char* name) {
	const preset_size* size = name ? find_preset(name) : NULL;
	return size ? size->cushion_height : 0.64;
}

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

// One jaw of a pocket: where its nose ends (the tip of a point jaw, where
// a rounded jaw's arc leaves the nose), the direction along the nose
// towards the pocket, and the direction away from the table.
typedef struct jaw_tip {
	bs_vec2 tip;
	bs_vec2 along;
	bs_vec2 out;
} jaw_tip;

// A jaw's arc, tangent to its nose at the tip and turning by `turn` (rad)
// towards the facing, which it meets tangentially at *facing_start; a point
// jaw when `radius` is 0, with the facing starting at the tip.
static bs_arc jaw_arc(jaw_tip jaw, double radius, double turn, bs_vec2* facing_start) {
	bs_arc arc;
	if (radius == 0.0) {
		arc = (bs_arc){jaw.tip, 0.0, jaw.tip, jaw.tip};
		*facing_start = jaw.tip;
		return arc;
	}
	arc.centre = bs_v2_mad(jaw.tip, radius, jaw.out);
	arc.radius = radius;
	// The normal turns with the surface, from the nose's (-out) to the facing's.
	bs_vec2 facing_normal = bs_v2_sub(bs_v2_scale(sin(turn), jaw.along), bs_v2_scale(cos(turn), jaw.out));
	bs_vec2 start = bs_v2_mad(arc.centre, radius, facing_normal);
	bs_vec2 nose_normal = bs_v2_scale(-1.0, jaw.out);
	bool nose_first = nose_normal.x * facing_normal.y - nose_normal.y * facing_normal.x > 0.0;
	arc.start = nose_first ? jaw.tip : start;
	arc.end = nose_first ? start : jaw.tip;
	*facing_start = start;
	return arc;
}

// Adds a pocket: its two jaws (arcs, or points where the noses end), its
// capture circle behind the mouth, two facings from the jaws to the circle,
// and the points at the facings' far ends.
static void add_pocket(bs_table* table, jaw_tip first, jaw_tip second, const pocket_cut* cut) {
	double turn = (180.0 - cut->cut_deg) * BS_PI / 180.0;
	jaw_tip tips[2] = {first, second};
	bs_vec2 starts[2];
	bs_arc arcs[2];
	for (int side = 0; side < 2; ++side) {
		arcs[side] = jaw_arc(tips[side], cut->jaw_radius, turn, &starts[side]);
	}
	bs_vec2 mid = bs_v2_scale(0.5, bs_v2_add(starts[0], starts[1]));
	bs_vec2 mouth_dir = bs_v2_normalize(bs_v2_sub(starts[1], starts[0]));
	bs_vec2 away = bs_v2_perp(mouth_dir);
	if (bs_v2_dot(away, first.out) + bs_v2_dot(away, second.out) < 0.0) {
		away = bs_v2_scale(-1.0, away);
	}
	bs_pocket pocket;
	pocket.centre = bs_v2_mad(mid, cut->capture, away);
	pocket.radius = cut->capture;
	pocket.mouth = cut->mouth;
	pocket.mouth_centre = mid;
	int k = table->pocket_count++;
	pocket.first_facing = 6 + 2 * k;
	pocket.facing_count = 2;
	pocket.first_jaw = 4 * k;
	pocket.jaw_count = 4;
	pocket.reach = pocket.radius;
	table->pockets[k] = pocket;

	for (int side = 0; side < 2; ++side) {
		bs_vec2 dir = bs_v2_add(bs_v2_scale(cos(turn), tips[side].along), bs_v2_scale(sin(turn), tips[side].out));
		double length = ray_to_circle(starts[side], dir, pocket.centre, pocket.radius);
		assert(length > 0.0 && "a preset's facings must end on its capture circle: make the capture radius larger");
		bs_vec2 end = bs_v2_mad(starts[side], length, dir);
		bs_segment facing = {starts[side], end};
		// The throat (towards the pocket) must be on the facing's playing side.
		if (bs_v2_dot(bs_segment_normal(facing), bs_v2_sub(pocket.centre, starts[side])) < 0.0) {
			facing = (bs_segment){end, starts[side]};
		}
		table->cushions[6 + 2 * k + side] = facing;
		table->jaws[4 * k + side] = arcs[side];
		table->jaws[4 * k + 2 + side] = (bs_arc){end, 0.0, end, end};
		// The facing runs from the jaw to the circle: the jaw's far side is
		// its farthest point.
		double jaw_distance = bs_v2_len(bs_v2_sub(arcs[side].centre, pocket.centre)) + arcs[side].radius;
		if (jaw_distance > table->pockets[k].reach) {
			table->pockets[k].reach = jaw_distance;
		}
	}
}

static bool preset_geometry(const char* name, bool with_pockets, bs_table* dest) {
	const preset_size* size = find_preset(name);
	if (!size) {
		return false;
	}
	double w = size->length;
	double h = size->width;
	bs_table table = rect_geometry(w, h);
	snprintf(table.preset, sizeof table.preset, "%s", name);
	if (!with_pockets || !size->pockets) {
		*dest = table;
		return true;
	}
	table.has_pockets = true;
	// Where each nose ends, back from its pocket's corner (or middle) along
	// the rail: the facing begins half the mouth across from the pocket's
	// line of symmetry, a rounded jaw's arc dropping it a little behind the
	// nose's line and moving it towards the pocket.
	const pocket_cut* corner = &size->corner;
	const pocket_cut* side = &size->side;
	double corner_turn = (180.0 - corner->cut_deg) * BS_PI / 180.0;
	double side_turn = (180.0 - side->cut_deg) * BS_PI / 180.0;
	double corner_drop = corner->jaw_radius * (1.0 - cos(corner_turn));
	double c = corner->mouth / sqrt(2.0) - corner_drop + corner->jaw_radius * sin(corner_turn);
	double s = 0.5 * side->mouth + side->jaw_radius * sin(side_turn);
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
	add_pocket(&table, (jaw_tip){{0.0, c}, ny, nx}, (jaw_tip){{c, 0.0}, nx, ny}, corner);
	add_pocket(&table, (jaw_tip){{0.5 * w - s, 0.0}, px, ny}, (jaw_tip){{0.5 * w + s, 0.0}, nx, ny}, side);
	add_pocket(&table, (jaw_tip){{w - c, 0.0}, px, ny}, (jaw_tip){{w, c}, ny, px}, corner);
	add_pocket(&table, (jaw_tip){{w, h - c}, py, px}, (jaw_tip){{w - c, h}, px, py}, corner);
	add_pocket(&table, (jaw_tip){{0.5 * w + s, h}, nx, py}, (jaw_tip){{0.5 * w - s, h}, px, py}, side);
	add_pocket(&table, (jaw_tip){{c, h}, nx, py}, (jaw_tip){{0.0, h - c}, py, nx}, corner);
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
	if (def->has_pockets && !reference.has_pockets) {
		return "this preset has no pockets (the carom table): make the def with bs_table_preset";
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
	return table->jaws[index].centre;
}

bs_arc bs_table_arc(const bs_table* table, int index) {
	assert(index >= 0 && index < table->jaw_count && "bs_table_arc: pass an index below bs_table_jaw_count");
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
