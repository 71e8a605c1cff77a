// Package scan estimates how often a uniform random deal of a Mahjong layout cannot be
// won even with peeking (de Bondt's table, §3.4 of "Solving Mahjong Solitaire boards with
// peeking"): it solves the deals of a seed range with a pluggable solver, records one
// JSON line per deal, and summarises the records with a 95% Wilson score interval.
//
// The pieces:
//
//   - [Run] solves the seeds of a [Range] of one layout on N workers and writes the
//     [Record]s in seed order, whatever order the workers finish in, so that a run split
//     into shards and merged gives the same lines as one run (apart from times).
//   - [ReadRecords], [Canonical] and [Merge] read, sort and combine result files;
//     [MergeEach] combines files in canonical order side by side, one record of each at
//     a time. A file is resumable: [RunFile] skips the seeds it already holds.
//   - [Summarize] (or a [Summarizer], one record at a time) and [WriteText] give the
//     unsolvable fraction, its [Wilson] interval, unknowns, time per deal and the
//     slowest seeds; [Chart] draws the fractions with their intervals as SVG, beside
//     de Bondt's figures ([Paper]).
//
// Package scan is not a solver (the scan command hands it the native one, or the
// exhaustive reference solver of internal/reference for tiny layouts), not a layout
// finder (package layouts), not a progress display (internal/cli), and not a cluster
// scheduler: a run is one process;
// larger scans split the seed range into shards run by any job engine and merged with
// [Merge] (see the README).
package scan
