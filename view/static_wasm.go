//go:build wasip1

package view

import "embed"

// static is empty in the solver for the browser: the page around it serves itself.
var static embed.FS
