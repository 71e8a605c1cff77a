package cnf

import "fmt"

// Source is a source of random integers, such as a *math/rand/v2.Rand.
// IntN returns a uniform integer in [0, n).
type Source interface{ IntN(n int) int }

// Random returns a uniform random k-CNF formula with numVars variables and
// numClauses clauses: each clause has k distinct variables chosen
// uniformly (Floyd's algorithm), each negated with probability 1/2. The
// formula depends only on the arguments and the values src returns, so a
// fixed-seed src gives the same formula on every run and platform.
//
// Random panics if numVars, numClauses or k is negative, or if k exceeds
// numVars while numClauses > 0, or if numVars exceeds [MaxVars].
func Random(numVars, numClauses, k int, src Source) *Formula {
	if numVars < 0 || numClauses < 0 || k < 0 || numVars > MaxVars || (numClauses > 0 && k > numVars) {
		panic(fmt.Sprintf("cnf.Random(%d, %d, %d): invalid sizes", numVars, numClauses, k))
	}
	f := &Formula{
		NumVars:  numVars,
		Clauses:  make([]Clause, numClauses),
		Comments: []string{fmt.Sprintf("random %d-CNF: %d variables, %d clauses", k, numVars, numClauses)},
	}
	lits := make([]Lit, numClauses*k)
	for i := range f.Clauses {
		c := lits[i*k : (i+1)*k : (i+1)*k]
		// Floyd: for j = n-k+1..n pick t in 1..j; take j if t is taken.
		for idx, j := 0, numVars-k+1; j <= numVars; idx, j = idx+1, j+1 {
			t := Lit(1 + src.IntN(j))
			for _, l := range c[:idx] {
				if l == t {
					t = Lit(j)
					break
				}
			}
			c[idx] = t
		}
		for idx := range c {
			if src.IntN(2) == 1 {
				c[idx] = -c[idx]
			}
		}
		f.Clauses[i] = c
	}
	return f
}
