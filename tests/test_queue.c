// Unit tests: the event queue's order, ties and invalidation.
#include <math.h>
#include <stdlib.h>

#include "check.h"
#include "calendar_queue.h"
#include "event_heap.h"
#include "rng.h"
#include "world_helpers.h"
#include <breakshot/world.h>

static void queue_orders_by_time_then_kind_then_ids(void) {
	bs_event_heap queue;
	CHECK(bs_event_heap_create(&queue, 5));
	bs_event_heap_set(&queue, 0, (bs_event_key){1.0, BS_EVENT_CUSHION, 0, 2});
	bs_event_heap_set(&queue, 1, (bs_event_key){1.0, BS_EVENT_BALL, 3, 4});
	bs_event_heap_set(&queue, 2, (bs_event_key){1.0, BS_EVENT_BALL, 1, 9});
	bs_event_heap_set(&queue, 3, (bs_event_key){0.5, BS_EVENT_POCKET, 7, 0});
	bs_event_heap_set(&queue, 4, (bs_event_key){1.0, BS_EVENT_BALL, 1, 4});
	int expected[] = {3, 4, 2, 1, 0};
	for (int k = 0; k < 5; ++k) {
		CHECK_EQ_INT(bs_event_heap_top(&queue), expected[k]);
		bs_event_heap_remove(&queue, bs_event_heap_top(&queue));
		CHECK(bs_event_heap_valid(&queue));
	}
	CHECK_EQ_INT(bs_event_heap_top(&queue), -1);
	bs_event_heap_destroy(&queue);
}

static void queue_identical_keys_order_by_slot(void) {
	// The same pair event held by both balls' slots: the lower slot comes first.
	bs_event_heap queue;
	CHECK(bs_event_heap_create(&queue, 2));
	bs_event_heap_set(&queue, 1, (bs_event_key){2.0, BS_EVENT_BALL, 0, 1});
	bs_event_heap_set(&queue, 0, (bs_event_key){2.0, BS_EVENT_BALL, 0, 1});
	CHECK_EQ_INT(bs_event_heap_top(&queue), 0);
	bs_event_heap_destroy(&queue);
}

static int compare_keys(const void* x, const void* y) {
	const bs_event_key* a = x;
	const bs_event_key* b = y;
	return bs_event_key_before(*a, *b) ? -1 : bs_event_key_before(*b, *a) ? 1 : 0;
}

static void queue_random_updates_match_sorting(void) {
	enum { N = 500 };
	bs_event_heap queue;
	CHECK(bs_event_heap_create(&queue, N));
	bs_rng rng = bs_rng_make(3);
	bs_event_key keys[N];
	bool present[N] = {false};
	for (int step = 0; step < 20000; ++step) {
		int slot = (int)(bs_rng_next(&rng) % N);
		if (bs_rng_uniform(&rng) < 0.2) {
			bs_event_heap_remove(&queue, slot);
			present[slot] = false;
		} else {
			// Coarse times make many ties.
			keys[slot] = (bs_event_key){floor(bs_rng_range(&rng, 0, 20)), (int)(bs_rng_next(&rng) % 4),
				(int)(bs_rng_next(&rng) % 5), (int)(bs_rng_next(&rng) % 5)};
			bs_event_heap_set(&queue, slot, keys[slot]);
			present[slot] = true;
		}
	}
	CHECK(bs_event_heap_valid(&queue));
	bs_event_key sorted[N];
	int count = 0;
	for (int i = 0; i < N; ++i) {
		if (present[i]) {
			sorted[count++] = keys[i];
		}
	}
	CHECK_EQ_INT(count, queue.size);
	qsort(sorted, (size_t)count, sizeof *sorted, compare_keys);
	for (int k = 0; k < count; ++k) {
		int top = bs_event_heap_top(&queue);
		bs_event_key key = bs_event_heap_key(&queue, top);
		CHECK_EQ_INT(compare_keys(&key, &sorted[k]), 0);
		bs_event_heap_remove(&queue, top);
	}
	bs_event_heap_destroy(&queue);
}

static void calendar_queue_matches_the_heap(void) {
	// Random updates, removals and pops with many ties: the calendar queue
	// gives exactly the heap's order, across window moves and overflow.
	enum { N = 300 };
	bs_event_heap heap;
	bs_calendar_queue calendar;
	CHECK(bs_event_heap_create(&heap, N));
	CHECK(bs_calendar_queue_create(&calendar, N));
	bs_rng rng = bs_rng_make(9);
	double now = 0.0;
	for (int i = 0; i < N; ++i) {
		bs_event_key key = {floor(bs_rng_range(&rng, 0, 50)) * 0.25, 0, i, i + 1};
		bs_event_heap_set(&heap, i, key);
		bs_calendar_queue_set(&calendar, i, key);
	}
	int agreed = 0;
	for (int step = 0; step < 50000; ++step) {
		int top = bs_event_heap_top(&heap);
		if (top != bs_calendar_queue_top(&calendar)) {
			break;
		}
		agreed += 1;
		now = bs_event_heap_key(&heap, top).time;
		double u = bs_rng_uniform(&rng);
		int slot = u < 0.7 ? top : (int)(bs_rng_next(&rng) % N);
		if (u > 0.95) {
			bs_event_heap_remove(&heap, slot);
			bs_calendar_queue_remove(&calendar, slot);
			continue;
		}
		// Mostly the near future, sometimes far ahead, with ties.
		double ahead = bs_rng_uniform(&rng) < 0.02 ? bs_rng_range(&rng, 0, 1000) : floor(bs_rng_range(&rng, 0, 8)) * 0.125;
		bs_event_key key = {now + ahead, (int)(bs_rng_next(&rng) % 3), (int)(bs_rng_next(&rng) % 4), slot};
		bs_event_heap_set(&heap, slot, key);
		bs_calendar_queue_set(&calendar, slot, key);
		if (heap.size == 0) {
			break;
		}
	}
	CHECK(agreed > 40000);
	CHECK(bs_calendar_queue_valid(&calendar));
	bs_event_heap_destroy(&heap);
	bs_calendar_queue_destroy(&calendar);
}

