// breakshot view: opens the viewer on a scene, or on a game played shot by
// shot (--game, --game-file), or renders one frame of it to a PNG. --at and
// --events choose the state of a scene shown; --keys then plays keys exactly
// as if typed. The outputs are opened before any rendering (an unwritable
// path is bad input, exit 2) and appear together at the end or not at all.
// The arguments: bs_view_command (view_command.c).
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "output_file.h"
#include "renderer.h"
#include "same_file.h"
#include "screenshot.h"
#include "viewer.h"
#include "viewer_game.h"
#include "window.h"

typedef struct view_options {
	const char* scene_path;
	const char* game_name; ///< --game: a new game of this
	const char* game_path; ///< --game-file: a saved game to continue
	const char* players;   ///< --players A,B
	const char* save_path; ///< --save: the game after the keys
	int64_t seed;          ///< --seed (default 1)
	int64_t points;        ///< --points (three-cushion)
	bool has_seed;
	bool has_points;
	const char* screenshot_path;
	const char* out_path;
	const char* keys;
	double at;
	bool has_at;
	int64_t events; ///< 0: none
	int64_t frames; ///< 0: run until closed
	int width;
	int height;
	bool has_size;
} view_options;

// Returns 0 when parsed, -1 after printing the help, BS_EXIT_USAGE (after
// printing why) otherwise.
static int parse_view_options(int argc, char** argv, view_options* dest) {
	memset(dest, 0, sizeof *dest);
	dest->width = BS_VIEW_DEFAULT_WIDTH;
	dest->height = BS_VIEW_DEFAULT_HEIGHT;
	dest->seed = 1;
	dest->points = BS_THREE_CUSHION_DEFAULT_POINTS;
	for (int i = 0; i < argc; ++i) {
		const char* arg = argv[i];
		const char* value = i + 1 < argc ? argv[i + 1] : NULL;
		if (bs_command_is_help(arg)) {
			bs_command_print_help(&bs_view_command, stdout);
			fputs("\nthe keys in KEYS:\n", stdout);
			bs_command_print_wrapped(bs_viewer_script_help, 2, stdout);
			return -1;
		} else if (strcmp(arg, "--at") == 0) {
			if (!bs_cli_parse_double(value, "--at", &dest->at)) {
				return BS_EXIT_USAGE;
			}
			dest->has_at = true;
			++i;
		} else if (strcmp(arg, "--events") == 0) {
			if (!bs_cli_parse_int64(value, "--events", 1, INT64_MAX, &dest->events)) {
				return BS_EXIT_USAGE;
			}
			++i;
		} else if (strcmp(arg, "--frames") == 0) {
			if (!bs_cli_parse_int64(value, "--frames", 1, INT64_MAX, &dest->frames)) {
				return BS_EXIT_USAGE;
			}
			++i;
		} else if (strcmp(arg, "--size") == 0) {
			if (!bs_cli_parse_size(value, "--size", &dest->width, &dest->height)) {
				return BS_EXIT_USAGE;
			}
			dest->has_size = true;
			++i;
		} else if (strcmp(arg, "--seed") == 0) {
			if (!bs_cli_parse_int64(value, "--seed", 0, INT64_MAX, &dest->seed)) {
				return BS_EXIT_USAGE;
			}
			dest->has_seed = true;
			++i;
		} else if (strcmp(arg, "--points") == 0) {
			if (!bs_cli_parse_int64(value, "--points", 1, 1000000, &dest->points)) {
				return BS_EXIT_USAGE;
			}
			dest->has_points = true;
			++i;
		} else if (strcmp(arg, "--game") == 0 || strcmp(arg, "--game-file") == 0 || strcmp(arg, "--players") == 0 ||
			strcmp(arg, "--save") == 0) {
			if (!value || !value[0]) {
				return bs_command_fail(&bs_view_command, "%s needs a value", arg);
			}
			const char** slot = strcmp(arg, "--game") == 0 ? &dest->game_name
				: strcmp(arg, "--game-file") == 0          ? &dest->game_path
				: strcmp(arg, "--players") == 0            ? &dest->players
														   : &dest->save_path;
			*slot = value;
			++i;
		} else if (strcmp(arg, "--screenshot") == 0 || strcmp(arg, "--out") == 0 || strcmp(arg, "--keys") == 0) {
			if (!value || (value[0] == '\0' && arg[2] != 'k')) {
				return bs_command_fail(&bs_view_command, "%s needs a value", arg);
			}
			const char** slot = arg[2] == 's' ? &dest->screenshot_path : arg[2] == 'o' ? &dest->out_path : &dest->keys;
			*slot = value;
			++i;
		} else if (arg[0] == '-' && arg[1] != '\0') {
			return bs_command_fail(&bs_view_command, "view: unknown option '%s'", arg);
		} else if (dest->scene_path) {
			return bs_command_fail(&bs_view_command, "view: one scene only (got '%s' and '%s')", dest->scene_path, arg);
		} else {
			dest->scene_path = arg;
		}
	}
	int sources = (dest->scene_path != NULL) + (dest->game_name != NULL) + (dest->game_path != NULL);
	if (sources == 0) {
		return bs_command_fail(&bs_view_command, "view: no scene given (or --game GAME, or --game-file FILE)");
	}
	if (sources > 1) {
		return bs_command_fail(&bs_view_command, "view: give one of SCENE, --game GAME and --game-file FILE");
	}
	bool game = !dest->scene_path;
	if (!dest->game_name && (dest->players || dest->has_seed || dest->has_points)) {
		return bs_cli_fail("view: --players, --seed and --points make a new game: they go with --game%s",
			dest->game_path ? " (a saved game keeps its own)" : "");
	}
	if (!game && dest->save_path) {
		return bs_cli_fail("view: --save writes a game: it goes with --game or --game-file");
	}
	if (game && (dest->has_at || dest->events > 0)) {
		return bs_cli_fail("view: --at and --events choose a state of a scene; a game starts at its position "
						   "(play it with --keys)");
	}
	if (dest->has_at && dest->events > 0) {
		return bs_cli_fail("view: --at and --events both choose the state shown; give one");
	}
	if (dest->frames > 0 && dest->out_path) {
		return bs_cli_fail("view: --frames measures the interactive window; it does not go with --out");
	}
	// --save may name the --game-file it continues: the game is read whole first.
	const bs_named_path files[] = {{"the scene", dest->scene_path}, {"--screenshot", dest->screenshot_path},
		{"--out", dest->out_path}, {"--save", dest->save_path}};
	int status = bs_check_distinct_files("view", files, 4);
	const bs_named_path loaded[] = {{"--game-file", dest->game_path}, {"--screenshot", dest->screenshot_path},
		{"--out", dest->out_path}};
	return status != 0 ? status : bs_check_distinct_files("view", loaded, 3);
}

