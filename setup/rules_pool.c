// The rotation games, 9-ball and 10-ball (WPA Rules of Play, sections 1, 4,
// 5 and 6), and what all the pool games share: the break's count, the rail
// after contact, the scratch, and ball in hand after every foul.
#include "rules_internal.h"
#include "rules_pool.h"

#include <stdio.h>

double rules_event_time(const rules_shot* shot, int event) {
	return shot->events[event].time;
}

// "the 3 (event 4, t = 0.41 s)"
static void say_ball_at(bs_ruling* ruling, const rules_shot* shot, int index, int event) {
	char name[48];
	rules_ruling_say(ruling, "%s (event %d, t = %.9g s)", rules_ball_name(shot->state, index, name, sizeof name),
		event, rules_event_time(shot, event));
}

bool rules_pool_first_contact_is(const rules_shot* shot, int index) {
	for (int k = 0; k < shot->first_contact_count; ++k) {
		if (shot->first_contact[k] == index) {
			return true;
		}
	}
	return false;
}

bs_foul rules_pool_common_foul(const rules_shot* shot, bs_ruling* ruling) {
	if (shot->cue_pot_event >= 0) {
		rules_ruling_decided_by(ruling, shot->cue_pot_event);
		rules_ruling_say(ruling, "foul: the cue ball was pocketed (event %d, t = %.9g s)", shot->cue_pot_event,
			rules_event_time(shot, shot->cue_pot_event));
		return BS_FOUL_CUE_BALL_POCKETED;
	}
	if (shot->first_contact_event < 0) {
		rules_ruling_say(ruling, "foul: the cue ball touched no ball");
		return BS_FOUL_NO_CONTACT;
	}
	return BS_FOUL_NONE;
}

bs_foul rules_pool_rail_foul(const rules_shot* shot, bs_ruling* ruling) {
	bool pocketed_after = false;
	for (int p = 0; p < shot->pot_count; ++p) {
		pocketed_after = pocketed_after || shot->pots[p].event > shot->first_contact_event;
	}
	if (pocketed_after) {
		return BS_FOUL_NONE;
	}
	if (shot->rail_after_contact_event >= 0) {
		rules_ruling_decided_by(ruling, shot->rail_after_contact_event);
		return BS_FOUL_NONE;
	}
	rules_ruling_decided_by(ruling, shot->first_contact_event);
	rules_ruling_say(ruling, "foul: after the first contact (event %d) no ball was pocketed and none touched a cushion",
		shot->first_contact_event);
	return BS_FOUL_NO_RAIL;
}

bool rules_pool_break_is_good(const rules_shot* shot, bs_ruling* ruling) {
	// WPA 4.3 (9-ball), 3.3 (8-ball), 5.3 (10-ball): a ball pocketed, or at
	// least four object balls driven to a cushion.
	int object_pots = shot->pot_count - (shot->cue_pot_event >= 0 ? 1 : 0);
	if (object_pots > 0 || shot->balls_to_rail >= 4) {
		return true;
	}
	rules_ruling_say(ruling, "foul: the break pocketed nothing and drove %d object ball%s to a cushion (at least 4 needed)",
		shot->balls_to_rail, shot->balls_to_rail == 1 ? "" : "s");
	return false;
}

void rules_pool_give_ball_in_hand(bs_ruling* ruling) {
	// The incoming player may move the cue ball (bs_rules_place_cue_ball),
	// and must when it was pocketed: it stays off the table until placed.
	rules_pass_turn(ruling);
	ruling->after.in_hand = BS_IN_HAND_ANYWHERE;
}

void rules_pool_count_foul(bs_ruling* ruling, int shooter, bool fouled) {
	bs_game_state* after = &ruling->after;
	after->fouls_in_row[shooter] = fouled ? after->fouls_in_row[shooter] + 1 : 0;
}

void rules_pool_say_pots(bs_ruling* ruling, const rules_shot* shot) {
	for (int p = 0; p < shot->pot_count; ++p) {
		if (shot->pots[p].index == shot->cue_index) {
			continue;
		}
		rules_ruling_say(ruling, "; ");
		say_ball_at(ruling, shot, shot->pots[p].index, shot->pots[p].event);
		rules_ruling_say(ruling, " in pocket %d", shot->pots[p].pocket);
	}
}

void rules_pool_say_first_contact(bs_ruling* ruling, const rules_shot* shot) {
	rules_ruling_say(ruling, "the cue ball touched ");
	for (int k = 0; k < shot->first_contact_count; ++k) {
		char name[48];
		rules_ruling_say(ruling, "%s%s", k == 0 ? "" : " and ",
			rules_ball_name(shot->state, shot->first_contact[k], name, sizeof name));
	}
	rules_ruling_say(ruling, " first (event %d, t = %.9g s%s)", shot->first_contact_event,
		rules_event_time(shot, shot->first_contact_event), shot->first_contact_count > 1 ? ", at the same instant" : "");
}

// ---------------------------------------------------------------------------
// 9-ball and 10-ball

// The lowest-numbered object ball on the table before the shot.
static int lowest_ball(const bs_game_state* state) {
	int best = -1;
	for (int i = 0; i < state->ball_count; ++i) {
		const bs_rules_ball* ball = &state->balls[i];
		if (ball->on_table && ball->id != state->cue_ball && (best < 0 || ball->id < state->balls[best].id)) {
			best = i;
		}
	}
	return best;
}

int rules_balls_on_rotation(const bs_game_state* state, int* ids) {
	int lowest = lowest_ball(state);
	if (lowest < 0) {
		return 0;
	}
	ids[0] = state->balls[lowest].id;
	return 1;
}

