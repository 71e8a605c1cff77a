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
// # Size and speed
//
// On uniform turtle deals elim gives about 5 000 variables and 77 000 clauses, rank
// fewer variables but a slower solve, time twice the variables; on the reductions
// (4 020 tiles for uf20-01) elim stays near 21 000 variables while rank grows to
// 76 000 and time to millions, over the size limit. So elim is the default.
// docs/perf.md has the measured sizes and times.
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
