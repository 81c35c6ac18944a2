#include <breakshot/frame_step.h>

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "collide.h"
#include "table_internal.h"

typedef struct frame_ball {
	bs_vec2 pos;       ///< centre (m)
	bs_vec2 vel;       ///< velocity (m/s)
	bs_vec2 frame_pos; ///< centre at the start of the current frame (m), for the swept test
	double radius;
	double mass;
	int id;
	bs_ball_kind kind;
	bool on_table; ///< false once pocketed or escaped
	int pocket;    ///< pocket index, or -1
	double pocket_time;
} frame_ball;

// A growable array of records, so a frame with many contacts still keeps
// every one; capacity only grows, so steady stepping allocates nothing.
typedef struct record_list {
	void* items;
	int count;
	int capacity;
} record_list;

struct bs_frames {
	bs_table table;
	double start_time;
	double dt;
	int64_t full_frames;   ///< frames of exactly dt stepped
	double partial_time;   ///< sum of shortened frames (s)
	double ball_restitution;
	double cushion_restitution;
	double escape_margin; ///< m; see escaped()
	int ball_count;
	frame_ball* balls;
	record_list contacts; ///< bs_frame_contact
	record_list misses;   ///< bs_frame_miss
	bs_frame_stats stats;
};

static bool push_record(record_list* list, const void* item, size_t item_size) {
	if (list->count == list->capacity) {
		int capacity = list->capacity > 0 ? 2 * list->capacity : 16;
		void* grown = bs_realloc(list->items, (size_t)capacity * item_size);
		if (!grown) {
			return false;
		}
		list->items = grown;
		list->capacity = capacity;
	}
	memcpy((char*)list->items + (size_t)list->count * item_size, item, item_size);
	list->count += 1;
	return true;
}

bs_frames* bs_frames_create(const bs_world_def* def, double dt) {
	bs_frames* frames = bs_calloc(1, sizeof *frames);
	if (!frames) {
		return NULL;
	}
	int n = def->ball_count;
	frames->balls = bs_calloc((size_t)(n > 0 ? n : 1), sizeof *frames->balls);
	if (!frames->balls) {
		bs_free(frames);
		return NULL;
	}
	bs_table_build(&def->table, &frames->table);
	frames->start_time = def->time;
	frames->dt = dt;
	frames->ball_restitution = def->ball_restitution;
	frames->cushion_restitution = def->cushion_restitution;
	frames->ball_count = n;
	double largest_radius = 0.0;
	for (int i = 0; i < n; ++i) {
		frame_ball* ball = &frames->balls[i];
		ball->pos = def->balls[i].pos;
		ball->vel = def->balls[i].vel;
		ball->frame_pos = ball->pos;
		ball->radius = def->balls[i].radius;
		ball->mass = def->balls[i].mass;
		ball->id = def->balls[i].id;
		ball->kind = def->balls[i].kind;
		ball->on_table = true;
		ball->pocket = -1;
		ball->pocket_time = 0.0;
		largest_radius = ball->radius > largest_radius ? ball->radius : largest_radius;
	}
	double largest_capture = 0.0;
	for (int k = 0; k < frames->table.pocket_count; ++k) {
		double capture = frames->table.pockets[k].radius;
		largest_capture = capture > largest_capture ? capture : largest_capture;
	}
	frames->escape_margin = 2.0 * largest_radius + 2.0 * largest_capture;
	frames->stats.overlap_a = -1;
	frames->stats.overlap_b = -1;
	return frames;
}

void bs_frames_destroy(bs_frames* frames) {
	if (!frames) {
		return;
	}
	bs_free(frames->contacts.items);
	bs_free(frames->misses.items);
	bs_free(frames->balls);
	bs_free(frames);
}

double bs_frames_time(const bs_frames* frames) {
	return frames->start_time + (double)frames->full_frames * frames->dt + frames->partial_time;
}

double bs_frames_dt(const bs_frames* frames) {
	return frames->dt;
}

bs_totals bs_frames_totals(const bs_frames* frames) {
	bs_totals totals;
	totals.kinetic_energy = 0.0;
	totals.momentum = bs_v2(0.0, 0.0);
	totals.balls_on_table = 0;
	totals.pocketed_energy = frames->stats.pocketed_energy;
	for (int i = 0; i < frames->ball_count; ++i) {
		const frame_ball* ball = &frames->balls[i];
		if (!ball->on_table) {
			continue;
		}
		totals.kinetic_energy += 0.5 * ball->mass * bs_v2_dot(ball->vel, ball->vel);
		totals.momentum = bs_v2_mad(totals.momentum, ball->mass, ball->vel);
		totals.balls_on_table += 1;
	}
	return totals;
}

