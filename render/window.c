#include "window.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glad_gl.h"
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "antialias.h"
#include "keep_libraries.h"
#include "renderer.h"
#include "screenshot.h"

#if defined(__SANITIZE_ADDRESS__)
#define BS_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BS_ADDRESS_SANITIZER 1
#endif
#endif

static void report_glfw_error(int code, const char* description) {
	fprintf(stderr, "breakshot: GLFW error %d: %s\n", code, description);
}

bool bs_window_display_available(void) {
	const char* x11 = getenv("DISPLAY");
	const char* wayland = getenv("WAYLAND_DISPLAY");
	return (x11 && x11[0]) || (wayland && wayland[0]);
}

GLFWwindow* bs_window_open(int width, int height, bool visible) {
	glfwSetErrorCallback(report_glfw_error);
	if (!glfwInit()) {
		fprintf(stderr, "breakshot: cannot start GLFW; without a display run under xvfb-run -a\n");
		return NULL;
	}
	glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
	glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
	glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
	glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
	// Antialiasing is done on our own target (antialias.h), not the window.
	glfwWindowHint(GLFW_SAMPLES, 0);
	glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
	GLFWwindow* window = glfwCreateWindow(width, height, "breakshot", NULL, NULL);
	if (!window) {
		fprintf(stderr, "breakshot: cannot open an OpenGL 3.3 core window\n");
		glfwTerminate();
		return NULL;
	}
	glfwMakeContextCurrent(window);
	if (!gladLoadGL((GLADloadfunc)glfwGetProcAddress)) {
		fprintf(stderr, "breakshot: cannot load the OpenGL 3.3 core functions\n");
		bs_window_close(window);
		return NULL;
	}
#ifdef BS_ADDRESS_SANITIZER
	// The driver is loaded now; keep it past glfwTerminate (keep_libraries.h).
	bs_keep_libraries_loaded();
#endif
	return window;
}

void bs_window_close(GLFWwindow* window) {
	glfwDestroyWindow(window);
	glfwTerminate();
}

enum { window_warm_up_frames = 10 };

typedef struct window_state {
	bs_viewer* viewer;
	int width; ///< framebuffer pixels
	int height;
	double cursor_x; ///< framebuffer pixels
	double cursor_y;
	bool rotating;
	bool panning;
} window_state;

// The table point under the cursor at the height of the cue ball's centre
// (so that the aim passes under it, and the ball in hand sits under it),
// given to the viewer. False when the cursor is off the table's plane.
static bool point_at_cursor(window_state* state, bs_vec2* dest) {
	bs_viewer* viewer = state->viewer;
	int cue = bs_viewer_cue_index(viewer);
	vec3 point;
	if (cue < 0 ||
		!bs_camera_pick(&viewer->camera, state->width, state->height, state->cursor_x, state->cursor_y,
			(float)viewer->balls[cue].radius, point)) {
		return false;
	}
	*dest = bs_v2(point[0], point[1]);
	bs_viewer_point(viewer, *dest);
	return true;
}

// Whether the cursor drives the viewer: the aim, or the cue ball in hand.
static bool follows_cursor(const bs_viewer* viewer) {
	return viewer->aiming || bs_viewer_placing(viewer);
}

static void on_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
	window_state* state = glfwGetWindowUserPointer(window);
	// A held I would search again and hide, over and over: it toggles once.
	bool held_hint_key = key == GLFW_KEY_I && action == GLFW_REPEAT;
	if ((action == GLFW_PRESS || action == GLFW_REPEAT) && !held_hint_key) {
		bool was_following = follows_cursor(state->viewer);
		bs_viewer_key(state->viewer, key);
		bs_vec2 point;
		// A hint set up on the cue keeps its aim until the mouse moves.
		if (!was_following && follows_cursor(state->viewer) && !state->viewer->aim_exact) {
			point_at_cursor(state, &point);
		}
	}
}

