// breakshot: the frame-stepped baseline, the naive method that the classic
// articles start from, kept to show what the exact event method fixes.
//
// Each frame of length dt: move every ball by v dt; capture a ball whose
// centre is inside a pocket's capture circle; reflect a ball that overlaps a
// cushion segment or jaw and moves into it; then test every pair (index
// order, one pass) and resolve those that overlap and approach with the same
// mass-weighted response as the event method (bs_resolve_balls /
// bs_resolve_obstacle). Nothing is moved back to the contact point, so balls
// can overlap (and, at a low restitution, stay stuck together) and can pass
// through each other between frames (tunnelling).
//
// The stepper measures what it gets wrong:
// - a tunnelled pair (a miss) starts a frame apart, ends it apart, yet the
//   exact swept test (bs_toi_circles on the frame's straight-line motion)
//   says they touched during the frame: a collision the method never saw;
// - the largest overlap is the greatest penetration r1 + r2 - |c2 - c1| (m)
//   of two balls at the end of a frame's move, before that frame resolves
//   anything; it is also kept relative to r1 + r2.
//
// On a periodic table balls wrap across the edges and pairs are measured by
// their nearest images; there are no cushions.
//
// It steps frictionless discs, as ideal physics moves them, whatever the
// def's physics: under a def with pool physics it ignores friction, spin
// and the pool collision models (`breakshot run --method frames` refuses
// such scenes).
//
// The restitutions come from the def; its elastic window is not used (each
// pair is resolved at most once a frame, so inelastic collapse cannot occur).
// Pure C11: no GL, no globals. The stepper owns its memory.
#ifndef BREAKSHOT_FRAME_STEP_H
#define BREAKSHOT_FRAME_STEP_H

#include <stdbool.h>
#include <stdint.h>

#include <breakshot/api.h>
#include <breakshot/world.h>

/// The stepper: opaque, owned by the caller through create/destroy.
typedef struct bs_frames bs_frames;

/// One contact that a frame resolved, with the totals just after it.
typedef struct bs_frame_contact {
	/// kind, ids (as in the event method: ball ids, cushion/jaw/pocket index),
	/// impulse (N s), contact point (m) and normal; time is the frame's end (s).
	bs_event event;
	bs_totals totals; ///< totals on the table right after this contact
} bs_frame_contact;

/// A pair of balls that passed through each other during one frame.
typedef struct bs_frame_miss {
	int a;            ///< the lower ball id
	int b;            ///< the other ball id
	double time;      ///< when the exact motion first touches (s)
	double frame_end; ///< the end of the frame that missed it (s)
} bs_frame_miss;

/// What the stepper has measured so far.
typedef struct bs_frame_stats {
	int64_t frames;          ///< frames stepped
	int64_t contacts;        ///< contacts resolved, all kinds
	int64_t contacts_of[BS_EVENT_KIND_COUNT]; ///< contacts resolved, by kind
	int64_t misses;          ///< pair-frames that tunnelled (see above)
	int64_t stuck;           ///< pair-frames that ended a frame still overlapping after resolution
	int64_t escaped;         ///< balls that left a table with pockets past every cushion (removed)
	double largest_overlap;  ///< m; 0 when no two balls ever overlapped
	double largest_overlap_relative; ///< that overlap / (r1 + r2)
	int overlap_a;           ///< id of the lower ball of the pair with the largest overlap, or -1
	int overlap_b;           ///< id of the higher ball of that pair, or -1
	double overlap_time;     ///< when it was seen (s, a frame's end)
	double pocketed_energy;  ///< kinetic energy carried into the pockets (J)
} bs_frame_stats;

/// Creates a stepper from a world def that passes bs_world_def_check() (the
/// caller checks), with frame length `dt` (s, finite and > 0). Returns NULL
/// only when memory runs out.
BS_API bs_frames* bs_frames_create(const bs_world_def* def, double dt);

/// Destroys a stepper. Accepts NULL.
BS_API void bs_frames_destroy(bs_frames* frames);

/// The current simulated time (s): the start time plus the frames stepped
/// (k dt, multiplied out so that no rounding accumulates).
BS_API double bs_frames_time(const bs_frames* frames);

/// The frame length (s).
BS_API double bs_frames_dt(const bs_frames* frames);

/// Steps one frame of length `step` (s, > 0): bs_frames_dt(), or less to land
/// exactly on an end time. Returns the number of contacts it resolved;
/// read them with bs_frames_contacts(), and the frame's misses with
/// bs_frames_misses(), until the next step. Returns -1 when memory ran out
/// for recording them: the frame is stepped all the same, but some of its
/// contacts or misses are missing from the records (the stats count them).
BS_API int bs_frames_step(bs_frames* frames, double step);

/// True when no ball on the table moves: stepping would change nothing.
BS_API bool bs_frames_at_rest(const bs_frames* frames);

/// The contacts the last step resolved, in the order resolved; `count` gets
/// their number. Valid until the next step.
BS_API const bs_frame_contact* bs_frames_contacts(const bs_frames* frames, int* count);

/// The misses found in the last step; `count` gets their number.
BS_API const bs_frame_miss* bs_frames_misses(const bs_frames* frames, int* count);

/// Totals over the balls on the table now (same sums, same order as the
/// event world's bs_world_totals).
BS_API bs_totals bs_frames_totals(const bs_frames* frames);

/// What has been measured so far.
BS_API bs_frame_stats bs_frames_stats(const bs_frames* frames);

/// Number of balls (pocketed and escaped included).
BS_API int bs_frames_ball_count(const bs_frames* frames);

/// The state of ball `index` (in def order) at the current time.
BS_API bs_ball_state bs_frames_ball_state(const bs_frames* frames, int index);

#endif
