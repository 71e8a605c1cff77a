package cnf_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/mjsat/mjsat/cnf"
)

// BenchmarkRead parses the 100 shared uf50-218 files (from memory) per
// iteration; ns/op / 100 is the time per file.
func BenchmarkRead(b *testing.B) {
	var data [][]byte
	size := 0
	for i := 1; i <= 100; i++ {
		d, err := os.ReadFile(filepath.Join(sharedDir(b), "cnf", "satlib", "uf50-218", fmt.Sprintf("uf50-0%d.cnf", i)))
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d)
		size += len(d)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range data {
			if _, err := cnf.Read(bytes.NewReader(d), "uf50.cnf"); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkWrite writes a random 3-CNF with 10,000 variables and 42,600
// clauses.
func BenchmarkWrite(b *testing.B) {
	f := cnf.Random(10000, 42600, 3, newRand(1))
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := f.Write(&buf); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed)) }
