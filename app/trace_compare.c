#include "trace_compare.h"

#include <math.h>
#include <string.h>

const char* bs_quantity_name(bs_quantity quantity) {
	static const char* const names[BS_QUANTITY_COUNT] = {"kinetic_energy", "momentum_x", "momentum_y", "|p|"};
	return names[quantity];
}

const char* bs_quantity_unit(bs_quantity quantity) {
	return quantity == BS_QUANTITY_ENERGY ? "J" : "kg m/s";
}

double bs_quantity_value(const bs_trace_row* row, bs_quantity quantity) {
	switch (quantity) {
	case BS_QUANTITY_ENERGY:
		return row->kinetic_energy;
	case BS_QUANTITY_MOMENTUM_X:
		return row->momentum_x;
	case BS_QUANTITY_MOMENTUM_Y:
		return row->momentum_y;
	default:
		return hypot(row->momentum_x, row->momentum_y);
	}
}

double bs_quantity_start_scale(const bs_trace_row* start, bs_quantity quantity) {
	double scale = quantity == BS_QUANTITY_ENERGY ? start->kinetic_energy
												  : bs_quantity_value(start, BS_QUANTITY_MOMENTUM_NORM);
	return fabs(scale);
}

bs_trace_stats bs_trace_stats_of(const bs_trace_data* trace) {
	bs_trace_stats stats;
	const bs_trace_row* first = &trace->rows[0];
	stats.start_time = first->time;
	stats.end_time = trace->rows[trace->count - 1].time;
	for (int q = 0; q < BS_QUANTITY_COUNT; ++q) {
		bs_quantity quantity = (bs_quantity)q;
		bs_quantity_stats* s = &stats.quantity[q];
		s->start = bs_quantity_value(first, quantity);
		s->end = bs_quantity_value(&trace->rows[trace->count - 1], quantity);
		s->min = s->start;
		s->max = s->start;
		double largest_change = 0.0;
		s->drift_time = first->time;
		for (int64_t k = 0; k < trace->count; ++k) {
			double value = bs_quantity_value(&trace->rows[k], quantity);
			s->min = fmin(s->min, value);
			s->max = fmax(s->max, value);
			if (fabs(value - s->start) > largest_change) {
				largest_change = fabs(value - s->start);
				s->drift_time = trace->rows[k].time;
			}
		}
		double scale = bs_quantity_start_scale(first, quantity);
		s->drift_is_absolute = !(scale > 0.0);
		s->drift = s->drift_is_absolute ? largest_change : largest_change / scale;
	}
	return stats;
}

double bs_trace_instant_width(const bs_trace_data* a, const bs_trace_data* b, double time_tolerance) {
	// Rows are in time order: the largest |time| is on a first or last row.
	double scale = fmax(fmax(fabs(a->rows[0].time), fabs(a->rows[a->count - 1].time)),
		fmax(fabs(b->rows[0].time), fabs(b->rows[b->count - 1].time)));
	return time_tolerance * scale;
}

// The index of the last row at or before `time`, searching on from `index`
// (which must already be at or before it).
static int64_t last_row_through(const bs_trace_data* trace, int64_t index, double time) {
	while (index + 1 < trace->count && trace->rows[index + 1].time <= time) {
		index += 1;
	}
	return index;
}

static bool has_row_at(const bs_trace_data* trace, double time, double width) {
	for (int64_t k = 0; k < trace->count && trace->rows[k].time <= time + width; ++k) {
		if (trace->rows[k].time >= time - width) {
			return true;
		}
	}
	return false;
}

// Exact between its rows: an event trace of ideal physics, whose totals only
// change at events.
static bool exact_between_rows(const bs_trace_data* trace) {
	return trace->sample_rows == 0 && !trace->energy_parts;
}

// The trace that started earlier, when one starts later than the other by
// more than an instant; else NULL.
static const bs_trace_data* earlier_start(const bs_trace_data* a, const bs_trace_data* b, double width) {
	if (a->rows[0].time < b->rows[0].time - width) {
		return a;
	}
	if (b->rows[0].time < a->rows[0].time - width) {
		return b;
	}
	return NULL;
}

