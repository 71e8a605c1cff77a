// Package tests holds mjsat's end-to-end cross-checks: formulas from ../shared/cnf and
// generated ones go through every route (formula, reduction, native solver, SAT route,
// certificates both ways) via package verify, and every route must agree. It also runs
// the installed commands as a user would: the shared command-line conventions, layouts
// found by name from an empty folder, a hostile-input corpus under time and memory
// limits, SIGINT and SIGTERM on long jobs, and scans killed at random moments.
//
// The full SATLIB runs are long; the default test run checks fixed samples that fit the
// CI budget, `go test ./tests -args -long` runs whole folders.
package tests
