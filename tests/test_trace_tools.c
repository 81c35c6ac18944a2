// Tests of reading traces back (app/trace_read.h), comparing them
// (app/trace_compare.h) and plotting them (app/plot.h), and of the output
// files they are written through (app/output_file.h, app/same_file.h).
#include <cairo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"
#include "output_file.h"
#include "process_helpers.h"
#include "trace_plot.h"
#include "same_file.h"
#include "trace.h"
#include "trace_compare.h"
#include "trace_read.h"

#define HEADER BS_TRACE_HEADER "\n"

static bool read_text(const char* text, bs_trace_data* dest, char* error, size_t error_size) {
	FILE* stream = fmemopen((void*)text, strlen(text), "r");
	bool ok = bs_trace_read_stream(stream, "t.csv", dest, error, error_size);
	fclose(stream);
	return ok;
}

static void check_read_error(const char* text, const char* expected) {
	bs_trace_data trace;
	char error[256] = "";
	CHECK(!read_text(text, &trace, error, sizeof error));
	CHECK_CONTAINS(error, expected);
	CHECK(trace.rows == NULL);
	CHECK_EQ_INT(trace.count, 0);
}

static void test_read_good_trace(void) {
	const char* text = HEADER "0,0,start,-1,-1,0,1.5,0.25,-0.5\n"
							  "1,0.5,ball,1,2,0.125,1.25,0.25,-0.5\r\n"
							  "2,0.5,cushion,1,3,2e-3,1,0.5,-0.5";
	bs_trace_data trace;
	char error[256] = "";
	CHECK(read_text(text, &trace, error, sizeof error));
	CHECK_EQ_INT(trace.count, 3);
	CHECK_EQ_INT(trace.event_rows, 2);
	CHECK_EQ_INT(trace.sample_rows, 0);
	if (trace.count == 3) {
		CHECK_EQ_INT(trace.rows[1].a, 1);
		CHECK_EQ_INT(trace.rows[1].b, 2);
		CHECK_EQ_STR(trace.rows[1].kind, "ball");
		CHECK_EQ_DBL(trace.rows[2].impulse, 2e-3);
		CHECK_EQ_DBL(trace.rows[2].momentum_x, 0.5);
		CHECK_EQ_INT(trace.rows[2].line, 4);
	}
	bs_trace_destroy(&trace);
	bs_trace_destroy(&trace);
}

// Empty lines at the end, as an editor or `echo >>` leaves them, are not rows.
// A pool physics trace: two more columns, the kinetic energy's parts, and
// the changes of state among the kinds.
static void test_read_pool_trace(void) {
	const char* text = BS_TRACE_HEADER BS_TRACE_ENERGY_PARTS "\n"
					   "0,0,start,-1,-1,0,2.5,1,0,2,0.5\n"
					   "1,0.1,slide_roll,0,-1,0,2.25,0.9,0,1.8,0.45\n"
					   "2,0.5,ball,0,1,0.2,2,0.9,0,1.6,0.4\n"
					   "3,4,roll_stop,0,-1,0,0,0,0,0,0\n";
	bs_trace_data trace;
	char error[256] = "";
	bool ok = read_text(text, &trace, error, sizeof error);
	CHECK(ok);
	if (!ok) {
		CHECK_FAIL("%s", error);
		return;
	}
	CHECK(trace.energy_parts);
	CHECK_EQ_INT(trace.count, 4);
	CHECK_EQ_INT(trace.event_rows, 3);
	CHECK_EQ_STR(trace.rows[1].kind, "slide_roll");
	CHECK_EQ_DBL(trace.rows[1].translational_energy, 1.8);
	CHECK_EQ_DBL(trace.rows[1].rotational_energy, 0.45);
	bs_trace_destroy(&trace);
	// Nine columns under the pool header, or eleven under the other, are
	// refused; so is a kind that does not exist.
	check_read_error(BS_TRACE_HEADER BS_TRACE_ENERGY_PARTS "\n0,0,start,-1,-1,0,2.5,1,0\n",
		"t.csv:2: expected 11 columns, found 9");
	check_read_error(HEADER "0,0,start,-1,-1,0,2.5,1,0,2,0.5\n", "t.csv:2: expected 9 columns, found 11");
	check_read_error(HEADER "0,0,slide_spin,0,-1,0,2.5,1,0\n", "unknown kind 'slide_spin'");
}

