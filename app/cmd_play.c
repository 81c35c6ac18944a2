// breakshot play: plays a game (game.h) from a file of shots, printing the
// ruling of each: a new game of a kind, or one saved by --save. The
// arguments: bs_play_command below; the shots file: docs/games.md.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "cli.h"
#include "commands.h"
#include "ensemble_engine.h"
#include "output_file.h"
#include "play_ai.h"
#include "printable.h"
#include "scene_cue.h"
#include <breakshot/game.h>
#include <breakshot/player.h>

static int play_main(int argc, char** argv);

const bs_command bs_play_command = {
	.name = "play",
	.synopsis = "GAME [--seed S] [--players A,B] [--points N] [--shots FILE] [--save FILE] [--json]\n"
				"--load FILE [--shots FILE] [--save FILE] [--json]\n"
				"GAME|--load FILE --ai [--seed S] [--samples N] [--sigma-aim DEG] ... [--save FILE] [--json]\n"
				"GAME --ai --games N [--seed S] [--points N] [--samples N] [--sigma-aim DEG] ...\n"
				"  [--threads T] [--stats DIR [--resume]]",
	.summary = "play a game of 9-ball, 8-ball, 10-ball, snooker or three-cushion from a file of shots",
	.details =
		"A new game of GAME (9-ball, 8-ball, 10-ball, snooker, three-cushion) on its own table, racked with seed S "
		"(default 1), between players A and B, to N points in three-cushion (default 15); or the game saved in FILE "
		"by --save. Each shot of the shots file (docs/games.md: {\"shots\": [{\"place\": [x, y], \"cue\": {...}, "
		"\"call\": {\"ball\": 8, \"pocket\": 3}}, ...]}) is struck, simulated exactly to rest and judged by the "
		"game's rules; its ruling is printed, or with --json one JSON object a line. --save writes the game as it "
		"stands after the last shot, whole or not at all.\n\n"
		"A malformed shot, or one the game refuses (a ball in hand placed on another ball, an 8 without its "
		"pocket, a shot after the game is over), stops the play with exit status 2 and its field: "
		"\"FILE: shots[3].place: ...\"; nothing is saved.\n\n"
		"--ai: two players of breakshot's own play the game to its end instead (docs/solve.md, \"A player\"). Each "
		"shot places the cue ball when in hand, searches the shots the rules score (breakshot solve with --samples "
		"N noise samples, default 300, and the noise of --sigma-aim, --sigma-elevation, --sigma-speed and --sigma-tip, "
		"as breakshot solve's), plays the one of most probability plus position, or a safety when none is "
		"likely, and executes it under the search's noise drawn from the seed S: the same S replays the same game. "
		"Each line gets the player's choice. With --games N, N games (racked with seeds S to S + N - 1) are played "
		"on T threads (default: the CPUs this process may run on), a line each in order, then the statistics with "
		"95 % intervals: 9-ball's break-and-run rate and balls per inning, 8-ball's breaker win rate, "
		"three-cushion's general average (points per inning), snooker's mean break. --stats DIR (made if missing) "
		"gets games.csv (a row a game, with what each visit made), stats.csv and stats.png and .svg, a histogram of "
		"what each visit made. The rows reach DIR/games.csv.partial as the games are printed; a match killed "
		"part-way leaves that and DIR/match.settings, and the same command with --resume, run by the same build "
		"(the settings keep a fingerprint of game 1's first shots), goes on from there to the same bytes as a match "
		"never stopped.",
	.main = play_main,
};

/// One shot of a shots file.
typedef struct play_shot {
	bool has_place;
	bs_vec2 place; ///< where the cue ball is placed first (ball in hand)
	bs_cue_def cue;
	bs_shot_call call;
} play_shot;

static bool read_place(const char* path, const json_t* value, const char* field, bs_vec2* dest) {
	if (!json_is_array(value) || json_array_size(value) != 2 || !json_is_number(json_array_get(value, 0)) ||
		!json_is_number(json_array_get(value, 1))) {
		bs_cli_fail("%s: %s: expected 2 numbers [x, y] (m)", path, field);
		return false;
	}
	*dest = bs_v2(json_number_value(json_array_get(value, 0)), json_number_value(json_array_get(value, 1)));
	return true;
}

