// breakshot viewer: the GLFW window and its OpenGL 3.3 core context, and the
// interactive frame loop that feeds mouse and keys to the viewer.
#ifndef BREAKSHOT_WINDOW_H
#define BREAKSHOT_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

#include "viewer.h"

typedef struct GLFWwindow GLFWwindow;

/// True when there is a display a window could open on.
bool bs_window_display_available(void);

/// Opens a window (hidden for off-screen work) with a loaded GL context.
/// Returns NULL after printing why.
GLFWwindow* bs_window_open(int width, int height, bool visible);

void bs_window_close(GLFWwindow* window);

/// The last frame a measured run drew, as the window shows it: RGB, top
/// row first (free `pixels`).
typedef struct bs_window_capture {
	unsigned char* pixels;
	int width;
	int height;
} bs_window_capture;

/// Runs the viewer in `window` until it quits, or for `frame_limit` frames
/// when > 0 (reporting the mean frame time on stdout), then reading the last
/// frame into `capture` unless it is NULL. Returns the exit status.
int bs_window_run(GLFWwindow* window, bs_viewer* viewer, int64_t frame_limit, bs_window_capture* capture);

#endif
