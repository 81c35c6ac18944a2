#include "game_marks.h"

#include <math.h>

#include "viewer_game.h"

static const vec4 called_colour = {1.0f, 0.85f, 0.1f, 1.0f};
static const vec4 hover_colour = {1.0f, 1.0f, 1.0f, 0.55f};
static const vec4 legal_colour = {0.35f, 1.0f, 0.4f, 1.0f};
static const vec4 refused_colour = {1.0f, 0.2f, 0.15f, 1.0f};
static const vec4 lies_colour = {1.0f, 1.0f, 1.0f, 0.8f};
static const vec4 string_colour = {1.0f, 1.0f, 1.0f, 0.35f};
/// Marks lie just above the cloth.
static const float cloth_height = 0.002f;

static void ring(bs_lines* lines, bs_vec2 centre, double radius, float z, const vec4 colour, float width) {
	enum { sides = 40 };
	for (int i = 0; i < sides; ++i) {
		double t0 = 2.0 * BS_PI * i / sides;
		double t1 = 2.0 * BS_PI * (i + 1) / sides;
		vec3 a = {(float)(centre.x + radius * cos(t0)), (float)(centre.y + radius * sin(t0)), z};
		vec3 b = {(float)(centre.x + radius * cos(t1)), (float)(centre.y + radius * sin(t1)), z};
		bs_lines_add(lines, a, b, colour, width);
	}
}

static void pocket_ring(const bs_viewer* viewer, int pocket, const vec4 colour, float width, bs_lines* lines) {
	const bs_table* table = bs_world_table(viewer->timeline.world);
	if (pocket < 0 || pocket >= bs_table_pocket_count(table)) {
		return;
	}
	bs_pocket_shape shape = bs_table_pocket(table, pocket);
	ring(lines, shape.centre, shape.radius, cloth_height, colour, width);
	ring(lines, shape.centre, shape.radius * 1.25, cloth_height, colour, 0.5f * width);
}

static void hand_marks(const bs_viewer* viewer, bs_lines* lines) {
	const bs_viewer_game* game = viewer->game;
	int cue = bs_viewer_cue_index(viewer);
	if (!game->hand_shown || cue < 0) {
		return;
	}
	const bs_ball_state* ball = &viewer->balls[cue];
	if (game->shown.in_hand == BS_IN_HAND_KITCHEN) {
		float x = (float)(0.25 * game->shown.table.width);
		bs_lines_add(lines, (vec3){x, 0.0f, cloth_height}, (vec3){x, (float)game->shown.table.height, cloth_height},
			string_colour, 1.5f);
	}
	float z = (float)ball->radius;
	bool lies = game->hand_lies && !game->hand_moved;
	const float* colour = lies ? lies_colour : game->hand_legal ? legal_colour : refused_colour;
	ring(lines, ball->pos, 1.25 * ball->radius, z, colour, 3.0f);
	if (!lies && !game->hand_legal) {
		double arm = 0.9 * ball->radius;
		for (int sign = -1; sign <= 1; sign += 2) {
			vec3 a = {(float)(ball->pos.x - arm), (float)(ball->pos.y - sign * arm), 2.0f * z};
			vec3 b = {(float)(ball->pos.x + arm), (float)(ball->pos.y + sign * arm), 2.0f * z};
			bs_lines_add(lines, a, b, refused_colour, 3.0f);
		}
	}
}

void bs_game_marks_draw(const bs_viewer* viewer, bs_lines* lines) {
	const bs_viewer_game* game = viewer->game;
	if (!game) {
		return;
	}
	switch (game->phase) {
	case BS_GAME_PHASE_IN_HAND:
		hand_marks(viewer, lines);
		break;
	case BS_GAME_PHASE_TURN:
		if (viewer->aiming && viewer->has_pointer) {
			int hover = bs_viewer_game_pocket_near(viewer, viewer->pointer);
			if (hover >= 0 && hover != game->called_pocket) {
				pocket_ring(viewer, hover, hover_colour, 2.0f, lines);
			}
		}
		pocket_ring(viewer, game->called_pocket, called_colour, 4.0f, lines);
		break;
	case BS_GAME_PHASE_SHOT:
		pocket_ring(viewer, game->call.pocket, called_colour, 4.0f, lines);
		break;
	case BS_GAME_PHASE_OVER:
		break;
	}
}
