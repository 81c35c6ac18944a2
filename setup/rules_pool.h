// breakshot: what the pool games' rules share (WPA): the scratch, the first
// contact, the rail after contact, the break's count and ball in hand.
#ifndef BREAKSHOT_RULES_POOL_H
#define BREAKSHOT_RULES_POOL_H

#include "rules_internal.h"

/// The time of event `event` of the shot (s).
double rules_event_time(const rules_shot* shot, int event);

/// Whether ball `index` is among the balls the cue ball touched first.
bool rules_pool_first_contact_is(const rules_shot* shot, int index);

/// The fouls every pool game shares and checks first: the cue ball
/// pocketed, then no ball touched. Explains a foul in the ruling.
bs_foul rules_pool_common_foul(const rules_shot* shot, bs_ruling* ruling);

/// Whether a break is legal by its count (WPA 3.3, 4.3, 5.3): a ball
/// pocketed, or at least four object balls driven to a cushion. Explains a
/// bad break in the ruling.
bool rules_pool_break_is_good(const rules_shot* shot, bs_ruling* ruling);

/// The rail after contact (WPA 6.3): after the first contact a ball must be
/// pocketed or some ball must meet a cushion. BS_FOUL_NO_RAIL, explained, if not.
bs_foul rules_pool_rail_foul(const rules_shot* shot, bs_ruling* ruling);

/// Passes the turn with ball in hand anywhere (WPA 1.5 and 6).
void rules_pool_give_ball_in_hand(bs_ruling* ruling);

/// Counts a shooter's fouls in a row in `after`: one more, or none after a legal shot.
void rules_pool_count_foul(bs_ruling* ruling, int shooter, bool fouled);

/// Appends the balls the shot pocketed, with their events and pockets.
void rules_pool_say_pots(bs_ruling* ruling, const rules_shot* shot);

/// Appends the first contact: which balls, which event, when.
void rules_pool_say_first_contact(bs_ruling* ruling, const rules_shot* shot);

#endif
