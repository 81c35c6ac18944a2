// breakshot: the engine against an independent brute-force reference.
//
// The reference below is written from the physics, not from the engine: it
// includes only the public headers, keeps every ball's position and velocity
// in long double, and at each step solves every candidate contact from
// scratch (every pair of balls, every ball against every cushion segment,
// jaw point and pocket capture circle; on a periodic table every image of
// the partner, enumerated directly as d + (i W, j H)) and takes the
// earliest. It resolves with the rules the API documents: restitution along
// the line of centres, the elastic window, the rest speed and its pair rule,
// pocketing, the just-resolved pair and the last obstacle.
//
// Random small scenes (2 to 12 balls of mixed radii and masses, restitutions
// in [0, 1] with 0 and 1 often, rest speed default or 0, on the plain table,
// the 9 ft pool table and periodic boxes) are run by both from the same
// numbers, and the first EVENTS_PER_SCENE events compared: kind, ids or
// obstacle index, time, impulse, and the velocities left behind.
//
// Where rounding decides, double and long double runs may legitimately
// differ: two candidate events within a tie window of each other, a contact
// within DIST_TOL of grazing (a circle's path, a ball sliding along a
// cushion line, a contact at a segment's end), a speed at the rest speed or
// an interval at the elastic window. The reference detects each of these
// and stops comparing the scene there, counting it as agreed so far.
//
// Chaos amplifies rounding at every collision between balls, so that the
// runs part by more than DIST_TOL after a few (on a periodic table, with its
// long flights, after two or three). They may part only as fast as their
// velocities' difference explains; once they have parted, the reference
// takes the engine's state (exported with its anchors) and the comparison
// goes on from there. Times are compared to TIME_REL of the time elapsed,
// plus the time the closing speed takes to cover the runs' distance;
// impulses and velocities to what that distance and the velocities'
// difference explain. Any other difference is a disagreement, printed with
// the scene, the event, both records and the scene's definition.
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <breakshot/table.h>
#include <breakshot/world.h>

#include "anchor_history.h"
#include "table_internal.h"
#include "check.h"
#include "rng.h"

typedef long double ld;

enum {
	MAX_BALLS = 12,
	EVENTS_PER_SCENE = 30,
	SCENES = 1500,
	PLAIN = 0,
	POCKETED = 1,
	PERIODIC = 2,
	TABLE_KINDS = 3,
};

/// Runs whose balls are further apart than this (m) have parted; a contact
/// whose miss distance is within this of touching is a graze (m).
#define DIST_TOL 1e-9L
/// A ball moving along a cushion line within this angle (rad) of parallel
/// may or may not approach it, by rounding.
#define DIR_TOL 1e-7L
/// Event times agree within TIME_REL of the time elapsed since the start,
/// plus TIME_ABS (s).
#define TIME_REL 1e-9L
#define TIME_ABS 1e-12L
/// Impulses agree within this fraction of the largest impulse the balls'
/// relative speed allows, beyond what the runs' parting explains.
#define IMPULSE_REL 1e-12L
/// The rest speed and the elastic window are thresholds: a speed within
/// this relative distance of the rest speed may stop in one run and not in
/// the other.
#define SPEED_REL 1e-7L

// ---------------------------------------------------------------------------
// The reference

typedef struct ref_ball {
	int id;
	ld px, py; ///< centre (m); never wrapped on a periodic table
	ld vx, vy; ///< m/s
	ld r, m;
	bool pocketed;
	int last_kind;     ///< BS_EVENT_* of the last event, or BS_EVENT_NONE
	int last_target;   ///< the partner's index, or the cushion, jaw or pocket index
	long last_ix;      ///< for a ball contact: the partner's image, in whole widths
	long last_iy;      ///< and heights (displacement = partner - this + (ix W, iy H))
	ld last_collision; ///< time of the last non-pocket event (s)
} ref_ball;

typedef struct ref_world {
	ld time;  ///< s; every ball is at this time
	ld start; ///< s
	ld width, height;
	bool periodic;
	ld e_ball, e_cushion, window, rest;
	int n;
	ref_ball b[MAX_BALLS];
	int seg_count;
	ld seg[BS_MAX_CUSHIONS][4];   ///< ax, ay, bx, by
	ld seg_n[BS_MAX_CUSHIONS][2]; ///< inward unit normal (left of a->b)
	int jaw_count;
	ld jaw[BS_MAX_JAWS][3]; ///< centre x, y, the arc's radius (0 for a point)
	int pocket_count;
	ld pocket[BS_MAX_POCKETS][3]; ///< centre x, y, capture radius
} ref_world;

typedef struct ref_event {
	int kind;    ///< BS_EVENT_*, or BS_EVENT_NONE
	int i;       ///< ball index
	int target;  ///< partner index, or the obstacle's index
	long ix, iy; ///< partner's image (ball events)
	ld time;     ///< absolute (s)
} ref_event;

/// Why a reference step is degenerate (rounding may decide it).
typedef enum degeneracy {
	DEG_NONE = 0,
	DEG_TIE,       ///< two candidate events within the tie window
	DEG_GRAZE,     ///< a contact within DIST_TOL of grazing, or at a segment's end
	DEG_THRESHOLD, ///< a speed at the rest speed, or an interval at the elastic window
	DEG_COUNT,
} degeneracy;

static const char* const degeneracy_names[DEG_COUNT] = {"none", "tie", "graze", "threshold"};

typedef struct ref_search {
	ref_event best;
	ld second; ///< earliest time of any other candidate (s)
	ld shadow; ///< earliest time of a degenerate contact (s)
} ref_search;

static ld time_tolerance(const ref_world* w, ld t) {
	return TIME_REL * fabsl(t - w->start) + TIME_ABS;
}

static ld tie_window(const ref_world* w, ld t) {
	return 1e-9L + 2.0L * time_tolerance(w, t);
}

static void offer(ref_search* s, int kind, int i, int target, long ix, long iy, ld time) {
	ref_event ev = {kind, i, target, ix, iy, time};
	if (time < s->best.time) {
		s->second = s->best.time;
		s->best = ev;
	} else if (time < s->second) {
		s->second = time;
	}
}

static void offer_shadow(ref_search* s, ld time) {
	if (time < s->shadow) {
		s->shadow = time;
	}
}

