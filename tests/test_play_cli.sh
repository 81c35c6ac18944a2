#!/bin/sh
# End-to-end tests of `breakshot play`: a game played from a file of shots,
# its rulings printed (text and JSON), saved and loaded to go on exactly as
# the whole file would; malformed shots and refused shots stop the play with
# exit 2, one line naming the shot's field, and nothing saved.
# Needs BREAKSHOT and BREAKSHOT_SOURCE_ROOT, as tests/meson.build sets them.
set -u
B=${BREAKSHOT:?BREAKSHOT must name the breakshot binary}
ROOT=${BREAKSHOT_SOURCE_ROOT:?BREAKSHOT_SOURCE_ROOT must name the source tree}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
. "$ROOT/tests/check.sh"

# The break, then shots from where the cue ball lies; the third after a
# break in which nothing dropped is the second player's.
cat >"$WORK/shots.json" <<'SHOTS'
{"shots": [
  {"cue": {"stick_speed": 9.0, "aim": [1.905, 0.635]}},
  {"cue": {"stick_speed": 3.0, "angle_deg": 20, "tip": [0.0, 0.2]}},
  {"cue": {"stick_speed": 2.0, "angle_deg": 200}},
  {"cue": {"stick_speed": 4.0, "angle_deg": 95}}
]}
SHOTS

begin plays_and_prints_each_ruling
check "play" sh -c "\"$B\" play 9-ball --players Ann,Bob --shots \"$WORK/shots.json\" >\"$WORK/text.txt\" 2>\"$WORK/err.txt\""
check "four rulings" test "$(grep -c '^shot ' "$WORK/text.txt")" -eq 4
check "the first is Ann's" contains "$WORK/text.txt" "shot 1, Ann: "
check "a score line each" test "$(grep -c '^  score ' "$WORK/text.txt")" -eq 4
check "json" sh -c "\"$B\" play 9-ball --players Ann,Bob --shots \"$WORK/shots.json\" --json >\"$WORK/lines.json\""
check "json lines parse" python3 -c "
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
assert [l['shot'] for l in lines] == [1, 2, 3, 4], lines
assert lines[0]['player'] == 'Ann'
for l in lines:
    assert l['foul'] in ('none', 'cue_ball_pocketed', 'no_contact', 'wrong_ball_first', 'no_rail', 'bad_break'), l
    assert l['events'] > 0 and isinstance(l['text'], str) and l['text']
    for d in l['deciding']:
        assert 0 <= d['event'] < l['events'] and d['time'] >= 0
    assert l['call'] == {'ball': -1, 'pocket': -1}, l
    assert l['next']['cue_ball'] == 0 and l['next']['groups'] == ['open', 'open'] and l['next']['on'] == '', l
" "$WORK/lines.json"
end

begin save_and_load_go_on_exactly
# The first two shots, saved; the last two from the saved game: the same
# rulings as all four in one go.
python3 -c "
import json, sys
shots = json.load(open(sys.argv[1]))['shots']
json.dump({'shots': shots[:2]}, open(sys.argv[2], 'w'))
json.dump({'shots': shots[2:]}, open(sys.argv[3], 'w'))
" "$WORK/shots.json" "$WORK/first.json" "$WORK/rest.json"
check "first half" sh -c "\"$B\" play 9-ball --players Ann,Bob --shots \"$WORK/first.json\" --save \"$WORK/game.json\" --json >\"$WORK/a.json\""
check "second half" sh -c "\"$B\" play --load \"$WORK/game.json\" --shots \"$WORK/rest.json\" --json >>\"$WORK/a.json\""
check "same rulings" cmp "$WORK/a.json" "$WORK/lines.json"
end

