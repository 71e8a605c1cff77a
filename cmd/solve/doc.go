// Command solve decides whether a Mahjong Solitaire board can be cleared with full
// information ("peeking") and prints a winning play.
//
// Usage:
//
//	solve [-method native|sat] [-solver gophersat|CMD] [-timeout D] [-j N] [-seed N] [-json] [-explain [-dot FILE]] [-o FILE] [-q] BOARD|-
//	solve -check PLAY BOARD
//
// The board is a mahjong-board/1 JSON document or the stacks text ("-" reads standard
// input). The text output is "solvable", "unsolvable" or "unknown" on the first line,
// then the moves, one "id id" pair per line. With -json it prints a mahjong-play/1
// document with a "stats" object (nodes, scans, probes, playouts, method, elapsed_ns).
// Every play is replayed against the board before it is printed.
//
// Flags:
//
//	-method native  the native pairing search (package solver, the default)
//	-method sat     the SAT route: the board is encoded into CNF (package encode) and
//	                solved by gophersat in-process; the model is decoded into a play
//	-solver CMD     with -method sat: run an external DIMACS solver instead (minisat,
//	                cadical, kissat, ...); it is killed at the timeout. gophersat cannot
//	                be interrupted: on timeout solve answers "unknown" and exits, and the
//	                abandoned solve ends with the process
//	-explain        on an unsolvable board, also print a group core: a few groups whose
//	                tiles alone, where they lie, cannot be cleared, each tile with what
//	                blocks it (checked minimal by the native solver), and for a group
//	                that can be paired no way because of what lies on what, why each
//	                way fails ("unpairable" in the JSON). On a board made by
//	                reduce, also the reason in the formula's terms: the clauses and
//	                variables whose gadgets hold the core, a minimal unsatisfiable core
//	                of the formula, and the native verdict on the board of that core's
//	                gadgets alone (lost, as the proof says). With -json, "core" and
//	                "formula" in the document
//	-explain-clauses with -explain: also print a minimal unsatisfiable core of the
//	                board's CNF encoding, mapped back to tiles
//	-dot FILE       with -explain-clauses: write that core as a Graphviz drawing
//	-timeout D      give up after D (e.g. 10s) and answer "unknown"
//	-j N            search with N goroutines (a portfolio; the verdict does not depend
//	                on N, the play may)
//	-seed N         seed of the random playouts (same board and seed, same play with -j 1)
//	-json           print JSON instead of text
//	-check PLAY     replay PLAY against the board and print "valid" or the first illegal
//	                move
//
// A Shisen-Sho board (shisen-board/1; the format says the game) is decided by package
// shisen's solver, or with -method sat through its CNF encoding (package
// shisen/encode, boards without gravity) and -solver; the text output is the verdict,
// then a move a line as "x1 y1 x2 y2", and -json prints a shisen-play/1 document.
// -check replays a Shisen-Sho play (either form) in the same way, and -hint prints a
// move "x1 y1 x2 y2" that keeps the position after the play winnable (or "lost: ...",
// or "won: ..."); -j, -seed and -explain (with -explain-clauses and -dot) are for
// Mahjong boards only, and refused on a Shisen-Sho board.
//
// Progress goes to standard error, only when it is a terminal. Ctrl-C stops the search
// with an honest "unknown".
//
// Every mjsat command shares its conventions (package internal/cli): -h prints the
// usage on standard output, -version the version, a file operand may be "-" for
// standard input, -o FILE writes the result whole or not at all, -timeout and SIGINT
// or SIGTERM stop the work with an honest partial answer. Exit status, the same for
// every command:
//
//	0  decided (solvable or not, satisfiable or not), or done
//	1  a check failed: a play that fails -check
//	2  bad usage or input (one line on standard error naming the file and what is wrong)
//	3  unknown: stopped by -timeout or a signal (the answer printed is "unknown")
package main
