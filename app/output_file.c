#include "output_file.h"

#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/// At most this many outputs open at once; a command writes four at most (play --stats).
#define MAX_OPEN_OUTPUTS 16

// The temporary files that exist right now, for the signal handler. Changed
// only with the cleanup signals blocked, so the handler never sees a slot
// half written.
static char* open_temps[MAX_OPEN_OUTPUTS];

static bool initialised;
static mode_t file_mode = 0644; ///< 0666 & ~umask, once initialised

static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define CLEANUP_SIGNAL_COUNT ((int)(sizeof cleanup_signals / sizeof cleanup_signals[0]))

static void cleanup_signal_set(sigset_t* set) {
	sigemptyset(set);
	for (int k = 0; k < CLEANUP_SIGNAL_COUNT; ++k) {
		sigaddset(set, cleanup_signals[k]);
	}
}

// Removes the temporary files, then dies of the signal as if we had not
// caught it, so the parent sees the real cause. unlink, sigaction and raise
// are async-signal-safe.
static void remove_temps_and_die(int signal_number) {
	for (int i = 0; i < MAX_OPEN_OUTPUTS; ++i) {
		if (open_temps[i]) {
			unlink(open_temps[i]);
		}
	}
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = SIG_DFL;
	sigemptyset(&action.sa_mask);
	sigaction(signal_number, &action, NULL);
	// Blocked while this handler runs: it lands, with the default action, on return.
	raise(signal_number);
}

void bs_output_prepare(void) {
	if (initialised) {
		return;
	}
	initialised = true;
	mode_t mask = umask(0);
	umask(mask);
	file_mode = 0666 & ~mask;
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = remove_temps_and_die;
	cleanup_signal_set(&action.sa_mask);
	for (int k = 0; k < CLEANUP_SIGNAL_COUNT; ++k) {
		struct sigaction old;
		// An ignored signal (SIGHUP under nohup) or someone else's handler stays as it is.
		if (sigaction(cleanup_signals[k], NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO) &&
			old.sa_handler == SIG_DFL) {
			sigaction(cleanup_signals[k], &action, NULL);
		}
	}
}

