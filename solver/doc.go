// Package solver decides Mahjong Solitaire boards exactly (full information: every
// tile's group is known) and returns a winning play when there is one.
//
// It is for boards of the board package whose groups have 2 or 4 tiles: random deals
// of layouts such as the turtle, and de Bondt's reduction boards (package reduce). It
// is not a player's hint engine, not a SAT solver (package encode hands boards to
// one), and it says Unknown, never a guess, when stopped by a timeout or by its
// context.
//
// The method follows de Bondt's pairing search. A group of four tiles can be paired
// in three ways; the search narrows the set of allowed pairings per group and
// branches on one group at a time. Each node is pruned by a scan, a monotone
// relaxation of the game with one profile per group and pairing (see scanner), which
// is sound (a failing scan proves that no winning play respects the pairings) and
// exact when every pairing is fixed. At the root, propagation probes each pairing
// with a scan of its own and drops the ones that fail, in one sweep; below it the
// nodes are cheap, a scan and the stuck-profile rule (a pairing whose profile got
// stuck in a scan that cleared the board is impossible).
//
// Probes are cheap because they share work with the node's base scan: a probe that
// fixes group g to pairing p takes the base scan's steps until g's tiles first go
// sooner in the base scan than in profile p, so it resumes from the base scan's last
// checkpoint before that point; and it stops as soon as g is cleared, as the rest of
// the base scan can then follow. The base scan resumes from its own checkpoints in
// the same way when the pairings have only narrowed since its last run.
//
// On one level, a tile is freed by either side; the scan counts a side neighbour as
// gone only in the direction it went (a tile that went to the left cannot have
// cleared the side of its right neighbour), and compile marks the sides that a
// closed row end, a run at the end of a row whose groups lie in it, keeps blocked
// until the tile goes (ends.go). Together they make the scan see de Bondt's
// one-level rows (Corollary 4), "p q r c c c c", as the stacks p, q, r they replace:
// the search takes the same nodes on both boards.
//
// Before and during the exact search, random games look for a win: up to 256 before the
// search, those past the first 64 only when the best of these came within 16 tiles of
// clearing the board (four turtle deals in five fall to one of them), and a few under
// the node's pairings at every node. On layouts up to 32 of the first come before any
// scan, under the pairings left when those that no play can have by what lies on what
// are taken away: a tile paired with one lying over it (covering it, or through a
// chain of tiles each on the last, as on layouts with stairs), or two pairs each of
// which has a tile lying over one of the other (most deals end there); the rest
// follow one scan, which alone refutes most unsolvable deals and whose stuck profiles
// rule pairings out. The games of a batch share their opening (the fixed pairs free
// before any choice). Half of the games
// replay a random prefix of the best game of the current run, then play on at random,
// as nested Monte Carlo search does. In every game before the search, and in every
// other game at its nodes, a random commitment avoids leaving a linked pair to be
// played later, two tiles of which one blocks the other through a chain of tiles (each
// on the next or beside it): such a pair can only go once the chain breaks, and the
// games that avoid one win more often (docs/perf.md). The games before the search also
// play, of a group's free matches (three free tiles give one a pairing), the one that
// frees the most tiles at once, as more free tiles leave the game more ways on. On
// layouts the exact search runs in restarts with doubling node budgets (a run that
// ends within its budget is a proof); on long boards (isolated stacks, or more than a
// thousand tiles: the reductions) it runs once, as a restart there throws away more
// than it gains. On every board it branches on the group with the most conflict
// activity, as SAT solvers' VSIDS does with variables: every failed scan bumps the
// groups it could not clear, and every learnt nogood its groups.
//
// Its branching tries first the saved phase, as SAT solvers do: the pairing of the
// group in the random game of the current run that removed the most tiles. The deals
// that need the exact search are mostly solvable, and their best game is close to a
// winning play; it is what made cheap nodes pay (see propagate).
//
// The search learns from its refutations, as conflict-driven SAT solvers do
// (learn.go). Every narrowing of a group's pairings carries the set of decision
// levels it follows from. A scan that fails still fails with every group it cleared
// widened back to its initial pairings (the scan is a monotone fixpoint), so a
// refutation follows from the narrowings of the groups it left tiles of; of those, a
// minimization keeps a nearly minimal set, widening each group back alone and keeping
// it only when the scan then removes a third of the tiles left, which nearly always
// means it passes (each check goes on from the fixpoint of the failed scan, as
// widening pairings only adds removals; a check that goes on to the end costs the
// rest of a scan). The groups kept, with their
// pairings, are learnt as a nogood, a set of pairings no winning play has all of:
// like the first-UIP clause of a SAT solver it names implied narrowings, not the
// decisions behind them, so it is short (on the reductions often the three variable
// groups of one clause of the formula) and prunes every later branch, in this run and
// the next. Nogoods propagate as clauses do, to a fixpoint before every scan: when
// every group of a nogood but one is within its pairings, the last one loses them;
// each nogood watches two of its literals, as a SAT solver's clauses do, so that a
// node looks only at the nogoods its narrowings may have made unit (nogoods.go). A
// child refuted without its own decision refutes its siblings too (backjumping), and
// the decisions of every refutation are kept as a nogood as well. When the nogoods
// reach a bound, the half that took part in no narrowing or refutation for the
// longest is forgotten, but never one of three groups or fewer. The groups of every
// conflict gain activity, and the search branches on the most active group (VSIDS).
// On the reductions of uuf50-218 this is what turns a search that proved nothing in
// a minute into proofs of a second.
//
// Every Solvable verdict is replayed with board.Board.Replay before [Solve] returns,
// unless the caller says it replays the play itself (Options.CallerReplays: package
// scan replays every solver's plays, so a second replay would be the same check).
//
// Most turtle deals take a tenth of a millisecond, so fixed costs count: Solve keeps
// the memory of its searches and compiled boards between calls (in a sync.Pool, so it
// stays safe for concurrent use) and builds the next board of the same size in it;
// what the positions alone decide (the blocking lists, the chains, a table of how
// any two tiles stand) is built once per layout and shared by its deals (geometry.go;
// the deals of one Dealer are known by their board.Board.RelationsKey); the scan's
// part of the view is built only for deals that reach a scan, as most are won by the
// first games; the searches poll the context's error (see halt) rather than
// register with the context or watch it from a goroutine; and a board whose tile ids
// are their indices (every dealt board) replays its play without a map from ids to
// tiles.
//
// After the saved phase, the branching group's pairings are tried in the order in
// which their profiles finished in the base scan.
//
// With Workers > 1 the workers search with different seeds (odd ones trying pairings
// in reverse order), share the nogoods they learn, and the first to finish answers:
// the verdict is the same (every verdict is exact), the play may differ from run to
// run. Use one worker for reproducible plays. Two workers seldom lower the
// mean on turtle deals: a helper joins only after a millisecond and repeats the
// opening work; they help on the long searches.
//
// The files follow the algorithm: search.go holds the search's state and its loop
// (run, node), propagate.go the node's propagation (the base scan, probes, the
// stuck-profile rule), learn.go the conflict analysis and the nogoods, nogoods.go
// their propagation, branch.go the choice of group and pairing, playout.go the random
// games, pruning.go de Bondt's pruning scan in its per-profile form, resume.go how a
// scan goes on from an earlier one (checkpoints, probes, rescans), compile.go the
// board's compact view, geometry.go the part of it that the layout decides, ends.go
// its closed row ends, and stacks2.go the polynomial rule below.
//
// Boards of isolated stacks of height at most 2 are decided in polynomial time by
// de Bondt's blocked-cycle rule ([BlockedCycles], Theorem 7).
//
// The benchmarks report time, nodes and verdict figures (b.ReportMetric) for uniform
// turtle deals and for the reductions of SATLIB's uf20-91 and uuf50-218, so that
// benchstat compares two commits; docs/perf.md keeps the measured figures:
//
//	go test ./solver -run '^$' -bench Turtle -benchtime 1x -deals 10000 -count 5
//	go test ./solver -run '^$' -bench UF20 -benchtime 1x -uf 1000 -budget 10s
//	go test ./solver -run '^$' -bench UUF50 -benchtime 1x -uuf 100 -budget 2m
//
// Add -nojump to compare with backjumping and nogoods turned off.
package solver

//go:generate go run ./internal/benchsets -solver minisat -o testdata/random
