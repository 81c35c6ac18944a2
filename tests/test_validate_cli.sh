#!/bin/sh
# End-to-end tests of `breakshot run --validate` and the time limit, on the
# built binary: every shipped scene, and random gases and inelastic scenes,
# pass validation after every event; bad uses are refused with exit 2.
# Needs BREAKSHOT and BREAKSHOT_SOURCE_ROOT, as tests/meson.build sets them.
set -u
B=${BREAKSHOT:?BREAKSHOT must name the breakshot binary}
ROOT=${BREAKSHOT_SOURCE_ROOT:?BREAKSHOT_SOURCE_ROOT must name the source tree}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
. "$ROOT/tests/check.sh"

# 20000 events of each run; the fast tier 2000.
events=20000
if [ "${BREAKSHOT_TEST_TIER:-}" = fast ]; then
	events=2000
fi

begin shipped_scenes_pass_validation
for scene in "$ROOT"/scenes/*.json; do
	check "$(basename "$scene")" status_is 0 "$B" run "$scene" --validate --events "$events"
done
end

begin gases_pass_validation
"$B" gen gas --n 300 --phi 0.5 --seed 3 --periodic --out "$WORK/periodic.json" >/dev/null 2>&1
"$B" gen gas --n 300 --phi 0.3 --seed 4 --out "$WORK/walled.json" >/dev/null 2>&1
check "periodic gas" status_is 0 "$B" run "$WORK/periodic.json" --validate --events "$events"
check "walled gas" status_is 0 "$B" run "$WORK/walled.json" --validate --events "$events"
end

begin inelastic_scene_passes_validation
cat >"$WORK/inelastic.json" <<'SCENE'
{"table": {"size": [2.54, 1.27]}, "restitution": {"ball": 0.0, "cushion": 0.6},
 "balls": [{"id": 0, "pos": [0.5, 0.6], "vel": [1.5, 0.4], "radius": 0.03, "mass": 0.2},
           {"id": 1, "pos": [1.2, 0.63], "radius": 0.02, "mass": 0.1},
           {"id": 2, "pos": [1.6, 0.5], "vel": [-0.7, 0.9], "radius": 0.04, "mass": 0.5},
           {"id": 3, "pos": [2.0, 0.9], "vel": [-1.1, -0.2], "radius": 0.025, "mass": 0.15}]}
SCENE
check "e = 0" status_is 0 "$B" run "$WORK/inelastic.json" --validate
check "comes to rest" contains "$WORK/out" "kinetic energy  start"
end

begin time_limit_is_reported
check "runs" status_is 0 "$B" run "$ROOT/scenes/demo.json"
check "says so" contains "$WORK/out" "stopped at the time limit of 16384 s"
check "--until beyond the limit" status_is 2 "$B" run "$ROOT/scenes/demo.json" --until 20000
check "names the limit" contains "$WORK/err" "beyond the time limit"
cat >"$WORK/late.json" <<'SCENE'
{"table": {"size": [2.54, 1.27]}, "time": 1e223, "balls": [{"id": 0, "pos": [0.5, 0.5]}]}
SCENE
check "a late scene" status_is 2 "$B" run "$WORK/late.json"
check "names the field" contains "$WORK/err" "late.json: time: must be within"
end

begin a_stopping_contact_late_in_a_run_saves_and_reloads
cat >"$WORK/late_stop.json" <<'SCENE'
{"table": {"size": [2.54, 1.27]}, "time": 12000.3,
 "restitution": {"ball": 1.0, "cushion": 0.0, "elastic_window": 1e-9},
 "balls": [{"id": 0, "pos": [1.0, 0.6], "vel": [595.0, 0.0]}]}
SCENE
check "runs valid" status_is 0 "$B" run "$WORK/late_stop.json" --validate --out "$WORK/late_stop.out.json"
check "keeps the arrival speed" contains "$WORK/late_stop.out.json" '"arrival_speed": 595'
check "reloads valid" status_is 0 "$B" run "$WORK/late_stop.out.json" --validate
end

begin validate_every_checks_a_sample_of_events
check "every 1000th" status_is 0 "$B" run "$WORK/periodic.json" --validate-every 1000 --events $((events + 500))
check "zero refused" status_is 2 "$B" run "$WORK/periodic.json" --validate-every 0
check "names the option" contains "$WORK/err" "--validate-every"
check "a word refused" status_is 2 "$B" run "$WORK/periodic.json" --validate-every often
end

begin validate_is_for_the_event_method
check "refused" status_is 2 "$B" run "$ROOT/scenes/demo.json" --validate --method frames --dt 0.001
check "leaves no output" status_is 2 "$B" run "$ROOT/scenes/demo.json" --validate --method frames --dt 0.001 \
	--out "$WORK/never.json"
check "no file" test ! -e "$WORK/never.json"
end

begin frames_are_for_frictionless_discs
check "a pool scene refused" fails_with 2 "--method frames steps frictionless discs" \
	"$B" run "$ROOT/scenes/9ball_break.json" --method frames --dt 0.001
check "an ideal one runs" status_is 0 "$B" run "$ROOT/scenes/9ball_break_ideal.json" --method frames --dt 0.01 \
	--events 10
end

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
