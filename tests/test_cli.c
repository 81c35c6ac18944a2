// End-to-end tests of `breakshot run`: the summary, bad input (exit status
// 2, one message, no output file), outputs written all or none, paths that
// name one file, the default event limit, the trace format, determinism,
// continuing a saved state, and the default physics with its warnings.
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "process_helpers.h"

static char work_dir[256];
static char out_text[65536];
static char err_text[8192];

// dest = "<work dir>/name".
static void work_path(const char* name, char* dest, size_t size) {
	path_in(work_dir, name, dest, size);
}

// Runs `breakshot ARGS` (ARGS is a shell fragment) in the work dir; returns
// the exit status and keeps stdout and stderr in out_text and err_text.
static int run(const char* args) {
	char command[2048];
	snprintf(command, sizeof command, "'%s' %s", breakshot_path(), args);
	return run_captured(work_dir, command, out_text, sizeof out_text, err_text, sizeof err_text);
}

static int count_lines(const char* text) {
	int n = 0;
	for (; *text; ++text) {
		n += *text == '\n';
	}
	return n;
}

// Files in the work dir other than the captured output and the files the
// tests keep there on purpose (named keep-*).
static int stray_files(void) {
	static const char* const kept[] = {"stdout.txt", "stderr.txt", "keep-", NULL};
	return count_entries(work_dir, kept);
}

static bool work_file_exists(const char* name) {
	char path[512];
	work_path(name, path, sizeof path);
	return file_exists(path);
}

static void runs_the_demo_with_a_summary(void) {
	char args[512];
	snprintf(args, sizeof args, "run '%s/scenes/demo.json' --events 500", source_root());
	CHECK_EQ_INT(run(args), 0);
	CHECK_CONTAINS(out_text, "events          500 (ball ");
	CHECK_CONTAINS(out_text, "simulated time");
	CHECK_CONTAINS(out_text, "kinetic energy  start 1.0286 J, end 1.0286 J");
	CHECK_CONTAINS(out_text, "events/s");
}

static void refuses_bad_input_with_status_2(void) {
	char path[512];
	work_path("keep-bad.json", path, sizeof path);
	CHECK(write_file(
		path, "{\"table\": {\"size\": [2.54, 1.27]},\n \"balls\": [{\"id\": 0, \"pos\": [1, 1], \"radius\": -1}]}"));
	const char* cases[][2] = {
		{"run keep-bad.json --trace t.csv --out o.json", "keep-bad.json: balls[0].radius: must be positive"},
		{"run missing.json --trace t.csv", "missing.json: cannot read"},
		{"run", "no scene given"},
		{"run keep-bad.json --events", "--events needs a value"},
		{"run keep-bad.json --events ten", "--events: 'ten' is not a whole number"},
		{"run keep-bad.json --events 0", "--events: 0 is out of range"},
		{"run keep-bad.json --until nan", "--until: 'nan' is not a finite number"},
		{"run keep-bad.json --frobnicate", "unknown option '--frobnicate'"},
		{"run a.json b.json", "one scene only"},
		{"dance", "unknown command 'dance'"},
		{"gen gas --n 10 --phi 0.5 --periodic --out g.json", "is 3.96 diameters wide; it must be more than 5"},
		{"bench --n 10 --phi 0.5", "is 3.96 diameters wide; it must be more than 5"},
		{"bench --pool --neighbours some", "--neighbours takes grid or all"},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
		CHECK_EQ_INT(run(cases[k][0]), 2);
		CHECK_CONTAINS(err_text, cases[k][1]);
		CHECK_STARTS_WITH(err_text, "breakshot: ");
		CHECK_EQ_INT(stray_files(), 0); // nothing written, no temporary left behind
	}
	// A scene with a syntax error gives file:line:column, on one line.
	CHECK(write_file(path, "{\"table\": {\"size\": [2.54, 1.27]},\n \"balls\": [}\n"));
	CHECK_EQ_INT(run("run keep-bad.json --trace t.csv"), 2);
	CHECK_CONTAINS(err_text, "breakshot: keep-bad.json:2:");
	CHECK_EQ_INT(count_lines(err_text), 1);
	CHECK_EQ_INT(stray_files(), 0);
	char demo[512];
	snprintf(demo, sizeof demo, "run '%s/scenes/demo.json' --until -1 --out o.json", source_root());
	CHECK_EQ_INT(run(demo), 2);
	CHECK_CONTAINS(err_text, "is before the scene's time");
	CHECK_EQ_INT(stray_files(), 0);
}