// Records a resolved contact with the totals right after it. Returns false
// when memory runs out.
static bool record_contact(bs_frames* frames, bs_event_kind kind, int a, int b, double impulse, bs_vec2 point,
	bs_vec2 normal, double now) {
	bs_frame_contact contact;
	contact.event.kind = kind;
	contact.event.time = now;
	contact.event.a = a;
	contact.event.b = b;
	contact.event.impulse = impulse;
	contact.event.point = point;
	contact.event.normal = normal;
	contact.totals = bs_frames_totals(frames);
	frames->stats.contacts += 1;
	frames->stats.contacts_of[kind] += 1;
	return push_record(&frames->contacts, &contact, sizeof contact);
}

static void record_overlap(bs_frames* frames, const frame_ball* bi, const frame_ball* bj, double overlap,
	double sigma, double now) {
	frames->stats.largest_overlap = overlap;
	frames->stats.largest_overlap_relative = overlap / sigma;
	frames->stats.overlap_a = bi->id < bj->id ? bi->id : bj->id;
	frames->stats.overlap_b = bi->id < bj->id ? bj->id : bi->id;
	frames->stats.overlap_time = now;
}

// What the move got wrong, on every pair before anything is resolved:
// - misses: pairs that start the frame apart and end it apart, but whose
//   exact straight-line motion during the frame brings them into contact;
// - the largest penetration;
// - pairs that overlap while already separating: left over from an earlier
//   frame, stuck in each other.
static bool measure_pairs(bs_frames* frames, double step, double frame_start, double now) {
	bool ok = true;
	for (int i = 0; i < frames->ball_count; ++i) {
		const frame_ball* bi = &frames->balls[i];
		if (!bi->on_table) {
			continue;
		}
		for (int j = i + 1; j < frames->ball_count; ++j) {
			const frame_ball* bj = &frames->balls[j];
			if (!bj->on_table) {
				continue;
			}
			double sigma = bi->radius + bj->radius;
			bs_vec2 d_start = bs_table_nearest(&frames->table, bs_v2_sub(bj->frame_pos, bi->frame_pos));
			bs_vec2 d_end = bs_table_nearest(&frames->table, bs_v2_sub(bj->pos, bi->pos));
			bs_vec2 w = bs_v2_sub(bj->vel, bi->vel);
			if (bs_v2_len2(d_end) < sigma * sigma) {
				double overlap = sigma - bs_v2_len(d_end);
				if (overlap > frames->stats.largest_overlap) {
					record_overlap(frames, bi, bj, overlap, sigma, now);
				}
				frames->stats.stuck += bs_v2_dot(d_end, w) >= 0.0 ? 1 : 0;
			} else if (bs_v2_len2(d_start) > sigma * sigma && bs_toi_circles(d_start, w, sigma) <= step) {
				bs_frame_miss miss;
				miss.a = bi->id < bj->id ? bi->id : bj->id;
				miss.b = bi->id < bj->id ? bj->id : bi->id;
				miss.time = frame_start + bs_toi_circles(d_start, w, sigma);
				miss.frame_end = now;
				frames->stats.misses += 1;
				ok = push_record(&frames->misses, &miss, sizeof miss) && ok;
			}
		}
	}
	return ok;
}

// A ball on a table with pockets that is far outside every cushion has gone
// through one (the frames method can step over a cushion and a pocket's
// capture circle alike); it is taken off the table so it does not fly away
// with its energy still counted.
static bool escaped(const bs_frames* frames, bs_vec2 p) {
	double m = frames->escape_margin;
	return p.x < -m || p.y < -m || p.x > frames->table.width + m || p.y > frames->table.height + m;
}

