package shisen

// stranded reports whether some tile of b, a board without gravity, can never be
// taken away, whatever is played: the position is lost. groups are b's members.
//
// It computes what could go in a relaxed game in which a tile may go with any tile
// of its group, even one that went already with another: starting from the empty
// cells, a tile joins the cells that could go once a path of open and could-go cells
// joins it to a tile of its group, until nothing more joins. Every cell that some
// real play empties could go in the relaxed game (by induction on that play's moves,
// since taking tiles away only opens paths), so a tile that cannot go there cannot go
// in any play. The relaxation is blind to how a group of four pairs up, so it finds
// the deadlocks that no pairing undoes, such as two groups whose tiles all wait for
// each other's. Solve asks it once, of the board it is given: on the large boards
// it finds most lost deals at once; asked at every node of the search it cuts the
// nodes but not the time.
func (b *Board) stranded(groups [][]Cell) bool {
	r := b.Clone()
	r.closure(groups, func(r *Board, g, i int) bool {
		cs := groups[g]
		for j, u := range cs {
			if i != j && r.Connected(cs[i], u) {
				return true
			}
		}
		return false
	}, nil)
	return r.Tiles() > 0
}

// closure plays the relaxed game on r: round after round it empties the cell of
// every tile of groups (each group's cells) that goes says can go, until a round
// empties none. went, when set, is told the group and round of each tile that went.
// stranded and the pairing search's scan (learnscan.go) differ only in goes.
func (r *Board) closure(groups [][]Cell, goes func(r *Board, g, i int) bool, went func(g, rnd int)) {
	for rnd, progress := 0, true; progress; rnd++ {
		progress = false
		for g, cs := range groups {
			for i, c := range cs {
				if r.cells[c.Y*r.W+c.X] == empty || !goes(r, g, i) {
					continue
				}
				r.cells[c.Y*r.W+c.X] = empty
				progress = true
				if went != nil {
					went(g, rnd)
				}
			}
		}
	}
}
