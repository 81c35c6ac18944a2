#include "viewer_game.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// How far from a pocket's capture circle a click still calls it, in ball
// radii: a pocket is a small target at the edge of the table.
static const double call_reach_radii = 2.0;

const char* bs_game_in_hand_text(bs_ball_in_hand in_hand) {
	switch (in_hand) {
	case BS_IN_HAND_ANYWHERE:
		return "anywhere";
	case BS_IN_HAND_KITCHEN:
		return "behind the head string";
	case BS_IN_HAND_D:
		return "in the D";
	default:
		return NULL;
	}
}

bool bs_game_state_on_eight(const bs_game_state* state) {
	if (state->game != BS_GAME_8_BALL) {
		return false;
	}
	bs_eight_ball_group own = state->group[state->shooter];
	if (own == BS_GROUP_OPEN) {
		return false;
	}
	// rules.h: solids are the balls 1-7, stripes 9-15.
	int low = own == BS_GROUP_SOLIDS ? 1 : 9;
	for (int i = 0; i < state->ball_count; ++i) {
		int id = state->balls[i].id;
		if (state->balls[i].on_table && id >= low && id <= low + 6) {
			return false;
		}
	}
	return true;
}

static int cue_index_in(const bs_game_state* state) {
	return bs_game_state_find(state, state->cue_ball);
}

bool bs_game_state_free_spot(const bs_game_state* state, bs_vec2* dest) {
	int cue = cue_index_in(state);
	if (cue < 0) {
		return false;
	}
	double radius = state->balls[cue].radius;
	double step = 0.25 * radius;
	bs_vec2 head = bs_v2(0.25 * state->table.width, 0.5 * state->table.height);
	// Square rings of grid points about the head spot, nearest ring first;
	// within the first ring that holds a legal place, its nearest point.
	int rings = (int)ceil(fmax(state->table.width, state->table.height) / step) + 1;
	char error[BS_RULES_ERROR_SIZE];
	for (int ring = 0; ring <= rings; ++ring) {
		bool found = false;
		double best = INFINITY;
		for (int i = -ring; i <= ring; ++i) {
			for (int j = -ring; j <= ring; ++j) {
				if (abs(i) != ring && abs(j) != ring) {
					continue; // inside the ring: tried before
				}
				bs_vec2 p = bs_v2(head.x + i * step, head.y + j * step);
				double distance = bs_v2_len2(bs_v2_sub(p, head));
				if (distance < best && bs_rules_check_placement(state, p, error, sizeof error)) {
					best = distance;
					*dest = p;
					found = true;
				}
			}
		}
		if (found) {
			return true;
		}
	}
	return false;
}

// The cue ball's def as the game has it, at `pos`.
static bs_ball_def cue_ball_def(const bs_game_state* state, bs_vec2 pos) {
	const bs_rules_ball* ball = &state->balls[cue_index_in(state)];
	bs_ball_def def = bs_default_ball_def();
	def.id = ball->id;
	def.kind = ball->kind;
	def.radius = ball->radius;
	def.mass = ball->mass;
	def.pos = pos;
	return def;
}

static void check_hand(bs_viewer_game* game) {
	game->hand_legal = bs_rules_check_placement(&game->shown, game->hand, game->hand_error, sizeof game->hand_error);
}

void bs_viewer_game_begin_turn(bs_viewer* viewer) {
	bs_viewer_game* game = viewer->game;
	const bs_game_state* state = bs_game_get_state(game->game);
	game->shown = *state;
	game->called_pocket = -1;
	game->has_hint_call = false;
	game->hand_moved = false;
	game->hand_shown = false;
	viewer->cue_id = state->cue_ball;
	viewer->aiming = false;
	viewer->playing = false;
	bs_world_def def = bs_game_world_def(game->game, game->balls);
	if (state->over) {
		game->phase = BS_GAME_PHASE_OVER;
	} else if (state->in_hand != BS_IN_HAND_NONE) {
		game->phase = BS_GAME_PHASE_IN_HAND;
		const bs_rules_ball* cue = &state->balls[cue_index_in(state)];
		game->hand_lies = cue->on_table;
		if (game->hand_lies) {
			game->hand = cue->pos;
			game->hand_shown = true;
		} else if (bs_game_state_free_spot(state, &game->hand)) {
			// Off the table: shown on the free spot until the pointer moves.
			game->balls[def.ball_count++] = cue_ball_def(state, game->hand);
			game->hand_shown = true;
		}
		check_hand(game);
	} else {
		game->phase = BS_GAME_PHASE_TURN;
	}
	if (!bs_viewer_start_world(viewer, &def)) {
		return;
	}
	if (game->phase == BS_GAME_PHASE_TURN) {
		bs_viewer_start_aiming(viewer);
		viewer->status[0] = '\0';
	}
}