static void block_cleanup_signals(sigset_t* old) {
	sigset_t set;
	cleanup_signal_set(&set);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

static void restore_signals(const sigset_t* old) {
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

// Call these two with the cleanup signals blocked: register once the file
// exists, unregister once it is gone (renamed or removed).
static bool register_temp(char* temp_path) {
	for (int i = 0; i < MAX_OPEN_OUTPUTS; ++i) {
		if (!open_temps[i]) {
			open_temps[i] = temp_path;
			return true;
		}
	}
	return false;
}

static void unregister_temp(const char* temp_path) {
	for (int i = 0; i < MAX_OPEN_OUTPUTS; ++i) {
		if (open_temps[i] == temp_path) {
			open_temps[i] = NULL;
		}
	}
}

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
	out->direct = false;
	out->write_error = 0;
	out->checkpoint = false;
}

// Opens a device or FIFO for writing as it is: never created (O_CREAT could
// make a regular file if it vanished since the stat), never renamed over.
static bool open_direct(bs_output_file* out, const char* path) {
	out->path = copy_string(path);
	if (!out->path) {
		fprintf(stderr, "breakshot: %s: out of memory\n", path);
		return false;
	}
	int fd = open(path, O_WRONLY | O_TRUNC | O_NOCTTY);
	int error = errno;
	if (fd >= 0) {
		out->stream = fdopen(fd, "w");
		error = errno;
		if (!out->stream) {
			close(fd);
		}
	}
	if (!out->stream) {
		fprintf(stderr, "breakshot: %s: cannot write: %s\n", path, strerror(error));
		release(out);
		return false;
	}
	out->direct = true;
	return true;
}

bool bs_output_open(bs_output_file* out, const char* path) {
	bs_output_prepare();
	memset(out, 0, sizeof *out);
	// The rename at the end would fail on a directory; say so now, not after the work.
	struct stat existing;
	bool exists = stat(path, &existing) == 0;
	if (exists && S_ISDIR(existing.st_mode)) {
		fprintf(stderr, "breakshot: %s: cannot write: it is a directory\n", path);
		return false;
	}
	// A rename would put a regular file in place of a device (as root, in
	// /dev) or a FIFO: write to those directly.
	if (exists && !S_ISREG(existing.st_mode)) {
		return open_direct(out, path);
	}
	out->path = copy_string(path);
	size_t n = strlen(path) + sizeof ".tmp-XXXXXX";
	out->temp_path = malloc(n);
	if (!out->path || !out->temp_path) {
		release(out);
		fprintf(stderr, "breakshot: %s: out of memory\n", path);
		return false;
	}
	snprintf(out->temp_path, n, "%s.tmp-XXXXXX", path);
	// Created and registered with the signals held off, so a signal finds
	// either no file or a registered one, never a half-made name.
	sigset_t old;
	block_cleanup_signals(&old);
	int fd = mkstemp(out->temp_path);
	int error = errno;
	if (fd >= 0 && !register_temp(out->temp_path)) {
		close(fd);
		unlink(out->temp_path);
		fd = -1;
		error = EMFILE;
	}
	if (fd >= 0) {
		out->stream = fdopen(fd, "w");
		error = errno;
		if (!out->stream) {
			close(fd);
			unlink(out->temp_path);
			unregister_temp(out->temp_path);
		}
	}
	restore_signals(&old);
	if (!out->stream) {
		fprintf(stderr, "breakshot: %s: cannot write: %s\n", path, strerror(error));
		release(out);
		return false;
	}
	return true;
}

bool bs_output_open_checkpoint(bs_output_file* out, const char* path, const char* checkpoint, bool append) {
	bs_output_prepare();
	memset(out, 0, sizeof *out);
	out->path = copy_string(path);
	out->temp_path = copy_string(checkpoint);
	if (!out->path || !out->temp_path) {
		release(out);
		fprintf(stderr, "breakshot: %s: out of memory\n", checkpoint);
		return false;
	}
	out->stream = fopen(checkpoint, append ? "a" : "w");
	if (!out->stream) {
		fprintf(stderr, "breakshot: %s: cannot write: %s\n", checkpoint, strerror(errno));
		release(out);
		return false;
	}
	out->checkpoint = true;
	return true;
}

bool bs_output_write(bs_output_file* out, const void* data, size_t size) {
	errno = 0;
	if (size == 0 || fwrite(data, 1, size, out->stream) == size) {
		return true;
	}
	if (out->write_error == 0) {
		out->write_error = errno != 0 ? errno : EIO;
	}
	return false;
}

bool bs_output_puts(bs_output_file* out, const char* text) {
	return bs_output_write(out, text, strlen(text));
}

// Flushes and closes the temporary file and gives it its final mode (a
// device or FIFO written directly keeps its own). Prints why on failure.
static bool finish(bs_output_file* out) {
	int error = 0;
	if (fflush(out->stream) != 0) {
		error = errno;
	} else if (ferror(out->stream)) {
		// An earlier write failed: its errno, when it went through
		// bs_output_write; otherwise stdio has forgotten it.
		error = out->write_error != 0 ? out->write_error : EIO;
	} else if (!out->direct && fchmod(fileno(out->stream), file_mode) != 0) {
		error = errno;
	}
	if (fclose(out->stream) != 0 && error == 0) {
		error = errno;
	}
	out->stream = NULL;
	if (error != 0) {
		fprintf(stderr, "breakshot: %s: write failed: %s\n", out->path, strerror(error));
	}
	return error == 0;
}

bool bs_output_commit_all(bs_output_file* const outputs[], int count) {
	bool ok = true;
	for (int i = 0; i < count; ++i) {
		if (outputs[i]->stream && !finish(outputs[i])) {
			ok = false;
		}
	}
	sigset_t old;
	block_cleanup_signals(&old);
	int renamed = 0;
	for (; ok && renamed < count; ++renamed) {
		bs_output_file* out = outputs[renamed];
		if (out->temp_path && rename(out->temp_path, out->path) != 0) {
			fprintf(stderr, "breakshot: %s: write failed: %s\n", out->path, strerror(errno));
			ok = false;
			break;
		}
	}
	if (!ok) {
		for (int i = 0; i < count; ++i) {
			bs_output_file* out = outputs[i];
			if (!out->temp_path) {
				continue;
			}
			if (i < renamed) {
				unlink(out->path);
				fprintf(stderr, "breakshot: %s: removed again: the outputs are written all or none\n", out->path);
			} else if (!out->checkpoint) {
				unlink(out->temp_path); // finished (closed) above
			}
		}
	}
	for (int i = 0; i < count; ++i) {
		if (outputs[i]->temp_path) {
			unregister_temp(outputs[i]->temp_path);
		}
		release(outputs[i]);
	}
	restore_signals(&old);
	return ok;
}

bool bs_output_commit(bs_output_file* out) {
	bs_output_file* const outputs[] = {out};
	return bs_output_commit_all(outputs, 1);
}

void bs_output_abort(bs_output_file* out) {
	if (out->stream) {
		fclose(out->stream);
	}
	if (out->temp_path && !out->checkpoint) {
		sigset_t old;
		block_cleanup_signals(&old);
		unlink(out->temp_path);
		unregister_temp(out->temp_path);
		restore_signals(&old);
	}
	release(out);
}

int bs_output_make_dir(const char* dir, const char* option) {
	struct stat info;
	if (stat(dir, &info) == 0) {
		return S_ISDIR(info.st_mode) ? 0 : bs_cli_fail("%s %s: not a directory", option, dir);
	}
	if (mkdir(dir, 0777) != 0) {
		return bs_cli_fail("%s %s: cannot make the directory: %s", option, dir, strerror(errno));
	}
	return 0;
}

int bs_output_check_dir(const char* dir, const char* option) {
	struct stat info;
	if (stat(dir, &info) == 0) {
		if (!S_ISDIR(info.st_mode)) {
			return bs_cli_fail("%s %s: not a directory", option, dir);
		}
		if (access(dir, W_OK | X_OK) != 0) {
			return bs_cli_fail("%s %s: cannot write in it: %s", option, dir, strerror(errno));
		}
		return 0;
	}
	char parent[4096];
	const char* slash = strrchr(dir, '/');
	if (!slash) {
		snprintf(parent, sizeof parent, ".");
	} else {
		snprintf(parent, sizeof parent, "%.*s", slash == dir ? 1 : (int)(slash - dir), dir);
	}
	if (access(parent, W_OK | X_OK) != 0) {
		return bs_cli_fail("%s %s: cannot make the directory in %s: %s", option, dir, parent, strerror(errno));
	}
	return 0;
}
