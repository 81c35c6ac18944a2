// breakshot: a recorded run (trajectory.h). Each record is a copy of a
// ball's stored motion, as the world holds it between two of its events
// (its hot line and, under pool physics, its spin part), with the number of
// events recorded when it took effect and a link to the ball's record
// before it. A state is then the world's own bs_ball_state_of on the record
// in effect, so that it cannot differ from what the world said.
#include <breakshot/trajectory.h>

#include <assert.h>
#include <math.h>
#include <string.h>

#include "alloc.h"
#include "world_internal.h"

struct bs_trajectory {
	const bs_physics_ops* physics;
	bs_table table;
	bs_cloth cloth;
	int ball_count;
	double* masses;  ///< kg, by def index
	uint8_t* kinds;  ///< bs_ball_kind, by def index
	int64_t* latest; ///< by def index: the ball's last record

	// The records, in the order taken: the start (one per ball, in def
	// order), then the balls of each event.
	bs_ball* balls;
	bs_ball_spin* spins;  ///< pool physics' part of each record (with_spin)
	bs_vec3* omegas;      ///< and its angular velocity at the record's time (with_spin)
	bool with_spin;       ///< the physics keeps a spin part (pool physics)
	int64_t* events_by;   ///< events recorded when the record took effect (0 for the start)
	int64_t* previous;    ///< the ball's record before this one, or -1
	int64_t record_count;
	int64_t record_capacity;

	double* event_times;  ///< s, in order
	int64_t event_count;
	int64_t event_capacity;

	int64_t world_events; ///< the world's event count when last run: it moves only through bs_trajectory_run
	double start_time;
	double end_time;
};

// Grows an array of `size`-byte items to hold `needed`; false when memory
// runs out (the array is then as it was).
static bool grow(void** items, int64_t* capacity, int64_t needed, size_t size) {
	if (needed <= *capacity) {
		return true;
	}
	int64_t wanted = *capacity > 0 ? 2 * *capacity : 64;
	if (wanted < needed) {
		wanted = needed;
	}
	if ((uint64_t)wanted > SIZE_MAX / size) {
		return false;
	}
	void* grown = bs_realloc(*items, (size_t)wanted * size);
	if (!grown) {
		return false;
	}
	*items = grown;
	*capacity = wanted;
	return true;
}

// Room for `records` more records and `events` more events.
static bool reserve(bs_trajectory* trajectory, int64_t records, int64_t events) {
	int64_t needed = trajectory->record_count + records;
	// The parallel arrays grow one at a time; each keeps the capacity it
	// reached, and only the last one's success moves the shared one.
	int64_t capacity = trajectory->record_capacity;
	int64_t reached = capacity;
	if (!grow((void**)&trajectory->balls, &reached, needed, sizeof *trajectory->balls)) {
		return false;
	}
	if (trajectory->with_spin) {
		reached = capacity;
		if (!grow((void**)&trajectory->spins, &reached, needed, sizeof *trajectory->spins)) {
			return false;
		}
		reached = capacity;
		if (!grow((void**)&trajectory->omegas, &reached, needed, sizeof *trajectory->omegas)) {
			return false;
		}
	}
	reached = capacity;
	if (!grow((void**)&trajectory->events_by, &reached, needed, sizeof *trajectory->events_by)) {
		return false;
	}
	reached = capacity;
	if (!grow((void**)&trajectory->previous, &reached, needed, sizeof *trajectory->previous)) {
		return false;
	}
	trajectory->record_capacity = reached;
	return grow((void**)&trajectory->event_times, &trajectory->event_capacity, trajectory->event_count + events,
		sizeof *trajectory->event_times);
}

// Records the motion the ball at storage index `index` of `world` has now.
static void record_ball(bs_trajectory* trajectory, const bs_world* world, int index) {
	int def_index = bs_world_def_index(world, index);
	int64_t r = trajectory->record_count++;
	assert(r < trajectory->record_capacity && "reserve before recording");
	trajectory->balls[r] = world->balls[index];
	if (trajectory->with_spin) {
		trajectory->spins[r] = world->spin[index];
		trajectory->omegas[r] = world->omega[index];
	}
	trajectory->events_by[r] = trajectory->event_count;
	trajectory->previous[r] = trajectory->latest[def_index];
	trajectory->latest[def_index] = r;
}

