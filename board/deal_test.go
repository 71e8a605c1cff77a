package board_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// row returns n positions in a row on level 0, 2 apart (touching neighbours).
func row(name string, n, x0, y0 int) board.Layout {
	l := board.Layout{Name: name}
	for i := range n {
		l.Pos = append(l.Pos, board.Pos{X: x0 + 2*i, Y: y0})
	}
	return l
}

func groupCounts(b *board.Board) map[string]int {
	c := map[string]int{}
	for _, t := range b.Tiles {
		c[t.Group]++
	}
	return c
}

func TestDealTurtle(t *testing.T) {
	l := readShared(t, "layouts", "xmahjongg", "default")
	b, err := board.Deal(l, 7)
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "default seed 7" {
		t.Errorf("name %q", b.Name)
	}
	var meta struct {
		Layout string
		Seed   uint64
	}
	if err := json.Unmarshal(b.Meta, &meta); err != nil || meta.Layout != "default" || meta.Seed != 7 {
		t.Errorf("meta %s (%v)", b.Meta, err)
	}
	counts := groupCounts(b)
	want := strings.Fields("pl ss sq cF cC cN cS cE cW y1 y2 y3 y4 y5 y6 y7 y8 y9 bi s2 s3 s4 s5 s6 s7 s8 s9 c1 c2 c3 c4 c5 c6 c7 c8 c9")
	if len(counts) != 36 {
		t.Errorf("%d groups, want 36", len(counts))
	}
	for _, g := range want {
		if counts[g] != 4 {
			t.Errorf("group %s has %d tiles, want 4", g, counts[g])
		}
	}
	// Tiles are in Normalize order with ids 0..n-1.
	norm := l.Normalize().Pos
	for i, tile := range b.Tiles {
		if tile.ID != i || tile.Pos() != norm[i] {
			t.Fatalf("tile %d: %+v, want id %d at %v", i, tile, i, norm[i])
		}
	}
	// Playability of the turtle, counted by hand from the drawing of shared seed 000:
	// top 1, level 3 none (all under the top), level 2 the row ends of 4 rows (8), level 1
	// the row ends of 6 rows (12), level 0 the ends of rows 0-2 and 5-7 (12) plus the two
	// outer half-offset tiles (2): 35 playable tiles.
	s := b.NewState()
	if got := len(s.PlayableTiles()); got != 35 {
		t.Errorf("%d playable tiles at the start, want 35", got)
	}
	for _, m := range s.Moves() {
		if err := s.Clone().Remove(m[0], m[1]); err != nil {
			t.Errorf("listed move %v is illegal: %v", m, err)
		}
	}
}

func TestDealDeterministicAndTranslationFree(t *testing.T) {
	a, err := board.Deal(row("r", 12, 0, 0), 99)
	if err != nil {
		t.Fatal(err)
	}
	shifted := row("r", 12, 7, -5)
	// Shuffle the file order too: Deal sorts positions itself.
	shifted.Pos[0], shifted.Pos[11] = shifted.Pos[11], shifted.Pos[0]
	b, err := board.Deal(shifted, 99)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.Tiles, b.Tiles) {
		t.Errorf("deal differs for a translated layout:\n%v\n%v", a.Tiles, b.Tiles)
	}
	c, _ := board.Deal(row("r", 12, 0, 0), 100)
	if reflect.DeepEqual(a.Tiles, c.Tiles) {
		t.Errorf("seeds 99 and 100 give the same deal") // 1 in 34650 by chance; fixed seeds
	}
}

func TestDealGroups(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want map[string]int
	}{
		{2, map[string]int{"pl": 2}},
		{6, map[string]int{"pl": 4, "ss": 2}},
		{8, map[string]int{"pl": 4, "ss": 4}},
		{150, nil}, // checked below: 37 groups of 4 and g38 of 2
	} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			b, err := board.Deal(row("r", tc.n, 0, 0), 1)
			if err != nil {
				t.Fatal(err)
			}
			got := groupCounts(b)
			if tc.want == nil {
				tc.want = map[string]int{}
				for g := range 37 {
					tc.want[board.GroupName(g)] = 4
				}
				tc.want["g38"] = 2
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("groups %v, want %v", got, tc.want)
			}
		})
	}
	if board.GroupName(35) != "c9" || board.GroupName(36) != "g37" || board.GroupName(18) != "bi" {
		t.Errorf("GroupName(35, 36, 18) = %s %s %s", board.GroupName(35), board.GroupName(36), board.GroupName(18))
	}
}

func TestDealErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		l      board.Layout
		reason string
	}{
		{"odd", row("odd", 5, 0, 0), "5 positions: a deal needs an even number"},
		{"empty", board.Layout{Name: "empty"}, "no positions"},
		{"overlap", board.Layout{Name: "ov", Pos: []board.Pos{{0, 0, 0}, {1, 1, 0}}}, "overlaps"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := board.Deal(tc.l, 1)
			if err == nil || !strings.Contains(err.Error(), tc.reason) {
				t.Errorf("err = %v, want one containing %q", err, tc.reason)
			}
		})
	}
}

// dealKey is the group sequence of a deal, which identifies it.
func dealKey(b *board.Board) string {
	var sb strings.Builder
	for _, t := range b.Tiles {
		sb.WriteString(t.Group)
		sb.WriteByte(' ')
	}
	return sb.String()
}

// uniformity deals l with seeds 0..samples-1 and returns the chi-square statistic of the
// deal frequencies against the uniform distribution on want distinct deals, and its
// critical value; deal returns the key of one deal.
func uniformity(t *testing.T, l board.Layout, want, samples int, deal func(board.Layout, uint64) string) (x, crit float64) {
	t.Helper()
	seen := map[string]int{}
	for seed := range uint64(samples) {
		seen[deal(l, seed)]++
	}
	if len(seen) != want {
		t.Errorf("%d distinct deals, want %d", len(seen), want)
	}
	counts := make([]int, 0, want)
	for _, c := range seen {
		counts = append(counts, c)
	}
	for len(counts) < want {
		counts = append(counts, 0)
	}
	return chiSquare(counts, samples), chiSquareCritical(want-1, 3.72)
}

func TestDealUniform(t *testing.T) {
	realDeal := func(l board.Layout, seed uint64) string {
		b, err := board.Deal(l, seed)
		if err != nil {
			t.Fatal(err)
		}
		return dealKey(b)
	}
	// A classic biased shuffle: swap each label with any label (IntN(n) instead of
	// IntN(i+1)). The test must reject it, or it could not catch a broken Deal.
	naive := func(l board.Layout, seed uint64) string {
		n := len(l.Pos)
		labels := make([]int, n)
		for i := range labels {
			labels[i] = i / 4
		}
		r := board.NewRand(seed)
		for i := n - 1; i > 0; i-- {
			j := r.IntN(n)
			labels[i], labels[j] = labels[j], labels[i]
		}
		var sb strings.Builder
		for _, g := range labels {
			sb.WriteString(board.GroupName(g) + " ")
		}
		return sb.String()
	}
	for _, tc := range []struct {
		n, deals int // deals = n! / (4!^k 2!^m): distinct ways to label the positions
	}{
		{6, 15},    // 4 + 2
		{8, 70},    // 4 + 4
		{10, 3150}, // 4 + 4 + 2: 10!/(4!4!2!)
	} {
		t.Run(fmt.Sprint(tc.n), func(t *testing.T) {
			samples := 200 * tc.deals
			if tc.deals > 1000 {
				if testing.Short() {
					t.Skip("short")
				}
				samples = 30 * tc.deals
			}
			l := row("u", tc.n, 0, 0)
			x, crit := uniformity(t, l, tc.deals, samples, realDeal)
			t.Logf("Deal: chi-square %.1f, critical %.1f", x, crit)
			if x > crit {
				t.Errorf("Deal: chi-square %.1f > critical %.1f (df %d)", x, crit, tc.deals-1)
			}
			if tc.n == 8 {
				x, crit := uniformity(t, l, tc.deals, samples, naive)
				t.Logf("naive shuffle: chi-square %.1f, critical %.1f", x, crit)
				if x <= crit {
					t.Errorf("naive shuffle passed: chi-square %.1f <= %.1f; the test has no power", x, crit)
				}
			}
		})
	}
}