// An output that cannot be created is bad input, found before simulating,
// and no other output is left: all of them appear or none does.
static void outputs_are_all_or_none(void) {
	const char* cases[][2] = {
		{"--events 10 --trace t1.csv --out nodir/s.json", "nodir/s.json: cannot write: No such file or directory"},
		{"--events 10 --trace nodir/t.csv --out s.json", "nodir/t.csv: cannot write"},
		{"--events 10 --out s.json --trace .", ".: cannot write: it is a directory"},
		{"--method frames --dt 0.01 --until 1 --trace nodir/t.csv", "nodir/t.csv: cannot write"},
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
		char args[1024];
		snprintf(args, sizeof args, "run '%s/scenes/demo.json' %s", source_root(), cases[k][0]);
		CHECK_EQ_INT(run(args), 2);
		CHECK_CONTAINS(err_text, cases[k][1]);
		CHECK_EQ_INT(count_lines(err_text), 1);
		CHECK_EQ_STR(out_text, ""); // refused before simulating: no summary
		CHECK_EQ_INT(stray_files(), 0);
	}
	// Both writable: both appear.
	char args[1024];
	snprintf(args, sizeof args, "run '%s/scenes/demo.json' --events 10 --trace t1.csv --out s.json", source_root());
	CHECK_EQ_INT(run(args), 0);
	CHECK(work_file_exists("t1.csv"));
	CHECK(work_file_exists("s.json"));
	CHECK_EQ_INT(stray_files(), 2);
	CHECK_EQ_INT(run("run s.json --events 1"), 0); // the state reads back as a scene
	char cleanup[600];
	snprintf(cleanup, sizeof cleanup, "rm -f '%s/t1.csv' '%s/s.json'", work_dir, work_dir);
	CHECK_EQ_INT(run_command(cleanup), 0);
	// The viewer's --out (no window needed) is refused the same way.
	snprintf(args, sizeof args, "view '%s/scenes/demo.json' --out nodir/v.json", source_root());
	int status = run(args);
	if (!strstr(err_text, "this build has no viewer")) {
		CHECK_EQ_INT(status, 2);
		CHECK_CONTAINS(err_text, "nodir/v.json: cannot write");
	}
	CHECK_EQ_INT(stray_files(), 0);
}

// The scene and the outputs must be distinct files however they are spelt;
// the message names both arguments and nothing is written.
static void paths_naming_one_file_are_refused(void) {
	char copy[600];
	snprintf(copy, sizeof copy, "cp '%s/scenes/demo.json' '%s/keep-scene.json'", source_root(), work_dir);
	CHECK_EQ_INT(run_command(copy), 0);
	char path[512];
	work_path("keep-scene.json", path, sizeof path);
	char* scene_before = read_file(path, NULL);
	const char* cases[][2] = {
		{"run keep-scene.json --events 5 --trace t.csv --out ./t.csv", "run: --trace 't.csv' and --out './t.csv' name the same file"},
		{"run keep-scene.json --events 5 --trace keep-scene.json", "run: the scene 'keep-scene.json' and --trace 'keep-scene.json' name the same file"},
		{"run keep-scene.json --events 5 --out ./keep-scene.json", "run: the scene 'keep-scene.json' and --out './keep-scene.json' name the same file"},
		{"run ./keep-scene.json --events 5 --trace keep-link.json", "run: the scene './keep-scene.json' and --trace 'keep-link.json' name the same file"},
	};
	char link_command[600];
	snprintf(link_command, sizeof link_command, "ln -s keep-scene.json '%s/keep-link.json'", work_dir);
	CHECK_EQ_INT(run_command(link_command), 0);
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
		CHECK_EQ_INT(run(cases[k][0]), 2);
		CHECK_CONTAINS(err_text, cases[k][1]);
		CHECK_EQ_INT(count_lines(err_text), 1);
		CHECK_EQ_INT(stray_files(), 0);
	}
	int status = run("view keep-scene.json --out keep-link.json");
	if (!strstr(err_text, "this build has no viewer")) {
		CHECK_EQ_INT(status, 2);
		CHECK_CONTAINS(err_text, "view: the scene 'keep-scene.json' and --out 'keep-link.json' name the same file");
	}
	char* scene_after = read_file(path, NULL);
	CHECK(scene_before != NULL);
	CHECK(scene_after != NULL);
	if (scene_before && scene_after) {
		CHECK_EQ_STR(scene_after, scene_before);
	}
	free(scene_before);
	free(scene_after);
}

