package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/graphviz"
	"golang.org/x/term"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

func run(ctx context.Context, args []string, stdout *os.File, stderr io.Writer) int {
	fs := flag.NewFlagSet("blockgraph", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: blockgraph [-view tiles|groups|gadgets] [-play PLAY.json [-upto K]] [-o FILE] [-render svg|png] BOARD")
		fs.PrintDefaults()
	}
	view := fs.String("view", "tiles", "`view`: tiles, groups or gadgets")
	playFile := fs.String("play", "", "draw the position after the moves of this play `file`")
	upto := fs.Int("upto", -1, "only the first `K` moves of the play; -1 means all")
	out := fs.String("o", "", "write to `file` instead of standard output")
	render := fs.String("render", "", "render through Graphviz's dot to `format` svg or png")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	fail := func(code int, err error) int {
		fmt.Fprintf(stderr, "blockgraph: %v\n", err)
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	v, err := graphviz.ParseView(*view)
	if err != nil {
		return fail(exitUsage, err)
	}
	if *upto >= 0 && *playFile == "" {
		return fail(exitUsage, errors.New("-upto needs -play"))
	}
	if *render != "" && *render != "svg" && *render != "png" {
		return fail(exitUsage, fmt.Errorf("-render %q: want svg or png", *render))
	}
	if *render == "png" && *out == "" && term.IsTerminal(int(stdout.Fd())) {
		return fail(exitUsage, errors.New("-render png: will not write PNG to a terminal (use -o FILE)"))
	}

	b, err := board.ReadFile(fs.Arg(0))
	if err != nil {
		return fail(exitUsage, err)
	}
	var p *board.Play
	if *playFile != "" {
		if p, err = board.ReadPlayFile(*playFile); err != nil {
			return fail(exitUsage, err)
		}
	}
	s, err := graphviz.Position(b, p, *upto)
	if err != nil {
		return fail(exitUsage, fmt.Errorf("%s: %w", *playFile, err))
	}
	d, err := graphviz.Draw(s, v)
	if err != nil {
		return fail(exitUsage, fmt.Errorf("%s: %w", fs.Arg(0), err))
	}
	data := d.Bytes()
	if *render != "" {
		if data, err = graphviz.Render(ctx, data, *render); err != nil {
			return fail(exitFailed, err)
		}
	}
	if *out == "" {
		if _, err := stdout.Write(data); err != nil {
			return fail(exitFailed, err)
		}
		return exitOK
	}
	if err := os.WriteFile(*out, data, 0o644); err != nil {
		return fail(exitFailed, err)
	}
	return exitOK
}
