package shisen

import (
	"bytes"
	"reflect"
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
			moves := b.Moves()
			for _, m := range moves {
				if err := b.Check(m); err != nil {
					t.Fatalf("Moves gave %v: %v", m, err)
				}
			}
			// A settled board's moves from its columns' heights, and its groups on top.
			if settled(b) {
				var f frontier
				f.heights(b)
				if got := f.moves(b, touching(b, nil), nil, nil); len(got)+len(moves) > 0 && !reflect.DeepEqual(got, moves) {
					t.Fatalf("frontier lists %v, Moves %v", got, moves)
				}
				checkPlayTops(t, b)
				if b.Gravity {
					checkChildListings(t, b, &f, moves)
				}
			}
		}
	})
}

// FuzzParsePlay checks that the play reader never panics, that its errors are one
// line, and that a play it accepts survives a round trip through its JSON.
func FuzzParsePlay(f *testing.F) {
	f.Add([]byte(`{"format":"shisen-play/1","status":"solvable","moves":[[[0,0],[1,1]]]}`))
	f.Add([]byte("solvable\n0 0 1 1\n2 0 3 0\n"))
	f.Add([]byte(`{"format":"shisen-board/1","gravity":false,"cells":[["a","a"]]}`))
	f.Add([]byte("unsolvable\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParsePlay(data, "fuzz")
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		var out bytes.Buffer
		if err := p.WriteJSON(&out); err != nil {
			t.Fatal(err)
		}
		q, err := ParsePlay(out.Bytes(), "again")
		if err != nil || q.Status != p.Status || len(q.Moves) != len(p.Moves) {
			t.Fatalf("round trip: %v\n%s", err, out.Bytes())
		}
		for k := range p.Moves {
			if q.Moves[k] != p.Moves[k] {
				t.Fatalf("move %d: %v became %v", k, p.Moves[k], q.Moves[k])
			}
		}
	})
}
