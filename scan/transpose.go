package scan

import "github.com/mjsat/mjsat/board"

// Transpose returns l with x and y swapped (de Bondt's "transposed layouts") and
// "^T" appended to its name, the name its records carry.
func Transpose(l board.Layout) board.Layout {
	t := l.Transpose()
	t.Name = l.Name + "^T"
	return t
}
