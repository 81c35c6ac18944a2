// breakshot viewer: the whole shot, simulated ahead in a world of its own
// (the displayed world is never touched), as every ball's path until all
// balls stop: a polyline sampled from the exact motion between events, and
// a dot wherever a ball collides. No GL here.
#ifndef BREAKSHOT_SHOT_PREVIEW_H
#define BREAKSHOT_SHOT_PREVIEW_H

#include <stdbool.h>
#include <stdint.h>

#include <breakshot/world.h>

/// One ball's path: its centre at increasing times.
typedef struct bs_preview_path {
	int id;
	bs_ball_kind kind; ///< the ball's, for its colour
	int first_hit; ///< the id of the first ball it touches, or -1 (a game's call names the cue ball's)
	int pocket;    ///< the pocket it falls into (table.h's numbering), or -1
	double pocket_time; ///< when it falls in (s), when pocket >= 0
	bs_vec2* points; ///< m
	int count;
	int capacity;
} bs_preview_path;

typedef struct bs_shot_preview {
	bs_preview_path* paths; ///< one per ball, in def order
	int path_count;
	bs_vec2* dots; ///< centres of the balls at their collisions (m)
	int dot_count;
	int dot_capacity;
	int point_total; ///< points over all paths
	int64_t events;  ///< events simulated
	double end_time; ///< s: when the last ball stopped, or where the preview was cut off
	bool complete;   ///< every ball stopped (or was pocketed) within the limits
} bs_shot_preview;

/// Events a preview simulates at most.
#define BS_PREVIEW_MAX_EVENTS 20000
/// Simulated seconds a preview covers at most after the strike: under ideal
/// physics nothing stops the balls.
#define BS_PREVIEW_MAX_SECONDS 60.0
/// Points a preview keeps at most, over all its paths (what the viewer can
/// draw in one batch of lines).
#define BS_PREVIEW_MAX_POINTS 60000
/// Largest distance (m) a ball moves between two points of its path.
#define BS_PREVIEW_STEP 0.004

/// Simulates the shot that `def` starts and keeps the paths. False when
/// memory runs out (the preview is then empty).
bool bs_shot_preview_compute(const bs_world_def* def, bs_shot_preview* preview);

/// The same for a world already made (bs_shot_strike's), run from its time
/// on: it is stepped to the end, and stays the caller's.
bool bs_shot_preview_run(bs_world* world, bs_shot_preview* preview);

/// Empties the preview, keeping its memory.
void bs_shot_preview_clear(bs_shot_preview* preview);

void bs_shot_preview_destroy(bs_shot_preview* preview);

/// How far (m) a drawn path may stray from its sampled points: a tenth of a
/// pixel on a table 1500 pixels across.
#define BS_PREVIEW_DRAW_TOLERANCE 2e-4

/// The points of a polyline to draw so that every point of it lies within
/// `tolerance` (m) of the segment drawn over it: writes the indices kept,
/// always the first and the last, in order into `keep` (room for `count`),
/// and returns how many. A straight stretch, however finely sampled, is one
/// segment. O(count): each segment grows while the directions from its
/// start that pass within `tolerance` of every point so far still overlap
/// (the sleeve of Zhao and Saalfeld), and ends where a point comes back
/// nearer the start (even to the start itself).
int bs_polyline_simplify(const bs_vec2* points, int count, double tolerance, int* keep);

#endif
