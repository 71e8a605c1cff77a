// Package reduce builds Mahjong Solitaire boards from CNF formulas: de Bondt's
// reduction from 3-SAT (Theorem 3 of "The computational complexity of Mahjong
// Solitaire"), with isolated stacks of height three of the forms a a b and a b b, and
// its one-level version (Corollary 4). The construction is the one written out, stack
// by stack, in shared/design/reduction.md; [Reduce] follows it literally, and the
// package's tests check it against brute-force satisfiability by an exact search of
// the boards of many small formulas.
//
// Besides the board, [Reduce] returns a [Map] holding the role of every group and the
// key tiles, and the two certificate maps of the proof:
//
//   - [Map.PlayFromAssignment] turns a satisfying assignment into a complete winning
//     play (checked by [board.Board.Replay] in the tests);
//   - [Map.AssignmentFromPlay] turns a winning play back into a satisfying assignment:
//     V_i is true iff V_x was paired with V_t.
//
// # Input formulas
//
// Any CNF is accepted. Repeated literals in a clause are dropped; a clause with a
// literal and its negation is always true and is left out; a clause of one or two
// literals is padded by repeating its last literal, as the paper says; a clause of
// k > 3 literals is split into k-2 3-clauses with k-3 fresh variables (each of which
// gets a variable gadget). All of this is recorded in [Prep], in the board's meta and,
// by the reduce command, on standard error. A formula with an empty clause is
// unsatisfiable by definition and is refused with [ErrEmptyClause]: no board is
// produced. A formula without clauses gives the 8 stacks of step 1 plus a gadget per
// variable, a board that is always solvable.
//
// # Size
//
// For the 3-CNF with n variables and m clauses the board has 8 + 12n + 12m stacks
// (24 + 36n + 36m tiles, 6 + 9n + 9m groups of four). A one-level board has seven
// tiles per stack.
//
// # Layout and meta
//
// Stacks are placed in construction order on a grid, [Options.Columns] per line
// (about the square root of their number by default), stack k of a line at x = 4k,
// lines 4 apart in y. A one-level row occupies x = 16k … 16k+12 (seven touching tiles),
// so rows are 2 cells apart in x and 4 in y and never touch. The board's meta holds
// {"reduction": …}: the source, n, m, the normalisation ([Prep]), the number of
// stacks, a role for every group (x, y, SAT, V, t, f, C, the fillers a, b and the row
// fillers c) and the ids of the key tiles (SAT_x, SAT_y, V_x/V_t/V_f/V_y per variable,
// C_x and the literal tiles per clause).
//
// # The one-level rows
//
// A stack p q r becomes the row p q r c c c c of touching tiles. p is free (no left
// neighbour); q is free only once p is gone and r only once q is gone, since their
// right neighbours stay. The rightmost c is free from the start (no right neighbour),
// but it has no partner: the other three c tiles each have both neighbours until r is
// gone. Then the leftmost and rightmost c pair, then the middle two. So the row lets
// its tiles go exactly in the order the stack does, and the written construction is
// kept unchanged; the tests confirm this by exact search on one-level boards.
//
// # Test-only mutations
//
// [Options.Mutate] breaks one gadget on purpose ([MutateFreeVY], [MutateFlipFirst]),
// so that checkers in other packages can show that they notice. Mutated boards do not
// encode their formula.
//
// The package does not solve boards: see the solver and encode packages for that.
package reduce
