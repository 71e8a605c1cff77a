// The page: a game of Mahjong Solitaire that never lies about the game. The server
// draws the position (the same pictures as view -svg), and after every move the exact
// solver says whether the position can still be won; a lost game is explained in
// words, by the tiles' faces, never by internal numbers.
"use strict";
const state = { id: null, name: "", layout: "", seed: null, tiles: [], byId: new Map(), moves: [], undone: [],
  free: new Set(), selected: null, solution: null, step: 0, reduced: false, seq: 0, marks: {}, lost: null };
const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const r = await send(body === undefined ? "GET" : "POST", path, body === undefined ? undefined : JSON.stringify(body));
  const doc = JSON.parse(r.text);
  if (!r.ok) throw new Error(doc.error || "error " + r.status);
  return doc;
}

// name says a tile as a person does: "5 of Bamboo".
const name = (id) => (state.byId.get(id) || { name: "?" }).name;
// pair says a move: "the two 5 of Bamboo", or the two tiles' names.
function pair(m) {
  const a = name(m[0]), b = name(m[1]);
  return a === b ? `the two ${a}` : `${a} and ${b}`;
}

function say(text) { $("message").textContent = text; }

// draw asks the server for the picture of the position (with marks) and shows it.
async function draw(marks = state.marks) {
  const seq = state.seq;
  const r = await send("POST", "/api/svg", JSON.stringify({ id: state.id, moves: state.moves, marks, show_free: $("show-free").checked }));
  if (!r.ok || seq !== state.seq) return;
  $("board").innerHTML = r.text;
  // Each tile listens itself, so that a click event that does not bubble plays too.
  for (const el of $("board").querySelectorAll("[data-tile]")) {
    el.addEventListener("click", (ev) => { ev.stopPropagation(); click(Number(el.dataset.tile)); });
  }
  if (state.selected !== null) $("board").querySelector(`[data-tile="${state.selected}"]`)?.classList.add("selected");
  const left = state.tiles.length - 2 * state.moves.length;
  $("count").textContent = `${left} tiles left, ${state.moves.length} moves`;
}

function setVerdict(verdict, won) {
  const v = $("verdict");
  const word = won ? "won" : { solvable: "winnable", unsolvable: "lost", unknown: "unknown" }[verdict] || verdict;
  v.className = "verdict " + word;
  v.textContent = word;
}

// refresh redraws and asks whether the position on screen can still be won.
async function refresh() {
  const seq = ++state.seq;
  state.marks = {};
  $("story").textContent = ""; $("core").textContent = ""; $("odds").textContent = "";
  if (state.oddsAbort) { state.oddsAbort.abort(); state.oddsAbort = null; } $("why").hidden = true; state.lost = null;
  $("verdict").className = "verdict thinking"; $("verdict").textContent = "thinking";
  draw();
  let doc;
  for (let tries = 0; ; tries++) {
    try { doc = await api("/api/state", { id: state.id, moves: state.moves }); break; } catch (e) {
      if (seq !== state.seq) return;
      if (tries < 20 && /requests under way|busy/.test(e.message)) { await new Promise((ok) => setTimeout(ok, 250)); continue; }
      setVerdict("unknown", false); say(e.message); return;
    }
  }
  if (seq !== state.seq) return; // a later move superseded this answer
  state.free = new Set(doc.free);
  setVerdict(doc.verdict, doc.won);
  if (doc.won) say("Cleared: you won.");
  if (state.reduced && doc.assignment) {
    const vs = Object.entries(doc.assignment).sort((a, b) => a[0] - b[0]).map(([v, b]) => (b ? "" : "¬") + "v" + v);
    $("assignment").textContent = "Truth assignment the play commits to: " + (vs.join(" ") || "none yet");
  }
  if (doc.verdict === "unsolvable") await explainLoss(seq);
  if (doc.verdict === "solvable" && !doc.won) showOdds(seq);
}

// showOdds says, beside the exact light, how often a strong player who cannot look
// under the tiles wins from here (games played by the server, or the page's solver).
async function showOdds(seq) {
  $("odds").textContent = "";
  if (window.mjsatStatic) return; // in the page's own solver it would hold the page still
  if (state.oddsAbort) state.oddsAbort.abort();
  const ctl = new AbortController(); state.oddsAbort = ctl;
  try {
    const r = await fetch("/api/odds", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ id: state.id, moves: state.moves }), signal: ctl.signal });
    const o = await r.json();
    if (seq !== state.seq || !o.games) return;
    $("odds").textContent = `without peeking a strong player wins from here about ${Math.round(100 * o.won / o.games)}%` +
      ` (${o.games} games, between ${Math.round(100 * o.lo)}% and ${Math.round(100 * o.hi)}%)`;
  } catch (e) { /* the odds are extra: the light stands without them */ }
}

