// breakshot: a minimal test harness. Each test file defines test functions,
// lists them in main with RUN(name), and ends with `return check_summary();`,
// which prints "N passed, N failed" (test functions, not checks) and returns
// non-zero on any failure.
//
// A failed check prints its file and line, the expression and, for the
// comparing checks, both values. Every failure counts, but only the first
// CHECK_SHOWN_PER_TEST of one test function are printed (a check in a loop
// of 10^5 iterations would otherwise print 10^5 lines); RUN then says how
// many more there were.
#ifndef BREAKSHOT_CHECK_H
#define BREAKSHOT_CHECK_H

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CHECK_SHOWN_PER_TEST = 20 };

static int check_failures_in_test __attribute__((unused));
static int check_tests_passed;
static int check_tests_failed;

/// Counts a failure and prints "  file:line: message" unless this test has
/// already printed its share.
__attribute__((format(printf, 3, 4))) static inline void check_fail_at(const char* file, int line, const char* format,
	...) {
	check_failures_in_test += 1;
	if (check_failures_in_test > CHECK_SHOWN_PER_TEST) {
		return;
	}
	fprintf(stderr, "  %s:%d: ", file, line);
	va_list args;
	va_start(args, format);
	vfprintf(stderr, format, args);
	va_end(args);
	fputc('\n', stderr);
}

/// A failure described by a printf-style message, for conditions a test
/// works out itself (the event where two runs part, say).
#define CHECK_FAIL(...) check_fail_at(__FILE__, __LINE__, __VA_ARGS__)

