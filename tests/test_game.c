// A game played shot by shot: creating one, refusing what cannot be played,
// saving a game in progress and loading it to continue bit for bit, and
// refusing malformed game files with their field or position.
#include "rules_helpers.h"

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

static char directory[256];

static void make_directory(void) {
	snprintf(directory, sizeof directory, "/tmp/breakshot_test_game_XXXXXX");
	CHECK(mkdtemp(directory) != NULL);
}

static void path_in(char* dest, size_t size, const char* name) {
	snprintf(dest, size, "%s/%s", directory, name);
}

static void write_text(const char* path, const char* text) {
	FILE* file = fopen(path, "w");
	CHECK(file != NULL);
	if (file) {
		fputs(text, file);
		fclose(file);
	}
}

static char* read_text(const char* path) {
	FILE* file = fopen(path, "rb");
	if (!file) {
		return NULL;
	}
	fseek(file, 0, SEEK_END);
	long size = ftell(file);
	fseek(file, 0, SEEK_SET);
	char* text = calloc(1, (size_t)size + 1);
	if (fread(text, 1, (size_t)size, file) != (size_t)size) {
		text[0] = '\0';
	}
	fclose(file);
	return text;
}

// The files in the test directory.
static int files_in_directory(void) {
	DIR* dir = opendir(directory);
	int n = 0;
	for (struct dirent* entry; dir && (entry = readdir(dir));) {
		n += entry->d_name[0] != '.';
	}
	if (dir) {
		closedir(dir);
	}
	return n;
}

// A simple player's shot: the lowest ball (or a ball of the group) at its
// first reachable pocket, placing the cue ball first when in hand.
static bool same_bits(double a, double b) {
	return memcmp(&a, &b, sizeof a) == 0;
}

static bool same_event(const bs_event* a, const bs_event* b) {
	return a->kind == b->kind && same_bits(a->time, b->time) && a->a == b->a && a->b == b->b &&
		same_bits(a->impulse, b->impulse) && same_bits(a->point.x, b->point.x) && same_bits(a->point.y, b->point.y) &&
		same_bits(a->normal.x, b->normal.x) && same_bits(a->normal.y, b->normal.y);
}

// The last shots of two games had the same events, bit for bit.
static void check_same_shot_events(const bs_game* game, const bs_game* other) {
	CHECK_EQ_INT(bs_game_shot_event_count(other), bs_game_shot_event_count(game));
	int n = bs_game_shot_event_count(game);
	if (n != bs_game_shot_event_count(other)) {
		return;
	}
	const bs_event* ea = bs_game_shot_events(game);
	const bs_event* eb = bs_game_shot_events(other);
	for (int k = 0; k < n; ++k) {
		// Field by field: an event's padding bytes are not its value.
		if (!same_event(&ea[k], &eb[k])) {
			CHECK_FAIL("event %d differs: %s at %.17g (%d, %d) against %s at %.17g (%d, %d)", k,
				bs_event_kind_name(ea[k].kind), ea[k].time, ea[k].a, ea[k].b, bs_event_kind_name(eb[k].kind),
				eb[k].time, eb[k].a, eb[k].b);
			return;
		}
	}
}

static bool take_turn(bs_game* game, bs_ruling* ruling) {
	const bs_game_state* state = bs_game_get_state(game);
	char error[256];
	int target = -1;
	for (int i = 0; i < state->ball_count; ++i) {
		const bs_rules_ball* ball = &state->balls[i];
		if (ball->on_table && ball->id != state->cue_ball && (target < 0 || ball->id < target)) {
			target = ball->id;
		}
	}
	if (state->in_hand != BS_IN_HAND_NONE) {
		bool placed = false;
		for (double x = 0.1; x < 0.6 && !placed; x += 0.1) {
			placed = bs_game_place_cue_ball(game, bs_v2(x, 0.3), error, sizeof error);
		}
		CHECK(placed);
	}
	bs_ball_def balls[BS_RULES_MAX_BALLS];
	bs_world_def def = bs_game_world_def(game, balls);
	bs_world* world = bs_world_create(&def);
	bs_cue_def cue = cue_towards(ball_at(game, target), 3.0);
	for (int p = 0; p < 6; ++p) {
		bs_pocket_aim aim;
		if (bs_aim_to_pocket(world, state->cue_ball, target, p, &aim) == BS_AIM_OK && aim.cue_blocker < 0) {
			cue = cue_towards(aim.aim.ghost, 3.0);
			break;
		}
	}
	bs_world_destroy(world);
	return bs_game_shoot(game, &cue, NULL, ruling, error, sizeof error);
}