static bool read_call(const char* path, const json_t* value, const char* field, bs_shot_call* dest) {
	*dest = bs_no_call();
	if (!json_is_object(value)) {
		bs_cli_fail("%s: %s: expected an object {\"ball\": ID, \"pocket\": INDEX}", path, field);
		return false;
	}
	const char* key;
	json_t* member;
	json_object_foreach((json_t*)value, key, member) {
		int* target = strcmp(key, "ball") == 0 ? &dest->ball : strcmp(key, "pocket") == 0 ? &dest->pocket : NULL;
		if (!target) {
			char shown[256];
			bs_copy_printable(shown, sizeof shown, key);
			bs_cli_fail("%s: %s.%s: unknown key (expected one of: ball, pocket)", path, field, shown);
			return false;
		}
		if (!json_is_integer(member) || json_integer_value(member) < 0 || json_integer_value(member) > 1000000000) {
			bs_cli_fail("%s: %s.%s: expected a whole number >= 0", path, field, key);
			return false;
		}
		*target = (int)json_integer_value(member);
	}
	return true;
}

// Reads every shot before any is played, so that a malformed file plays none.
static play_shot* read_shots(const char* path, int* count) {
	json_error_t syntax;
	json_t* root = json_load_file(path, JSON_REJECT_DUPLICATES, &syntax);
	if (!root) {
		char near[sizeof syntax.text * 4];
		bs_copy_printable(near, sizeof near, syntax.text); // it quotes the file: keep it one line
		if (syntax.line > 0) {
			bs_cli_fail("%s:%d:%d: %s", path, syntax.line, syntax.column, near);
		} else {
			bs_cli_fail("%s: %s", path, near);
		}
		return NULL;
	}
	play_shot* shots = NULL;
	const json_t* list = json_object_get(root, "shots");
	if (!json_is_object(root) || json_object_size(root) != 1 || !json_is_array(list)) {
		bs_cli_fail("%s: expected {\"shots\": [...]}", path);
		goto done;
	}
	*count = (int)json_array_size(list);
	shots = calloc((size_t)(*count > 0 ? *count : 1), sizeof *shots);
	if (!shots) {
		bs_cli_fail("%s: out of memory for %d shots", path, *count);
		goto done;
	}
	for (int k = 0; k < *count; ++k) {
		const json_t* shot = json_array_get(list, (size_t)k);
		char field[64];
		snprintf(field, sizeof field, "shots[%d]", k);
		if (!json_is_object(shot)) {
			bs_cli_fail("%s: %s: expected an object with a \"cue\"", path, field);
			goto fail;
		}
		const char* key;
		json_t* member;
		json_object_foreach((json_t*)shot, key, member) {
			if (strcmp(key, "cue") != 0 && strcmp(key, "place") != 0 && strcmp(key, "call") != 0) {
				char shown[256];
				bs_copy_printable(shown, sizeof shown, key);
				bs_cli_fail("%s: %s.%s: unknown key (expected one of: place, cue, call)", path, field, shown);
				goto fail;
			}
		}
		play_shot* s = &shots[k];
		s->call = bs_no_call();
		const json_t* cue = json_object_get(shot, "cue");
		const json_t* place = json_object_get(shot, "place");
		const json_t* call = json_object_get(shot, "call");
		char sub[96];
		char error[512];
		snprintf(sub, sizeof sub, "%s.cue", field);
		if (!cue) {
			bs_cli_fail("%s: %s: missing", path, sub);
			goto fail;
		}
		if (!bs_scene_read_cue(cue, path, sub, BS_PHYSICS_POOL, &s->cue, error, sizeof error)) {
			bs_cli_fail("%s", error);
			goto fail;
		}
		snprintf(sub, sizeof sub, "%s.place", field);
		if (place && !read_place(path, place, sub, &s->place)) {
			goto fail;
		}
		s->has_place = place != NULL;
		snprintf(sub, sizeof sub, "%s.call", field);
		if (call && !read_call(path, call, sub, &s->call)) {
			goto fail;
		}
	}
	goto done;
fail:
	free(shots);
	shots = NULL;
done:
	json_decref(root);
	return shots;
}

