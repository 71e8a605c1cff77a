// Package view shows Mahjong boards to people: as SVG pictures (tiles on their levels,
// offset and shaded as the games draw them, free tiles marked, the gadgets of a
// reduction coloured) and as a local web page where a person plays a board with the
// exact native solver behind it (see [Server]).
package view

import (
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/reduce"
)

// Geometry of the drawing, in SVG units.
const (
	unitX   = 24 // a half-tile step: a tile's face is two steps, 48 wide
	unitY   = 32 // and 64 high
	levelDX = 7  // each level is drawn up and to the left by this much, as the games do
	levelDY = 7
	side    = 4 // the visible thickness of a tile, below and to the right of its face
	margin  = 12
)

// Tile is a tile as the page and the pictures draw it.
type Tile struct {
	board.Tile        // its id, position and group, as the board's JSON has them
	Face       string `json:"face,omitempty"` // on a deal of the standard set: what is drawn on it ("bamboo-5")
	Name       string `json:"name"`           // what a person calls it: "5 of Bamboo", else the group's name
	Label      string `json:"label"`          // what is written on a tile without a face: a short group name
	Color      string `json:"color"`          // fill: by gadget role on a reduced board, else by group
}

// Tiles returns b's tiles as drawn: on a deal of the standard set each its face;
// otherwise each group a label and a colour of its own (on a reduced board the colour
// says the gadget: variables, clauses, chains).
func Tiles(b *board.Board) []Tile {
	meta, _ := reduce.ReadMeta(b)
	fs := faces(b)
	out := make([]Tile, b.N())
	for i, t := range b.Tiles {
		out[i] = Tile{Tile: t, Name: t.Group, Label: label(t.Group), Color: color(b, b.Group(i), meta)}
		if fs != nil {
			out[i].Face, out[i].Name, out[i].Color = fs[i].id, fs[i].name, "#fffdf6"
		}
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

// roleColors colour the gadgets of a reduction.
var roleColors = map[string]string{
	"SAT": "#ffe066", "x": "#a5c8ff", "y": "#b2f2bb", "V": "#d0a9f5", "t": "#e5d4fa", "f": "#f3d9fa",
	"a": "#eeeeee", "b": "#eeeeee", "C": "#ffc9a9", "c": "#f8f9fa",
}

// color returns the fill of group g: its gadget's on a reduced board, else a colour
// no other group of the board has (hues a golden angle apart, three lightnesses).
func color(b *board.Board, g int, meta *reduce.Meta) string {
	if meta != nil {
		if r, ok := meta.Groups[b.GroupName(g)]; ok {
			if c, ok := roleColors[r.Kind]; ok {
				return c
			}
		}
	}
	return fmt.Sprintf("hsl(%.1f,70%%,%d%%)", math.Mod(float64(g)*137.50776, 360), []int{82, 72, 90}[g%3])
}

// SVGOptions say what to draw.
type SVGOptions struct {
	// Highlight marks tiles (by id), e.g. a group core, with a red outline.
	Highlight map[int]bool
	// Marks gives tiles (by id) a class that the page's style draws: "selected",
	// "hint", "core", "lost", "keep".
	Marks map[int]string
	// ShowFree outlines the free tiles (the page toggles it with the class show-free
	// on the picture).
	ShowFree bool
	// Title is the picture's title (default: the board's name).
	Title string
}

// style draws the marks and the free tiles inside the picture.
const style = `<style>
.tile .edge{fill:#c9b68f;stroke:#7a6a4f;stroke-width:1}
.tile .face{stroke:#7a6a4f;stroke-width:1}
svg.show-free .tile.free .face{stroke:#2b8a3e;stroke-width:3}
.tile.selected .face{stroke:#1971c2;stroke-width:4}
.tile.hint .face,.tile.keep .face{stroke:#f08c00;stroke-width:4}
.tile.core .face,.tile.lost .face{stroke:#e03131;stroke-width:4}
</style>
`

// WriteSVG draws the position s as an SVG picture: the tiles still in place, lowest
// level first, each one element <g data-tile="ID"> (with data-face on a deal of the
// standard set) holding its edge, its face and what is drawn on it; each level is
// raised up and to the left, its tiles casting a shadow, so that a half-covered tile
// shows its visible part. The same position and options give the same bytes.
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
	width := (maxX-minX+2)*unitX + maxZ*levelDX + side + 2*margin
	height := (maxY-minY+2)*unitY + maxZ*levelDY + side + 2*margin
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
	class := ""
	if opt.ShowFree {
		class = ` class="show-free"`
	}
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg"%s width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`+"\n", class, width, height, width, height)
	fmt.Fprintf(&sb, "<title>%s</title>\n%s", html.EscapeString(title), style)
	fw, fh := float64(2*unitX-2), float64(2*unitY-2)
	for _, i := range order {
		if s.Gone(i) {
			continue
		}
		t := tiles[i]
		x := (t.X-minX)*unitX + (maxZ-t.Z)*levelDX + margin
		y := (t.Y-minY)*unitY + (maxZ-t.Z)*levelDY + margin
		cls := "tile"
		if s.Playable(i) {
			cls += " free"
		}
		if m := opt.Marks[t.ID]; m != "" {
			cls += " " + m
		}
		if opt.Highlight[t.ID] {
			cls += " core"
		}
		fmt.Fprintf(&sb, `<g data-tile="%d"`, t.ID)
		if t.Face != "" {
			fmt.Fprintf(&sb, ` data-face="%s"`, t.Face)
		}
		fmt.Fprintf(&sb, ` data-group="%s" data-z="%d" class="%s"><title>%s</title>`, html.EscapeString(t.Group), t.Z, cls, html.EscapeString(t.Name))
		// The shadow on what lies below, the tile's edge, then its face.
		fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%.0f" height="%.0f" rx="5" fill="#000" opacity="0.18"/>`, x+side+2, y+side+2, fw, fh)
		fmt.Fprintf(&sb, `<rect class="edge" x="%d" y="%d" width="%.0f" height="%.0f" rx="5"/>`, x+side, y+side, fw, fh)
		fmt.Fprintf(&sb, `<rect class="face" x="%d" y="%d" width="%.0f" height="%.0f" rx="5" fill="%s"/>`, x, y, fw, fh, t.Color)
		if t.Face != "" {
			drawFace(&sb, facesByID[t.Face], float64(x), float64(y), fw, fh)
		} else {
			fmt.Fprintf(&sb, `<text x="%d" y="%d" text-anchor="middle" font-size="14">%s</text>`, x+unitX-1, y+unitY+5, html.EscapeString(t.Label))
		}
		sb.WriteString("</g>\n")
	}
	sb.WriteString("</svg>\n")
	_, err := io.WriteString(w, sb.String())
	return err
}
