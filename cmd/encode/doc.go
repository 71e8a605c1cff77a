// Command encode turns a Mahjong board into CNF for any DIMACS SAT solver, turns a
// solver's answer back into a play, and explains lost boards.
//
// Usage:
//
//	encode [-method elim|rank|time] [-o FILE] BOARD
//	encode -stats [-cnf FORMULA] [-method M] BOARD
//	encode -decode MODEL [-method M] [-o FILE] BOARD
//	encode -explain [-dot FILE] [-timeout D] BOARD
//
// The first form writes the board's encoding in DIMACS, with "c" comment lines naming
// the board and what every variable means; its models are exactly the board's winning
// plays. BOARD is a mahjong-board/1 JSON file or a stacks text ("-": standard input).
//
// -decode reads a solver's answer for that encoding (competition "s"/"v" lines,
// minisat's result file, or a bare literal list; "-" is standard input) and writes the
// mahjong-play/1 play it stands for, after replaying it on the board. The board and
// -method must be the ones the DIMACS was made from. So any DIMACS solver decides a
// board:
//
//	encode b.json > b.cnf && minisat b.cnf b.out; encode -decode b.out b.json
//
// -stats prints the size of the board and of its encoding; for a board made by reduce
// (or with -cnf) it also prints the variables and clauses of the source formula, so the
// encoding of a reduced board can be related back to it.
//
// -explain decides the board with gophersat and, when it is unsolvable, prints a minimal
// unsatisfiable core mapped back to tiles and groups ("these k tiles alone already make
// the board unwinnable"); -dot also writes the core as a graphviz drawing.
//
// Exit codes: 0 done (decoded a solvable play, explained a lost board), 1 the model says
// unsolvable or the board is solvable (nothing to explain), 2 bad input or usage, 3 the
// answer is unknown (solver gave up, timeout).
package main
