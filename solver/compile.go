package solver

import (
	"fmt"

	"github.com/mjsat/mjsat/board"
)

// A group of four tiles m0..m3 has three pairings:
//
//	pairing 0: {m0,m1} {m2,m3}
//	pairing 1: {m0,m2} {m1,m3}
//	pairing 2: {m0,m3} {m1,m2}
//
// A set of pairings is a 3-bit mask. A group of two tiles is stored as a group of four
// whose members 2 and 3 do not exist, with the single pairing 0.
var partner = [3][4]uint8{
	{1, 0, 3, 2},
	{2, 3, 0, 1},
	{3, 2, 1, 0},
}

// partnerMask[mask][k] is the set (4-bit) of members that member k may be matched with
// when the group's allowed pairings are mask.
var partnerMask [8][4]uint8

func init() {
	for mask := range 8 {
		for k := range 4 {
			var m uint8
			for p := range 3 {
				if mask&(1<<p) != 0 {
					m |= 1 << partner[p][k]
				}
			}
			partnerMask[mask][k] = m
		}
	}
}

// pairOf returns the pairing (0..2) that matches members k and l of a group.
func pairOf(k, l uint8) int {
	for p := range 3 {
		if partner[p][k] == l {
			return p
		}
	}
	panic("pairOf: same member")
}

// compiled is the solver's compact, immutable view of a board: groups as member
// arrays and the blocking relation in CSR form, so that a scan is a few array
// operations per tile.
type compiled struct {
	b       *board.Board
	n       int
	ng      int
	group   []int32    // tile → group
	slot    []uint8    // tile → member index in its group
	members [][4]int32 // group → members (-1 when absent)
	full    []uint8    // group → mask of existing members (0b11 or 0b1111)
	initP   []uint8    // group → initial pairing mask (1 for 2-groups, 7 for 4-groups)

	// When tile t is removed: for b in below[t]: above count of b drops; for b in
	// rightOf[t] (t is b's left neighbour) left count drops; for b in leftOf[t] right
	// count drops.
	belowStart, belowList     []int32
	rightOfStart, rightOfList []int32
	leftOfStart, leftOfList   []int32
	above0, left0, right0     []int32
	initFree                  []int32 // tiles playable in the initial position

	// The scanner's view: the same relation restricted to blockers of another group;
	// blockers of the tile's own group are member masks (sameA, sameL, sameR).
	xBelowStart, xBelowList     []int32
	xRightOfStart, xRightOfList []int32
	xLeftOfStart, xLeftOfList   []int32
	xAbove0, xLeft0, xRight0    []int32
	xFree0                      []uint8 // group → members free of other groups' tiles initially
	sameA, sameL, sameR         []uint8
	hasSame                     []bool // group: some member blocks another
	// stacks is true when no tile has a left or right neighbour: the board is isolated
	// stacks (as de Bondt's reduction boards are). The search orders its branching by it.
	stacks bool
}

// compile builds the compact view. It fails on a group that has neither 2 nor 4 tiles.
func compile(b *board.Board) (*compiled, error) {
	n := b.N()
	c := &compiled{b: b, n: n, ng: b.NumGroups()}
	c.group = make([]int32, n)
	c.slot = make([]uint8, n)
	c.members = make([][4]int32, c.ng)
	c.full = make([]uint8, c.ng)
	c.initP = make([]uint8, c.ng)
	for g := 0; g < c.ng; g++ {
		m := b.Members(g)
		switch len(m) {
		case 2:
			c.full[g], c.initP[g] = 0b11, 1
		case 4:
			c.full[g], c.initP[g] = 0b1111, 7
		default:
			return nil, fmt.Errorf("group %q has %d tiles: the solver handles groups of 2 or 4", b.GroupName(g), len(m))
		}
		c.members[g] = [4]int32{-1, -1, -1, -1}
		for k, t := range m {
			c.members[g][k] = int32(t)
			c.group[t] = int32(g)
			c.slot[t] = uint8(k)
		}
	}
	// csr lays out lists(t) for every tile t as one array, keeping the tiles u with
	// keep(t, u) (nil: all of them).
	csr := func(lists func(int) []int, keep func(t, u int) bool) ([]int32, []int32) {
		start := make([]int32, n+1)
		total := 0
		for t := 0; t < n; t++ {
			total += len(lists(t))
		}
		list := make([]int32, 0, total)
		for t := 0; t < n; t++ {
			start[t] = int32(len(list))
			for _, u := range lists(t) {
				if keep == nil || keep(t, u) {
					list = append(list, int32(u))
				}
			}
		}
		start[n] = int32(len(list))
		return start, list
	}
	c.belowStart, c.belowList = csr(b.Below, nil)
	c.rightOfStart, c.rightOfList = csr(b.Right, nil) // t is the left neighbour of each tile in Right(t)
	c.leftOfStart, c.leftOfList = csr(b.Left, nil)
	other := func(t, u int) bool { return c.group[u] != c.group[t] }
	c.xBelowStart, c.xBelowList = csr(b.Below, other)
	c.xRightOfStart, c.xRightOfList = csr(b.Right, other)
	c.xLeftOfStart, c.xLeftOfList = csr(b.Left, other)
	c.xAbove0 = make([]int32, n)
	c.xLeft0 = make([]int32, n)
	c.xRight0 = make([]int32, n)
	c.sameA = make([]uint8, n)
	c.sameL = make([]uint8, n)
	c.sameR = make([]uint8, n)
	split := func(t int, list []int, cnt *int32, same *uint8) {
		for _, u := range list {
			if c.group[u] == c.group[t] {
				*same |= 1 << c.slot[u]
			} else {
				*cnt++
			}
		}
	}
	for t := 0; t < n; t++ {
		split(t, b.Above(t), &c.xAbove0[t], &c.sameA[t])
		split(t, b.Left(t), &c.xLeft0[t], &c.sameL[t])
		split(t, b.Right(t), &c.xRight0[t], &c.sameR[t])
	}
	c.hasSame = make([]bool, c.ng)
	c.xFree0 = make([]uint8, c.ng)
	for t := 0; t < n; t++ {
		if c.sameA[t]|c.sameL[t]|c.sameR[t] != 0 {
			c.hasSame[c.group[t]] = true
		}
		if c.xAbove0[t] == 0 && (c.xLeft0[t] == 0 || c.xRight0[t] == 0) {
			c.xFree0[c.group[t]] |= 1 << c.slot[t]
		}
	}
	c.above0 = make([]int32, n)
	c.left0 = make([]int32, n)
	c.right0 = make([]int32, n)
	c.stacks = true
	for t := 0; t < n; t++ {
		c.above0[t] = int32(len(b.Above(t)))
		c.left0[t] = int32(len(b.Left(t)))
		c.right0[t] = int32(len(b.Right(t)))
		if c.left0[t] != 0 || c.right0[t] != 0 {
			c.stacks = false
		}
		if c.above0[t] == 0 && (c.left0[t] == 0 || c.right0[t] == 0) {
			c.initFree = append(c.initFree, int32(t))
		}
	}
	return c, nil
}
