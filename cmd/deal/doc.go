// Command deal prints a random deal of a Mahjong Solitaire layout as a board.
//
// Usage:
//
//	deal [-layout NAME | -layout-file PATH [-map NAME]] [-seed N] [-format json|stacks] [-transpose]
//
// The layout is a built-in one (-layout; "turtle", alias "default", is the default) or
// read from a file (-layout-file) in the Xmahjongg, Kyodai or KMahjongg format, chosen by
// the file's first byte, or a GNOME Mahjongg map file, from which -map picks a map by name
// (needed when the file holds several).
//
// The deal is board.Deal: uniform over all ways to group the positions in fours (and one
// pair when the count is 2 mod 4), from the SplitMix64 generator seeded with -seed
// (default 0), so the same layout and seed give the same bytes on every machine.
// -transpose swaps x and y of the layout first (its name gets " transposed").
//
// The board is written to standard output as mahjong-board/1 JSON (-format json, the
// default) or as the stacks text (-format stacks), which only exists for boards made of
// isolated stacks; see shared/design/board-format.md.
//
// Exit status: 0 when the board was written, 2 for bad usage or input (one-line error on
// standard error).
package main
