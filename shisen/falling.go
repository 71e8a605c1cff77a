package shisen

// strandedFalling reports whether some tile of b, a settled board with gravity, can
// never be taken away, whatever is played: the position is lost. It is stranded's
// relaxed game made to hold when tiles fall.
//
// Under gravity a move can close a path, so the relaxation of stranded, which asks
// each tile's paths on the board emptied of what could go, is not sound. But on a
// settled board (a deal, and every position a deal leads to) two things only ever go
// one way. A column's tiles lie at its foot, so its empty cells are those above its
// height, and heights only fall. A tile falls one cell for each tile taken from below
// it, and never rises. So if a set C of tiles could go, then in any play that takes
// only tiles of C each column is at least as high as with all of C gone, and each
// tile lies between its cell now and its cell once every tile of C below it has gone.
//
// The relaxed game lets a tile go when a path of open cells joins it, at some cell of
// that range, to a tile of its group at some cell of the other's range; a cell is
// open when it is above its column's height with every tile of C gone. The cells
// open in a real position are open there, and the tiles lie in their ranges, so by
// induction on a play every tile it takes could go in the relaxed game: a tile that
// cannot go there cannot go in any play. Like stranded, it is blind to pairings, and
// it does not ask which tiles of C are gone at once.
//
// It decides some lost deals of the large sizes at once, most of them on 30 × 16, but
// few that the search cannot: asked at the nodes of the search it cuts too little to
// pay for itself (docs/perf.md), so Solve asks it once.
func (b *Board) strandedFalling() bool {
	return settled(b) && fallingLeft(b) > 0
}

// fallingLeft plays strandedFalling's relaxed game on b, a settled board, and
// returns the tiles that cannot go in it.
func fallingLeft(b *Board) int {
	groups := members(b)
	f := falling{
		r:     &Board{W: b.W, H: b.H, cells: make([]int16, len(b.cells))},
		gone:  make([]bool, len(b.cells)),
		above: make([]int, b.W),
	}
	for x := range b.W {
		for y := 0; y < b.H && b.cells[y*b.W+x] == empty; y++ {
			f.above[x]++
		}
	}
	for i := range f.r.cells {
		if i/b.W >= f.above[i%b.W] {
			f.r.cells[i] = 0 // shut: any group will do, as only emptiness is asked
		} else {
			f.r.cells[i] = empty
		}
	}
	left := b.Tiles()
	for progress := true; progress; {
		progress = false
		for _, cs := range groups {
			for i, c := range cs {
				if f.gone[c.Y*b.W+c.X] || !f.goes(cs, i) {
					continue
				}
				f.gone[c.Y*b.W+c.X] = true
				f.r.cells[f.above[c.X]*b.W+c.X] = empty
				f.above[c.X]++
				left--
				progress = true
			}
		}
	}
	return left
}

// falling is the state of strandedFalling's relaxed game: r has the cells open with
// every tile that could go gone, gone marks those tiles (by their cells on the
// board), and above counts the open cells at the top of each column.
type falling struct {
	r     *Board
	gone  []bool
	above []int
}

// goes reports whether the tile cs[i] can go in the relaxed game: a path of open
// cells joins some cell of its range to some cell of the range of another tile of
// its group.
func (f *falling) goes(cs []Cell, i int) bool {
	t := cs[i]
	for j, u := range cs {
		if j == i {
			continue
		}
		for dt := range f.drop(t) + 1 {
			p := Cell{t.X, t.Y + dt}
			for du := range f.drop(u) + 1 {
				if f.r.Connected(p, Cell{u.X, u.Y + du}) {
					return true
				}
			}
		}
	}
	return false
}

// drop counts the tiles below c that could go: how far c's tile can fall.
func (f *falling) drop(c Cell) int {
	n := 0
	for y := c.Y + 1; y < f.r.H; y++ {
		if f.gone[y*f.r.W+c.X] {
			n++
		}
	}
	return n
}
