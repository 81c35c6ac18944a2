#include "hud.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "viewer_game.h"
#include "viewer_hints.h"

static const float panel_colour[4] = {0.0f, 0.0f, 0.0f, 0.6f};
static const float text_colour[4] = {0.93f, 0.93f, 0.93f, 1.0f};
static const float accent_colour[4] = {1.0f, 0.85f, 0.2f, 1.0f};
static const float dim_colour[4] = {0.7f, 0.7f, 0.7f, 1.0f};

void bs_hud_event_line(const bs_frame* frame, char* dest, size_t dest_size) {
	const bs_event* e = &frame->event;
	int written = snprintf(dest, dest_size, "event #%" PRId64 " %s: ", frame->event_count, bs_event_kind_name(e->kind));
	size_t used = written > 0 ? (size_t)written : 0;
	if (used >= dest_size) {
		return;
	}
	char* rest = dest + used;
	size_t room = dest_size - used;
	switch (e->kind) {
	case BS_EVENT_BALL:
		snprintf(rest, room, "ball %d - ball %d at t = %.9f s, impulse %.6g N s", e->a, e->b, e->time, e->impulse);
		break;
	case BS_EVENT_CUSHION:
		snprintf(rest, room, "ball %d - cushion %d at t = %.9f s, impulse %.6g N s", e->a, e->b, e->time, e->impulse);
		break;
	case BS_EVENT_JAW:
		snprintf(rest, room, "ball %d - jaw %d at t = %.9f s, impulse %.6g N s", e->a, e->b, e->time, e->impulse);
		break;
	case BS_EVENT_POCKET:
		snprintf(rest, room, "ball %d into pocket %d at t = %.9f s", e->a, e->b, e->time);
		break;
	case BS_EVENT_SLIDE_ROLL:
	case BS_EVENT_ROLL_SPIN:
	case BS_EVENT_ROLL_STOP:
	case BS_EVENT_SPIN_STOP:
		snprintf(rest, room, "ball %d at t = %.9f s", e->a, e->time);
		break;
	default:
		snprintf(dest, dest_size, "no event yet");
		break;
	}
}

void bs_hud_cue_line(const char* title, const bs_cue_def* cue, char* dest, size_t dest_size) {
	char ball[32] = "";
	if (cue->ball != 0) {
		snprintf(ball, sizeof ball, ", ball %d", cue->ball);
	}
	snprintf(dest, dest_size, "%s: stick %.2f m/s, aim %.2f deg, tip side %+.2f height %+.2f R, elevation %.0f deg%s",
		title, cue->speed, cue->angle_deg, cue->tip.x, cue->tip.y, cue->elevation_deg, ball);
}

static void format_rate(double rate, char* dest, size_t dest_size) {
	if (rate >= 1.0) {
		snprintf(dest, dest_size, "%gx", rate);
	} else {
		snprintf(dest, dest_size, "1/%gx", 1.0 / rate);
	}
}

// The HUD's lines before the cut to BS_HUD_MAX_LINES: each with a rank,
// the lowest ranks kept when there are too many, shown in the order added.
enum { hud_entry_capacity = 24, hud_entry_size = 320 };

typedef struct hud_entry {
	char text[hud_entry_size];
	const float* colour;
	int rank;
} hud_entry;

typedef struct hud_builder {
	hud_entry entries[hud_entry_capacity];
	int count;
} hud_builder;

__attribute__((format(printf, 4, 5))) static void add(hud_builder* hud, int rank, const float* colour,
	const char* format, ...) {
	if (hud->count == hud_entry_capacity) {
		return;
	}
	hud_entry* entry = &hud->entries[hud->count++];
	va_list args;
	va_start(args, format);
	vsnprintf(entry->text, sizeof entry->text, format, args);
	va_end(args);
	entry->colour = colour;
	entry->rank = rank;
}