// A game saved between shots and loaded again plays on exactly as the
// original: the same events, bit for bit, and the same states.
static void saved_game_continues_bit_for_bit(void) {
	bs_game_def def = bs_default_game_def(BS_GAME_9_BALL);
	snprintf(def.players[0], sizeof def.players[0], "Efren");
	snprintf(def.players[1], sizeof def.players[1], "Earl");
	char error[256] = "";
	bs_game* game = bs_game_create(&def, error, sizeof error);
	CHECK(game != NULL);
	bs_ruling ruling;
	bs_cue_def brk = cue_towards(bs_v2(0.75 * 2.54, 0.635), 9.0);
	CHECK(bs_game_shoot(game, &brk, NULL, &ruling, error, sizeof error));
	char path[300];
	path_in(path, sizeof path, "game.json");
	for (int shot = 0; shot < 6 && !bs_game_get_state(game)->over; ++shot) {
		CHECK(bs_game_save(game, path, error, sizeof error));
		bs_game* loaded = bs_game_load(path, error, sizeof error);
		if (!loaded) {
			CHECK_FAIL("the saved game does not load: %s", error);
			break;
		}
		CHECK(memcmp(bs_game_get_state(game), bs_game_get_state(loaded), sizeof(bs_game_state)) == 0);
		CHECK_EQ_STR(bs_game_player(loaded, 0), "Efren");
		CHECK_EQ_STR(bs_game_player(loaded, 1), "Earl");
		bs_ruling a;
		bs_ruling b;
		bool took_a = take_turn(game, &a);
		bool took_b = take_turn(loaded, &b);
		CHECK(took_a && took_b);
		check_same_shot_events(game, loaded);
		CHECK(memcmp(&a.after, &b.after, sizeof a.after) == 0);
		CHECK_EQ_STR(a.text, b.text);
		bs_game_destroy(loaded);
	}
	CHECK_EQ_INT(files_in_directory(), 1);
	unlink(path);
	bs_game_destroy(game);
}

