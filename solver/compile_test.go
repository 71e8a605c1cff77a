package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
)

// TestCompileReuse builds a run of boards of other sizes and kinds, one after the
// other, in one compiled view, as Solve's pool does, and checks each against a view
// built afresh: the
// blocking lists kept between boards of the same positions must be those the board
// would get, and boards whose positions differ (another layout, the same tiles in
// another order, one tile moved, a board that failed to compile in between) must not
// keep them.
func TestCompileReuse(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	// edited returns b with its tiles changed by edit.
	edited := func(b *board.Board, name string, edit func(tiles []board.Tile)) *board.Board {
		tiles := append([]board.Tile(nil), b.Tiles...)
		edit(tiles)
		nb, err := board.New(name, tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		return nb
	}
	swapped := func(tiles []board.Tile) { tiles[0], tiles[1] = tiles[1], tiles[0] }
	moved := func(tiles []board.Tile) {
		// The turtle's leftmost tile, alone on its row: one to the left is free.
		i := 0
		for k, tl := range tiles {
			if tl.X < tiles[i].X {
				i = k
			}
		}
		tiles[i].X -= 2
	}
	merged := func(tiles []board.Tile) {
		// Two groups made one: an even number of tiles, so board.New takes it, but
		// neither 2 nor 4, so the solver does not.
		count := map[string]int{}
		for _, tl := range tiles {
			count[tl.Group]++
		}
		a := tiles[0].Group
		for k := range tiles {
			if g := tiles[k].Group; g != a && (count[a]+count[g])%2 == 0 {
				for m := range tiles {
					if tiles[m].Group == g {
						tiles[m].Group = a
					}
				}
				return
			}
		}
	}
	// Deals of one Dealer share their relations: the view keeps its lists by their
	// key rather than by comparing positions.
	dealer, err := board.NewDealer(instances.Turtle())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		b       *board.Board
		wantErr bool
	}{
		{"turtle 1", turtle(t, 1), false},
		{"dealt 1", dealer.Deal(1), false},
		{"dealt 2", dealer.Deal(2), false},
		{"stacks", randomStacks(t, rng, 40, 1, 3), false},
		{"turtle 2", turtle(t, 2), false},
		{"turtle 3", turtle(t, 3), false},
		{"fragment", fragment(t, rng, instances.Turtle().Pos, 40), false},
		{"turtle 4", turtle(t, 4), false},
		{"turtle 4, two tiles swapped", edited(turtle(t, 4), "swapped", swapped), false},
		{"turtle 5", turtle(t, 5), false},
		{"turtle 5, a tile moved", edited(turtle(t, 5), "moved", moved), false},
		{"turtle 6", turtle(t, 6), false},
		{"dealt 3", dealer.Deal(3), false},
		{"two groups made one", edited(turtle(t, 7), "merged", merged), true},
		{"dealt 4", dealer.Deal(4), false},
		{"turtle 8", turtle(t, 8), false},
		{"turtle 9", turtle(t, 9), false},
		{"higher stacks", randomStacks(t, rng, 300, 2, 5), false},
		{"turtle 10", turtle(t, 10), false},
		{"dealt 5", dealer.Deal(5), false},
	}
	reused := new(compiled)
	for _, tc := range tests {
		err := reused.build(tc.b)
		if (err != nil) != tc.wantErr {
			t.Fatalf("%s: build error %v, want error %v", tc.name, err, tc.wantErr)
		}
		if err == nil {
			reused.prepareScan()
		}
		fresh, ferr := compile(tc.b)
		if (ferr != nil) != tc.wantErr {
			t.Fatalf("%s: compile error %v, want error %v", tc.name, ferr, tc.wantErr)
		}
		if tc.wantErr {
			continue
		}
		if d := compiledDiff(reused, fresh); d != "" {
			t.Errorf("%s: built in the memory of the boards before, %s differs from a fresh build", tc.name, d)
		}
		// Both views took their geometry where geometryOf found it: it must be the
		// one the board's positions make, built without the kept ones.
		own, err := buildGeometry(tc.b)
		if err != nil {
			t.Fatal(err)
		}
		if d := geometryDiff(reused.geo, own); d != "" {
			t.Errorf("%s: the geometry kept for it has %s other than its own", tc.name, d)
		}
	}
}