// The game the options ask for: new (--game) or saved (--game-file). NULL
// after printing why (bad input).
static bs_game* open_game(const view_options* options) {
	char error[640];
	if (options->game_path) {
		bs_game* game = bs_game_load(options->game_path, error, sizeof error);
		if (!game) {
			bs_cli_fail("%s", error);
		}
		return game;
	}
	bs_game_kind kind;
	if (!bs_game_kind_from_name(options->game_name, &kind)) {
		bs_command_fail(&bs_view_command,
			"view: unknown game '%s' (expected 9-ball, 8-ball, 10-ball, snooker or three-cushion)", options->game_name);
		return NULL;
	}
	bs_game_def def = bs_default_game_def(kind);
	def.rack.seed = (uint64_t)options->seed;
	def.target_points = (int)options->points;
	if (options->players) {
		const char* names = options->players;
		const char* comma = strchr(names, ',');
		if (!comma || comma == names || !comma[1] || strchr(comma + 1, ',') ||
			(size_t)(comma - names) >= BS_GAME_NAME_SIZE || strlen(comma + 1) >= BS_GAME_NAME_SIZE) {
			bs_command_fail(&bs_view_command, "--players: expected two names A,B of at most %d characters",
				BS_GAME_NAME_SIZE - 1);
			return NULL;
		}
		snprintf(def.players[0], sizeof def.players[0], "%.*s", (int)(comma - names), names);
		snprintf(def.players[1], sizeof def.players[1], "%s", comma + 1);
	}
	bs_game* game = bs_game_create(&def, error, sizeof error);
	if (!game) {
		bs_cli_fail("view --game %s: %s", options->game_name, error);
	}
	return game;
}

