// breakshot fuzzing: the trace reader, and `compare` on two traces. The
// input is one trace, or two separated by a line "%%" (A, then B; without
// the separator B is A). A trace the reader refuses must be refused with one
// line naming the file and line. Two it accepts go through everything
// `compare` computes, which must hold what it promises: rows in time order,
// a trace no different from itself, the differences symmetric in A and B.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_require.h"
#include "trace_compare.h"
#include "trace_read.h"

static const char separator[] = "\n%%\n";

// Reads one trace from bytes; on refusal checks the message and returns false.
static bool read_trace(const uint8_t* data, size_t size, const char* name, bs_trace_data* dest) {
	// fmemopen of 0 bytes fails on some C libraries; an empty file is one byte short of a newline.
	static const uint8_t empty = 0;
	FILE* stream = fmemopen((void*)(size > 0 ? data : &empty), size > 0 ? size : 1, "rb");
	FUZZ_REQUIRE(stream != NULL, "fmemopen failed");
	if (size == 0) {
		fgetc(stream);
	}
	char error[512] = "";
	bool ok = bs_trace_read_stream(stream, name, dest, error, sizeof error);
	fclose(stream);
	if (!ok) {
		FUZZ_REQUIRE(error[0] != '\0' && strchr(error, '\n') == NULL && strncmp(error, name, strlen(name)) == 0,
			"a refusal without one line naming the file: \"%s\"", error);
		return false;
	}
	FUZZ_REQUIRE(dest->count >= 1 && dest->event_rows + dest->sample_rows <= dest->count,
		"%lld rows, %lld events, %lld samples", (long long)dest->count, (long long)dest->event_rows,
		(long long)dest->sample_rows);
	for (int64_t i = 1; i < dest->count; ++i) {
		FUZZ_REQUIRE(dest->rows[i].time >= dest->rows[i - 1].time, "row %lld at %.17g s after %.17g s",
			(long long)i, dest->rows[i].time, dest->rows[i - 1].time);
	}
	return true;
}

static bool same_or_both_nan(double a, double b) {
	return a == b || (isnan(a) && isnan(b));
}

static void require_compare_holds(const bs_trace_data* a, const bs_trace_data* b) {
	bs_trace_stats stats = bs_trace_stats_of(a);
	FUZZ_REQUIRE(stats.start_time <= stats.end_time, "the stats run from %.17g to %.17g s", stats.start_time,
		stats.end_time);

	bs_trace_difference self = bs_trace_difference_of(a, a, BS_DEFAULT_TIME_TOLERANCE);
	FUZZ_REQUIRE(self.overlap, "a trace shares no instant with itself");
	for (int q = 0; q < BS_QUANTITY_COUNT; ++q) {
		double largest = self.quantity[q].largest;
		FUZZ_REQUIRE(largest == 0.0 || isnan(largest) || isinf(largest), "%s differs from itself by %.17g",
			bs_quantity_name((bs_quantity)q), largest);
	}
	bs_event_divergence self_events = bs_first_divergence(a, a, BS_DEFAULT_TIME_TOLERANCE);
	FUZZ_REQUIRE(!self_events.comparable || self_events.agree, "a trace's events disagree with themselves at %lld",
		(long long)self_events.index);

	bs_trace_difference ab = bs_trace_difference_of(a, b, BS_DEFAULT_TIME_TOLERANCE);
	bs_trace_difference ba = bs_trace_difference_of(b, a, BS_DEFAULT_TIME_TOLERANCE);
	FUZZ_REQUIRE(ab.overlap == ba.overlap && ab.points == ba.points, "A-B: %d, %lld points; B-A: %d, %lld points",
		ab.overlap, (long long)ab.points, ba.overlap, (long long)ba.points);
	for (int q = 0; q < BS_QUANTITY_COUNT; ++q) {
		FUZZ_REQUIRE(same_or_both_nan(ab.quantity[q].largest, ba.quantity[q].largest),
			"%s: A-B largest %.17g, B-A %.17g", bs_quantity_name((bs_quantity)q), ab.quantity[q].largest,
			ba.quantity[q].largest);
	}
	bs_event_divergence events = bs_first_divergence(a, b, BS_DEFAULT_TIME_TOLERANCE);
	FUZZ_REQUIRE(events.agree || !events.comparable || events.row_a != NULL || events.row_b != NULL,
		"the events differ at %lld with neither row named", (long long)events.index);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
	const uint8_t* second = data;
	size_t first_size = size, second_size = size;
	for (size_t i = 0; i + sizeof separator - 1 <= size; ++i) {
		if (memcmp(data + i, separator, sizeof separator - 1) == 0) {
			first_size = i + 1; // keep A's last newline
			second = data + i + sizeof separator - 1;
			second_size = size - (i + sizeof separator - 1);
			break;
		}
	}
	bs_trace_data a = {0}, b = {0};
	if (read_trace(data, first_size, "a.csv", &a) && read_trace(second, second_size, "b.csv", &b)) {
		require_compare_holds(&a, &b);
	}
	bs_trace_destroy(&a);
	bs_trace_destroy(&b);
	return 0;
}