static bool capture_in_pockets(bs_frames* frames, double now) {
	bool ok = true;
	const bs_table* table = &frames->table;
	for (int i = 0; i < frames->ball_count; ++i) {
		frame_ball* ball = &frames->balls[i];
		if (!ball->on_table) {
			continue;
		}
		for (int k = 0; k < table->pocket_count; ++k) {
			double capture = table->pockets[k].radius;
			if (bs_v2_len2(bs_v2_sub(ball->pos, table->pockets[k].centre)) <= capture * capture) {
				frames->stats.pocketed_energy += 0.5 * ball->mass * bs_v2_dot(ball->vel, ball->vel);
				ball->on_table = false;
				ball->pocket = k;
				ball->pocket_time = now;
				bs_vec2 normal = bs_v2_normalize(bs_v2_sub(ball->pos, table->pockets[k].centre));
				ok = record_contact(frames, BS_EVENT_POCKET, ball->id, k, 0.0, ball->pos, normal, now) && ok;
				break;
			}
		}
		if (ball->on_table && table->has_pockets && escaped(frames, ball->pos)) {
			ball->on_table = false;
			frames->stats.escaped += 1;
		}
	}
	return ok;
}

static bool reflect(bs_frames* frames, frame_ball* ball, bs_event_kind kind, int index, bs_vec2 normal,
	bs_vec2 point, double now) {
	double impulse = bs_resolve_obstacle(&ball->vel, ball->mass, normal, frames->cushion_restitution);
	return record_contact(frames, kind, ball->id, index, impulse, point, normal, now);
}

// The plain rectangle: a ball whose centre is less than r from a wall (or
// past it) and moving outward is reflected. Cushion indices as bs_table_rect.
static bool reflect_off_walls(bs_frames* frames, frame_ball* ball, double now) {
	double r = ball->radius;
	double w = frames->table.width;
	double h = frames->table.height;
	bool ok = true;
	if (ball->pos.x < r && ball->vel.x < 0.0) {
		ok = reflect(frames, ball, BS_EVENT_CUSHION, 0, bs_v2(1.0, 0.0), bs_v2(0.0, ball->pos.y), now) && ok;
	} else if (ball->pos.x > w - r && ball->vel.x > 0.0) {
		ok = reflect(frames, ball, BS_EVENT_CUSHION, 1, bs_v2(-1.0, 0.0), bs_v2(w, ball->pos.y), now) && ok;
	}
	if (ball->pos.y < r && ball->vel.y < 0.0) {
		ok = reflect(frames, ball, BS_EVENT_CUSHION, 2, bs_v2(0.0, 1.0), bs_v2(ball->pos.x, 0.0), now) && ok;
	} else if (ball->pos.y > h - r && ball->vel.y > 0.0) {
		ok = reflect(frames, ball, BS_EVENT_CUSHION, 3, bs_v2(0.0, -1.0), bs_v2(ball->pos.x, h), now) && ok;
	}
	return ok;
}

// A table with pockets: a ball overlapping a segment (its centre's foot
// inside the segment, less than r in front of it or anywhere behind it) or a
// jaw, and moving into it, is reflected.
static bool reflect_off_segments_and_jaws(bs_frames* frames, frame_ball* ball, double now) {
	const bs_table* table = &frames->table;
	double r = ball->radius;
	bool ok = true;
	for (int s = 0; s < table->cushion_count; ++s) {
		bs_segment segment = table->cushions[s];
		bs_vec2 normal = bs_segment_normal(segment);
		bs_vec2 along = bs_v2_sub(segment.b, segment.a);
		bs_vec2 from_a = bs_v2_sub(ball->pos, segment.a);
		double u = bs_v2_dot(from_a, along);
		double distance = bs_v2_dot(from_a, normal);
		if (u >= 0.0 && u <= bs_v2_dot(along, along) && distance < r && bs_v2_dot(ball->vel, normal) < 0.0) {
			bs_vec2 foot = bs_v2_mad(ball->pos, -distance, normal);
			ok = reflect(frames, ball, BS_EVENT_CUSHION, s, normal, foot, now) && ok;
		}
	}
	for (int k = 0; k < table->jaw_count; ++k) {
		// A jaw as the circle of its arc, as prediction meets it.
		const bs_arc* arc = &table->jaws[k];
		bs_vec2 d = bs_v2_sub(ball->pos, arc->centre);
		double reach = r + arc->radius;
		if (bs_v2_len2(d) < reach * reach && bs_v2_dot(ball->vel, d) < 0.0) {
			bs_vec2 normal = bs_v2_normalize(d);
			bs_vec2 point = arc->radius == 0.0 ? arc->centre : bs_v2_mad(arc->centre, arc->radius, normal);
			ok = reflect(frames, ball, BS_EVENT_JAW, k, normal, point, now) && ok;
		}
	}
	return ok;
}