// Writes the game as bs_game_save writes it into `out`: saved to a file of
// our own in the temporary directory and read back, so that it appears with
// the other outputs or not at all.
static bool write_game(const bs_game* game, bs_output_file* out) {
	const char* directory = getenv("TMPDIR");
	char path[4096];
	snprintf(path, sizeof path, "%s/breakshot-game-XXXXXX", directory && directory[0] ? directory : "/tmp");
	int fd = mkstemp(path);
	if (fd < 0) {
		fprintf(stderr, "breakshot: %s: cannot write the game: %s\n", path, strerror(errno));
		return false;
	}
	close(fd);
	char error[640];
	bool ok = bs_game_save(game, path, error, sizeof error);
	FILE* saved = ok ? fopen(path, "rb") : NULL;
	if (!ok) {
		fprintf(stderr, "breakshot: %s\n", error);
	} else if (!saved) {
		fprintf(stderr, "breakshot: %s: cannot read the game back: %s\n", path, strerror(errno));
		ok = false;
	}
	char buffer[8192];
	size_t n;
	while (saved && (n = fread(buffer, 1, sizeof buffer, saved)) > 0) {
		bs_output_write(out, buffer, n); // a write error shows when the output is committed
	}
	if (saved && ferror(saved)) {
		fprintf(stderr, "breakshot: %s: cannot read the game back\n", path);
		ok = false;
	}
	if (saved) {
		fclose(saved);
	}
	remove(path);
	return ok;
}

// Puts the viewer at the state the options ask for.
static int choose_state(bs_viewer* viewer, const view_options* options) {
	bs_timeline* timeline = &viewer->timeline;
	if (options->has_at) {
		if (options->at < timeline->time) {
			return bs_cli_fail("--at %.17g is before the scene's time %.17g", options->at, timeline->time);
		}
		bs_timeline_seek(timeline, options->at, 0);
	}
	// As pressing N that many times: stops early when no event remains.
	for (int64_t i = 0; i < options->events; ++i) {
		if (!bs_timeline_step_forward(timeline)) {
			break;
		}
	}
	bs_viewer_refresh(viewer);
	char error[512];
	if (options->keys && !bs_viewer_run_script(viewer, options->keys, error, sizeof error)) {
		return bs_cli_fail("%s", error);
	}
	return 0;
}

static bool write_state(bs_viewer* viewer, bs_output_file* out) {
	char* text = bs_viewer_dump(viewer);
	if (!text) {
		fprintf(stderr, "breakshot: out of memory writing %s\n", out->path);
		return false;
	}
	bs_output_puts(out, text); // a write error shows when the output is committed
	free(text);
	return true;
}

static int take_screenshot(bs_viewer* viewer, const view_options* options, const bs_output_file* out) {
	GLFWwindow* window = bs_window_open(64, 64, false);
	if (!window) {
		return 1;
	}
	int status = 1;
	bs_renderer renderer;
	bs_offscreen offscreen;
	int text_pixels = bs_overlay_text_pixels(options->height);
	if (bs_offscreen_create(options->width, options->height, &offscreen)) {
		if (bs_renderer_create(viewer, text_pixels, &renderer)) {
			bs_hud_stats stats = {0.0, 0.0, NULL};
			bs_offscreen_bind(&offscreen);
			bs_viewer_frame_view(viewer, options->width, options->height);
			bs_renderer_draw(&renderer, viewer, &stats, options->width, options->height);
			bs_offscreen_read(&offscreen);
			if (bs_offscreen_write_png(&offscreen, out->stream, options->screenshot_path)) {
				const bs_frame* frame = bs_timeline_frame(&viewer->timeline);
				printf("breakshot view: wrote %s (%dx%d) at t = %.9g s after %" PRId64 " events\n",
					options->screenshot_path, options->width, options->height, viewer->timeline.time,
					frame->event_count);
				status = 0;
			}
			bs_renderer_destroy(&renderer);
		}
		bs_offscreen_destroy(&offscreen);
	}
	bs_window_close(window);
	return status;
}

