// End-to-end tests of `breakshot run`: the summary, bad input (exit status
// 2, one message, no output file), the trace format, determinism, and
// continuing a saved state.
#include <dirent.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

static const char* breakshot;
static const char* source_root;
static char work_dir[256];
static char out_text[65536];
static char err_text[8192];

static char* read_file(const char* path, size_t* size) {
	FILE* f = fopen(path, "rb");
	if (!f) {
		return NULL;
	}
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char* data = malloc((size_t)n + 1);
	size_t got = fread(data, 1, (size_t)n, f);
	data[got] = '\0';
	fclose(f);
	if (size) {
		*size = got;
	}
	return data;
}

static void write_file(const char* path, const char* text) {
	FILE* f = fopen(path, "wb");
	fputs(text, f);
	fclose(f);
}

// Runs `breakshot ARGS` (ARGS is a shell fragment) in the work dir; returns
// the exit status and keeps stdout and stderr.
static int run(const char* args) {
	char command[2048];
	snprintf(command, sizeof command, "cd '%s' && '%s' %s >stdout.txt 2>stderr.txt", work_dir, breakshot, args);
	int status = system(command);
	char path[512];
	snprintf(path, sizeof path, "%s/stdout.txt", work_dir);
	char* out = read_file(path, NULL);
	snprintf(out_text, sizeof out_text, "%s", out ? out : "");
	free(out);
	snprintf(path, sizeof path, "%s/stderr.txt", work_dir);
	char* err = read_file(path, NULL);
	snprintf(err_text, sizeof err_text, "%s", err ? err : "");
	free(err);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int count_lines(const char* text) {
	int n = 0;
	for (; *text; ++text) {
		n += *text == '\n';
	}
	return n;
}

// Files in the work dir other than the captured output.
static int stray_files(void) {
	DIR* dir = opendir(work_dir);
	int n = 0;
	struct dirent* entry;
	while ((entry = readdir(dir))) {
		const char* name = entry->d_name;
		if (strcmp(name, ".") && strcmp(name, "..") && strcmp(name, "stdout.txt") && strcmp(name, "stderr.txt") &&
			strncmp(name, "keep-", 5)) {
			n += 1;
		}
	}
	closedir(dir);
	return n;
}

static void runs_the_demo_with_a_summary(void) {
	char args[512];
	snprintf(args, sizeof args, "run '%s/scenes/demo.json' --events 500", source_root);
	CHECK(run(args) == 0);
	CHECK_CONTAINS(out_text, "events          500 (ball ");
	CHECK_CONTAINS(out_text, "simulated time");
	CHECK_CONTAINS(out_text, "kinetic energy  start 1.0286 J, end 1.0286 J");
	CHECK_CONTAINS(out_text, "events/s");
}

static void refuses_bad_input_with_status_2(void) {
	char path[512];
	snprintf(path, sizeof path, "%s/keep-bad.json", work_dir);
	write_file(path, "{\"table\": {\"size\": [2.54, 1.27]},\n \"balls\": [{\"id\": 0, \"pos\": [1, 1], \"radius\": -1}]}");
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
	};
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
		CHECK(run(cases[k][0]) == 2);
		CHECK_CONTAINS(err_text, cases[k][1]);
		CHECK(strncmp(err_text, "breakshot: ", 11) == 0);
		CHECK(stray_files() == 0); // nothing written, no temporary left behind
	}
	// A scene with a syntax error gives file:line:column, on one line.
	write_file(path, "{\"table\": {\"size\": [2.54, 1.27]},\n \"balls\": [}\n");
	CHECK(run("run keep-bad.json --trace t.csv") == 2);
	CHECK_CONTAINS(err_text, "breakshot: keep-bad.json:2:");
	CHECK(count_lines(err_text) == 1);
	CHECK(stray_files() == 0);
	char demo[512];
	snprintf(demo, sizeof demo, "run '%s/scenes/demo.json' --until -1 --out o.json", source_root);
	CHECK(run(demo) == 2);
	CHECK_CONTAINS(err_text, "is before the scene's time");
	CHECK(stray_files() == 0);
}

