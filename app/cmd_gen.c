// breakshot gen gas: writes a random, non-overlapping gas of N equal discs at
// area fraction PHI in a square table as a scene: a lattice start melted by a
// short event-driven run, velocities from a seeded Maxwell distribution
// (Gaussian components, 1 m/s per axis, zero total momentum). To stdout
// without --out. The arguments: bs_gen_command below.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include <breakshot/gas.h>
#include "output_file.h"
#include <breakshot/scene.h>
#include <breakshot/world.h>

// The limits, as the help quotes them.
#define MAX_BALLS_TEXT BS_STRINGIFY(BS_MAX_BALLS)
#define RADIUS_TEXT BS_STRINGIFY(BS_DEFAULT_RADIUS)
#define MAX_FRACTION_TEXT BS_STRINGIFY(BS_GAS_MAX_FRACTION)

static int gen_main(int argc, char** argv);

const bs_command bs_gen_command = {
	.name = "gen",
	.synopsis = "gas --n N --phi PHI [--seed S] [--periodic] [--out FILE]",
	.summary = "write a random gas of N equal discs at area fraction PHI as a scene",
	.details =
		"N discs (2 to " MAX_BALLS_TEXT ") of radius " RADIUS_TEXT " m at area fraction PHI (up to " MAX_FRACTION_TEXT
		") in a square table, walled unless --periodic: a lattice start melted by a short run, velocities from a "
		"Maxwell distribution seeded by S (default 1), 1 m/s per axis, zero total momentum. The scene goes to FILE, "
		"or to stdout.",
	.main = gen_main,
};

static int gen_main(int argc, char** argv) {
	if (argc > 0 && bs_command_is_help(argv[0])) {
		bs_command_print_help(&bs_gen_command, stdout);
		return 0;
	}
	if (argc < 1 || strcmp(argv[0], "gas") != 0) {
		return bs_command_fail(&bs_gen_command, "gen: what to generate? only 'gas' is known");
	}
	bs_gas_def gas = bs_default_gas_def();
	gas.periodic = false;
	int64_t n = 0, seed = 1;
	double phi = 0.0;
	const char* out_path = NULL;
	for (int i = 1; i < argc; ++i) {
		const char* value = i + 1 < argc ? argv[i + 1] : NULL;
		bool ok = true;
		if (bs_command_is_help(argv[i])) {
			bs_command_print_help(&bs_gen_command, stdout);
			return 0;
		}
		if (strcmp(argv[i], "--periodic") == 0) {
			gas.periodic = true;
			continue;
		}
		if (strcmp(argv[i], "--n") == 0) {
			ok = bs_cli_parse_int64(value, "--n", 2, BS_MAX_BALLS, &n);
		} else if (strcmp(argv[i], "--phi") == 0) {
			ok = bs_cli_parse_fraction(value, "--phi", &phi);
		} else if (strcmp(argv[i], "--seed") == 0) {
			ok = bs_cli_parse_int64(value, "--seed", 0, INT64_MAX, &seed);
		} else if (strcmp(argv[i], "--out") == 0) {
			if (!value || !value[0]) {
				return bs_command_fail(&bs_gen_command, "--out needs a file name");
			}
			out_path = value;
		} else {
			return bs_command_fail(&bs_gen_command, "gen gas: unknown argument '%s'", argv[i]);
		}
		if (!ok) {
			return BS_EXIT_USAGE;
		}
		++i;
	}
	if (n == 0 || phi == 0.0) {
		return bs_command_fail(&bs_gen_command, "gen gas: give --n and --phi");
	}
	gas.count = (int)n;
	gas.fraction = phi;
	gas.seed = (uint64_t)seed;
	if (!bs_gas_box_fits(&gas)) {
		return bs_cli_fail("gen gas: a periodic box of %lld discs at %g is %.3g diameters wide; it must be more than 5 "
						   "(give more discs)",
			(long long)n, phi, bs_gas_box_side(&gas) / (2.0 * gas.radius));
	}
	bs_output_file out = {0};
	if (out_path && !bs_output_open(&out, out_path)) {
		return BS_EXIT_USAGE;
	}
	bs_ball_def* balls = malloc((size_t)n * sizeof *balls);
	bs_world_def def;
	double start = bs_cli_wall_seconds();
	bool made = balls && bs_gas_make(&gas, &def, balls);
	double seconds = bs_cli_wall_seconds() - start;
	char* text = made ? bs_scene_dump_def(&def) : NULL;
	free(balls);
	if (!text) {
		bs_output_abort(&out);
		return bs_cli_fail("gen gas: out of memory for %lld discs", (long long)n);
	}
	int status = 0;
	if (out_path) {
		// A failed write shows at the commit, which says why and removes
		// the temporary file.
		bs_output_puts(&out, text);
		if (!bs_output_commit(&out)) {
			status = 1;
		}
	} else if (fputs(text, stdout) == EOF || fflush(stdout) != 0) {
		fprintf(stderr, "breakshot: standard output: write failed: %s\n", strerror(errno));
		status = 1;
	}
	free(text);
	if (status != 0) {
		return status; // the message above says what went wrong; nothing was made
	}
	fprintf(stderr, "breakshot gen gas: %lld discs at area fraction %g in a %s %.6g m square, melted by %g collisions per "
		"disc in %.3f s%s%s\n",
		(long long)n, phi, gas.periodic ? "periodic" : "walled", def.table.width, gas.melt_collisions, seconds,
		out_path ? ", written to " : "", out_path ? out_path : "");
	return status;
}
