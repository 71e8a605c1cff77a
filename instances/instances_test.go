package instances_test

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/instances"
	"github.com/mjsat/mjsat/internal/shared"
)

func TestTurtleEqualsOtherPrograms(t *testing.T) {
	turtle := instances.Turtle()
	if got := turtle.Levels(); !reflect.DeepEqual(got, []int{87, 36, 16, 4, 1}) {
		t.Errorf("levels %v, want 87 36 16 4 1", got)
	}
	gnome := func(t *testing.T) board.Layout {
		maps, err := board.ReadGnomeMapsFile(shared.Path(t, "layouts", "gnome-mahjongg", "mahjongg.map"))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range maps {
			if m.Name == "Turtle" {
				return m
			}
		}
		t.Fatal("no Turtle map")
		return board.Layout{}
	}
	file := func(elem ...string) func(t *testing.T) board.Layout {
		return func(t *testing.T) board.Layout {
			l, err := board.ReadLayoutFile(shared.Path(t, elem...))
			if err != nil {
				t.Fatal(err)
			}
			return l
		}
	}
	for _, tc := range []struct {
		name string
		read func(t *testing.T) board.Layout
	}{
		{"xmahjongg default", file("layouts", "xmahjongg", "default")},
		{"kmahjongg default.layout", file("layouts", "kmahjongg", "default.layout")},
		{"gnome Turtle", gnome},
	} {
		t.Run(tc.name, func(t *testing.T) {
			other := tc.read(t).Normalize()
			if !reflect.DeepEqual(turtle.Pos, other.Pos) {
				t.Errorf("turtle differs from %s up to translation", tc.name)
			}
		})
	}
}

func TestLayoutNames(t *testing.T) {
	if got := instances.Names(); !reflect.DeepEqual(got, []string{"default", "turtle"}) {
		t.Errorf("Names = %v", got)
	}
	for _, n := range instances.Names() {
		l, err := instances.Layout(n)
		if err != nil || l.Name != "turtle" || l.Len() != 144 {
			t.Errorf("Layout(%q) = %q with %d tiles, %v", n, l.Name, l.Len(), err)
		}
	}
	if _, err := instances.Layout("Turtle"); err == nil || err.Error() != `no built-in layout "Turtle" (have default, turtle)` {
		t.Errorf("Layout(Turtle) error = %v", err)
	}
}

// solvable decides a board by exhaustive search over the legal moves (tiny boards only).
func solvable(s *board.State) bool {
	if s.Done() {
		return true
	}
	for _, m := range s.Moves() {
		c := s.Clone()
		if err := c.Remove(m[0], m[1]); err != nil {
			panic(err)
		}
		if solvable(c) {
			return true
		}
	}
	return false
}

func TestExamples(t *testing.T) {
	want := map[string]bool{"blocked-cycle": false, "three-stacks": true}
	if got := instances.ExampleNames(); !reflect.DeepEqual(got, []string{"blocked-cycle", "three-stacks"}) {
		t.Errorf("ExampleNames = %v", got)
	}
	for name, wantSolvable := range want {
		t.Run(name, func(t *testing.T) {
			b, err := instances.Example(name)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := b.Stacks(); !ok {
				t.Error("not a board of isolated stacks")
			}
			if got := solvable(b.NewState()); got != wantSolvable {
				t.Errorf("solvable = %v, want %v", got, wantSolvable)
			}
		})
	}
	b, _ := instances.Example("blocked-cycle")
	if len(b.Tiles) != 4 || len(b.NewState().Moves()) != 0 {
		t.Errorf("blocked-cycle: %d tiles, %d moves; want 4 tiles and no move", len(b.Tiles), len(b.NewState().Moves()))
	}
	if _, err := instances.Example("nope"); err == nil || !strings.Contains(err.Error(), "blocked-cycle, three-stacks") {
		t.Errorf("Example(nope) error = %v", err)
	}
}

func ExampleTurtle() {
	l := instances.Turtle()
	fmt.Println(l.Name, l.Len(), l.Levels())
	b, _ := board.Deal(l, 7)
	fmt.Println(b.Name, b.NumGroups(), "groups")
	// Output:
	// turtle 144 [87 36 16 4 1]
	// turtle seed 7 36 groups
}

func ExampleExample() {
	b, _ := instances.Example("three-stacks")
	b.WriteStacks(os.Stdout)
	fmt.Println(len(b.NewState().Moves()), "move(s) at the start")
	// Output:
	// # three-stacks
	// a b
	// a c
	// c b
	// 1 move(s) at the start
}
