// breakshot fuzzing: a failed requirement prints what was compared and
// aborts, which libFuzzer (or the corpus replay) reports as a crash with its
// input.
#ifndef BREAKSHOT_FUZZ_REQUIRE_H
#define BREAKSHOT_FUZZ_REQUIRE_H

#include <stdio.h>
#include <stdlib.h>

#define FUZZ_REQUIRE(cond, ...)                                                                                        \
	do {                                                                                                               \
		if (!(cond)) {                                                                                                 \
			fprintf(stderr, "fuzz: %s:%d: %s: ", __FILE__, __LINE__, #cond);                                          \
			fprintf(stderr, __VA_ARGS__);                                                                              \
			fputc('\n', stderr);                                                                                       \
			abort();                                                                                                   \
		}                                                                                                              \
	} while (0)

#endif