static void test_read_accepts_trailing_empty_lines(void) {
	const char* endings[] = {"\n\n", "\n\n\n", "\r\n\r\n", "\n\r\n\n"};
	for (size_t k = 0; k < sizeof endings / sizeof endings[0]; ++k) {
		char text[256];
		snprintf(text, sizeof text, HEADER "0,0,start,-1,-1,0,1,0,0\n1,1,ball,1,2,0,1,0,0%s", endings[k]);
		bs_trace_data trace;
		char error[256] = "";
		if (!read_text(text, &trace, error, sizeof error)) {
			CHECK_FAIL("ending %zu: %s", k, error);
		}
		CHECK_EQ_INT(trace.count, 2);
		if (trace.count >= 2) {
			CHECK_EQ_INT(trace.rows[1].line, 3);
		}
		bs_trace_destroy(&trace);
	}
}

static void test_read_errors_name_the_line(void) {
	check_read_error("", "t.csv:1: empty file");
	check_read_error("event,time\n", "t.csv:1: expected the header");
	check_read_error(HEADER, "t.csv:2: no rows after the header");
	check_read_error(HEADER "0,0,start,-1,-1,0,1,0,0\n1,0.5,ball,1,2,0.1,1,0\n", "t.csv:3: expected 9 columns, found 8");
	check_read_error(HEADER "0,0,start,-1,-1,0,1,0,0,7\n", "t.csv:2: expected 9 columns, found 10");
	check_read_error(HEADER "0,0,start,-1,-1,0,1,0,0\n\n1,1,ball,1,2,0,1,0,0\n", "t.csv:3: empty line");
	check_read_error(HEADER "0,0,start,-1,-1,0,1,0,0\n\n\n1,1,ball,1,2,0,1,0,0\n", "t.csv:3: empty line");
	check_read_error(HEADER "\n0,0,start,-1,-1,0,1,0,0\n", "t.csv:2: empty line");
	check_read_error(HEADER "\n\n", "t.csv:2: no rows after the header");
	check_read_error(HEADER "0,0,start,-1,-1,0,1,0,0\n1,x,ball,1,2,0,1,0,0\n", "t.csv:3: column 2 (time): 'x'");
	check_read_error(HEADER "0,0,start,-1,-1,0,1,0,0\n1,1,ball,1,2,0,nan,0,0\n", "column 7 (kinetic_energy)");
	check_read_error(HEADER "0,0,start,-1,-1,0,1,0,0\n1,1,spin,1,2,0,1,0,0\n", "t.csv:3: column 3 (kind): unknown");
	check_read_error(HEADER "0,1,start,-1,-1,0,1,0,0\n1,0.5,ball,1,2,0,1,0,0\n", "t.csv:3: time 0.5 goes back");
	check_read_error(HEADER "0,0,sample,1,-1,0,1,0,0\n", "t.csv:2: a sample row has a = b = -1");
	check_read_error(HEADER "-1,0,start,-1,-1,0,1,0,0\n", "column 1 (event)");
	check_read_error(HEADER "0,0,start,-1,-1,0,-1,0,0\n", "is negative");
	check_read_error(HEADER "0,0,start,-1,-1,0,1,0,1e999\n", "column 9 (momentum_y)");
	bs_trace_data trace;
	char error[256] = "";
	CHECK(!bs_trace_read("/nonexistent/x.csv", &trace, error, sizeof error));
	CHECK_CONTAINS(error, "/nonexistent/x.csv: cannot read");
}

static bs_trace_data must_read(const char* text) {
	bs_trace_data trace;
	char error[256] = "";
	if (!read_text(text, &trace, error, sizeof error)) {
		fprintf(stderr, "  %s\n", error);
		memset(&trace, 0, sizeof trace);
	}
	return trace;
}

