package cnf

import "fmt"

// MaxBruteForceVars is the largest variable count [BruteForce] accepts.
// At 24 variables an unsatisfiable formula takes about a second.
const MaxBruteForceVars = 24

// BruteForce decides f by trying all 2^NumVars assignments, in the order
// of the binary number whose bit v-1 is the value of variable v, and
// returns the first satisfying one (indexed by variable, [0] unused). It
// uses no solver, so it is an independent oracle for tests. It returns an
// error if f is invalid or has more than [MaxBruteForceVars] variables.
func BruteForce(f *Formula) (sat bool, model []bool, err error) {
	if err := f.Validate(); err != nil {
		return false, nil, fmt.Errorf("cnf: brute force: %w", err)
	}
	if f.NumVars > MaxBruteForceVars {
		return false, nil, fmt.Errorf("cnf: brute force: %d variables, limit %d", f.NumVars, MaxBruteForceVars)
	}
	// A clause is true under bits m iff m&pos != 0 or ^m&neg != 0.
	type masks struct{ pos, neg uint32 }
	cs := make([]masks, 0, len(f.Clauses))
	for _, c := range f.Clauses {
		var m masks
		for _, l := range c {
			bit := uint32(1) << (l.Var() - 1)
			if l.Positive() {
				m.pos |= bit
			} else {
				m.neg |= bit
			}
		}
		if m.pos&m.neg != 0 {
			continue // tautology
		}
		if m.pos|m.neg == 0 {
			return false, nil, nil // empty clause
		}
		cs = append(cs, m)
	}
	for a := uint64(0); a < 1<<f.NumVars; a++ {
		m := uint32(a)
		ok := true
		for _, c := range cs {
			if m&c.pos == 0 && ^m&c.neg == 0 {
				ok = false
				break
			}
		}
		if ok {
			model = make([]bool, f.NumVars+1)
			for v := 1; v <= f.NumVars; v++ {
				model[v] = m&(1<<(v-1)) != 0
			}
			return true, model, nil
		}
	}
	return false, nil, nil
}
