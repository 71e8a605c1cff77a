package main

import (
	"fmt"
	"io"

	"github.com/mjsat/mjsat/cnf"
	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/shisen"
	sreduce "github.com/mjsat/mjsat/shisen/reduce"
)

// runShisen is run for -game shisen: the Shisen-Sho board that embeds the stacks
// (package shisen/reduce), or a certificate either way.
func (j *job) runShisen(w io.Writer, f *cnf.Formula) error {
	c := j.c
	b, m, err := sreduce.Reduce(f, j.opts)
	if err != nil {
		return j.reduceError(err)
	}
	j.report = func() {
		report(c.Stderr, m.Mahjong, m.Mahjong.Board)
		fmt.Fprintf(c.Stderr, "reduce: the stacks embedded in a %d × %d Shisen-Sho board without gravity, %d tiles\n", b.W, b.H, b.Tiles())
	}
	switch {
	case j.certify != "":
		model, err := readModel(c, j.certify, f.NumVars)
		if err != nil {
			return err
		}
		moves, err := m.PlayFromAssignment(model)
		if err != nil {
			return &exitError{cli.ExitFailed, fmt.Errorf("-certify %s: %w", j.certify, err)}
		}
		p := &shisen.Play{Format: shisen.PlayFormat, Status: "solvable", Moves: moves}
		return p.WriteJSON(w)
	case j.model != "":
		p, err := cli.Read(c, j.model, shisen.ReadPlay)
		if err != nil {
			return err
		}
		assign, err := m.AssignmentFromPlay(p.Moves)
		return j.writeAssignment(w, f, assign, err)
	}
	return b.WriteJSON(w)
}