// The first time t >= 0 (s from now) at which |d + w t| = sigma for a pair
// approaching (d . w < 0), or -1 when they never touch: solved as
// a t^2 + 2 b t + c = 0 with the root c / (-b + sqrt(b^2 - a c)), in which
// nothing cancels. Touching or overlapping and approaching: 0. `graze` is
// set, when the path passes within DIST_TOL of touching (from now on), to
// the earliest time a contact that close to grazing could happen: the
// moment of closest approach less the time to cover the chord
// sqrt(4 sigma DIST_TOL); otherwise -1.
static ld ref_circle(ld dx, ld dy, ld wx, ld wy, ld sigma, ld* graze) {
	*graze = -1.0L;
	ld a = wx * wx + wy * wy;
	if (a == 0.0L) {
		return -1.0L;
	}
	ld b = dx * wx + dy * wy;
	ld c = dx * dx + dy * dy - sigma * sigma;
	ld disc = b * b - a * c; // a (sigma^2 - miss^2) = a (sigma - miss) (sigma + miss)
	ld closest = -b / a;
	if (fabsl(disc) <= 2.0L * DIST_TOL * sigma * a && closest >= -1e-9L) {
		ld earliest = closest - sqrtl(4.0L * sigma * DIST_TOL / a);
		*graze = earliest > 0.0L ? earliest : 0.0L;
	}
	if (!(b < 0.0L)) {
		return -1.0L;
	}
	if (c <= 0.0L) {
		return 0.0L;
	}
	if (disc < 0.0L) {
		return -1.0L;
	}
	return c / (-b + sqrtl(disc));
}

// A ball meeting cushion segment s from its playing side: the centre
// reaches the line at distance r, with the foot of the centre within the
// segment. Returns the time from now, or -1; `shadow` as for ref_circle: a
// ball sliding along the line at contact distance, or a contact within
// DIST_TOL of an end.
static ld ref_segment(const ref_world* w, const ref_ball* ball, int s, ld* shadow) {
	*shadow = -1.0L;
	ld ax = w->seg[s][0], ay = w->seg[s][1];
	ld ux = w->seg[s][2] - ax, uy = w->seg[s][3] - ay;
	ld nx = w->seg_n[s][0], ny = w->seg_n[s][1];
	ld len2 = ux * ux + uy * uy;
	ld len = sqrtl(len2);
	ld vn = ball->vx * nx + ball->vy * ny; // negative while approaching
	ld gap = (ball->px - ax) * nx + (ball->py - ay) * ny - ball->r;
	ld speed = sqrtl(ball->vx * ball->vx + ball->vy * ball->vy);
	if (vn != 0.0L && fabsl(gap) <= DIST_TOL && fabsl(vn) <= DIR_TOL * speed) {
		// Along the line, touching it: whether it approaches is rounding.
		// Degenerate if its foot is on the segment now or will be. (Exactly
		// along an axis-aligned line, after a reflection at restitution 0,
		// the normal speed is exactly 0 in both runs.)
		ld along = (ball->px - ax) * ux + (ball->py - ay) * uy;
		ld drift = ball->vx * ux + ball->vy * uy;
		bool on = along >= -DIST_TOL * len && along <= len2 + DIST_TOL * len;
		if (on || (along < 0.0L && drift > 0.0L) || (along > len2 && drift < 0.0L)) {
			*shadow = 0.0L;
		}
	}
	if (!(vn < 0.0L)) {
		return -1.0L;
	}
	ld t = gap > 0.0L ? gap / -vn : 0.0L;
	ld foot = (ball->px + ball->vx * t - ax) * ux + (ball->py + ball->vy * t - ay) * uy;
	if (fabsl(foot) <= DIST_TOL * len || fabsl(foot - len2) <= DIST_TOL * len) {
		*shadow = t; // at an end: the segment or its jaw point, by rounding
	}
	if (foot < 0.0L || foot > len2) {
		return -1.0L;
	}
	return t;
}

static bool just_resolved(const ref_world* w, int i, int j) {
	const ref_ball* bi = &w->b[i];
	const ref_ball* bj = &w->b[j];
	return bi->last_kind == BS_EVENT_BALL && bj->last_kind == BS_EVENT_BALL && bi->last_target == j &&
		bj->last_target == i;
}

// Balls i < j at every image within `horizon` (s from now). On a walled
// table the only image is the ball itself.
static void ref_pair(const ref_world* w, ref_search* s, int i, int j, ld horizon) {
	const ref_ball* bi = &w->b[i];
	const ref_ball* bj = &w->b[j];
	ld d[2] = {bj->px - bi->px, bj->py - bi->py};
	ld v[2] = {bj->vx - bi->vx, bj->vy - bi->vy};
	ld sigma = bi->r + bj->r;
	bool resolved = just_resolved(w, i, j);
	ld graze;
	if (!w->periodic) {
		if (resolved) {
			return;
		}
		ld t = ref_circle(d[0], d[1], v[0], v[1], sigma, &graze);
		if (t >= 0.0L) {
			offer(s, BS_EVENT_BALL, i, j, 0, 0, w->time + t);
		}
		if (graze >= 0.0L) {
			offer_shadow(s, w->time + graze);
		}
		return;
	}
	if (v[0] == 0.0L && v[1] == 0.0L) {
		return;
	}
	// Image (k[0], k[1]) is at d + (k[0] W, k[1] H). Walk the images column
	// by column along the axis p the relative path crosses fastest; in each
	// column, the rows the path passes while within reach of it.
	ld length[2] = {w->width, w->height};
	int p = fabsl(v[0]) / length[0] >= fabsl(v[1]) / length[1] ? 0 : 1;
	int q = 1 - p;
	ld reach = sigma + 4.0L * DIST_TOL;
	ld lo = d[p] < d[p] + v[p] * horizon ? d[p] : d[p] + v[p] * horizon;
	ld hi = d[p] < d[p] + v[p] * horizon ? d[p] + v[p] * horizon : d[p];
	long first = (long)ceill((-hi - reach) / length[p]);
	long last = (long)floorl((-lo + reach) / length[p]);
	for (long kp = first; kp <= last; ++kp) {
		ld dp = d[p] + (ld)kp * length[p];
		ld t0 = 0.0L;
		ld t1 = horizon;
		if (v[p] != 0.0L) {
			ld ta = (-reach - dp) / v[p];
			ld tb = (reach - dp) / v[p];
			t0 = ta < tb ? ta : tb;
			t1 = ta < tb ? tb : ta;
			t0 = t0 > 0.0L ? t0 : 0.0L;
			t1 = t1 < horizon ? t1 : horizon;
		} else if (fabsl(dp) > reach) {
			continue;
		}
		if (t0 > t1) {
			continue;
		}
		ld qa = d[q] + v[q] * t0;
		ld qb = d[q] + v[q] * t1;
		ld qlo = qa < qb ? qa : qb;
		ld qhi = qa < qb ? qb : qa;
		long rfirst = (long)ceill((-qhi - reach) / length[q]);
		long rlast = (long)floorl((-qlo + reach) / length[q]);
		for (long kq = rfirst; kq <= rlast; ++kq) {
			long k[2];
			k[p] = kp;
			k[q] = kq;
			if (resolved && k[0] == w->b[i].last_ix && k[1] == w->b[i].last_iy) {
				continue; // the images that just touched
			}
			ld t = ref_circle(d[0] + (ld)k[0] * w->width, d[1] + (ld)k[1] * w->height, v[0], v[1], sigma, &graze);
			if (t >= 0.0L && t <= horizon) {
				offer(s, BS_EVENT_BALL, i, j, k[0], k[1], w->time + t);
			}
			if (graze >= 0.0L && graze <= horizon) {
				offer_shadow(s, w->time + graze);
			}
		}
	}
}

