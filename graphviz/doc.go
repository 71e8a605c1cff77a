// Package graphviz draws Mahjong boards as Graphviz DOT, through
// github.com/emicklei/dot, to show why a position is stuck or how a reduction is built.
//
// Three views are offered, each a function of a position ([board.State]):
//
//   - [Tiles]: one node per tile, an edge u → v when u must go before v because u
//     covers v (transitively reduced), and dashed, arrowless edges between left and
//     right neighbours, so that the either-side rule is visible. Playable tiles are
//     filled. Tiles already removed are omitted.
//   - [Groups]: for boards of isolated stacks, the group graph: one node per group, an
//     edge p → q for every stack in which a p tile lies directly on a q tile. Where de
//     Bondt's Definition 6 applies (remaining stacks of height at most 2, every group
//     with 2 or 4 tiles left) every blocked cycle is drawn in red and listed in a
//     comment with Theorem 7's verdict; elsewhere a comment says why it does not apply.
//   - [Gadgets]: for boards made by the reduction, one cluster per gadget (variables,
//     clauses, the x- and y-chains), labelled from the board's meta.
//
// A [Drawing] is a DOT graph with comment lines written before it. Its bytes are a
// function of the position alone: nodes and edges are created in tile or group order,
// and no map order reaches the output (emicklei/dot sorts nodes, edges and subgraphs;
// its AddToSameRank, which does not, is not used: rank=same subgraphs are).
//
// [Render] runs the installed Graphviz dot to turn DOT into SVG or PNG.
//
// The package draws; it does not decide boards. The blocked-cycle test is exact only
// under Definition 6's conditions, where Theorem 7 makes it a complete solvability test.
package graphviz
