package graphviz

import (
	"fmt"
	"sort"
	"strings"

	"github.com/emicklei/dot"
	"github.com/mjsat/mjsat/board"
)

// Colours and styles shared by the views.
const (
	playableFill = "palegreen"
	cycleColour  = "red"
	neighbourRGB = "gray45"
)

// Tiles draws the tiles view of s: one box per remaining tile, labelled "id group", one
// rank per level (top level first). A solid edge u → v means u covers v, so u must go
// before v; an edge u → v that the two edges u → w → v through a remaining tile w
// imply is left out. A dashed arrowless edge joins left and right neighbours (left end first):
// a tile with a remaining neighbour on both sides is blocked. Playable tiles are filled.
// Removed tiles are omitted; the comments list them.
func Tiles(s *board.State) *Drawing {
	b := s.Board()
	d := header(s, ViewTiles)
	g := d.Graph
	g.Attr("nodesep", "0.15")

	present := func(i int) bool { return !s.Gone(i) }
	nodes := make([]dot.Node, b.N())
	levels := map[int]*dot.Graph{}
	var playable, gone []string
	for i, t := range b.Tiles {
		if !present(i) {
			gone = append(gone, fmt.Sprint(t.ID))
			continue
		}
		lv, ok := levels[t.Z]
		if !ok {
			lv = sameRank(g, fmt.Sprintf("level %07d", t.Z))
			levels[t.Z] = lv
		}
		n := lv.Node(fmt.Sprintf("t%07d", i)).
			Label(fmt.Sprintf("%d %s", t.ID, t.Group)).
			Attr("shape", "box").
			Attr("tooltip", fmt.Sprintf("tile %d, group %s, at (%d,%d,%d)", t.ID, t.Group, t.X, t.Y, t.Z))
		if s.Playable(i) {
			n.Attr("style", "filled").Attr("fillcolor", playableFill)
			playable = append(playable, fmt.Sprint(t.ID))
		}
		nodes[i] = n
	}

	covers, neighbours := 0, 0
	for v := range b.Tiles {
		if !present(v) {
			continue
		}
		above := b.Above(v)
		for _, u := range above {
			if !present(u) || implied(b, s, u, v) {
				continue
			}
			g.Edge(nodes[u], nodes[v])
			covers++
		}
	}
	for i := range b.Tiles {
		if !present(i) {
			continue
		}
		for _, j := range b.Right(i) {
			if present(j) {
				g.Edge(nodes[i], nodes[j]).Attr("style", "dashed").Attr("dir", "none").Attr("color", neighbourRGB)
				neighbours++
			}
		}
	}

	d.comment("%s remain on %s; playable (filled): %d", plural(s.Remaining(), "tile"), plural(len(levels), "level"), len(playable))
	d.comment("solid u -> v: u covers v and must go before it (%s; omitted when u covers a tile w that covers v)", plural(covers, "edge"))
	d.comment("dashed u -- v: u is v's left neighbour (%s); a tile with neighbours on both sides is blocked", plural(neighbours, "edge"))
	if len(playable) > 0 {
		d.comment("playable tile ids: %s", strings.Join(playable, " "))
	}
	if len(gone) > 0 {
		d.comment("removed tile ids (not drawn): %s", strings.Join(gone, " "))
	}
	return d
}

// implied reports whether the cover edge u → v follows from others: some remaining tile
// w ≠ u covers v and is covered by u.
func implied(b *board.Board, s *board.State, u, v int) bool {
	for _, w := range b.Above(v) {
		if w == u || s.Gone(w) {
			continue
		}
		aw := b.Above(w)
		if k := sort.SearchInts(aw, u); k < len(aw) && aw[k] == u {
			return true
		}
	}
	return false
}