static void ref_obstacles(const ref_world* w, ref_search* s, int i) {
	const ref_ball* ball = &w->b[i];
	ld shadow;
	for (int k = 0; k < w->seg_count; ++k) {
		if (ball->last_kind == BS_EVENT_CUSHION && ball->last_target == k) {
			continue;
		}
		ld t = ref_segment(w, ball, k, &shadow);
		if (t >= 0.0L) {
			offer(s, BS_EVENT_CUSHION, i, k, 0, 0, w->time + t);
		}
		if (shadow >= 0.0L) {
			offer_shadow(s, w->time + shadow);
		}
	}
	for (int k = 0; k < w->jaw_count; ++k) {
		if (ball->last_kind == BS_EVENT_JAW && ball->last_target == k) {
			continue;
		}
		ld t = ref_circle(
			ball->px - w->jaw[k][0], ball->py - w->jaw[k][1], ball->vx, ball->vy, ball->r + w->jaw[k][2], &shadow);
		if (t >= 0.0L) {
			offer(s, BS_EVENT_JAW, i, k, 0, 0, w->time + t);
		}
		if (shadow >= 0.0L) {
			offer_shadow(s, w->time + shadow);
		}
	}
	for (int k = 0; k < w->pocket_count; ++k) {
		ld dx = ball->px - w->pocket[k][0];
		ld dy = ball->py - w->pocket[k][1];
		ld capture = w->pocket[k][2];
		ld t = dx * dx + dy * dy <= capture * capture ? 0.0L : ref_circle(dx, dy, ball->vx, ball->vy, capture, &shadow);
		if (t >= 0.0L) {
			offer(s, BS_EVENT_POCKET, i, k, 0, 0, w->time + t);
		}
		if (shadow >= 0.0L) {
			offer_shadow(s, w->time + shadow);
		}
	}
}

static ref_search ref_search_within(const ref_world* w, ld horizon) {
	ref_search s;
	s.best = (ref_event){BS_EVENT_NONE, -1, -1, 0, 0, (ld)INFINITY};
	s.second = (ld)INFINITY;
	s.shadow = (ld)INFINITY;
	for (int i = 0; i < w->n; ++i) {
		if (w->b[i].pocketed) {
			continue;
		}
		for (int j = i + 1; j < w->n; ++j) {
			if (!w->b[j].pocketed) {
				ref_pair(w, &s, i, j, horizon);
			}
		}
		ref_obstacles(w, &s, i);
	}
	return s;
}

// The next event (kind BS_EVENT_NONE when none comes by BS_MAX_TIME), and
// whether it is degenerate. On a periodic table the images are searched
// within a horizon that grows until it holds the event and its tie window.
static ref_event ref_next(const ref_world* w, degeneracy* why) {
	ld limit = (ld)BS_MAX_TIME - w->time;
	ld horizon = w->periodic ? 1.0L : limit;
	for (;;) {
		horizon = horizon < limit ? horizon : limit;
		ref_search s = ref_search_within(w, horizon);
		ld end = s.best.time < (ld)BS_MAX_TIME ? s.best.time : (ld)BS_MAX_TIME;
		ld tie = tie_window(w, end);
		if (w->periodic && horizon < limit && end + tie > w->time + horizon) {
			horizon *= 4.0L;
			continue;
		}
		*why = DEG_NONE;
		if (s.second <= end + tie || (s.best.time < (ld)INFINITY && fabsl(s.best.time - (ld)BS_MAX_TIME) <= tie)) {
			*why = DEG_TIE;
		} else if (s.shadow <= end + tie) {
			*why = DEG_GRAZE;
		}
		if (s.best.time > (ld)BS_MAX_TIME) {
			s.best.kind = BS_EVENT_NONE;
		}
		return s.best;
	}
}

// The restitution after the elastic window: a ball that collided less than
// the window ago collides elastically. Flags an interval at the window.
static ld effective_restitution(const ref_world* w, ld e, const ref_ball* a, const ref_ball* b, degeneracy* why) {
	if (e >= 1.0L || w->window <= 0.0L) {
		return e;
	}
	const ref_ball* balls[2] = {a, b};
	bool recent = false;
	for (int k = 0; k < 2 && balls[k]; ++k) {
		ld since = w->time - balls[k]->last_collision;
		if (fabsl(since - w->window) <= 2.0L * time_tolerance(w, w->time)) {
			*why = DEG_THRESHOLD;
		}
		recent = recent || since < w->window;
	}
	return recent ? 1.0L : e;
}

// Whether a ball an inelastic collision left is at rest; flags a speed at
// the rest speed.
static bool resting(const ref_world* w, const ref_ball* ball, degeneracy* why) {
	ld speed2 = ball->vx * ball->vx + ball->vy * ball->vy;
	if (w->rest > 0.0L && fabsl(sqrtl(speed2) - w->rest) <= SPEED_REL * w->rest) {
		*why = DEG_THRESHOLD;
	}
	return speed2 < w->rest * w->rest;
}

static void remember(ref_ball* ball, int kind, int target, long ix, long iy, ld now) {
	ball->last_kind = kind;
	ball->last_target = target;
	ball->last_ix = ix;
	ball->last_iy = iy;
	if (kind != BS_EVENT_POCKET) {
		ball->last_collision = now;
	}
}

// Reflects a ball off an obstacle whose unit normal (towards the ball) is n.
static ld reflect(const ref_world* w, ref_ball* ball, ld nx, ld ny, degeneracy* why) {
	ld e = effective_restitution(w, w->e_cushion, ball, NULL, why);
	ld vn = ball->vx * nx + ball->vy * ny;
	ball->vx -= (1.0L + e) * vn * nx;
	ball->vy -= (1.0L + e) * vn * ny;
	if (e < 1.0L && resting(w, ball, why)) {
		ball->vx = 0.0L;
		ball->vy = 0.0L;
	}
	return fabsl((1.0L + e) * ball->m * vn);
}

