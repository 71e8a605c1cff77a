// Command blockgraph draws a Mahjong board as Graphviz DOT, to show why a position is stuck or
// how a reduced board is built.
//
// Usage:
//
//	blockgraph [-view tiles|groups|gadgets] [-play PLAY.json [-upto K]] [-o FILE] [-render svg|png] BOARD
//
// BOARD is a board file (mahjong-board/1 JSON or the stacks text; "-" reads standard
// input). The views (see package graphviz):
//
//	-view tiles    one box per tile, labelled "id group"; an edge u -> v when u covers v
//	               (u must go before v); dashed arrowless edges join left and right
//	               neighbours (a tile with a neighbour on both sides is blocked);
//	               playable tiles are filled. The default.
//	-view groups   boards of isolated stacks: one node per group, an edge p -> q for each
//	               stack with a p tile directly on a q tile; when de Bondt's Definition 6
//	               applies (stacks of height 1 and 2, groups of 2 or 4 tiles), every
//	               blocked cycle is drawn in red and listed in a comment with Theorem 7's
//	               verdict: solvable exactly when there is none.
//	-view gadgets  boards made by reduce: the group graph with one cluster per variable
//	               and clause gadget and for the x- and y-chains, labelled from the
//	               board's meta; edges at key tiles (SAT_x, V_t, C_x, lit1, ...) labelled.
//
// Other flags:
//
//	-play FILE     a play (docs/formats.md): draw the position after its moves.
//	               Removed tiles are not drawn.
//	-upto K        only the first K moves of the play (default: all).
//	-o FILE        write to FILE instead of standard output.
//	-render FMT    run Graphviz's dot and write SVG or PNG instead of DOT (dot must be
//	               installed; PNG is not written to a terminal).
//
// The DOT output is a function of the board and the play: the same input gives the
// same bytes.
//
// Every mjsat command shares its conventions (package internal/cli): -h prints the
// usage on standard output, -version the version, a file operand may be "-" for
// standard input, -o FILE writes the result whole or not at all, -timeout and SIGINT
// or SIGTERM stop the work with an honest partial answer. Exit status, the same for
// every command:
//
//	0  decided (solvable or not, satisfiable or not), or done
//	1  a check failed: Graphviz's dot is missing or fails (-render)
//	2  bad usage or input (one line on standard error naming the file and what is wrong)
//	3  unknown: stopped by -timeout or a signal
package main
