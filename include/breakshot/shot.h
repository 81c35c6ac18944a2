// breakshot: a shot in a few calls, for programs (and bindings from other
// languages, where every call costs) that would rather hand the library a
// whole job than step event by event: strike the cue ball of a world, run
// the events into an array of the caller's, read every ball at once.
//
//   bs_world* struck = bs_shot_strike(world, &cue, error, sizeof error);
//   bs_event events[256];
//   int n;
//   while ((n = bs_shot_run(struck, events, 256)) > 0) { ... n events ... }
#ifndef BREAKSHOT_SHOT_H
#define BREAKSHOT_SHOT_H

#include <stddef.h>

#include <breakshot/api.h>
#include <breakshot/scene.h>
#include <breakshot/world.h>

/// Strikes the cue ball (the ball with id cue->ball) of `world` at its
/// current time with `cue`, as a scene's "cue" strikes it at the start
/// (scenes/README.md): the stick's strike sets the ball's velocity and spin,
/// whatever it had; a cue ball speed (`cue->stick` false) sets its velocity
/// and stops its spin. Returns a new world that starts at the world's time
/// with every other ball continuing exactly as in `world` (its saved anchor,
/// bs_world_export_balls) and the cue ball struck where it stands; `world`
/// is left unchanged, and the caller destroys both. The new world's event
/// count starts at 0. Returns NULL and writes one message line into `error`
/// when the cue is out of range (named by its scene field: "cue.tip: ..."),
/// when no ball with id cue->ball is on the table ("cue.ball: ..."), when
/// the cue aims at the ball's own centre, when the struck world fails
/// bs_world_def_check (a speed beyond BS_MAX_SPEED), or when memory runs out.
BS_API bs_world* bs_shot_strike(const bs_world* world, const bs_cue_def* cue, char* error, size_t error_size);

/// Processes up to `capacity` events (> 0) as bs_world_step does, writing
/// each into `dest` as bs_world_last_event would give it just after. Returns
/// how many: fewer than `capacity` only when bs_world_step returns false (no
/// event remains, or the next lies beyond BS_MAX_TIME). Calling it until it
/// returns fewer than `capacity` runs the shot to rest, the same events bit
/// for bit as stepping one at a time.
BS_API int bs_shot_run(bs_world* world, bs_event* dest, int capacity);

/// Writes every ball's state at `time` (s) into `dest`, which must hold
/// bs_world_ball_count() entries: dest[i] is bs_world_ball_state(world, i,
/// time), in def order, pocketed balls included.
BS_API void bs_shot_ball_states(const bs_world* world, double time, bs_ball_state* dest);

#endif
