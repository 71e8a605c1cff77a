package shisen

import (
	"cmp"
	"slices"
)

// This file keeps the pairing search's nogoods (learn.go): the refuted sets of pairs,
// watched by group, with the activity they give their groups.

// learnt records core as a nogood and bumps its groups' activity. When the nogoods
// reach maxNogoods it first forgets the older half of them.
func (l *learner) learnt(core []lit) {
	if len(core) == 0 {
		return
	}
	if len(l.nogoods) >= cmp.Or(l.s.maxNogoods, maxNogoods) {
		l.s.forgotten += len(l.nogoods) / 2
		l.nogoods = slices.Delete(l.nogoods, 0, len(l.nogoods)/2)
		for g := range l.watch {
			l.watch[g] = l.watch[g][:0]
		}
		for k, ng := range l.nogoods {
			for _, x := range ng {
				if w := l.watch[x.g]; len(w) == 0 || w[len(w)-1] != k {
					l.watch[x.g] = append(w, k)
				}
			}
		}
	}
	k := len(l.nogoods)
	l.nogoods = append(l.nogoods, core)
	for _, x := range core {
		l.activity[x.g] += l.bump
		if w := l.watch[x.g]; len(w) == 0 || w[len(w)-1] != k {
			l.watch[x.g] = append(w, k)
		}
	}
	l.bump *= activityGrowth
	if l.bump > 1e100 {
		for g := range l.activity {
			l.activity[g] /= 1e100
		}
		l.bump /= 1e100
	}
}

// violated returns a nogood all of whose pairs are fixed now, x just fixed; nil when
// there is none. Earlier pairs broke none, so only those naming x's group are looked at.
func (l *learner) violated(x lit) []lit {
	for _, k := range l.watch[x.g] {
		ng := l.nogoods[k]
		if !slices.Contains(ng, x) {
			continue
		}
		all := true
		for _, y := range ng {
			if l.partner[y.g][y.i] != y.j {
				all = false
				break
			}
		}
		if all {
			return ng
		}
	}
	return nil
}

// union returns the pairs in a or b, each once.
func union(a, b []lit) []lit {
	for _, x := range b {
		if !slices.Contains(a, x) {
			a = append(a, x)
		}
	}
	return a
}