static void on_button(GLFWwindow* window, int button, int action, int mods) {
	window_state* state = glfwGetWindowUserPointer(window);
	bool pressed = action == GLFW_PRESS;
	if (button == GLFW_MOUSE_BUTTON_LEFT) {
		if (pressed && follows_cursor(state->viewer)) {
			bs_vec2 point;
			if (!bs_viewer_click_tip(state->viewer, state->cursor_x, state->cursor_y, state->width, state->height) &&
				point_at_cursor(state, &point)) {
				bs_viewer_click_table(state->viewer, point);
			}
			return;
		}
		state->rotating = pressed && !(mods & GLFW_MOD_SHIFT);
		state->panning = pressed && (mods & GLFW_MOD_SHIFT);
	} else if (button == GLFW_MOUSE_BUTTON_RIGHT || button == GLFW_MOUSE_BUTTON_MIDDLE) {
		state->panning = pressed;
	}
}

static void on_cursor(GLFWwindow* window, double x, double y) {
	window_state* state = glfwGetWindowUserPointer(window);
	int window_width;
	int window_height;
	glfwGetWindowSize(window, &window_width, &window_height);
	double scale = window_width > 0 ? (double)state->width / window_width : 1.0;
	x *= scale;
	y *= scale;
	double dx = x - state->cursor_x;
	double dy = y - state->cursor_y;
	state->cursor_x = x;
	state->cursor_y = y;
	bs_camera* camera = &state->viewer->camera;
	if (state->rotating) {
		bs_camera_rotate(camera, dx, dy);
	} else if (state->panning) {
		bs_camera_pan(camera, state->width, state->height, dx, dy);
	}
	bs_vec2 point;
	if (follows_cursor(state->viewer)) {
		point_at_cursor(state, &point);
	}
}

static void on_scroll(GLFWwindow* window, double dx, double dy) {
	window_state* state = glfwGetWindowUserPointer(window);
	bs_camera_zoom(&state->viewer->camera, dy);
}

static void on_resize(GLFWwindow* window, int width, int height) {
	window_state* state = glfwGetWindowUserPointer(window);
	state->width = width;
	state->height = height;
}

// One frame: the table drawn again only when the view changed
// (antialias.h), the balls over it, antialiased where they are, then the
// marks and the overlay. False when the targets cannot be made.
static bool draw_frame(bs_renderer* renderer, bs_antialias* antialias, const bs_viewer* viewer,
	const bs_hud_stats* stats, int width, int height) {
	if (!bs_antialias_begin(antialias, width, height)) {
		return false;
	}
	bs_scene_view view;
	bs_renderer_view(viewer, width, height, &view);
	bs_table_view table_view;
	bs_renderer_table_view(&view, &table_view);
	if (!bs_antialias_table_ready(antialias, &table_view)) {
		bs_antialias_begin_table(antialias);
		bs_renderer_draw_table(renderer, &view);
		bs_antialias_end_table(antialias, &table_view);
	}
	enum { rect_capacity = 64 };
	bs_screen_rect rects[rect_capacity];
	int balls = bs_renderer_ball_rects(viewer, &view, rects, rect_capacity);
	int changed = balls <= rect_capacity ? balls : -1;
	bs_antialias_begin_scene(antialias, rects, changed);
	bs_renderer_draw_balls(renderer, viewer, &view);
	bs_antialias_end(antialias, rects, changed);
	bs_renderer_draw_marks(renderer, viewer, &view);
	bs_renderer_draw_overlay(renderer, viewer, stats, width, height);
	return true;
}

// Reads the frame drawn into the window's back buffer, top row first.
static bool capture_frame(bs_window_capture* capture, int width, int height) {
	free(capture->pixels);
	capture->pixels = malloc((size_t)width * 3 * ((size_t)height + 1));
	if (!capture->pixels) {
		fprintf(stderr, "breakshot: out of memory reading the window's frame\n");
		return false;
	}
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glReadBuffer(GL_BACK);
	bs_read_pixels(width, height, capture->pixels);
	capture->width = width;
	capture->height = height;
	return true;
}

