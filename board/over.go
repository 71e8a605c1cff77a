package board

import "slices"

// Over returns a chain of tiles from tile t up to tile u, each in [Board.Above] of the
// one before, when u lies over t: it covers t, or lies on a tile that does, and so on.
// Then t can only be removed after u, and the two can never be removed together. On
// layouts whose levels are set off by half a tile (stairs), u can lie over t without
// covering it. The chain is a shortest one; Over returns nil when u does not lie over
// t.
func (b *Board) Over(t, u int) []int {
	from := map[int]int{t: -1}
	todo := []int{t}
	for len(todo) > 0 {
		x := todo[0]
		todo = todo[1:]
		for _, y := range b.above[x] {
			if _, seen := from[y]; seen {
				continue
			}
			from[y] = x
			if y == u {
				var chain []int
				for z := u; z >= 0; z = from[z] {
					chain = append(chain, z)
				}
				slices.Reverse(chain)
				return chain
			}
			todo = append(todo, y)
		}
	}
	return nil
}