// Moves every ball to the event's time and resolves it. Returns the
// impulse's magnitude (N s); `why` flags a threshold decided by rounding.
static ld ref_resolve(ref_world* w, const ref_event* ev, degeneracy* why) {
	ld dt = ev->time - w->time;
	for (int k = 0; k < w->n; ++k) {
		ref_ball* ball = &w->b[k];
		if (!ball->pocketed) {
			ball->px += ball->vx * dt;
			ball->py += ball->vy * dt;
		}
	}
	w->time = ev->time;
	ref_ball* ball = &w->b[ev->i];
	switch (ev->kind) {
	case BS_EVENT_BALL: {
		ref_ball* other = &w->b[ev->target];
		ld nx = other->px + (ld)ev->ix * w->width - ball->px;
		ld ny = other->py + (ld)ev->iy * w->height - ball->py;
		ld len = sqrtl(nx * nx + ny * ny);
		nx /= len;
		ny /= len;
		ld e = effective_restitution(w, w->e_ball, ball, other, why);
		ld closing = (ball->vx - other->vx) * nx + (ball->vy - other->vy) * ny;
		ld impulse = (1.0L + e) * ball->m * other->m / (ball->m + other->m) * closing;
		ball->vx -= impulse / ball->m * nx;
		ball->vy -= impulse / ball->m * ny;
		other->vx += impulse / other->m * nx;
		other->vy += impulse / other->m * ny;
		if (e < 1.0L) {
			bool ball_rests = resting(w, ball, why);
			bool other_rests = resting(w, other, why);
			if (ball_rests) {
				ball->vx = ball->vy = 0.0L;
			}
			if (other_rests) {
				other->vx = other->vy = 0.0L;
			}
			// The one still moving loses its speed towards the one stopped.
			ld approach = (ball->vx - other->vx) * nx + (ball->vy - other->vy) * ny;
			if (ball_rests != other_rests && approach > 0.0L) {
				ref_ball* moving = ball_rests ? other : ball;
				ld sign = ball_rests ? 1.0L : -1.0L;
				moving->vx += sign * approach * nx;
				moving->vy += sign * approach * ny;
			}
		}
		remember(ball, BS_EVENT_BALL, ev->target, ev->ix, ev->iy, w->time);
		remember(other, BS_EVENT_BALL, ev->i, -ev->ix, -ev->iy, w->time);
		return fabsl(impulse);
	}
	case BS_EVENT_CUSHION: {
		ld impulse = reflect(w, ball, w->seg_n[ev->target][0], w->seg_n[ev->target][1], why);
		remember(ball, BS_EVENT_CUSHION, ev->target, 0, 0, w->time);
		return impulse;
	}
	case BS_EVENT_JAW: {
		ld nx = ball->px - w->jaw[ev->target][0];
		ld ny = ball->py - w->jaw[ev->target][1];
		ld len = sqrtl(nx * nx + ny * ny);
		ld impulse = reflect(w, ball, nx / len, ny / len, why);
		remember(ball, BS_EVENT_JAW, ev->target, 0, 0, w->time);
		return impulse;
	}
	case BS_EVENT_POCKET:
		ball->pocketed = true;
		remember(ball, BS_EVENT_POCKET, ev->target, 0, 0, w->time);
		return 0.0L;
	default:
		return 0.0L;
	}
}

static void ref_init(ref_world* w, const bs_world_def* def) {
	memset(w, 0, sizeof *w);
	bs_table geometry;
	bs_table_build(&def->table, &geometry);
	const bs_table* table = &geometry;
	w->time = def->time;
	w->start = def->time;
	w->width = table->width;
	w->height = table->height;
	w->periodic = table->periodic;
	w->e_ball = def->ball_restitution;
	w->e_cushion = def->cushion_restitution;
	w->window = def->elastic_window;
	w->rest = def->rest_speed;
	w->n = def->ball_count;
	for (int i = 0; i < def->ball_count; ++i) {
		const bs_ball_def* in = &def->balls[i];
		ref_ball* ball = &w->b[i];
		ball->id = in->id;
		ball->px = in->pos.x;
		ball->py = in->pos.y;
		ball->vx = in->vel.x;
		ball->vy = in->vel.y;
		ball->r = in->radius;
		ball->m = in->mass;
		ball->last_kind = BS_EVENT_NONE;
		ball->last_target = -1;
		ball->last_collision = -(ld)INFINITY;
	}
	w->seg_count = table->cushion_count;
	for (int k = 0; k < table->cushion_count; ++k) {
		bs_segment seg = table->cushions[k];
		w->seg[k][0] = seg.a.x;
		w->seg[k][1] = seg.a.y;
		w->seg[k][2] = seg.b.x;
		w->seg[k][3] = seg.b.y;
		ld ux = w->seg[k][2] - w->seg[k][0];
		ld uy = w->seg[k][3] - w->seg[k][1];
		ld len = sqrtl(ux * ux + uy * uy);
		w->seg_n[k][0] = -uy / len; // the left of a->b
		w->seg_n[k][1] = ux / len;
	}
	w->jaw_count = table->jaw_count;
	for (int k = 0; k < table->jaw_count; ++k) {
		w->jaw[k][0] = table->jaws[k].centre.x;
		w->jaw[k][1] = table->jaws[k].centre.y;
		w->jaw[k][2] = table->jaws[k].radius;
	}
	w->pocket_count = table->pocket_count;
	for (int k = 0; k < table->pocket_count; ++k) {
		w->pocket[k][0] = table->pockets[k].centre.x;
		w->pocket[k][1] = table->pockets[k].centre.y;
		w->pocket[k][2] = table->pockets[k].radius;
	}
}

// The reference event as the engine records it: ball events name the lower
// id first; obstacle events the ball's id and the obstacle's index.
static void ref_ids(const ref_world* w, const ref_event* ev, int* a, int* b) {
	if (ev->kind == BS_EVENT_BALL) {
		int x = w->b[ev->i].id;
		int y = w->b[ev->target].id;
		*a = x < y ? x : y;
		*b = x < y ? y : x;
	} else {
		*a = w->b[ev->i].id;
		*b = ev->target;
	}
}

// ---------------------------------------------------------------------------
// Scenes

typedef struct scene {
	bs_world_def def;
	bs_ball_def balls[MAX_BALLS];
	int table_kind;
	uint64_t seed;
} scene;