static const char* in_hand_text(bs_ball_in_hand in_hand) {
	switch (in_hand) {
	case BS_IN_HAND_ANYWHERE:
		return "ball in hand anywhere";
	case BS_IN_HAND_KITCHEN:
		return "ball in hand behind the head string";
	case BS_IN_HAND_D:
		return "ball in hand in the D";
	default:
		return "from where the cue ball lies";
	}
}

static const char* in_hand_name(bs_ball_in_hand in_hand) {
	static const char* const names[BS_IN_HAND_COUNT] = {"none", "anywhere", "kitchen", "d"};
	return names[in_hand];
}

static void print_ruling_text(const bs_game* game, int number, int shooter, const bs_ruling* ruling) {
	const bs_game_state* after = &ruling->after;
	printf("shot %d, %s: %s\n", number, bs_game_player(game, shooter), ruling->text);
	if (after->over && after->winner < 0) {
		printf("  score %d-%d; game over: drawn\n", after->score[0], after->score[1]);
	} else if (after->over) {
		printf("  score %d-%d; game over: %s wins\n", after->score[0], after->score[1],
			bs_game_player(game, after->winner));
	} else {
		printf("  score %d-%d; next: %s, %s\n", after->score[0], after->score[1], bs_game_player(game, after->shooter),
			in_hand_text(after->in_hand));
	}
}

static void print_choice_text(const bs_player_choice* choice) {
	char placed[64] = "";
	if (choice->place) {
		snprintf(placed, sizeof placed, "places the cue ball at (%.3f, %.3f), ", choice->place_at.x, choice->place_at.y);
	}
	char call[48] = "";
	if (choice->call.ball >= 0 && choice->call.pocket >= 0) {
		snprintf(call, sizeof call, " the %d in pocket %d,", choice->call.ball, choice->call.pocket);
	} else if (choice->call.ball >= 0) {
		snprintf(call, sizeof call, " the %d,", choice->call.ball);
	}
	printf("  ai: %s%s%s %s at %.2f m/s, %.4f degrees, tip [%.2f, %.2f]: %s %.3f [%.3f, %.3f]; %lld shots "
		   "simulated\n", placed,
		choice->is_break ? "breaks" : choice->safety ? "plays safe" : "plays",
		call, bs_shot_family_name(choice->family), choice->cue.speed, choice->cue.angle_deg, choice->cue.tip.x,
		choice->cue.tip.y, choice->safety ? "legal" : "scores", choice->probability, choice->low, choice->high,
		(long long)choice->evaluations);
}

