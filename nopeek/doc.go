// Package nopeek is Mahjong Solitaire played without peeking, as people play it: the
// player sees the faces of the tiles of which some part is not under another tile,
// and nothing under them. It gives policies that cannot peek by construction (they
// receive a [View], which holds no hidden face), plays them on boards and layouts, and
// computes on small boards the exact chance of winning of the optimal player and of
// each policy (an expectimax over the player's information states), with which the
// tests check de Bondt's Theorem 5: on isolated stacks of heights one and two his
// strategy ([DeBondt]) is optimal, and on stacks of height three it is not always.
//
// The model: the player knows the layout, the groups of the tiles removed, how many
// tiles of each group are in play, and every face it has seen; to it every
// assignment of the unseen faces to the hidden tiles is equally likely. A move is two
// free tiles of one group (free tiles are always seen).
package nopeek