static double pick_restitution(bs_rng* rng) {
	double u = bs_rng_uniform(rng);
	return u < 0.2 ? 0.0 : u < 0.45 ? 1.0 : bs_rng_uniform(rng);
}

static int pick_int(bs_rng* rng, int count) {
	return (int)(bs_rng_next(rng) % (uint64_t)count);
}

static bs_vec2 rotated(bs_vec2 v, double angle) {
	return bs_v2(v.x * cos(angle) - v.y * sin(angle), v.x * sin(angle) + v.y * cos(angle));
}

// Scene `number`: its own seed, so that any scene can be run alone.
static void make_scene(int number, scene* sc) {
	memset(sc, 0, sizeof *sc);
	sc->seed = 0xD1FFull * 1000003ull + (uint64_t)number * 0x9E3779B97F4A7C15ull;
	bs_rng rng = bs_rng_make(sc->seed);
	bs_world_def* def = &sc->def;
	*def = bs_default_world_def();
	sc->table_kind = number % TABLE_KINDS;
	if (sc->table_kind == POCKETED) {
		bs_table_preset("9ft", true, &def->table);
	} else if (sc->table_kind == PERIODIC) {
		def->table = bs_table_periodic(bs_rng_range(&rng, 1.0, 2.0), bs_rng_range(&rng, 1.0, 2.0));
	} else {
		def->table = bs_table_rect(2.54, 1.27);
	}
	def->ball_restitution = pick_restitution(&rng);
	def->cushion_restitution = pick_restitution(&rng);
	def->rest_speed = bs_rng_uniform(&rng) < 0.5 ? BS_DEFAULT_REST_SPEED : 0.0;
	def->time = bs_rng_uniform(&rng) < 0.25 ? bs_rng_range(&rng, 0.0, 100.0) : 0.0;
	static const bs_neighbour_search searches[] = {BS_NEIGHBOURS_AUTO, BS_NEIGHBOURS_ALL, BS_NEIGHBOURS_GRID};
	static const bs_queue_kind queues[] = {BS_QUEUE_AUTO, BS_QUEUE_HEAP, BS_QUEUE_CALENDAR};
	def->neighbour_search = searches[pick_int(&rng, 3)];
	def->queue = queues[pick_int(&rng, 3)];

	// Distinct, shuffled ids, so that the lower id is not the lower index.
	int n = 2 + pick_int(&rng, MAX_BALLS - 1);
	int ids[MAX_BALLS];
	for (int k = 0; k < n; ++k) {
		ids[k] = 3 * k + 1;
	}
	for (int k = n - 1; k > 0; --k) {
		int other = pick_int(&rng, k + 1);
		int swap = ids[k];
		ids[k] = ids[other];
		ids[other] = swap;
	}
	bs_table geometry;
	bs_table_build(&def->table, &geometry);
	const bs_table* table = &geometry;
	def->balls = sc->balls;
	int placed = 0;
	for (int k = 0; k < n; ++k) {
		for (int tries = 0; tries < 200; ++tries) {
			bs_ball_def ball = bs_default_ball_def();
			ball.id = ids[k];
			ball.radius = bs_rng_range(&rng, 0.015, 0.045);
			ball.mass = bs_rng_range(&rng, 0.05, 1.0);
			double speed = pow(10.0, bs_rng_range(&rng, -2.5, log10(3.0)));
			bs_vec2 dir = rotated(bs_v2(1.0, 0.0), bs_rng_range(&rng, 0.0, 2.0 * BS_PI));
			if (sc->table_kind == POCKETED && bs_rng_uniform(&rng) < 0.4) {
				// Near a pocket, mostly heading into it: jaws and pockets.
				const bs_pocket* pocket = &table->pockets[pick_int(&rng, table->pocket_count)];
				bs_vec2 inward =
					bs_v2_normalize(bs_v2_sub(bs_v2(0.5 * table->width, 0.5 * table->height), pocket->centre));
				bs_vec2 out = rotated(inward, bs_rng_range(&rng, -0.6, 0.6));
				ball.pos = bs_v2_mad(pocket->centre, bs_rng_range(&rng, 0.1, 0.35), out);
				dir = rotated(bs_v2_scale(-1.0, out), bs_rng_range(&rng, -0.25, 0.25));
			} else if (table->periodic) {
				ball.pos = bs_v2(bs_rng_range(&rng, 0.0, table->width), bs_rng_range(&rng, 0.0, table->height));
			} else {
				ball.pos = bs_v2(bs_rng_range(&rng, ball.radius, table->width - ball.radius),
					bs_rng_range(&rng, ball.radius, table->height - ball.radius));
			}
			ball.vel = bs_rng_uniform(&rng) < 0.2 ? bs_v2(0.0, 0.0) : bs_v2_scale(speed, dir);
			sc->balls[placed] = ball;
			def->ball_count = placed + 1;
			bs_def_report report;
			if (bs_world_def_check(def, &report)) {
				placed += 1;
				break;
			}
		}
		def->ball_count = placed;
	}
}

static const char* const table_names[TABLE_KINDS] = {"plain 2.54 x 1.27", "9ft with pockets", "periodic"};

static void print_scene(int number, const scene* sc) {
	const bs_world_def* def = &sc->def;
	fprintf(stderr,
		"    scene %d (seed %llu): %s table %.17g x %.17g, %d balls, ball e %.17g, cushion e %.17g, rest speed %.17g, "
		"elastic window %.17g, start %.17g, search %d, queue %d\n",
		number, (unsigned long long)sc->seed, table_names[sc->table_kind], def->table.width, def->table.height,
		def->ball_count, def->ball_restitution, def->cushion_restitution, def->rest_speed, def->elastic_window,
		def->time, (int)def->neighbour_search, (int)def->queue);
	for (int i = 0; i < def->ball_count; ++i) {
		const bs_ball_def* b = &def->balls[i];
		fprintf(stderr, "      ball id %d pos (%.17g, %.17g) vel (%.17g, %.17g) radius %.17g mass %.17g\n", b->id,
			b->pos.x, b->pos.y, b->vel.x, b->vel.y, b->radius, b->mass);
	}
}

// ---------------------------------------------------------------------------
// Taking the engine's state