// Adds `text` as lines of at most BS_HUD_MAX_CHARS, broken at spaces (a
// longer word is cut), at most `max_lines` of them.
static void add_wrapped(hud_builder* hud, int rank, const float* colour, const char* text, int max_lines) {
	const char* rest = text;
	for (int line = 0; line < max_lines && *rest; ++line) {
		size_t length = strlen(rest);
		size_t take = length;
		if (length > BS_HUD_MAX_CHARS) {
			take = BS_HUD_MAX_CHARS;
			while (take > 0 && rest[take] != ' ') {
				take -= 1;
			}
			take = take > 0 ? take : BS_HUD_MAX_CHARS;
		}
		add(hud, rank, colour, "%.*s", (int)take, rest);
		rest += take;
		while (*rest == ' ') {
			rest += 1;
		}
	}
}

// A line per hint shown, each in its rank's colour.
static void hint_lines(const bs_viewer* viewer, int rank, hud_builder* hud) {
	if (!viewer->show_hints) {
		return;
	}
	for (int k = 0; k < viewer->hints.count; ++k) {
		char label[hud_entry_size];
		bs_shot_hint_label(&viewer->hints.hints[k], k + 1, label, sizeof label);
		add(hud, rank, bs_hint_colours[k], "%s", label);
	}
}

// Keeps the BS_HUD_MAX_LINES entries of lowest rank, in order, each cut to
// BS_HUD_MAX_CHARS (the layout keeps the table clear of that much).
static int finish(const hud_builder* hud, bs_hud_line* dest) {
	bool keep[hud_entry_capacity] = {false};
	int kept = 0;
	for (int rank = 0; kept < BS_HUD_MAX_LINES && rank <= 16; ++rank) {
		for (int i = 0; i < hud->count && kept < BS_HUD_MAX_LINES; ++i) {
			if (hud->entries[i].rank == rank) {
				keep[i] = true;
				kept += 1;
			}
		}
	}
	int count = 0;
	for (int i = 0; i < hud->count; ++i) {
		if (keep[i]) {
			// The layout keeps the table clear of BS_HUD_MAX_CHARS: the rest is cut.
			size_t length = strnlen(hud->entries[i].text, BS_HUD_MAX_CHARS);
			memcpy(dest[count].text, hud->entries[i].text, length);
			dest[count].text[length] = '\0';
			dest[count].colour = hud->entries[i].colour;
			count += 1;
		}
	}
	return count;
}

static void scene_lines(const bs_viewer* viewer, const bs_hud_stats* stats, hud_builder* hud) {
	const bs_timeline* timeline = &viewer->timeline;
	const bs_frame* frame = bs_timeline_frame(timeline);
	// Up to BS_HUD_MAX_LINES: six, then the shot's two, motion and status;
	// the hints push out the totals and the preview's line first.
	char rate[32];
	format_rate(viewer->rate, rate, sizeof rate);
	const char* mode = viewer->aiming ? "aiming" : viewer->playing ? "playing" : "paused";
	add(hud, 0, text_colour, "t = %.6f s   rate %s   %s", timeline->time, rate, mode);
	if (stats->frames_per_second > 0.0) {
		add(hud, 0, text_colour, "events %" PRId64 "   %.1f fps (%.2f ms, %s)", frame->event_count,
			stats->frames_per_second, stats->frame_ms, stats->antialiasing ? stats->antialiasing : "");
	} else {
		add(hud, 0, text_colour, "events %" PRId64, frame->event_count);
	}
	add(hud, 1, text_colour, "kinetic energy %.9g J (translational %.6g, rotational %.6g)",
		frame->totals.kinetic_energy, frame->totals.translational_energy, frame->totals.rotational_energy);
	add(hud, 1, text_colour, "momentum px %.9g  py %.9g kg m/s", frame->totals.momentum.x, frame->totals.momentum.y);

	char pocketed[hud_entry_size];
	size_t used = (size_t)snprintf(pocketed, sizeof pocketed, "pocketed:");
	int pocketed_count = 0;
	for (int i = 0; i < timeline->ball_count && used < sizeof pocketed; ++i) {
		if (viewer->balls[i].pocketed) {
			used += (size_t)snprintf(pocketed + used, sizeof pocketed - used, " %d", viewer->balls[i].id);
			pocketed_count += 1;
		}
	}
	add(hud, 0, text_colour, "%s", pocketed_count == 0 ? "pocketed: none" : pocketed);

	char line[hud_entry_size];
	bs_hud_event_line(frame, line, sizeof line);
	add(hud, 0, bs_timeline_at_event(timeline) ? accent_colour : dim_colour, "%s", line);
	bs_cue_def cue;
	if (viewer->aiming && bs_viewer_aimed_cue(viewer, &cue)) {
		bs_hud_cue_line("new shot", &cue, line, sizeof line);
		add(hud, 0, accent_colour, "%s", line);
		const bs_shot_preview* preview = &viewer->preview;
		add(hud, 1, dim_colour, "preview: %" PRId64 " events, %s at t = %.3f s", preview->events,
			preview->complete ? "all at rest" : "cut off", preview->end_time);
	} else if (viewer->has_shot) {
		bs_hud_cue_line("shot", &viewer->shot_cue, line, sizeof line);
		add(hud, 0, dim_colour, "%s", line);
	}
	if (viewer->show_motion) {
		add(hud, 0, dim_colour, "motion: red sliding, green rolling, blue spinning, grey at rest");
	}
	if (viewer->status[0]) {
		add(hud, 0, dim_colour, "%s", viewer->status);
	}
	hint_lines(viewer, 0, hud);
}