// geometryDiff names the first field of the geometries a and b that differs, or
// returns "" (the key aside: a kept geometry has another board's).
func geometryDiff(a, b *geometry) string {
	fields := []struct {
		name string
		x, y any
	}{
		{"pos", a.pos, b.pos}, {"drops", a.drops, b.drops},
		{"cnt0", a.cnt0, b.cnt0}, {"opening", a.opening, b.opening}, {"cnt32", a.cnt32, b.cnt32},
		{"stacks", a.stacks, b.stacks}, {"long", a.long, b.long}, {"reach", a.reach, b.reach}, {"rel", a.rel, b.rel},
	}
	for _, f := range fields {
		if !reflect.DeepEqual(f.x, f.y) {
			return f.name
		}
	}
	return ""
}

// compiledDiff names the first field of the compiled views a and b that differs, or
// returns "".
func compiledDiff(a, b *compiled) string {
	fields := []struct {
		name string
		x, y any
	}{
		{"n", a.n, b.n}, {"ng", a.ng, b.ng}, {"group", a.group, b.group}, {"slot", a.slot, b.slot},
		{"members", a.members, b.members}, {"full", a.full, b.full}, {"initP", a.initP, b.initP},
		{"drops", a.geo.drops, b.geo.drops}, {"cnt0", a.geo.cnt0, b.geo.cnt0},
		{"opening", a.geo.opening, b.geo.opening}, {"xBlocksStart", a.xBlocksStart, b.xBlocksStart},
		{"xBlocks", a.xBlocks, b.xBlocks}, {"xCnt0", a.xCnt0, b.xCnt0}, {"xFree0", a.xFree0, b.xFree0},
		{"sameA", a.sameA, b.sameA}, {"sameL", a.sameL, b.sameL}, {"sameR", a.sameR, b.sameR},
		{"hasSame", a.hasSame, b.hasSame}, {"stacks", a.geo.stacks, b.geo.stacks}, {"long", a.long, b.long},
		{"directed", a.directed, b.directed}, {"covered", a.covered, b.covered}, {"linked", a.linked, b.linked},
	}
	for _, f := range fields {
		if !reflect.DeepEqual(f.x, f.y) {
			return f.name
		}
	}
	return ""
}

// TestScanView checks the scan's part of the view (see prepareScan) against the
// board's relations directly, on deals (looked up pair by pair in rel) and on long
// boards (walked list by list): a tile's same-group masks, and its blocking lists
// and counts without the blockers of its own group (a closed row end may add one to
// a side count, see ends.go).
func TestScanView(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	boards := []*board.Board{turtle(t, 1), turtle(t, 2), turtle(t, 3), randomStacks(t, rng, 300, 2, 5),
		fragment(t, rng, instances.Turtle().Pos, 60)}
	for bi, b := range boards {
		c, err := compile(b)
		if err != nil {
			t.Fatal(err)
		}
		mask := func(u int, list []int) (m uint8) {
			for _, v := range list {
				if c.group[v] == c.group[u] {
					m |= 1 << c.slot[v]
				}
			}
			return m
		}
		for u := 0; u < b.N(); u++ {
			if c.sameA[u] != mask(u, b.Above(u)) || c.sameL[u] != mask(u, b.Left(u)) || c.sameR[u] != mask(u, b.Right(u)) {
				t.Fatalf("board %d (long %v), tile %d: same-group masks %b %b %b, want %b %b %b", bi, c.long, u,
					c.sameA[u], c.sameL[u], c.sameR[u], mask(u, b.Above(u)), mask(u, b.Left(u)), mask(u, b.Right(u)))
			}
		}
		var want [][4]uint8 = make([][4]uint8, b.N())
		for u := 0; u < b.N(); u++ {
			var list []int32
			for _, e := range c.geo.drops[u] {
				if v, kind := int32(e>>32), dropKind(e); c.group[v] != c.group[u] {
					list = append(list, 4*v+int32(kind))
					want[v][kind]++
				}
			}
			if got := c.xBlocks[c.xBlocksStart[u]:c.xBlocksStart[u+1]]; !reflect.DeepEqual(got, list) && len(got)+len(list) > 0 {
				t.Fatalf("board %d, tile %d: blocking list %v, want %v", bi, u, got, list)
			}
		}
		for u := range want {
			d := [3]int{}
			for k := range 3 {
				d[k] = int(c.xCnt0[u][k]) - int(want[u][k])
			}
			if d[0] != 0 || d[1] < 0 || d[1] > 1 || d[2] < 0 || d[2] > 1 {
				t.Fatalf("board %d, tile %d: counts %v, want %v (a closed end may add one to a side)", bi, u, c.xCnt0[u], want[u])
			}
		}
	}
}