// Energy 4 -> 2 at t = 1 in A, at t = 1.5 in B. As step functions they differ
// by 2 on [1, 1.5); a linear reading would have said 0 at t = 1.
static void test_difference_is_stepwise(void) {
	bs_trace_data a = must_read(HEADER "0,0,start,-1,-1,0,4,2,0\n1,1,ball,1,2,1,2,2,0\n2,2,cushion,1,0,1,2,-2,0\n");
	bs_trace_data b = must_read(HEADER "0,0,start,-1,-1,0,4,2,0\n1,1.5,ball,1,2,1,2,2,0\n");
	CHECK_EQ_INT(a.count, 3);
	CHECK_EQ_INT(b.count, 2);
	bs_trace_difference diff = bs_trace_difference_of(&a, &b, BS_DEFAULT_TIME_TOLERANCE);
	CHECK(diff.overlap);
	CHECK(!diff.on_sample_times);
	CHECK_EQ_DBL(diff.from, 0.0);
	CHECK_EQ_DBL(diff.to, 1.5);
	CHECK_EQ_INT(diff.points, 3);
	CHECK_EQ_DBL(diff.quantity[BS_QUANTITY_ENERGY].largest, 2.0);
	CHECK_EQ_DBL(diff.quantity[BS_QUANTITY_ENERGY].time, 1.0);
	CHECK_EQ_DBL(diff.quantity[BS_QUANTITY_ENERGY].relative, 0.5);
	CHECK_EQ_DBL(diff.quantity[BS_QUANTITY_MOMENTUM_X].largest, 0.0); // the flip at t = 2 is outside the common range
	CHECK_EQ_INT(diff.worst, BS_QUANTITY_ENERGY);
	CHECK_EQ_DBL(diff.largest_relative, 0.5);

	bs_trace_difference self = bs_trace_difference_of(&a, &a, BS_DEFAULT_TIME_TOLERANCE);
	CHECK_EQ_DBL(self.largest_relative, 0.0);
	CHECK_EQ_INT(self.points, 3);

	// Against samples, only the sample times count: the event trace is
	// exact there, the sampled one is not between its samples.
	bs_trace_data s = must_read(HEADER "0,0,sample,-1,-1,0,4,2,0\n1,1.25,sample,-1,-1,0,2,2,0\n");
	bs_trace_difference sampled = bs_trace_difference_of(&a, &s, BS_DEFAULT_TIME_TOLERANCE);
	CHECK(sampled.on_sample_times);
	CHECK_EQ_INT(sampled.points, 2);
	CHECK_EQ_DBL(sampled.largest_relative, 0.0);

	bs_trace_data late = must_read(HEADER "0,5,start,-1,-1,0,4,2,0\n");
	CHECK(!bs_trace_difference_of(&a, &late, BS_DEFAULT_TIME_TOLERANCE).overlap);

	bs_trace_stats stats = bs_trace_stats_of(&a);
	CHECK_EQ_DBL(stats.quantity[BS_QUANTITY_ENERGY].start, 4.0);
	CHECK_EQ_DBL(stats.quantity[BS_QUANTITY_ENERGY].end, 2.0);
	CHECK_EQ_DBL(stats.quantity[BS_QUANTITY_ENERGY].drift, 0.5);
	CHECK_EQ_DBL(stats.quantity[BS_QUANTITY_ENERGY].drift_time, 1.0);
	CHECK_EQ_DBL(stats.quantity[BS_QUANTITY_MOMENTUM_X].min, -2.0);
	CHECK_EQ_DBL(stats.quantity[BS_QUANTITY_MOMENTUM_X].drift, 2.0);
	CHECK_EQ_DBL(stats.quantity[BS_QUANTITY_MOMENTUM_Y].drift, 0.0);
	CHECK(!stats.quantity[BS_QUANTITY_MOMENTUM_Y].drift_is_absolute);
	bs_trace_destroy(&a);
	bs_trace_destroy(&b);
	bs_trace_destroy(&s);
	bs_trace_destroy(&late);
}

