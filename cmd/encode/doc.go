// Command encode turns a Mahjong board into CNF for any DIMACS SAT solver, turns a
// solver's answer back into a play, and explains lost boards.
//
// Usage:
//
//	encode [-encoding elim|rank|time] [-o FILE] BOARD
//	encode -stats [-cnf FORMULA] [-encoding E] BOARD
//	encode -decode MODEL [-encoding E] [-o FILE] BOARD
//	encode -explain [-dot FILE] [-timeout D] BOARD
//
// The first form writes the board's encoding in DIMACS, with "c" comment lines naming
// the board and what every variable means; its models are exactly the board's winning
// plays. BOARD is a mahjong-board/1 JSON file or a stacks text ("-": standard input).
//
// -decode reads a solver's answer for that encoding (competition "s"/"v" lines,
// minisat's result file, or a bare literal list; "-" is standard input) and writes the
// mahjong-play/1 play it stands for, after replaying it on the board. The board and
// -encoding must be the ones the DIMACS was made from (-method is the deprecated
// spelling of -encoding). So any DIMACS solver decides a
// board:
//
//	encode b.json > b.cnf && minisat b.cnf b.out; encode -decode b.out b.json
//
// -stats prints the size of the board and of its encoding; for a board made by reduce
// it also prints the variables and clauses of the source formula (the file its meta
// names, or -cnf FORMULA, which must be the formula the board was reduced from), so the
// encoding of a reduced board can be related back to it.
//
// -explain decides the board with gophersat and, when it is unsolvable, prints a minimal
// unsatisfiable core mapped back to tiles and groups ("these k tiles alone already make
// the board unwinnable"); -dot also writes the core as a graphviz drawing.
//
// A Shisen-Sho board without gravity (shisen-board/1) is encoded too (package
// shisen/encode: every tile's pair and rank, a pair after the tiles on one of its
// paths): the DIMACS, -stats and -decode, which writes a shisen-play/1 play. A board
// with gravity is refused, as are -explain, -encoding and -cnf.
//
// Every mjsat command shares its conventions (package internal/cli): -h prints the
// usage on standard output, -version the version, a file operand may be "-" for
// standard input, -o FILE writes the result whole or not at all, -timeout and SIGINT
// or SIGTERM stop the work with an honest partial answer. Exit status, the same for
// every command:
//
//	0  decided (solvable or not, satisfiable or not), or done
//	1  a check failed: the decoded model is not a play of the board
//	2  bad usage or input (one line on standard error naming the file and what is wrong)
//	3  unknown: stopped by -timeout or a signal: the solver answered UNKNOWN
package main