static bool resolve_cushions(bs_frames* frames, double now) {
	bool ok = true;
	for (int i = 0; i < frames->ball_count; ++i) {
		frame_ball* ball = &frames->balls[i];
		if (!ball->on_table || frames->table.periodic) {
			continue; // a periodic table has no cushions
		}
		ok = (frames->table.has_pockets ? reflect_off_segments_and_jaws(frames, ball, now)
										: reflect_off_walls(frames, ball, now)) &&
			ok;
	}
	return ok;
}

// One pass over every pair in index order: overlapping and approaching pairs
// get the mass-weighted impulse along the line of centres.
static bool resolve_pairs(bs_frames* frames, double now) {
	bool ok = true;
	for (int i = 0; i < frames->ball_count; ++i) {
		frame_ball* bi = &frames->balls[i];
		if (!bi->on_table) {
			continue;
		}
		for (int j = i + 1; j < frames->ball_count; ++j) {
			frame_ball* bj = &frames->balls[j];
			if (!bj->on_table) {
				continue;
			}
			double sigma = bi->radius + bj->radius;
			bs_vec2 d = bs_table_nearest(&frames->table, bs_v2_sub(bj->pos, bi->pos));
			double distance2 = bs_v2_len2(d);
			// Coincident centres give no normal to push along: leave them.
			if (distance2 >= sigma * sigma || distance2 == 0.0 ||
				!(bs_v2_dot(d, bs_v2_sub(bj->vel, bi->vel)) < 0.0)) {
				continue;
			}
			bs_vec2 n = bs_v2_normalize(d);
			double impulse = bs_resolve_balls(&bi->vel, bi->mass, &bj->vel, bj->mass, n, frames->ball_restitution);
			// The record follows the event convention: a is the lower id, the
			// normal points from a towards b.
			bool i_first = bi->id < bj->id;
			bs_vec2 normal = i_first ? n : bs_v2_scale(-1.0, n);
			bs_vec2 point = bs_v2_mad(bi->pos, bi->radius, n);
			ok = record_contact(frames, BS_EVENT_BALL, i_first ? bi->id : bj->id, i_first ? bj->id : bi->id, impulse,
					 point, normal, now) &&
				ok;
		}
	}
	return ok;
}

int bs_frames_step(bs_frames* frames, double step) {
	frames->contacts.count = 0;
	frames->misses.count = 0;
	double frame_start = bs_frames_time(frames);
	for (int i = 0; i < frames->ball_count; ++i) {
		frame_ball* ball = &frames->balls[i];
		if (ball->on_table) {
			ball->frame_pos = ball->pos;
			ball->pos = bs_table_wrap(&frames->table, bs_v2_mad(ball->pos, step, ball->vel));
		}
	}
	if (step == frames->dt) {
		frames->full_frames += 1;
	} else {
		frames->partial_time += step;
	}
	frames->stats.frames += 1;
	double now = bs_frames_time(frames);
	bool ok = measure_pairs(frames, step, frame_start, now);
	ok = capture_in_pockets(frames, now) && ok;
	ok = resolve_cushions(frames, now) && ok;
	ok = resolve_pairs(frames, now) && ok;
	return ok ? frames->contacts.count : -1;
}

bool bs_frames_at_rest(const bs_frames* frames) {
	for (int i = 0; i < frames->ball_count; ++i) {
		const frame_ball* ball = &frames->balls[i];
		if (ball->on_table && (ball->vel.x != 0.0 || ball->vel.y != 0.0)) {
			return false;
		}
	}
	return true;
}

const bs_frame_contact* bs_frames_contacts(const bs_frames* frames, int* count) {
	*count = frames->contacts.count;
	return frames->contacts.items;
}

const bs_frame_miss* bs_frames_misses(const bs_frames* frames, int* count) {
	*count = frames->misses.count;
	return frames->misses.items;
}

bs_frame_stats bs_frames_stats(const bs_frames* frames) {
	return frames->stats;
}

int bs_frames_ball_count(const bs_frames* frames) {
	return frames->ball_count;
}

bs_ball_state bs_frames_ball_state(const bs_frames* frames, int index) {
	const frame_ball* ball = &frames->balls[index];
	bs_ball_state state;
	memset(&state, 0, sizeof state);
	state.id = ball->id;
	state.kind = ball->kind;
	state.pos = ball->pos;
	state.vel = ball->vel;
	state.radius = ball->radius;
	state.mass = ball->mass;
	state.pocketed = ball->pocket >= 0;
	state.pocket = ball->pocket;
	state.pocket_time = ball->pocket_time;
	return state;
}