// A player's score, with their 8-ball group once chosen.
static void player_score(const bs_viewer_game* game, int player, char* dest, size_t dest_size) {
	const bs_game_state* state = &game->shown;
	const char* group = state->game != BS_GAME_8_BALL ? ""
		: state->group[player] == BS_GROUP_SOLIDS     ? " (solids)"
		: state->group[player] == BS_GROUP_STRIPES    ? " (stripes)"
													  : "";
	snprintf(dest, dest_size, "%s%s %d%s", state->shooter == player && !state->over ? "> " : "",
		bs_game_player(game->game, player), state->score[player], group);
}

// What the shooter is to do, or what is happening.
static void turn_line(const bs_viewer* viewer, char* dest, size_t dest_size) {
	const bs_viewer_game* game = viewer->game;
	const bs_game_state* state = &game->shown;
	const char* name = bs_game_player(game->game, state->shooter);
	int used = 0;
	switch (game->phase) {
	case BS_GAME_PHASE_OVER:
		snprintf(dest, dest_size, "GAME OVER: %s wins", bs_game_player(game->game, state->winner));
		return;
	case BS_GAME_PHASE_SHOT:
		used = snprintf(dest, dest_size, "%s's shot playing out (F: to its end)", name);
		if (game->call.pocket >= 0) {
			snprintf(dest + used, dest_size - (size_t)used, "; pocket %d called", game->call.pocket);
		}
		return;
	case BS_GAME_PHASE_IN_HAND:
		snprintf(dest, dest_size, "%s has ball in hand %s: click to place it, or A (%s)", name,
			bs_game_in_hand_text(state->in_hand), game->hand_lies ? "where it lies" : "a free spot");
		return;
	case BS_GAME_PHASE_TURN:
		break;
	}
	used = snprintf(dest, dest_size, "%s to %s", name, state->is_break ? "break" : "shoot");
	if (state->game == BS_GAME_8_BALL && !state->is_break) {
		bool open = state->group[0] == BS_GROUP_OPEN && state->group[1] == BS_GROUP_OPEN;
		used += snprintf(dest + used, dest_size - (size_t)used, "%s",
			bs_game_state_on_eight(state) ? ", on the 8"
				: open                    ? ", the table open"
										  : "");
	}
	const bs_shot_call* hint = &game->hint_call;
	if (game->has_hint_call && hint->ball >= 0 && hint->pocket >= 0) {
		snprintf(dest + used, dest_size - (size_t)used, "; the hint's call: the %d in pocket %d", hint->ball,
			hint->pocket);
	} else if (game->has_hint_call && hint->ball >= 0) {
		snprintf(dest + used, dest_size - (size_t)used, "; the hint's call: the %d", hint->ball);
	} else if (game->called_pocket >= 0) {
		snprintf(dest + used, dest_size - (size_t)used, "; pocket %d called (click it again to take it back)",
			game->called_pocket);
	} else if (bs_game_state_on_eight(state)) {
		snprintf(dest + used, dest_size - (size_t)used, "; click a pocket to call the 8");
	} else if (state->game == BS_GAME_8_BALL || state->game == BS_GAME_10_BALL) {
		snprintf(dest + used, dest_size - (size_t)used, "; click a pocket to call it");
	}
}

