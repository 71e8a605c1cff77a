package solver

import "testing"

// TestBecomesFree checks the packed test of freeing against its definition: nothing
// lies on the tile, a side is clear, and it is not marked free already, over every
// count from 0 to 255 on each side and both marks.
func TestBecomesFree(t *testing.T) {
	for above := range uint32(256) {
		for left := range uint32(256) {
			for right := range uint32(256) {
				for _, mark := range []uint32{0, freeMark} {
					k := above | left<<8 | right<<16 | mark
					want := above == 0 && (left == 0 || right == 0) && mark == 0
					if got := becomesFree(k); got != want {
						t.Fatalf("above %d left %d right %d mark %v: becomesFree %v, want %v",
							above, left, right, mark != 0, got, want)
					}
				}
			}
		}
	}
}
