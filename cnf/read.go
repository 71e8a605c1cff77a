package cnf

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Size limits enforced by [Read], so that a hostile or corrupt file fails
// fast with a clear error instead of exhausting memory.
const (
	MaxVars     = 1 << 24 // largest variable count accepted in a header
	MaxClauses  = 1 << 26 // most clauses accepted (in the header and in the body)
	MaxLiterals = 1 << 27 // most literals accepted in all clauses together
)

// maxCommentBytes bounds the comment text kept in Formula.Comments; later
// comments are read and dropped, with one warning.
const maxCommentBytes = 1 << 20

// maxHeaderBytes bounds the length of a "p" line.
const maxHeaderBytes = 256

// ParseError is the error [Read] and [ReadModel] return for bad input. Its
// message is the one-line "name:line: message".
type ParseError struct {
	Name string // file name as given to Read
	Line int    // 1-based line number
	Err  error  // what is wrong
}

// Error returns "name:line: message".
func (e *ParseError) Error() string { return fmt.Sprintf("%s:%d: %v", e.Name, e.Line, e.Err) }

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }

// ReadFile reads the DIMACS CNF file at path; see [Read]. Errors name the
// path.
func ReadFile(path string) (*Formula, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cnf: %w", err)
	}
	defer file.Close()
	return Read(file, path)
}

// Read parses a DIMACS CNF formula from r. name is used in errors and
// warnings ("name:line: message"). The rules are in the package
// documentation; errors are [*ParseError] values.
func Read(r io.Reader, name string) (*Formula, error) {
	p := &parser{br: bufio.NewReaderSize(r, 16<<10), name: name, line: 1, f: &Formula{}}
	skipBOM(p.br)
	if err := p.run(); err != nil {
		return nil, err
	}
	return p.f, nil
}

// skipBOM reads past a UTF-8 byte-order mark at the start of br, which some editors
// write before a file's text: the readers take a file with or without one.
func skipBOM(br *bufio.Reader) {
	if b, _ := br.Peek(3); string(b) == "\ufeff" {
		br.Discard(3)
	}
}

type parser struct {
	br   *bufio.Reader
	name string
	line int // current line, 1-based
	f    *Formula

	headerLine  int // 0 until the header is read
	declClauses int // clause count in the header

	lits      []Lit // literals of all clauses, back to back
	ends      []int // ends[i] is the end of clause i in lits
	openStart int   // line of the first literal of the open clause, 0 if none

	lastLine     int // last line with content
	commentBytes int
	commentsCut  bool
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return &ParseError{Name: p.name, Line: line, Err: fmt.Errorf(format, args...)}
}

func (p *parser) warnf(line int, format string, args ...any) {
	p.f.Warnings = append(p.f.Warnings, fmt.Sprintf("%s:%d: ", p.name, line)+fmt.Sprintf(format, args...))
}

func (p *parser) ioError(err error) error {
	return &ParseError{Name: p.name, Line: p.line, Err: fmt.Errorf("read: %w", err)}
}

func isBlank(b byte) bool {
	return b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f'
}

func (p *parser) run() error {
	lineStart := true
	for {
		b, err := p.br.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return p.ioError(err)
		}
		if b == '\n' {
			p.line++
			lineStart = true
			continue
		}
		if isBlank(b) {
			continue
		}
		p.lastLine = p.line
		if lineStart {
			lineStart = false
			switch b {
			case 'c':
				if err := p.comment(); err != nil {
					return err
				}
				lineStart = true
				continue
			case 'p':
				if err := p.header(); err != nil {
					return err
				}
				lineStart = true
				continue
			case '%':
				// SATLIB trailer: "%" then "0". Stop here, or the 0
				// would become an empty clause.
				return p.finish()
			case '{':
				return p.errorf(p.line, "a JSON document (a board or a play?), not a DIMACS CNF formula")
			}
		}
		if err := p.br.UnreadByte(); err != nil {
			return p.ioError(err)
		}
		if err := p.literal(); err != nil {
			return err
		}
	}
	return p.finish()
}

// restOfLine reads up to and including the next newline (or EOF) and
// returns at most limit bytes of it, without the newline and trailing CRs.
// It advances p.line past the newline.
func (p *parser) restOfLine(limit int) (text string, cut bool, err error) {
	var sb strings.Builder
	for {
		chunk, err := p.br.ReadSlice('\n')
		body := chunk
		if len(body) > 0 && body[len(body)-1] == '\n' {
			body = body[:len(body)-1]
		}
		if room := limit - sb.Len(); room > 0 {
			if len(body) > room {
				sb.Write(body[:room])
				cut = true
			} else {
				sb.Write(body)
			}
		} else if len(body) > 0 {
			cut = true
		}
		switch {
		case err == nil:
			p.line++
			return strings.TrimRight(sb.String(), "\r"), cut, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err == io.EOF:
			return strings.TrimRight(sb.String(), "\r"), cut, nil
		default:
			return "", false, p.ioError(err)
		}
	}
}

