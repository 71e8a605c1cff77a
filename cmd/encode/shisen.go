package main

import (
	"fmt"
	"io"

	"github.com/mjsat/mjsat/internal/cli"
	"github.com/mjsat/mjsat/shisen"
	shisenenc "github.com/mjsat/mjsat/shisen/encode"
)

// encodeShisen writes the CNF of a Shisen-Sho board without gravity, its size
// (-stats), or the shisen-play/1 play of a solver's answer for it (-decode).
func encodeShisen(c *cli.Command, data []byte, path, decode string, stats bool, out string) int {
	b, err := shisen.Parse(data, cli.InputName(path))
	if err != nil {
		return c.Fail(cli.ExitUsage, err)
	}
	e, err := shisenenc.Encode(b)
	if err != nil {
		return c.Fail(cli.ExitUsage, fmt.Errorf("%s: %w", cli.InputName(path), err))
	}
	code := cli.ExitOK
	err = c.WriteOutput(out, func(w io.Writer) error {
		switch {
		case decode != "":
			var p *shisen.Play
			p, code, err = decodeShisen(c, e, decode)
			if err != nil {
				return err
			}
			return p.WriteJSON(w)
		case stats:
			_, err := fmt.Fprintf(w, "board: Shisen-Sho %d × %d, %d tiles\nencoding: %d variables, %d clauses\n",
				b.W, b.H, b.Tiles(), e.NumVars(), e.NumClauses())
			return err
		}
		return e.WriteDIMACS(w)
	})
	return exit(c, code, err)
}

// decodeShisen reads a solver's answer for e and returns the play it stands for; the
// status is the exit status of a failure.
func decodeShisen(c *cli.Command, e *shisenenc.Encoding, path string) (*shisen.Play, int, error) {
	data, name, err := readAnswer(c, path)
	if err != nil {
		return nil, cli.ExitUsage, err
	}
	model, unsat, code, err := readModel(data, name, e.NumVars())
	switch {
	case err != nil:
		return nil, code, err
	case unsat:
		return &shisen.Play{Status: "unsolvable", Moves: []shisen.Move{}}, cli.ExitOK, nil
	}
	moves, err := e.Decode(model)
	if err != nil {
		return nil, cli.ExitFailed, fmt.Errorf("%s: %w", name, err)
	}
	return &shisen.Play{Status: "solvable", Moves: moves}, cli.ExitOK, nil
}