// What cannot be played is refused at creation, with the field at fault.
static void creation_refuses_what_cannot_be_played(void) {
	char error[256] = "";
	bs_game_def def = bs_default_game_def(BS_GAME_9_BALL);
	def.world.physics = BS_PHYSICS_IDEAL;
	CHECK(bs_game_create(&def, error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "world.physics: a game is played under pool physics");

	def = bs_default_game_def(BS_GAME_9_BALL);
	bs_ball_def balls[2] = {bs_default_ball_def(), bs_default_ball_def()};
	balls[0].pos = bs_v2(0.5, 0.5);
	balls[1].id = 12;
	balls[1].pos = bs_v2(1.5, 0.5);
	def.world.balls = balls;
	def.world.ball_count = 2;
	CHECK(bs_game_create(&def, error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "balls[1].id: 12 is no ball of 9-ball");

	balls[1].id = 3;
	CHECK(bs_game_create(&def, error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "state.balls: 9-ball needs the 9 on the table");

	balls[1].id = 9;
	balls[1].pos = bs_v2(0.5 + BS_DEFAULT_RADIUS, 0.5);
	CHECK(bs_game_create(&def, error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "overlap");

	balls[0].id = 5;
	balls[1].pos = bs_v2(1.5, 0.5);
	CHECK(bs_game_create(&def, error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "no cue ball");

	balls[0].id = 0;
	balls[1].kind = BS_BALL_SNOOKER_RED;
	CHECK(bs_game_create(&def, error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "balls[1].kind: \"snooker_red\" is not a ball of 9-ball");

	// Each game on its own kind of table.
	def = bs_default_game_def(BS_GAME_SNOOKER);
	bs_table_preset("9ft", true, &def.world.table);
	CHECK(bs_game_create(&def, error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "rack: ");
	CHECK_CONTAINS(error, "snooker table");
	def = bs_default_game_def(BS_GAME_THREE_CUSHION);
	bs_table_preset("9ft", true, &def.world.table);
	CHECK(bs_game_create(&def, error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "three-cushion is played on a table without pockets");
	def = bs_default_game_def(BS_GAME_THREE_CUSHION);
	def.target_points = 0;
	CHECK(bs_game_create(&def, error, sizeof error) == NULL);
	CHECK_CONTAINS(error, "target_points");
	for (int kind = 0; kind < BS_GAME_KIND_COUNT; ++kind) {
		def = bs_default_game_def((bs_game_kind)kind);
		bs_game* game = bs_game_create(&def, error, sizeof error);
		if (!game) {
			CHECK_FAIL("the default %s game is refused: %s", bs_game_kind_name((bs_game_kind)kind), error);
		}
		bs_game_destroy(game);
	}
}

// A cue out of range is refused by its field, and the game is unchanged.
static void bad_cue_is_refused(void) {
	bs_game_def def = bs_default_game_def(BS_GAME_9_BALL);
	char error[256] = "";
	bs_game* game = bs_game_create(&def, error, sizeof error);
	bs_game_state before = *bs_game_get_state(game);
	bs_cue_def cue = cue_towards(bs_v2(1.9, 0.635), 3.0);
	cue.stick = true;
	cue.tip = bs_v2(0.0, 0.9);
	CHECK(!bs_game_shoot(game, &cue, NULL, NULL, error, sizeof error));
	CHECK_STARTS_WITH(error, "cue.tip: ");
	cue = cue_towards(bs_v2(1.9, 0.635), -1.0);
	CHECK(!bs_game_shoot(game, &cue, NULL, NULL, error, sizeof error));
	CHECK_STARTS_WITH(error, "cue.speed: ");
	CHECK(memcmp(&before, bs_game_get_state(game), sizeof before) == 0);
	CHECK_EQ_INT(bs_game_shot_event_count(game), 0);
	bs_game_destroy(game);
}

// Malformed game files: the position of a syntax error, the field of any
// other, and the game's own checks.
static void malformed_files_are_refused(void) {
	bs_game_def def = bs_default_game_def(BS_GAME_8_BALL);
	char error[512] = "";
	bs_game* game = bs_game_create(&def, error, sizeof error);
	char path[300];
	path_in(path, sizeof path, "good.json");
	CHECK(bs_game_save(game, path, error, sizeof error));
	bs_game_destroy(game);
	char* good = read_text(path);
	CHECK(good != NULL);
	unlink(path);

	struct {
		const char* find;
		const char* replace;
		const char* message;
	} cases[] = {
		{"\"breakshot_game\": 1", "\"breakshot_game\": 2", "breakshot_game: 2 is out of range [1, 1]"},
		{"\"game\": \"8-ball\"", "\"game\": \"snooker-ish\"", "game: expected one of"},
		{"\"shooter\": 0", "\"shooter\": 2", "state.shooter: 2 is out of range [0, 1]"},
		{"\"in_hand\": \"kitchen\"", "\"in_hand\": \"pocket\"", "state.in_hand: expected one of"},
		{"\"kind\": \"numbered\"", "\"kind\": \"cube\"", "state.balls[0].kind: expected a ball kind"},
		{"\"on_table\": true", "\"on_table\": 1", "state.balls[0].on_table: expected true or false"},
		{"\"winner\": -1", "\"winner\": 1", "state.winner: 1; 0 or 1 once over"},
		{"\"preset\": \"9ft\"", "\"preset\": \"10ft\"", "scene: table.preset: unknown preset"},
		{"\"score\": [", "\"scor\": [", "state.score: missing"},
		{"\"players\": [", "\"players\": 7, \"x\": [", "players: expected 2 names"},
		{"{", "{{", ":1:2: "},
		// States no game of 8-ball can reach.
		{"\"cue_ball\": 0", "\"cue_ball\": 5", "state.cue_ball: 5 is not the cue ball of player 1"},
		{"\"open\",\n      \"open\"", "\"solids\",\n      \"solids\"", "state.group: both open, or one solids"},
		{"\"fouls_in_row\": [\n      0,", "\"fouls_in_row\": [\n      7,", "state: player 1's fouls in a row"},
		{"\"pockets\": true", "\"pockets\": false", "table: 8-ball is played on a table with pockets"},
		{"\"on\": \"snooker_red\"", "\"on\": \"cube\"", "state.on: expected a ball kind"},
		// A feather-light ball among the others: its shots would not come to rest.
		{"\"mass\": 0.17", "\"mass\": 0.0016", "state.balls[0].mass: 0.0016 kg is less than 1/100 of ball"},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
		const char* at = strstr(good, cases[k].find);
		if (!at) {
			CHECK_FAIL("case %zu: %s is not in the saved file", k, cases[k].find);
			continue;
		}
		char text[16384];
		snprintf(text, sizeof text, "%.*s%s%s", (int)(at - good), good, cases[k].replace, at + strlen(cases[k].find));
		path_in(path, sizeof path, "bad.json");
		write_text(path, text);
		bs_game* loaded = bs_game_load(path, error, sizeof error);
		CHECK(loaded == NULL);
		CHECK_STARTS_WITH(error, path);
		CHECK_CONTAINS(error, cases[k].message);
		bs_game_destroy(loaded);
		unlink(path);
	}

	// A ball moved onto another: the position is refused.
	const char* pos = strstr(good, "\"pos\": [");
	const char* second = pos ? strstr(pos + 1, "\"pos\": [") : NULL;
	CHECK(second != NULL);
	if (second) {
		const char* end = strchr(second, ']');
		const char* first_end = strchr(pos, ']');
		char text[16384];
		snprintf(text, sizeof text, "%.*s%.*s%s", (int)(second - good), good, (int)(first_end - pos), pos, end);
		path_in(path, sizeof path, "overlap.json");
		write_text(path, text);
		bs_game* loaded = bs_game_load(path, error, sizeof error);
		CHECK(loaded == NULL);
		CHECK_CONTAINS(error, "overlap");
		bs_game_destroy(loaded);
		unlink(path);
	}
	free(good);

	path_in(path, sizeof path, "missing.json");
	CHECK(bs_game_load(path, error, sizeof error) == NULL);
	CHECK_STARTS_WITH(error, path);
}

// A save that cannot be written leaves nothing behind.
static void failed_save_leaves_nothing(void) {
	bs_game_def def = bs_default_game_def(BS_GAME_9_BALL);
	char error[512] = "";
	bs_game* game = bs_game_create(&def, error, sizeof error);
	char path[300];
	path_in(path, sizeof path, "no/such/dir/game.json");
	CHECK(!bs_game_save(game, path, error, sizeof error));
	CHECK_CONTAINS(error, "cannot write");
	CHECK_EQ_INT(files_in_directory(), 0);
	bs_game_destroy(game);
}

// A copy holds the game's state and last shot, and plays on by itself:
// the same shots give the same events on both, and a shot on the copy
// leaves the game as it was.
static void copy_plays_on_by_itself(void) {
	char error[256] = "";
	bs_game* game = bs_game_new(BS_GAME_8_BALL, 4, "Ann", "Bob", 0, error, sizeof error);
	CHECK(game != NULL);
	if (!game) {
		return;
	}
	bs_ruling ruling;
	bs_cue_def brk = cue_towards(bs_v2(0.75 * 2.54, 0.635), 9.0);
	CHECK(bs_game_shoot(game, &brk, NULL, &ruling, error, sizeof error));
	bs_game* copy = bs_game_copy(game);
	CHECK(copy != NULL);
	if (!copy) {
		bs_game_destroy(game);
		return;
	}
	CHECK(memcmp(bs_game_get_state(game), bs_game_get_state(copy), sizeof(bs_game_state)) == 0);
	CHECK_EQ_STR(bs_game_player(copy, 1), "Bob");
	check_same_shot_events(game, copy);
	bs_ruling a;
	bs_ruling b;
	CHECK(take_turn(game, &a) && take_turn(copy, &b));
	check_same_shot_events(game, copy);
	CHECK(memcmp(&a.after, &b.after, sizeof a.after) == 0);
	bs_game_state before = *bs_game_get_state(game);
	int events_before = bs_game_shot_event_count(game);
	if (!bs_game_get_state(copy)->over) {
		CHECK(take_turn(copy, &b));
	}
	CHECK(memcmp(bs_game_get_state(game), &before, sizeof before) == 0);
	CHECK_EQ_INT(bs_game_shot_event_count(game), events_before);
	bs_game_destroy(copy);
	bs_game_destroy(game);
}

int main(void) {
	make_directory();
	RUN(saved_game_continues_bit_for_bit);
	RUN(copy_plays_on_by_itself);
	RUN(creation_refuses_what_cannot_be_played);
	RUN(bad_cue_is_refused);
	RUN(malformed_files_are_refused);
	RUN(failed_save_leaves_nothing);
	rmdir(directory);
	return check_summary();
}
