// breakshot: the one place where a physics is chosen (physics.h).
#include "physics.h"

const bs_physics_ops* bs_physics_ops_of(bs_physics kind) {
	switch (kind) {
	case BS_PHYSICS_IDEAL:
		return &bs_ideal_physics;
	case BS_PHYSICS_POOL:
		return &bs_pool_physics;
	default:
		return NULL;
	}
}