// TestGeometryShared: views built apart (as after Solve's pool is emptied) share the
// geometry of their layout, found by the relations' key or the positions (another
// Dealer's deals then share its tables under their own key, and find them by the key
// from their second deal on), and a board of other positions gets its own; solves of
// one layout's deals in parallel share it safely (run with -race).
func TestGeometryShared(t *testing.T) {
	d, err := board.NewDealer(instances.Turtle())
	if err != nil {
		t.Fatal(err)
	}
	a, err := compile(d.Deal(1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := compile(d.Deal(2))
	if err != nil {
		t.Fatal(err)
	}
	if a.geo != b.geo {
		t.Errorf("two deals of one Dealer got geometries %p %p, want one", a.geo, b.geo)
	}
	other, err := board.NewDealer(instances.Turtle()) // the same positions
	if err != nil {
		t.Fatal(err)
	}
	c, err := compile(other.Deal(3))
	if err != nil {
		t.Fatal(err)
	}
	if &c.geo.cnt32[0] != &a.geo.cnt32[0] || &c.geo.drops[0] != &a.geo.drops[0] || &c.geo.rel[0] != &a.geo.rel[0] {
		t.Error("another Dealer's turtle deal got tables of its own")
	}
	if c.geo.key != other.Deal(4).RelationsKey() {
		t.Error("another Dealer's turtle deal got a geometry without its key")
	}
	if !c.geo.matches(other.Deal(4)) || geometryDiff(c.geo, a.geo) != "" {
		t.Error("another Dealer's turtle deal got a geometry that differs")
	}
	c2, err := compile(other.Deal(5))
	if err != nil {
		t.Fatal(err)
	}
	if c2.geo != c.geo {
		t.Errorf("the other Dealer's second deal got geometry %p, want its first's %p", c2.geo, c.geo)
	}
	geometries.Lock()
	tables := map[*uint32]bool{}
	for _, g := range geometries.recent {
		if len(g.cnt32) == 0 {
			continue
		}
		if tables[&g.cnt32[0]] {
			t.Error("two kept geometries share their tables: a layout holds two places")
		}
		tables[&g.cnt32[0]] = true
	}
	geometries.Unlock()
	rng := rand.New(rand.NewPCG(1, 2))
	f, err := compile(fragment(t, rng, instances.Turtle().Pos, 40))
	if err != nil {
		t.Fatal(err)
	}
	if f.geo == a.geo {
		t.Error("a fragment of the turtle shares the turtle's geometry")
	}
	errs := make(chan error, 2)
	for w := range 2 {
		go func() {
			for s := range 40 {
				bd := d.Deal(uint64(100*w + s))
				r, err := Solve(context.Background(), bd, Options{Seed: 1})
				if err == nil && r.Status == board.Unknown {
					err = fmt.Errorf("deal %d: unknown", 100*w+s)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
