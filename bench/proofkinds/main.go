// Command proofkinds reads what a SAT solver learnt on a board's encoding in the
// game's terms. It takes the DIMACS file that `encode` wrote (whose "c v N: ..."
// lines say what each variable means) and a proof in text DRAT, as `cadical
// --no-binary ENCODING PROOF` writes it, and counts the clauses the proof adds by the
// kinds of their variables: pairs removed together (pair), a tile's side (side), "goes
// no later than" (le), "goes strictly before" (lt), rank bits and comparators (rank)
// and time steps (time). It prints the literals of each kind, the unit clauses by kind
// and sign, which kinds the clauses mix, and the clauses' lengths (docs/perf.md, "What
// CaDiCaL learns on the reductions").
//
//	encode -o B.cnf B.json && cadical --no-binary B.cnf B.drat
//	go run ./bench/proofkinds B.cnf B.drat
package main

import (
	"bufio"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: proofkinds ENCODING.cnf PROOF.drat")
		os.Exit(2)
	}
	kinds, err := readKinds(os.Args[1])
	if err == nil {
		var st stats
		st, err = readProof(os.Args[2], kinds)
		if err == nil {
			st.print(os.Stdout)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "proofkinds:", err)
		os.Exit(1)
	}
}

// kindOf names the kind of a variable from what `encode` says of it.
func kindOf(desc string) string {
	switch {
	case strings.HasSuffix(desc, "are removed together"):
		return "pair"
	case strings.HasSuffix(desc, "is freed on the left (else on the right)"):
		return "side"
	case strings.Contains(desc, " goes no later than "):
		return "le"
	case strings.Contains(desc, " goes strictly before "):
		return "lt"
	case strings.HasPrefix(desc, "rank of "):
		return "rank"
	case strings.Contains(desc, " is gone after step "):
		return "time"
	}
	return "other"
}

// readKinds returns the kind of every variable described in the comments of file.
func readKinds(file string) (map[int]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	kinds := map[int]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if !strings.HasPrefix(text, "c") {
			break // the comments come first
		}
		rest, ok := strings.CutPrefix(text, "c v ")
		if !ok {
			continue
		}
		num, desc, ok := strings.Cut(rest, ": ")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v < 1 {
			return nil, fmt.Errorf("%s:%d: a variable's line without its number", file, line)
		}
		kinds[v] = kindOf(desc)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if len(kinds) == 0 {
		return nil, fmt.Errorf("%s: no \"c v\" lines: not written by encode", file)
	}
	return kinds, nil
}

// stats counts what a proof adds.
type stats struct {
	added, deleted int
	empty          bool           // the proof ends with the empty clause
	lits           map[string]int // literals by kind
	units          map[string]int // unit clauses by kind and sign ("pair+")
	mixes          map[string]int // clauses by the set of their kinds ("le+pair")
	lengths        map[int]int
}

// readProof counts the clauses the text DRAT proof in file adds.
func readProof(file string, kinds map[int]string) (stats, error) {
	st := stats{lits: map[string]int{}, units: map[string]int{}, mixes: map[string]int{}, lengths: map[int]int{}}
	f, err := os.Open(file)
	if err != nil {
		return st, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "c") {
			continue
		}
		if strings.HasPrefix(text, "d") {
			st.deleted++
			continue
		}
		fields := strings.Fields(text)
		if len(fields) == 1 && fields[0] == "0" {
			st.empty = true
			continue
		}
		if fields[len(fields)-1] != "0" {
			return st, fmt.Errorf("%s:%d: a clause not ended by 0 (a binary proof? use cadical --no-binary)", file, line)
		}
		set := map[string]bool{}
		for _, fl := range fields[:len(fields)-1] {
			l, err := strconv.Atoi(fl)
			v := max(l, -l)
			k, known := kinds[v]
			if err != nil || l == 0 || !known {
				return st, fmt.Errorf("%s:%d: literal %q is not a variable of the encoding", file, line, fl)
			}
			st.lits[k]++
			set[k] = true
			if len(fields) == 2 {
				sign := "+"
				if l < 0 {
					sign = "-"
				}
				st.units[k+sign]++
			}
		}
		st.added++
		st.lengths[len(fields)-1]++
		st.mixes[strings.Join(slices.Sorted(maps.Keys(set)), "+")]++
	}
	if err := sc.Err(); err != nil {
		return st, fmt.Errorf("%s: %w", file, err)
	}
	return st, nil
}

// print writes the counts, each table in a fixed order.
func (st stats) print(w io.Writer) {
	fmt.Fprintf(w, "clauses added %d, deleted %d, the empty clause %v\n", st.added, st.deleted, st.empty)
	for _, t := range []struct {
		name string
		m    map[string]int
	}{{"literals", st.lits}, {"units", st.units}, {"clauses by kinds", st.mixes}} {
		fmt.Fprintf(w, "%s:", t.name)
		for _, k := range slices.Sorted(maps.Keys(t.m)) {
			fmt.Fprintf(w, " %s %d", k, t.m[k])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprint(w, "lengths:")
	for _, n := range slices.Sorted(maps.Keys(st.lengths)) {
		fmt.Fprintf(w, " %d:%d", n, st.lengths[n])
	}
	fmt.Fprintln(w)
}
