package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command: it parses args, writes the board to stdout and returns the exit
// status, reporting errors on stderr.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("deal", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		layoutName = fs.String("layout", "", "built-in layout: "+strings.Join(instances.Names(), ", ")+" (default turtle)")
		layoutFile = fs.String("layout-file", "", "read the layout from `PATH` (Xmahjongg, Kyodai, KMahjongg or GNOME map file)")
		mapName    = fs.String("map", "", "with -layout-file: the GNOME map called `NAME`")
		seed       = fs.Uint64("seed", 0, "seed of the SplitMix64 generator")
		format     = fs.String("format", "json", "output format: json or stacks")
		transpose  = fs.Bool("transpose", false, "swap x and y of the layout")
	)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: deal [-layout NAME | -layout-file PATH [-map NAME]] [-seed N] [-format json|stacks] [-transpose]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "deal: %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
		return 2
	}
	switch {
	case fs.NArg() > 0:
		return fail(fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	case *layoutName != "" && *layoutFile != "":
		return fail(errors.New("use -layout or -layout-file, not both"))
	case *mapName != "" && *layoutFile == "":
		return fail(errors.New("-map needs -layout-file"))
	case *format != "json" && *format != "stacks":
		return fail(fmt.Errorf("-format %q: want json or stacks", *format))
	}
	l, err := loadLayout(*layoutName, *layoutFile, *mapName)
	if err != nil {
		return fail(err)
	}
	if *transpose {
		l = l.Transpose()
		l.Name += " transposed"
	}
	b, err := board.Deal(l, *seed)
	if err != nil {
		return fail(err)
	}
	w := bufio.NewWriter(stdout)
	if *format == "stacks" {
		err = b.WriteStacks(w)
	} else {
		err = b.WriteJSON(w)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return fail(fmt.Errorf("-format %s: %w", *format, err))
	}
	return 0
}

// loadLayout returns the built-in layout name, or the layout in file (the GNOME map
// mapName when given); turtle when both are empty.
func loadLayout(name, file, mapName string) (board.Layout, error) {
	if file == "" {
		if name == "" {
			name = "turtle"
		}
		return instances.Layout(name)
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
		if m.Name == mapName {
			return m, nil
		}
		names = append(names, fmt.Sprintf("%q", m.Name))
	}
	return board.Layout{}, fmt.Errorf("%s: no map %q (have %s)", file, mapName, strings.Join(names, ", "))
}
