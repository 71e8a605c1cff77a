// Command reduce turns a CNF formula into a Mahjong Solitaire board by de Bondt's
// reduction from 3-SAT (Theorem 3: isolated stacks of height three of the forms a a b
// and a b b), or its one-level version (Corollary 4), and turns models into winning
// plays.
//
// Usage:
//
//	reduce [-flat] [-format json|stacks] [-columns N] [-o FILE] FILE.cnf|-
//	reduce -certify MODEL [-flat] [-o FILE] FILE.cnf|-
//
// The board is written as mahjong-board/1 JSON (default) or as the stacks text
// (-format stacks, not with -flat). Its meta holds {"reduction": …}: the source, n, m,
// the normalisation done, the role of every group and the key tiles (see package
// reduce). A summary goes to standard error, e.g.
//
//	reduce: n=20 m=91 → 1340 stacks, 4020 tiles
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
// winning play of the board, as mahjong-play/1 JSON, that the model gives.
//
// Flags:
//
//	-flat          one level: every stack p q r becomes a row p q r c c c c
//	-format F      json (default) or stacks
//	-columns N     stacks (rows with -flat) per line of the layout; 0 = about √count
//	-o FILE        write to FILE instead of standard output
//	-certify MODEL print the play for MODEL instead of the board
//	-mutate M      test-only: break one gadget (free-vy, flip-first-literal)
//
// Exit status: 0 on success; 1 when the formula has an empty clause or the model does
// not satisfy it; 2 for bad usage or unreadable input.
package main
