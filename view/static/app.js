// The page: draws the board as SVG (the geometry of view.WriteSVG), plays moves by
// clicks, and asks the server (the exact native solver) after every move whether the
// position can still be won.
"use strict";
const UX = 22, UY = 28, DX = 5, DY = 5, M = 10;
const state = { id: null, name: "", tiles: [], byId: new Map(), moves: [], undone: [], free: new Set(),
  selected: null, solution: null, step: 0, reduced: false, seq: 0 };
const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const doc = await r.json();
  if (!r.ok) throw new Error(doc.error || r.statusText);
  return doc;
}

function gone() {
  const g = new Set();
  for (const [a, b] of state.moves) { g.add(a); g.add(b); }
  return g;
}

function draw(highlight = {}) {
  const tiles = state.tiles, g = gone();
  if (!tiles.length) { $("board").textContent = "empty board"; return; }
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = 0;
  for (const t of tiles) { minX = Math.min(minX, t.x); minY = Math.min(minY, t.y); maxX = Math.max(maxX, t.x); maxY = Math.max(maxY, t.y); maxZ = Math.max(maxZ, t.z); }
  const w = (maxX - minX + 2) * UX + maxZ * DX + 2 * M, h = (maxY - minY + 2) * UY + maxZ * DY + 2 * M;
  const order = tiles.filter((t) => !g.has(t.id)).sort((a, b) => a.z - b.z || a.y - b.y || b.x - a.x);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", w); svg.setAttribute("height", h); svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  for (const t of order) {
    const x = (t.x - minX) * UX + (maxZ - t.z) * DX + M, y = (t.y - minY) * UY + (maxZ - t.z) * DY + M;
    const el = document.createElementNS(ns, "g");
    el.setAttribute("data-tile", t.id); el.setAttribute("data-group", t.group);
    const free = state.free.has(t.id);
    const rect = document.createElementNS(ns, "rect");
    for (const [k, v] of Object.entries({ x, y, width: 2 * UX - 2, height: 2 * UY - 2, rx: 5, fill: t.color,
      stroke: free ? "#2b8a3e" : "#555", "stroke-width": free ? 3 : 1 })) rect.setAttribute(k, v);
    rect.setAttribute("style", `filter:brightness(${88 + 4 * t.z}%)`);
    const text = document.createElementNS(ns, "text");
    text.setAttribute("x", x + UX - 1); text.setAttribute("y", y + UY + 4); text.setAttribute("text-anchor", "middle"); text.setAttribute("font-size", "13");
    text.textContent = t.label;
    el.append(rect, text);
    if (free) el.classList.add("free");
    if (state.selected === t.id) el.classList.add("selected");
    if (highlight[t.id]) el.classList.add(highlight[t.id]);
    el.addEventListener("click", () => click(t.id));
    svg.append(el);
  }
  $("board").replaceChildren(svg);
  $("count").textContent = `${tiles.length - g.size} tiles left, ${state.moves.length} moves`;
}

function setStatus(verdict, won) {
  const s = $("status");
  s.className = "status " + (won ? "won" : verdict);
  s.textContent = won ? "won" : { solvable: "winnable", unsolvable: "lost", unknown: "unknown" }[verdict] || verdict;
}

async function refresh() {
  const seq = ++state.seq;
  $("first-losing").textContent = ""; $("core").textContent = "";
  setStatus("unknown", false); $("status").textContent = "thinking";
  const doc = await api("/api/state", { id: state.id, moves: state.moves });
  if (seq !== state.seq) return; // a later move superseded this answer
  state.free = new Set(doc.free);
  setStatus(doc.verdict, doc.won);
  if (state.reduced && doc.assignment) {
    const vs = Object.entries(doc.assignment).sort((a, b) => a[0] - b[0]).map(([v, b]) => (b ? "" : "¬") + "v" + v);
    $("assignment").textContent = "assignment committed to: " + (vs.join(" ") || "none yet");
  }
  draw();
  if (doc.verdict === "unsolvable") await explainLoss(seq);
}

