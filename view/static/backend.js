// backend.js: the two backends of the pages (index.html, shisen.html). On the local
// server (view) a request goes over HTTP; on the static site (view -static) the same
// solver, compiled to WebAssembly, answers it in the page (wasi.js).
"use strict";
let solverCall = null;

// startBackend loads the page's solver on the static site.
async function startBackend() {
  if (window.mjsatStatic) solverCall = await loadSolver("solver.wasm");
}

// send puts a request to the backend and returns {ok, status, text}.
async function send(method, path, body) {
  if (window.mjsatStatic) {
    const r = solverCall(method, path, body);
    return { ok: r.status < 300, status: r.status, text: r.body };
  }
  const r = await fetch(path, method === "GET" ? {} : { method, headers: { "Content-Type": "application/json" }, body });
  return { ok: r.ok, status: r.status, text: await r.text() };
}
