#!/bin/sh
# Runs (or resumes) the scans behind docs/results.md: for each layout, seeds 0:$N into
# docs/results/LAYOUT.jsonl (kept compressed in git as LAYOUT.jsonl.gz: a missing .jsonl
# is first unpacked from it, and the .gz is refreshed after each layout).
# Usage, from the module root: [J=2] [TIMEOUT=10s] [RETRY=1] docs/results/run.sh N [LAYOUT...]
# (RETRY=1 also solves again the deals a file holds as unknown.)
set -e
n=$1; shift
layouts=${*:-"default farandole hare horse hourglass monkey ox papillon ram rat rooster snake theater tiger wedges bridge arena arrow boar ceremonial deepwell dog dragon schoon"}
go build -o bin/scan ./cmd/scan
export MJSAT_LAYOUTS="${MJSAT_LAYOUTS:-../shared/layouts/xmahjongg}"
for l in $layouts; do
	f=docs/results/$l.jsonl
	if [ ! -e "$f" ] && [ -e "$f.gz" ]; then gunzip -k "$f.gz"; fi
	bin/scan -layout "$l" -deals "0:$n" -j "${J:-2}" -timeout "${TIMEOUT:-10s}" ${RETRY:+-retry-unknown} -q -o "$f" > /dev/null || [ $? -eq 3 ]
	gzip -9 -n -k -f "$f"
done