static void stale_prediction_is_discarded(void) {
	// Ball 0 heads for ball 1 (meeting at about t = 0.43 s), but ball 2 knocks
	// ball 1 away first (t = 0.1 s): the 0-1 prediction must be dropped and
	// ball 0 must go on to the cushion.
	bs_ball_def balls[3] = {ball_at(0, 0.5, 0.6, 1.0, 0.0), ball_at(1, 1.0, 0.6, 0.0, 0.0),
		ball_at(2, 1.0, 0.3, 0.0, 2.4285)};
	bs_world* world = world_with(balls, 3);
	CHECK(bs_world_step(world));
	bs_event first = bs_world_last_event(world);
	CHECK_EQ_INT(first.kind, BS_EVENT_BALL);
	CHECK_EQ_INT(first.a, 1);
	CHECK_EQ_INT(first.b, 2);
	CHECK(bs_world_step(world));
	bs_event second = bs_world_last_event(world);
	// Ball 1 now moves up at 2.4285 m/s and is gone from ball 0's path.
	CHECK(!(second.kind == BS_EVENT_BALL && second.a == 0 && second.b == 1));
	CHECK_VALID(world);
	bs_world_destroy(world);
}

static void simultaneous_events_follow_the_documented_order(void) {
	// Two separate pairs collide at exactly the same time: the pair with the
	// lower ids goes first, whatever order the balls are listed in.
	bs_ball_def balls[4] = {ball_at(7, 0.5, 0.3, 1.0, 0.0), ball_at(8, 1.0, 0.3, 0.0, 0.0),
		ball_at(2, 0.5, 0.9, 1.0, 0.0), ball_at(3, 1.0, 0.9, 0.0, 0.0)};
	bs_world* world = world_with(balls, 4);
	bs_event next;
	CHECK(bs_world_peek(world, &next));
	CHECK_EQ_INT(next.kind, BS_EVENT_BALL);
	CHECK_EQ_INT(next.a, 2);
	CHECK_EQ_INT(next.b, 3);
	CHECK(bs_world_step(world));
	bs_event first = bs_world_last_event(world);
	CHECK(bs_world_step(world));
	bs_event second = bs_world_last_event(world);
	CHECK_EQ_DBL(first.time, second.time);
	CHECK_EQ_INT(first.a, 2);
	CHECK_EQ_INT(first.b, 3);
	CHECK_EQ_INT(second.a, 7);
	CHECK_EQ_INT(second.b, 8);
	bs_world_destroy(world);
}

static void corner_hit_takes_both_cushions_in_index_order(void) {
	// A ball heading into a corner meets x = 0 and y = 0 at the same instant:
	// cushion 0 first, then cushion 2 at the same time, then it leaves.
	bs_ball_def ball = ball_at(0, 0.5, 0.5, -1.0, -1.0);
	bs_world* world = world_with(&ball, 1);
	CHECK(bs_world_step(world));
	bs_event a = bs_world_last_event(world);
	CHECK(bs_world_step(world));
	bs_event b = bs_world_last_event(world);
	CHECK_EQ_INT(a.kind, BS_EVENT_CUSHION);
	CHECK_EQ_INT(a.b, 0);
	CHECK_EQ_INT(b.kind, BS_EVENT_CUSHION);
	CHECK_EQ_INT(b.b, 2);
	CHECK_EQ_DBL(a.time, b.time);
	CHECK_REL(a.time, 0.5 - BS_DEFAULT_RADIUS, 1e-15);
	bs_ball_state s = bs_world_ball_state(world, 0, bs_world_time(world));
	CHECK_EQ_DBL(s.vel.x, 1.0);
	CHECK_EQ_DBL(s.vel.y, 1.0);
	bs_world_destroy(world);
}

int main(void) {
	RUN(queue_orders_by_time_then_kind_then_ids);
	RUN(queue_identical_keys_order_by_slot);
	RUN(queue_random_updates_match_sorting);
	RUN(calendar_queue_matches_the_heap);
	RUN(stale_prediction_is_discarded);
	RUN(simultaneous_events_follow_the_documented_order);
	RUN(corner_hit_takes_both_cushions_in_index_order);
	return check_summary();
}