// Makes the engine's state the reference's own, from its exported balls:
// positions carried in long double from each ball's anchor to the engine's
// time, velocities, last contacts and collision times. Chaos amplifies
// rounding at every collision, so that after a few the two runs have
// parted by more than DIST_TOL and would no longer be expected to agree;
// the comparison then goes on from where the engine is.
static void ref_take_state(ref_world* w, const bs_world* world, bs_ball_def* scratch) {
	int count = bs_world_export_balls(world, scratch);
	ld now = bs_world_time(world);
	w->time = now;
	for (int i = 0, next = 0; i < w->n; ++i) {
		ref_ball* ball = &w->b[i];
		if (ball->pocketed) {
			bs_ball_state st = bs_world_ball_state(world, i, (double)now);
			ball->px = st.pos.x;
			ball->py = st.pos.y;
			continue;
		}
		CHECK(next < count && scratch[next].id == ball->id);
		if (!(next < count && scratch[next].id == ball->id)) {
			return;
		}
		const bs_ball_def* in = &scratch[next++];
		ld dt = now - (ld)in->anchor.time;
		ball->vx = in->vel.x;
		ball->vy = in->vel.y;
		ball->px = (ld)in->anchor.pos.x + ball->vx * dt;
		ball->py = (ld)in->anchor.pos.y + ball->vy * dt;
		bs_history history = bs_history_of(&in->anchor);
		ball->last_kind = history.last_kind;
		ball->last_target = history.last_target;
		ball->last_ix = 0;
		ball->last_iy = 0;
		ball->last_collision = history.last_collision_time;
		if (ball->last_kind == BS_EVENT_BALL) {
			ball->last_target = -1;
			for (int j = 0; j < w->n; ++j) {
				if (w->b[j].id == history.last_target) {
					ball->last_target = j;
				}
			}
		}
	}
	// On a periodic table, the images a pair just resolved touched as: the
	// nearest at the moment of their contact.
	for (int i = 0; w->periodic && i < w->n; ++i) {
		ref_ball* ball = &w->b[i];
		if (ball->pocketed || ball->last_kind != BS_EVENT_BALL || ball->last_target < 0) {
			continue;
		}
		const ref_ball* other = &w->b[ball->last_target];
		ld back = ball->last_collision - now;
		ld dx = (other->px + other->vx * back) - (ball->px + ball->vx * back);
		ld dy = (other->py + other->vy * back) - (ball->py + ball->vy * back);
		ball->last_ix = -(long)roundl(dx / w->width);
		ball->last_iy = -(long)roundl(dy / w->height);
	}
}

// ---------------------------------------------------------------------------
// The comparison

typedef enum outcome {
	OUT_FULL,       ///< all EVENTS_PER_SCENE events agreed
	OUT_ENDED,      ///< both ran out of events, agreeing
	OUT_DEGENERATE, ///< cut at a near-tie, graze or threshold
	OUT_DISAGREED,
	OUT_COUNT,
} outcome;

typedef struct tally {
	int scenes;
	int by_table[TABLE_KINDS];
	int outcomes[OUT_COUNT];
	int degenerate[DEG_COUNT];
	long events;
	long by_kind[BS_EVENT_KIND_COUNT];
	long events_free; ///< events compared before the scene's first taking of the engine's state
	int resyncs;      ///< times the reference took the engine's state
	int resynced_scenes;
	long beyond_plain;     ///< events whose times differ by more than TIME_REL (closing slowly)
	double worst_time;     ///< largest time difference, of its tolerance
	double worst_impulse;  ///< largest impulse difference, of its tolerance
	double worst_velocity; ///< largest velocity difference after an event, of its bound
	double worst_parting;  ///< largest position difference, of what the velocities explain
	int printed;
} tally;

static void print_disagreement(tally* t, int number, const scene* sc, int k, const char* what, const bs_event* eng,
	bool eng_has, const ref_world* w, const ref_event* ref, bool ref_has) {
	fprintf(stderr, "  scene %d, event %d: %s\n", number, k, what);
	if (!eng) {
		fprintf(stderr, "    engine:    not yet stepped\n");
	} else if (eng_has) {
		fprintf(stderr, "    engine:    %s a %d b %d time %.17g impulse %.17g\n", bs_event_kind_name(eng->kind), eng->a,
			eng->b, eng->time, eng->impulse);
	} else {
		fprintf(stderr, "    engine:    no event\n");
	}
	if (ref_has) {
		int a, b;
		ref_ids(w, ref, &a, &b);
		fprintf(stderr, "    reference: %s a %d b %d time %.17g\n", bs_event_kind_name((bs_event_kind)ref->kind), a, b,
			(double)ref->time);
	} else {
		fprintf(stderr, "    reference: no event\n");
	}
	if (t->printed++ < 3) {
		print_scene(number, sc);
	}
}

static ld speed_of(const ref_ball* ball) {
	return sqrtl(ball->vx * ball->vx + ball->vy * ball->vy);
}

static ld largest_speed(const ref_world* w) {
	ld v = 0.0L;
	for (int i = 0; i < w->n; ++i) {
		v = w->b[i].pocketed || speed_of(&w->b[i]) < v ? v : speed_of(&w->b[i]);
	}
	return v;
}

// How far apart (m) the engine's balls at `at` (s) and the reference's,
// carried to `ref_at` (the same moment), are at most, and their velocities
// (m/s).
static void measure(bs_world* world, const ref_world* w, double at, ld ref_at, ld* apart, ld* dv) {
	*apart = 0.0L;
	*dv = 0.0L;
	for (int i = 0; i < w->n; ++i) {
		const ref_ball* ball = &w->b[i];
		bs_ball_state st = bs_world_ball_state(world, i, at);
		ld dt = ball->pocketed ? 0.0L : ref_at - w->time;
		ld dx = (ld)st.pos.x - (ball->px + ball->vx * dt);
		ld dy = (ld)st.pos.y - (ball->py + ball->vy * dt);
		if (w->periodic) {
			dx -= w->width * roundl(dx / w->width);
			dy -= w->height * roundl(dy / w->height);
		}
		ld d = sqrtl(dx * dx + dy * dy);
		*apart = d > *apart ? d : *apart;
		if (!ball->pocketed && !st.pocketed) {
			ld ux = (ld)st.vel.x - ball->vx;
			ld uy = (ld)st.vel.y - ball->vy;
			ld u = sqrtl(ux * ux + uy * uy);
			*dv = u > *dv ? u : *dv;
		}
	}
}

// The rounding (m) in the engine's positions at time t: a few units in the
// last place of the table's size and of the distance a ball may have
// travelled since its anchor, and the speed times the rounding of t.
static ld position_rounding(const ref_world* w, ld t) {
	return 1e-15L * (w->width + w->height + largest_speed(w) * (fabsl(t) + fabsl(t - w->start)));
}

