package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/difficulty"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/internal/gameflag"
	"github.com/mjsat/mjsat/layouts"
)

//go:embed doc.go
var manual string

func main() { cli.Main(manual, run) }

// run is the command without the process around it; it returns the exit status.
func run(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "deal",
		"deal [-layout NAME|PATH | -layout-file PATH [-map NAME]] [-seed N] [-format json|stacks] [-transpose] [-o FILE]",
		"deal -solvable [-difficulty N] [-timeout D] [-layout NAME] [-seed N] [-o FILE]",
		"deal -layout list",
		"deal -game shisen -size WxH [-gravity] [-kinds N] [-seed N] [-o FILE]")
	fl := c.Flags
	layoutName := fl.String("layout", "", "layout `NAME` (see -layout list; default turtle), qualified name (kmahjongg/pyramid) or path")
	layoutFile := fl.String("layout-file", "", "read the layout from `PATH` (Xmahjongg, Kyodai, KMahjongg or GNOME map file)")
	mapName := fl.String("map", "", "with -layout-file: the GNOME map called `NAME`")
	seed := c.Seed(0, "seed of the SplitMix64 generator")
	format := fl.String("format", "json", "output format: json or stacks")
	transpose := fl.Bool("transpose", false, "swap x and y of the layout")
	out := c.Output("the board")
	solvable := fl.Bool("solvable", false, "draw uniform deals (from -seed) until one can be won; print it with its winning play in meta")
	games := fl.Int("difficulty", 0, "with -solvable: measure the deal's difficulty with `N` random games (see package difficulty)")
	timeout := c.Timeout(0, "with -solvable: limit per solve")
	game := gameflag.Declare(c, "the board's")
	if code, ok := c.Parse(args, 0, 0); !ok {
		return code
	}
	sh, err := game.Check(c, "takes -size, -gravity, -kinds, -seed and -o",
		"layout", "layout-file", "map", "format", "transpose", "solvable", "difficulty", "timeout")
	if err != nil {
		return c.UsageError("%v", err)
	}
	if sh != nil {
		b, err := sh.Deal(*seed)
		if err != nil {
			return c.UsageError("%v", err)
		}
		if err := c.WriteOutput(*out, b.WriteJSON); err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		return cli.ExitOK
	}
	switch {
	case *layoutName == "list":
		if err := layouts.WriteList(c.Stdout); err != nil {
			return c.Fail(cli.ExitUsage, err)
		}
		return cli.ExitOK
	case *layoutName != "" && *layoutFile != "":
		return c.UsageError("use -layout or -layout-file, not both")
	case *mapName != "" && *layoutFile == "":
		return c.UsageError("-map needs -layout-file")
	case *format != "json" && *format != "stacks":
		return c.UsageError("-format %q: want json or stacks", cli.Excerpt(*format))
	}
	l, err := loadLayout(*layoutName, *layoutFile, *mapName)
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	if *transpose {
		l = l.Transpose()
		l.Name += " transposed"
	}
	var b *board.Board
	if *solvable {
		var code int
		if b, code = solvableDeal(ctx, c, l, *seed, *games, *timeout); b == nil {
			return code
		}
	} else if g := c.Given("difficulty", "timeout"); len(g) > 0 {
		return c.UsageError("%s", cli.GoWith(g, "-solvable"))
	} else if b, err = board.Deal(l, *seed); err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	err = c.WriteOutput(*out, func(w io.Writer) error {
		if *format == "stacks" {
			return b.WriteStacks(w)
		}
		return b.WriteJSON(w)
	})
	if err != nil {
		return c.Fail(cli.ExitUsage, fmt.Errorf("-format %s: %w", *format, err))
	}
	return cli.ExitOK
}

// loadLayout returns the layout called name (see package layouts), or the layout in
// file (the GNOME map mapName when given); turtle when both are empty.
func loadLayout(name, file, mapName string) (board.Layout, error) {
	if file == "" {
		if name == "" {
			name = "turtle"
		}
		return layouts.Find(name)
	}
	if mapName == "" {
		return board.ReadLayoutFile(file)
	}
	f, err := os.Open(file)
	if err != nil {
		return board.Layout{}, err
	}
	defer f.Close()
	maps, err := board.ReadGnomeMaps(f, file)
	if err != nil {
		return board.Layout{}, err
	}
	var names []string
	for _, m := range maps {
		if m.Name == mapName || layouts.Slug(m.Name) == layouts.Slug(mapName) {
			return m, nil
		}
		names = append(names, fmt.Sprintf("%q", m.Name))
	}
	return board.Layout{}, fmt.Errorf("%s: no map %q (have %s)", file, mapName, strings.Join(names, ", "))
}

// solvableDeal draws deals of l with seeds from a SplitMix64 stream seeded with seed
// until the native solver wins one, and returns it with meta saying how it was drawn,
// its winning play and (games > 0) its difficulty. Rejecting lost deals keeps the
// draw uniform among winnable deals. On failure it returns nil and the exit status.
func solvableDeal(ctx context.Context, c *cli.Command, l board.Layout, seed uint64, games int, timeout time.Duration) (*board.Board, int) {
	dealer, err := board.NewDealer(l)
	if err != nil {
		return nil, c.Fail(cli.ExitUsage, err)
	}
	w, err := difficulty.WinnableDeal(ctx, dealer, seed, timeout)
	switch {
	case errors.Is(err, difficulty.ErrUnknown):
		return nil, c.Fail(cli.ExitUnknown, fmt.Errorf("-solvable: %w (raise -timeout)", err))
	case err != nil:
		return nil, c.Fail(cli.ExitUsage, err)
	}
	meta := map[string]any{"layout": l.Name, "seed": seed, "solvable": map[string]any{
		"tries": w.Tries, "deal_seed": w.DealSeed, "winning_play": w.Play}}
	if games > 0 {
		f, err := difficulty.Measure(ctx, w.Board, games, seed, timeout)
		if errors.Is(err, difficulty.ErrUnknown) {
			return nil, c.Fail(cli.ExitUnknown, fmt.Errorf("-difficulty: %w", err))
		} else if err != nil {
			return nil, c.Fail(cli.ExitUsage, err)
		}
		meta["difficulty"] = f
	}
	data, err := json.Marshal(meta)
	if err != nil {
		return nil, c.Fail(cli.ExitUsage, err)
	}
	sb, err := board.New(fmt.Sprintf("%s solvable seed %d", l.Name, seed), w.Board.Tiles, data)
	if err != nil {
		return nil, c.Fail(cli.ExitUsage, err)
	}
	return sb, cli.ExitOK
}