static void test_first_divergence(void) {
	bs_trace_data a = must_read(HEADER "0,0,start,-1,-1,0,1,0,0\n1,1,ball,1,2,1,1,0,0\n2,2,cushion,1,3,1,1,0,0\n");
	bs_trace_data b = must_read(HEADER "0,0,start,-1,-1,0,1,0,0\n1,1,ball,1,2,1,1,0,0\n2,2,ball,1,3,1,1,0,0\n");
	bs_trace_data c = must_read(HEADER "0,0,start,-1,-1,0,1,0,0\n1,1,ball,1,2,1,1,0,0\n");
	bs_event_divergence d = bs_first_divergence(&a, &b, BS_DEFAULT_TIME_TOLERANCE);
	CHECK(d.comparable);
	CHECK(!d.agree);
	CHECK_EQ_INT(d.index, 2);
	CHECK(!d.time_differs);
	CHECK(d.row_a != NULL);
	CHECK(d.row_b != NULL);
	if (d.row_a && d.row_b) {
		CHECK_EQ_STR(d.row_a->kind, "cushion");
		CHECK_EQ_STR(d.row_b->kind, "ball");
	}
	d = bs_first_divergence(&a, &c, BS_DEFAULT_TIME_TOLERANCE);
	CHECK(!d.agree);
	CHECK_EQ_INT(d.index, 2);
	CHECK(d.row_a != NULL);
	CHECK(d.row_b == NULL);
	CHECK_EQ_INT(d.events_b, 1);
	d = bs_first_divergence(&a, &a, BS_DEFAULT_TIME_TOLERANCE);
	CHECK(d.agree);
	CHECK_EQ_INT(d.events_a, 2);
	CHECK_EQ_INT(d.passed_a, 0);
	CHECK_EQ_INT(d.passed_b, 0);
	bs_trace_destroy(&a);
	bs_trace_destroy(&b);
	bs_trace_destroy(&c);
}

// The same shot, its second event 3e-15 s later in B (rounding, as a run
// continued from a saved state may give): one instant, no difference. Moved
// by 1e-9 s instead, it is a different shot, and both the totals and the
// events say so.
static void test_rounding_in_time_is_one_instant(void) {
	const char* a_text = HEADER "0,0,start,-1,-1,0,4,2,0\n1,0.25,ball,1,2,1,4,2,0\n2,0.75,cushion,1,3,1,3,-2,0\n"
								"3,1.5,ball,1,2,1,2,1,1\n";
	bs_trace_data a = must_read(a_text);
	bs_trace_data near = must_read(HEADER "0,0,start,-1,-1,0,4,2,0\n1,0.25,ball,1,2,1,4,2,0\n"
										  "2,0.75000000000000300,cushion,1,3,1,3,-2,0\n3,1.5,ball,1,2,1,2,1,1\n");
	bs_trace_data far = must_read(HEADER "0,0,start,-1,-1,0,4,2,0\n1,0.25,ball,1,2,1,4,2,0\n"
										 "2,0.750000001,cushion,1,3,1,3,-2,0\n3,1.5,ball,1,2,1,2,1,1\n");
	CHECK(a.rows[2].time != near.rows[2].time);
	CHECK_EQ_DBL(bs_trace_instant_width(&a, &near, BS_DEFAULT_TIME_TOLERANCE), 1.5e-12);
	bs_trace_difference diff = bs_trace_difference_of(&a, &near, BS_DEFAULT_TIME_TOLERANCE);
	CHECK_EQ_DBL(diff.largest_relative, 0.0);
	CHECK_EQ_INT(diff.points, 4);
	bs_event_divergence d = bs_first_divergence(&a, &near, BS_DEFAULT_TIME_TOLERANCE);
	CHECK(d.agree);
	// With no width at all the sliver between the two times is seen: 1 J of
	// 4, a momentum of 2 reversed, and the cushion's event differs in time.
	diff = bs_trace_difference_of(&a, &near, 0.0);
	CHECK_EQ_DBL(diff.largest_relative, 2.0);
	CHECK_EQ_DBL(diff.quantity[BS_QUANTITY_ENERGY].relative, 0.25);
	d = bs_first_divergence(&a, &near, 0.0);
	CHECK(!d.agree);
	CHECK(d.time_differs);
	CHECK_EQ_INT(d.index, 2);

	diff = bs_trace_difference_of(&a, &far, BS_DEFAULT_TIME_TOLERANCE);
	CHECK_EQ_DBL(diff.largest_relative, 2.0);
	CHECK_EQ_DBL(diff.quantity[BS_QUANTITY_MOMENTUM_X].time, 0.75);
	d = bs_first_divergence(&a, &far, BS_DEFAULT_TIME_TOLERANCE);
	CHECK(!d.agree);
	CHECK(d.time_differs);
	CHECK_EQ_INT(d.index, 2);
	bs_trace_destroy(&a);
	bs_trace_destroy(&near);
	bs_trace_destroy(&far);
}

