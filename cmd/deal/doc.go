// Command deal prints a random deal of a Mahjong Solitaire layout as a board.
//
// Usage:
//
//	deal [-layout NAME | -layout-file PATH [-map NAME]] [-seed N] [-format json|stacks] [-transpose] [-o FILE]
//	deal -layout list
//	deal -game shisen -size WxH [-gravity] [-kinds N] [-seed N] [-o FILE]
//
// The layout is found by name (-layout; "turtle", alias "default", is the default): a
// built-in one, a file of $MJSAT_LAYOUTS, or one the Xmahjongg, KMahjongg or GNOME
// Mahjongg games installed (qualified names such as kmahjongg/pyramid or gnome/cloud
// pick the source; see package layouts; -layout list prints them all); or it is read
// from a file (-layout-file, or a path given to -layout) in the Xmahjongg, Kyodai or
// KMahjongg format, chosen by the file's first byte, or a GNOME Mahjongg map file, from
// which -map picks a map by name (needed when the file holds several).
//
// The deal is board.Deal: uniform over all ways to group the positions in fours (and one
// pair when the count is 2 mod 4), from the SplitMix64 generator seeded with -seed
// (default 0), so the same layout and seed give the same bytes on every machine.
// -transpose swaps x and y of the layout first (its name gets " transposed").
//
// -solvable draws deals until one can be won: from a SplitMix64 stream seeded with
// -seed it takes deal seeds one after another, deals each, and keeps the first that
// the native solver wins. Rejecting lost deals keeps the draw uniform among winnable
// deals (unlike games that build a deal backwards from a random play, which favours
// easy deals). The same seed gives the same bytes. The board's meta says how it was
// drawn and carries its winning play: {"layout", "seed", "solvable": {"tries",
// "deal_seed", "winning_play"}}; with -difficulty N also its difficulty (package
// difficulty): the chance that uniformly random play wins, from N random games with a
// 95% interval, and how many of the first moves keep it winnable.
//
// The board is written to standard output as mahjong-board/1 JSON (-format json, the
// default) or as the stacks text (-format stacks), which only exists for boards made of
// isolated stacks; see shared/design/board-format.md.
//
// -game shisen prints a Shisen-Sho deal (shisen-board/1; package shisen): every cell
// of the WxH board (default 18x8) filled with groups of four, shuffled uniformly from
// -seed; -gravity sets KShisen's rule of falling tiles. -kinds N lays at most N kinds
// four at a time, as KShisen does with its 42 (-kinds 42), so that on its large
// sizes some kinds have eight or twelve tiles.
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
//	3  unknown: stopped by -timeout or a signal
package main
