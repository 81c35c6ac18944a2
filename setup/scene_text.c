// breakshot: a scene's text before it is parsed (scene_text.h).
#include "scene_text.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alloc.h"

// ---------------------------------------------------------------------------
// The bytes

static bool say(char* why, size_t why_size, const char* reason) {
	snprintf(why, why_size, "%s", reason);
	return false;
}

// Reads a pipe to its end, refusing it past BS_SCENE_MAX_BYTES.
static bool read_stream(int fd, bs_scene_bytes* dest, char* why, size_t why_size) {
	size_t capacity = 1 << 16;
	size_t size = 0;
	char* buffer = bs_malloc(capacity);
	if (!buffer) {
		return say(why, why_size, "out of memory reading the scene");
	}
	for (;;) {
		if (size == capacity) {
			if (capacity > BS_SCENE_MAX_BYTES) {
				bs_free(buffer);
				snprintf(why, why_size, "the scene is over %zu bytes (BS_SCENE_MAX_BYTES)", BS_SCENE_MAX_BYTES);
				return false;
			}
			char* grown = bs_realloc(buffer, capacity * 2);
			if (!grown) {
				bs_free(buffer);
				return say(why, why_size, "out of memory reading the scene");
			}
			buffer = grown;
			capacity *= 2;
		}
		ssize_t got = read(fd, buffer + size, capacity - size);
		if (got < 0 && errno == EINTR) {
			continue;
		}
		if (got < 0) {
			bs_free(buffer);
			snprintf(why, why_size, "cannot read: %s", strerror(errno));
			return false;
		}
		if (got == 0) {
			break;
		}
		size += (size_t)got;
	}
	if (size > BS_SCENE_MAX_BYTES) {
		bs_free(buffer);
		snprintf(why, why_size, "the scene is over %zu bytes (BS_SCENE_MAX_BYTES)", BS_SCENE_MAX_BYTES);
		return false;
	}
	dest->text = buffer;
	dest->size = size;
	dest->buffer = buffer;
	return true;
}

bool bs_scene_bytes_open(const char* path, bs_scene_bytes* dest, char* why, size_t why_size) {
	memset(dest, 0, sizeof *dest);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, why_size, "cannot read: %s", strerror(errno));
		return false;
	}
	struct stat info;
	bool ok = false;
	if (fstat(fd, &info) != 0) {
		snprintf(why, why_size, "cannot read: %s", strerror(errno));
	} else if (S_ISDIR(info.st_mode)) {
		say(why, why_size, "cannot read: is a directory, not a scene file");
	} else if (S_ISFIFO(info.st_mode) || S_ISSOCK(info.st_mode)) {
		ok = read_stream(fd, dest, why, why_size);
	} else if (!S_ISREG(info.st_mode)) {
		say(why, why_size, "cannot read: not a regular file or a pipe (a device?)");
	} else if ((uint64_t)info.st_size > BS_SCENE_MAX_BYTES) {
		snprintf(why, why_size, "the scene is %lld bytes, over %zu (BS_SCENE_MAX_BYTES)", (long long)info.st_size,
			BS_SCENE_MAX_BYTES);
	} else if (info.st_size == 0) {
		static const char empty[1] = "";
		dest->text = empty;
		ok = true;
	} else {
		// Mapped, not copied: the pages are the file's own, which the
		// system may drop and read again, so a load's own memory is its
		// JSON trees and balls.
		void* mapping = mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (mapping == MAP_FAILED && errno == ENOMEM) {
			say(why, why_size, "out of memory reading the scene");
		} else if (mapping == MAP_FAILED) {
			snprintf(why, why_size, "cannot read: %s", strerror(errno));
		} else {
			posix_madvise(mapping, (size_t)info.st_size, POSIX_MADV_SEQUENTIAL);
			dest->mapping = mapping;
			dest->text = mapping;
			dest->size = (size_t)info.st_size;
			ok = true;
		}
	}
	close(fd);
	return ok;
}

void bs_scene_bytes_close(bs_scene_bytes* bytes) {
	if (bytes->mapping) {
		munmap(bytes->mapping, bytes->size);
	}
	bs_free(bytes->buffer);
	memset(bytes, 0, sizeof *bytes);
}

// ---------------------------------------------------------------------------
// The scan: brackets, strings and commas, nothing else. Whatever it cannot
// tell apart it gives up on (SIZE_MAX, false), and jansson reads the text
// whole and says what is wrong.