begin bad_shots_stop_the_play
printf '{"shots": [{"cue": {"stick_speed": 3, "aim": [1, 1], "tip": [0, 0.9]}}]}' >"$WORK/tip.json"
check "tip" fails_with 2 "tip.json: shots[0].cue.tip: " "$B" play 9-ball --shots tip.json --save saved.json
printf '{"shots": [{"cue": {"speed": 3, "aim": [1, 1]}, "call": {"pocket": -1}}]}' >"$WORK/call.json"
check "call" fails_with 2 "call.json: shots[0].call.pocket: expected a whole number" "$B" play 9-ball --shots call.json
printf '{"shots": [{"cue": {"speed": 3, "aim": [1, 1]}, "spin": 1}]}' >"$WORK/key.json"
check "key" fails_with 2 "key.json: shots[0].spin: unknown key" "$B" play 9-ball --shots key.json
printf '{"shots": [{"cue": {"stick_speed": 9.0, "aim": [1.905, 0.635]}},\n  {"place": [0.5, 0.5], "cue": {"speed": 3, "aim": [1, 1]}}]}' >"$WORK/place.json"
check "place" fails_with 2 "place.json: shots[1].place: ball in hand: the cue ball is played from where it lies" \
	"$B" play 9-ball --shots place.json --save saved.json
printf '{"shots": [\n  {"cue": {"speed": 3, "aim": [1, 1]}' >"$WORK/syntax.json"
check "syntax" fails_with 2 "syntax.json:2:" "$B" play 9-ball --shots syntax.json
check "nothing saved" test ! -e "$WORK/saved.json"
check "no such directory" fails_with 2 "--save no/such/game.json: cannot write in no/such" \
	"$B" play 9-ball --shots tip.json --save no/such/game.json
check "unknown game" status_is 2 "$B" play 11-ball
check "both a game and --load" status_is 2 "$B" play 9-ball --load "$WORK/game.json"
end

begin ball_in_hand_needs_a_place
python3 -c "
import json, sys
game = json.load(open(sys.argv[1]))
state = game['state']
state['is_break'] = False
state['in_hand'] = 'anywhere'
state['balls'][0]['on_table'] = False
json.dump(game, open(sys.argv[2], 'w'))
" "$WORK/game.json" "$WORK/in_hand.json"
printf '{"shots": [{"cue": {"speed": 2, "angle_deg": 0}}]}' >"$WORK/unplaced.json"
check "unplaced" fails_with 2 'unplaced.json: shots[0]: the cue ball is in hand: place it first: give the shot a "place"' \
	"$B" play --load in_hand.json --shots unplaced.json
check "--seed with --load" status_is 2 "$B" play --load "$WORK/in_hand.json" --seed 1
end

begin eight_ball_needs_its_pocket_called
# A loaded game on the 8 refuses a shot at it without a pocket.
python3 -c "
import json, sys
game = json.load(open(sys.argv[1]))
game['game'] = '8-ball'
state = game['state']
state['is_break'] = False
state['in_hand'] = 'none'
state['group'] = ['solids', 'stripes']
state['balls'] = [b for b in state['balls'] if b['id'] in (0, 8, 12)]
for b in state['balls']:
    b['on_table'] = True
json.dump(game, open(sys.argv[2], 'w'))
" "$WORK/game.json" "$WORK/eight.json"
printf '{"shots": [{"cue": {"speed": 2, "aim": [1.5, 0.6]}, "call": {"ball": 8}}]}' >"$WORK/uncalled.json"
check "refused" fails_with 2 "uncalled.json: shots[0].call.pocket: a shot at the 8 must call its pocket" \
	"$B" play --load eight.json --shots uncalled.json
end

begin ai_options_are_checked_before_play
# usage_error MESSAGE ARGS...: play exits 2 saying MESSAGE (then its usage).
usage_error() {
	message=$1
	shift
	status_is 2 "$B" play "$@" && contains "$WORK/err" "$message"
}
check "--games without --ai" usage_error "--games, --threads, --samples, --sigma-* and --stats go with --ai" \
	9-ball --games 3
check "--ai with --shots" usage_error "--ai plays its own shots: no --shots" 9-ball --ai --shots shots.json
check "--stats without --games" usage_error "--threads and --stats go with --games" 9-ball --ai --stats "$WORK/stats"
check "a negative sigma" usage_error "--sigma-speed: -0.5 must be >= 0" 9-ball --ai --sigma-speed -0.5
check "zero samples" usage_error "--samples: 0 is out of range" 9-ball --ai --samples 0
check "--games with --json" usage_error "--games plays new games of a GAME, without --save or --json" \
	9-ball --ai --games 2 --json
check "nothing written" test ! -e "$WORK/stats"
end

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