// explainLoss says which move lost the game, what would have kept it, and why the
// position is lost: one sentence first, the whole reason on request.
async function explainLoss(seq) {
  const a = await api("/api/analyze", { id: state.id, moves: state.moves });
  if (seq !== state.seq) return;
  const story = $("story");
  if (a.first_losing !== null && a.first_losing !== undefined) {
    const k = a.first_losing, m = state.moves[k];
    state.lost = k;
    story.replaceChildren();
    const p = document.createElement("p");
    p.textContent = `Move ${k + 1}, ${pair(m)}, lost the game` +
      (a.alternative ? `; ${pair(a.alternative)} would have kept it winnable.` : ".");
    const back = document.createElement("button");
    back.id = "back"; back.textContent = "Back to the last winnable position";
    back.onclick = () => backToWinnable(k, m, a.alternative);
    p.append(" ", back);
    story.append(p);
  } else if (a.initial === "unsolvable") {
    story.textContent = "This deal cannot be won, whatever is played: no move lost it.";
  }
  const h = await api("/api/hint", { id: state.id, moves: state.moves });
  if (seq !== state.seq || !h.core) return;
  const core = h.core;
  say(reason(core));
  $("core").textContent = core.text;
  $("why").hidden = false;
  $("why").ontoggle = () => {
    const marks = {};
    if ($("why").open) for (const t of core.tiles) marks[t] = "core";
    state.marks = marks; draw();
  };
}