#define POOL_HEADER BS_TRACE_HEADER BS_TRACE_ENERGY_PARTS "\n"

// A run continued from a state saved after its second event (two events at
// t = 1: the continued run has the second only) and one continued from a
// state saved mid-flight at t = 1.25, under pool physics (the totals fall
// between events) and under ideal physics.
static void test_continued_runs_line_up_by_time(void) {
	bs_trace_data whole = must_read(POOL_HEADER "0,0,start,-1,-1,0,4,2,0,4,0\n1,0.5,ball,1,2,1,3.5,2,0,3.5,0\n"
												"2,1,cushion,1,0,1,3,1,0,3,0\n3,1,ball,2,3,1,2.5,1,0,2.5,0\n"
												"4,2,slide_roll,1,-1,0,2,1,1,2,0\n5,3,roll_stop,1,-1,0,1,0,1,1,0\n");
	bs_trace_data at_event = must_read(POOL_HEADER "0,1,start,-1,-1,0,3,1,0,3,0\n1,1,ball,2,3,1,2.5,1,0,2.5,0\n"
												   "2,2,slide_roll,1,-1,0,2,1,1,2,0\n3,3,roll_stop,1,-1,0,1,0,1,1,0\n");
	bs_event_divergence d = bs_first_divergence(&whole, &at_event, BS_DEFAULT_TIME_TOLERANCE);
	CHECK(d.agree);
	CHECK_EQ_DBL(d.from, 1.0);
	CHECK_EQ_INT(d.passed_a, 2);
	CHECK_EQ_INT(d.passed_b, 0);
	d = bs_first_divergence(&at_event, &whole, BS_DEFAULT_TIME_TOLERANCE);
	CHECK(d.agree);
	CHECK_EQ_INT(d.passed_b, 2);
	bs_trace_difference diff = bs_trace_difference_of(&whole, &at_event, BS_DEFAULT_TIME_TOLERANCE);
	CHECK(!diff.start_skipped);
	CHECK_EQ_DBL(diff.from, 1.0);
	CHECK_EQ_INT(diff.points, 3);
	CHECK_EQ_DBL(diff.largest_relative, 0.0);

	// Mid-flight at 1.25 s friction had taken 0.1 J since the last event:
	// the whole run's rows do not know that, so its start is not compared.
	bs_trace_data mid = must_read(POOL_HEADER "0,1.25,start,-1,-1,0,2.4,0.9,0,2.4,0\n"
											  "1,2,slide_roll,1,-1,0,2,1,1,2,0\n2,3,roll_stop,1,-1,0,1,0,1,1,0\n");
	diff = bs_trace_difference_of(&whole, &mid, BS_DEFAULT_TIME_TOLERANCE);
	CHECK(diff.start_skipped);
	CHECK_EQ_INT(diff.points, 2);
	CHECK_EQ_DBL(diff.largest_relative, 0.0);
	CHECK_EQ_DBL(diff.quantity[BS_QUANTITY_ENERGY].time, 2.0);
	d = bs_first_divergence(&whole, &mid, BS_DEFAULT_TIME_TOLERANCE);
	CHECK(d.agree);
	CHECK_EQ_INT(d.passed_a, 3);
	// A real difference after the start is still seen: the continued run's
	// ball stops with 0.5 J left instead of 1.
	bs_trace_data mid_wrong = must_read(POOL_HEADER "0,1.25,start,-1,-1,0,2.4,0.9,0,2.4,0\n"
													"1,2,slide_roll,1,-1,0,2,1,1,2,0\n2,3,roll_stop,1,-1,0,0.5,0,1,0.5,0\n");
	diff = bs_trace_difference_of(&whole, &mid_wrong, BS_DEFAULT_TIME_TOLERANCE);
	CHECK_EQ_DBL(diff.quantity[BS_QUANTITY_ENERGY].largest, 0.5);
	CHECK_EQ_DBL(diff.quantity[BS_QUANTITY_ENERGY].time, 3.0);

	// Under ideal physics the totals hold between events: the start is compared.
	bs_trace_data ideal = must_read(HEADER "0,0,start,-1,-1,0,4,2,0\n1,0.5,ball,1,2,1,4,1,1\n2,2,cushion,1,0,1,4,-1,1\n");
	bs_trace_data ideal_mid = must_read(HEADER "0,1.25,start,-1,-1,0,4,1,1\n1,2,cushion,1,0,1,4,-1,1\n");
	bs_trace_data ideal_wrong = must_read(HEADER "0,1.25,start,-1,-1,0,4,1.5,1\n1,2,cushion,1,0,1,4,-1,1\n");
	diff = bs_trace_difference_of(&ideal, &ideal_mid, BS_DEFAULT_TIME_TOLERANCE);
	CHECK(!diff.start_skipped);
	CHECK_EQ_INT(diff.points, 2);
	CHECK_EQ_DBL(diff.largest_relative, 0.0);
	diff = bs_trace_difference_of(&ideal, &ideal_wrong, BS_DEFAULT_TIME_TOLERANCE);
	CHECK_EQ_DBL(diff.quantity[BS_QUANTITY_MOMENTUM_X].largest, 0.5);
	CHECK_EQ_DBL(diff.quantity[BS_QUANTITY_MOMENTUM_X].time, 1.25);
	bs_trace_destroy(&whole);
	bs_trace_destroy(&at_event);
	bs_trace_destroy(&mid);
	bs_trace_destroy(&mid_wrong);
	bs_trace_destroy(&ideal);
	bs_trace_destroy(&ideal_mid);
	bs_trace_destroy(&ideal_wrong);
}

