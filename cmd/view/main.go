package main

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/layouts"
	"github.com/mjsat/mjsat/shisen"
	"github.com/mjsat/mjsat/view"
)

//go:embed doc.go
var manual string

func main() { cli.Main(manual, run) }

// run is the command without the process around it; it returns the exit status.
func run(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "view",
		"view [-layout NAME -seed N | BOARD] [-play PLAY] [-addr 127.0.0.1:0] [-allow-host NAME]",
		"view -svg [-play PLAY] [-o FILE] [-layout NAME -seed N | BOARD]",
		"view -static DIR [-layout NAME -seed N | BOARD]")
	fl := c.Flags
	layoutName := fl.String("layout", "", "deal the layout `NAME` (see deal -layout list) instead of reading a board")
	seed := c.Seed(0, "with -layout: the deal's seed")
	playFile := fl.String("play", "", "start from the position after the moves of the play in `FILE` (or -)")
	addr := fl.String("addr", "127.0.0.1:0", "listen on `HOST:PORT` (:0 picks a free port; loopback unless told otherwise)")
	var allow []string
	fl.Func("allow-host", "also answer requests addressed to the host `NAME` (besides IP addresses and localhost); repeatable", func(v string) error {
		allow = append(allow, v)
		return nil
	})
	site := fl.String("static", "", "write a static site into `DIR` that plays the board in the browser, with no server")
	svg := fl.Bool("svg", false, "write the board (after -play) as an SVG picture instead of serving the page")
	out := c.Output("the SVG picture")
	if code, ok := c.Parse(args, 0, 1); !ok {
		return code
	}
	var b *board.Board
	var err error
	switch {
	case *layoutName != "" && fl.NArg() > 0:
		return c.UsageError("use -layout or a BOARD, not both")
	case fl.NArg() > 0 && len(c.Given("seed")) > 0:
		return c.UsageError("-seed goes with -layout (or no BOARD): a BOARD is dealt already")
	case *layoutName != "":
		var l board.Layout
		if l, err = layouts.Find(*layoutName); err == nil {
			b, err = board.Deal(l, *seed)
		}
	case fl.NArg() == 1:
		var data []byte
		if data, err = cli.Read(c, fl.Arg(0), cli.ReadBytes); err == nil && shisen.IsBoard(data) {
			return viewShisen(ctx, c, data, fl.Arg(0), *playFile, *addr, allow, *svg, *out, *site)
		}
		if err == nil {
			b, err = board.Read(bytes.NewReader(data), cli.InputName(fl.Arg(0)))
		}
	}
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	var moves [][2]int
	if *playFile != "" {
		if *playFile == "-" && fl.Arg(0) == "-" {
			return c.UsageError("the play and the board cannot both be standard input")
		}
		p, err := cli.Read(c, *playFile, board.ReadPlay)
		if err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		moves = p.Moves
	}
	if *svg {
		if b == nil {
			return c.UsageError("-svg needs a BOARD or -layout")
		}
		s := b.NewState()
		if err := s.Apply(moves); err != nil {
			return c.Failf(cli.ExitUsage, "%s: %v", *playFile, err)
		}
		if err := c.WriteOutput(*out, func(w io.Writer) error { return view.WriteSVG(w, s, view.SVGOptions{}) }); err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		return cli.ExitOK
	}
	if *site != "" {
		if b == nil {
			l, err := layouts.Find("turtle")
			if err != nil {
				return c.Fail(cli.ExitUsage, err)
			}
			if b, err = board.Deal(l, *seed); err != nil {
				return c.Fail(cli.ExitUsage, err)
			}
		}
		if err := view.WriteSite(*site, b); err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		return cli.ExitOK
	}
	srv, err := view.NewServer(b, moves)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	srv.AllowHosts = allow
	return serve(ctx, c, srv, *addr)

}

// serve runs the page server on addr until ctx ends, its URL on the first line.
func serve(ctx context.Context, c *cli.Command, srv *view.Server, addr string) int {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	fmt.Fprintf(c.Stdout, "http://%s/\n", ln.Addr())
	if f, ok := c.Stdout.(interface{ Sync() error }); ok {
		f.Sync()
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: time.Minute,
		WriteTimeout: 2 * time.Minute, IdleTimeout: 2 * time.Minute}
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return c.Fail(cli.ExitUsage, err)
	}
	return cli.ExitOK
}

// viewShisen shows a Shisen-Sho board, after the moves of the play in playFile when
// one is given: its page, with -svg its picture, with -static a site that plays it in
// the browser.
func viewShisen(ctx context.Context, c *cli.Command, data []byte, path, playFile, addr string, allow []string, svg bool, out, site string) int {
	b, err := shisen.Parse(data, cli.InputName(path))
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if playFile != "" {
		if playFile == "-" && path == "-" {
			return c.UsageError("the play and the board cannot both be standard input")
		}
		p, err := cli.Read(c, playFile, shisen.ReadPlay)
		if err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		if err := b.Apply(p.Moves); err != nil {
			return c.Failf(cli.ExitUsage, "%s: %v", cli.InputName(playFile), err)
		}
	}
	if site != "" {
		if err := view.WriteShisenSite(site, b); err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		return cli.ExitOK
	}
	if svg {
		if err := c.WriteOutput(out, func(w io.Writer) error { return view.WriteShisenSVG(w, b, nil, nil) }); err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		return cli.ExitOK
	}
	srv, err := view.NewServer(nil, nil)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	srv.AllowHosts = allow
	srv.StartShisen(b)
	return serve(ctx, c, srv, addr)
}
