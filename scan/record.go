package scan

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"github.com/mjsat/mjsat/board"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

// Verdict is a deal's verdict: [board.Verdict], whose words the JSONL format uses.
type Verdict = board.Verdict

// The verdicts (see [board.Verdict]).
const (
	Unknown    = board.Unknown
	Solvable   = board.Solvable
	Unsolvable = board.Unsolvable
)

// ParseVerdict is [board.ParseVerdict].
func ParseVerdict(s string) (Verdict, error) { return board.ParseVerdict(s) }

// Record is the result for one deal: one line of a result file,
//
//	{"layout":"default","seed":17,"verdict":"solvable","ms":0.412,"nodes":123}
//
// with the keys always in this order. ms (the solving time in milliseconds, three
// decimals) is the only field that differs between two runs of the same deal; it is left
// out when the run was asked for deterministic output, and then Timed is false.
type Record struct {
	Layout  string
	Seed    uint64
	Verdict Verdict
	Ms      float64 // solving time in milliseconds; meaningful only when Timed
	Timed   bool
	Nodes   int64 // search nodes the solver reports (0 when it reports none)
	// Difficulty, when not nil, is the deal's difficulty for a player (see Difficulty).
	Difficulty *Difficulty
}

// Difficulty is what a deal is like for a player, as package difficulty measures it:
// of Games uniformly random games (a random available pair at every move), Won
// cleared the board; of the FirstMoves moves available at the start, WinningFirst
// keep the deal winnable. In a record line its keys follow "nodes":
//
//	"games":100,"won":37,"first_moves":12,"winning_first":5
type Difficulty struct {
	Games, Won, FirstMoves, WinningFirst int
}

// AppendJSON appends r as one JSON line (with the newline) to buf.
func (r Record) AppendJSON(buf []byte) []byte {
	name, _ := json.Marshal(r.Layout) // a string always marshals
	buf = append(buf, `{"layout":`...)
	buf = append(buf, name...)
	buf = append(buf, `,"seed":`...)
	buf = strconv.AppendUint(buf, r.Seed, 10)
	buf = append(buf, `,"verdict":"`...)
	buf = append(buf, r.Verdict.String()...)
	buf = append(buf, '"')
	if r.Timed {
		buf = append(buf, `,"ms":`...)
		buf = strconv.AppendFloat(buf, r.Ms, 'f', 3, 64)
	}
	buf = append(buf, `,"nodes":`...)
	buf = strconv.AppendInt(buf, r.Nodes, 10)
	if d := r.Difficulty; d != nil {
		buf = append(buf, `,"games":`...)
		buf = strconv.AppendInt(buf, int64(d.Games), 10)
		buf = append(buf, `,"won":`...)
		buf = strconv.AppendInt(buf, int64(d.Won), 10)
		buf = append(buf, `,"first_moves":`...)
		buf = strconv.AppendInt(buf, int64(d.FirstMoves), 10)
		buf = append(buf, `,"winning_first":`...)
		buf = strconv.AppendInt(buf, int64(d.WinningFirst), 10)
	}
	return append(buf, "}\n"...)
}

type jsonRecord struct {
	Layout  *string  `json:"layout"`
	Seed    *uint64  `json:"seed"`
	Verdict *string  `json:"verdict"`
	Ms      *float64 `json:"ms"`
	Nodes   int64    `json:"nodes"`

	Games        *int `json:"games"`
	Won          *int `json:"won"`
	FirstMoves   *int `json:"first_moves"`
	WinningFirst *int `json:"winning_first"`
}

// ParseRecord parses one line of a result file.
func ParseRecord(line []byte) (Record, error) {
	var j jsonRecord
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return Record{}, err
	}
	if dec.More() {
		return Record{}, fmt.Errorf("text after the JSON object")
	}
	switch {
	case j.Layout == nil:
		return Record{}, fmt.Errorf(`missing "layout"`)
	case *j.Layout == "":
		return Record{}, fmt.Errorf(`empty "layout"`)
	case j.Seed == nil:
		return Record{}, fmt.Errorf(`missing "seed"`)
	case j.Verdict == nil:
		return Record{}, fmt.Errorf(`missing "verdict"`)
	case j.Nodes < 0:
		return Record{}, fmt.Errorf(`negative "nodes" %d`, j.Nodes)
	case j.Ms != nil && *j.Ms < 0:
		return Record{}, fmt.Errorf(`negative "ms" %v`, *j.Ms)
	}
	v, err := ParseVerdict(*j.Verdict)
	if err != nil {
		return Record{}, err
	}
	r := Record{Layout: *j.Layout, Seed: *j.Seed, Verdict: v, Nodes: j.Nodes}
	if j.Ms != nil {
		r.Ms, r.Timed = *j.Ms, true
	}
	switch n := countSet(j.Games, j.Won, j.FirstMoves, j.WinningFirst); {
	case n == 4:
		d := &Difficulty{*j.Games, *j.Won, *j.FirstMoves, *j.WinningFirst}
		if d.Games < 0 || d.Won < 0 || d.Won > d.Games || d.FirstMoves < 0 || d.WinningFirst < 0 || d.WinningFirst > d.FirstMoves {
			return Record{}, fmt.Errorf(`difficulty out of range: "games" %d, "won" %d, "first_moves" %d, "winning_first" %d`,
				d.Games, d.Won, d.FirstMoves, d.WinningFirst)
		}
		r.Difficulty = d
	case n != 0:
		return Record{}, fmt.Errorf(`"games", "won", "first_moves" and "winning_first" go together`)
	}
	return r, nil
}