// sameBoard reports the first way in which a and b differ: their tiles, name and
// meta, their groups (numbers, names and members) or their relations.
func sameBoard(a, b *board.Board) string {
	switch {
	case a.Name != b.Name:
		return fmt.Sprintf("name %q, want %q", a.Name, b.Name)
	case string(a.Meta) != string(b.Meta):
		return fmt.Sprintf("meta %s, want %s", a.Meta, b.Meta)
	case !reflect.DeepEqual(a.Tiles, b.Tiles):
		return "tiles differ"
	case a.NumGroups() != b.NumGroups():
		return fmt.Sprintf("%d groups, want %d", a.NumGroups(), b.NumGroups())
	}
	for g := range a.NumGroups() {
		if a.GroupName(g) != b.GroupName(g) || !slices.Equal(a.Members(g), b.Members(g)) {
			return fmt.Sprintf("group %d: %s %v, want %s %v", g, a.GroupName(g), a.Members(g), b.GroupName(g), b.Members(g))
		}
	}
	for i := range a.N() {
		rel := []struct {
			name      string
			got, want []int
		}{
			{"group", []int{a.Group(i)}, []int{b.Group(i)}},
			{"above", a.Above(i), b.Above(i)},
			{"below", a.Below(i), b.Below(i)},
			{"left", a.Left(i), b.Left(i)},
			{"right", a.Right(i), b.Right(i)},
		}
		for _, r := range rel {
			if !slices.Equal(r.got, r.want) {
				return fmt.Sprintf("tile %d: %s %v, want %v", i, r.name, r.got, r.want)
			}
		}
		if j, ok := a.Index(i); !ok || j != i {
			return fmt.Sprintf("Index(%d) = %d, %v", i, j, ok)
		}
	}
	return ""
}

// TestDealer checks that a Dealer's boards, which share the relations it built once,
// are the boards New builds from the same tiles, name and meta, on layouts of every
// shape: the turtle, a pyramid-like layout, rows whose count is 2 mod 4 (a group of
// two), and one with a single tile per level.
func TestDealer(t *testing.T) {
	tower := board.Layout{Name: "tower"}
	for z := range 6 {
		tower.Pos = append(tower.Pos, board.Pos{X: 3, Y: -5, Z: z})
	}
	layouts := []board.Layout{
		readShared(t, "layouts", "xmahjongg", "default"),
		readShared(t, "layouts", "xmahjongg", "bridge"),
		row("row of 14", 14, -3, 7),
		row(`"quoted" name`, 4, 0, 0),
		tower,
	}
	for _, l := range layouts {
		d, err := board.NewDealer(l)
		if err != nil {
			t.Fatalf("%s: %v", l.Name, err)
		}
		for seed := range uint64(20) {
			got := d.Deal(seed)
			want, err := board.New(got.Name, slices.Clone(got.Tiles), got.Meta)
			if err != nil {
				t.Fatalf("%s seed %d: %v", l.Name, seed, err)
			}
			if diff := sameBoard(got, want); diff != "" {
				t.Errorf("%s seed %d: %s", l.Name, seed, diff)
			}
			var meta struct {
				Layout string
				Seed   uint64
			}
			if err := json.Unmarshal(got.Meta, &meta); err != nil || meta.Layout != l.Name || meta.Seed != seed {
				t.Errorf("%s seed %d: meta %s (%v)", l.Name, seed, got.Meta, err)
			}
		}
	}
}

// TestDealerConcurrent deals from one Dealer in several goroutines (run with -race):
// the boards share its relations, and each must still be the deal of its seed.
func TestDealerConcurrent(t *testing.T) {
	l := readShared(t, "layouts", "xmahjongg", "default")
	d, err := board.NewDealer(l)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]string, 4)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seed := uint64(w); seed < 40; seed += 4 {
				b := d.Deal(seed)
				b.Stacks() // computed once per board, on first use
				want, err := board.Deal(l, seed)
				if err != nil {
					errs[w] = err.Error()
					return
				}
				if diff := sameBoard(b, want); diff != "" {
					errs[w] = fmt.Sprintf("seed %d: %s", seed, diff)
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, e := range errs {
		if e != "" {
			t.Error(e)
		}
	}
}