// The speed (m/s) at which the reference's event closes its contact: along
// the normal for a contact, towards the centre for a pocket.
static ld closing_speed(const ref_world* w, const ref_event* ev) {
	const ref_ball* x = &w->b[ev->i];
	ld dt = ev->time - w->time;
	ld px = x->px + x->vx * dt;
	ld py = x->py + x->vy * dt;
	ld nx, ny, vx = x->vx, vy = x->vy;
	switch (ev->kind) {
	case BS_EVENT_BALL: {
		const ref_ball* y = &w->b[ev->target];
		nx = y->px + y->vx * dt + (ld)ev->ix * w->width - px;
		ny = y->py + y->vy * dt + (ld)ev->iy * w->height - py;
		vx -= y->vx;
		vy -= y->vy;
		break;
	}
	case BS_EVENT_CUSHION:
		nx = w->seg_n[ev->target][0];
		ny = w->seg_n[ev->target][1];
		break;
	case BS_EVENT_JAW:
		nx = px - w->jaw[ev->target][0];
		ny = py - w->jaw[ev->target][1];
		break;
	default:
		nx = px - w->pocket[ev->target][0];
		ny = py - w->pocket[ev->target][1];
		break;
	}
	ld len = sqrtl(nx * nx + ny * ny);
	return len > 0.0L ? fabsl(vx * nx + vy * ny) / len : 0.0L;
}

static outcome compare_scene(int number, const scene* sc, tally* t) {
	bs_world* world = bs_world_create(&sc->def);
	ref_world* w = malloc(sizeof *w);
	CHECK(world != NULL && w != NULL);
	if (!world || !w) {
		bs_world_destroy(world);
		free(w);
		return OUT_DISAGREED;
	}
	ref_init(w, &sc->def);
	bs_ball_def exported[MAX_BALLS];
	ld r_min = w->b[0].r;
	for (int i = 0; i < w->n; ++i) {
		r_min = w->b[i].r < r_min ? w->b[i].r : r_min;
	}
	// How far apart the runs' balls were at the last comparison, how fast
	// they part, and when.
	ld last_apart = 0.0L;
	ld last_dv = 0.0L;
	ld last_time = w->time;
	bool resynced = false;
	bool just_taken = false; ///< the reference took the engine's state since the last event
	outcome result = OUT_FULL;
	for (int k = 0; k < EVENTS_PER_SCENE;) {
		degeneracy why = DEG_NONE;
		ref_event ref = ref_next(w, &why);
		if (why != DEG_NONE) {
			t->degenerate[why] += 1;
			result = OUT_DEGENERATE;
			break;
		}
		bool ref_has = ref.kind != BS_EVENT_NONE;
		// Both runs' balls where the next event happens. They part only as
		// their velocities differ.
		double now = bs_world_time(world);
		ld at = ref_has ? ref.time : w->time;
		double engine_at = (double)at > now ? (double)at : now;
		ld apart, dv_before;
		measure(world, w, engine_at, (ld)engine_at, &apart, &dv_before);
		ld explained = 2.0L * (last_apart + last_dv * fabsl((ld)engine_at - last_time)) + position_rounding(w, at);
		t->worst_parting = fmax(t->worst_parting, (double)(apart / explained));
		if (apart > explained) {
			fprintf(stderr, "  scene %d, event %d: the balls are %.3Lg m apart, their velocities explain %.3Lg m\n",
				number, k, apart, explained);
			print_disagreement(t, number, sc, k, "positions parted", NULL, false, w, &ref, ref_has);
			result = OUT_DISAGREED;
			break;
		}
		if (apart > DIST_TOL && just_taken) {
			// Taken at the engine's time, the state parts again by the next
			// event: the engine's balls do not move as its own state says.
			fprintf(stderr, "  scene %d, event %d: %.3Lg m apart just after taking the engine's state\n", number, k,
				apart);
			print_disagreement(t, number, sc, k, "positions parted", NULL, false, w, &ref, ref_has);
			result = OUT_DISAGREED;
			break;
		}
		if (apart > DIST_TOL) {
			just_taken = true;
			ref_take_state(w, world, exported);
			measure(world, w, now, w->time, &last_apart, &last_dv);
			last_time = w->time;
			t->resyncs += 1;
			t->resynced_scenes += !resynced;
			resynced = true;
			if (last_apart > DIST_TOL) {
				fprintf(stderr, "  scene %d, event %d: %.3Lg m apart after taking the engine's state\n", number, k,
					last_apart);
				print_disagreement(t, number, sc, k, "the state could not be taken", NULL, false, w, &ref, ref_has);
				result = OUT_DISAGREED;
				break;
			}
			continue;
		}
		just_taken = false;
		bool eng_has = bs_world_step(world);
		bs_event eng = bs_world_last_event(world);
		if (!ref_has && !eng_has) {
			result = OUT_ENDED;
			break;
		}
		int a = -1, b = -1;
		if (ref_has) {
			ref_ids(w, &ref, &a, &b);
		}
		if (!ref_has || !eng_has || (int)eng.kind != ref.kind || eng.a != a || eng.b != b) {
			print_disagreement(t, number, sc, k, "different events", &eng, eng_has, w, &ref, ref_has);
			result = OUT_DISAGREED;
			break;
		}
		// Times agree to TIME_REL, and to the time the closing speed takes
		// to cover how far apart the runs' balls are.
		ld plain_tolerance = time_tolerance(w, ref.time);
		ld tolerance = plain_tolerance + 4.0L * apart / (closing_speed(w, &ref) + 1e-300L);
		ld time_error = fabsl((ld)eng.time - ref.time);
		if (time_error > tolerance) {
			print_disagreement(t, number, sc, k, "different times", &eng, eng_has, w, &ref, ref_has);
			result = OUT_DISAGREED;
			break;
		}
		t->beyond_plain += time_error > plain_tolerance;
		// What rounding and the runs' parting may change in the impulse and
		// the velocities: the closing speed along the normal, (1 + e) mu
		// w . n, moves with the velocities' difference, and with the
		// normal's, about (apart / radius) / cos(angle of incidence) for a
		// ball or jaw; not at all for a straight cushion.
		const ref_ball* x = &w->b[ref.i];
		ld mu = x->m;
		ld m_min = x->m;
		ld v_max = speed_of(x);
		ld wx = x->vx, wy = x->vy;
		ld curvature = ref.kind == BS_EVENT_JAW ? 1.0L / (x->r + w->jaw[ref.target][2]) : 0.0L;
		if (ref.kind == BS_EVENT_BALL) {
			const ref_ball* y = &w->b[ref.target];
			mu = x->m * y->m / (x->m + y->m);
			m_min = x->m < y->m ? x->m : y->m;
			v_max = v_max > speed_of(y) ? v_max : speed_of(y);
			wx -= y->vx;
			wy -= y->vy;
			curvature = 1.0L / (x->r + y->r);
		}
		ld w_len = sqrtl(wx * wx + wy * wy);
		ld cosine = w_len > 0.0L ? closing_speed(w, &ref) / w_len : 1.0L;
		ld speed_before = largest_speed(w);
		ld impulse = ref_resolve(w, &ref, &why);
		double common = eng.time > (double)ref.time ? eng.time : (double)ref.time;
		ld apart_after, dv_after;
		measure(world, w, common, (ld)common, &apart_after, &dv_after);
		ld contact_apart = apart > apart_after ? apart : apart_after;
		// The balls part at the event only as the time between the runs'
		// events, with the velocities before and after, explains.
		ld speed_after = largest_speed(w);
		ld speeds = speed_before > speed_after ? speed_before : speed_after;
		ld event_parting = apart + (dv_before + dv_after + 4.0L * speeds) * fabsl((ld)eng.time - ref.time);
		ld event_explained = 2.0L * event_parting + position_rounding(w, common);
		t->worst_parting = fmax(t->worst_parting, (double)(apart_after / event_explained));
		if (apart_after > event_explained) {
			fprintf(stderr, "  scene %d, event %d: the balls are %.3Lg m apart after it, %.3Lg m before\n", number, k,
				apart_after, apart);
			print_disagreement(t, number, sc, k, "positions parted", &eng, eng_has, w, &ref, ref_has);
			result = OUT_DISAGREED;
			break;
		}
		ld impulse_tolerance = 2.0L * mu *
				(4.0L * dv_before + 16.0L * w_len * contact_apart * curvature / (cosine > 1e-9L ? cosine : 1e-9L)) +
			IMPULSE_REL * 2.0L * mu * w_len + 1e-300L;
		ld impulse_misfit = fabsl((ld)eng.impulse - impulse) / impulse_tolerance;
		if (impulse_misfit > 1.0L) {
			fprintf(stderr, "  scene %d, event %d: impulse %.17g, reference %.17g\n", number, k, eng.impulse,
				(double)impulse);
			print_disagreement(t, number, sc, k, "different impulses", &eng, eng_has, w, &ref, ref_has);
			result = OUT_DISAGREED;
			break;
		}
		t->events += 1;
		t->events_free += !resynced;
		t->by_kind[ref.kind] += 1;
		t->worst_time = fmax(t->worst_time, (double)(time_error / tolerance));
		t->worst_impulse = fmax(t->worst_impulse, (double)impulse_misfit);
		k += 1;
		if (why != DEG_NONE) {
			t->degenerate[why] += 1;
			result = OUT_DEGENERATE;
			break;
		}
		// The velocities the event leaves: earlier differences, multiplied
		// by a few, the impulse's, and the speed times the normal's.
		ld v_bound = 10.0L * dv_before + 2.0L * impulse_tolerance / m_min + 50.0L * v_max * contact_apart * curvature +
			1e-15L * v_max + 1e-18L;
		bool same_pocketed = true;
		for (int i = 0; i < w->n; ++i) {
			same_pocketed = same_pocketed && bs_world_ball_state(world, i, eng.time).pocketed == w->b[i].pocketed;
		}
		if (!same_pocketed || dv_after > v_bound) {
			fprintf(stderr, "  scene %d, event %d: velocities differ by %.3Lg m/s after it (at most %.3Lg expected)\n",
				number, k - 1, dv_after, v_bound);
			print_disagreement(t, number, sc, k - 1,
				same_pocketed ? "different velocities" : "different balls pocketed", &eng, eng_has, w, &ref, ref_has);
			result = OUT_DISAGREED;
			break;
		}
		t->worst_velocity = fmax(t->worst_velocity, (double)(dv_after / v_bound));
		last_apart = apart_after;
		last_dv = dv_after;
		last_time = common;
	}
	free(w);
	bs_world_destroy(world);
	return result;
}

