// 8-ball (WPA Rules of Play, section 3, with the general rules of sections 1
// and 6): the open table, the groups, call shot, and the called 8.
#include "rules_internal.h"
#include "rules_pool.h"

#include <stdio.h>

static bs_eight_ball_group group_of(int id) {
	return id >= 1 && id <= 7 ? BS_GROUP_SOLIDS : id >= 9 && id <= 15 ? BS_GROUP_STRIPES : BS_GROUP_OPEN;
}

static const char* group_name(bs_eight_ball_group group) {
	return group == BS_GROUP_SOLIDS ? "solids" : group == BS_GROUP_STRIPES ? "stripes" : "open";
}

// Balls of `group` on the table in `state`.
static int group_left(const bs_game_state* state, bs_eight_ball_group group) {
	int n = 0;
	for (int i = 0; i < state->ball_count; ++i) {
		n += state->balls[i].on_table && group_of(state->balls[i].id) == group;
	}
	return n;
}

// Whether ball `index` is one the shooter may strike first: on an open table
// any ball but the 8 (WPA 3.6), else one of the shooter's group, and the 8
// once the group is gone.
static bool is_legal_target(const bs_game_state* state, int index, bool on_eight) {
	int id = state->balls[index].id;
	bs_eight_ball_group own = state->group[state->shooter];
	if (on_eight) {
		return id == 8;
	}
	return own == BS_GROUP_OPEN ? id != 8 && id != state->cue_ball : group_of(id) == own;
}

int rules_balls_on_eight_ball(const bs_game_state* state, int* ids) {
	bs_eight_ball_group own = state->group[state->shooter];
	bool on_eight = own != BS_GROUP_OPEN && group_left(state, own) == 0;
	int n = 0;
	for (int i = 0; i < state->ball_count; ++i) {
		if (state->balls[i].on_table && state->balls[i].id != state->cue_ball && is_legal_target(state, i, on_eight)) {
			ids[n++] = state->balls[i].id;
		}
	}
	return n;
}

static bool judge_break(const rules_shot* shot, bs_ruling* ruling) {
	const bs_game_state* state = shot->state;
	bs_game_state* after = &ruling->after;
	int eight = bs_game_state_find(state, 8);
	bs_foul foul = rules_pool_common_foul(shot, ruling);
	if (foul == BS_FOUL_NONE) {
		rules_ruling_decided_by(ruling, shot->first_contact_event);
		if (!rules_pool_break_is_good(shot, ruling)) {
			// WPA 3.3 gives the incoming player the choice of a re-rack;
			// this takes it: the balls go back and the other player breaks.
			ruling->foul = BS_FOUL_BAD_BREAK;
			for (int i = 0; i < state->ball_count; ++i) {
				if (state->balls[i].on_table) {
					rules_respot(ruling, i, state->balls[i].pos);
				}
			}
			rules_pass_turn(ruling);
			after->is_break = true;
			after->in_hand = BS_IN_HAND_KITCHEN;
			rules_ruling_say(ruling, "; the balls are racked again and player %d breaks", after->shooter + 1);
			return true;
		}
	}
	ruling->foul = foul;
	if (foul == BS_FOUL_NONE) {
		rules_ruling_say(ruling, "legal break: ");
		rules_pool_say_first_contact(ruling, shot);
	}
	rules_pool_say_pots(ruling, shot);
	// The 8 on the break neither wins nor loses (WPA 3.4): it is spotted.
	if (eight >= 0 && rules_shot_pocketed(shot, eight)) {
		rules_respot(ruling, eight, rules_pool_spot(after, eight));
		rules_ruling_say(ruling, "; the 8 is spotted");
	}
	if (foul != BS_FOUL_NONE) {
		// A scratch on a legal break (WPA 3.5): the balls stay down, the
		// table is open, and the incoming player has ball in hand.
		rules_pool_give_ball_in_hand(ruling);
		rules_ruling_say(ruling, "; the table is open; player %d has ball in hand", after->shooter + 1);
		return true;
	}
	int object_pots = shot->pot_count;
	if (object_pots > 0) {
		for (int p = 0; p < shot->pot_count; ++p) {
			rules_ruling_decided_by(ruling, shot->pots[p].event);
		}
		ruling->scored = true;
		ruling->turn_passes = false;
		rules_ruling_say(ruling, "; the table is open; player %d shoots again", state->shooter + 1);
	} else {
		rules_pass_turn(ruling);
		rules_ruling_say(ruling, "; nothing pocketed; the table is open; player %d to shoot", after->shooter + 1);
	}
	return true;
}