func (p *parser) comment() error {
	line := p.line
	limit := maxCommentBytes - p.commentBytes
	text, cut, err := p.restOfLine(max(limit, 0))
	if err != nil {
		return err
	}
	if cut || limit <= 0 {
		if !p.commentsCut {
			p.warnf(line, "comments beyond %d bytes dropped", maxCommentBytes)
			p.commentsCut = true
		}
		if limit <= 0 {
			return nil
		}
	}
	text = strings.TrimPrefix(text, " ")
	p.commentBytes += len(text) + 1
	p.f.Comments = append(p.f.Comments, text)
	return nil
}

func (p *parser) header() error {
	line := p.line
	rest, cut, err := p.restOfLine(maxHeaderBytes)
	if err != nil {
		return err
	}
	text := "p" + rest
	if p.headerLine != 0 {
		return p.errorf(line, "second \"p\" header (the first is on line %d)", p.headerLine)
	}
	if cut {
		return p.errorf(line, "malformed header: longer than %d bytes", maxHeaderBytes)
	}
	fields := strings.Fields(text)
	if len(fields) != 4 || fields[0] != "p" || fields[1] != "cnf" {
		return p.errorf(line, "malformed header %q: want \"p cnf <variables> <clauses>\"", strings.TrimSpace(text))
	}
	vars, err := p.count(line, "variable", fields[2], MaxVars)
	if err != nil {
		return err
	}
	clauses, err := p.count(line, "clause", fields[3], MaxClauses)
	if err != nil {
		return err
	}
	p.headerLine = line
	p.f.NumVars = vars
	p.declClauses = clauses
	p.ends = make([]int, 0, min(clauses, 1<<16))
	p.lits = make([]Lit, 0, min(3*clauses, 1<<18))
	return nil
}

func (p *parser) count(line int, what, s string, limit int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		if !isInteger(s) {
			return 0, p.errorf(line, "malformed header: %s count %q is not an integer", what, s)
		}
		return 0, p.errorf(line, "%s count %s exceeds the limit %d", what, s, limit)
	}
	if n < 0 {
		return 0, p.errorf(line, "negative %s count %d in header", what, n)
	}
	if n > limit {
		return 0, p.errorf(line, "%s count %d exceeds the limit %d", what, n, limit)
	}
	return n, nil
}

// isInteger reports whether s is an optional "-" followed by decimal digits.
func isInteger(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// maxTokenShown bounds how much of a bad token an error message quotes.
const maxTokenShown = 24

// literal reads one whitespace-delimited token and adds it to the open
// clause (or closes the clause on 0).
func (p *parser) literal() error {
	line := p.line
	var tok [maxTokenShown]byte
	n, long := 0, false
	neg, digits, bad := false, 0, false
	value := 0
	for {
		b, err := p.br.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return p.ioError(err)
		}
		if b == '\n' || isBlank(b) {
			if err := p.br.UnreadByte(); err != nil {
				return p.ioError(err)
			}
			break
		}
		if n < len(tok) {
			tok[n] = b
		} else {
			long = true
		}
		switch {
		case b == '-' && n == 0:
			neg = true
		case b >= '0' && b <= '9':
			digits++
			if value <= MaxVars {
				value = value*10 + int(b-'0')
			}
		default:
			bad = true
		}
		n++
	}
	shown := func() string { // only on error paths: no allocation per literal
		if long {
			return string(tok[:]) + "..."
		}
		return string(tok[:n])
	}
	if bad || digits == 0 {
		return p.errorf(line, "%q is not an integer literal", shown())
	}
	if p.headerLine == 0 {
		return p.errorf(line, "clause before the \"p cnf\" header")
	}
	if value == 0 && neg {
		return p.errorf(line, "%q: a clause ends with 0, not -0", shown())
	}
	if value == 0 {
		if len(p.ends) >= MaxClauses {
			return p.errorf(line, "more than %d clauses", MaxClauses)
		}
		p.ends = append(p.ends, len(p.lits))
		p.openStart = 0
		return nil
	}
	if value > p.f.NumVars {
		return p.errorf(line, "literal %s out of range: header declares %d variables", shown(), p.f.NumVars)
	}
	if len(p.lits) >= MaxLiterals {
		return p.errorf(line, "more than %d literals", MaxLiterals)
	}
	if p.openStart == 0 {
		p.openStart = line
	}
	if neg {
		value = -value
	}
	p.lits = append(p.lits, Lit(value))
	return nil
}

func (p *parser) finish() error {
	if p.headerLine == 0 {
		return p.errorf(max(p.lastLine, 1), "no \"p cnf\" header")
	}
	if p.openStart != 0 {
		p.warnf(p.openStart, "last clause has no terminating 0 (kept)")
		p.ends = append(p.ends, len(p.lits))
	}
	if len(p.ends) != p.declClauses {
		p.warnf(p.headerLine, "header says %d clauses, body has %d", p.declClauses, len(p.ends))
	}
	p.f.Clauses = make([]Clause, len(p.ends))
	start := 0
	for i, end := range p.ends {
		p.f.Clauses[i] = Clause(p.lits[start:end:end])
		start = end
	}
	return nil
}
