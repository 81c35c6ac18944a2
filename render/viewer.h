// breakshot viewer: what the viewer shows and how input changes it, apart
// from any GL: the scene, the playback timeline, the camera, the clock and
// the toggles. Keys from the window and scripted keys (--keys) both go
// through bs_viewer_key, so a script replays exactly what a user does.
#ifndef BREAKSHOT_VIEWER_H
#define BREAKSHOT_VIEWER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <breakshot/scene.h>

#include "camera.h"
#include "timeline.h"

#define BS_VIEWER_MIN_RATE (1.0 / 64.0)
#define BS_VIEWER_MAX_RATE 4.0

typedef struct bs_viewer {
	bs_scene scene;        ///< as loaded (or re-racked); reset returns here
	bs_timeline timeline;
	bs_ball_state* balls;  ///< the balls at the displayed time (ball_capacity entries)
	bs_ball_def* shot_balls; ///< scratch for a new shot
	int ball_capacity;
	bs_camera camera;
	double rate;           ///< simulated seconds per wall-clock second
	bool playing;
	bool show_help;
	bool show_plot;
	bool aiming;           ///< setting up a new shot
	double strike_speed;   ///< m/s, for the new shot
	bs_vec2 aim_point;     ///< the cue ball is struck towards this table point (m)
	uint64_t rack_seed;    ///< the jitter seed of the last re-rack
	bool quit;
	char status[320];      ///< a one-line notice for the HUD ("" for none)
} bs_viewer;

/// Loads the scene and starts paused at its start. False with a message in `error`.
bool bs_viewer_init(const char* scene_path, bs_viewer* dest, char* error, size_t error_size);

void bs_viewer_free(bs_viewer* viewer);

/// Runs the clock for `wall_seconds` of real time (when playing).
void bs_viewer_tick(bs_viewer* viewer, double wall_seconds);

/// Refreshes viewer->balls from the timeline at the displayed time.
void bs_viewer_refresh(bs_viewer* viewer);

/// The cue ball's index (id 0, else the lowest id on the table), or -1.
int bs_viewer_cue_index(const bs_viewer* viewer);

/// Handles one key (a GLFW key code). Returns false when the key does nothing.
bool bs_viewer_key(bs_viewer* viewer, int key);

/// Plays a script of keys, one character each (see bs_viewer_script_help).
/// False with a message in `error` on a character that is no key.
bool bs_viewer_run_script(bs_viewer* viewer, const char* script, char* error, size_t error_size);

/// The characters a --keys script may use.
extern const char bs_viewer_script_help[];

/// Strikes the cue ball towards the aim point at the strike speed, starting a
/// new world from the displayed state.
bool bs_viewer_shoot(bs_viewer* viewer);

#endif