bool rules_judge_eight_ball(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest, bs_ruling* ruling) {
	const bs_game_state* state = shot->state;
	rules_ruling_begin(shot, rest, ruling);
	bs_game_state* after = &ruling->after;
	int shooter = state->shooter;
	int eight = bs_game_state_find(state, 8);
	if (eight < 0 || !state->balls[eight].on_table) {
		snprintf(ruling->text, sizeof ruling->text, "the 8 is not on the table: this is no game of 8-ball");
		return false;
	}
	if (state->is_break) {
		return judge_break(shot, ruling);
	}
	bs_eight_ball_group own = state->group[shooter];
	bool on_eight = own != BS_GROUP_OPEN && group_left(state, own) == 0;
	if (call->ball >= 0) {
		int called = bs_game_state_find(state, call->ball);
		if (!is_legal_target(state, called, on_eight)) {
			snprintf(ruling->text, sizeof ruling->text, "call.ball: the %d is not the shooter's to call (%s%s)", call->ball,
				on_eight ? "the 8 is on" : "group ", on_eight ? "" : group_name(own));
			return false;
		}
	}
	if (on_eight && call->pocket < 0) {
		snprintf(ruling->text, sizeof ruling->text, "call.pocket: a shot at the 8 must call its pocket (WPA 3.2)");
		return false;
	}

	bs_foul foul = rules_pool_common_foul(shot, ruling);
	if (foul == BS_FOUL_NONE) {
		rules_ruling_decided_by(ruling, shot->first_contact_event);
		// A split hit between a legal ball and another goes to the shooter.
		bool legal_first = false;
		for (int k = 0; k < shot->first_contact_count; ++k) {
			legal_first = legal_first || is_legal_target(state, shot->first_contact[k], on_eight);
		}
		if (!legal_first) {
			rules_ruling_say(ruling, "foul: ");
			rules_pool_say_first_contact(ruling, shot);
			rules_ruling_say(ruling, "; %s", on_eight ? "the 8 was on"
				: own == BS_GROUP_OPEN                ? "on an open table the 8 may not be struck first"
													  : own == BS_GROUP_SOLIDS ? "a solid was on"
																			   : "a stripe was on");
			foul = BS_FOUL_WRONG_BALL_FIRST;
		} else {
			foul = rules_pool_rail_foul(shot, ruling);
		}
	}
	ruling->foul = foul;

	// The 8: legally in the called pocket wins; any other way loses (WPA 3.8).
	if (rules_shot_pocketed(shot, eight)) {
		const rules_pot* pot = NULL;
		for (int p = 0; p < shot->pot_count; ++p) {
			pot = shot->pots[p].index == eight ? &shot->pots[p] : pot;
		}
		rules_ruling_decided_by(ruling, pot->event);
		if (foul == BS_FOUL_NONE && on_eight && pot->pocket == call->pocket) {
			ruling->scored = true;
			ruling->turn_passes = false;
			rules_ruling_say(ruling, "legal: the 8 in the called pocket %d (event %d, t = %.9g s); player %d wins",
				pot->pocket, pot->event, rules_event_time(shot, pot->event), shooter + 1);
			after->score[shooter]++;
			rules_end_game(ruling, shooter);
			return true;
		}
		rules_ruling_say(ruling, "%sthe 8 was pocketed in pocket %d (event %d, t = %.9g s) ", ruling->text[0] ? "; " : "",
			pot->pocket, pot->event, rules_event_time(shot, pot->event));
		rules_ruling_say(ruling, "%s; player %d loses",
			foul != BS_FOUL_NONE ? "on a foul"
			: !on_eight          ? "before its group was cleared"
								 : "in a pocket not called",
			shooter + 1);
		after->score[1 - shooter]++;
		rules_end_game(ruling, 1 - shooter);
		return true;
	}

	if (foul != BS_FOUL_NONE) {
		rules_pool_say_pots(ruling, shot);
		rules_pool_give_ball_in_hand(ruling);
		rules_ruling_say(ruling, "; player %d has ball in hand", after->shooter + 1);
		return true;
	}

	// Call shot (WPA 3.2, 1.6): the called ball in the called pocket keeps
	// the turn. With no call the obvious shot is taken: any of the
	// shooter's balls (on an open table, any but the 8) in any pocket.
	int made = -1;
	for (int p = 0; p < shot->pot_count && made < 0; ++p) {
		int index = shot->pots[p].index;
		bool counts = call->ball >= 0
			? state->balls[index].id == call->ball && (call->pocket < 0 || call->pocket == shot->pots[p].pocket)
			: is_legal_target(state, index, false);
		if (counts) {
			made = p;
		}
	}
	// The first contact, if pocketed, decides an open table's group when
	// nothing was called.
	if (made >= 0 && call->ball < 0 && own == BS_GROUP_OPEN) {
		for (int p = 0; p < shot->pot_count; ++p) {
			if (shot->pots[p].index == shot->first_contact[0]) {
				made = p;
			}
		}
	}
	rules_ruling_say(ruling, "legal: ");
	rules_pool_say_first_contact(ruling, shot);
	rules_pool_say_pots(ruling, shot);
	if (made < 0) {
		rules_pass_turn(ruling);
		rules_ruling_say(ruling, "; %s; player %d to shoot",
			call->ball >= 0 ? "the called ball was not made as called" : "none of the shooter's balls was made",
			after->shooter + 1);
		return true;
	}
	rules_ruling_decided_by(ruling, shot->pots[made].event);
	if (own == BS_GROUP_OPEN) {
		bs_eight_ball_group chosen = group_of(state->balls[shot->pots[made].index].id);
		after->group[shooter] = chosen;
		after->group[1 - shooter] = chosen == BS_GROUP_SOLIDS ? BS_GROUP_STRIPES : BS_GROUP_SOLIDS;
		rules_ruling_say(ruling, "; player %d takes the %s", shooter + 1, group_name(chosen));
	}
	ruling->scored = true;
	ruling->turn_passes = false;
	rules_ruling_say(ruling, "; player %d shoots again", shooter + 1);
	return true;
}
