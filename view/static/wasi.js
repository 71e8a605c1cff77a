// wasi.js: the few WASI system calls the page's solver (solver.wasm, Go's wasip1
// port) makes in the browser, and the bridge that hands it the page's requests. Any
// other call answers ENOSYS. Written for mjsat; no WASI library is needed for so few.
"use strict";
const ENOSYS = 52, EBADF = 8, SUCCESS = 0;

function wasiImports(getMemory) {
  const view = () => new DataView(getMemory().buffer);
  const bytes = () => new Uint8Array(getMemory().buffer);
  const decoder = new TextDecoder();
  let line = "";
  const known = {
    args_sizes_get: (argc, size) => { view().setUint32(argc, 0, true); view().setUint32(size, 0, true); return SUCCESS; },
    args_get: () => SUCCESS,
    environ_sizes_get: (n, size) => { view().setUint32(n, 0, true); view().setUint32(size, 0, true); return SUCCESS; },
    environ_get: () => SUCCESS,
    clock_time_get: (id, precision, out) => {
      const ns = id === 0 ? BigInt(Date.now()) * 1000000n : BigInt(Math.round(performance.now() * 1e6));
      view().setBigUint64(out, ns, true); return SUCCESS;
    },
    random_get: (p, n) => { crypto.getRandomValues(bytes().subarray(p, p + n)); return SUCCESS; },
    fd_write: (fd, iovs, n, written) => {
      if (fd !== 1 && fd !== 2) return EBADF;
      let total = 0;
      for (let k = 0; k < n; k++) {
        const p = view().getUint32(iovs + 8 * k, true), len = view().getUint32(iovs + 8 * k + 4, true);
        line += decoder.decode(bytes().subarray(p, p + len)); total += len;
      }
      const parts = line.split("\n"); line = parts.pop();
      for (const s of parts) console.log("solver:", s);
      view().setUint32(written, total, true); return SUCCESS;
    },
    fd_close: () => SUCCESS,
    fd_fdstat_get: (fd, out) => { view().setUint8(out, fd <= 2 ? 2 : 0); return fd <= 2 ? SUCCESS : EBADF; },
    fd_prestat_get: () => EBADF,
    proc_exit: (code) => { throw new Error("solver exited with status " + code); },
    sched_yield: () => SUCCESS,
    poll_oneoff: (inp, out, n, nevents) => { // timers only: report them all as due
      for (let k = 0; k < n; k++) {
        const ev = out + 32 * k;
        view().setBigUint64(ev, view().getBigUint64(inp + 48 * k, true), true);
        view().setUint16(ev + 8, SUCCESS, true); view().setUint8(ev + 10, view().getUint8(inp + 48 * k + 8));
      }
      view().setUint32(nevents, n, true); return SUCCESS;
    },
  };
  return new Proxy(known, { get: (t, name) => t[name] || (() => ENOSYS) });
}

// loadSolver instantiates solver.wasm and returns a function that answers a request
// of the page as the local server would: {status, type, body}.
async function loadSolver(url) {
  let memory;
  const imports = { wasi_snapshot_preview1: wasiImports(() => memory) };
  const { instance } = await WebAssembly.instantiate(await (await fetch(url)).arrayBuffer(), imports);
  const x = instance.exports;
  memory = x.memory;
  x._initialize();
  const encoder = new TextEncoder(), decoder = new TextDecoder();
  return (method, path, body) => {
    const req = encoder.encode(JSON.stringify({ method, path, body: body || "" }));
    const p = x.alloc(req.length);
    new Uint8Array(memory.buffer, p, req.length).set(req);
    const r = x.request(p, req.length);
    x.free(p);
    const n = new DataView(memory.buffer).getUint32(r, true);
    const doc = JSON.parse(decoder.decode(new Uint8Array(memory.buffer, r + 4, n)));
    x.free(r);
    return doc;
  };
}
if (typeof module !== "undefined") module.exports = { loadSolver, wasiImports };
