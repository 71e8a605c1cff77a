// Package tests holds mjsat's end-to-end cross-checks: formulas from ../shared/cnf and
// generated ones go through every route (formula, reduction, native solver, SAT route,
// certificates both ways) via package verify, and every route must agree.
//
// The full SATLIB runs are long; the default test run checks fixed samples that fit the
// CI budget, `go test ./tests -args -long` runs whole folders.
package tests
