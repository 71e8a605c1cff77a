package solver

import "time"

// The solver's tuning, in one place, each number with its reason. The measurements
// behind them are in docs/perf.md; a "long" board is one of more than longBoard tiles
// (de Bondt's reductions), the others are the games' layouts.
const (
	// longBoard: the games' largest layouts have a few hundred tiles, de Bondt's
	// reductions thousands; the two want different schedules (see search.reset).
	longBoard = 1000

	// Random games. On a layout a game costs a few microseconds and often wins; on a
	// long board it is a play of thousands of tiles that seldom wins before nearly
	// every pairing is fixed. There, games at one node in 16 paid while a scan cost
	// most of a node; once the scan was incremental (update) they cost more than the
	// wins they brought sooner, on satisfiable boards too (docs/perf.md).
	gamesStart     = 256 // games before the search on a layout, once the first batch came near a win
	gamesStartLong = 64  // the same on a long board: fewer, each costly
	gamesFirst     = 32  // games at the first node of a run
	gamesRoot      = 16  // games at the root after a restart
	gamesNode      = 2   // games at a node below the root on a layout: the saved phase finds most plays in two
	gamesEveryLong = 64  // on a long board, games are played at one node in this many below the root (see above)
	firstGames     = 64  // the first batch before the search (see run)
	nearClear      = 16  // ...the rest of it is played only if its best game left at most this many tiles
	earlyGames     = 32  // on layouts, games of the first batch played before the first scan (cut by earlyCuts)
	snapEvery      = 8   // commitments of the best game between the positions saved for replaying its prefix

	// Restarts: a run's node budget starts here and doubles. A long board's nodes
	// are costly and its nogoods, over narrowings since conflict analysis, carry
	// what a run learnt into the next: restarts from 256 nodes cut the nodes of
	// random 3-CNF reductions by a fifth to a quarter (docs/perf.md); before that
	// analysis, restarts only threw a run's phase away.
	restartBudget     = 16
	restartBudgetLong = 256

	// Nogoods: the largest learnt, and the most kept at once on long boards and on
	// layouts. On the random 3-CNF reductions, learning the nogoods of conflict
	// analysis up to 30 groups, not 12, saved a fifth of the nodes, and up to 60
	// changed nothing more. A layout's nogoods are over a few dozen groups, and past
	// a couple of thousand the watch lists cost the heaviest deals more than
	// forgetting saves.
	maxNogood        = 30
	maxNogoods       = 20000
	maxLayoutNogoods = 2000

	// scanEveryLong: on a long board a node below the root scans its pairings at
	// every this-many decision levels, and propagates its nogoods alone in between
	// (lazyscan.go). Each level fixes a variable group of a reduction, and a scan
	// costs many times the nogoods' check. On the random 3-CNF reductions 4 took the
	// least time on most sets: 3 scanned more for about as many nodes, and 6 saved
	// time on some unsatisfiable sets and lost it on the others (docs/perf.md).
	scanEveryLong = 4

	// checkpointEvery: evaluations between the saved states of the base scan, which
	// probes and rescans go on from (a trade between the copies and the work redone).
	checkpointEvery = 16

	// maxRun bounds the runs of one-level rows that closeEnds looks for, and so its
	// work on long rows.
	maxRun = 8

	// keptGeometries bounds the layouts whose geometry is kept between boards: a
	// scan deals one layout, a test or a server a few.
	keptGeometries = 4

	// progressEvery and importEvery: nodes between calls of Options.Progress, and
	// between looks at the nogoods other workers learnt.
	progressEvery = 256
	importEvery   = 16

	// helpAfter: how long worker 0 searches alone before the others join; most deals
	// end before it, and a helper would only repeat their opening work.
	helpAfter = time.Millisecond
)

// earlyCuts are where the games before the first scan stop on a layout: after 2
// games unless the best came within 96 tiles of clearing the board, after 8 unless it
// came within 64 (see earlyGames).
var earlyCuts = []gameCut{{at: 2, near: 96}, {at: 8, near: 64}}