static void game_lines(const bs_viewer* viewer, const bs_hud_stats* stats, hud_builder* hud) {
	const bs_viewer_game* game = viewer->game;
	const bs_game_state* state = &game->shown;
	char first[64 + BS_GAME_NAME_SIZE];
	char second[64 + BS_GAME_NAME_SIZE];
	player_score(game, 0, first, sizeof first);
	player_score(game, 1, second, sizeof second);
	char target[32] = "";
	if (state->target_points > 0 && state->game == BS_GAME_THREE_CUSHION) {
		snprintf(target, sizeof target, "   (to %d)", state->target_points);
	}
	char line[hud_entry_size];
	// Long names wrap rather than lose the second player's score.
	snprintf(line, sizeof line, "%s   %s   %s%s", bs_game_kind_name(state->game), first, second, target);
	add_wrapped(hud, 0, accent_colour, line, 2);
	turn_line(viewer, line, sizeof line);
	add_wrapped(hud, 0, game->phase == BS_GAME_PHASE_SHOT ? text_colour : accent_colour, line, 2);
	if (game->has_ruling) {
		char ruling[BS_RULING_TEXT_SIZE + BS_GAME_NAME_SIZE + 32];
		snprintf(ruling, sizeof ruling, "last shot, %s: %s", bs_game_player(game->game, game->ruling_shooter),
			game->ruling.text);
		add_wrapped(hud, 2, text_colour, ruling, 3);
	}
	const bs_timeline* timeline = &viewer->timeline;
	const bs_frame* frame = bs_timeline_frame(timeline);
	char rate[32];
	format_rate(viewer->rate, rate, sizeof rate);
	const char* mode = viewer->aiming ? "aiming" : viewer->playing ? "playing" : "paused";
	if (stats->frames_per_second > 0.0) {
		add(hud, 4, dim_colour, "t = %.6f s   rate %s   %s   events %" PRId64 "   %.1f fps (%.2f ms, %s)",
			timeline->time, rate, mode, frame->event_count, stats->frames_per_second, stats->frame_ms,
			stats->antialiasing ? stats->antialiasing : "");
	} else {
		add(hud, 4, dim_colour, "t = %.6f s   rate %s   %s   events %" PRId64, timeline->time, rate, mode,
			frame->event_count);
	}
	if (game->phase == BS_GAME_PHASE_SHOT) {
		bs_hud_event_line(frame, line, sizeof line);
		add(hud, 6, bs_timeline_at_event(timeline) ? accent_colour : dim_colour, "%s", line);
	}
	bs_cue_def cue;
	if (viewer->aiming && bs_viewer_aimed_cue(viewer, &cue)) {
		bs_hud_cue_line("new shot", &cue, line, sizeof line);
		add(hud, 3, accent_colour, "%s", line);
		const bs_shot_preview* preview = &viewer->preview;
		add(hud, 5, dim_colour, "preview: %" PRId64 " events, %s at t = %.3f s", preview->events,
			preview->complete ? "all at rest" : "cut off", preview->end_time);
	} else if (viewer->has_shot && game->phase == BS_GAME_PHASE_SHOT) {
		bs_hud_cue_line("shot", &viewer->shot_cue, line, sizeof line);
		add(hud, 3, dim_colour, "%s", line);
	}
	if (viewer->show_motion) {
		add(hud, 7, dim_colour, "motion: red sliding, green rolling, blue spinning, grey at rest");
	}
	if (viewer->status[0]) {
		add_wrapped(hud, 1, dim_colour, viewer->status, 2);
	}
	hint_lines(viewer, 1, hud);
}

int bs_hud_lines(const bs_viewer* viewer, const bs_hud_stats* stats, bs_hud_line* dest) {
	hud_builder hud;
	hud.count = 0;
	if (viewer->game) {
		game_lines(viewer, stats, &hud);
	} else {
		scene_lines(viewer, stats, &hud);
	}
	return finish(&hud, dest);
}