static void trace_has_the_documented_format(void) {
	char args[512];
	snprintf(args, sizeof args, "run '%s/scenes/demo.json' --events 200 --trace keep-a.csv", source_root);
	CHECK(run(args) == 0);
	char path[512];
	snprintf(path, sizeof path, "%s/keep-a.csv", work_dir);
	char* trace = read_file(path, NULL);
	CHECK(trace != NULL);
	if (!trace) {
		return;
	}
	CHECK(strncmp(trace, "event,time,kind,a,b,impulse,kinetic_energy,momentum_x,momentum_y\n0,0,start,-1,-1,0,1.0286,", 90) == 0);
	CHECK(count_lines(trace) == 202);
	// Every event row: kind ball has a < b; kind cushion has b in 0..3.
	char* line = strchr(trace, '\n') + 1;
	line = strchr(line, '\n') + 1;
	int rows = 0;
	while (*line) {
		long event;
		double time, impulse, energy, px, py;
		char kind[16];
		int a, b;
		int fields = sscanf(line, "%ld,%lf,%15[a-z],%d,%d,%lf,%lf,%lf,%lf", &event, &time, kind, &a, &b, &impulse,
			&energy, &px, &py);
		CHECK(fields == 9);
		CHECK(event == rows + 1);
		if (strcmp(kind, "ball") == 0) {
			CHECK(a < b);
		} else {
			CHECK(strcmp(kind, "cushion") == 0 && b >= 0 && b <= 3);
		}
		CHECK_REL(energy, 1.0286, 1e-13);
		rows += 1;
		line = strchr(line, '\n') + 1;
	}
	CHECK(rows == 200);
	// 17 significant digits: the momentum 0.41 is written as 0.41000000000000003.
	CHECK_CONTAINS(trace, ",0.41000000000000003,");
	// Determinism: the same run gives the same bytes.
	snprintf(args, sizeof args, "run '%s/scenes/demo.json' --events 200 --trace keep-b.csv", source_root);
	CHECK(run(args) == 0);
	snprintf(path, sizeof path, "%s/keep-b.csv", work_dir);
	char* again = read_file(path, NULL);
	CHECK(again && strcmp(trace, again) == 0);
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
	snprintf(args, sizeof args, "run '%s/scenes/demo.json' --events 600 --trace keep-whole.csv", source_root);
	CHECK(run(args) == 0);
	snprintf(args, sizeof args, "run '%s/scenes/demo.json' --until 40 --out keep-saved.json", source_root);
	CHECK(run(args) == 0);
	CHECK(run("run keep-saved.json --events 300 --trace keep-cont.csv") == 0);
	char path[512];
	snprintf(path, sizeof path, "%s/keep-whole.csv", work_dir);
	char* whole = read_file(path, NULL);
	snprintf(path, sizeof path, "%s/keep-cont.csv", work_dir);
	char* cont = read_file(path, NULL);
	CHECK(whole && cont);
	if (!whole || !cont) {
		return;
	}
	static char* a[700];
	static char* b[700];
	int na = event_rows(whole, a, 700), nb = event_rows(cont, b, 700);
	CHECK(nb == 300);
	int first = 0;
	while (first < na && strtod(a[first], NULL) <= 40.0) {
		first += 1;
	}
	CHECK(first + nb <= na);
	for (int k = 0; k < nb && first + k < na; ++k) {
		if (strcmp(a[first + k], b[k]) != 0) {
			fprintf(stderr, "  row %d differs:\n    %s\n    %s\n", k, a[first + k], b[k]);
			CHECK(false);
			break;
		}
	}
	free(whole);
	free(cont);
}

int main(void) {
	breakshot = getenv("BREAKSHOT");
	source_root = getenv("BREAKSHOT_SOURCE_ROOT");
	if (!breakshot || !source_root) {
		fprintf(stderr, "set BREAKSHOT and BREAKSHOT_SOURCE_ROOT (meson test does)\n");
		return 1;
	}
	snprintf(work_dir, sizeof work_dir, "/tmp/breakshot-cli-XXXXXX");
	if (!mkdtemp(work_dir)) {
		return 1;
	}
	RUN(runs_the_demo_with_a_summary);
	RUN(refuses_bad_input_with_status_2);
	RUN(trace_has_the_documented_format);
	RUN(saved_state_continues_exactly);
	char cleanup[512];
	snprintf(cleanup, sizeof cleanup, "rm -rf '%s'", work_dir);
	if (system(cleanup) != 0) {
		fprintf(stderr, "could not remove %s\n", work_dir);
	}
	return check_summary();
}
