// Command scan solves many random deals of a Mahjong layout and reports how often a deal
// cannot be won even with peeking, with a 95% Wilson interval (de Bondt's table).
//
// Usage:
//
//	scan [-layout NAME | -layout-file PATH] [-transpose] -deals A:B [-j N] [-timeout D]
//	     [-results results.jsonl] [-retry-unknown] [-notime] [-exhaustive]
//	     [-difficulty N] [-q]
//	scan -layout list
//	scan merge [-o FILE] FILES...
//	scan summary [-format text|md] [-deals A:B] FILES...
//	scan chart [-title TEXT] FILES... > results.svg
//	scan -game shisen -size WxH [-gravity] [-kinds N] -deals A:B [-results FILE] ...
//	scan greedy FILES...
//
// The scan solves the deals with seeds A, A+1, ..., B-1 (the seeds of the deal command;
// "-deals N" means 0:N) on N workers (-j, default the number of CPUs) and writes one
// JSON line per deal, in seed order whatever the number of workers:
//
//	{"layout":"default","seed":17,"verdict":"solvable","ms":0.412,"nodes":123}
//
// verdict is solvable, unsolvable or unknown (the deal ran out of -timeout, default
// 1m); ms is the solving time and the only field that differs between two runs (-notime
// leaves it out, for byte-identical files). Every "solvable" play is replayed move by
// move before it is recorded.
//
// -difficulty N also records how hard every winnable deal is for a player (package
// difficulty): of N uniformly random games how many won, and how many of the first
// moves keep the deal winnable ("games", "won", "first_moves", "winning_first" after
// "nodes"); the summary gives their means. A deal whose measure runs out of -timeout is
// recorded unknown, for -retry-unknown.
//
// With -results (or its synonym -o, which scripts call) the lines go to the file and the summary of the file's records for the layout
// to standard output; without it the lines go to standard output and the summary to
// standard error. The file is resumable: seeds it already holds are skipped, so
// rerunning the same command after a crash or Ctrl-C finishes the job; -retry-unknown
// also solves again the deals the file holds as unknown (e.g. with a longer -timeout),
// but not those whose record shows -timeout given already, so that it resumes too.
// The lines are appended as the deals finish, so the file is plain JSONL: a name ending
// in .gz is refused (gzip the file when done; gunzip it to resume).
// Ctrl-C (or SIGTERM) stops the scan, keeps every finished deal and prints the partial
// summary.
// On a terminal a progress bar with rate and ETA is drawn on standard error (-q: none).
//
// -layout NAME finds a layout by name (package layouts): a built-in one (turtle, or
// default: the same shape), a file of the folders in $MJSAT_LAYOUTS, or a layout that
// the Xmahjongg, KMahjongg or GNOME Mahjongg games installed; a qualified name
// (xmahjongg/ox, kmahjongg/pyramid, gnome/cloud) looks in one source, and a path is
// read as a file. -layout list prints every layout found, with its source and tile
// count. -layout-file reads any layout file the board package reads. -j above four per
// core is clamped with a warning. -transpose swaps x and y (de Bondt's transposed layouts); the records then
// name the layout NAME^T.
//
// The deals are decided by the native solver; -exhaustive decides them by a plain
// exhaustive search instead, for boards of at most 64 tiles, to check the solver on
// tiny layouts (-method exhaustive and -solver exhaustive are its deprecated spellings).
//
// -game shisen scans Shisen-Sho deals (deal -game shisen) with the shisen package's
// solver, records named shisen-WxH, shisen-WxH-gravity, and with -kinds N (KShisen's
// tile set: 42) shisen-WxH[-gravity]-kN. "scan greedy" compares, on
// such records, KShisen's check of a deal (greedy, gravity ignored) with its verdict:
// how many deals the check passes that cannot be won, and fails that can.
//
// Shards: disjoint seed ranges can run anywhere, each into its own file;
//
//	scan merge -o all.jsonl shard-*.jsonl
//
// sorts and combines them (a decided record beats an unknown one; two records that
// disagree are an error), and gives the same lines as one run over the whole range.
// "scan summary" prints the summary of result files (-format md: a Markdown table beside
// de Bondt's figures; -deals A:B only the seeds A..B-1, such as a stretch in which every
// deal was decided, whose interval then needs no bounds for the unknown) and "scan
// chart" an SVG chart of the unsolvable percentage with its interval per layout. Files ending in .gz are read compressed. The three read
// files that are each in order (as scan writes them) side by side, holding one record
// of each at a time (summary and chart keep each deal's time and seed); a signal stops
// them with exit status 3 and no output.
//
// Every mjsat command shares its conventions (package internal/cli): -h prints the
// usage on standard output, -version the version, a file operand may be "-" for
// standard input, -o FILE writes the result whole or not at all (but for scan's
// results file, which grows as deals finish), -timeout and SIGINT
// or SIGTERM stop the work with an honest partial answer. Exit status, the same for
// every command:
//
//	0  decided (solvable or not, satisfiable or not), or done
//	1  a check failed: result files disagree on a deal (merge)
//	2  bad usage or input (one line on standard error naming the file and what is wrong)
//	3  unknown: stopped by -timeout or a signal: some deals are unknown, or the scan (rerun to resume), merge, summary or chart was interrupted
package main
