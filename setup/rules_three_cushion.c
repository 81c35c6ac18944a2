// Three-cushion under the UMB World Rules of Carom Billiard: the cannon
// (Art. 24) of the cushion games (Art. 81, 83), the starting stroke's direct
// attack on the red (Art. 23) and the end of the match with equal innings
// (Art. 29). The fouls of Art. 41 need what the events do not carry (a
// double hit, a push, a foot off the floor, a ball touched by hand) and are
// out of scope: docs/games.md, "Three-cushion".
#include "rules_internal.h"

#include <stdio.h>

// How many times the cue ball must meet a cushion before its first contact
// with the second object ball.
#define THREE_CUSHION_CUSHIONS 3

static const char* carom_name(bs_ball_kind kind) {
	return kind == BS_BALL_CAROM_WHITE ? "white" : kind == BS_BALL_CAROM_YELLOW ? "yellow" : "red";
}

static int find_kind(const bs_game_state* state, bs_ball_kind kind) {
	for (int i = 0; i < state->ball_count; ++i) {
		if (state->balls[i].kind == kind) {
			return i;
		}
	}
	return -1;
}

// Each player's own cue ball: the white for player 0, the yellow for 1.
static bs_ball_kind cue_kind_of(int player) {
	return player == 0 ? BS_BALL_CAROM_WHITE : BS_BALL_CAROM_YELLOW;
}

static void say_event(bs_ruling* ruling, const rules_shot* shot, int event) {
	rules_ruling_say(ruling, "(event %d, t = %.9g s)", event, shot->events[event].time);
}

int rules_balls_on_three_cushion(const bs_game_state* state, int* ids) {
	int n = 0;
	for (int i = 0; i < state->ball_count; ++i) {
		if (state->balls[i].on_table && state->balls[i].id != state->cue_ball) {
			ids[n++] = state->balls[i].id;
		}
	}
	return n;
}

