package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/layouts"
)

func main() { cli.Main(run) }

// run is the command without the process around it; it returns the exit status.
func run(ctx context.Context, env cli.Env, args []string) int {
	c := cli.New(env, "deal",
		"deal [-layout NAME|PATH | -layout-file PATH [-map NAME]] [-seed N] [-format json|stacks] [-transpose] [-o FILE]",
		"deal -layout list")
	fl := c.Flags
	layoutName := fl.String("layout", "", "layout `NAME` (see -layout list; default turtle), qualified name (kmahjongg/pyramid) or path")
	layoutFile := fl.String("layout-file", "", "read the layout from `PATH` (Xmahjongg, Kyodai, KMahjongg or GNOME map file)")
	mapName := fl.String("map", "", "with -layout-file: the GNOME map called `NAME`")
	seed := c.Seed(0, "seed of the SplitMix64 generator")
	format := fl.String("format", "json", "output format: json or stacks")
	transpose := fl.Bool("transpose", false, "swap x and y of the layout")
	out := c.Output("the board")
	if code, ok := c.Parse(args, 0, 0); !ok {
		return code
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
	b, err := board.Deal(l, *seed)
	if err != nil {
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