static void engine_agrees_with_the_reference(void) {
	tally t;
	memset(&t, 0, sizeof t);
	for (int number = 0; number < SCENES; ++number) {
		scene sc;
		make_scene(number, &sc);
		if (sc.def.ball_count < 2) {
			continue;
		}
		t.scenes += 1;
		t.by_table[sc.table_kind] += 1;
		t.outcomes[compare_scene(number, &sc, &t)] += 1;
	}
	printf("  %d scenes (%d plain, %d pocketed, %d periodic), %ld events compared (ball %ld, cushion %ld, jaw %ld, "
		   "pocket %ld)\n",
		t.scenes, t.by_table[PLAIN], t.by_table[POCKETED], t.by_table[PERIODIC], t.events, t.by_kind[BS_EVENT_BALL],
		t.by_kind[BS_EVENT_CUSHION], t.by_kind[BS_EVENT_JAW], t.by_kind[BS_EVENT_POCKET]);
	printf("  %d compared for %d events, %d ended; %d cut short by near-ties (%s %d, %s %d, %s %d); %d disagreements\n",
		t.outcomes[OUT_FULL], EVENTS_PER_SCENE, t.outcomes[OUT_ENDED], t.outcomes[OUT_DEGENERATE],
		degeneracy_names[DEG_TIE], t.degenerate[DEG_TIE], degeneracy_names[DEG_GRAZE], t.degenerate[DEG_GRAZE],
		degeneracy_names[DEG_THRESHOLD], t.degenerate[DEG_THRESHOLD], t.outcomes[OUT_DISAGREED]);
	printf(
		"  %ld events compared from the start; in %d scenes chaos parted the runs by %.0Lg m, and the reference took "
		"the engine's state %d times\n",
		t.events_free, t.resynced_scenes, DIST_TOL, t.resyncs);
	printf("  largest misfits, of their tolerances: time %.3g, impulse %.3g, velocity %.3g, parting %.3g; %ld times "
		   "beyond %.0Lg relative (slow closing)\n",
		t.worst_time, t.worst_impulse, t.worst_velocity, t.worst_parting, t.beyond_plain, TIME_REL);
	CHECK(t.outcomes[OUT_DISAGREED] == 0);
	CHECK(t.scenes >= SCENES * 9 / 10);
	CHECK(5 * (t.outcomes[OUT_FULL] + t.outcomes[OUT_ENDED]) >= 4 * t.scenes);
	// Every contact kind of ideal physics (the changes of state are pool
	// physics').
	for (int kind = 0; kind <= BS_EVENT_POCKET; ++kind) {
		CHECK(t.by_kind[kind] >= 20);
	}
}

int main(void) {
	RUN(engine_agrees_with_the_reference);
	return check_summary();
}
