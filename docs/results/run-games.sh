#!/bin/sh
# Runs (or resumes) the scans behind the KMahjongg and GNOME Mahjongg rows of
# docs/results.md: seeds 0:$N of every layout those games ship, one layout a job, with
# GNU parallel over the local cores, as the README's recipe runs shards over hosts.
# Each layout has its file docs/results/SOURCE/NAME.jsonl (kept compressed in git as
# NAME.jsonl.gz: a missing .jsonl is first unpacked from it, and the .gz is refreshed
# when its layout is done), and its records carry the qualified name (kmahjongg/NAME).
# Usage, from the module root, with the games' layouts installed or unpacked under
# $MJSAT_GAMES_ROOT: [J=2] [TIMEOUT=30s] [RETRY=1] docs/results/run-games.sh N [LAYOUT...]
set -e
if [ "$1" = -one ]; then # one layout: run-games.sh -one NAME N
	f=docs/results/$2.jsonl
	mkdir -p "$(dirname "$f")"
	if [ ! -e "$f" ] && [ -e "$f.gz" ]; then gunzip -k "$f.gz"; fi
	bin/scan -layout "$2" -deals "0:$3" -j 1 -timeout "${TIMEOUT:-30s}" ${RETRY:+-retry-unknown} \
		-q -o "$f" > /dev/null || [ $? -eq 3 ]
	gzip -9 -n -k -f "$f"
	exit
fi
n=$1; shift
go build -o bin/scan ./cmd/scan
layouts=${*:-$(bin/scan -layout list | awk '$1 ~ /^(kmahjongg|gnome)\// {print $1}')}
export TIMEOUT RETRY
printf '%s\n' $layouts | parallel -j "${J:-2}" --joblog docs/results/run-games.log \
	"$0" -one {} "$n"
