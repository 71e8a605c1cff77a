package board

import "fmt"

// Verdict is the answer to "can this board be cleared?", the one verdict type of
// mjsat: the native solver, the SAT route, the scans and the play documents all speak
// it, with the same words in text and JSON.
type Verdict int8

// The verdicts. Unknown, the zero value, means the work stopped (a time limit, a
// signal) before it decided.
const (
	Unknown Verdict = iota
	Solvable
	Unsolvable
)

// String returns "unknown", "solvable" or "unsolvable".
func (v Verdict) String() string {
	switch v {
	case Solvable:
		return "solvable"
	case Unsolvable:
		return "unsolvable"
	}
	return "unknown"
}

// ParseVerdict is the inverse of [Verdict.String].
func ParseVerdict(s string) (Verdict, error) {
	switch s {
	case "unknown":
		return Unknown, nil
	case "solvable":
		return Solvable, nil
	case "unsolvable":
		return Unsolvable, nil
	}
	return Unknown, fmt.Errorf("verdict %q: want solvable, unsolvable or unknown", cutString(s))
}

// MarshalText writes the verdict's word.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// UnmarshalText reads a verdict's word.
func (v *Verdict) UnmarshalText(b []byte) error {
	x, err := ParseVerdict(string(b))
	*v = x
	return err
}
