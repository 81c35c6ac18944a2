// breakshot gen gas --n N --phi PHI [--seed S] [--periodic] [--out FILE]
//
// Writes a random, non-overlapping gas of N equal discs at area fraction PHI
// in a square table as a scene: a lattice start melted by a short event-driven
// run, velocities from a seeded Maxwell distribution (Gaussian components,
// 1 m/s per axis, zero total momentum). To stdout without --out.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include <breakshot/gas.h>
#include "output_file.h"
#include <breakshot/scene.h>

static const char gen_usage[] =
	"usage: breakshot gen gas --n N --phi PHI [--seed S] [--periodic] [--out FILE]\n"
	"  N discs (2 to 10^7) of radius 0.028575 m at area fraction PHI (up to 0.7) in a square\n"
	"  table, walled unless --periodic; the scene goes to FILE, or to stdout";

int bs_cmd_gen(int argc, char** argv) {
	if (argc < 1 || strcmp(argv[0], "gas") != 0) {
		return bs_cli_fail("gen: what to generate? only 'gas' is known\n%s", gen_usage);
	}
	bs_gas_def gas = bs_default_gas_def();
	gas.periodic = false;
	int64_t n = 0, seed = 1;
	double phi = 0.0;
	const char* out_path = NULL;
	for (int i = 1; i < argc; ++i) {
		const char* value = i + 1 < argc ? argv[i + 1] : NULL;
		bool ok = true;
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
				return bs_cli_fail("--out needs a file name\n%s", gen_usage);
			}
			out_path = value;
		} else {
			return bs_cli_fail("gen gas: unknown argument '%s'\n%s", argv[i], gen_usage);
		}
		if (!ok) {
			return BS_EXIT_USAGE;
		}
		++i;
	}
	if (n == 0 || phi == 0.0) {
		return bs_cli_fail("gen gas: give --n and --phi\n%s", gen_usage);
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
		if (fputs(text, out.stream) == EOF || !bs_output_commit(&out)) {
			status = 1;
		}
	} else if (fputs(text, stdout) == EOF) {
		status = 1;
	}
	free(text);
	fprintf(stderr, "breakshot gen gas: %lld discs at area fraction %g in a %s %.6g m square, melted by %g collisions per "
		"disc in %.3f s%s%s\n",
		(long long)n, phi, gas.periodic ? "periodic" : "walled", def.table.width, gas.melt_collisions, seconds,
		out_path ? ", written to " : "", out_path ? out_path : "");
	return status;
}
