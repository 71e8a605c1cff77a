package graphviz

import (
	"math/rand/v2"
	"testing"

	"github.com/mjsat/mjsat/board"
	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/reduce"
)

// uf20Board is the reduction of a random 3-CNF of uf20-91's size (4020 tiles).
func uf20Board(b *testing.B) *board.Board {
	f := cnf.Random(20, 91, 3, rand.New(rand.NewPCG(1, 2)))
	bd, _, err := reduce.Reduce(f, reduce.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return bd
}

func BenchmarkDraw(b *testing.B) {
	bd := uf20Board(b)
	for _, v := range Views {
		b.Run(string(v), func(b *testing.B) {
			for b.Loop() {
				d, err := Draw(bd.NewState(), v)
				if err != nil {
					b.Fatal(err)
				}
				d.Bytes()
			}
		})
	}
}
