// breakshot fuzzing without libFuzzer: replays inputs through a harness's
// LLVMFuzzerTestOneInput. Each argument is a file or a directory of files
// (the saved corpus). Built with any compiler, so that the corpus runs as a
// regression test in every configuration; a violation aborts, naming the
// input just before.
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

static int compare_names(const void* a, const void* b) {
	return strcmp(*(const char* const*)a, *(const char* const*)b);
}

// Runs one file; false when it cannot be read.
static bool replay_file(const char* path) {
	FILE* file = fopen(path, "rb");
	if (!file) {
		fprintf(stderr, "fuzz_replay: %s: cannot open\n", path);
		return false;
	}
	size_t capacity = 4096, size = 0;
	uint8_t* data = malloc(capacity);
	size_t got;
	while (data && (got = fread(data + size, 1, capacity - size, file)) > 0) {
		size += got;
		if (size == capacity) {
			capacity *= 2;
			uint8_t* grown = realloc(data, capacity);
			if (!grown) {
				free(data);
			}
			data = grown;
		}
	}
	bool ok = data != NULL && !ferror(file);
	fclose(file);
	if (!ok) {
		fprintf(stderr, "fuzz_replay: %s: cannot read\n", path);
		free(data);
		return false;
	}
	fprintf(stderr, "fuzz_replay: %s\n", path);
	LLVMFuzzerTestOneInput(data, size);
	free(data);
	return true;
}

// Runs every regular file of a directory, in name order (a fixed order, so
// that a failure reproduces as it was seen). Returns how many, or -1.
static int replay_directory(const char* path) {
	DIR* dir = opendir(path);
	if (!dir) {
		fprintf(stderr, "fuzz_replay: %s: cannot open the directory\n", path);
		return -1;
	}
	char** names = NULL;
	int count = 0, capacity = 0;
	struct dirent* entry;
	bool ok = true;
	while (ok && (entry = readdir(dir)) != NULL) {
		if (entry->d_name[0] == '.') {
			continue;
		}
		if (count == capacity) {
			capacity = capacity ? 2 * capacity : 64;
			char** grown = realloc(names, (size_t)capacity * sizeof *names);
			ok = grown != NULL;
			names = ok ? grown : names;
		}
		size_t length = strlen(path) + strlen(entry->d_name) + 2;
		char* full = ok ? malloc(length) : NULL;
		ok = full != NULL;
		if (ok) {
			snprintf(full, length, "%s/%s", path, entry->d_name);
			names[count++] = full;
		}
	}
	closedir(dir);
	if (names) {
		qsort(names, (size_t)count, sizeof *names, compare_names);
	}
	int replayed = 0;
	for (int i = 0; i < count; ++i) {
		struct stat info;
		if (ok && stat(names[i], &info) == 0 && S_ISREG(info.st_mode)) {
			ok = replay_file(names[i]);
			replayed += 1;
		}
		free(names[i]);
	}
	free(names);
	return ok ? replayed : -1;
}

int main(int argc, char** argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE_OR_DIRECTORY...\n", argv[0]);
		return 2;
	}
	int total = 0;
	for (int i = 1; i < argc; ++i) {
		struct stat info;
		if (stat(argv[i], &info) != 0) {
			fprintf(stderr, "fuzz_replay: %s: no such file or directory\n", argv[i]);
			return 1;
		}
		int replayed = S_ISDIR(info.st_mode) ? replay_directory(argv[i]) : (replay_file(argv[i]) ? 1 : -1);
		if (replayed < 0) {
			return 1;
		}
		total += replayed;
	}
	if (total == 0) {
		fprintf(stderr, "fuzz_replay: no inputs\n");
		return 1;
	}
	printf("%d inputs replayed, 0 failed\n", total);
	return 0;
}
