// Package solver decides Mahjong Solitaire boards exactly (full information: every
// tile's group is known) and returns a winning play when there is one.
//
// It is for boards of the board package whose groups have 2 or 4 tiles: random deals
// of layouts such as the turtle, and de Bondt's reduction boards (package reduce). It
// is not a player's hint engine and not a SAT solver (package encode hands boards to
// one); it says Unknown, never a guess, when stopped by a timeout or by its context.
//
// # Overview
//
// A solve compiles the board into a compact view (compile.go), tries random games for
// a quick win, and then runs an exact search over the ways each group can be paired,
// learning from its refutations as a conflict-driven SAT solver does, but on the
// game's own terms. Boards of isolated stacks of height at most 2 are decided instead
// in polynomial time by de Bondt's blocked-cycle rule (Theorem 7, stacks2.go).
//
// # Pairing search
//
// A group of four tiles can be paired in three ways. The search keeps, per group, the
// set of pairings still allowed, and branches on one group at a time. Each node is
// pruned by a scan (pruning.go): a monotone relaxation of the game with one profile
// per group and pairing, which is sound (a failing scan proves that no winning play
// respects the pairings) and exact once every pairing is fixed. At the root,
// propagation probes each pairing with a scan of its own and drops those that fail;
// below it a node costs a scan and the stuck-profile rule (a pairing whose profile got
// stuck in a scan that cleared the board is impossible). On deals, probes and rescans
// go on from checkpoints of the base scan rather than from the start (resume.go). On
// long boards a node's scan and its probes update the last scan instead: they take
// back only the removals that a pairing dropped may have carried, and go on from the
// rest (update.go), so a scan costs what the change of pairings changes. There a node
// below the root scans only at every few levels and where every pairing is fixed, and
// its learnt nogoods alone prune in between (lazyscan.go).
//
// On one level a tile is freed by either side: the scan counts a side neighbour as
// gone only in the direction it went, and compile marks the sides that a closed row
// end keeps blocked until the tile goes (ends.go). So the scan sees de Bondt's
// one-level rows (Corollary 4) as the stacks they replace, and takes the same nodes on
// both.
//
// Branching picks the group with the most conflict activity (VSIDS), and tries first
// its pairing in the best random game of the current run (phase saving), then the
// others in the order their profiles finished in the base scan (branch.go).
//
// # Random games
//
// Before and during the search, random games look for a win (playout.go, choose.go,
// games.go): a batch before the search, and a few under the node's pairings at nodes
// of the search. A game commits groups to pairings as their tiles become free; it
// avoids leaving a linked pair (two tiles of which one blocks the other through a
// chain of tiles, which can only go once the chain breaks), and before the search it
// plays, of a group's free matches, the one that frees the most tiles. Half of the
// games replay a random prefix of the run's best game and play on at random, as nested
// Monte Carlo search does. On layouts the first games come before any scan, under the
// pairings left once those that no play can have by what lies on what are ruled out.
//
// # Learning
//
// A refutation is a nogood: a set of (group, pairings) that no winning play has all
// of. A failed scan still fails with every group it cleared widened back, so its
// refutation is the groups it left tiles of; a minimization keeps a nearly minimal set
// of them (learn.go). Below the root every narrowing of a group's pairings goes on a
// trail with its reason: the decision, the nogood that went unit, or the scan that
// failed (analyze.go). A node's refutation is resolved through those reasons, as a
// SAT solver analyses a conflict, to its first unique implication point, and learnt;
// a node whose children all failed is refuted by the union of their refutations, each
// resolved past its decision. So nogoods name implied narrowings, not decisions, and
// stay short. Nogoods propagate as clauses do, each watching two of its literals
// (nogoods.go). A child refuted without its own decision refutes its siblings too
// (backjumping). When the nogoods reach their bound, the half unused the longest is
// forgotten, but never one of three groups or fewer. The search restarts with a
// doubling node budget, keeping its nogoods and activity; on long boards the first
// budget is larger.
//
// # Concurrency
//
// Solve is safe for concurrent use. It keeps the memory of its searches and compiled
// boards in sync.Pools, and what a layout's positions decide (blocking lists, chains,
// how any two tiles stand) is built once per layout and shared by its deals
// (geometry.go). With Options.Workers > 1, worker 0 searches alone for helpAfter, then
// the others join with other seeds (odd ones trying pairings in reverse order); they
// share their nogoods, and the first to finish answers. The verdict does not depend on
// the workers; the play may. Searches poll the context's error rather than watch it
// from a goroutine (see halt).
//
// # Files
//
//	solver.go     Solve, its options and result, the workers
//	tuning.go     every tuning constant, with its reason
//	search.go     the search's state, grouped by role, and its node
//	run.go        a solve's runs: games before the search, then restarts (run, bounded)
//	propagate.go  a node's propagation: base scan, probes, stuck profiles
//	branch.go     the choice of group and pairing
//	learn.go      a failed scan's refutation, minimized, and the nogood store
//	analyze.go    the trail of narrowings and conflict analysis over it
//	minimize.go   a learnt nogood without the narrowings its other ones imply
//	nogoods.go    watched nogoods and their propagation
//	playout.go    a random game's state and moves
//	choose.go     which match a game plays
//	games.go      batches of games and replays of the best game's prefix
//	pruning.go    de Bondt's pruning scan, per profile
//	resume.go     checkpoints: probes and rescans that go on from the base scan
//	update.go     the incremental scan: widen, take back what a narrowing undoes, go on
//	update_directed.go  the same on one-level rows, where releases run along a row
//	compile.go    the board's compact view
//	geometry.go   the part of it that the layout decides
//	ends.go       closed row ends on one level
//	stacks2.go    the blocked-cycle rule for stacks of height at most 2
//
// # Glossary
//
// The hot code uses short names, as the paper does:
//
//	P      per group, the bit set of its allowed pairings (0..2 of a group of four)
//	K      a child's refutation, resolved past its decision
//	fm     a group's members free now, a 4-bit mask
//	q      a group's working pairings in a game
//	kl     the two member slots of a pair
//	tauP   per group, pairing and member: the evaluation of a scan that removed it
//	rmP    per group and pairing: tiles gone in that profile
//	nck    how many checkpoints the last base scan took
//	lit    a nogood's literal: a group and a set of its pairings
//
// # Benchmarks
//
// The benchmarks report time, nodes and verdict shares (b.ReportMetric) for turtle
// deals, the reductions of SATLIB's formulas and random formulas of testdata/random,
// so that benchstat compares two commits; docs/perf.md keeps the measured figures:
//
//	go test ./solver -run '^$' -bench Turtle -benchtime 1x -deals 10000 -count 5
//	go test ./solver -run '^$' -bench 'UF75|Random' -benchtime 1x
//
// Add -nojump to compare with backjumping and nogoods turned off.
package solver

//go:generate go run ./internal/benchsets -solver minisat -o testdata/random
