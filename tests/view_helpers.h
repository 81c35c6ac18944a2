// breakshot tests: the viewer driven without a display, as the headless
// viewer tests share it: a viewer on a new game, and a script of keys.
#ifndef BREAKSHOT_TESTS_VIEW_HELPERS_H
#define BREAKSHOT_TESTS_VIEW_HELPERS_H

#include <stdbool.h>

#include "check.h"
#include "viewer.h"
#include <breakshot/game.h>

// A viewer on a new game of `kind` between Ann and Bob, or false with the
// failure recorded.
static inline bool viewer_on_new_game(bs_game_kind kind, bs_viewer* viewer) {
	char error[512];
	bs_game* game = bs_game_new(kind, 1, "Ann", "Bob", 0, error, sizeof error);
	if (!game) {
		CHECK_FAIL("%s", error);
		return false;
	}
	if (!bs_viewer_create_game(game, viewer, error, sizeof error)) {
		CHECK_FAIL("%s", error);
		return false;
	}
	return true;
}

// Plays a --keys script; false with the failure recorded.
static inline bool run_keys(bs_viewer* viewer, const char* keys) {
	char error[512];
	if (!bs_viewer_run_script(viewer, keys, error, sizeof error)) {
		CHECK_FAIL("%s", error);
		return false;
	}
	return true;
}

#endif
