// Command verify cross-checks mjsat's reduction and solvers on CNF formulas.
//
// Usage:
//
//	verify [-flat] [-j N] [-timeout D] [-nosat] [-solver CMD] [-json] [-faildir DIR] PATH...
//
// Each PATH is a DIMACS file or a directory searched recursively for *.cnf files. For
// every formula verify runs (1) gophersat on the formula, (2) reduce, (3) the native
// solver on the board, (4) the SAT route on the board (board → CNF → gophersat or -solver; its play is replayed and mapped back to an
// assignment that must satisfy the formula), (5) turns
// the formula's model into a play and replays it on the board, and (6) turns the native
// solver's play back into an assignment and checks it against the formula.
//
// It prints one line per formula, in the order of the paths, and a final line
// "N passed, N failed" (", N skipped" when some route ran out of time). On a terminal a
// progress line with the rate and the time left is drawn on stderr.
//
// Flags:
//
//	-flat        reduce to one-level rows (Corollary 4) instead of stacks
//	-j N         check N formulas at once (default: the number of CPUs)
//	-timeout D   limit for each route on each formula (e.g. 30s; 0 = none)
//	-nosat       skip the SAT route (4)
//	-solver CMD  decide route (4) with an external DIMACS solver (minisat, cadical, ...)
//	             instead of gophersat in-process; it runs in its own process, so -j N
//	             checks N formulas truly at once (gophersat runs one at a time)
//	-json        one JSON object per formula, then a summary object
//	-faildir DIR write every formula that fails to DIR/NAME.cnf (default verify-failures)
//
// Exit status: 0 when every formula passed, 1 when any failed, 2 on bad usage or an
// unreadable formula, 3 when none failed but some were skipped (undecided in time).
package main