// Says that no window can open and how to run the viewer headless; returns 1.
static int no_display(const view_options* options) {
	fprintf(stderr,
		"breakshot: view: no display (DISPLAY and WAYLAND_DISPLAY are unset), so no window can open.\n"
		"  On a desktop, run it there. Headless, render a frame instead:\n");
	if (options->scene_path) {
		fprintf(stderr, "    xvfb-run -a breakshot view %s --screenshot FILE.png [--at T | --events N] [--size WxH]\n",
			options->scene_path);
	} else {
		fprintf(stderr,
			"    xvfb-run -a breakshot view %s %s --keys KEYS --screenshot FILE.png [--size WxH]\n"
			"  or play by keys that end by quitting (q), saving the game: breakshot view ... --keys '...q' --save FILE\n",
			options->game_name ? "--game" : "--game-file",
			options->game_name ? options->game_name : options->game_path);
	}
	return 1;
}

int bs_cmd_view(int argc, char** argv) {
	view_options options;
	int status = parse_view_options(argc, argv, &options);
	if (status != 0) {
		return status < 0 ? 0 : status;
	}
	// A window opens unless one frame is rendered off screen or --out is
	// asked for (--save writes the game when the window closes), or the keys
	// quit: whether they do is known only once they have run.
	bool window = !options.out_path && !(options.screenshot_path && options.frames == 0);
	if ((options.screenshot_path || (window && !options.keys)) && !bs_window_display_available()) {
		return no_display(&options);
	}
	bs_viewer viewer;
	char error[512];
	if (options.scene_path) {
		if (!bs_viewer_create(options.scene_path, &viewer, error, sizeof error)) {
			fprintf(stderr, "breakshot: %s\n", error);
			return BS_EXIT_USAGE;
		}
		bs_cli_print_scene_warnings(viewer.scene);
	} else {
		bs_game* game = open_game(&options);
		if (!game) {
			return BS_EXIT_USAGE;
		}
		if (!bs_viewer_create_game(game, &viewer, error, sizeof error)) {
			fprintf(stderr, "breakshot: %s\n", error);
			return 1;
		}
	}
	bs_output_file screenshot = {0};
	bs_output_file out = {0};
	bs_output_file save = {0};
	bs_output_file* const outputs[] = {&screenshot, &out, &save};
	if ((options.screenshot_path && !bs_output_open(&screenshot, options.screenshot_path)) ||
		(options.out_path && !bs_output_open(&out, options.out_path)) ||
		(options.save_path && !bs_output_open(&save, options.save_path))) {
		bs_output_abort(&screenshot);
		bs_output_abort(&out);
		bs_viewer_destroy(&viewer);
		return BS_EXIT_USAGE;
	}
	status = choose_state(&viewer, &options);
	window = window && !viewer.quit;
	if (status == 0 && window && !bs_window_display_available()) {
		status = no_display(&options);
	}
	if (status == 0 && options.screenshot_path && options.frames == 0) {
		status = take_screenshot(&viewer, &options, &screenshot);
	} else if (status == 0 && window) {
		GLFWwindow* window = bs_window_open(options.width, options.height, true);
		if (window) {
			viewer.playing = !options.has_at && options.events == 0 && !options.keys;
			bs_window_capture capture = {0};
			status = bs_window_run(window, &viewer, options.frames, options.screenshot_path ? &capture : NULL);
			if (status == 0 && options.screenshot_path &&
				!bs_png_write_rgb(capture.pixels, capture.width, capture.height, screenshot.stream,
					options.screenshot_path)) {
				status = 1;
			}
			free(capture.pixels);
			bs_window_close(window);
		} else {
			status = 1;
		}
	}
	if (status == 0 && options.out_path && !write_state(&viewer, &out)) {
		status = 1;
	}
	if (status == 0 && options.save_path && !write_game(viewer.game->game, &save)) {
		status = 1;
	}
	if (status != 0) {
		bs_output_abort(&screenshot);
		bs_output_abort(&out);
		bs_output_abort(&save);
	} else if (!bs_output_commit_all(outputs, 3)) {
		status = 1;
	}
	bs_viewer_destroy(&viewer);
	return status;
}
