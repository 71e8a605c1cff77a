#!/usr/bin/env python3
"""Prints the table of play without peeking for docs/results.md and writes its chart.

For every layout with games in docs/results/nopeek/LAYOUT-POLICY.jsonl.gz (written by
run-nopeek.sh; the sample column from LAYOUT-sample16, K = 16, but on the turtle
from LAYOUT-sample64, the K whose doubling to 128 stays within its interval), the
share of deals each policy won, with its 95% Wilson interval, and the share of the
same deals that can be won with peeking, read from the scan's result file of the
layout (docs/results/LAYOUT.jsonl.gz: the same seeds deal the same deals).
Usage, from the module root: docs/results/nopeek-table.py > table.md (the chart goes
to docs/results-nopeek.svg).
"""
import glob, gzip, json, math, os, re

POLICIES = ["random", "greedy", "debondt", "sample"]
# The imagined boards a move of the sample column, where not 16: on the turtle, K = 64,
# as K = 128 on the same 10,000 deals stays within its interval (docs/results.md).
SAMPLE_K = {"turtle": 64}


def wilson(k, n, z=1.959963984540054):
    if n == 0:
        return 0.0, 1.0
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z / den * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, mid - half if k else 0.0), min(1.0, mid + half if k < n else 1.0)


def records(path):
    with gzip.open(path, "rt") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


rows = {}
for path in sorted(glob.glob("docs/results/nopeek/*.jsonl.gz")):
    # The sample column is the strong player with K imagined boards a move
    # (LAYOUT-sampleK, K from SAMPLE_K, else 16); LAYOUT-sample is K = 8, and the
    # files named after a former tie-break are kept for the text, not the table.
    m = re.match(r"(.+)-(random|greedy|debondt|sample\d+)\.jsonl\.gz$", os.path.basename(path))
    if not m:
        continue
    layout, policy = m.groups()
    if policy.startswith("sample"):
        if policy != "sample%d" % SAMPLE_K.get(layout, 16):
            continue
        policy = "sample"
    recs = {r["seed"]: r["won"] for r in records(path)}
    rows.setdefault(layout, {})[policy] = recs

def scanfile(layout):
    return {"turtle": "docs/results/default-10M.jsonl.gz"}.get(layout, "docs/results/%s.jsonl.gz" % layout)

print("| layout | deals | winnable with peeking | " + " | ".join(POLICIES) + " | price of not peeking |")
print("| --- | ---: | --- | " + " | ".join("---" for _ in POLICIES) + " | ---: |")
chart = []
for layout in sorted(rows, key=lambda l: (l != "turtle", l)):
    pol = rows[layout]
    seeds = set()
    for p in pol.values():
        seeds |= set(p)
    n = max(len(p) for p in pol.values())
    winnable, decided = 0, 0
    if os.path.exists(scanfile(layout)):
        want = set(s for s in seeds if s < n)
        for r in records(scanfile(layout)):
            if r["seed"] in want and r["verdict"] != "unknown":
                decided += 1
                winnable += r["verdict"] == "solvable"
            if r["seed"] >= n and decided == len(want):
                break
    cells, best = [], 0.0
    for p in POLICIES:
        if p not in pol:
            cells.append("—")
            continue
        k, m = sum(pol[p].values()), len(pol[p])
        lo, hi = wilson(k, m)
        kk = "K = %d, " % SAMPLE_K[layout] if p == "sample" and layout in SAMPLE_K else ""
        cells.append("%.2f%% [%.2f, %.2f] (%s%d)" % (100 * k / m, 100 * lo, 100 * hi, kk, m))
        best = max(best, k / m)
        chart.append((layout, p, k / m, lo, hi))
    w = "—"
    price = "—"
    if decided:
        lo, hi = wilson(winnable, decided)
        w = "%.2f%% [%.2f, %.2f]" % (100 * winnable / decided, 100 * lo, 100 * hi)
        price = "%.1f pp" % (100 * (winnable / decided - best))
        chart.append((layout, "peeking", winnable / decided, lo, hi))
    print("| %s | %d | %s | %s | %s |" % (layout, n, w, " | ".join(cells), price))

# The chart: per layout, a bar per policy and one for peeking, with whiskers.
colors = {"random": "#adb5bd", "greedy": "#74c0fc", "debondt": "#ffa94d", "sample": "#63e6be", "peeking": "#495057"}
layouts = sorted(rows, key=lambda l: (l != "turtle", l))
bw, gap, top, left, height = 7, 10, 40, 40, 260
kinds = ["random", "greedy", "debondt", "sample", "peeking"]
width = left + len(layouts) * (len(kinds) * bw + gap) + 20
out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">' % (width, top + height + 90)]
out.append('<text x="%d" y="20" font-size="13">Deals won without peeking, by policy, and winnable with peeking (95%% Wilson intervals)</text>' % left)
for k, kind in enumerate(kinds):
    out.append('<rect x="%d" y="26" width="10" height="8" fill="%s"/><text x="%d" y="34">%s</text>' % (left + 110 * k, colors[kind], left + 110 * k + 14, kind))
for pct in range(0, 101, 20):
    y = top + height - height * pct / 100
    out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#dee2e6"/><text x="4" y="%.1f">%d%%</text>' % (left, width - 10, y, y, y + 4, pct))
for i, layout in enumerate(layouts):
    x0 = left + i * (len(kinds) * bw + gap)
    for j, kind in enumerate(kinds):
        for (l, p, f, lo, hi) in chart:
            if l == layout and p == kind:
                x = x0 + j * bw
                out.append('<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="%s"/>' % (x, top + height * (1 - f), bw - 1, height * f, colors[kind]))
                out.append('<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#212529"/>' % (x + bw / 2, x + bw / 2, top + height * (1 - hi), top + height * (1 - lo)))
    out.append('<text transform="translate(%d,%d) rotate(60)">%s</text>' % (x0 + 4, top + height + 8, layout))
out.append("</svg>")
with open("docs/results-nopeek.svg", "w") as f:
    f.write("\n".join(out) + "\n")
