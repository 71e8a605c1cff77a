#!/bin/sh
# Runs (or resumes) `verify -game shisen` on a SATLIB folder of ../shared/cnf/satlib,
# the reports behind docs/shisen.md ("Where verification stops"): one report a
# formula in docs/results/satlib/FOLDER/, skipped when it holds a verdict, so that a
# stopped run resumes and several runs at once share the folder (a formula is claimed
# with mkdir before it runs; after a crash, remove FOLDER/claims). Then the reports
# there are joined in SATLIB's order into docs/results/satlib/shisen-FOLDER.jsonl.gz,
# which git keeps and `go test ./tests -run ShisenSATLIBRecords` checks against
# SATLIB's labels; it exits 1 when some formula has no report yet.
# Usage, from the module root: [TIMEOUT=900s] [ORDER=down] docs/results/run-satlib.sh FOLDER
# (FOLDER: uf20-91, uuf50-218; ORDER=down takes the formulas from the last).
set -e
folder=$1
src=../shared/cnf/satlib/$folder
out=docs/results/satlib/$folder
go build -o bin/verify ./cmd/verify
mkdir -p "$out/claims"
names=$(ls "$src" | grep '\.cnf$' | sed 's/\.cnf$//' | sort -t- -k2.2n)
[ "$ORDER" = down ] && names=$(echo "$names" | sort -t- -k2.2nr)
claim=""
trap '[ -n "$claim" ] && rmdir "$claim"; exit 130' INT TERM
for n in $names; do
	grep -qs '"verdict"' "$out/$n.jsonl" && continue
	mkdir "$out/claims/$n" 2>/dev/null || continue
	claim=$out/claims/$n
	bin/verify -game shisen -nosat -timeout "${TIMEOUT:-900s}" -j 1 -json -q -o "$out/$n.jsonl" "$src/$n.cnf" || true
	rmdir "$claim"
	claim=""
done
names=$(echo "$names" | sort -t- -k2.2n)
gz=docs/results/satlib/shisen-$folder.jsonl.gz
for n in $names; do
	grep -s '"verdict"' "$out/$n.jsonl" || true
done | gzip -9 -n > "$gz"
# Counted by report, not by the joined file's lines: a report with two verdicts must
# not hide another formula's missing one.
missing=$(for n in $names; do grep -qs '"verdict"' "$out/$n.jsonl" || echo "$n"; done | wc -l)
if [ "$missing" -gt 0 ]; then
	echo "run-satlib: $missing formulas of $folder have no report yet" >&2
	exit 1
fi