// A closed table without friction never runs out of events: without --events
// or --until the run stops at the default limit and says so. The gas in a
// small box packs ten million events into about 100 s of simulated time,
// short enough that the validation build's checks are not tripped by the
// rounding of much later times.
static void a_run_without_a_limit_stops_at_the_default(void) {
	char args[512];
	snprintf(args, sizeof args, "run '%s/tests/data/closed_gas.json'", source_root());
	CHECK_EQ_INT(run(args), 0);
	CHECK_CONTAINS(out_text, "events          10000000 (");
	CHECK_CONTAINS(out_text, "stopped at the default limit of 10000000 events; pass --events or --until");
	snprintf(args, sizeof args, "run '%s/scenes/demo.json' --method frames --dt 0.001", source_root());
	CHECK_EQ_INT(run(args), 0);
	CHECK_CONTAINS(out_text, "frames          10000000 of dt 0.001 s");
	CHECK_CONTAINS(out_text, "stopped at the default limit of 10000000 frames; pass --events or --until");
}

// Given a limit, or ending by itself, a run has nothing to say about it.
static void a_run_with_a_limit_says_nothing_of_the_default(void) {
	char args[512];
	snprintf(args, sizeof args, "run '%s/scenes/demo.json' --until 2", source_root());
	CHECK_EQ_INT(run(args), 0);
	CHECK(!strstr(out_text, "default limit"));
	snprintf(args, sizeof args, "run '%s/scenes/9ball_break_ideal.json'", source_root());
	CHECK_EQ_INT(run(args), 0);
	CHECK_CONTAINS(out_text, "balls on table  0 of 10");
	CHECK(!strstr(out_text, "default limit"));
	CHECK_EQ_INT(run("run --help"), 0);
	CHECK_CONTAINS(out_text, "default limit of 10000000 events");
	CHECK_CONTAINS(out_text, "1 when writing the outputs fails at the end");
}

static void trace_has_the_documented_format(void) {
	char args[512];
	snprintf(args, sizeof args, "run '%s/scenes/demo.json' --events 200 --trace keep-a.csv", source_root());
	CHECK_EQ_INT(run(args), 0);
	char path[512];
	work_path("keep-a.csv", path, sizeof path);
	char* trace = read_file(path, NULL);
	CHECK(trace != NULL);
	if (!trace) {
		return;
	}
	CHECK_STARTS_WITH(
		trace, "event,time,kind,a,b,impulse,kinetic_energy,momentum_x,momentum_y\n0,0,start,-1,-1,0,1.0286,");
	CHECK_EQ_INT(count_lines(trace), 202);
	// Every event row: kind ball has a < b; kind cushion has b in 0..3.
	char* line = strchr(trace, '\n') + 1;
	line = strchr(line, '\n') + 1;
	int rows = 0;
	while (*line) {
		long event;
		double time, impulse, energy, px, py;
		char kind[16] = "";
		int a = 0;
		int b = 0;
		int fields = sscanf(line, "%ld,%lf,%15[a-z],%d,%d,%lf,%lf,%lf,%lf", &event, &time, kind, &a, &b, &impulse,
			&energy, &px, &py);
		CHECK_EQ_INT(fields, 9);
		CHECK_EQ_INT(event, rows + 1);
		if (strcmp(kind, "ball") == 0) {
			CHECK(a < b);
		} else {
			CHECK_EQ_STR(kind, "cushion");
			CHECK(b >= 0);
			CHECK(b <= 3);
		}
		CHECK_REL(energy, 1.0286, 1e-13);
		rows += 1;
		line = strchr(line, '\n') + 1;
	}
	CHECK_EQ_INT(rows, 200);
	// 17 significant digits: the momentum 0.41 is written as 0.41000000000000003.
	CHECK_CONTAINS(trace, ",0.41000000000000003,");
	// Determinism: the same run gives the same bytes.
	snprintf(args, sizeof args, "run '%s/scenes/demo.json' --events 200 --trace keep-b.csv", source_root());
	CHECK_EQ_INT(run(args), 0);
	work_path("keep-b.csv", path, sizeof path);
	char* again = read_file(path, NULL);
	CHECK(again != NULL);
	if (again) {
		CHECK_EQ_STR(again, trace);
	}
	free(again);
	free(trace);
}

