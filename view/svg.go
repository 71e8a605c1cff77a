// Package view shows Mahjong boards to people: as SVG pictures (tiles on their levels,
// offset and shaded as the games draw them, free tiles marked, the gadgets of a
// reduction coloured) and as a local web page where a person plays a board with the
// exact native solver behind it (see [Server]).
package view

import (
	"fmt"
	"html"
	"io"
	"slices"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/reduce"
)

// Geometry of the drawing, in SVG units per half-tile step.
const (
	unitX   = 22 // a tile is two half-tile steps: 44 wide
	unitY   = 28 // and 56 high
	levelDX = 5  // each level is drawn up and to the left by this much
	levelDY = 5
	margin  = 10
)

// Tile is a tile as the page and the pictures draw it.
type Tile struct {
	board.Tile        // its id, position and group, as the board's JSON has them
	Label      string `json:"label"` // what is written on the tile: a short name of its group
	Color      string `json:"color"` // fill: by gadget role on a reduced board, else by group
}

// Tiles returns b's tiles as drawn: each group gets a label a person can tell apart
// and a colour (on a reduced board the colour says the gadget: variables, clauses,
// chains).
func Tiles(b *board.Board) []Tile {
	meta, _ := reduce.ReadMeta(b)
	out := make([]Tile, b.N())
	for i, t := range b.Tiles {
		out[i] = Tile{Tile: t, Label: label(t.Group), Color: color(b, b.Group(i), meta)}
	}
	return out
}

// label shortens a group name to what fits on a tile.
func label(g string) string {
	if r := []rune(g); len(r) > 5 {
		return string(r[:5])
	}
	return g
}

// palette holds colours a person tells apart, for groups of a deal.
var palette = []string{"#fde2e2", "#e2f0fd", "#e5fde2", "#fdf6e2", "#f0e2fd", "#e2fdf8", "#fde2f4", "#eeeeee", "#ffd8b1", "#d1f2a5"}

// roleColors colour the gadgets of a reduction.
var roleColors = map[string]string{
	"SAT": "#ffe066", "x": "#a5c8ff", "y": "#b2f2bb", "V": "#d0a9f5", "t": "#e5d4fa", "f": "#f3d9fa",
	"a": "#eeeeee", "b": "#eeeeee", "C": "#ffc9a9", "c": "#f8f9fa",
}

func color(b *board.Board, g int, meta *reduce.Meta) string {
	if meta != nil {
		if r, ok := meta.Groups[b.GroupName(g)]; ok {
			if c, ok := roleColors[r.Kind]; ok {
				return c
			}
		}
	}
	return palette[g%len(palette)]
}

// SVGOptions say what to draw.
type SVGOptions struct {
	// Highlight marks tiles (by id), e.g. a group core, with a red outline.
	Highlight map[int]bool
	// Title is the picture's title (default: the board's name).
	Title string
}

// WriteSVG draws the position s as an SVG picture: the tiles still in place, lowest
// level first, each one element <g data-tile="ID"> holding its face and label; free
// tiles have a green outline. The same position gives the same bytes.
func WriteSVG(w io.Writer, s *board.State, opt SVGOptions) error {
	b := s.Board()
	tiles := Tiles(b)
	if len(tiles) == 0 {
		_, err := fmt.Fprintln(w, `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><text x="10" y="25">empty board</text></svg>`)
		return err
	}
	minX, minY, maxX, maxY, maxZ := tiles[0].X, tiles[0].Y, tiles[0].X, tiles[0].Y, 0
	for _, t := range tiles {
		minX, minY = min(minX, t.X), min(minY, t.Y)
		maxX, maxY, maxZ = max(maxX, t.X), max(maxY, t.Y), max(maxZ, t.Z)
	}
	width := (maxX-minX+2)*unitX + maxZ*levelDX + 2*margin
	height := (maxY-minY+2)*unitY + maxZ*levelDY + 2*margin
	order := make([]int, len(tiles))
	for i := range order {
		order[i] = i
	}
	// Lower levels first; on a level, the back (top rows, right) first, as the games do.
	slices.SortStableFunc(order, func(i, j int) int {
		a, c := tiles[i], tiles[j]
		if a.Z != c.Z {
			return a.Z - c.Z
		}
		if a.Y != c.Y {
			return a.Y - c.Y
		}
		return c.X - a.X
	})
	title := opt.Title
	if title == "" {
		title = b.Name
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`+"\n", width, height, width, height)
	fmt.Fprintf(&sb, "<title>%s</title>\n", html.EscapeString(title))
	for _, i := range order {
		if s.Gone(i) {
			continue
		}
		t := tiles[i]
		x := (t.X-minX)*unitX + (maxZ-t.Z)*levelDX + margin
		y := (t.Y-minY)*unitY + (maxZ-t.Z)*levelDY + margin
		stroke, sw := "#555", 1
		if s.Playable(i) {
			stroke, sw = "#2b8a3e", 3
		}
		if opt.Highlight[t.ID] {
			stroke, sw = "#e03131", 4
		}
		shade := 88 + 4*t.Z // higher levels lighter, as lit from above
		fmt.Fprintf(&sb, `<g data-tile="%d" data-group="%s" data-z="%d">`, t.ID, html.EscapeString(t.Group), t.Z)
		fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" rx="5" fill="%s" style="filter:brightness(%d%%)" stroke="%s" stroke-width="%d"/>`,
			x, y, 2*unitX-2, 2*unitY-2, t.Color, shade, stroke, sw)
		fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="middle" font-size="13">%s</text>`, x+unitX-1, y+unitY+4, html.EscapeString(t.Label))
		sb.WriteString("</g>\n")
	}
	sb.WriteString("</svg>\n")
	_, err := io.WriteString(w, sb.String())
	return err
}
