// Command play plays Mahjong Solitaire without peeking: as a person does, who sees
// the faces of the tiles not wholly covered and nothing under them. It gives the exact
// chances of the optimal player and of plain policies on small boards, plays policies
// on the deals of a layout for their win rates, traces a policy's game, and estimates
// a strong player's chances from a position.
//
// Usage:
//
//	play -exact [-json] BOARD
//	play -trace -policy P [-seed N] [-samples K] BOARD
//	play -policy P -layout NAME -deals A:B [-j N] [-samples K] [-refine R] [-rollouts N] [-o FILE] [-q]
//	play -odds [-play PLAY] [-games N] [-samples K] [-seed N] BOARD
//
// The player knows the layout, the groups of the tiles removed, how many tiles of each
// group are in play, and the face of every tile of which some part is not under another
// tile; to it, every assignment of the unseen faces to the hidden tiles is equally
// likely. The policies (package nopeek) see nothing else:
//
//	random   each available match equally likely
//	greedy   the match that frees the most tiles
//	debondt  de Bondt's Theorem 5: any group with a match, then its match with the most
//	         tiles off the ground (optimal on stacks of heights one and two)
//	sample   a strong player: K imagined boards (-samples, default 16) that agree with
//	         what it knows, each decided by the exact solver; the move that keeps the
//	         most of them winnable, among equals the one that uncovers the most
//	         hidden tiles; -refine R spends up to R more rounds of K
//	         boards on the moves tied at the top (0, the default: none);
//	         -rollouts N breaks the ties left by games of greedy play, which
//	         does not peek either, after each tied move on N more imagined
//	         boards (0, the default: none)
//
// -exact computes, from the board's first view, the optimal win probability without
// peeking and that of random, greedy and debondt (an expectimax over the player's
// information states: small boards only; a board too big is refused, exit 2). -json
// prints {"optimal": p, "policies": {"random": p, "greedy": p, "debondt": p}}.
//
// -o FILE writes the answer whole or not at all; with -layout it is the results file.
//
// -trace plays one game of the board by policy P from seed N and prints its moves as
// a play, {"format": "mahjong-play/1", "moves": [[a, b], ...]}, which solve -check,
// analyze and view read.
//
// With -layout, play plays P on the deals of seeds A..B-1 (the seeds of deal), each game
// drawing its random numbers from its deal's seed, and writes one JSON line a deal,
// {"seed":17,"policy":"debondt","won":true,"moves":72}, in seed order; then the share
// won with its 95% Wilson interval, beside the share of the same deals that can be won
// with peeking. -o FILE is resumable as scan's results are: the seeds the file holds
// are skipped, new lines appended, a line cut short by a crash dropped; shards of seeds
// in files of their own make one table together (cat them).
//
// On a terminal a progress line (deals played, rate, time left, games won) is drawn on
// standard error; -q leaves it out.
//
// -odds estimates a strong player's chance of winning from the position after -play
// (default: the start) without peeking: -games N games (default 200) from the
// position, each on the board with its unseen faces dealt again at random, played by
// sample; it prints the share won and its 95% Wilson interval.
//
// Every mjsat command shares its conventions (package internal/cli): -h prints the
// usage, -help this manual, a file operand may be "-" for standard input, Ctrl-C stops
// the work with what was done written. Exit status, the same for every command:
//
//	0  done
//	1  a check failed
//	2  bad usage or input (one line on standard error naming the file and what is wrong)
//	3  unknown: stopped by a signal
package main
