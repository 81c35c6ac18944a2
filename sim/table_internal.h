// breakshot: what the engine checks of a table it is given.
#ifndef BREAKSHOT_TABLE_INTERNAL_H
#define BREAKSHOT_TABLE_INTERNAL_H

#include <stdbool.h>

#include <breakshot/table.h>

/// Whether a table is exactly what bs_table_rect, bs_table_preset or
/// bs_table_periodic builds for its size, preset and flags. The engine's
/// geometry (the region a centre may be in, the pockets' throats, the grid)
/// holds only for those tables; a table struct filled in or edited by hand
/// could name segments past the arrays or leave gaps in the cushions.
bool bs_table_is_built(const bs_table* table);

#endif