int bs_window_run(GLFWwindow* window, bs_viewer* viewer, int64_t frame_limit, bs_window_capture* capture) {
	window_state state = {viewer, 0, 0, 0.0, 0.0, false, false};
	glfwGetFramebufferSize(window, &state.width, &state.height);
	bs_renderer renderer;
	if (!bs_renderer_create(viewer, bs_overlay_text_pixels(state.height), &renderer)) {
		return 1;
	}
	bs_antialias antialias;
	if (!bs_antialias_create(&antialias)) {
		bs_renderer_destroy(&renderer);
		return 1;
	}
	glfwSetWindowUserPointer(window, &state);
	glfwSetKeyCallback(window, on_key);
	glfwSetMouseButtonCallback(window, on_button);
	glfwSetCursorPosCallback(window, on_cursor);
	glfwSetScrollCallback(window, on_scroll);
	glfwSetFramebufferSizeCallback(window, on_resize);
	// A measured run must not wait for the display's refresh.
	glfwSwapInterval(frame_limit > 0 ? 0 : 1);
	// Someone at the window keeps it drawing while the hint key searches;
	// a run of a set number of frames waits for each search, so that what
	// it draws does not depend on the machine's speed.
	viewer->hints_in_background = frame_limit <= 0;

	bs_hud_stats stats = {0.0, 0.0, bs_antialias_name(&antialias)};
	int status = 0;
	double last = glfwGetTime();
	// A measured run leaves out its first frames, which compile the
	// driver's shader variants, when it has enough to spare.
	int64_t warm_up = frame_limit >= 4 * window_warm_up_frames ? window_warm_up_frames : 0;
	const double first_frame_start = last;
	const int64_t first_previews = viewer->preview_count;
	double measure_start = first_frame_start;
	int64_t previews_at_start = first_previews;
	int64_t frames = 0;
	while (!glfwWindowShouldClose(window) && !viewer->quit && (frame_limit <= 0 || frames < frame_limit)) {
		double now = glfwGetTime();
		double elapsed = now - last;
		last = now;
		if (elapsed > 0.0) {
			// Smoothed so the figure is readable.
			double ms = 1000.0 * elapsed;
			stats.frame_ms = stats.frame_ms > 0.0 ? 0.9 * stats.frame_ms + 0.1 * ms : ms;
			stats.frames_per_second = 1000.0 / stats.frame_ms;
		}
		bool was_following = follows_cursor(viewer);
		bs_viewer_tick(viewer, fmin(elapsed, 0.1));
		bs_vec2 point;
		if (!was_following && follows_cursor(viewer)) {
			// A game's next turn began: the aim or the ball in hand goes where the cursor is.
			point_at_cursor(&state, &point);
		}
		if (state.width > 0 && state.height > 0) {
			bs_viewer_frame_view(viewer, state.width, state.height);
			if (!draw_frame(&renderer, &antialias, viewer, &stats, state.width, state.height)) {
				status = 1;
				break;
			}
		}
		if (capture && frames == frame_limit - 1 && !capture_frame(capture, state.width, state.height)) {
			status = 1;
			break;
		}
		glfwSwapBuffers(window);
		glfwPollEvents();
		frames += 1;
		if (frames == warm_up) {
			measure_start = glfwGetTime();
			previews_at_start = viewer->preview_count;
		}
	}
	if (frame_limit > 0 && frames > 0) {
		// Closed before the warm-up ended: every frame drawn is measured.
		if (frames <= warm_up) {
			measure_start = first_frame_start;
			previews_at_start = first_previews;
			warm_up = 0;
		}
		double total = glfwGetTime() - measure_start;
		int64_t measured = frames - warm_up;
		printf("breakshot view: %" PRId64 " frames at %dx%d (%s, %s), mean frame time %.3f ms (%.1f fps) over the "
			   "last %" PRId64 ", %" PRId64 " shot previews simulated in them\n",
			frames, state.width, state.height, (const char*)glGetString(GL_RENDERER), bs_antialias_name(&antialias),
			1000.0 * total / (double)measured, (double)measured / total, measured,
			viewer->preview_count - previews_at_start);
	}
	bs_antialias_destroy(&antialias);
	bs_renderer_destroy(&renderer);
	return status;
}
