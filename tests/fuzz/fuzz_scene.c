// breakshot fuzzing: the scene loader, and everything after a scene loads.
// The input is scene JSON (a scene written by hand, by another tool, or a
// state saved by `run --out` and edited). Text the loader refuses must be
// refused with one line naming the place or the field. A scene it accepts
// must make a world that runs with the invariants kept, saves as scene JSON
// that loads again, and continues from the save bit for bit (fuzz_world.h).
// Where it saves is the input's to pick: after 1 to 300 events, and for half
// the inputs at a time between that event and the next.
//
// The same harness serves two corpora: fresh scenes (fuzz_scene) and saved
// states with anchors (fuzz_state), so that each campaign starts near the
// inputs it is meant to explore.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <breakshot/scene.h>

#include "fuzz_world.h"
#include "scene_text.h"

/// Longer inputs are skipped: a scene's every field fits well within it.
enum { FUZZ_MAX_SCENE_BYTES = 1 << 16 };

static void require_one_line(const char* error) {
	FUZZ_REQUIRE(error[0] != '\0', "a refusal without a message");
	FUZZ_REQUIRE(strchr(error, '\n') == NULL, "a message of more than one line: %s", error);
	FUZZ_REQUIRE(strncmp(error, "fuzz.json:", strlen("fuzz.json:")) == 0, "a message not naming the file: %s", error);
}

// FNV-1a of the input: where in the run it is saved, so that a campaign
// saves at every stage of a run and between events, not after a fixed count.
static uint64_t hash_of(const uint8_t* data, size_t size) {
	uint64_t hash = 14695981039346656037u;
	for (size_t i = 0; i < size; ++i) {
		hash = (hash ^ data[i]) * 1099511628211u;
	}
	return hash;
}

// Moves `world` to a time strictly between its last event and the next,
// `fraction` of the way, where there is such a time: a save there holds
// anchors from before the start, as a save at an event holds few.
static void advance_between_events(bs_world* world, double fraction) {
	bs_event next;
	double now = bs_world_time(world);
	if (bs_world_peek(world, &next) && next.time < BS_MAX_TIME) {
		double between = now + fraction * (next.time - now);
		if (between > now && between < next.time) {
			bs_world_advance(world, between, 0);
		}
	}
}

// The load parses a scene's balls one at a time (scene_text.h): it must
// read what a load of the whole tree reads, or refuse with its message.
static void require_same_as_whole(const char* text, const bs_scene* scene, const char* error) {
	char whole_error[512];
	bs_scene* whole = bs_scene_create_text_whole(text, "fuzz.json", whole_error, sizeof whole_error);
	FUZZ_REQUIRE((scene != NULL) == (whole != NULL), "ball by ball %s, whole %s", scene ? "read" : error,
		whole ? "read" : whole_error);
	if (!scene) {
		FUZZ_REQUIRE(strcmp(error, whole_error) == 0, "ball by ball: %s; whole: %s", error, whole_error);
		return;
	}
	FUZZ_REQUIRE(scene->def.ball_count == whole->def.ball_count, "%d balls, whole %d", scene->def.ball_count,
		whole->def.ball_count);
	for (int i = 0; i < scene->def.ball_count; ++i) {
		const bs_ball_def* a = &scene->balls[i];
		const bs_ball_def* b = &whole->balls[i];
		FUZZ_REQUIRE(a->id == b->id && a->pos.x == b->pos.x && a->pos.y == b->pos.y && a->vel.x == b->vel.x &&
						 a->vel.y == b->vel.y && a->radius == b->radius && a->mass == b->mass && a->kind == b->kind &&
						 a->anchor.set == b->anchor.set && a->anchor.time == b->anchor.time,
			"balls[%d] differs from the whole load's", i);
	}
	bs_scene_destroy(whole);
}

static void run_saved_and_reloaded(const bs_scene* scene, uint64_t hash) {
	bs_def_report report;
	FUZZ_REQUIRE(bs_world_def_check(&scene->def, &report), "the loader accepted a def the check refuses: %s",
		report.message);
	bs_world* world = bs_world_create(&scene->def);
	FUZZ_REQUIRE(world != NULL, "no world from an accepted scene");
	fuzz_step_validated(world, 1 + (int)(hash % FUZZ_EVENTS_BEFORE_SAVE));
	if (hash >> 63) {
		advance_between_events(world, (double)(hash >> 11 & 0xfffff) / 1048576.0);
	}

	char* saved = bs_scene_dump_world(world);
	FUZZ_REQUIRE(saved != NULL, "the world did not save");
	bs_scene* reloaded = NULL;
	char error[512];
	FUZZ_REQUIRE((reloaded = bs_scene_create_text(saved, "saved.json", error, sizeof error)),
		"the saved state does not load: %s\n%s", error, saved);
	bs_world* continued = bs_world_create(&reloaded->def);
	FUZZ_REQUIRE(continued != NULL, "no world from the saved state");
	fuzz_require_same_balls(world, continued);
	fuzz_require_same_continuation(world, continued, FUZZ_EVENTS_AFTER_SAVE);
	bs_world_destroy(continued);
	bs_scene_destroy(reloaded);
	free(saved);
	bs_world_destroy(world);
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
	if (size > FUZZ_MAX_SCENE_BYTES) {
		return 0;
	}
	char* text = malloc(size + 1);
	FUZZ_REQUIRE(text != NULL, "out of memory");
	memcpy(text, data, size);
	text[size] = '\0';
	bs_scene* scene = NULL;
	char error[512];
	scene = bs_scene_create_text(text, "fuzz.json", error, sizeof error);
	require_same_as_whole(text, scene, error);
	if (!scene) {
		require_one_line(error);
	} else {
		if (scene->def.ball_count <= FUZZ_MAX_BALLS) {
			run_saved_and_reloaded(scene, hash_of(data, size));
		}
		bs_scene_destroy(scene);
	}
	free(text);
	return 0;
}