void bs_hud_draw(const bs_viewer* viewer, const bs_hud_stats* stats, bs_text* text) {
	bs_hud_line lines[BS_HUD_MAX_LINES];
	int count = bs_hud_lines(viewer, stats, lines);
	float line_height = text->font->line_height;
	float width = 0.0f;
	for (int i = 0; i < count; ++i) {
		float w = bs_font_measure(text->font, lines[i].text);
		width = w > width ? w : width;
	}
	float pad = 0.6f * line_height;
	bs_text_rect(text, 8.0f, 8.0f, width + 2.0f * pad, (float)count * line_height + 2.0f * pad, panel_colour);
	for (int i = 0; i < count; ++i) {
		bs_text_add(text, 8.0f + pad, 8.0f + pad + (float)i * line_height, lines[i].colour, lines[i].text);
	}
}

static const char* const help_lines[][2] = {
	{"Space", "play / pause"},
	{"N or Right", "jump to the next event (pauses)"},
	{"B or Left", "step back to the previous event (pauses)"},
	{"+ / -", "clock rate x2 / /2 (1/64x to 4x); 1 resets to 1x"},
	{"R", "reset to the scene"},
	{"J", "re-break with a new jitter seed (racked scenes)"},
	{"S", "new shot from here: aim with the mouse; the shot is previewed"},
	{"W", "which ball new shots strike: the next cue ball (three-cushion)"},
	{", / .", "turn the aim 1 degree left / right"},
	{"Arrows (aiming)", "move the cue tip: english, follow, draw"},
	{"Click the ball diagram", "put the tip there"},
	{"X", "tip back to the centre"},
	{"] / [", "cue stick speed up / down"},
	{"E / D", "cue elevation up / down (5 degrees)"},
	{"Click or Enter", "strike (Esc cancels)"},
	{"Game: click a pocket", "call it (again: take the call back)"},
	{"Game: ball in hand", "the cue ball follows the mouse; click places it"},
	{"Game: A", "ball in hand where it lies, or on a free spot"},
	{"Game: F", "jump to the end of the shot and its ruling"},
	{"I", "hints: the best shots from here, searched as the table draws on (again: stop or hide)"},
	{"1 2 3 (hints shown)", "set that hint up on the cue (Enter plays it)"},
	{"Left drag", "orbit the camera"},
	{"Right / middle drag", "pan"},
	{"Scroll", "zoom"},
	{"T", "top-down orthographic view / orbit view"},
	{"C", "reset the camera"},
	{"P", "plot of energy and momentum"},
	{"M", "motion states and spin axes"},
	{"H or F1", "this help"},
	{"Q or Esc", "quit"},
};

void bs_hud_draw_help(bs_text* text, int width, int height) {
	int count = (int)(sizeof help_lines / sizeof help_lines[0]);
	float line_height = text->font->line_height;
	float key_width = 0.0f;
	float action_width = 0.0f;
	for (int i = 0; i < count; ++i) {
		float k = bs_font_measure(text->font, help_lines[i][0]);
		float a = bs_font_measure(text->font, help_lines[i][1]);
		key_width = k > key_width ? k : key_width;
		action_width = a > action_width ? a : action_width;
	}
	float pad = line_height;
	float box_width = key_width + action_width + 3.0f * pad;
	float box_height = (float)(count + 2) * line_height + 2.0f * pad;
	float x = 0.5f * ((float)width - box_width);
	float y = 0.5f * ((float)height - box_height);
	const float box_colour[4] = {0.02f, 0.02f, 0.03f, 0.85f};
	bs_text_rect(text, x, y, box_width, box_height, box_colour);
	bs_text_add(text, x + pad, y + pad, accent_colour, "breakshot viewer: keys");
	for (int i = 0; i < count; ++i) {
		float row = y + pad + (float)(i + 2) * line_height;
		bs_text_add(text, x + pad, row, accent_colour, help_lines[i][0]);
		bs_text_add(text, x + 2.0f * pad + key_width, row, text_colour, help_lines[i][1]);
	}
}
