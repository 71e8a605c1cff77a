package reference

import (
	"testing"

	"github.com/mjsat/mjsat/board"
)

func TestSolvable(t *testing.T) {
	tests := []struct {
		name, stacks string
		want         bool
		reason       string
	}{
		{"one pair", "a\na\n", true, "two free tiles of one group"},
		{"stacked pair", "a a\nb\nb\n", false, "the only two a tiles lie on each other: the lower is never free while the upper is there"},
		{"blocked cycle", "a b\nb a\n", false, "each group's free tile waits for the other group's (Definition 6, k = 2)"},
		{"three stacks", "a b\na c\nc b\n", true, "a's, then c's, then b's"},
		{"chain", "a b b\na a b\nb a\n", true, "the top a's, then the b's they free, then the rest"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := board.ParseStacks([]byte(tc.stacks), tc.name)
			if err != nil {
				t.Fatal(err)
			}
			if got := Solvable(b); got != tc.want {
				t.Errorf("Solvable = %v, want %v (%s)", got, tc.want, tc.reason)
			}
		})
	}
}
