package solver

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/mjsat/mjsat/board"
)

// This file builds de Bondt's reduction as written out in shared/design/reduction.md,
// for tests and benchmarks until the reduce package lands. Stacks are top tile first.

type reduction struct {
	stacks   [][]string
	m, n     int   // largest x and y index
	satStack int   // stack "x_m x_m SAT"
	yStack   int   // stack "T y_a y_a" used by the next y-leaf
	vt, vf   []int // per variable: stack "V t_k t_k" / "V f_k f_k"
	kt, kf   []int // per variable: largest t / f index
}

func (r *reduction) add(s ...string) int {
	r.stacks = append(r.stacks, s)
	return len(r.stacks) - 1
}

func x(i int) string { return "x" + strconv.Itoa(i) }
func y(i int) string { return "y" + strconv.Itoa(i) }

// gate makes SAT_x wait for tile g too.
func (r *reduction) gate(g string) {
	m := r.m
	r.stacks[r.satStack] = []string{x(m), x(m), x(m + 2)}
	r.satStack = r.add(x(m+2), x(m+2), "SAT")
	r.add(x(m+1), x(m+1), x(m+2))
	r.add(g, x(m+1), x(m+1))
	r.m += 2
}

func reduceCNF(nvars int, clauses [][]int) *reduction {
	r := &reduction{m: 2, n: 3}
	r.add(x(1), x(1), x(2))
	r.add(x(2), x(1), x(1))
	r.satStack = r.add(x(2), x(2), "SAT")
	r.add("SAT", y(1), y(1))
	r.add(y(1), y(2), y(2))
	r.yStack = r.add(y(1), y(3), y(3))
	r.add(y(2), y(2), "SAT")
	r.add(y(3), y(3), "SAT")
	r.vt = make([]int, nvars+1)
	r.vf = make([]int, nvars+1)
	r.kt = make([]int, nvars+1)
	r.kf = make([]int, nvars+1)
	for i := 1; i <= nvars; i++ {
		v := fmt.Sprintf("V%d", i)
		r.gate(v)
		old := r.stacks[r.yStack]
		tt, a := old[0], old[1]
		n := r.n
		r.stacks[r.yStack] = []string{tt, y(n + 2), y(n + 2)}
		r.add(y(n+2), a, a)
		next := r.add(y(n+2), y(n+1), y(n+1))
		r.add(y(n+1), y(n+1), v)
		r.yStack = next
		r.n += 2
		t1, f1 := fmt.Sprintf("t%d_1", i), fmt.Sprintf("f%d_1", i)
		r.vt[i] = r.add(v, t1, t1)
		r.vf[i] = r.add(v, f1, f1)
		r.kt[i], r.kf[i] = 1, 1
		ai, bi := fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i)
		r.add(t1, t1, ai)
		r.add(f1, f1, ai)
		r.add(ai, bi, bi)
		r.add(ai, bi, bi)
	}
	for j, cl := range clauses {
		c := fmt.Sprintf("C%d", j+1)
		r.gate(c)
		lits := append([]int(nil), cl...)
		for len(lits) < 3 {
			lits = append(lits, lits[0])
		}
		for _, l := range lits {
			i, kind, stack, k := l, "t", &r.vt, &r.kt
			if l < 0 {
				i, kind, stack, k = -l, "f", &r.vf, &r.kf
			}
			v := fmt.Sprintf("V%d", i)
			name := func(q int) string { return fmt.Sprintf("%s%d_%d", kind, i, q) }
			kk := (*k)[i]
			r.stacks[(*stack)[i]] = []string{v, name(kk + 2), name(kk + 2)}
			r.add(name(kk+2), name(kk), name(kk))
			r.add(name(kk+2), name(kk+1), name(kk+1))
			r.add(name(kk+1), name(kk+1), c)
			(*k)[i] = kk + 2
		}
	}
	return r
}

func (r *reduction) board(t testing.TB, name string) *board.Board {
	var sb strings.Builder
	for _, s := range r.stacks {
		sb.WriteString(strings.Join(s, " "))
		sb.WriteByte('\n')
	}
	b, err := board.ParseStacks([]byte(sb.String()), name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// readCNF reads a DIMACS file, stopping at SATLIB's "%" trailer.
func readCNF(t testing.TB, path string) (int, [][]int) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	nvars := 0
	var clauses [][]int
	var cur []int
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == 'c' {
			continue
		}
		if line[0] == '%' {
			break
		}
		if line[0] == 'p' {
			fs := strings.Fields(line)
			nvars, _ = strconv.Atoi(fs[2])
			continue
		}
		for _, w := range strings.Fields(line) {
			v, err := strconv.Atoi(w)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if v == 0 {
				clauses = append(clauses, cur)
				cur = nil
			} else {
				cur = append(cur, v)
			}
		}
	}
	return nvars, clauses
}

// bruteSAT decides a small formula by enumeration.
func bruteSAT(nvars int, clauses [][]int) bool {
	for a := 0; a < 1<<nvars; a++ {
		ok := true
		for _, cl := range clauses {
			sat := false
			for _, l := range cl {
				v := l
				if v < 0 {
					v = -v
				}
				if (a>>(v-1)&1 == 1) == (l > 0) {
					sat = true
					break
				}
			}
			if !sat {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}
