// Placeholder judges while the rulesets are written; removed when they land.
#include "rules_internal.h"

#include <stdio.h>

static bool pending(bs_ruling* ruling, const char* game) {
	snprintf(ruling->text, sizeof ruling->text, "the rules of %s are not written yet", game);
	return false;
}

bool rules_judge_nine_ball(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest, bs_ruling* ruling) {
	return pending(ruling, "9-ball");
}
bool rules_judge_eight_ball(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest, bs_ruling* ruling) {
	return pending(ruling, "8-ball");
}
bool rules_judge_ten_ball(const rules_shot* shot, const bs_shot_call* call, const bs_vec2* rest, bs_ruling* ruling) {
	return pending(ruling, "10-ball");
}
