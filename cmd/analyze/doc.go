// Command analyze finds where a play of a Mahjong board went wrong: the first move
// after which the game can no longer be won.
//
// Usage:
//
//	analyze [-json] [-timeout D] [-o FILE] BOARD PLAY
//
// BOARD is a mahjong-board/1 JSON file or a stacks text, PLAY a mahjong-play/1 document
// (its moves, or its partial moves when it does not claim a win; a play may stop
// anywhere). Winnability only ever drops along a play, so a bisection over its
// positions finds the first losing move with a few exact solves (package explain): the
// position before it can be won and the one after it cannot, both decided by the
// native solver. analyze prints that move, a move from the position before it that
// keeps the game winnable, and the verdict on the final position. With -json:
//
//	{"moves": N, "initial": "solvable", "first_losing": K, "alternative": [id, id], "final": "unsolvable"}
//
// where K is the 0-based index of the losing move (null when the play never loses the
// game, or when the deal was lost from the start).
//
// Stopped by -timeout (a limit per solve) or a signal, analyze prints "unknown" and
// then what the solves that ended found: the verdicts decided (the others read
// "unknown"), and the moves among which the losing one lies when the bisection was
// under way ("within": [first, last] in JSON, 0-based), with exit status 3. On a
// terminal it shows on standard error each position as it is decided.
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
//	3  unknown: stopped by -timeout or a signal (the answer printed is "unknown")
package main