static void test_plot_files(void) {
	bs_trace_data a = must_read(HEADER "0,0,start,-1,-1,0,4,2,0\n1,1,ball,1,2,1,2,2,0\n2,2,cushion,1,0,1,2,-2,0\n");
	char dir[256];
	CHECK(make_temp_dir("plot", dir, sizeof dir));
	char png[512];
	char svg[512];
	path_in(dir, "p.PNG", png, sizeof png);
	path_in(dir, "p.svg", svg, sizeof svg);
	bs_plot_trace traces[2] = {{&a, "a.csv"}, {&a, "b.csv"}};
	bs_output_file out;
	CHECK(bs_output_open(&out, png));
	CHECK(bs_plot_write(&out, traces, 2, 640, 480));
	cairo_surface_t* image = cairo_image_surface_create_from_png(png);
	CHECK_EQ_INT(cairo_surface_status(image), CAIRO_STATUS_SUCCESS);
	CHECK_EQ_INT(cairo_image_surface_get_width(image), 640);
	CHECK_EQ_INT(cairo_image_surface_get_height(image), 480);
	cairo_surface_destroy(image);

	CHECK(bs_output_open(&out, svg));
	CHECK(bs_plot_write(&out, traces, 1, 500, 300));
	FILE* stream = fopen(svg, "r");
	char head[400] = "";
	CHECK(stream != NULL);
	if (stream) {
		CHECK(fread(head, 1, sizeof head - 1, stream) > 0);
		fclose(stream);
	}
	CHECK_CONTAINS(head, "<svg");
	CHECK_CONTAINS(head, "width=\"500px\" height=\"300px\"");

	bs_plot_format format;
	bool known = bs_plot_format_of("x.Svg", &format);
	CHECK(known);
	if (known) {
		CHECK_EQ_INT(format, BS_PLOT_SVG);
	}
	CHECK(!bs_plot_format_of("x.pdf", &format));
	CHECK(!bs_plot_format_of("png", &format));
	int width = 0;
	int height = 0;
	CHECK(bs_cli_parse_size("800x600", "--size", &width, &height));
	CHECK_EQ_INT(width, 800);
	CHECK_EQ_INT(height, 600);
	CHECK(!bs_cli_parse_size("800x", "--size", &width, &height));
	CHECK(!bs_cli_parse_size("10x10", "--size", &width, &height));
	unlink(png);
	unlink(svg);
	rmdir(dir);
	bs_trace_destroy(&a);
}

