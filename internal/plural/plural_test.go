package plural

import "testing"

func TestN(t *testing.T) {
	for n, want := range map[int]string{0: "0 tiles", 1: "1 tile", 2: "2 tiles", 144: "144 tiles"} {
		if got := N(n, "tile"); got != want {
			t.Errorf("N(%d) = %q, want %q", n, got, want)
		}
	}
}