// Where the shot went wrong, if it did: WPA 6.1-6.3 and the break's own rule.
static bs_foul rotation_foul(const rules_shot* shot, int lowest, bs_ruling* ruling) {
	bs_foul foul = rules_pool_common_foul(shot, ruling);
	if (foul != BS_FOUL_NONE) {
		return foul;
	}
	rules_ruling_decided_by(ruling, shot->first_contact_event);
	// A split hit with the lowest ball goes to the shooter (WPA 6.2:
	// the benefit of the doubt); exact times leave a tie only when the
	// contacts are at the same instant.
	if (!rules_pool_first_contact_is(shot, lowest)) {
		char name[48];
		rules_ruling_say(ruling, "foul: ");
		rules_pool_say_first_contact(ruling, shot);
		rules_ruling_say(ruling, "; %s was the lowest ball", rules_ball_name(shot->state, lowest, name, sizeof name));
		return BS_FOUL_WRONG_BALL_FIRST;
	}
	if (shot->state->is_break) {
		return rules_pool_break_is_good(shot, ruling) ? BS_FOUL_NONE : BS_FOUL_BAD_BREAK;
	}
	return rules_pool_rail_foul(shot, ruling);
}

static bool judge_rotation(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest, bs_ruling* ruling,
	int money_ball, bool call_shot) {
	const bs_game_state* state = shot->state;
	rules_ruling_begin(shot, rest, ruling);
	bs_game_state* after = &ruling->after;
	int shooter = state->shooter;
	int lowest = lowest_ball(state);
	int money = bs_game_state_find(state, money_ball);
	if (lowest < 0 || money < 0 || !state->balls[money].on_table) {
		snprintf(ruling->text, sizeof ruling->text, "the %d is not on the table: this is no game of %s", money_ball,
			bs_game_kind_name(state->game));
		return false;
	}
	bs_foul foul = rotation_foul(shot, lowest, ruling);
	ruling->foul = foul;
	bool money_down = rules_shot_pocketed(shot, money);
	int object_pots = 0;
	bool called_made = false;
	// The money ball's pot decides most, so it takes its place among the
	// few deciding events before the others.
	for (int p = 0; p < shot->pot_count; ++p) {
		if (shot->pots[p].index == money) {
			rules_ruling_decided_by(ruling, shot->pots[p].event);
		}
	}
	for (int p = 0; p < shot->pot_count; ++p) {
		const rules_pot* pot = &shot->pots[p];
		if (pot->index == shot->cue_index) {
			continue;
		}
		object_pots++;
		rules_ruling_decided_by(ruling, pot->event);
		called_made = called_made ||
			(state->balls[pot->index].id == call->ball && (call->pocket < 0 || call->pocket == pot->pocket));
	}
	// 10-ball is call shot (WPA 5.5) except on the break; with no call the
	// obvious shot is the lowest ball, into any pocket.
	bool no_call = call->ball < 0;
	bool turn_continues;
	if (!call_shot || state->is_break) {
		turn_continues = object_pots > 0;
	} else if (no_call) {
		turn_continues = rules_shot_pocketed(shot, lowest);
	} else {
		turn_continues = called_made;
	}

	if (foul != BS_FOUL_NONE) {
		rules_pool_count_foul(ruling, shooter, true);
		if (after->fouls_in_row[shooter] >= 3) {
			// WPA 4.7 / 5.8: three fouls in a row lose the game.
			rules_ruling_say(ruling, "; a third foul in a row: player %d loses", shooter + 1);
			rules_end_game(ruling, 1 - shooter);
			after->score[1 - shooter]++;
			return true;
		}
		if (money_down) {
			rules_respot(ruling, money, rules_pool_spot(after, money));
			rules_ruling_say(ruling, "; the %d is respotted", money_ball);
		}
		rules_pool_say_pots(ruling, shot);
		rules_pool_give_ball_in_hand(ruling);
		rules_ruling_say(ruling, "; player %d has ball in hand", after->shooter + 1);
		return true;
	}
	rules_pool_count_foul(ruling, shooter, false);
	rules_ruling_say(ruling, state->is_break ? "legal break: " : "legal: ");
	rules_pool_say_first_contact(ruling, shot);
	rules_pool_say_pots(ruling, shot);
	// The money ball wins when pocketed on a legal shot: on the break
	// (9-ball, WPA 4.3) or as called (10-ball, WPA 5.5); otherwise it is
	// respotted (10-ball on the break or uncalled, WPA 5.3/5.6).
	bool money_called = false;
	for (int p = 0; p < shot->pot_count; ++p) {
		money_called = money_called ||
			(shot->pots[p].index == money && call->ball == money_ball &&
				(call->pocket < 0 || call->pocket == shot->pots[p].pocket));
	}
	bool money_wins = money_down && (!call_shot || (!state->is_break && (money_called || (no_call && lowest == money))));
	if (money_wins) {
		ruling->scored = true;
		ruling->turn_passes = false;
		after->score[shooter]++;
		rules_ruling_say(ruling, "; player %d wins", shooter + 1);
		rules_end_game(ruling, shooter);
		return true;
	}
	if (money_down) {
		rules_respot(ruling, money, rules_pool_spot(after, money));
		rules_ruling_say(ruling, "; the %d is respotted", money_ball);
	}
	if (turn_continues) {
		ruling->scored = true;
		ruling->turn_passes = false;
		rules_ruling_say(ruling, "; player %d shoots again", shooter + 1);
	} else {
		rules_pass_turn(ruling);
		rules_ruling_say(ruling, "; player %d to shoot", after->shooter + 1);
	}
	return true;
}

bool rules_judge_nine_ball(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest, bs_ruling* ruling) {
	return judge_rotation(shot, call, rest, ruling, 9, false);
}

bool rules_judge_ten_ball(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest, bs_ruling* ruling) {
	return judge_rotation(shot, call, rest, ruling, 10, true);
}