bs_trace_difference bs_trace_difference_of(const bs_trace_data* a, const bs_trace_data* b, double time_tolerance) {
	bs_trace_difference diff;
	memset(&diff, 0, sizeof diff);
	double width = bs_trace_instant_width(a, b, time_tolerance);
	diff.instant_width = width;
	diff.from = fmax(a->rows[0].time, b->rows[0].time);
	diff.to = fmin(a->rows[a->count - 1].time, b->rows[b->count - 1].time);
	diff.overlap = diff.from <= diff.to + width;
	for (int q = 0; q < BS_QUANTITY_COUNT; ++q) {
		double scale = fmax(bs_quantity_start_scale(&a->rows[0], (bs_quantity)q),
			bs_quantity_start_scale(&b->rows[0], (bs_quantity)q));
		diff.quantity[q].scale = scale > 0.0 ? scale : 1.0;
		diff.quantity[q].time = diff.from;
	}
	if (!diff.overlap) {
		return diff;
	}
	// Which traces supply the time points (see trace_compare.h).
	diff.on_sample_times = a->sample_rows > 0 || b->sample_rows > 0;
	bool a_supplies = !diff.on_sample_times || a->sample_rows > 0;
	bool b_supplies = !diff.on_sample_times || b->sample_rows > 0;
	// A later start (a continued run) is compared only where the earlier
	// trace's totals are known at that instant.
	const bs_trace_data* earlier = earlier_start(a, b, width);
	diff.start_skipped = earlier && !exact_between_rows(earlier) && !has_row_at(earlier, diff.from, width);
	int64_t ia = 0;
	int64_t ib = 0;
	double time = diff.from;
	for (bool first = true;; first = false) {
		ia = last_row_through(a, ia, time + width);
		ib = last_row_through(b, ib, time + width);
		if (!(first && diff.start_skipped)) {
			diff.points += 1;
			for (int q = 0; q < BS_QUANTITY_COUNT; ++q) {
				if (diff.points == 1) {
					diff.quantity[q].time = time;
				}
				double gap = fabs(bs_quantity_value(&a->rows[ia], (bs_quantity)q) -
					bs_quantity_value(&b->rows[ib], (bs_quantity)q));
				if (gap > diff.quantity[q].largest) {
					diff.quantity[q].largest = gap;
					diff.quantity[q].time = time;
				}
			}
		}
		double next = INFINITY;
		if (a_supplies && ia + 1 < a->count) {
			next = a->rows[ia + 1].time;
		}
		if (b_supplies && ib + 1 < b->count) {
			next = fmin(next, b->rows[ib + 1].time);
		}
		if (!(next <= diff.to + width)) {
			break;
		}
		time = next;
	}
	diff.worst = BS_QUANTITY_ENERGY;
	for (int q = 0; q < BS_QUANTITY_COUNT; ++q) {
		bs_quantity_difference* d = &diff.quantity[q];
		d->relative = d->largest / d->scale;
		if (d->relative > diff.quantity[diff.worst].relative) {
			diff.worst = (bs_quantity)q;
		}
	}
	diff.largest_relative = diff.quantity[diff.worst].relative;
	return diff;
}

// The index of the first event row at or after `index`, or the count.
static int64_t next_event_row(const bs_trace_data* trace, int64_t index) {
	while (index < trace->count && !bs_trace_row_is_event(&trace->rows[index])) {
		index += 1;
	}
	return index;
}

static bool same_event(const bs_trace_row* x, const bs_trace_row* y) {
	return strcmp(x->kind, y->kind) == 0 && x->a == y->a && x->b == y->b;
}

// The number of event rows from `index` on at the instant `time`.
static int64_t events_at(const bs_trace_data* trace, int64_t index, double time, double width) {
	int64_t count = 0;
	for (index = next_event_row(trace, index); index < trace->count && trace->rows[index].time <= time + width;
		 index = next_event_row(trace, index + 1)) {
		count += 1;
	}
	return count;
}

// Moves `*index` (an event row of `earlier`, or its count) past the events
// that happened before `later` started: those before its start instant, and
// those at it that `later` does not have (processed before its state was
// saved: `later` has the last ones of that instant). Returns how many.
static int64_t pass_events_before(const bs_trace_data* earlier, int64_t* index, const bs_trace_data* later,
	double width) {
	double from = later->rows[0].time;
	int64_t passed = 0;
	while (*index < earlier->count && earlier->rows[*index].time < from - width) {
		*index = next_event_row(earlier, *index + 1);
		passed += 1;
	}
	int64_t surplus = events_at(earlier, *index, from, width) - events_at(later, 0, from, width);
	for (; surplus > 0; --surplus) {
		*index = next_event_row(earlier, *index + 1);
		passed += 1;
	}
	return passed;
}

bs_event_divergence bs_first_divergence(const bs_trace_data* a, const bs_trace_data* b, double time_tolerance) {
	bs_event_divergence result;
	memset(&result, 0, sizeof result);
	result.events_a = a->event_rows;
	result.events_b = b->event_rows;
	result.comparable = a->sample_rows == 0 && b->sample_rows == 0;
	double width = bs_trace_instant_width(a, b, time_tolerance);
	result.instant_width = width;
	result.from = fmax(a->rows[0].time, b->rows[0].time);
	if (!result.comparable) {
		return result;
	}
	int64_t ia = next_event_row(a, 0);
	int64_t ib = next_event_row(b, 0);
	const bs_trace_data* earlier = earlier_start(a, b, width);
	if (earlier == a) {
		result.passed_a = pass_events_before(a, &ia, b, width);
	} else if (earlier == b) {
		result.passed_b = pass_events_before(b, &ib, a, width);
	}
	for (int64_t index = 1;; ++index) {
		bool a_ended = ia == a->count;
		bool b_ended = ib == b->count;
		if (a_ended && b_ended) {
			result.agree = true;
			return result;
		}
		bool same = !a_ended && !b_ended && same_event(&a->rows[ia], &b->rows[ib]);
		if (!same || !(fabs(a->rows[ia].time - b->rows[ib].time) <= width)) {
			result.index = index;
			result.time_differs = same;
			result.row_a = a_ended ? NULL : &a->rows[ia];
			result.row_b = b_ended ? NULL : &b->rows[ib];
			return result;
		}
		ia = next_event_row(a, ia + 1);
		ib = next_event_row(b, ib + 1);
	}
}
