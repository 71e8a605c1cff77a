#!/bin/sh
# Runs (or resumes) the games behind the table of play without peeking in
# docs/results.md: for each layout and policy, the deals of seeds 0:$N played by the
# policy into docs/results/nopeek/LAYOUT-POLICY.jsonl (kept compressed in git as .gz: a
# missing .jsonl is first unpacked from it, and the .gz refreshed when done). The
# sample policy's files are named for its K: LAYOUT-sample16.jsonl for K = 16 (the
# table's), LAYOUT-sample.jsonl for K = 8.
# Usage, from the module root: [J=1] [K=16] docs/results/run-nopeek.sh N POLICY LAYOUT...
set -e
n=$1; policy=$2; shift 2
go build -o bin/play ./cmd/play
export MJSAT_LAYOUTS="${MJSAT_LAYOUTS:-../shared/layouts/xmahjongg}"
mkdir -p docs/results/nopeek
k=${K:-16}
name=$policy
[ "$policy" = sample ] && [ "$k" != 8 ] && name=sample$k
for l in "$@"; do
	f=docs/results/nopeek/$(echo "$l" | tr / _)-$name.jsonl
	if [ ! -e "$f" ] && [ -e "$f.gz" ]; then gunzip -k "$f.gz"; fi
	bin/play -policy "$policy" -samples "$k" -layout "$l" -deals "0:$n" -j "${J:-1}" -q -o "$f" || [ $? -eq 3 ]
	gzip -9 -n -k -f "$f"
done
