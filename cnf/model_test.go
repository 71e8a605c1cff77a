package cnf_test

import (
	"strings"
	"testing"

	"github.com/mjsat/mjsat/cnf"
)

func TestReadModel(t *testing.T) {
	tests := []struct {
		name, in, status string
		vars             int
		trueVars         []int // nil: assign must be nil
	}{
		{"competition", "c comment\ns SATISFIABLE\nv 1 -2 3 0\n", "SAT", 3, []int{1, 3}},
		{"several v lines", "s SATISFIABLE\nv 1 -2\nv 3 -4\nv 5 0\n", "SAT", 5, []int{1, 3, 5}},
		{"minisat result file", "SAT\n1 -2 3 0\n", "SAT", 3, []int{1, 3}},
		{"minisat unsat", "UNSAT\n", "UNSAT", 3, nil},
		{"byte-order mark", "\ufeffSAT\n1 -2 3 0\n", "SAT", 3, []int{1, 3}},
		{"minisat indet", "INDET\n", "UNKNOWN", 3, nil},
		{"competition unsat", "c x\ns UNSATISFIABLE\n", "UNSAT", 3, nil},
		{"competition unknown", "s UNKNOWN\n", "UNKNOWN", 3, nil},
		{"bare list", "1 -2 3", "", 3, []int{1, 3}},
		{"bare list over lines with CRLF", "-1\r\n2\r\n 3 0\r\n", "", 3, []int{2, 3}},
		{"partial model", "s SATISFIABLE\nv 2 0\n", "SAT", 4, []int{2}},
		{"empty input", "", "", 2, []int{}},
		{"repeated literal", "v 1 1 0", "", 2, []int{1}},
		{"repeated status", "s SATISFIABLE\nSAT\nv 1 0\n", "SAT", 1, []int{1}},
		{"zero vars", "s SATISFIABLE\nv 0\n", "SAT", 0, []int{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, assign, err := cnf.ReadModel(strings.NewReader(tt.in), "m.out", tt.vars)
			if err != nil {
				t.Fatal(err)
			}
			if status != tt.status {
				t.Errorf("status %q, want %q", status, tt.status)
			}
			if tt.trueVars == nil {
				if assign != nil {
					t.Errorf("assign %v, want nil", assign)
				}
				return
			}
			if len(assign) != tt.vars+1 {
				t.Fatalf("len(assign) = %d, want %d", len(assign), tt.vars+1)
			}
			want := make([]bool, tt.vars+1)
			for _, v := range tt.trueVars {
				want[v] = true
			}
			for v := range want {
				if assign[v] != want[v] {
					t.Errorf("assign = %v, want true exactly at %v", assign, tt.trueVars)
					break
				}
			}
		})
	}
}

func TestReadModelErrors(t *testing.T) {
	tests := []struct {
		name, in string
		vars     int
		want     string
	}{
		{"out of range", "s SATISFIABLE\nv 1 -4 0\n", 3, "m.out:2: literal -4 out of range ±1..3"},
		{"huge literal", "v 99999999999999999999999 0", 3, "m.out:1: literal 99999999999999999999999 out of range ±1..3"},
		{"both signs", "v 1 2\nv -1 0\n", 3, "m.out:2: variable 1 is given both signs"},
		{"after zero", "v 1 0\nv 2 0\n", 3, "m.out:2: literal 2 after the terminating 0 on line 1"},
		{"contradicting status", "s SATISFIABLE\n\ns UNSATISFIABLE\n", 3, "m.out:3: status UNSAT contradicts SAT on line 1"},
		{"unknown status", "s MAYBE\n", 3, `m.out:1: unknown status "MAYBE"`},
		{"unsat with model", "UNSAT\n1 2 0\n", 3, "m.out:1: status UNSAT, yet 2 literals are given"},
		{"junk", "SAT\n1 two 0\n", 3, `m.out:2: "two" is not a literal`},
		{"a play", "{\"format\":\"mahjong-play/1\",\"moves\":[]}\n", 3, `m.out:1: a JSON document (a board or a play?), not a model: a SAT solver's output, or the literals`},
		{"minisat stdout", "|  Number of variables:  20 |\n", 3, `m.out:1: "|" is not a literal`},
		{"plus sign", "v +1 0", 3, `m.out:1: "+1" is not a literal`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := cnf.ReadModel(strings.NewReader(tt.in), "m.out", tt.vars)
			if err == nil || err.Error() != tt.want {
				t.Errorf("error\n got %v\nwant %s", err, tt.want)
			}
		})
	}
	if _, _, err := cnf.ReadModel(strings.NewReader(""), "m.out", -1); err == nil {
		t.Error("negative variable count accepted")
	}
}

// TestReadModelCertifies reads a model for uf20-01's first clause set
// written by hand and checks it with Eval: the model format and the
// formula agree on variable numbering.
func TestReadModelCertifies(t *testing.T) {
	f, err := cnf.Read(strings.NewReader("p cnf 3 3\n1 -2 0\n2 3 0\n-1 -3 0\n"), "f.cnf")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		model string
		ok    bool
	}{
		{"s SATISFIABLE\nv 1 2 -3 0\n", true},
		{"s SATISFIABLE\nv -1 -2 3 0\n", true},
		{"s SATISFIABLE\nv 1 2 3 0\n", false},
		{"s SATISFIABLE\nv -1 2 0\n", false}, // 3 defaults to false: 2 3 holds, 1 -2 fails
	} {
		_, assign, err := cnf.ReadModel(strings.NewReader(tt.model), "m", f.NumVars)
		if err != nil {
			t.Fatal(err)
		}
		if f.Eval(assign) != tt.ok {
			t.Errorf("%q: Eval = %v, want %v", tt.model, !tt.ok, tt.ok)
		}
	}
}