bool bs_viewer_game_shot_def(bs_viewer* viewer, const bs_cue_def* cue, bs_world_def* dest, char* error,
	size_t error_size) {
	return bs_game_shot_def(viewer->game->game, cue, dest, viewer->shot_balls, error, error_size);
}

// The first ball the cue ball touches in the preview, or -1.
static int preview_first_hit(const bs_viewer* viewer) {
	const bs_shot_preview* preview = &viewer->preview;
	for (int i = 0; viewer->preview_valid && i < preview->path_count; ++i) {
		if (preview->paths[i].id == viewer->cue_id) {
			return preview->paths[i].first_hit;
		}
	}
	return -1;
}

bs_shot_call bs_viewer_game_call(const bs_viewer* viewer) {
	const bs_viewer_game* game = viewer->game;
	if (game->has_hint_call) {
		return game->hint_call;
	}
	bs_shot_call call = bs_no_call();
	if (game->called_pocket < 0) {
		return call;
	}
	call.pocket = game->called_pocket;
	// 8-ball names its 8 by number (rules.h).
	call.ball = bs_game_state_on_eight(&game->shown) ? 8 : preview_first_hit(viewer);
	return call;
}

bool bs_viewer_game_shoot(bs_viewer* viewer, const bs_cue_def* cue) {
	bs_viewer_game* game = viewer->game;
	if (game->phase != BS_GAME_PHASE_TURN) {
		return false;
	}
	// The call reads the preview of exactly this strike.
	bs_viewer_update_preview(viewer);
	bs_shot_call call = bs_viewer_game_call(viewer);
	bs_world_def def;
	char error[BS_RULES_ERROR_SIZE + 64];
	if (!bs_viewer_game_shot_def(viewer, cue, &def, error, sizeof error)) {
		bs_viewer_set_status(viewer, "shot refused: %s", error);
		return false;
	}
	// The struck world, kept for the animation and --out before the game moves on.
	char* text = bs_scene_dump_def(&def);
	if (!text) {
		bs_viewer_set_status(viewer, "new shot: out of memory");
		return false;
	}
	int shooter = game->shown.shooter;
	if (!bs_game_shoot(game->game, cue, &call, &game->pending, error, sizeof error)) {
		bs_viewer_set_status(viewer, "shot refused: %s", error);
		free(text);
		return false;
	}
	game->pending_shooter = shooter;
	game->call = call;
	game->shot_events = bs_game_shot_event_count(game->game);
	viewer->aiming = false;
	if (!bs_viewer_start_world(viewer, &def)) {
		// Out of memory: the shot is judged all the same; go on to the next turn.
		free(text);
		game->ruling = game->pending;
		game->ruling_shooter = shooter;
		game->has_ruling = true;
		bs_viewer_game_begin_turn(viewer);
		return true;
	}
	game->phase = BS_GAME_PHASE_SHOT;
	free(viewer->shot_text);
	viewer->shot_text = text;
	viewer->has_shot = true;
	viewer->shot_cue = *cue;
	viewer->playing = true;
	viewer->status[0] = '\0';
	return true;
}

void bs_viewer_game_point(bs_viewer* viewer, bs_vec2 at) {
	bs_viewer_game* game = viewer->game;
	if (game->phase != BS_GAME_PHASE_IN_HAND || !game->hand_shown) {
		return;
	}
	game->hand = at;
	game->hand_moved = true;
	check_hand(game);
}

// Places the cue ball at `at`: the game's placement, then aiming from there.
static bool place(bs_viewer* viewer, bs_vec2 at) {
	bs_viewer_game* game = viewer->game;
	char error[BS_RULES_ERROR_SIZE];
	if (!bs_game_place_cue_ball(game->game, at, error, sizeof error)) {
		bs_viewer_set_status(viewer, "%s", error);
		return false;
	}
	bs_viewer_game_begin_turn(viewer);
	bs_viewer_set_status(viewer, "%s placed the cue ball at (%.4f, %.4f)",
		bs_game_player(game->game, game->shown.shooter), at.x, at.y);
	return true;
}

