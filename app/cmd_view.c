// breakshot view: opens the viewer on a scene, or renders one frame of it to a
// PNG. --at and --events choose the state shown; --keys then plays keys
// exactly as if typed. The outputs are opened before any rendering (an
// unwritable path is bad input, exit 2) and appear together at the end or not
// at all. The arguments: bs_view_command (view_command.c).
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "output_file.h"
#include "renderer.h"
#include "same_file.h"
#include "screenshot.h"
#include "viewer.h"
#include "window.h"

typedef struct view_options {
	const char* scene_path;
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
	if (!dest->scene_path) {
		return bs_command_fail(&bs_view_command, "view: no scene given");
	}
	if (dest->has_at && dest->events > 0) {
		return bs_cli_fail("view: --at and --events both choose the state shown; give one");
	}
	if (dest->frames > 0 && dest->out_path) {
		return bs_cli_fail("view: --frames measures the interactive window; it does not go with --out");
	}
	const bs_named_path files[] = {
		{"the scene", dest->scene_path}, {"--screenshot", dest->screenshot_path}, {"--out", dest->out_path}};
	return bs_check_distinct_files("view", files, 3);
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

int bs_cmd_view(int argc, char** argv) {
	view_options options;
	int status = parse_view_options(argc, argv, &options);
	if (status != 0) {
		return status < 0 ? 0 : status;
	}
	bool needs_gl = options.screenshot_path || !options.out_path;
	if (needs_gl && !bs_window_display_available()) {
		fprintf(stderr,
			"breakshot: view: no display (DISPLAY and WAYLAND_DISPLAY are unset), so no window can open.\n"
			"  On a desktop, run it there. Headless, render a frame instead:\n"
			"    xvfb-run -a breakshot view %s --screenshot FILE.png [--at T | --events N] [--size WxH]\n",
			options.scene_path);
		return 1;
	}
	bs_viewer viewer;
	char error[512];
	if (!bs_viewer_create(options.scene_path, &viewer, error, sizeof error)) {
		fprintf(stderr, "breakshot: %s\n", error);
		return BS_EXIT_USAGE;
	}
	bs_cli_print_scene_warnings(viewer.scene);
	bs_output_file screenshot = {0};
	bs_output_file out = {0};
	bs_output_file* const outputs[] = {&screenshot, &out};
	if ((options.screenshot_path && !bs_output_open(&screenshot, options.screenshot_path)) ||
		(options.out_path && !bs_output_open(&out, options.out_path))) {
		bs_output_abort(&screenshot);
		bs_viewer_destroy(&viewer);
		return BS_EXIT_USAGE;
	}
	status = choose_state(&viewer, &options);
	if (status == 0 && options.screenshot_path && options.frames == 0) {
		status = take_screenshot(&viewer, &options, &screenshot);
	} else if (status == 0 && !options.out_path) {
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
	if (status != 0) {
		bs_output_abort(&screenshot);
		bs_output_abort(&out);
	} else if (!bs_output_commit_all(outputs, 2)) {
		status = 1;
	}
	bs_viewer_destroy(&viewer);
	return status;
}
