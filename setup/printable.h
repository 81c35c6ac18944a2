// breakshot: messages that quote what a file holds stay one line.
#ifndef BREAKSHOT_PRINTABLE_H
#define BREAKSHOT_PRINTABLE_H

#include <stddef.h>
#include <stdio.h>

/// Copies a message into `dest` (`size` bytes), writing each control
/// character as \xNN: keys, strings and text near a syntax error are quoted
/// from the file, and the message must stay one line.
static inline void bs_copy_printable(char* dest, size_t size, const char* text) {
	size_t at = 0;
	for (; *text && at + 1 < size; ++text) {
		unsigned char c = (unsigned char)*text;
		if (c < 0x20 || c == 0x7f) {
			if (at + 5 >= size) {
				break;
			}
			snprintf(dest + at, size - at, "\\x%02x", c);
			at += 4;
		} else {
			dest[at++] = (char)c;
		}
	}
	if (size > 0) {
		dest[at < size ? at : size - 1] = '\0';
	}
}

#endif
