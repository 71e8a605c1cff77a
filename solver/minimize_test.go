package solver

import (
	"slices"
	"testing"
)

// TestMinimize checks minimize on a trail made by hand. Groups 0..5 have three
// pairings each (mask 7). Group 0 is decided to pairing 0 at level 1, group 1 at
// level 2; group 2 then loses pairing 1 because of group 0; group 3 loses pairing 2
// because of groups 2 and 1; group 4 loses pairing 0 because of group 2; group 5 loses
// pairing 0 because of group 3.
func TestMinimize(t *testing.T) {
	s := &search{c: &compiled{ng: 6, initP: []uint8{7, 7, 7, 7, 7, 7}}}
	s.trail.resetTrail(6)
	s.narrowed(0, 6, nil, 1)
	s.narrowed(1, 6, nil, 2)
	s.narrowed(2, 2, []lit{{0, 1}}, 0)
	s.narrowed(3, 4, []lit{{2, 5}, {1, 1}}, 0)
	s.narrowed(4, 1, []lit{{2, 5}}, 0)
	s.narrowed(5, 1, []lit{{3, 3}}, 0)
	for _, tc := range []struct {
		name     string
		ng, want []lit
	}{
		{"implied by a literal of the nogood", []lit{{0, 1}, {2, 5}, {3, 3}}, []lit{{0, 1}, {3, 3}}},
		{"implied through a narrowing not in it", []lit{{0, 1}, {4, 6}}, []lit{{0, 1}}},
		{"a reason reaching a decision not in it", []lit{{1, 1}, {3, 3}}, nil},
		{"decisions alone", []lit{{0, 1}, {1, 1}}, nil},
		{"two steps, both implied", []lit{{0, 1}, {1, 1}, {3, 3}, {5, 6}}, []lit{{0, 1}, {1, 1}}},
	} {
		got, dropped := s.minimize(slices.Clone(tc.ng))
		if tc.want == nil {
			if dropped || !slices.Equal(got, tc.ng) {
				t.Errorf("%s: %v became %v (dropped %v), want it whole", tc.name, tc.ng, got, dropped)
			}
			continue
		}
		if !dropped || !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v became %v (dropped %v), want %v", tc.name, tc.ng, got, dropped, tc.want)
		}
	}
}
