package shisen

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzParse checks that the board reader never panics, that its errors are one line,
// and that a board it accepts survives a round trip and has legal moves only.
func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"format":"shisen-board/1","gravity":false,"cells":[["a","b"],["b","a"]]}`))
	f.Add([]byte(`{"format":"shisen-board/1","gravity":true,"cells":[["a","","a"],["b","b",""]]}`))
	f.Add([]byte(`{"format":"shisen-board/1","cells":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Parse(data, "fuzz")
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		var out bytes.Buffer
		if err := b.WriteJSON(&out); err != nil {
			t.Fatal(err)
		}
		c, err := Parse(out.Bytes(), "again")
		if err != nil || c.Tiles() != b.Tiles() || c.Gravity != b.Gravity {
			t.Fatalf("round trip: %v\n%s", err, out.Bytes())
		}
		if b.W*b.H <= 64 {
			for _, m := range b.Moves() {
				if err := b.Check(m); err != nil {
					t.Fatalf("Moves gave %v: %v", m, err)
				}
			}
		}
	})
}