// reason puts a lost position's smallest reason in one sentence.
function reason(core) {
  const groups = new Map();
  for (const t of core.tiles) {
    const n = name(t);
    if (!groups.has(n)) groups.set(n, []);
    groups.get(n).push(t);
  }
  const names = [...groups.keys()];
  if (names.length === 1) {
    const ts = groups.get(names[0]);
    if (ts.length === 2) return `The last two ${names[0]} block each other: one lies over the other, so neither can go first.`;
    return `The ${names[0]} tiles block each other: no two of them can go together.`;
  }
  if (names.length <= 3) return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} are locked together: each waits for another.`;
  return `${core.groups.length} groups are locked together: none of them can be cleared.`;
}

function backToWinnable(k, lostMove, keep) {
  state.moves = state.moves.slice(0, k); state.undone = []; state.selected = null; clearSolution();
  refresh().then(() => {
    const marks = { [lostMove[0]]: "lost", [lostMove[1]]: "lost" };
    if (keep) { marks[keep[0]] = "keep"; marks[keep[1]] = "keep"; }
    state.marks = marks; draw();
    say(`Back before move ${k + 1}: red, ${pair(lostMove)}, lost the game; orange, ${keep ? pair(keep) : "another move"}, keeps it winnable.`);
  });
}

async function move(a, b) {
  state.moves.push([a, b]); state.undone = []; state.selected = null; say(""); clearSolution();
  await refresh();
}

function click(id) {
  if (!state.free.has(id)) { say(`That ${name(id)} is not free: a tile lies on it, or it has neighbours on both sides.`); return; }
  say("");
  if (state.selected === null || state.selected === id) { select(state.selected === id ? null : id); return; }
  const a = state.byId.get(state.selected), b = state.byId.get(id);
  if (a.group !== b.group) { select(id); return; }
  move(state.selected, id);
}

// select marks the tile chosen first of a move, in the picture as it is.
function select(id) {
  for (const el of $("board").querySelectorAll(".selected")) el.classList.remove("selected");
  state.selected = id;
  if (id !== null) $("board").querySelector(`[data-tile="${id}"]`)?.classList.add("selected");
}

function clearSolution() {
  state.solution = null; state.step = 0;
  $("prev").disabled = $("next").disabled = true;
}

// load shows a board: every box and message then describes it.
async function load(doc) {
  Object.assign(state, { id: doc.id, name: doc.name, layout: doc.layout || "", seed: doc.seed ?? null, tiles: doc.tiles,
    moves: doc.moves || [], undone: [], selected: null, reduced: doc.reduced, marks: {} });
  state.byId = new Map(doc.tiles.map((t) => [t.id, t]));
  clearSolution();
  $("title").textContent = doc.name; document.title = `${doc.name} — Mahjong Solitaire`;
  showDeal();
  $("assignment").textContent = ""; say("");
  if (state.layout && state.seed !== null) history.replaceState(null, "", `?layout=${encodeURIComponent(state.layout)}&seed=${state.seed}`);
  else history.replaceState(null, "", location.pathname);
  await refresh();
}

// showDeal sets the layout and seed boxes to the deal on screen.
function showDeal() {
  const sel = $("layout");
  if (state.layout && ![...sel.options].some((o) => o.value === state.layout)) sel.add(new Option(state.layout, state.layout));
  sel.value = state.layout || "";
  $("seed").value = state.seed ?? "";
}

async function open(layout, seed, winnable) {
  try {
    say(winnable ? "Looking for a winnable deal…" : "");
    await load(await api("/api/new", { layout, seed, winnable }));
  } catch (e) { showDeal(); say(e.message); }
}

const randomSeed = () => Math.floor(Math.random() * 1e9);

function wire() {
  $("undo").onclick = () => { if (state.moves.length) { state.undone.push(state.moves.pop()); state.selected = null; clearSolution(); say(""); refresh(); } };
  $("redo").onclick = () => { if (state.undone.length) { state.moves.push(state.undone.pop()); state.selected = null; clearSolution(); say(""); refresh(); } };
  $("restart").onclick = () => { state.moves = []; state.undone = []; state.selected = null; clearSolution(); say(""); refresh(); };
  $("hint").onclick = async () => {
    const h = await api("/api/hint", { id: state.id, moves: state.moves });
    if (h.move) { say(`Hint: ${pair(h.move)} keeps the game winnable.`); state.marks = { [h.move[0]]: "hint", [h.move[1]]: "hint" }; draw(); }
    else say(h.verdict === "unknown" ? "No hint: the solver ran out of time." : "No move keeps this position winnable.");
  };
  $("solve").onclick = async () => {
    const s = await api("/api/solve", { id: state.id, moves: state.moves });
    if (s.verdict !== "solvable") { say(s.verdict === "unknown" ? "The solver ran out of time." : "No winning play from here."); return; }
    state.solution = { base: state.moves.slice(), play: s.play }; state.step = 0;
    say(`A winning play of ${s.play.length} moves: step through it with ▶ and ◀.`);
    $("next").disabled = s.play.length === 0; $("prev").disabled = true;
  };
  const step = (d) => {
    const s = state.solution; if (!s) return;
    state.step = Math.min(Math.max(state.step + d, 0), s.play.length);
    state.moves = s.base.concat(s.play.slice(0, state.step));
    $("prev").disabled = state.step <= 0; $("next").disabled = state.step >= s.play.length; refresh();
  };
  $("next").onclick = () => step(1);
  $("prev").onclick = () => step(-1);
  $("new").onclick = () => open($("layout").value || "turtle", randomSeed(), false);
  $("new-winnable").onclick = () => open($("layout").value || "turtle", randomSeed(), true);
  $("load").onclick = () => {
    const seed = Number($("seed").value);
    if (!Number.isSafeInteger(seed) || seed < 0) { showDeal(); say("A game number is a whole number."); return; }
    open($("layout").value || "turtle", seed, false);
  };
  $("upload").onchange = async (ev) => {
    const f = ev.target.files[0]; if (!f) return;
    const r = await send("POST", "/api/upload", await f.text());
    const doc = JSON.parse(r.text);
    if (!r.ok) { say(doc.error); return; }
    await load(doc);
  };
  $("show-free").onchange = () => draw();
  $("difficulty").onclick = async () => {
    say("Measuring…");
    const d = await api("/api/difficulty", { id: state.id });
    if (d.verdict === "unknown") { say("Too hard to measure in time."); return; }
    say(`Random play wins ${Math.round(100 * d.chance)}% of games; ${d.winning_first} of ${d.first_moves} first moves keep the deal winnable.`);
  };
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const b = { u: "undo", r: "redo", h: "hint", n: "new" }[ev.key];
    if (b) { ev.preventDefault(); $(b).click(); }
  });
}

async function start() {
  wire();
  if (window.mjsatStatic) say("Loading the solver…");
  await startBackend();
  try {
    const ls = await api("/api/layouts");
    for (const l of ls) $("layout").add(new Option(`${l.name} (${l.tiles})`, l.name));
  } catch (e) { /* the page works without the list */ }
  const q = new URLSearchParams(location.search);
  if (q.has("layout")) return open(q.get("layout"), Number(q.get("seed") || 0), false);
  try {
    if (window.mjsatStatic) { // the board the site was made with
      const r = send("POST", "/api/upload", await (await fetch("start.json")).text());
      const doc = JSON.parse((await r).text);
      if (!(await r).ok) throw new Error(doc.error);
      await load(doc);
    } else await load(await api("/api/start"));
  } catch (e) { say(e.message); }
}

start();
