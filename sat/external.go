package sat

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/mjsat/mjsat/cnf"
)

// lookPath is exec.LookPath, a variable for tests.
var lookPath = exec.LookPath

// External runs a DIMACS SAT solver binary. Solve writes the formula in
// canonical DIMACS ([cnf.Formula.Write]) to a temporary file and runs
//
//	Command Args... in.cnf [result-file]
//
// How the answer is read depends on the command's base name:
//
//   - minisat, minisat2, glucose, glucose-simp: these print statistics on
//     stdout and write "SAT"/"UNSAT"/"INDET" and the model to a result
//     file, which Solve passes as the last argument and reads;
//   - anything else (cadical, kissat, picosat, lingeling, ...): the
//     competition format on stdout, "s SATISFIABLE" and "v" lines,
//     "c" comments.
//
// The exit code must agree with the printed status: 10 means SAT, 20
// UNSAT, and any other code is accepted only with an UNKNOWN answer (or
// nothing at all with exit 0, which counts as Unknown). When ctx ends
// first, the process is killed and Solve returns Unknown.
type External struct {
	Command string   // solver binary: a name looked up in PATH, or a path
	Args    []string // extra arguments, placed before the input file
}

// resultFileSolvers write their answer to a file named after the input.
var resultFileSolvers = map[string]bool{
	"minisat": true, "minisat2": true, "minisat22": true, "glucose": true, "glucose-simp": true,
}

// maxOutput bounds the solver output kept in memory.
const maxOutput = 256 << 20

// Solve implements [Solver].
func (e External) Solve(ctx context.Context, f *cnf.Formula) (Result, error) {
	start := time.Now()
	name := filepath.Base(e.Command)
	if err := f.Validate(); err != nil {
		return Result{}, fmt.Errorf("sat: %s: %w", name, err)
	}
	if e.Command == "" {
		return Result{}, errors.New("sat: external solver with no command")
	}
	if ctx.Err() != nil {
		return Result{Status: Unknown, Elapsed: time.Since(start)}, nil
	}
	dir, err := os.MkdirTemp("", "mjsat-sat-")
	if err != nil {
		return Result{}, fmt.Errorf("sat: %s: %w", name, err)
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.cnf")
	if err := writeFormula(in, f); err != nil {
		return Result{}, fmt.Errorf("sat: %s: %w", name, err)
	}

	args := append(append([]string(nil), e.Args...), in)
	resultFile := ""
	if resultFileSolvers[strings.TrimSuffix(name, ".exe")] {
		resultFile = filepath.Join(dir, "result.txt")
		args = append(args, resultFile)
	}
	cmd := exec.CommandContext(ctx, e.Command, args...)
	stdout := &cappedBuffer{limit: maxOutput}
	stderr := &cappedBuffer{limit: 64 << 10}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = 2 * time.Second
	runErr := cmd.Run()
	elapsed := time.Since(start)
	if ctx.Err() != nil {
		return Result{Status: Unknown, Elapsed: elapsed}, nil
	}
	code := 0
	if runErr != nil {
		var exitErr *exec.ExitError
		if !errors.As(runErr, &exitErr) {
			return Result{}, fmt.Errorf("sat: run %s: %w", name, runErr)
		}
		code = exitErr.ExitCode()
	}
	fail := func(format string, args ...any) (Result, error) {
		msg := fmt.Sprintf(format, args...)
		if tail := lastLine(stderr.String()); tail != "" {
			msg += " (stderr: " + tail + ")"
		}
		return Result{}, fmt.Errorf("sat: %s: %s", name, msg)
	}
	if code != 0 && code != 10 && code != 20 {
		return fail("exit status %d", code)
	}
	if stdout.cut {
		return fail("more than %d bytes of output", maxOutput)
	}

	var answer []byte
	source := name + " output"
	if resultFile != "" {
		answer, err = os.ReadFile(resultFile)
		if err != nil && code != 0 {
			return fail("no result file: %v", err)
		}
		source = name + " result file"
	} else {
		answer = stdout.Bytes()
	}
	status, assign, err := cnf.ReadModel(bytes.NewReader(answer), source, f.NumVars)
	if err != nil {
		return fail("%v", err)
	}
	byCode := map[int]string{10: cnf.StatusSat, 20: cnf.StatusUnsat}[code]
	switch {
	case status == "" && byCode == "" && code == 0 && len(bytes.TrimSpace(answer)) == 0:
		return Result{Status: Unknown, Elapsed: elapsed}, nil
	case status == "":
		status = byCode
	case byCode != "" && status != byCode:
		return fail("exit status %d contradicts answer %s", code, status)
	}
	switch status {
	case cnf.StatusSat:
		if err := checkModel(name, f, assign); err != nil {
			return Result{}, err
		}
		return Result{Status: Sat, Model: assign, Elapsed: elapsed}, nil
	case cnf.StatusUnsat:
		return Result{Status: Unsat, Elapsed: elapsed}, nil
	case cnf.StatusUnknown:
		return Result{Status: Unknown, Elapsed: elapsed}, nil
	}
	return fail("no SAT/UNSAT answer (exit status %d)", code)
}

func writeFormula(path string, f *cnf.Formula) error {
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := f.Write(file); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}

// cappedBuffer keeps at most limit bytes and notes whether more came.
type cappedBuffer struct {
	bytes.Buffer
	limit int
	cut   bool
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if room := b.limit - b.Len(); room < len(p) {
		b.cut = true
		b.Buffer.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return b.Buffer.Write(p)
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}