// Splits the event rows after the header and start row into an array of lines.
static int event_rows(char* trace, char** rows, int max) {
	int n = 0;
	char* line = strchr(trace, '\n') + 1;
	line = strchr(line, '\n') + 1;
	while (*line && n < max) {
		char* end = strchr(line, '\n');
		*end = '\0';
		rows[n++] = strchr(line, ',') + 1; // drop the event number
		line = end + 1;
	}
	return n;
}

static void saved_state_continues_exactly(void) {
	char args[512];
	snprintf(args, sizeof args, "run '%s/scenes/demo.json' --events 600 --trace keep-whole.csv", source_root());
	CHECK_EQ_INT(run(args), 0);
	snprintf(args, sizeof args, "run '%s/scenes/demo.json' --until 40 --out keep-saved.json", source_root());
	CHECK_EQ_INT(run(args), 0);
	CHECK_EQ_INT(run("run keep-saved.json --events 300 --trace keep-cont.csv"), 0);
	char path[512];
	work_path("keep-whole.csv", path, sizeof path);
	char* whole = read_file(path, NULL);
	work_path("keep-cont.csv", path, sizeof path);
	char* cont = read_file(path, NULL);
	CHECK(whole != NULL);
	CHECK(cont != NULL);
	if (!whole || !cont) {
		free(whole);
		free(cont);
		return;
	}
	static char* a[700];
	static char* b[700];
	int na = event_rows(whole, a, 700), nb = event_rows(cont, b, 700);
	CHECK_EQ_INT(nb, 300);
	int first = 0;
	while (first < na && strtod(a[first], NULL) <= 40.0) {
		first += 1;
	}
	CHECK(first + nb <= na);
	for (int k = 0; k < nb && first + k < na; ++k) {
		if (strcmp(a[first + k], b[k]) != 0) {
			CHECK_FAIL("row %d differs:\n    %s\n    %s", k, a[first + k], b[k]);
			break;
		}
	}
	free(whole);
	free(cont);
}

// Asking for help, help's own help or the version is no bad input.
static void help_and_version_answer_with_status_0(void) {
	const char* helps[] = {"help", "--help", "-h", "help --help", "help -h"};
	for (size_t k = 0; k < sizeof helps / sizeof helps[0]; ++k) {
		CHECK_EQ_INT(run(helps[k]), 0);
		CHECK_STARTS_WITH(out_text, "usage: breakshot COMMAND [ARGS]");
		CHECK_EQ_INT((int)strlen(err_text), 0);
	}
	CHECK_EQ_INT(run("help run"), 0);
	CHECK_CONTAINS(out_text, "default limit of 10000000 events");
	const char* versions[] = {"--version", "version"};
	for (size_t k = 0; k < 2; ++k) {
		CHECK_EQ_INT(run(versions[k]), 0);
		CHECK_STARTS_WITH(out_text, "breakshot ");
		CHECK_EQ_INT(count_lines(out_text), 1);
		CHECK(out_text[strlen("breakshot ")] >= '0' && out_text[strlen("breakshot ")] <= '9');
	}
	CHECK_EQ_INT(run("help dance"), 2);
	CHECK_CONTAINS(err_text, "unknown command 'dance'");
}