static bool is_space(char c) {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static size_t skip_space(const char* text, size_t size, size_t at) {
	while (at < size && is_space(text[at])) {
		++at;
	}
	return at;
}

// Past the string that opens at `at` (a '"'), or SIZE_MAX when it does not
// end.
static size_t skip_string(const char* text, size_t size, size_t at) {
	for (++at; at < size; ++at) {
		if (text[at] == '\\') {
			++at;
		} else if (text[at] == '"') {
			return at + 1;
		}
	}
	return SIZE_MAX;
}

// Deeper nests are left to jansson, which refuses them past 2048.
enum { MOST_DEPTH = 2048 };

// Past the value that starts at `at`: a string, a nest of brackets (each
// closed by its own kind), or a bare word up to the next comma, bracket,
// quote, colon or space. SIZE_MAX when it does not end, or is empty.
static size_t skip_value(const char* text, size_t size, size_t at) {
	if (at >= size) {
		return SIZE_MAX;
	}
	char c = text[at];
	if (c == '"') {
		return skip_string(text, size, at);
	}
	if (c == '{' || c == '[') {
		char closing[MOST_DEPTH];
		size_t depth = 0;
		while (at < size) {
			c = text[at];
			if (c == '"') {
				at = skip_string(text, size, at);
				if (at == SIZE_MAX) {
					return SIZE_MAX;
				}
				continue;
			}
			if (c == '{' || c == '[') {
				if (depth == MOST_DEPTH) {
					return SIZE_MAX;
				}
				closing[depth++] = c == '{' ? '}' : ']';
			} else if (c == '}' || c == ']') {
				if (c != closing[--depth]) {
					return SIZE_MAX;
				}
				if (depth == 0) {
					return at + 1;
				}
			}
			++at;
		}
		return SIZE_MAX;
	}
	size_t start = at;
	while (at < size && !is_space(text[at]) && text[at] != ',' && text[at] != '}' && text[at] != ']' &&
		text[at] != '{' && text[at] != '[' && text[at] != '"' && text[at] != ':') {
		++at;
	}
	return at > start ? at : SIZE_MAX;
}

bool bs_scene_text_find_balls(const char* text, size_t size, bs_balls_span* dest) {
	size_t at = skip_space(text, size, 0);
	if (at >= size || text[at] != '{') {
		return false;
	}
	at = skip_space(text, size, at + 1);
	bool found = false;
	while (at < size && text[at] != '}') {
		if (text[at] != '"') {
			return false;
		}
		size_t key = at;
		at = skip_string(text, size, at);
		if (at == SIZE_MAX) {
			return false;
		}
		bool balls = at - key == 7 && memcmp(text + key, "\"balls\"", 7) == 0;
		at = skip_space(text, size, at);
		if (at >= size || text[at] != ':') {
			return false;
		}
		at = skip_space(text, size, at + 1);
		size_t value = at;
		at = skip_value(text, size, at);
		if (at == SIZE_MAX) {
			return false;
		}
		if (balls && !found && text[value] == '[') {
			found = true;
			dest->begin = value;
			dest->end = at;
		}
		at = skip_space(text, size, at);
		if (at < size && text[at] == ',') {
			at = skip_space(text, size, at + 1);
			if (at < size && text[at] == '}') {
				return false; // a trailing comma: jansson says so
			}
		} else if (at >= size || text[at] != '}') {
			return false;
		}
	}
	if (at >= size || !found) {
		return false;
	}
	// Nothing but space may follow the object, as jansson requires.
	if (skip_space(text, size, at + 1) != size) {
		return false;
	}
	size_t count = 0;
	size_t cursor = dest->begin + 1;
	size_t begin;
	size_t end;
	while (bs_scene_text_next_ball(text, dest, &cursor, &begin, &end)) {
		++count;
	}
	if (cursor == SIZE_MAX) {
		return false;
	}
	dest->count = count;
	return true;
}

bool bs_scene_text_next_ball(const char* text, const bs_balls_span* span, size_t* at, size_t* begin, size_t* end) {
	size_t last = span->end - 1; // the closing ']'
	if (*at == SIZE_MAX || *at >= last) {
		return false;
	}
	bool first = *at == span->begin + 1;
	size_t cursor = skip_space(text, last, *at);
	if (cursor >= last) {
		*at = last; // the end: of an empty array, or after an element
		return false;
	}
	if (!first) {
		// Every element but the first follows a comma, and one follows it.
		cursor = text[cursor] == ',' ? skip_space(text, last, cursor + 1) : SIZE_MAX;
		if (cursor >= last) {
			*at = SIZE_MAX;
			return false;
		}
	}
	// Only an object is parsed alone: jansson reads it as it would in the
	// array. A bare word parsed alone would be read differently (what
	// follows its token ends the text, not the array), and no ball is one.
	size_t after = text[cursor] == '{' ? skip_value(text, last, cursor) : SIZE_MAX;
	if (after == SIZE_MAX) {
		*at = SIZE_MAX;
		return false;
	}
	*begin = cursor;
	*end = after;
	*at = after;
	return true;
}

void bs_scene_text_place(const char* text, size_t offset, int* line, int* column) {
	int l = 1;
	int c = 0;
	for (size_t i = 0; i < offset; ++i) {
		unsigned char byte = (unsigned char)text[i];
		if (byte == '\n') {
			++l;
			c = 0;
		} else if (byte < 0x80 || (byte >= 0xc2 && byte <= 0xf4)) {
			++c; // a character's first byte, as jansson counts columns
		}
	}
	*line = l;
	*column = c;
}
