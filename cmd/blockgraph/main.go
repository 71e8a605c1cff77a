package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/term"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/explain"
	"github.com/mjsat/mjsat/graphviz"
	"github.com/mjsat/mjsat/internal/cli"
)

//go:embed doc.go
var manual string

func main() { cli.Main(manual, run) }

// run is the command without the process around it; it returns the exit status.
func run(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "blockgraph",
		"blockgraph [-view tiles|groups|gadgets] [-play PLAY [-upto K]] [-core] [-o FILE] [-render svg|png] [-timeout D] BOARD|-")
	fl := c.Flags
	view := fl.String("view", "tiles", "`view`: tiles, groups or gadgets")
	playFile := fl.String("play", "", "draw the position after the moves of the play in `FILE` (or -)")
	upto := fl.Int("upto", -1, "only the first `K` moves of the play; -1 means all")
	out := c.Output("the drawing")
	render := fl.String("render", "", "render through Graphviz's dot to `format` svg or png")
	timeout := c.Timeout(0, "give up (solving for -core, rendering) after this long")
	coreFlag := fl.Bool("core", false, "draw only a group core of the (lost) position: a few groups whose tiles alone cannot be cleared")
	if code, ok := c.Parse(args, 1, 1); !ok {
		return code
	}
	v, err := graphviz.ParseView(*view)
	if err != nil {
		return c.UsageError("%v", err)
	}
	switch {
	case *upto >= 0 && *playFile == "":
		return c.UsageError("-upto needs -play")
	case *render != "" && *render != "svg" && *render != "png":
		return c.UsageError("-render %q: want svg or png", cli.Excerpt(*render))
	case *render == "png" && (*out == "" || *out == "-") && isTerminal(c.Stdout):
		return c.UsageError("-render png: will not write PNG to a terminal (use -o FILE)")
	case *playFile == "-" && fl.Arg(0) == "-":
		return c.UsageError("-play - and the board - cannot both be standard input")
	}
	b, err := cli.Read(c, fl.Arg(0), board.Read)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	var p *board.Play
	if *playFile != "" {
		if p, err = cli.Read(c, *playFile, board.ReadPlay); err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
	}
	s, err := graphviz.Position(b, p, *upto)
	if err != nil {
		return c.Fail(cli.ExitUsage, fmt.Errorf("%s: %w", *playFile, err))
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	if *coreFlag {
		pos, err := s.Position()
		if err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		core, err := explain.GroupCore(ctx, pos, explain.Options{})
		switch {
		case errors.Is(err, explain.ErrUnknown):
			return c.Fail(cli.ExitUnknown, fmt.Errorf("-core: %w", err))
		case err != nil:
			return c.Fail(cli.ExitUsage, fmt.Errorf("-core: %w", err))
		}
		s = core.Sub.NewState()
	}
	d, err := graphviz.Draw(s, v)
	if err != nil {
		return c.Fail(cli.ExitUsage, fmt.Errorf("%s: %w", fl.Arg(0), err))
	}
	data := d.Bytes()
	if *render != "" {
		if data, err = graphviz.Render(ctx, data, *render); err != nil {
			if ctx.Err() != nil {
				return c.Fail(cli.ExitUnknown, err)
			}
			return c.Fail(cli.ExitFailed, err)
		}
	}
	err = c.WriteOutput(*out, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
	if err != nil {
		return c.Fail(cli.ExitFailed, err)
	}
	return cli.ExitOK
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
