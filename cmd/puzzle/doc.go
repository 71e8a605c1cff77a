// Command puzzle solves the solitaires of the source documents natively
// or through a SAT encoding (gophersat, in-process).
//
// Usage:
//
//	puzzle peg [-board triangle5|english] [-empty HOLES] [-finish HOLE] [-count] [-method native|sat] [-timeout D]
//	puzzle tomjerry [-rotate] [-all] [-method native|sat] [-timeout D]
//	puzzle fourteen [-seed N | -deal FILE] [-method native|sat] [-timeout D]
//	puzzle fourteen -scan A:B [-timeout D]
//
// peg: holes are numbered from 1 row by row (triangle5: 1 is the apex,
// 11..15 the bottom row; english: 17 is the centre). -empty lists the
// vacant holes, comma-separated (default 5 on a triangle, the centre on the
// English board); -finish asks for the last peg in that hole. Without
// -count it prints one solution as jumps "FROM-TO (over OVER)"; with -count
// it prints the number of jump sequences that leave one peg and, per hole,
// how many end there (-method sat counts by model enumeration, practical
// only on small boards).
//
// tomjerry: prints the placements of the nine cards as 3x3 grids of card
// numbers, northern row first; with -rotate each card may turn and is
// written "CrR", R quarter turns clockwise. Without -all only the first
// placement is printed, followed by the number of placements.
//
// fourteen: -seed N deals with SplitMix64 (see package fourteen); -deal
// FILE reads 12 lines of cards, top first ("A 10 5 K 7", "-" for an empty
// column, '#' comments). It prints a winning sequence as column pairs, or
// says none exists. -scan A:B solves the deals of seeds A ≤ N < B and
// prints the winnable fraction with a 95% Wilson interval.
//
// Every mjsat command shares its conventions (package internal/cli): -h prints the
// usage on standard output, -version the version, a file operand may be "-" for
// standard input, -o FILE writes the result whole or not at all, -timeout and SIGINT
// or SIGTERM stop the work with an honest partial answer. Exit status, the same for
// every command:
//
//	0  decided (solvable or not, satisfiable or not), or done
//	1  a check failed
//	2  bad usage or input (one line on standard error naming the file and what is wrong)
//	3  unknown: stopped by -timeout or a signal: the partial answer is printed
package main
