// The Shisen-Sho page: the server draws the position (the path of the last move in
// orange) and says after every move whether it can still be won (package shisen's
// exact solver). Two tiles of one group go when a path of at most three lines through
// empty cells, or round the board, joins them.
"use strict";
const st = { id: null, moves: [], selected: null, seq: 0, seed: null };
const $ = (id) => document.getElementById(id);

async function api(path, body, raw) {
  const r = await send(body === undefined ? "GET" : "POST", path, body === undefined ? undefined : raw ? body : JSON.stringify(body));
  const doc = JSON.parse(r.text);
  if (!r.ok) throw new Error(doc.error || "error " + r.status);
  return doc;
}

function setVerdict(verdict, won) {
  const word = won ? "won" : { solvable: "winnable", unsolvable: "lost", unknown: "unknown" }[verdict] || verdict;
  $("verdict").className = "verdict " + word; $("verdict").textContent = word;
}

async function refresh(hint) {
  const seq = ++st.seq;
  $("verdict").className = "verdict thinking"; $("verdict").textContent = "thinking";
  let doc;
  try { doc = await api("/api/shisen/state", { id: st.id, moves: st.moves, hint: !!hint }); }
  catch (e) { return e.message; }
  if (seq !== st.seq) return null;
  $("board").innerHTML = doc.svg;
  for (const el of $("board").querySelectorAll("[data-cell]")) {
    el.addEventListener("click", (ev) => { ev.stopPropagation(); click(el.dataset.cell); });
  }
  $("count").textContent = `${doc.tiles} tiles left, ${st.moves.length} moves`;
  setVerdict(doc.verdict, doc.won);
  if (doc.won) $("message").textContent = "Cleared: you won.";
  if (hint) $("message").textContent = doc.hint ? "Hint: the tiles marked in orange keep the game winnable." : "No move keeps this position winnable.";
  return null;
}

function cellOf(s) { const [x, y] = s.split(",").map(Number); return [x, y]; }

function click(cell) {
  const el = $("board").querySelector(`[data-cell="${cell}"]`);
  if (st.selected === null || st.selected === cell) {
    for (const e of $("board").querySelectorAll(".selected")) e.classList.remove("selected");
    st.selected = st.selected === cell ? null : cell;
    if (st.selected) el.classList.add("selected");
    return;
  }
  const a = $("board").querySelector(`[data-cell="${st.selected}"]`);
  if (a.dataset.group !== el.dataset.group) {
    a.classList.remove("selected"); st.selected = cell; el.classList.add("selected"); return;
  }
  st.moves.push([cellOf(st.selected), cellOf(cell)]); st.selected = null; $("message").textContent = "";
  const name = el.querySelector("title").textContent;
  refresh().then((err) => {
    if (err === null) return;
    st.moves.pop(); // the server refused the move: take it back
    // The server names the cells; the player is told of the tiles, by their faces.
    const said = /no path/.test(err) ? `No path joins these two tiles (${name}): it may turn at most twice, through empty cells or round the board.` : err;
    refresh().then(() => { $("message").textContent = said; });
  });
}

// KSHISEN_KINDS is the number of tile kinds of KShisen's set (shisen.KShisenKinds).
const KSHISEN_KINDS = 42;

async function open(size, gravity, seed) {
  try {
    const kinds = $("kshisen").checked ? KSHISEN_KINDS : 0;
    const doc = await api("/api/shisen/new", { size, gravity, kinds, seed });
    Object.assign(st, { id: doc.id, moves: [], selected: null, seed: doc.seed });
    show(doc);
  } catch (e) { $("message").textContent = e.message; }
}

function show(doc) {
  $("title").textContent = `Shisen-Sho ${doc.w}×${doc.h}` + (doc.gravity ? " with gravity" : "") + (doc.kinds ? ", KShisen's tiles" : "") + (doc.seed !== undefined ? `, game ${doc.seed}` : "");
  $("size").value = `${doc.w}x${doc.h}`; $("gravity").checked = doc.gravity; $("kshisen").checked = !!doc.kinds; $("seed").value = doc.seed ?? "";
  $("message").textContent = "";
  refresh();
}

function wire() {
  $("undo").onclick = () => { if (st.moves.length) { st.moves.pop(); st.selected = null; refresh(); } };
  $("restart").onclick = () => { st.moves = []; st.selected = null; refresh(); };
  $("hint").onclick = () => refresh(true);
  $("new").onclick = () => open($("size").value, $("gravity").checked, Math.floor(Math.random() * 1e9));
  $("load").onclick = () => open($("size").value, $("gravity").checked, Number($("seed").value) || 0);
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
    const b = { u: "undo", h: "hint", n: "new" }[ev.key];
    if (b) { ev.preventDefault(); $(b).click(); }
  });
}

async function start() {
  wire();
  if (window.mjsatStatic) {
    $("message").textContent = "Loading the solver…";
    await startBackend();
    const doc = await api("/api/shisen/open", await (await fetch("start.json")).text(), true);
    st.id = doc.id; show(doc); return;
  }
  const doc = await api("/api/shisen/start");
  st.id = doc.id; show(doc);
}

start().catch((e) => { $("message").textContent = e.message; });
