// breakshot: what marks a function as part of the library's interface.
#ifndef BREAKSHOT_API_H
#define BREAKSHOT_API_H

/// Marks a function that the shared library exports. The library is built
/// with hidden visibility, so that only the API in include/breakshot/ is
/// exported and the engine's internals stay free to change.
#if defined(__GNUC__)
#define BS_API __attribute__((visibility("default")))
#else
#define BS_API
#endif

#endif
