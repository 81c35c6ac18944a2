// breakshot bench --solve: the shot search's speed (bench_solve.c).
#ifndef BREAKSHOT_BENCH_SOLVE_H
#define BREAKSHOT_BENCH_SOLVE_H

/// Prints the rate of shot evaluations on a mid-game 9-ball layout and the
/// time of a lone ball's search. Returns the exit status.
int bs_bench_solve(void);

#endif