// A 9-ball break that names no physics runs as the shipped pool break
// does, event for event and silently; a stick's strike under named ideal
// physics runs, but says on one line of stderr that it is surely not meant.
static void a_pool_table_defaults_to_pool_physics(void) {
	char path[512];
	work_path("keep-unnamed.json", path, sizeof path);
	CHECK(write_file(path, "{\"table\": {\"preset\": \"9ft\"}, \"rack\": {\"game\": \"9-ball\", \"seed\": 1},\n"
						   " \"cue\": {\"stick_speed\": 6.5, \"angle_deg\": 0.0, \"tip\": [0.0, -0.1]}}\n"));
	CHECK_EQ_INT(run("run keep-unnamed.json --trace keep-unnamed.csv"), 0);
	CHECK_EQ_STR(err_text, "");
	CHECK_CONTAINS(out_text, "slide_roll");
	CHECK_CONTAINS(out_text, "balls on table  10 of 10");
	char shipped[512];
	snprintf(shipped, sizeof shipped, "run '%s/scenes/9ball_break.json' --trace keep-shipped.csv", source_root());
	CHECK_EQ_INT(run(shipped), 0);
	char unnamed_trace[512], shipped_trace[512];
	work_path("keep-unnamed.csv", unnamed_trace, sizeof unnamed_trace);
	work_path("keep-shipped.csv", shipped_trace, sizeof shipped_trace);
	size_t unnamed_size = 0, shipped_size = 0;
	char* unnamed = read_file(unnamed_trace, &unnamed_size);
	char* shipped_text = read_file(shipped_trace, &shipped_size);
	CHECK(unnamed && shipped_text && unnamed_size == shipped_size && memcmp(unnamed, shipped_text, unnamed_size) == 0);
	free(unnamed);
	free(shipped_text);

	work_path("keep-stick-ideal.json", path, sizeof path);
	CHECK(write_file(path, "{\"table\": {\"preset\": \"9ft\"}, \"physics\": \"ideal\",\n"
						   " \"rack\": {\"game\": \"9-ball\", \"seed\": 1},\n"
						   " \"cue\": {\"stick_speed\": 6.5, \"angle_deg\": 0.0}}\n"));
	CHECK_EQ_INT(run("run keep-stick-ideal.json --events 10 --out keep-stick-ideal.out.json"), 0);
	CHECK_EQ_INT(count_lines(err_text), 1);
	CHECK_STARTS_WITH(err_text, "breakshot: warning: keep-stick-ideal.json: cue.stick_speed: ideal physics keeps only");
	CHECK_CONTAINS(out_text, "events          10 (ball ");
	CHECK(work_file_exists("keep-stick-ideal.out.json"));
	// The state it saved names its physics, and loads without the warning.
	CHECK_EQ_INT(run("run keep-stick-ideal.out.json --events 10"), 0);
	CHECK_EQ_STR(err_text, "");
}

int main(void) {
	if (!getenv("BREAKSHOT") || !getenv("BREAKSHOT_SOURCE_ROOT")) {
		fprintf(stderr, "set BREAKSHOT and BREAKSHOT_SOURCE_ROOT (meson test does)\n");
		return 1;
	}
	if (!make_temp_dir("cli", work_dir, sizeof work_dir)) {
		return 1;
	}
	RUN(runs_the_demo_with_a_summary);
	RUN(refuses_bad_input_with_status_2);
	RUN(outputs_are_all_or_none);
	RUN(paths_naming_one_file_are_refused);
	RUN_FULL(a_run_without_a_limit_stops_at_the_default); // 10^7 events and 10^7 frames
	RUN(a_run_with_a_limit_says_nothing_of_the_default);
	RUN(trace_has_the_documented_format);
	RUN(saved_state_continues_exactly);
	RUN(help_and_version_answer_with_status_0);
	RUN(a_pool_table_defaults_to_pool_physics);
	if (!remove_tree(work_dir)) {
		fprintf(stderr, "could not remove %s\n", work_dir);
	}
	return check_summary();
}
