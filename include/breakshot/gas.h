// breakshot: random hard-disc gases, for physics experiments and benchmarks.
#ifndef BREAKSHOT_GAS_H
#define BREAKSHOT_GAS_H

#include <stdbool.h>
#include <stdint.h>

#include <breakshot/api.h>
#include <breakshot/world.h>

/// Defines a gas of equal discs in a square box.
typedef struct bs_gas_def {
	int count;       ///< number of discs, >= 2
	double fraction; ///< area fraction covered by the discs, in (0, 0.7]
	double radius;   ///< disc radius (m)
	double mass;     ///< disc mass (kg)
	bool periodic;   ///< a periodic box (no walls) or a walled one
	uint64_t seed;   ///< seeds the sites left empty, the velocities and the melt
	/// Collisions per disc run before the gas is returned, to melt the lattice
	/// it starts from (0 keeps the lattice).
	double melt_collisions;
} bs_gas_def;

/// 1000 discs of the default radius and mass at area fraction 0.3, periodic,
/// seed 1, melted by 5 collisions per disc.
BS_API bs_gas_def bs_default_gas_def(void);

/// The most a gas def allows for `fraction`.
#define BS_GAS_MAX_FRACTION 0.7
/// The most a gas def allows for `melt_collisions`: melting stops long
/// before the lattice's memory is gone, and beyond it a def could ask for
/// a run of any length.
#define BS_GAS_MAX_MELT 1000.0

/// Makes the gas: the box side is sqrt(N pi r^2 / fraction). Discs start on a
/// lattice (triangular when periodic, square when walled: either leaves room
/// up to fraction 0.7), seeded sites left empty when the lattice has more
/// than N; velocities are Gaussian with 1 m/s per axis and zero total
/// momentum; then the gas is run for melt_collisions collisions per disc.
/// `dest` gets the world def (table, time 0) and `balls` (N entries, ids 0..N-1,
/// the caller's memory) the discs at that moment. Returns false for a def out
/// of range (also when the world it makes would fail bs_world_def_check: a
/// radius, mass or box beyond the engine's limits) or when memory runs out.
BS_API bool bs_gas_make(const bs_gas_def* def, bs_world_def* dest, bs_ball_def* balls);

/// The side (m) of the gas's square box: sqrt(N pi r^2 / fraction).
BS_API double bs_gas_box_side(const bs_gas_def* def);

/// Whether the box is big enough for its table: a periodic box needs sides
/// of more than 5 diameters (bs_world_def_check).
BS_API bool bs_gas_box_fits(const bs_gas_def* def);

#endif