// countSet returns how many of ps are not nil.
func countSet(ps ...*int) int {
	n := 0
	for _, p := range ps {
		if p != nil {
			n++
		}
	}
	return n
}

// MaxLine is the longest line [ReadRecords] accepts.
const MaxLine = 1 << 16

// ReadRecords reads a result file: one [Record] per line; blank lines are skipped.
// name is used in errors, which give the line number.
func ReadRecords(r io.Reader, name string) ([]Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), MaxLine)
	var out []Record
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		rec, err := ParseRecord(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		out = append(out, rec)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// ReadFile reads a result file with [ReadRecords]; a name ending in ".gz" is
// decompressed, and "-" reads standard input. A missing file is an error.
func ReadFile(path string) ([]Record, error) {
	var r io.Reader = os.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(r)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		defer z.Close()
		r = z
	}
	return ReadRecords(r, path)
}

// WriteRecords writes records as JSON lines; with noTime the ms field is left out.
func WriteRecords(w io.Writer, recs []Record, noTime bool) error {
	bw := bufio.NewWriter(w)
	var buf []byte
	for _, r := range recs {
		if noTime {
			r.Timed = false
		}
		buf = r.AppendJSON(buf[:0])
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// recordLess orders records by layout, then seed.
func recordLess(a, b Record) bool {
	if a.Layout != b.Layout {
		return a.Layout < b.Layout
	}
	return a.Seed < b.Seed
}

// sorted reports whether recs are strictly increasing by (layout, seed).
func sorted(recs []Record) bool {
	for i := 1; i < len(recs); i++ {
		if !recordLess(recs[i-1], recs[i]) {
			return false
		}
	}
	return true
}

// Canonical returns recs sorted by (layout, seed) with one record per deal. Of two
// records for one deal a decided one beats an unknown one, and otherwise the later one
// (in the order given) wins — so a rerun with a longer timeout replaces an unknown. Two
// records that disagree (solvable and unsolvable) mean a solver is wrong: Canonical
// then fails with a *[ConflictError] naming the deal.
func Canonical(recs []Record) ([]Record, error) {
	out := append([]Record(nil), recs...)
	sort.SliceStable(out, func(i, j int) bool { return recordLess(out[i], out[j]) })
	w := 0
	for i, r := range out {
		if i > 0 && r.Layout == out[w-1].Layout && r.Seed == out[w-1].Seed {
			prev := &out[w-1]
			switch {
			case r.Verdict == Unknown && prev.Verdict != Unknown:
				// keep the decided one
			case r.Verdict != Unknown && prev.Verdict != Unknown && r.Verdict != prev.Verdict:
				return nil, &ConflictError{r.Layout, r.Seed, prev.Verdict, r.Verdict}
			default:
				*prev = r
			}
			continue
		}
		out[w] = r
		w++
	}
	return out[:w], nil
}

// ConflictError says that two records of one deal disagree: one solver is wrong.
type ConflictError struct {
	Layout string
	Seed   uint64
	A, B   Verdict
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("layout %q seed %d: one record says %s, another %s", e.Layout, e.Seed, e.A, e.B)
}

// Merge reads result files and returns their [Canonical] union.
func Merge(paths ...string) ([]Record, error) {
	var all []Record
	for _, p := range paths {
		recs, err := ReadFile(p)
		if err != nil {
			return nil, err
		}
		all = append(all, recs...)
	}
	out, err := Canonical(all)
	if err != nil {
		return nil, fmt.Errorf("merging %s: %w", strings.Join(paths, ", "), err)
	}
	return out, nil
}