static void test_outputs_commit_all_or_none(void) {
	char dir[256];
	CHECK(make_temp_dir("out", dir, sizeof dir));
	char a_path[512];
	char b_path[512];
	char missing[512];
	path_in(dir, "a.csv", a_path, sizeof a_path);
	path_in(dir, "b.json", b_path, sizeof b_path);
	path_in(dir, "missing/c.csv", missing, sizeof missing);
	bs_output_file a;
	bs_output_file b;
	bs_output_file* const both[] = {&a, &b};

	// Both go in place, with the mode fopen would give: 0666 less the umask.
	CHECK(bs_output_open(&a, a_path));
	CHECK(bs_output_open(&b, b_path));
	CHECK_EQ_INT(count_entries(dir, NULL), 2); // the two temporaries, and nothing in place yet
	fputs("a\n", a.stream);
	fputs("b\n", b.stream);
	CHECK(bs_output_commit_all(both, 2));
	CHECK(file_exists(a_path));
	CHECK(file_exists(b_path));
	CHECK_EQ_INT(count_entries(dir, NULL), 2);
	mode_t mask = umask(0);
	umask(mask);
	struct stat st;
	int stat_status = stat(a_path, &st);
	CHECK_EQ_INT(stat_status, 0);
	if (stat_status == 0) {
		CHECK_EQ_INT(st.st_mode & 0777, 0666 & ~mask);
	}
	unlink(a_path);
	unlink(b_path);

	// b cannot be renamed into place (a directory took its name after it was
	// opened): a, renamed first, is removed again and no temporary is left.
	CHECK(bs_output_open(&a, a_path));
	CHECK(bs_output_open(&b, b_path));
	CHECK_EQ_INT(mkdir(b_path, 0700), 0);
	CHECK(!bs_output_commit_all(both, 2));
	CHECK(!file_exists(a_path));
	CHECK_EQ_INT(count_entries(dir, NULL), 1);
	CHECK(a.stream == NULL);
	CHECK(a.temp_path == NULL);
	CHECK(b.temp_path == NULL);

	// Refused at open: a missing directory, and a directory as the target.
	CHECK(!bs_output_open(&a, missing));
	CHECK(!bs_output_open(&a, b_path));
	CHECK(a.stream == NULL);
	CHECK_EQ_INT(count_entries(dir, NULL), 1);
	rmdir(b_path);

	// Abort removes the temporary; an unopened output is skipped by commit.
	CHECK(bs_output_open(&a, a_path));
	bs_output_abort(&a);
	bs_output_file unopened = {0};
	bs_output_file* const one[] = {&unopened};
	CHECK(bs_output_commit_all(one, 1));
	CHECK_EQ_INT(count_entries(dir, NULL), 0);
	rmdir(dir);
}