int bs_viewer_game_pocket_near(const bs_viewer* viewer, bs_vec2 at) {
	const bs_table* table = bs_world_table(viewer->timeline.world);
	int cue = cue_index_in(&viewer->game->shown);
	double radius = cue >= 0 ? viewer->game->shown.balls[cue].radius : BS_DEFAULT_RADIUS;
	int nearest = -1;
	double best = INFINITY;
	for (int k = 0; k < bs_table_pocket_count(table); ++k) {
		bs_pocket_shape pocket = bs_table_pocket(table, k);
		double distance = bs_v2_len(bs_v2_sub(at, pocket.centre));
		if (distance <= pocket.radius + call_reach_radii * radius && distance < best) {
			best = distance;
			nearest = k;
		}
	}
	return nearest;
}

bool bs_viewer_game_click(bs_viewer* viewer, bs_vec2 at) {
	bs_viewer_game* game = viewer->game;
	if (game->phase == BS_GAME_PHASE_IN_HAND) {
		bs_viewer_game_point(viewer, at);
		place(viewer, at);
		return true;
	}
	if (game->phase != BS_GAME_PHASE_TURN || !viewer->aiming) {
		return false;
	}
	int pocket = bs_viewer_game_pocket_near(viewer, at);
	if (pocket < 0) {
		return false;
	}
	game->called_pocket = game->called_pocket == pocket ? -1 : pocket;
	game->has_hint_call = false; // the player calls now
	// The HUD's turn line shows the call.
	if (game->called_pocket < 0) {
		bs_viewer_set_status(viewer, "the call of pocket %d taken back", pocket);
	} else {
		viewer->status[0] = '\0';
	}
	return true;
}

bool bs_viewer_game_place_default(bs_viewer* viewer) {
	bs_viewer_game* game = viewer->game;
	if (game->phase != BS_GAME_PHASE_IN_HAND) {
		bs_viewer_set_status(viewer, "A places the cue ball in hand; the rules give none now");
		return false;
	}
	if (game->hand_lies) {
		// Played from where it lies, as a shot with no placement.
		game->phase = BS_GAME_PHASE_TURN;
		game->hand_moved = false;
		bs_viewer_refresh(viewer);
		bs_viewer_start_aiming(viewer);
		bs_viewer_set_status(viewer, "the cue ball is played from where it lies");
		return true;
	}
	bs_vec2 spot;
	if (!bs_game_state_free_spot(&game->shown, &spot)) {
		bs_viewer_set_status(viewer, "ball in hand: no free spot found; click where the cue ball should go");
		return false;
	}
	bs_viewer_game_point(viewer, spot);
	return place(viewer, spot);
}

bool bs_viewer_game_finish_shot(bs_viewer* viewer) {
	if (viewer->game->phase != BS_GAME_PHASE_SHOT) {
		bs_viewer_set_status(viewer, "F jumps to the end of a shot playing out; none is");
		return false;
	}
	viewer->playing = false;
	while (bs_timeline_step_forward(&viewer->timeline)) {
	}
	bs_viewer_refresh(viewer);
	bs_viewer_game_after_step(viewer);
	return true;
}

void bs_viewer_game_after_step(bs_viewer* viewer) {
	bs_viewer_game* game = viewer->game;
	bs_timeline* timeline = &viewer->timeline;
	double next;
	if (game->phase != BS_GAME_PHASE_SHOT || bs_timeline_next_event_time(timeline, &next)) {
		return;
	}
	// The animation is the shot the game judged: the same world, so the same events.
	const bs_frame* frame = bs_timeline_frame(timeline);
	const bs_event* last = game->shot_events > 0 ? &bs_game_shot_events(game->game)[game->shot_events - 1] : NULL;
	bool same = frame->event_count == game->shot_events &&
		(!last ||
			(frame->event.kind == last->kind && frame->event.a == last->a && frame->event.b == last->b &&
				frame->event.time == last->time));
	assert(same && "the viewer's shot must start from bs_game_shot_def's world, as bs_game_shoot's does");
	game->ruling = game->pending;
	game->ruling_shooter = game->pending_shooter;
	game->has_ruling = true;
	bs_viewer_game_begin_turn(viewer);
	if (!same) {
		bs_viewer_set_status(viewer, "the animation took %lld events, the game %d: the ruling is the game's",
			(long long)frame->event_count, game->shot_events);
	}
}

void bs_viewer_game_show_hand(bs_viewer* viewer) {
	const bs_viewer_game* game = viewer->game;
	if (game->phase != BS_GAME_PHASE_IN_HAND || !game->hand_shown) {
		return;
	}
	int cue = bs_viewer_cue_index(viewer);
	if (cue >= 0) {
		viewer->balls[cue].pos = game->hand;
	}
}
