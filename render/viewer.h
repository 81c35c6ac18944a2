// breakshot viewer: what the viewer shows and how input changes it, apart
// from any GL: the scene, the playback timeline, the camera, the clock and
// the toggles. Keys from the window and scripted keys (--keys) both go
// through bs_viewer_key, so a script replays exactly what a user does. It
// shows a scene, or a game played shot by shot (viewer_game.h).
#ifndef BREAKSHOT_VIEWER_H
#define BREAKSHOT_VIEWER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <breakshot/game.h>
#include <breakshot/scene.h>

#include "ball_motion.h"
#include "camera.h"
#include "overlay_layout.h"
#include "hint_search.h"
#include "shot_hints.h"
#include "shot_preview.h"
#include "timeline.h"

#define BS_VIEWER_MIN_RATE (1.0 / 64.0)
#define BS_VIEWER_MAX_RATE 4.0
/// The cue stick's speed at impact (m/s): its range, its step, its default.
#define BS_VIEWER_MIN_STICK_SPEED 0.25
#define BS_VIEWER_MAX_STICK_SPEED 12.0
#define BS_VIEWER_STICK_SPEED_STEP 0.25
#define BS_VIEWER_DEFAULT_STICK_SPEED 3.0
/// A step of the tip (a fraction of the ball's radius); the tip stays within
/// half the radius of the centre (beyond, the cue miscues).
#define BS_VIEWER_TIP_STEP 0.05
#define BS_VIEWER_TIP_LIMIT 0.5
/// A step of the cue's elevation, and its largest value (degrees).
#define BS_VIEWER_ELEVATION_STEP 5.0
#define BS_VIEWER_MAX_ELEVATION 85.0
/// A step of the aim (degrees) on the keys that turn it.
#define BS_VIEWER_AIM_STEP 1.0

struct bs_viewer_game;

typedef struct bs_viewer {
	bs_scene* scene;       ///< as loaded (or re-racked); reset returns here. NULL in a game
	struct bs_viewer_game* game; ///< the game played (viewer_game.h), or NULL when viewing a scene
	int cue_id;            ///< the id of the ball the cue strikes: the scene's cue.ball (0 without a cue), or in a game the shooter's cue ball
	bs_timeline timeline;
	bs_ball_state* balls;  ///< the balls at the displayed time (ball_capacity entries)
	/// Each ball's orientation at the displayed time (ball_capacity entries),
	/// when the timeline has orientations (pool physics)
	bs_quat* orientations;
	double orientation_time;         ///< the time `orientations` are at (s)
	int64_t orientation_event_count; ///< the frame they were turned from, or -1 for none
	bs_ball_def* shot_balls; ///< scratch for a new shot
	int ball_capacity;
	bs_camera camera;
	double rate;           ///< simulated seconds per wall-clock second
	bool playing;
	bool show_help;
	bool show_plot;
	bool show_motion;      ///< colour each ball by its state of motion, and draw its spin axis
	bool aiming;           ///< setting up a new shot
	double stick_speed;    ///< the cue stick's speed at impact (m/s), for the new shot
	bs_vec2 tip;           ///< where the tip meets the cue ball: side (> 0 right english), height (> 0 follow), fractions of R
	double elevation_deg;  ///< the cue's angle above the cloth (degrees)
	bs_vec2 aim_point;     ///< the cue stick points at this table point (m), through the cue ball's centre
	/// The aim is `aim_angle_deg` exactly (a hint's, set up by a digit)
	/// until the pointer or the aim keys move it: `aim_point` only draws it.
	bool aim_exact;
	double aim_angle_deg;  ///< degrees, counter-clockwise from +x
	bs_vec2 pointer;       ///< the table point under the pointer (m): the mouse's, or a script's (@x,y;)
	bool has_pointer;      ///< `pointer` has been set
	bool has_shot;         ///< the timeline shown is a shot struck in the viewer
	bs_cue_def shot_cue;   ///< that shot's strike, when has_shot
	char* shot_text;       ///< that shot as a scene (the balls as struck, and its cue), when has_shot
	bs_shot_preview preview; ///< the shot being aimed, simulated ahead
	bool preview_valid;      ///< the preview is of the current aim, strike and state
	bs_cue_def preview_cue;  ///< the strike the preview was made for
	double preview_time;     ///< the displayed time it was made at (s)
	int64_t preview_event_count; ///< the frame it was made at
	int64_t preview_count;   ///< previews computed so far (to show that an unchanged aim computes none)
	bool show_hints;       ///< the hint key's shots are shown (viewer_hints.h)
	bs_shot_hints hints;   ///< the search's best shots from the position shown, when show_hints
	/// The search the hint key runs: bs_hint_solve_def()'s settings (a
	/// test may lighten them)
	bs_solve_def hint_search;
	double hints_time;     ///< the displayed time they were found at (s)
	int64_t hints_event_count; ///< the frame they were found at
	/// The hint key searches on a thread of its own while the window draws
	/// on (the window sets it); otherwise I waits for its search, as a
	/// script or a test does
	bool hints_in_background;
	bs_hint_search* hint_job; ///< the search running in the background, or NULL
	double hint_job_time;     ///< the displayed time it searches the position of (s)
	int64_t hint_job_event_count; ///< the frame it searches the position of
	uint64_t rack_seed;    ///< the jitter seed of the last re-rack
	bool quit;
	char status[320];      ///< a one-line notice for the HUD ("" for none)
} bs_viewer;

