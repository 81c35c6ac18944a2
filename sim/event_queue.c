#include "event_queue.h"

bool bs_event_queue_create(bs_event_queue* queue, int capacity, bool use_calendar) {
	queue->use_calendar = use_calendar;
	return use_calendar ? bs_calendar_queue_create(&queue->calendar, capacity) : bs_event_heap_create(&queue->heap, capacity);
}

void bs_event_queue_destroy(bs_event_queue* queue) {
	if (queue->use_calendar) {
		bs_calendar_queue_destroy(&queue->calendar);
	} else {
		bs_event_heap_destroy(&queue->heap);
	}
}

void bs_event_queue_clear(bs_event_queue* queue) {
	if (queue->use_calendar) {
		bs_calendar_queue_clear(&queue->calendar);
	} else {
		bs_event_heap_clear(&queue->heap);
	}
}

bool bs_event_queue_valid(const bs_event_queue* queue) {
	return queue->use_calendar ? bs_calendar_queue_valid(&queue->calendar) : bs_event_heap_valid(&queue->heap);
}

size_t bs_event_queue_bytes(const bs_event_queue* queue, int capacity) {
	size_t n = (size_t)capacity;
	if (queue->use_calendar) {
		return n * sizeof(bs_calendar_entry) + (size_t)queue->calendar.bucket_count * sizeof(int);
	}
	return n * (sizeof(bs_heap_entry) + sizeof(bs_heap_slot));
}