bool rules_judge_three_cushion(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest,
	bs_ruling* ruling) {
	(void)call; // nothing is called in three-cushion
	const bs_game_state* state = shot->state;
	if (state->table.has_pockets) {
		snprintf(ruling->text, sizeof ruling->text, "state.table: three-cushion is played on a table without pockets");
		return false;
	}
	static const bs_ball_kind kinds[3] = {BS_BALL_CAROM_WHITE, BS_BALL_CAROM_YELLOW, BS_BALL_CAROM_RED};
	for (int k = 0; k < 3; ++k) {
		int index = find_kind(state, kinds[k]);
		if (index < 0 || !state->balls[index].on_table) {
			snprintf(ruling->text, sizeof ruling->text, "state.balls: three-cushion needs the %s on the table",
				carom_name(kinds[k]));
			return false;
		}
	}
	int shooter = state->shooter;
	int cue = shot->cue_index;
	if (cue < 0 || state->balls[cue].kind != cue_kind_of(shooter)) {
		snprintf(ruling->text, sizeof ruling->text, "state.cue_ball: player %d plays the %s (ball %d)", shooter + 1,
			carom_name(cue_kind_of(shooter)), state->balls[find_kind(state, cue_kind_of(shooter))].id);
		return false;
	}
	if (state->target_points <= 0) {
		snprintf(ruling->text, sizeof ruling->text, "state.target_points: %d; the distance must be positive",
			state->target_points);
		return false;
	}

	// The cue ball's contacts in event order, which at one instant puts a
	// ball contact before a cushion contact (docs/engine.md, "Ties"): a
	// cushion at the very time of the second ball counts after it.
	int red = find_kind(state, BS_BALL_CAROM_RED);
	int first_touch[BS_RULES_MAX_BALLS];
	for (int i = 0; i < state->ball_count; ++i) {
		first_touch[i] = -1;
	}
	int first_event = -1; // the cue ball's first contact with anything
	int first_ball = -1;  // the first object ball it touched
	int second_ball = -1; // the other, at its first touch
	int second_event = -1;
	int cushions = 0; // the cue ball's cushion contacts so far
	int cushions_before_second = 0;
	int third_cushion_event = -1;
	for (int e = 0; e < shot->event_count; ++e) {
		const bs_event* event = &shot->events[e];
		if (event->kind == BS_EVENT_POCKET) {
			snprintf(ruling->text, sizeof ruling->text, "event %d pockets ball %d: three-cushion has no pockets", e,
				event->a);
			return false;
		}
		if (event->kind == BS_EVENT_CUSHION || event->kind == BS_EVENT_JAW) {
			if (bs_game_state_find(state, event->a) != cue) {
				continue;
			}
			if (first_event < 0) {
				first_event = e;
			}
			cushions++;
			if (cushions == THREE_CUSHION_CUSHIONS) {
				third_cushion_event = e;
			}
			continue;
		}
		if (event->kind != BS_EVENT_BALL) {
			continue;
		}
		int a = bs_game_state_find(state, event->a);
		int b = bs_game_state_find(state, event->b);
		int other = a == cue ? b : b == cue ? a : -1;
		if (other < 0) {
			continue;
		}
		if (first_event < 0) {
			first_event = e;
		}
		if (first_touch[other] >= 0) {
			continue;
		}
		first_touch[other] = e;
		if (first_ball < 0) {
			first_ball = other;
		} else if (second_ball < 0) {
			second_ball = other;
			second_event = e;
			cushions_before_second = cushions;
		}
	}

	rules_ruling_begin(shot, rest, ruling);
	bs_game_state* after = &ruling->after;
	const char* cue_name = carom_name(state->balls[cue].kind);

	// The starting stroke attacks the red directly (Art. 23): the cue
	// ball's first contact of any kind is with the red, or the red among
	// the balls it touches at that instant.
	bs_foul foul = BS_FOUL_NONE;
	if (state->is_break) {
		bool red_first = false;
		if (first_event >= 0 && shot->events[first_event].kind == BS_EVENT_BALL) {
			for (int k = 0; k < shot->first_contact_count; ++k) {
				red_first = red_first || shot->first_contact[k] == red;
			}
		}
		if (first_event < 0) {
			foul = BS_FOUL_NO_CONTACT;
			rules_ruling_say(ruling, "foul: the starting stroke touched nothing");
		} else if (!red_first) {
			foul = BS_FOUL_WRONG_BALL_FIRST;
			rules_ruling_decided_by(ruling, first_event);
			if (shot->events[first_event].kind == BS_EVENT_BALL) {
				rules_ruling_say(ruling, "foul: the starting stroke touched the %s before the red ",
					carom_name(state->balls[shot->first_contact[0]].kind));
			} else {
				rules_ruling_say(ruling, "foul: the starting stroke met cushion %d before the red ",
					shot->events[first_event].b);
			}
			say_event(ruling, shot, first_event);
		}
	}

	// The point (Art. 83): both object balls, and three cushion contacts
	// before the first contact with the second of them. The cushions may be
	// the same one, before or after the first object ball.
	bool point = foul == BS_FOUL_NONE && second_event >= 0 && cushions_before_second >= THREE_CUSHION_CUSHIONS;
	if (foul == BS_FOUL_NONE) {
		if (first_ball < 0) {
			rules_ruling_say(ruling, "no point: the %s touched no ball (%d cushion%s)", cue_name, cushions,
				cushions == 1 ? "" : "s");
		} else {
			rules_ruling_decided_by(ruling, first_touch[first_ball]);
			if (second_event < 0) {
				rules_ruling_say(ruling, "no point: the %s touched the %s ", cue_name,
					carom_name(state->balls[first_ball].kind));
				say_event(ruling, shot, first_touch[first_ball]);
				rules_ruling_say(ruling, " but never the %s",
					carom_name(
						state->balls[first_ball == red ? find_kind(state, cue_kind_of(1 - shooter)) : red].kind));
			} else {
				rules_ruling_decided_by(ruling, second_event);
				if (point) {
					rules_ruling_decided_by(ruling, third_cushion_event);
					rules_ruling_say(ruling, "point: the %s touched the %s ", cue_name,
						carom_name(state->balls[first_ball].kind));
					say_event(ruling, shot, first_touch[first_ball]);
					rules_ruling_say(ruling, ", then the %s ", carom_name(state->balls[second_ball].kind));
					say_event(ruling, shot, second_event);
					rules_ruling_say(ruling, " after %d cushions, the third ", cushions_before_second);
					say_event(ruling, shot, third_cushion_event);
				} else {
					rules_ruling_say(ruling, "no point: the %s reached the %s ", cue_name,
						carom_name(state->balls[second_ball].kind));
					say_event(ruling, shot, second_event);
					rules_ruling_say(ruling, " after %d cushion%s", cushions_before_second,
						cushions_before_second == 1 ? "" : "s");
					if (third_cushion_event > second_event) {
						rules_ruling_say(ruling, "; the third came later ");
						say_event(ruling, shot, third_cushion_event);
					}
				}
			}
		}
	}

	// The inning goes on while the player scores. The match ends at the
	// distance, with equal innings (Art. 29): when the player who began
	// reaches it first, the other has a last inning, and a draw if he
	// reaches it too.
	ruling->foul = foul;
	ruling->points = point ? 1 : 0;
	int other = 1 - shooter;
	after->score[shooter] += ruling->points;
	int target = state->target_points;
	bool equalizing = state->score[other] >= target;
	if (point) {
		ruling->scored = true;
		ruling->turn_passes = false;
		rules_ruling_say(ruling, "; player %d has %d of %d", shooter + 1, after->score[shooter], target);
	}
	if (equalizing) {
		if (point && after->score[shooter] >= target) {
			rules_end_game(ruling, -1);
			ruling->turn_passes = true;
			rules_ruling_say(ruling, "; the match is drawn at %d in %d innings each", target, state->innings[shooter]);
		} else if (!point) {
			rules_end_game(ruling, other);
			ruling->turn_passes = true;
			rules_ruling_say(ruling, "; the last inning ends: player %d wins %d to %d", other + 1, after->score[other],
				after->score[shooter]);
		}
	} else if (point && after->score[shooter] >= target) {
		if (state->innings[other] < state->innings[shooter]) {
			rules_pass_turn(ruling);
			rules_ruling_say(ruling, "; player %d reaches the distance, player %d has a last inning", shooter + 1, other + 1);
		} else {
			rules_end_game(ruling, shooter);
			ruling->turn_passes = true;
			rules_ruling_say(ruling, "; player %d wins %d to %d", shooter + 1, after->score[shooter], after->score[other]);
		}
	} else if (!point) {
		rules_pass_turn(ruling);
	}
	if (!after->over) {
		int next_cue = find_kind(state, cue_kind_of(after->shooter));
		after->cue_ball = state->balls[next_cue].id;
		if (ruling->turn_passes) {
			rules_ruling_say(ruling, "; player %d plays the %s", after->shooter + 1,
				carom_name(cue_kind_of(after->shooter)));
		}
	}
	return true;
}
