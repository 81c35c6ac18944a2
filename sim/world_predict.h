// breakshot: predicting a ball's earliest event and storing it in its queue
// slot (world_predict.c). Only the balls an event involves are predicted.
#ifndef BREAKSHOT_WORLD_PREDICT_H
#define BREAKSHOT_WORLD_PREDICT_H

#include "world_internal.h"

/// Predicts ball `index`'s earliest event from the current time and stores it
/// in its queue slot. `at` (s, >= the world's time) is the moment the
/// prediction is made for: the world's time, or a cell crossing's.
void bs_world_predict(bs_world* world, int index, double at);

/// Predicts two balls that have just collided with each other, at the
/// world's time: the same as bs_world_predict for each, with their memory
/// reads overlapped.
void bs_world_predict_both(bs_world* world, int index, int partner);

/// Predicts ball `index` again after its centre crossed into the next cell
/// along `axis` (0 x, 1 y) in direction `step` (+1 or -1), at `at` (s). Its
/// motion is unchanged, so only the cells that joined its neighbourhood and
/// its last earliest pair need examining.
void bs_world_predict_after_crossing(bs_world* world, int index, double at, int axis, int step);

/// On a periodic table, the earliest meeting of any two balls as any images,
/// before BS_MAX_TIME, however many wraps ahead (bs_toi_periodic); a time of
/// NAN when some pair's search cannot tell. O(M N) for M moving balls: for
/// when nothing but cell crossings is pending.
bs_meeting bs_world_next_meeting(const bs_world* world);

/// Files every ball under its cell at `time` (s) and predicts it from
/// there, as if it had taken every cell crossing on the way (crossings
/// change no motion). Only for a time before which no ball has an event.
void bs_world_predict_all_from(bs_world* world, double time);

/// bs_world_predict_all_from the meeting's time: the meeting is then the
/// earliest pending event.
void bs_world_predict_from_meeting(bs_world* world, bs_meeting meeting);

#endif
