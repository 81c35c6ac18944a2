// breakshot: a scene's text before it is parsed: its bytes, held without a
// copy where the file allows it, and its top-level "balls" array found by a
// scan that builds nothing, so that a load holds one ball's JSON tree at a
// time and refuses an array over the ball limit before reading any of it.
// jansson still parses every byte; the scan only tells the array's
// elements apart.
#ifndef BREAKSHOT_SETUP_SCENE_TEXT_H
#define BREAKSHOT_SETUP_SCENE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/// The largest scene a load reads (bytes): 1 kB a ball at the ball limit,
/// room for a saved state of BS_MAX_BALLS pool balls with their anchors.
#define BS_SCENE_MAX_BYTES ((size_t)10000000000u)

/// A scene file's bytes: mapped from a regular file, or read from a pipe.
typedef struct bs_scene_bytes {
	const char* text; ///< `size` bytes (not NUL-terminated)
	size_t size;
	void* mapping;    ///< the mapping to unmap, or NULL
	char* buffer;     ///< the buffer to free, or NULL
} bs_scene_bytes;

/// Opens and holds the file at `path`. Returns false, writing one line
/// (no file name, no newline) into `why`, when it is a directory, not a
/// regular file or a pipe, over BS_SCENE_MAX_BYTES, or cannot be read.
bool bs_scene_bytes_open(const char* path, bs_scene_bytes* dest, char* why, size_t why_size);

/// Lets go of what bs_scene_bytes_open held.
void bs_scene_bytes_close(bs_scene_bytes* bytes);

/// Where a scene text's top-level "balls" array lies.
typedef struct bs_balls_span {
	size_t begin; ///< offset of its '['
	size_t end;   ///< offset one past its ']'
	size_t count; ///< its elements
} bs_balls_span;

/// Finds the top-level "balls" member of `text`, an array of objects, and
/// counts its elements. False when there is none, or when the text is not
/// an object whose members and elements can be told apart by their
/// brackets, strings and commas alone, or an element is not an object: the
/// caller then parses the text whole, and jansson says what is wrong with
/// it.
bool bs_scene_text_find_balls(const char* text, size_t size, bs_balls_span* dest);

/// The element of `span` that starts at or after *at (span->begin + 1 for
/// the first): its bytes [*begin, *end), with *at moved past it. False
/// after the last.
bool bs_scene_text_next_ball(const char* text, const bs_balls_span* span, size_t* at, size_t* begin, size_t* end);

/// The line and column of byte `offset` of `text`, counted as jansson
/// counts them in its messages: lines from 1, columns in characters
/// (UTF-8 lead bytes) from 0 at each line's start.
void bs_scene_text_place(const char* text, size_t offset, int* line, int* column);

typedef struct bs_scene bs_scene;

/// bs_scene_create_text with the text parsed whole into one JSON tree, as
/// every scene was read before the scan: the reference the tests and the
/// fuzzing hold the ball-by-ball load to (the same scene, or the same
/// message).
bs_scene* bs_scene_create_text_whole(const char* text, const char* name, char* error, size_t error_size);

#endif
