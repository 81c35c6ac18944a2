#include "output_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char* copy_string(const char* text) {
	size_t n = strlen(text) + 1;
	char* copy = malloc(n);
	if (copy) {
		memcpy(copy, text, n);
	}
	return copy;
}

static void release(bs_output_file* out) {
	free(out->path);
	free(out->temp_path);
	out->path = NULL;
	out->temp_path = NULL;
	out->stream = NULL;
}

bool bs_output_open(bs_output_file* out, const char* path) {
	memset(out, 0, sizeof *out);
	out->path = copy_string(path);
	size_t n = strlen(path) + sizeof ".tmp-XXXXXX";
	out->temp_path = malloc(n);
	if (!out->path || !out->temp_path) {
		release(out);
		fprintf(stderr, "breakshot: %s: out of memory\n", path);
		return false;
	}
	snprintf(out->temp_path, n, "%s.tmp-XXXXXX", path);
	int fd = mkstemp(out->temp_path);
	if (fd < 0) {
		fprintf(stderr, "breakshot: %s: cannot write: %s\n", path, strerror(errno));
		release(out);
		return false;
	}
	out->stream = fdopen(fd, "w");
	if (!out->stream) {
		fprintf(stderr, "breakshot: %s: cannot write: %s\n", path, strerror(errno));
		close(fd);
		unlink(out->temp_path);
		release(out);
		return false;
	}
	return true;
}

bool bs_output_commit(bs_output_file* out) {
	bool ok = fflush(out->stream) == 0 && !ferror(out->stream);
	ok = (fclose(out->stream) == 0) && ok;
	out->stream = NULL;
	if (ok && rename(out->temp_path, out->path) != 0) {
		ok = false;
	}
	if (!ok) {
		fprintf(stderr, "breakshot: %s: write failed: %s\n", out->path, strerror(errno));
		unlink(out->temp_path);
	}
	release(out);
	return ok;
}

void bs_output_abort(bs_output_file* out) {
	if (out->stream) {
		fclose(out->stream);
		unlink(out->temp_path);
	}
	release(out);
}

bool bs_output_write_all(const char* path, const void* data, size_t size) {
	bs_output_file out;
	if (!bs_output_open(&out, path)) {
		return false;
	}
	if (fwrite(data, 1, size, out.stream) != size) {
		bs_output_abort(&out);
		fprintf(stderr, "breakshot: %s: write failed\n", path);
		return false;
	}
	return bs_output_commit(&out);
}
