// breakshot: a recorded run, which gives every ball's state at any time
// between its start and its end, forwards and back.
//
// A world keeps each ball's motion from its last event on only, so it
// answers for the present and the future alone. A trajectory runs a world
// and keeps what the world forgets: every ball's motion at the start, and
// the new motion of each ball an event changes, as the world stored it. A
// state at any time in the run is then the closed form of the motion the
// ball was in (world.h), evaluated from that stored motion by the code the
// world itself uses: exactly what the world said at that time, bit for bit.
// Nothing is resampled, interpolated or integrated.
//
//   bs_trajectory* trajectory = bs_trajectory_create(world);
//   bs_event events[256];
//   while (bs_trajectory_run(trajectory, world, events, 256) == 256) {}
//   double times[2] = {0.5, 1.0};
//   bs_trajectory_states(trajectory, times, 2, states); // 2 x ball count
//
// Memory: one record per ball at the start and one per ball an event moves
// (two for a collision of two balls); a record holds 80 bytes under ideal
// physics, 168 under pool physics.
#ifndef BREAKSHOT_TRAJECTORY_H
#define BREAKSHOT_TRAJECTORY_H

#include <stdint.h>

#include <breakshot/api.h>
#include <breakshot/world.h>

/// A recorded run: opaque, owned by the caller through create/destroy.
typedef struct bs_trajectory bs_trajectory;

/// Starts recording `world` at its current time, with every ball's motion
/// as it stands (pocketed balls included). The trajectory keeps no pointer
/// to the world, and stays valid after bs_world_destroy. Returns NULL only
/// when memory runs out.
BS_API bs_trajectory* bs_trajectory_create(const bs_world* world);

/// Destroys a trajectory and frees its memory. Accepts NULL.
BS_API void bs_trajectory_destroy(bs_trajectory* trajectory);

/// Runs the world it was created on as bs_shot_run does, recording as it
/// goes: processes up to `capacity` (> 0) events, writes each into `dest`,
/// and returns how many, fewer than `capacity` only when bs_world_step
/// returns false (no event remains, or the next lies beyond BS_MAX_TIME).
/// The record's memory for `capacity` events is taken first: when it cannot
/// be, it returns -1 and processes nothing. The trajectory then ends at the
/// world's time. Between the calls the world must not be stepped or
/// advanced any other way (asserted in debug builds).
BS_API int bs_trajectory_run(bs_trajectory* trajectory, bs_world* world, bs_event* dest, int capacity);

/// The time the recording starts (s): the world's time at bs_trajectory_create.
BS_API double bs_trajectory_start_time(const bs_trajectory* trajectory);

/// The time it ends (s): the world's time after the last bs_trajectory_run
/// (the start before any).
BS_API double bs_trajectory_end_time(const bs_trajectory* trajectory);

/// Balls recorded: bs_world_ball_count of the world, pocketed ones included.
BS_API int bs_trajectory_ball_count(const bs_trajectory* trajectory);

/// Events recorded.
BS_API int64_t bs_trajectory_event_count(const bs_trajectory* trajectory);

/// Every ball's state at each of `count` times (s), which must be in
/// ascending order (ties allowed) and within [start, end] (asserted):
/// dest[k * ball_count + i] is ball i (its index in bs_world_def.balls) at
/// times[k]. It is the world's own bs_world_ball_state(world, i, times[k]),
/// bit for bit, as asked while the world stood after every event at or
/// before times[k]: at the time of an event, the state just after it (and
/// after every event tied with it). A ball pocketed by then is reported
/// pocketed, where it was captured. `dest` holds count * ball_count
/// entries. Costs O(count * balls * log events), plus the records after
/// times[0] once.
BS_API void bs_trajectory_states(const bs_trajectory* trajectory, const double* times, int64_t count,
	bs_ball_state* dest);

#endif
