// Package cnf holds propositional formulas in conjunctive normal form and
// reads and writes them in the DIMACS CNF format.
//
// It is the value package that every other mjsat package agrees on: a
// [Formula] is a variable count plus a list of [Clause] values, each a list
// of DIMACS literals ([Lit]). The package also has the small tools that
// tests and certificate checkers need without a SAT solver:
//
//   - [Read] and [ReadFile] parse DIMACS as found in the wild (SATLIB files
//     with their "%" trailer, clauses spanning lines, CRLF, odd spacing) and
//     report bad input as a one-line "name:line: message" [*ParseError];
//   - [Formula.Write] writes canonical DIMACS that every solver accepts;
//   - [Formula.Eval] and [Formula.Unsatisfied] check an assignment;
//   - [ReadModel] parses a solver's answer (s/v lines, a minisat result file
//     or a bare literal list) into an assignment;
//   - [BruteForce] decides small formulas (up to [MaxBruteForceVars]
//     variables) by enumeration, as an oracle independent of any solver;
//   - [Random] generates uniform random k-CNF from a caller-supplied,
//     seedable source.
//
// The package is not a SAT solver and does not simplify formulas: literals
// are kept exactly as read (duplicates and tautologies included). Solving
// lives in package sat. cnf imports only the standard library.
//
// # Reading rules
//
// [Read] accepts:
//   - comment lines starting with "c" anywhere, also between and after
//     clauses (kept in [Formula.Comments] without the leading "c ");
//   - a header "p cnf <vars> <clauses>" with any spacing, before all clauses;
//   - clauses spanning several lines and several clauses on one line;
//   - leading and trailing blanks, CRLF line ends, a missing final newline;
//   - duplicate literals inside a clause (kept as written: a clause with a
//     repeated literal means the same as the deduplicated clause);
//   - an explicit empty clause ("0" on its own), which makes the formula
//     unsatisfiable;
//   - the SATLIB trailer: reading STOPS at a line whose first non-blank
//     character is "%", so the "0" that follows it in uf/uuf files is not
//     taken for an empty clause.
//
// Findings that do not stop reading go to [Formula.Warnings]: a header
// clause count that disagrees with the body, and a last clause without its
// terminating 0 (the clause is kept).
//
// Everything else is an error: clauses before the header, no header, a
// malformed or second header, negative counts, a token that is not an
// integer, a literal whose variable exceeds the header's count, and sizes
// beyond [MaxVars], [MaxClauses] or [MaxLiterals] (so that a hostile file
// fails fast instead of exhausting memory).
package cnf
