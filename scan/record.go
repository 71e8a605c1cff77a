package scan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/mjsat/mjsat/board"
)

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
	Verdict board.Verdict
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
	buf = append(buf, `{"layout":`...)
	if plainName(r.Layout) {
		buf = append(buf, '"')
		buf = append(buf, r.Layout...)
		buf = append(buf, '"')
	} else {
		name, _ := json.Marshal(r.Layout) // a string always marshals
		buf = append(buf, name...)
	}
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

// plainName reports whether encoding/json writes layout name s as it is, between
// quotes: printable ASCII other than the quote, the backslash and the three characters
// it escapes for HTML.
func plainName(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// ParseRecord parses one line of a result file.
func ParseRecord(line []byte) (Record, error) {
	if r, ok := parseWritten(line, "", new([]byte)); ok {
		return r, nil
	}
	return parseJSON(line)
}

// parseWritten parses line when it is exactly as AppendJSON writes records, as every
// line of the files this package writes is, without encoding/json: resuming or
// summarizing a file of ten million deals reads ten million lines, and decoding them
// by reflection took most of the time. It reports false for any other line (or one
// that fails a check), which parseJSON then reads or refuses. A line is taken only if
// the record parsed from it writes back to the same bytes, and parseJSON reads every
// line AppendJSON writes to the record written, so both paths agree wherever this one
// answers (FuzzRecord checks it). The layout name is prev when the line's name is the
// same, so that the records of a file share one string; *buf is scratch.
func parseWritten(line []byte, prev string, buf *[]byte) (Record, bool) {
	p := lineParser{b: line}
	p.lit(`{"layout":"`)
	name := p.upTo('"')
	p.lit(`,"seed":`)
	seed := p.uint()
	p.lit(`,"verdict":"`)
	word := p.upTo('"')
	ms, timed := 0.0, p.opt(`,"ms":`)
	if timed {
		ms = p.float()
	}
	p.lit(`,"nodes":`)
	nodes := p.int()
	var d *Difficulty
	if p.opt(`,"games":`) {
		d = &Difficulty{Games: p.int()}
		p.lit(`,"won":`)
		d.Won = p.int()
		p.lit(`,"first_moves":`)
		d.FirstMoves = p.int()
		p.lit(`,"winning_first":`)
		d.WinningFirst = p.int()
	}
	p.lit("}")
	if p.bad || p.i != len(line) || len(name) == 0 {
		return Record{}, false
	}
	v, err := board.ParseVerdict(string(word))
	if err != nil {
		return Record{}, false
	}
	r := Record{Layout: prev, Seed: seed, Verdict: v, Ms: ms, Timed: timed, Nodes: int64(nodes), Difficulty: d}
	if string(name) != prev {
		r.Layout = string(name)
	}
	if r.check() != nil {
		return Record{}, false
	}
	out := r.AppendJSON((*buf)[:0])
	*buf = out
	if !bytes.Equal(out[:len(out)-1], line) {
		return Record{}, false
	}
	return r, true
}

// lineParser reads the fixed shape of a written record; bad is set at the first byte
// that does not fit, after which every read returns zero.
type lineParser struct {
	b   []byte
	i   int
	bad bool
}

// lit consumes s.
func (p *lineParser) lit(s string) {
	if !p.opt(s) {
		p.bad = true
	}
}

// opt consumes s if it comes next and reports whether it did.
func (p *lineParser) opt(s string) bool {
	if p.bad || len(p.b)-p.i < len(s) || string(p.b[p.i:p.i+len(s)]) != s {
		return false
	}
	p.i += len(s)
	return true
}

// upTo returns the bytes before the next c and consumes them and c.
func (p *lineParser) upTo(c byte) []byte {
	if p.bad {
		return nil
	}
	j := bytes.IndexByte(p.b[p.i:], c)
	if j < 0 {
		p.bad = true
		return nil
	}
	s := p.b[p.i : p.i+j]
	p.i += j + 1
	return s
}

// digits consumes a run of up to 19 decimal digits (below 10^19, so no overflow) and
// returns its value; no digit is bad.
func (p *lineParser) digits() uint64 {
	j, n := p.i, uint64(0)
	for ; !p.bad && j < len(p.b) && j-p.i < 19 && isDigit(p.b[j]); j++ {
		n = 10*n + uint64(p.b[j]-'0')
	}
	if j == p.i {
		p.bad = true
	}
	p.i = j
	return n
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// more reports whether a digit comes next.
func (p *lineParser) more() bool { return !p.bad && p.i < len(p.b) && isDigit(p.b[p.i]) }

// uint reads a seed, up to 2^64-1 (20 digits).
func (p *lineParser) uint() uint64 {
	n := p.digits()
	if p.more() {
		d := uint64(p.b[p.i] - '0')
		p.i++
		if n > (math.MaxUint64-d)/10 {
			p.bad = true
		}
		n = 10*n + d
	}
	if p.more() {
		p.bad = true
	}
	return n
}

// int reads a count, which may be negative (check refuses it then).
func (p *lineParser) int() int {
	neg := p.opt("-")
	n := p.digits()
	if p.more() || n > math.MaxInt64 {
		p.bad = true
	}
	if neg {
		return -int(n)
	}
	return int(n)
}

// float reads a time as AppendJSON writes it, with three decimals. The number of
// thousandths is exact in a float64 below 2^53, and the division by 1000 is then
// rounded once, as strconv.ParseFloat rounds the decimal.
func (p *lineParser) float() float64 {
	whole := p.digits()
	p.lit(".")
	j := p.i
	frac := p.digits()
	if p.i-j != 3 || p.more() || whole >= 1<<53/1000 {
		p.bad = true
	}
	return float64(whole*1000+frac) / 1000
}

// check refuses a record no run writes: a negative count or time, or a difficulty out
// of its ranges.
func (r Record) check() error {
	switch {
	case r.Nodes < 0:
		return fmt.Errorf(`negative "nodes" %d`, r.Nodes)
	case r.Timed && r.Ms < 0:
		return fmt.Errorf(`negative "ms" %v`, r.Ms)
	}
	if d := r.Difficulty; d != nil && (d.Games < 0 || d.Won < 0 || d.Won > d.Games || d.FirstMoves < 0 || d.WinningFirst < 0 || d.WinningFirst > d.FirstMoves) {
		return fmt.Errorf(`difficulty out of range: "games" %d, "won" %d, "first_moves" %d, "winning_first" %d`,
			d.Games, d.Won, d.FirstMoves, d.WinningFirst)
	}
	return nil
}

// parseJSON parses a record line of any JSON layout.
func parseJSON(line []byte) (Record, error) {
	var j jsonRecord
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return Record{}, err
	}
	// Not dec.More, which is false before a stray "}" or "]" too.
	if _, err := dec.Token(); err != io.EOF {
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
	}
	v, err := board.ParseVerdict(*j.Verdict)
	if err != nil {
		return Record{}, err
	}
	r := Record{Layout: *j.Layout, Seed: *j.Seed, Verdict: v, Nodes: j.Nodes}
	if j.Ms != nil {
		r.Ms, r.Timed = *j.Ms, true
	}
	switch n := countSet(j.Games, j.Won, j.FirstMoves, j.WinningFirst); {
	case n == 4:
		r.Difficulty = &Difficulty{*j.Games, *j.Won, *j.FirstMoves, *j.WinningFirst}
	case n != 0:
		return Record{}, fmt.Errorf(`"games", "won", "first_moves" and "winning_first" go together`)
	}
	if err := r.check(); err != nil {
		return Record{}, err
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
