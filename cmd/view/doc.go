// Command view shows a Mahjong board to a person: a local web page to play it with the
// exact native solver behind it, or an SVG picture.
//
// Usage:
//
//	view [-layout NAME -seed N | BOARD] [-play PLAY] [-addr 127.0.0.1:0] [-allow-host NAME]
//	view -svg [-play PLAY] [-o FILE] [-layout NAME -seed N | BOARD]
//
// The first form starts a web server (assets embedded, no network needed) on -addr,
// loopback by default (":0" picks a free port), and prints its URL on the first line
// of standard output. The page draws the tiles on their levels, offset and shaded as
// the games draw them, each group labelled, free tiles outlined in green; on a board
// from reduce, the gadgets are coloured (variables, clauses, chains) and the page shows
// the truth assignment the play commits to. A person removes pairs by clicking two
// matching free tiles, with undo, redo and restart; after every move the page says
// whether the position can still be won (the native solver on the server, at most 5 s
// a question: else "unknown"). Hint shows a move that keeps the game winnable; Solve
// fetches a winning play to step through forwards and backwards; on a lost position
// the page draws the group core in red and names the move of the play that lost the
// game. Load deals any layout the resolver knows by name with any seed; a board file
// can be uploaded.
//
// The server is safe to run on a shared machine. It answers only requests addressed
// to an IP address or localhost (a page of another site that made its own name
// resolve to this machine, DNS rebinding, gets 421); -allow-host NAME adds a name,
// for a server reached by its host name. It keeps at most 4096 boards of 2,097,152 tiles in all, 16 of them for
// one page (known by a cookie), caps request bodies at 16 MB, runs at most two solves
// at once, lets one page have two requests under way (429 beyond) and 256 wait in all
// (503 beyond), and cancels a solve when its client goes; a page can name layouts but
// not read files. Ctrl-C stops it.
//
// -svg writes the board, or the position after -play, as a static SVG picture: every
// tile one element with data-tile="ID".
//
// A Shisen-Sho board (shisen-board/1, deal -game shisen) opens the Shisen-Sho page:
// click two tiles of one group that a path of at most three lines joins; the path is
// drawn, and after every move package shisen's exact solver says whether the position
// can still be won. -svg draws it, every tile one element with data-cell="X,Y";
// -static DIR writes a site that plays it in the browser, as for Mahjong.
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
