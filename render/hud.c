#include "hud.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

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

void bs_hud_draw(const bs_viewer* viewer, const bs_hud_stats* stats, bs_text* text) {
	const bs_timeline* timeline = &viewer->timeline;
	const bs_frame* frame = bs_timeline_frame(timeline);
	// At most BS_HUD_MAX_LINES: six, then the shot's two, motion and status.
	char lines[BS_HUD_MAX_LINES][320];
	const float* colours[BS_HUD_MAX_LINES];
	int count = 0;
	char rate[32];
	format_rate(viewer->rate, rate, sizeof rate);
	const char* mode = viewer->aiming ? "aiming" : viewer->playing ? "playing" : "paused";
	snprintf(lines[count], sizeof lines[0], "t = %.6f s   rate %s   %s", timeline->time, rate, mode);
	colours[count++] = text_colour;
	if (stats->frames_per_second > 0.0) {
		snprintf(lines[count], sizeof lines[0], "events %" PRId64 "   %.1f fps (%.2f ms, %s)", frame->event_count,
			stats->frames_per_second, stats->frame_ms, stats->antialiasing ? stats->antialiasing : "");
	} else {
		snprintf(lines[count], sizeof lines[0], "events %" PRId64, frame->event_count);
	}
	colours[count++] = text_colour;
	snprintf(lines[count], sizeof lines[0], "kinetic energy %.9g J (translational %.6g, rotational %.6g)",
		frame->totals.kinetic_energy, frame->totals.translational_energy, frame->totals.rotational_energy);
	colours[count++] = text_colour;
	snprintf(lines[count], sizeof lines[0], "momentum px %.9g  py %.9g kg m/s", frame->totals.momentum.x,
		frame->totals.momentum.y);
	colours[count++] = text_colour;

	char* pocketed = lines[count];
	size_t used = (size_t)snprintf(pocketed, sizeof lines[0], "pocketed:");
	int pocketed_count = 0;
	for (int i = 0; i < timeline->ball_count && used < sizeof lines[0]; ++i) {
		if (viewer->balls[i].pocketed) {
			used += (size_t)snprintf(pocketed + used, sizeof lines[0] - used, " %d", viewer->balls[i].id);
			pocketed_count += 1;
		}
	}
	if (pocketed_count == 0) {
		snprintf(pocketed, sizeof lines[0], "pocketed: none");
	}
	colours[count++] = text_colour;

	bs_hud_event_line(frame, lines[count], sizeof lines[0]);
	colours[count++] = bs_timeline_at_event(timeline) ? accent_colour : dim_colour;
	bs_cue_def cue;
	if (viewer->aiming && bs_viewer_aimed_cue(viewer, &cue)) {
		bs_hud_cue_line("new shot", &cue, lines[count], sizeof lines[0]);
		colours[count++] = accent_colour;
		const bs_shot_preview* preview = &viewer->preview;
		snprintf(lines[count], sizeof lines[0], "preview: %" PRId64 " events, %s at t = %.3f s", preview->events,
			preview->complete ? "all at rest" : "cut off", preview->end_time);
		colours[count++] = dim_colour;
	} else if (viewer->has_shot) {
		bs_hud_cue_line("shot", &viewer->shot_cue, lines[count], sizeof lines[0]);
		colours[count++] = dim_colour;
	}
	if (viewer->show_motion) {
		snprintf(lines[count], sizeof lines[0], "motion: red sliding, green rolling, blue spinning, grey at rest");
		colours[count++] = dim_colour;
	}
	if (viewer->status[0]) {
		snprintf(lines[count], sizeof lines[0], "%s", viewer->status);
		colours[count++] = dim_colour;
	}

	float line_height = text->font->line_height;
	float width = 0.0f;
	for (int i = 0; i < count; ++i) {
		// The layout keeps the table clear of this many characters.
		lines[i][BS_HUD_MAX_CHARS] = '\0';
		float w = bs_font_measure(text->font, lines[i]);
		width = w > width ? w : width;
	}
	float pad = 0.6f * line_height;
	bs_text_rect(text, 8.0f, 8.0f, width + 2.0f * pad, (float)count * line_height + 2.0f * pad, panel_colour);
	for (int i = 0; i < count; ++i) {
		bs_text_add(text, 8.0f + pad, 8.0f + pad + (float)i * line_height, colours[i], lines[i]);
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
