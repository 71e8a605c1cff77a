// Command verify cross-checks mjsat's reduction and solvers on CNF formulas.
//
// Usage:
//
//	verify [-flat] [-j N] [-timeout D] [-nosat] [-solver gophersat|CMD] [-json] [-faildir DIR] [-o FILE] [-q] PATH...|-
//	verify -game shisen [-j N] [-timeout D] [-nosat] [-solver gophersat|CMD] [-json] [...] PATH...|-
//
// Each PATH is a DIMACS file or a directory searched recursively for *.cnf files. For
// every formula verify runs (1) gophersat on the formula, (2) reduce, (3) the native
// solver on the board, (4) the SAT route on the board (board → CNF → gophersat or -solver; its play is replayed and mapped back to an
// assignment that must satisfy the formula), (5) turns
// the formula's model into a play and replays it on the board, and (6) turns the native
// solver's play back into an assignment and checks it against the formula.
//
// With -game shisen the board is the Shisen-Sho board of reduce -game shisen: (3) and
// (4) are Shisen-Sho's native solver and SAT route (package shisen/encode; a board
// whose encoding would be too large leaves it "unknown"), and a further route decides
// the stacks the board embeds with the Mahjong native solver ("stacks=" on the line);
// the stacks' winning play, laid out on the board, must clear it and map back to a
// satisfying assignment too. On the reductions of SATLIB formulas neither Shisen-Sho
// route decides in reasonable time, so such formulas are reported as skipped: see
// docs/shisen.md.
//
// It prints one line per formula, in the order of the paths, and a final line
// "N passed, N failed" (", N skipped" when some route ran out of time). On a terminal a
// progress line with the rate, the time left and the next formula is drawn on stderr
// (-q: none). A PATH of "-" reads one formula from standard input.
//
// Flags:
//
//	-flat        reduce to one-level rows (Corollary 4) instead of stacks
//	-game G      mahjong (default) or shisen
//	-j N         check N formulas at once (default: the number of CPUs)
//	-timeout D   limit for each route on each formula (default 1m; 0 = none); a
//	             route that runs out counts the formula as skipped
//	-nosat       skip the SAT route (4)
//	-solver CMD  decide route (4) with an external DIMACS solver (minisat, cadical, ...)
//	             instead of gophersat in-process; it runs in its own process, so -j N
//	             checks N formulas truly at once (gophersat runs one at a time)
//	-json        JSON lines: one object per formula, each written as it is checked, then
//	             a summary object ("interrupted": true when a signal stopped it); the
//	             tally's sentence goes to standard error
//	-faildir DIR write every formula that fails to DIR/NAME.cnf (default: none kept)
//
// Every mjsat command shares its conventions (package internal/cli): -h prints the
// usage on standard output, -version the version, a file operand may be "-" for
// standard input, -o FILE writes the result whole or not at all, -timeout and SIGINT
// or SIGTERM stop the work with an honest partial answer. Exit status, the same for
// every command:
//
//	0  decided (solvable or not, satisfiable or not), or done
//	1  a check failed: some formula failed (routes disagree)
//	2  bad usage or input (one line on standard error naming the file and what is wrong)
//	3  unknown: stopped by -timeout or a signal: some formula was not decided in time; the tally so far is printed
package main
