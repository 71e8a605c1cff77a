// Command reduce turns a CNF formula into a Mahjong Solitaire board by de Bondt's
// reduction from 3-SAT (Theorem 3: isolated stacks of height three of the forms a a b
// and a b b), or its one-level version (Corollary 4), and turns models into winning
// plays.
//
// Usage:
//
//	reduce [-flat] [-format json|stacks] [-columns N] [-o FILE] FILE.cnf|-
//	reduce -certify MODEL [-flat] [-o FILE] FILE.cnf|-
//	reduce -model PLAY [-flat] [-o FILE] FILE.cnf|-
//	reduce -example small|unsat
//	reduce -game shisen [-certify MODEL | -model PLAY] [-o FILE] FILE.cnf|-
//
// The board is written as mahjong-board/1 JSON (default) or as the stacks text
// (-format stacks, not with -flat). Its meta holds {"reduction": …}: the source, n, m,
// the normalisation done, the role of every group and the key tiles (see package
// reduce). A summary goes to standard error, e.g.
//
//	reduce: n=20 m=91 → 3-CNF of 20 variables and 91 clauses → 1340 stacks, 4020 tiles
//
// (the 3-CNF's counts are those the board encodes: tautologies dropped, long clauses
// split)
//
// together with a note for every clause that was padded, split (with fresh variables),
// deduplicated or dropped as a tautology.
//
// Any CNF is accepted, except one with an empty clause: such a formula is
// unsatisfiable by definition and no board is produced (exit status 1).
//
// With -certify MODEL, reduce reads a model of the formula (a file with a solver's
// "s SATISFIABLE" and "v …" lines, a minisat result file or a bare list of literals;
// or the literals themselves as the argument, e.g. -certify "1 -2 3") and prints the
// winning play of the board, as mahjong-play/1 JSON, that the model gives. -model PLAY
// is the way back: it reads a winning play of the board (a file or -), and prints the
// assignment the play chooses as a SAT competition answer ("s SATISFIABLE", "v … 0"),
// checked against the formula.
//
// With -game shisen the board is a Shisen-Sho board without gravity (shisen-board/1):
// the same stacks, each laid out as a channel of cells off one empty row, with walls
// and floors that cannot go before the channel beside them is empty (package
// shisen/reduce; the proof is in docs/shisen.md). -certify prints a winning
// shisen-play/1 play, -model reads one (or solve's text output) back.
//
// Flags:
//
//	-flat          one level: every stack p q r becomes a row p q r c c c c
//	-format F      json (default) or stacks
//	-columns N     stacks (rows with -flat) per line of the layout; 0 = about √count
//	-o FILE        write to FILE instead of standard output
//	-certify MODEL print the play for MODEL instead of the board
//	-model PLAY    print the model that PLAY chooses instead of the board
//	-mutate M      test-only: break one gadget (free-vy, flip-first-literal)
//	-game G        mahjong (default) or shisen
//
// Every mjsat command shares its conventions (package internal/cli): -h prints the
// usage on standard output, -version the version, a file operand may be "-" for
// standard input, -o FILE writes the result whole or not at all, -timeout and SIGINT
// or SIGTERM stop the work with an honest partial answer. Exit status, the same for
// every command:
//
//	0  decided (solvable or not, satisfiable or not), or done
//	1  a check failed: the model (-certify) or play (-model) is no certificate
//	2  bad usage or input (one line on standard error naming the file and what is wrong)
//	3  unknown: stopped by -timeout or a signal
package main