// A process killed by SIGTERM or SIGHUP while writing leaves no temporary
// file, and still dies of that signal.
static void test_signal_removes_temporaries(void) {
	char dir[256];
	CHECK(make_temp_dir("sig", dir, sizeof dir));
	const int signals[] = {SIGTERM, SIGHUP};
	for (size_t k = 0; k < sizeof signals / sizeof signals[0]; ++k) {
		fflush(NULL);
		pid_t child = fork();
		CHECK(child >= 0);
		if (child == 0) {
			char a_path[512];
			char b_path[512];
			path_in(dir, "a.csv", a_path, sizeof a_path);
			path_in(dir, "b.png", b_path, sizeof b_path);
			bs_output_file a;
			bs_output_file b;
			if (!bs_output_open(&a, a_path) || !bs_output_open(&b, b_path) || count_entries(dir, NULL) != 2) {
				_exit(3);
			}
			fputs("partial", a.stream);
			fflush(a.stream);
			raise(signals[k]);
			_exit(4); // not reached: the signal ends the process
		}
		int status = 0;
		CHECK_EQ_INT(waitpid(child, &status, 0), child);
		CHECK(WIFSIGNALED(status));
		if (WIFSIGNALED(status)) {
			CHECK_EQ_INT(WTERMSIG(status), signals[k]);
		}
		CHECK_EQ_INT(count_entries(dir, NULL), 0);
	}
	rmdir(dir);
}

static void test_same_file(void) {
	char dir[256];
	CHECK(make_temp_dir("same", dir, sizeof dir));
	char t[512], dot_t[512], via_sub[512], u[512], hard[512], soft[512], sub[512], none_x[512], none_dot_x[512];
	path_in(dir, "t.csv", t, sizeof t);
	path_in(dir, "./t.csv", dot_t, sizeof dot_t);
	path_in(dir, "sub", sub, sizeof sub);
	path_in(dir, "sub/../t.csv", via_sub, sizeof via_sub);
	path_in(dir, "u.csv", u, sizeof u);
	path_in(dir, "hard.csv", hard, sizeof hard);
	path_in(dir, "soft.csv", soft, sizeof soft);
	path_in(dir, "none/x.csv", none_x, sizeof none_x);
	path_in(dir, "none/./x.csv", none_dot_x, sizeof none_dot_x);
	CHECK_EQ_INT(mkdir(sub, 0700), 0);
	// Neither exists yet (two outputs): their directory's real path and name.
	CHECK(bs_same_file(t, dot_t));
	CHECK(bs_same_file(t, via_sub));
	CHECK(!bs_same_file(t, u));
	// When the directory is missing too, only the text can tell.
	CHECK(bs_same_file(none_x, none_x));
	CHECK(!bs_same_file(none_x, none_dot_x));
	FILE* stream = fopen(t, "w");
	CHECK(stream != NULL);
	if (stream) {
		fclose(stream);
	}
	CHECK_EQ_INT(link(t, hard), 0);
	CHECK_EQ_INT(symlink(t, soft), 0);
	// Existing: the same inode, however reached.
	CHECK(bs_same_file(t, dot_t));
	CHECK(bs_same_file(t, hard));
	CHECK(bs_same_file(soft, via_sub));
	CHECK(!bs_same_file(t, u));
	CHECK(!bs_same_file(u, t));

	const bs_named_path distinct[] = {{"the scene", t}, {"--trace", NULL}, {"--out", u}};
	CHECK_EQ_INT(bs_check_distinct_files("run", distinct, 3), 0);
	const bs_named_path clash[] = {{"the scene", u}, {"--trace", t}, {"--out", hard}};
	CHECK_EQ_INT(bs_check_distinct_files("run", clash, 3), 2);
	unlink(soft);
	unlink(hard);
	unlink(t);
	rmdir(sub);
	rmdir(dir);
}

int main(void) {
	// The signal tests need the default dispositions: a test run started
	// under nohup, or as a background job of a script, inherits SIGHUP or
	// SIGINT ignored, and the outputs rightly leave an ignored signal alone.
	signal(SIGHUP, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	RUN(test_read_good_trace);
	RUN(test_read_pool_trace);
	RUN(test_read_accepts_trailing_empty_lines);
	RUN(test_read_errors_name_the_line);
	RUN(test_difference_is_stepwise);
	RUN(test_first_divergence);
	RUN(test_rounding_in_time_is_one_instant);
	RUN(test_continued_runs_line_up_by_time);
	RUN(test_plot_files);
	RUN(test_outputs_commit_all_or_none);
	RUN(test_signal_removes_temporaries);
	RUN(test_same_file);
	return check_summary();
}