/// Loads the scene and starts paused at its start. False with a message in `error`.
bool bs_viewer_create(const char* scene_path, bs_viewer* dest, char* error, size_t error_size);

/// Starts on a game: its position now and the shooter's turn. The viewer
/// owns `game` from here (bs_viewer_destroy frees it, and so does a
/// failure). False with a message in `error` when memory runs out.
bool bs_viewer_create_game(bs_game* game, bs_viewer* dest, char* error, size_t error_size);

void bs_viewer_destroy(bs_viewer* viewer);

/// Runs the clock for `wall_seconds` of real time (when playing).
void bs_viewer_tick(bs_viewer* viewer, double wall_seconds);

/// Refreshes viewer->balls from the timeline at the displayed time.
void bs_viewer_refresh(bs_viewer* viewer);

/// The cue ball's index (id cue_id, on the table), or -1.
int bs_viewer_cue_index(const bs_viewer* viewer);

/// Starts the timeline on a new world made from `def`, paused, with the
/// balls turned as they are now (by id). False, with a status, when memory
/// runs out.
bool bs_viewer_start_world(bs_viewer* viewer, const bs_world_def* def);

/// Sets up a new shot from the state shown (the S key).
void bs_viewer_start_aiming(bs_viewer* viewer);

/// The aim is the aim point's again, no longer a hint's exact angle (and in
/// a game the hint's call is dropped).
void bs_viewer_free_aim(bs_viewer* viewer);

/// Sets the HUD's one-line notice.
__attribute__((format(printf, 2, 3))) void bs_viewer_set_status(bs_viewer* viewer, const char* format, ...);

/// The pointer moved over table point `at` (m): the aim follows it while
/// aiming, and the cue ball while it is in hand. The preview follows at the
/// next refresh (once a frame, however often the pointer moves).
void bs_viewer_point(bs_viewer* viewer, bs_vec2 at);

/// A click on table point `at` (m), not on an overlay: with ball in hand it
/// places the cue ball; while aiming it calls the pocket there in a game,
/// else aims at `at` and strikes. Returns false when it does nothing.
bool bs_viewer_click_table(bs_viewer* viewer, bs_vec2 at);

/// Whether the cue ball is in hand, following the pointer (a game's turn).
bool bs_viewer_placing(const bs_viewer* viewer);

/// The strike the viewer would make now: the cue stick at `stick_speed`
/// along the aim (towards the aim point, or the exact angle of a hint set
/// up), at the tip offset and elevation set. False when there is no cue
/// ball or the aim is its own centre.
bool bs_viewer_aimed_cue(const bs_viewer* viewer, bs_cue_def* dest);

/// Recomputes the preview when aiming and the strike or the displayed state
/// has changed since the last one (never otherwise).
void bs_viewer_update_preview(bs_viewer* viewer);

/// The overlays of a width x height window as the viewer shows them now
/// (the tip diagram while aiming, the plot when shown), and the table's
/// frame in the top view.
void bs_viewer_layout(const bs_viewer* viewer, int width, int height, bs_overlay_layout* dest);

/// Frames the top view for a width x height window: the table fitted where
/// no overlay covers it (bs_viewer_layout). Call before drawing a frame and
/// before reading the pointer against the camera.
void bs_viewer_frame_view(bs_viewer* viewer, int width, int height);

/// Where the tip diagram is drawn in a width x height overlay (pixels,
/// origin top-left): its centre and the radius of the ball's face.
void bs_viewer_tip_diagram(const bs_viewer* viewer, int width, int height, float* centre_x, float* centre_y,
	float* radius);

/// A click at overlay pixel (x, y) while aiming: inside the tip diagram it
/// moves the tip there (kept within BS_VIEWER_TIP_LIMIT) and returns true.
bool bs_viewer_click_tip(bs_viewer* viewer, double x, double y, int width, int height);

/// The state shown, as scene JSON for --out (malloc'd, NULL when memory runs
/// out): at the instant of a shot struck in the viewer, that shot (the balls
/// as struck and its "cue"), so that `breakshot run` replays it; otherwise
/// the state itself (bs_timeline_dump).
char* bs_viewer_dump(bs_viewer* viewer);

/// Handles one key (a GLFW key code). Returns false when the key does nothing.
bool bs_viewer_key(bs_viewer* viewer, int key);

/// Plays a script of keys, one character each (see bs_viewer_script_help),
/// with two more: "@X,Y;" moves the pointer to table point (X, Y) (m), as
/// the mouse would, and "*" clicks there. False with a message in `error`
/// on a character that is no key or a malformed "@".
bool bs_viewer_run_script(bs_viewer* viewer, const char* script, char* error, size_t error_size);

/// The characters a --keys script may use.
extern const char bs_viewer_script_help[];

/// Strikes the cue ball with the cue set up (bs_viewer_aimed_cue), starting a
/// new world from the displayed state: the shot as a scene, loaded as
/// `breakshot run` loads it, so that the strike is the scene's cue model.
/// In a game, the game judges the shot and the world it judged plays out
/// (bs_viewer_game_shoot). False, with a status, when it cannot be struck.
bool bs_viewer_shoot(bs_viewer* viewer);

#endif
