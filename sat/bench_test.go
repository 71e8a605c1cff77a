package sat_test

import (
	"context"
	"fmt"
	"github.com/mjsat/mjsat/internal/shared"
	"path/filepath"
	"testing"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/sat"
)

// BenchmarkGophersat solves the 100 shared uf50-218 (SAT) or uuf50-218
// (UNSAT) instances per iteration; ns/op / 100 is the time per instance.
func BenchmarkGophersat(b *testing.B) {
	for _, set := range []string{"uf50-218", "uuf50-218"} {
		var fs []*cnf.Formula
		for i := 1; i <= 100; i++ {
			f, err := cnf.ReadFile(filepath.Join(shared.Dir(b), "cnf", "satlib", set, fmt.Sprintf("%s-0%d.cnf", set[:len(set)-4], i)))
			if err != nil {
				b.Fatal(err)
			}
			fs = append(fs, f)
		}
		b.Run(set, func(b *testing.B) {
			for b.Loop() {
				for _, f := range fs {
					if _, err := sat.Solve(context.Background(), f); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
