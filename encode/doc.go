// Package encode is the SAT route of mjsat: it turns a Mahjong board (any layout, groups
// of any even size, usually 2 or 4) into CNF whose models are exactly the board's winning
// plays, decodes a model back into a mahjong-play/1 play (always checked with
// [board.Board.Replay]), decides boards through any [sat.Solver], and explains lost
// boards with a minimal unsatisfiable core mapped back to tiles and groups.
//
// It is the second, independent way to decide a board (the first is package solver):
// it shares only package board's rules with it. It is not a SAT solver (package sat runs
// those) and knows nothing of the 3-SAT reduction (package reduce), apart from `encode
// -stats` relating a reduced board to its formula.
//
// # What a model is
//
// A winning play is a pairing of every group (each tile removed with exactly one
// partner; a group of four has three pairings) plus an order in which every pair is
// playable. Both tiles of a pair must be playable before their move, so a partner that
// is a tile's only left neighbour still blocks it on the left: precedences are strict.
// Moves that could happen "at the same time" need not be excluded: removing tiles never
// blocks another tile, so any order of mutually non-blocking moves is a play.
//
// All encodings share the pairing variables (one per candidate pair; pairs where one
// tile lies above the other, directly or through other tiles, are pruned) and a
// variable per tile with neighbours on both sides, "freed on the left" (else on the
// right). They differ in how they say "the precedence graph is acyclic":
//
//   - [Elim] (default): vertex elimination (Rankooh and Rintanen 2022). The tiles are
//     vertices; edges are "strictly before" (covers, the neighbours on the freeing
//     side) and "no later than" (partners, both ways). Tiles are eliminated in order of
//     least fill; every path through an eliminated tile gets a shortcut edge, strict
//     if either half is, and a strict two-cycle is forbidden. Size grows with the
//     elimination width, small for the sparse graphs of real boards; propagation is
//     strong (a cycle is refuted by unit propagation once its edges are chosen).
//   - [Rank]: a binary removal rank per tile (enough bits to number the pairs);
//     partners have equal ranks; strict comparators for covers and for the neighbours
//     on the freeing side. The smallest formula on turtle boards, but binary
//     comparators propagate poorly along long chains.
//   - [Time]: time-indexed: "tile t is gone after step s" for as many steps as pairs,
//     monotone in s; a tile removed at step s needs its blockers gone by s-1; partners
//     go at the same step. Strong propagation but tiles × pairs variables: it does not
//     fit reduced boards (4020 tiles would need about 8 million variables).
//
// # Figures (gophersat v1.4.0 in-process, 2 shared cores, go test -bench)
//
// Uniform turtle deals (xmahjongg "default", 144 tiles, seeds 1..10), per deal:
//
//	encoding  variables  clauses  solve time (median)
//	elim          5 150   76 000     45 ms
//	rank          2 950    9 000    500 ms
//	time         10 540   60 500    2.7 s
//
// Reduction of uf20-01 (4020 tiles, 1005 groups of four):
//
//	elim         20 898   51 481     3.7 s (1 430 conflicts); 1.1 s numbered last-first
//	rank         75 710  199 660     8 min with gophersat (558 058 conflicts); minisat 37 s CPU
//	time     ~8 100 000       —      not built (over the size limit)
//
// So elim is the default. Measured with BenchmarkTurtle (MJSAT_BENCH_TURTLE=1000):
// 1000
// deals (seeds 1..1000), 5 204 variables and 77 697 clauses on average, 973 solvable
// and 27 unsolvable, all 1000 decided within 10 s, median 86 ms, p99 505 ms, max 2.2 s
// (load average 7 on 2 cores). With BenchmarkReductionsUF20
// (MJSAT_BENCH_UF20=30, uf20-01..030): all 30 satisfiable and decoded plays replay,
// 20 901 variables and 51 514 clauses on average. Gophersat spent seconds on only
// ~1 500 conflicts: about 600 000 decisions, as every learned unit sends it back to
// level 0 and it branches on the variables in number order. Numbering them
// last-created-first (so that it branches on the elimination's last shortcuts, the
// order of the most connected tiles, first) cut that, in one run on a quiet machine:
// median 3.5 s → 1.26 s, max 4.99 s → 2.02 s, all 30 within 5 s either way. Turtle
// deals are unchanged (200 deals: median 70 ms, max 214 ms, all within 10 s). All 1000
// reductions (MJSAT_BENCH_UF20=1000, one process, another benchmark on the other core):
// all satisfiable, plays replayed, median 1.29 s, p99 2.83 s, max 3.32 s: every one
// within 5 s. With the reduction of uuf50-01
// (unsatisfiable, 9672 tiles): 50 875 variables, 125 296 clauses, UNSAT in 27 s
// (4 725 conflicts); BenchmarkReductionsUUF50 on uuf50-01..03: all UNSAT, median 36 s,
// max 37 s (loaded machine).
//
// # Explanations
//
// [Explain] encodes with [Elim] in explicit mode (no pruning, every rule a clause of its
// own, tagged with the tiles it speaks of), extracts a minimal unsatisfiable subset with
// gophersat's explain package (deletion-based MUS) and maps the clauses back to tiles
// and groups: the rules restricted to those tiles already leave no winning play.
// [Core.DOT] draws it (github.com/emicklei/dot: a cluster per group, a node per tile).
// MUS extraction calls the solver once per clause of a first unsatisfiable subset: it is
// meant for small boards and small reasons.
//
// # Concurrency
//
// gophersat v1.4.0 is not safe for concurrent solves (see [sat.Gophersat], which
// serializes its own). [Explain] calls gophersat's explain package directly, so do not
// run it concurrently with other gophersat solves in one process.
package encode
