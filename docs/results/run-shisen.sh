#!/bin/sh
# Runs (or resumes) the Shisen-Sho scans behind docs/results.md: for each KShisen size
# and rule, seeds 0:$N into docs/results/shisen/shisen-SIZE[-gravity].jsonl (kept
# compressed in git as .gz: a missing .jsonl is first unpacked from it, and the .gz is
# refreshed when done).
# KINDS=42 deals KShisen's tile set (files and records named ...-k42). RETRY=1 solves
# again the deals a file holds as unknown (scan -retry-unknown; give a longer TIMEOUT),
# and DEALS=A:B takes the seeds A:B instead of 0:N (a stretch to decide whole).
# Usage, from the module root: [TIMEOUT=10s] [J=1] [RULES="plain gravity"] [KINDS=N] [RETRY=1] [DEALS=A:B] docs/results/run-shisen.sh N SIZE...
set -e
n=$1; shift
go build -o bin/scan ./cmd/scan
mkdir -p docs/results/shisen
for size in "$@"; do
	for rule in ${RULES:-plain gravity}; do
		g=""; [ "$rule" = gravity ] && g=-gravity
		k=""; [ -n "$KINDS" ] && k="-k$KINDS"
		f=docs/results/shisen/shisen-$size$g$k.jsonl
		if [ ! -e "$f" ] && [ -e "$f.gz" ]; then gunzip -k "$f.gz"; fi
		r=""; [ -n "$RETRY" ] && r=-retry-unknown
		bin/scan -game shisen -size "$size" $g -deals "${DEALS:-0:$n}" $r -j "${J:-1}" -timeout "${TIMEOUT:-10s}" -kinds "${KINDS:-0}" -q -o "$f" > /dev/null || [ $? -eq 3 ]
		gzip -9 -n -k -f "$f"
	done
done
