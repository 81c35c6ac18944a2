// dl_iterate_phdr and RTLD_NODELETE are GNU extensions.
#define _GNU_SOURCE

#include "keep_libraries.h"

#include <dlfcn.h>
#include <link.h>

/// More than a GL process loads (about 80 with Mesa).
#define MAX_LIBRARIES 1024

typedef struct library_list {
	const char* names[MAX_LIBRARIES];
	int count;
} library_list;

static int collect(struct dl_phdr_info* info, size_t size, void* data) {
	library_list* list = data;
	if (info->dlpi_name && info->dlpi_name[0] && list->count < MAX_LIBRARIES) {
		list->names[list->count++] = info->dlpi_name;
	}
	return 0;
}

void bs_keep_libraries_loaded(void) {
	// Collected first: dlopen inside the iteration would take the loader's locks again.
	static library_list list;
	list.count = 0;
	dl_iterate_phdr(collect, &list);
	for (int i = 0; i < list.count; ++i) {
		// NOLOAD: only flags a library already there; the dlclose drops our reference, not the flag.
		void* handle = dlopen(list.names[i], RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
		if (handle) {
			dlclose(handle);
		}
	}
}