static void print_ruling_json(const bs_game* game, int number, int shooter, const bs_shot_call* call,
	const bs_ruling* ruling) {
	const bs_event* events = bs_game_shot_events(game);
	json_t* respots = json_array();
	for (int k = 0; k < ruling->respot_count; ++k) {
		json_array_append_new(respots, json_pack("{s:i, s:[f, f]}", "id", ruling->respots[k].id, "pos",
										   ruling->respots[k].pos.x, ruling->respots[k].pos.y));
	}
	json_t* deciding = json_array();
	for (int k = 0; k < ruling->deciding_count; ++k) {
		const bs_event* e = &events[ruling->deciding[k]];
		json_array_append_new(deciding, json_pack("{s:i, s:s, s:f, s:i, s:i}", "event", ruling->deciding[k], "kind",
											bs_event_kind_name(e->kind), "time", e->time, "a", e->a, "b", e->b));
	}
	const bs_game_state* after = &ruling->after;
	static const char* const groups[3] = {"open", "solids", "stripes"};
	json_t* state = json_pack("{s:i, s:[s, s], s:s}", "cue_ball", after->cue_ball, "groups", groups[after->group[0]],
		groups[after->group[1]], "on", after->game == BS_GAME_SNOOKER ? bs_ball_kind_name(after->on) : "");
	json_t* line = json_pack("{s:i, s:i, s:s, s:s, s:i, s:i, s:b, s:b, s:[i, i], s:i, s:s, s:o, s:o, s:i, s:b, s:i, s:s}",
		"shot", number, "shooter", shooter, "player", bs_game_player(game, shooter), "foul", bs_foul_name(ruling->foul),
		"points", ruling->points, "foul_points", ruling->foul_points, "scored", ruling->scored, "turn_passes",
		ruling->turn_passes, "score", after->score[0], after->score[1], "next_shooter", after->shooter, "in_hand",
		in_hand_name(after->in_hand), "respots", respots, "deciding", deciding, "events",
		bs_game_shot_event_count(game), "over", after->over, "winner", after->winner, "text", ruling->text);
	json_object_set_new(line, "call", json_pack("{s:i, s:i}", "ball", call->ball, "pocket", call->pocket));
	json_object_set_new(line, "next", state);
	char* text = json_dumps(line, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
	if (text) {
		puts(text);
	}
	free(text);
	json_decref(line);
}

// Whether --save can write there: its directory exists and is writable,
// and it is not a directory itself. Checked before any shot is played, so
// that a bad path costs nothing; a write that fails later is exit 1.
static bool save_place_ok(const char* path) {
	struct stat info;
	if (stat(path, &info) == 0 && S_ISDIR(info.st_mode)) {
		bs_cli_fail("--save %s: is a directory", path);
		return false;
	}
	const char* slash = strrchr(path, '/');
	char directory[4096];
	if (!slash) {
		snprintf(directory, sizeof directory, ".");
	} else {
		snprintf(directory, sizeof directory, "%.*s", slash == path ? 1 : (int)(slash - path), path);
	}
	if (access(directory, W_OK | X_OK) != 0) {
		bs_cli_fail("--save %s: cannot write in %s: %s", path, directory, strerror(errno));
		return false;
	}
	return true;
}

static int play_main(int argc, char** argv) {
	const char* game_name = NULL;
	const char* load_path = NULL;
	const char* shots_path = NULL;
	const char* save_path = NULL;
	const char* players = NULL;
	bool json = false;
	int64_t seed = 1;
	int64_t points = BS_THREE_CUSHION_DEFAULT_POINTS;
	bool new_game_options = false; // --points given, or --seed without --ai
	bool seed_given = false;
	bool ai = false;
	bool resume = false;
	int64_t games = 0;
	int64_t threads = 0;
	int64_t samples = 0;
	const char* stats_dir = NULL;
	bs_noise_def noise = bs_default_noise_def();
	bool noise_set = false;
	for (int i = 0; i < argc; ++i) {
		const char* value = i + 1 < argc ? argv[i + 1] : NULL;
		if (bs_command_is_help(argv[i])) {
			bs_command_print_help(&bs_play_command, stdout);
			return 0;
		}
		if (strcmp(argv[i], "--json") == 0) {
			json = true;
			continue;
		}
		if (strcmp(argv[i], "--ai") == 0) {
			ai = true;
			continue;
		}
		if (strcmp(argv[i], "--resume") == 0) {
			resume = true;
			continue;
		}
		bool ok = true;
		if (strcmp(argv[i], "--seed") == 0) {
			ok = bs_cli_parse_int64(value, "--seed", 0, INT64_MAX, &seed);
			seed_given = true;
		} else if (strcmp(argv[i], "--points") == 0) {
			ok = bs_cli_parse_int64(value, "--points", 1, 1000000, &points);
			new_game_options = true;
		} else if (strcmp(argv[i], "--games") == 0) {
			ok = bs_cli_parse_int64(value, "--games", 1, 100000000, &games);
		} else if (strcmp(argv[i], "--threads") == 0) {
			ok = bs_cli_parse_int64(value, "--threads", 1, 256, &threads);
		} else if (strcmp(argv[i], "--samples") == 0) {
			ok = bs_cli_parse_int64(value, "--samples", 1, BS_SOLVE_MAX_SAMPLES, &samples);
		} else if (strcmp(argv[i], "--sigma-aim") == 0 || strcmp(argv[i], "--sigma-elevation") == 0 ||
				   strcmp(argv[i], "--sigma-speed") == 0 || strcmp(argv[i], "--sigma-tip") == 0) {
			double* sigma = strcmp(argv[i], "--sigma-aim") == 0 ? &noise.aim_deg
				: strcmp(argv[i], "--sigma-elevation") == 0	 ? &noise.elevation_deg
				: strcmp(argv[i], "--sigma-speed") == 0		 ? &noise.speed
																 : &noise.tip;
			ok = bs_cli_parse_double(value, argv[i], sigma);
			if (ok && *sigma < 0.0) {
				return bs_command_fail(&bs_play_command, "%s: %g must be >= 0", argv[i], *sigma);
			}
			noise_set = true;
		} else if (strcmp(argv[i], "--stats") == 0) {
			if (!value || !value[0]) {
				return bs_command_fail(&bs_play_command, "--stats needs a value");
			}
			stats_dir = value;
		} else if (strcmp(argv[i], "--players") == 0 || strcmp(argv[i], "--load") == 0 ||
				   strcmp(argv[i], "--shots") == 0 || strcmp(argv[i], "--save") == 0) {
			if (!value || !value[0]) {
				return bs_command_fail(&bs_play_command, "%s needs a value", argv[i]);
			}
			if (strcmp(argv[i], "--players") == 0) {
				players = value;
			} else if (strcmp(argv[i], "--load") == 0) {
				load_path = value;
			} else if (strcmp(argv[i], "--shots") == 0) {
				shots_path = value;
			} else {
				save_path = value;
			}
		} else if (argv[i][0] == '-' || game_name) {
			return bs_command_fail(&bs_play_command, "play: unknown argument '%s'", argv[i]);
		} else {
			game_name = argv[i];
			continue;
		}
		if (!ok) {
			return BS_EXIT_USAGE;
		}
		++i;
	}
	if ((game_name != NULL) == (load_path != NULL)) {
		return bs_command_fail(&bs_play_command, "play: give a GAME (9-ball, 8-ball, 10-ball, snooker, three-cushion) "
												 "or --load FILE, not both");
	}
	// With --ai, --seed is also the players' stream, which a loaded game takes.
	new_game_options = new_game_options || (seed_given && !(load_path && ai));
	if (load_path && (players || new_game_options)) {
		return bs_command_fail(&bs_play_command, "play: --seed (without --ai), --players and --points make a new game; "
												 "a loaded game keeps its own");
	}
	if (!ai && (games || threads || samples || stats_dir || noise_set)) {
		return bs_command_fail(&bs_play_command,
			"play: --games, --threads, --samples, --sigma-* and --stats go with --ai");
	}
	if (ai && shots_path) {
		return bs_command_fail(&bs_play_command, "play: --ai plays its own shots: no --shots");
	}
	if (ai && !games && (threads || stats_dir)) {
		return bs_command_fail(&bs_play_command, "play: --threads and --stats go with --games");
	}
	if (resume && !stats_dir) {
		return bs_command_fail(&bs_play_command, "play: --resume goes on from the games in a --stats DIR: give it");
	}
	if (save_path && !save_place_ok(save_path)) {
		return BS_EXIT_USAGE;
	}
	bs_player_def player = bs_default_player_def();
	player.seed = (uint64_t)seed;
	if (samples) {
		player.search.samples = (int)samples;
	}
	player.search.noise = noise;
	if (games) {
		if (!game_name || save_path || json) {
			return bs_command_fail(&bs_play_command, "play: --games plays new games of a GAME, without --save or --json");
		}
		bs_play_ai_match match;
		memset(&match, 0, sizeof match);
		if (!bs_game_kind_from_name(game_name, &match.game)) {
			return bs_command_fail(&bs_play_command,
				"play: unknown game '%s' (expected 9-ball, 8-ball, 10-ball, snooker or three-cushion)", game_name);
		}
		if (stats_dir && bs_output_check_dir(stats_dir, "--stats") != 0) {
			return BS_EXIT_USAGE;
		}
		match.games = games;
		match.seed = (uint64_t)seed;
		match.points = (int)points;
		match.threads = threads ? (int)threads : bs_ensemble_default_threads();
		match.dir = stats_dir;
		match.resume = resume;
		match.player = player;
		return bs_play_ai_run(&match);
	}
	char error[640];
	bs_game* game = NULL;
	if (load_path) {
		game = bs_game_load(load_path, error, sizeof error);
		if (!game) {
			return bs_cli_fail("%s", error);
		}
	} else {
		bs_game_kind kind;
		if (!bs_game_kind_from_name(game_name, &kind)) {
			return bs_command_fail(&bs_play_command,
				"play: unknown game '%s' (expected 9-ball, 8-ball, 10-ball, snooker or three-cushion)", game_name);
		}
		bs_game_def def = bs_default_game_def(kind);
		def.rack.seed = (uint64_t)seed;
		def.target_points = (int)points;
		if (players) {
			const char* comma = strchr(players, ',');
			if (!comma || comma == players || !comma[1] || strchr(comma + 1, ',') ||
				(size_t)(comma - players) >= BS_GAME_NAME_SIZE || strlen(comma + 1) >= BS_GAME_NAME_SIZE) {
				return bs_command_fail(&bs_play_command, "--players: expected two names A,B of at most %d characters",
					BS_GAME_NAME_SIZE - 1);
			}
			snprintf(def.players[0], sizeof def.players[0], "%.*s", (int)(comma - players), players);
			snprintf(def.players[1], sizeof def.players[1], "%s", comma + 1);
		}
		game = bs_game_create(&def, error, sizeof error);
		if (!game) {
			return bs_cli_fail("play %s: %s", game_name, error);
		}
	}
	int count = 0;
	play_shot* shots = NULL;
	if (shots_path && !(shots = read_shots(shots_path, &count))) {
		bs_game_destroy(game);
		return BS_EXIT_USAGE;
	}
	int status = 0;
	if (ai && bs_game_get_state(game)->over) {
		status = bs_cli_fail("%s: the game is over: nothing to play", load_path ? load_path : game_name);
	}
	for (int k = 0; ai && status == 0 && k < BS_PLAY_AI_MAX_SHOTS && !bs_game_get_state(game)->over; ++k) {
		int shooter = bs_game_get_state(game)->shooter;
		bs_player_choice choice;
		bs_ruling ruling;
		if (!bs_player_play(game, &player, k, &choice, &ruling, error, sizeof error)) {
			status = bs_cli_fail("shot %d: %s", k + 1, error);
			break;
		}
		int number = bs_game_get_state(game)->shot_count;
		if (json) {
			print_ruling_json(game, number, shooter, &choice.call, &ruling);
		} else {
			print_choice_text(&choice);
			print_ruling_text(game, number, shooter, &ruling);
		}
	}
	for (int k = 0; k < count; ++k) {
		const play_shot* shot = &shots[k];
		int shooter = bs_game_get_state(game)->shooter;
		if (shot->has_place && !bs_game_place_cue_ball(game, shot->place, error, sizeof error)) {
			status = bs_cli_fail("%s: shots[%d].place: %s", shots_path, k, error);
			break;
		}
		bs_ruling ruling;
		if (!bs_game_shoot(game, &shot->cue, &shot->call, &ruling, error, sizeof error)) {
			// The game names a cue or call field by its path: it goes under the shot's.
			bool field = strncmp(error, "cue.", 4) == 0 || strncmp(error, "call.", 5) == 0;
			bool unplaced = strstr(error, "(bs_game_place_cue_ball)") != NULL;
			if (unplaced) {
				*strstr(error, " (bs_game_place_cue_ball)") = '\0';
			}
			status = bs_cli_fail("%s: shots[%d]%s%s%s", shots_path, k, field ? "." : ": ", error,
				unplaced ? ": give the shot a \"place\"" : "");
			break;
		}
		int number = bs_game_get_state(game)->shot_count;
		if (json) {
			print_ruling_json(game, number, shooter, &shot->call, &ruling);
		} else {
			print_ruling_text(game, number, shooter, &ruling);
		}
	}
	free(shots);
	if (status == 0 && fflush(stdout) != 0) {
		fprintf(stderr, "breakshot: standard output: write failed: %s\n", strerror(errno));
		status = 1;
	}
	if (status == 0 && save_path && !bs_game_save(game, save_path, error, sizeof error)) {
		fprintf(stderr, "breakshot: %s\n", error);
		status = 1; // the place was checked at the start: the write itself failed
	}
	bs_game_destroy(game);
	return status;
}
