package graphviz

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/emicklei/dot"
	"github.com/mjsat/mjsat/board"
)

// View names one of the drawings.
type View string

// The views; see the package documentation.
const (
	ViewTiles   View = "tiles"
	ViewGroups  View = "groups"
	ViewGadgets View = "gadgets"
)

// Views lists the views in the order the command documents them.
var Views = []View{ViewTiles, ViewGroups, ViewGadgets}

// ParseView returns the view named s.
func ParseView(s string) (View, error) {
	for _, v := range Views {
		if string(v) == s {
			return v, nil
		}
	}
	return "", fmt.Errorf("unknown view %q (want tiles, groups or gadgets)", s)
}

// Drawing is a DOT graph and the comment lines written before it (one "// " line each).
type Drawing struct {
	Comments []string
	Graph    *dot.Graph
}

// comment appends a comment line; newlines in it are replaced by blanks.
func (d *Drawing) comment(format string, args ...any) {
	d.Comments = append(d.Comments, strings.ReplaceAll(fmt.Sprintf(format, args...), "\n", " "))
}

// WriteTo writes the comments and the graph in DOT.
func (d *Drawing) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(d.Bytes())
	return int64(n), err
}

// Bytes returns the drawing in DOT.
func (d *Drawing) Bytes() []byte {
	var buf bytes.Buffer
	for _, c := range d.Comments {
		buf.WriteString("// ")
		buf.WriteString(strings.TrimRight(c, " "))
		buf.WriteByte('\n')
	}
	var g bytes.Buffer
	d.Graph.Write(&g)
	// emicklei/dot indents empty lines; strip trailing blanks so the bytes diff cleanly.
	for _, line := range strings.SplitAfter(g.String(), "\n") {
		buf.WriteString(strings.TrimRight(line, " \t\n"))
		if strings.HasSuffix(line, "\n") {
			buf.WriteByte('\n')
		}
	}
	return buf.Bytes()
}

// Draw draws the position s in view v.
func Draw(s *board.State, v View) (*Drawing, error) {
	switch v {
	case ViewTiles:
		return Tiles(s), nil
	case ViewGroups:
		return Groups(s)
	case ViewGadgets:
		return Gadgets(s)
	}
	return nil, fmt.Errorf("unknown view %q (want tiles, groups or gadgets)", v)
}

// Position returns the position of b after the first upto moves of p: its moves when
// it claims the board solvable, its partial play otherwise. upto < 0 means all of them.
func Position(b *board.Board, p *board.Play, upto int) (*board.State, error) {
	s := b.NewState()
	if p == nil {
		if upto > 0 {
			return nil, fmt.Errorf("%d moves asked for but no play given", upto)
		}
		return s, nil
	}
	moves := p.Moves
	if upto > len(moves) {
		return nil, fmt.Errorf("the play has %d moves, fewer than %d", len(moves), upto)
	}
	if upto >= 0 {
		moves = moves[:upto]
	}
	if err := s.Apply(moves); err != nil {
		return nil, err
	}
	return s, nil
}

// header starts a drawing: the board's name, the view and how far play has gone.
func header(s *board.State, v View) *Drawing {
	b := s.Board()
	d := &Drawing{Graph: dot.NewGraph(dot.Directed)}
	name := b.Name
	if name == "" {
		name = "board"
	}
	d.comment("mjsat blockgraph, %s view of %s", v, name)
	title := fmt.Sprintf("%s (%s view)", name, v)
	if gone := b.N() - s.Remaining(); gone > 0 {
		d.comment("position after %s: %d of %d tiles remain", plural(gone/2, "move"), s.Remaining(), b.N())
		title = fmt.Sprintf("%s after %s (%s view)", name, plural(gone/2, "move"), v)
	}
	d.Graph.Attr("label", title)
	d.Graph.Attr("labelloc", "t")
	return d
}

// sameRank returns a subgraph of g whose nodes dot puts on one rank. key orders the
// subgraphs in the output (emicklei/dot sorts them by key).
func sameRank(g *dot.Graph, key string) *dot.Graph {
	sub := g.Subgraph(key)
	sub.Delete("label")
	sub.Attr("rank", "same")
	return sub
}

// plural returns "1 move", "2 moves", ...
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