#define CHECK(cond)                                                                                                    \
	do {                                                                                                               \
		if (!(cond)) {                                                                                                 \
			CHECK_FAIL("CHECK(%s) failed", #cond);                                                                     \
		}                                                                                                              \
	} while (0)

/// actual == expected as integers (any integer type up to long long, enums
/// and bools; both are converted to long long).
#define CHECK_EQ_INT(actual, expected)                                                                                 \
	do {                                                                                                               \
		long long check_a_ = (long long)(actual), check_e_ = (long long)(expected);                                    \
		if (check_a_ != check_e_) {                                                                                    \
			CHECK_FAIL("CHECK_EQ_INT(%s, %s) failed: %lld != %lld", #actual, #expected, check_a_, check_e_);           \
		}                                                                                                              \
	} while (0)

/// actual == expected exactly, as doubles (so 0.0 equals -0.0 and NaN equals
/// nothing, as with ==).
#define CHECK_EQ_DBL(actual, expected)                                                                                 \
	do {                                                                                                               \
		double check_a_ = (actual), check_e_ = (expected);                                                             \
		if (!(check_a_ == check_e_)) {                                                                                 \
			CHECK_FAIL("CHECK_EQ_DBL(%s, %s) failed: %.17g != %.17g", #actual, #expected, check_a_, check_e_);         \
		}                                                                                                              \
	} while (0)

/// The same bits: unlike CHECK_EQ_DBL, 0.0 and -0.0 differ and a NaN can
/// match itself.
#define CHECK_SAME_BITS(actual, expected)                                                                              \
	do {                                                                                                               \
		double check_a_ = (actual), check_e_ = (expected);                                                             \
		if (memcmp(&check_a_, &check_e_, sizeof check_a_) != 0) {                                                      \
			CHECK_FAIL("CHECK_SAME_BITS(%s, %s) failed: %a != %a", #actual, #expected, check_a_, check_e_);            \
		}                                                                                                              \
	} while (0)

/// |actual - expected| <= tol (absolute).
#define CHECK_NEAR(actual, expected, tol)                                                                              \
	do {                                                                                                               \
		double check_a_ = (actual), check_e_ = (expected), check_t_ = (tol);                                           \
		if (!(fabs(check_a_ - check_e_) <= check_t_)) {                                                                \
			CHECK_FAIL("%s = %.17g, expected %.17g within %.3g", #actual, check_a_, check_e_, check_t_);               \
		}                                                                                                              \
	} while (0)

/// |actual - expected| <= rel * max(|expected|, tiny) (relative).
#define CHECK_REL(actual, expected, rel)                                                                               \
	do {                                                                                                               \
		double check_a_ = (actual), check_e_ = (expected), check_r_ = (rel);                                           \
		double check_s_ = fabs(check_e_) > 1e-300 ? fabs(check_e_) : 1e-300;                                           \
		if (!(fabs(check_a_ - check_e_) <= check_r_ * check_s_)) {                                                     \
			CHECK_FAIL("%s = %.17g, expected %.17g within %.3g relative (off by %.3g)", #actual, check_a_, check_e_,   \
				check_r_, fabs(check_a_ - check_e_) / check_s_);                                                       \
		}                                                                                                              \
	} while (0)

// Long texts are shown in part: up to this many characters of each.
enum { CHECK_TEXT_SHOWN = 2000 };

/// The string `haystack` contains `needle`.
#define CHECK_CONTAINS(haystack, needle)                                                                               \
	do {                                                                                                               \
		const char* check_h_ = (haystack);                                                                             \
		const char* check_n_ = (needle);                                                                               \
		if (!check_h_ || !strstr(check_h_, check_n_)) {                                                                \
			CHECK_FAIL("\"%.*s\"%s does not contain \"%s\"", (int)CHECK_TEXT_SHOWN, check_h_ ? check_h_ : "(null)",    \
				check_h_ && strlen(check_h_) > CHECK_TEXT_SHOWN ? "..." : "", check_n_);                               \
		}                                                                                                              \
	} while (0)

/// The string `text` begins with `prefix`.
#define CHECK_STARTS_WITH(text, prefix)                                                                                \
	do {                                                                                                               \
		const char* check_h_ = (text);                                                                                 \
		const char* check_n_ = (prefix);                                                                               \
		if (!check_h_ || strncmp(check_h_, check_n_, strlen(check_n_)) != 0) {                                         \
			CHECK_FAIL("CHECK_STARTS_WITH(%s, %s) failed: \"%.*s\"%s", #text, #prefix, (int)CHECK_TEXT_SHOWN,          \
				check_h_ ? check_h_ : "(null)", check_h_ && strlen(check_h_) > CHECK_TEXT_SHOWN ? "..." : "");         \
		}                                                                                                              \
	} while (0)

/// Reports strings that differ: short ones whole, long ones around the first
/// difference.
static inline void check_eq_str_at(const char* file, int line, const char* actual_text, const char* expected_text,
	const char* a, const char* e) {
	if (a && e && strcmp(a, e) == 0) {
		return;
	}
	if (!a || !e || (strlen(a) <= 200 && strlen(e) <= 200)) {
		check_fail_at(file, line, "CHECK_EQ_STR(%s, %s) failed: \"%s\" != \"%s\"", actual_text, expected_text,
			a ? a : "(null)", e ? e : "(null)");
		return;
	}
	size_t at = 0;
	while (a[at] && a[at] == e[at]) {
		at += 1;
	}
	size_t from = at > 40 ? at - 40 : 0;
	check_fail_at(file, line,
		"CHECK_EQ_STR(%s, %s) failed: they differ at character %zu (lengths %zu and %zu): \"...%.80s\" != "
		"\"...%.80s\"",
		actual_text, expected_text, at, strlen(a), strlen(e), a + from, e + from);
}

/// Equal strings (NULL equals nothing).
#define CHECK_EQ_STR(actual, expected) check_eq_str_at(__FILE__, __LINE__, #actual, #expected, (actual), (expected))

#define RUN(test)                                                                                                      \
	do {                                                                                                               \
		check_failures_in_test = 0;                                                                                    \
		test();                                                                                                        \
		if (check_failures_in_test > CHECK_SHOWN_PER_TEST) {                                                           \
			fprintf(stderr, "  ... %d more failures not shown\n", check_failures_in_test - CHECK_SHOWN_PER_TEST);      \
		}                                                                                                              \
		if (check_failures_in_test == 0) {                                                                             \
			check_tests_passed += 1;                                                                                   \
			printf("ok   %s\n", #test);                                                                                \
		} else {                                                                                                       \
			check_tests_failed += 1;                                                                                   \
			printf("FAIL %s\n", #test);                                                                                \
		}                                                                                                              \
		fflush(stdout);                                                                                                \
	} while (0)

// Tiers. tests/meson.build registers a program whose full workload takes
// minutes under validation twice: in the `slow` suite as it is, and in the
// `fast` suite with BREAKSHOT_TEST_TIER=fast, where it checks the same
// claims on smaller worlds or fewer runs (CHECK_SCALED) and leaves out the
// test functions that cannot be made small (RUN_FULL). tests/README.md
// lists what each program scales.

/// Whether this run is the fast tier (BREAKSHOT_TEST_TIER=fast).
static inline bool check_tier_fast(void) {
	const char* tier = getenv("BREAKSHOT_TEST_TIER");
	return tier && strcmp(tier, "fast") == 0;
}

/// `full` in the full tier, `fast` in the fast one: a count of runs, events
/// or balls.
static inline int check_scaled(int full, int fast) {
	return check_tier_fast() ? fast : full;
}

/// RUN in the full tier; in the fast tier the test is left out, and says so
/// (it is neither passed nor failed).
#define RUN_FULL(test)                                                                                                 \
	do {                                                                                                               \
		if (check_tier_fast()) {                                                                                       \
			printf("skip %s (the full tier only)\n", #test);                                                           \
			fflush(stdout);                                                                                            \
		} else {                                                                                                       \
			RUN(test);                                                                                                 \
		}                                                                                                              \
	} while (0)

static inline int check_summary(void) {
	printf("%d passed, %d failed\n", check_tests_passed, check_tests_failed);
	return check_tests_failed == 0 ? 0 : 1;
}

#endif
