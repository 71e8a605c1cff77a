package cnf

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Model statuses returned by [ReadModel].
const (
	StatusSat     = "SAT"
	StatusUnsat   = "UNSAT"
	StatusUnknown = "UNKNOWN"
)

// maxModelLine bounds one line of a model file.
const maxModelLine = 1 << 26

// ReadModel parses a SAT solver's answer for a formula over numVars
// variables. It accepts:
//
//   - competition output: "s SATISFIABLE" / "s UNSATISFIABLE" /
//     "s UNKNOWN" and any number of "v ..." literal lines, "c" comments;
//   - minisat's result file: a line "SAT", "UNSAT" or "INDET", then the
//     literals;
//   - a bare literal list such as "1 -2 3", on one or more lines.
//
// The literal list may end with 0; a nonzero literal after that 0 is an
// error. status is [StatusSat], [StatusUnsat], [StatusUnknown], or "" if
// the input states none. For SAT and for no status, assign is indexed by
// variable ([0] unused, length numVars+1) with every variable not listed
// set to false; for UNSAT and UNKNOWN it is nil, and listing literals is
// an error. Also errors ([*ParseError], "name:line: message"): a literal
// outside ±1..numVars, a variable given both signs, two different
// statuses, and any other text.
func ReadModel(r io.Reader, name string, numVars int) (status string, assign []bool, err error) {
	if numVars < 0 || numVars > MaxVars {
		return "", nil, fmt.Errorf("cnf: read model %s: variable count %d outside 0..%d", name, numVars, MaxVars)
	}
	errorf := func(line int, format string, args ...any) error {
		return &ParseError{Name: name, Line: line, Err: fmt.Errorf(format, args...)}
	}
	br := bufio.NewReader(r)
	skipBOM(br)
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 0, 64<<10), maxModelLine)
	assign = make([]bool, numVars+1)
	seen := make([]int8, numVars+1) // 0 unset, +1 true, -1 false
	statusLine, numLits, endLine := 0, 0, 0
	line := 0
	setStatus := func(s string) error {
		if status != "" && status != s {
			return errorf(line, "status %s contradicts %s on line %d", s, status, statusLine)
		}
		status, statusLine = s, line
		return nil
	}
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		if st, ok := bareStatus[strings.Join(fields, " ")]; ok {
			if err := setStatus(st); err != nil {
				return "", nil, err
			}
			continue
		}
		if strings.HasPrefix(fields[0], "{") {
			return "", nil, errorf(line, "a JSON document (a board or a play?), not a model: a SAT solver's output, or the literals")
		}
		switch fields[0] {
		case "c":
			continue
		case "s":
			word := strings.Join(fields[1:], " ")
			st, ok := competitionStatus[word]
			if !ok {
				return "", nil, errorf(line, "unknown status %q", word)
			}
			if err := setStatus(st); err != nil {
				return "", nil, err
			}
			continue
		case "v":
			fields = fields[1:]
		}
		for _, tok := range fields {
			n, err := strconv.Atoi(tok)
			if err != nil || !isInteger(tok) {
				if isInteger(tok) {
					return "", nil, errorf(line, "literal %s out of range ±1..%d", tok, numVars)
				}
				return "", nil, errorf(line, "%q is not a literal", truncate(tok))
			}
			if n == 0 {
				if endLine == 0 {
					endLine = line
				}
				continue
			}
			if endLine != 0 {
				return "", nil, errorf(line, "literal %d after the terminating 0 on line %d", n, endLine)
			}
			v, sign := n, int8(1)
			if n < 0 {
				v, sign = -n, -1
			}
			if v > numVars {
				return "", nil, errorf(line, "literal %d out of range ±1..%d", n, numVars)
			}
			if seen[v] == -sign {
				return "", nil, errorf(line, "variable %d is given both signs", v)
			}
			seen[v] = sign
			assign[v] = sign > 0
			numLits++
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return "", nil, errorf(line+1, "line longer than %d bytes", maxModelLine)
		}
		return "", nil, errorf(line+1, "read: %w", err)
	}
	if status == StatusUnsat || status == StatusUnknown {
		if numLits > 0 {
			return "", nil, errorf(statusLine, "status %s, yet %d literals are given", status, numLits)
		}
		return status, nil, nil
	}
	return status, assign, nil
}

// bareStatus maps whole lines of minisat-style result files.
var bareStatus = map[string]string{
	"SAT": StatusSat, "SATISFIABLE": StatusSat,
	"UNSAT": StatusUnsat, "UNSATISFIABLE": StatusUnsat,
	"INDET": StatusUnknown, "UNKNOWN": StatusUnknown, "INDETERMINATE": StatusUnknown,
}

// competitionStatus maps the word after "s ".
var competitionStatus = map[string]string{
	"SATISFIABLE":   StatusSat,
	"UNSATISFIABLE": StatusUnsat,
	"UNKNOWN":       StatusUnknown,
	"INDETERMINATE": StatusUnknown,
	"TIMEOUT":       StatusUnknown,
}

func truncate(s string) string {
	if len(s) > maxTokenShown {
		return s[:maxTokenShown] + "..."
	}
	return s
}
