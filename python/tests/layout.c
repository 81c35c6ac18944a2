// Prints the sizes and field offsets of the C structs the Python package
// mirrors with ctypes, and the constants it copies, as the compiler lays
// them out: test_game.py, test_solve.py and test_player.py compare them
// with the ctypes declarations, so that a header change the package has not
// followed fails a test instead of corrupting memory. One line each:
// "struct NAME SIZE", "field NAME.FIELD OFFSET SIZE", "const NAME VALUE".
#include <stddef.h>
#include <stdio.h>

#include <breakshot/aim.h>
#include <breakshot/game.h>
#include <breakshot/player.h>
#include <breakshot/rules.h>
#include <breakshot/scene.h>
#include <breakshot/solve.h>
#include <breakshot/world.h>

#define STRUCT(type) printf("struct %s %zu\n", #type, sizeof(type))
#define FIELD(type, field) \
	printf("field %s.%s %zu %zu\n", #type, #field, offsetof(type, field), sizeof(((type*)0)->field))
#define CONSTANT(name) printf("const %s %lld\n", #name, (long long)(name))

int main(void) {
	STRUCT(bs_vec2);
	FIELD(bs_vec2, x);
	FIELD(bs_vec2, y);
	STRUCT(bs_vec3);
	FIELD(bs_vec3, z);

	STRUCT(bs_table_def);
	FIELD(bs_table_def, width);
	FIELD(bs_table_def, height);
	FIELD(bs_table_def, has_pockets);
	FIELD(bs_table_def, periodic);
	FIELD(bs_table_def, preset);

	STRUCT(bs_rules_ball);
	FIELD(bs_rules_ball, id);
	FIELD(bs_rules_ball, kind);
	FIELD(bs_rules_ball, radius);
	FIELD(bs_rules_ball, mass);
	FIELD(bs_rules_ball, on_table);
	FIELD(bs_rules_ball, pos);

	STRUCT(bs_game_state);
	FIELD(bs_game_state, game);
	FIELD(bs_game_state, table);
	FIELD(bs_game_state, ball_count);
	FIELD(bs_game_state, balls);
	FIELD(bs_game_state, shooter);
	FIELD(bs_game_state, score);
	FIELD(bs_game_state, cue_ball);
	FIELD(bs_game_state, in_hand);
	FIELD(bs_game_state, is_break);
	FIELD(bs_game_state, shot_count);
	FIELD(bs_game_state, innings);
	FIELD(bs_game_state, fouls_in_row);
	FIELD(bs_game_state, group);
	FIELD(bs_game_state, on);
	FIELD(bs_game_state, target_points);
	FIELD(bs_game_state, over);
	FIELD(bs_game_state, winner);

	STRUCT(bs_shot_call);
	FIELD(bs_shot_call, ball);
	FIELD(bs_shot_call, pocket);

	STRUCT(bs_respot);
	FIELD(bs_respot, id);
	FIELD(bs_respot, pos);

	STRUCT(bs_ruling);
	FIELD(bs_ruling, foul);
	FIELD(bs_ruling, foul_points);
	FIELD(bs_ruling, points);
	FIELD(bs_ruling, turn_passes);
	FIELD(bs_ruling, scored);
	FIELD(bs_ruling, deciding);
	FIELD(bs_ruling, deciding_count);
	FIELD(bs_ruling, respot_count);
	FIELD(bs_ruling, respots);
	FIELD(bs_ruling, text);
	FIELD(bs_ruling, after);

	STRUCT(bs_pool_def);
	FIELD(bs_pool_def, sliding_friction);
	FIELD(bs_pool_def, rolling_friction);
	FIELD(bs_pool_def, spinning_friction);
	FIELD(bs_pool_def, gravity);
	FIELD(bs_pool_def, cushion_friction);
	FIELD(bs_pool_def, cushion_height);
	FIELD(bs_pool_def, ball_model);
	FIELD(bs_pool_def, cushion_model);
	FIELD(bs_pool_def, mathavan_restitution);
	FIELD(bs_pool_def, mathavan_cushion_friction);
	FIELD(bs_pool_def, mathavan_table_friction);
	FIELD(bs_pool_def, mathavan_steps);
	FIELD(bs_pool_def, stronge_omega_ratio);

	STRUCT(bs_anchor_history);
	FIELD(bs_anchor_history, opaque);

	STRUCT(bs_ball_anchor);
	FIELD(bs_ball_anchor, set);
	FIELD(bs_ball_anchor, time);
	FIELD(bs_ball_anchor, pos);
	FIELD(bs_ball_anchor, history);
	FIELD(bs_ball_anchor, vel);
	FIELD(bs_ball_anchor, omega);
	FIELD(bs_ball_anchor, motion);

	STRUCT(bs_ball_def);
	FIELD(bs_ball_def, id);
	FIELD(bs_ball_def, pos);
	FIELD(bs_ball_def, vel);
	FIELD(bs_ball_def, omega);
	FIELD(bs_ball_def, radius);
	FIELD(bs_ball_def, mass);
	FIELD(bs_ball_def, kind);
	FIELD(bs_ball_def, anchor);

	STRUCT(bs_world_def);
	FIELD(bs_world_def, table);
	FIELD(bs_world_def, physics);
	FIELD(bs_world_def, pool);
	FIELD(bs_world_def, time);
	FIELD(bs_world_def, ball_restitution);
	FIELD(bs_world_def, cushion_restitution);
	FIELD(bs_world_def, elastic_window);
	FIELD(bs_world_def, rest_speed);
	FIELD(bs_world_def, balls);
	FIELD(bs_world_def, ball_count);
	FIELD(bs_world_def, neighbour_search);
	FIELD(bs_world_def, queue);
	FIELD(bs_world_def, order);

	// The structs _lib.py mirrors, by the fields every version of them has.
	STRUCT(bs_event);
	FIELD(bs_event, kind);
	FIELD(bs_event, time);
	FIELD(bs_event, a);
	FIELD(bs_event, b);
	FIELD(bs_event, impulse);
	FIELD(bs_event, point);
	FIELD(bs_event, normal);

	STRUCT(bs_ball_state);
	FIELD(bs_ball_state, id);
	FIELD(bs_ball_state, pos);
	FIELD(bs_ball_state, vel);
	FIELD(bs_ball_state, omega);
	FIELD(bs_ball_state, motion);
	FIELD(bs_ball_state, kind);
	FIELD(bs_ball_state, radius);
	FIELD(bs_ball_state, mass);
	FIELD(bs_ball_state, pocketed);
	FIELD(bs_ball_state, pocket);
	FIELD(bs_ball_state, pocket_time);

	STRUCT(bs_cue_def);
	FIELD(bs_cue_def, speed);
	FIELD(bs_cue_def, stick);
	FIELD(bs_cue_def, has_aim);
	FIELD(bs_cue_def, aim);
	FIELD(bs_cue_def, angle_deg);
	FIELD(bs_cue_def, tip);
	FIELD(bs_cue_def, elevation_deg);
	FIELD(bs_cue_def, squirt);
	FIELD(bs_cue_def, ball);

	STRUCT(bs_totals);
	FIELD(bs_totals, kinetic_energy);
	FIELD(bs_totals, translational_energy);
	FIELD(bs_totals, rotational_energy);
	FIELD(bs_totals, momentum);
	FIELD(bs_totals, balls_on_table);
	FIELD(bs_totals, pocketed_energy);

	STRUCT(bs_aim);
	FIELD(bs_aim, direction);
	FIELD(bs_aim, angle_deg);
	FIELD(bs_aim, ghost);
	FIELD(bs_aim, travel);
	FIELD(bs_aim, cut_deg);
	FIELD(bs_aim, object_direction);

	STRUCT(bs_pocket_aim);
	FIELD(bs_pocket_aim, aim);
	FIELD(bs_pocket_aim, target);
	FIELD(bs_pocket_aim, object_travel);
	FIELD(bs_pocket_aim, cue_blocker);
	FIELD(bs_pocket_aim, object_blocker);

	// solve.h, for _solve.py, and the scene it reads a position from.
	STRUCT(bs_noise_def);
	FIELD(bs_noise_def, aim_deg);
	FIELD(bs_noise_def, elevation_deg);
	FIELD(bs_noise_def, speed);
	FIELD(bs_noise_def, tip);

	STRUCT(bs_goal);
	FIELD(bs_goal, kind);
	FIELD(bs_goal, ball);
	FIELD(bs_goal, pocket);
	FIELD(bs_goal, has_region);
	FIELD(bs_goal, region_min);
	FIELD(bs_goal, region_max);

	STRUCT(bs_solve_def);
	FIELD(bs_solve_def, world);
	FIELD(bs_solve_def, game);
	FIELD(bs_solve_def, cue_ball);
	FIELD(bs_solve_def, goal);
	FIELD(bs_solve_def, noise);
	FIELD(bs_solve_def, samples);
	FIELD(bs_solve_def, screen_samples);
	FIELD(bs_solve_def, top);
	FIELD(bs_solve_def, refine);
	FIELD(bs_solve_def, speeds);
	FIELD(bs_solve_def, speed_count);
	FIELD(bs_solve_def, tips);
	FIELD(bs_solve_def, tip_count);
	FIELD(bs_solve_def, elevations);
	FIELD(bs_solve_def, elevation_count);
	FIELD(bs_solve_def, aim_reach_deg);
	FIELD(bs_solve_def, position_weight);
	FIELD(bs_solve_def, seed);
	FIELD(bs_solve_def, threads);
	FIELD(bs_solve_def, rank);
	FIELD(bs_solve_def, ranks);
	FIELD(bs_solve_def, share);
	FIELD(bs_solve_def, share_closure);
	FIELD(bs_solve_def, progress);
	FIELD(bs_solve_def, progress_closure);
	FIELD(bs_solve_def, cancel);
	FIELD(bs_solve_def, cancel_closure);

	STRUCT(bs_solved_shot);
	FIELD(bs_solved_shot, cue);
	FIELD(bs_solved_shot, call);
	FIELD(bs_solved_shot, family);
	FIELD(bs_solved_shot, object_ball);
	FIELD(bs_solved_shot, samples);
	FIELD(bs_solved_shot, successes);
	FIELD(bs_solved_shot, probability);
	FIELD(bs_solved_shot, low);
	FIELD(bs_solved_shot, high);
	FIELD(bs_solved_shot, window_deg);
	FIELD(bs_solved_shot, nominal_success);
	FIELD(bs_solved_shot, cue_end_mean);
	FIELD(bs_solved_shot, cue_end_sd);
	FIELD(bs_solved_shot, position);
	FIELD(bs_solved_shot, value);

	// player.h, for _player.py.
	STRUCT(bs_player_def);
	FIELD(bs_player_def, search);
	FIELD(bs_player_def, position_weight);
	FIELD(bs_player_def, safety_below);
	FIELD(bs_player_def, break_speeds);
	FIELD(bs_player_def, execute_with_noise);
	FIELD(bs_player_def, seed);

	STRUCT(bs_player_choice);
	FIELD(bs_player_choice, place);
	FIELD(bs_player_choice, place_at);
	FIELD(bs_player_choice, cue);
	FIELD(bs_player_choice, executed);
	FIELD(bs_player_choice, call);
	FIELD(bs_player_choice, safety);
	FIELD(bs_player_choice, is_break);
	FIELD(bs_player_choice, family);
	FIELD(bs_player_choice, probability);
	FIELD(bs_player_choice, low);
	FIELD(bs_player_choice, high);
	FIELD(bs_player_choice, value);
	FIELD(bs_player_choice, evaluations);

	STRUCT(bs_rack_def);
	FIELD(bs_rack_def, game);
	FIELD(bs_rack_def, gap);
	FIELD(bs_rack_def, jitter);
	FIELD(bs_rack_def, seed);

	STRUCT(bs_scene);
	FIELD(bs_scene, def);
	FIELD(bs_scene, balls);
	FIELD(bs_scene, has_rack);
	FIELD(bs_scene, rack);
	FIELD(bs_scene, has_cue);
	FIELD(bs_scene, cue);
	FIELD(bs_scene, physics_named);
	FIELD(bs_scene, warning_count);
	FIELD(bs_scene, warnings);

	CONSTANT(BS_SOLVE_MAX_TOP);
	CONSTANT(BS_SOLVE_MAX_LEVELS);
	CONSTANT(BS_SOLVE_MAX_SAMPLES);
	CONSTANT(BS_SOLVE_MAX_THREADS);
	CONSTANT(BS_GOAL_KIND_COUNT);
	CONSTANT(BS_SHOT_FAMILY_COUNT);
	CONSTANT(BS_SCENE_MAX_WARNINGS);
	CONSTANT(BS_SCENE_WARNING_SIZE);
	CONSTANT(BS_GAME_KIND_COUNT);
	CONSTANT(BS_GAME_SNOOKER);
	CONSTANT(BS_RULES_MAX_BALLS);
	CONSTANT(BS_RULING_MAX_DECIDING);
	CONSTANT(BS_RULING_TEXT_SIZE);
	CONSTANT(BS_GAME_NAME_SIZE);
	CONSTANT(BS_IN_HAND_COUNT);
	CONSTANT(BS_GROUP_STRIPES);
	return 0;
}