async function explainLoss(seq) {
  const a = await api("/api/analyze", { id: state.id, moves: state.moves });
  if (seq !== state.seq) return;
  if (a.first_losing !== null && a.first_losing !== undefined) {
    const m = state.moves[a.first_losing];
    $("first-losing").textContent = `move ${a.first_losing + 1} (${m[0]} ${m[1]}) lost the game; ${a.alternative[0]} ${a.alternative[1]} would have kept it winnable`;
  } else if (a.initial === "unsolvable") {
    $("first-losing").textContent = "this deal was lost before the first move";
  }
  const h = await api("/api/hint", { id: state.id, moves: state.moves });
  if (seq !== state.seq || !h.core) return;
  const mark = {};
  for (const t of h.core.tiles) mark[t] = "core";
  $("core").textContent = h.core.text;
  draw(mark);
}

async function move(a, b) {
  state.moves.push([a, b]); state.undone = []; state.selected = null;
  draw(); await refresh();
}

function click(id) {
  if (!state.free.has(id)) { $("message").textContent = `tile ${id} is not free`; return; }
  $("message").textContent = "";
  if (state.selected === null || state.selected === id) { state.selected = state.selected === id ? null : id; draw(); return; }
  const a = state.byId.get(state.selected), b = state.byId.get(id);
  if (a.group !== b.group) { state.selected = id; draw(); return; }
  move(state.selected, id);
}

async function load(doc) {
  Object.assign(state, { id: doc.id, name: doc.name, tiles: doc.tiles, moves: doc.moves || [], undone: [], selected: null,
    solution: null, step: 0, reduced: doc.reduced });
  state.byId = new Map(doc.tiles.map((t) => [t.id, t]));
  $("name").textContent = doc.name; $("assignment").textContent = "";
  $("prev").disabled = $("next").disabled = true;
  draw(); await refresh();
}

function wire() {
  $("undo").onclick = () => { if (state.moves.length) { state.undone.push(state.moves.pop()); refresh(); } };
  $("redo").onclick = () => { if (state.undone.length) { state.moves.push(state.undone.pop()); refresh(); } };
  $("restart").onclick = () => { state.moves = []; state.undone = []; state.solution = null; refresh(); };
  $("hint").onclick = async () => {
    const h = await api("/api/hint", { id: state.id, moves: state.moves });
    if (h.move) { $("message").textContent = `hint: ${h.move[0]} ${h.move[1]}`; draw({ [h.move[0]]: "hint", [h.move[1]]: "hint" }); }
    else $("message").textContent = h.verdict === "unknown" ? "no hint: the solver ran out of time" : "no move keeps this position winnable";
  };
  $("solve").onclick = async () => {
    const s = await api("/api/solve", { id: state.id, moves: state.moves });
    if (s.verdict !== "solvable") { $("message").textContent = "no winning play: " + s.verdict; return; }
    state.solution = { base: state.moves.slice(), play: s.play }; state.step = 0;
    $("message").textContent = `a winning play of ${s.play.length} moves: step through it`;
    $("next").disabled = false; $("prev").disabled = true;
  };
  $("next").onclick = () => {
    const s = state.solution; if (!s || state.step >= s.play.length) return;
    state.step++; state.moves = s.base.concat(s.play.slice(0, state.step));
    $("prev").disabled = false; $("next").disabled = state.step >= s.play.length; refresh();
  };
  $("prev").onclick = () => {
    const s = state.solution; if (!s || state.step <= 0) return;
    state.step--; state.moves = s.base.concat(s.play.slice(0, state.step));
    $("next").disabled = false; $("prev").disabled = state.step <= 0; refresh();
  };
  $("load").onclick = async () => {
    try { await load(await api("/api/new", { layout: $("layout").value, seed: Number($("seed").value) })); }
    catch (e) { $("message").textContent = e.message; }
  };
  $("upload").onchange = async (ev) => {
    const f = ev.target.files[0]; if (!f) return;
    const r = await fetch("/api/upload", { method: "POST", body: await f.text() });
    const doc = await r.json();
    if (!r.ok) { $("message").textContent = doc.error; return; }
    await load(doc);
  };
}

wire();
fetch("/api/start").then((r) => r.json()).then(load).catch((e) => { $("message").textContent = e.message; });