bs_trajectory* bs_trajectory_create(const bs_world* world) {
	bs_trajectory* trajectory = bs_calloc(1, sizeof *trajectory);
	if (!trajectory) {
		return NULL;
	}
	int n = world->ball_count;
	trajectory->physics = world->physics;
	trajectory->table = world->table;
	trajectory->cloth = world->cloth;
	trajectory->ball_count = n;
	trajectory->world_events = world->event_count;
	trajectory->start_time = world->time;
	trajectory->end_time = world->time;
	size_t slots = (size_t)(n > 0 ? n : 1);
	trajectory->masses = bs_malloc(slots * sizeof *trajectory->masses);
	trajectory->latest = bs_malloc(slots * sizeof *trajectory->latest);
	trajectory->kinds = bs_malloc(slots * sizeof *trajectory->kinds);
	trajectory->with_spin = world->spin != NULL;
	if (!trajectory->masses || !trajectory->latest || !trajectory->kinds || !reserve(trajectory, n, 0)) {
		bs_trajectory_destroy(trajectory);
		return NULL;
	}
	for (int d = 0; d < n; ++d) {
		int index = bs_world_storage_index(world, d);
		trajectory->masses[d] = world->cold[index].mass;
		trajectory->kinds[d] = world->kinds[d];
		trajectory->latest[d] = -1;
		record_ball(trajectory, world, index);
	}
	return trajectory;
}

void bs_trajectory_destroy(bs_trajectory* trajectory) {
	if (!trajectory) {
		return;
	}
	bs_free(trajectory->masses);
	bs_free(trajectory->latest);
	bs_free(trajectory->kinds);
	bs_free(trajectory->balls);
	bs_free(trajectory->spins);
	bs_free(trajectory->omegas);
	bs_free(trajectory->events_by);
	bs_free(trajectory->previous);
	bs_free(trajectory->event_times);
	bs_free(trajectory);
}

int bs_trajectory_run(bs_trajectory* trajectory, bs_world* world, bs_event* dest, int capacity) {
	assert(capacity > 0 && "bs_trajectory_run: capacity must be > 0");
	assert(world->ball_count == trajectory->ball_count && world->physics == trajectory->physics &&
		"bs_trajectory_run: pass the world the trajectory was created on");
	assert(world->event_count == trajectory->world_events && world->time >= trajectory->end_time &&
		"bs_trajectory_run: the world moved outside its trajectory; step it only through bs_trajectory_run");
	// A collision moves two balls; every other event one.
	if (!reserve(trajectory, 2 * (int64_t)capacity, capacity)) {
		return -1;
	}
	int count = 0;
	while (count < capacity && bs_world_step(world)) {
		bs_event event = world->last_event;
		dest[count++] = event;
		trajectory->event_times[trajectory->event_count++] = event.time;
		record_ball(trajectory, world, bs_world_storage_of_id(world, event.a));
		if (event.kind == BS_EVENT_BALL) {
			record_ball(trajectory, world, bs_world_storage_of_id(world, event.b));
		}
	}
	trajectory->world_events = world->event_count;
	trajectory->end_time = world->time;
	return count;
}

double bs_trajectory_start_time(const bs_trajectory* trajectory) {
	return trajectory->start_time;
}

double bs_trajectory_end_time(const bs_trajectory* trajectory) {
	return trajectory->end_time;
}

int bs_trajectory_ball_count(const bs_trajectory* trajectory) {
	return trajectory->ball_count;
}

int64_t bs_trajectory_event_count(const bs_trajectory* trajectory) {
	return trajectory->event_count;
}

// How many recorded events lie at or before `time` (s).
static int64_t events_through(const bs_trajectory* trajectory, double time) {
	int64_t lo = 0;
	int64_t hi = trajectory->event_count;
	while (lo < hi) {
		int64_t mid = lo + (hi - lo) / 2;
		if (trajectory->event_times[mid] <= time) {
			lo = mid + 1;
		} else {
			hi = mid;
		}
	}
	return lo;
}

void bs_trajectory_states(const bs_trajectory* trajectory, const double* times, int64_t count, bs_ball_state* dest) {
	for (int64_t k = 0; k < count; ++k) {
		assert(times[k] >= trajectory->start_time && times[k] <= trajectory->end_time &&
			"bs_trajectory_states: ask for times within [bs_trajectory_start_time, bs_trajectory_end_time]");
		assert((k == 0 || times[k] >= times[k - 1]) && "bs_trajectory_states: give the times in ascending order");
	}
	int n = trajectory->ball_count;
	// Ball by ball, latest time first: each walks its own records back once.
	for (int i = 0; i < n; ++i) {
		int64_t r = trajectory->latest[i];
		for (int64_t k = count - 1; k >= 0; --k) {
			int64_t events = events_through(trajectory, times[k]);
			while (trajectory->events_by[r] > events) {
				r = trajectory->previous[r];
			}
			dest[k * n + i] = bs_ball_state_of(trajectory->physics, &trajectory->table, &trajectory->cloth,
				&trajectory->balls[r], trajectory->with_spin ? &trajectory->spins[r] : NULL,
				trajectory->with_spin ? &trajectory->omegas[r] : NULL, trajectory->masses[i], (bs_ball_kind)trajectory->kinds[i], times[k]);
		}
	}
}
