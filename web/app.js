// The cutedump page: Pyodide (pyodide/), the wheels of manifest.json unpacked into its site-packages, runner.py's
// run(line) for each command line. Every file comes from this folder by a relative path.
// Test contract: the answer's text is in #answer (standard output; on a non-zero exit, standard output then standard
// error), standard error of a successful answer in #stderr, and document.body.dataset.state is `loading` / `busy`
// while working, `done` (exit 0) or `error` (any other exit) once answered (dataset.exit: the exit status).
"use strict";
const $ = (id) => document.getElementById(id);
const t0 = performance.now();
let runPy = null;
let pending = null;
const history = JSON.parse(localStorage.getItem("cutedump-history") || "[]");
let histPos = history.length;

function state(s) { document.body.dataset.state = s; }
function progress(text) { $("progress").textContent = text; }
function cmdFromHash() {
  const m = /(?:^#|&)cmd=([^&]*)/.exec(location.hash);
  return m ? decodeURIComponent(m[1]) : null;
}
function linkFor(line) { return "#cmd=" + encodeURIComponent(line); }

async function boot() {
  state("loading");
  const base = new URL(".", location.href);
  // the manifest is asked every time (a 304 when unchanged); the files it names are asked with its build in the URL,
  // so that a rebuilt site (the same file names, new contents) is never answered from an old copy in the cache
  const manifestP = fetch(new URL("manifest.json", base), { cache: "no-cache" }).then((r) => r.json());
  const runnerP = manifestP.then((m) => fetch(new URL(`runner.py?${m.build}`, base)).then((r) => r.text()));
  const wheelsP = manifestP.then((m) => Promise.all(m.wheels.map(
    (w) => fetch(new URL(`wheels/${w}?${m.build}`, base)).then((r) => r.arrayBuffer()))));
  manifestP.then(fillExamples);
  progress("Loading Pyodide…");
  // a second visit starts from the memory snapshot the first one stored (the browser's Cache Storage, keyed by the
  // site's build): Python initialised, cutedump imported; a first visit starts Python and stores one when idle
  const snapKey = manifestP.then((m) => new URL(`snapshot-${m.build}`, base).href);
  const snap = await snapKey.then(snapshotGet);
  const options = { indexURL: new URL("pyodide/", base).href, stdout: () => {}, stderr: () => {} };
  let py = null;
  if (snap) {
    try { py = await loadPyodide({ ...options, _loadSnapshot: snap }); } catch (e) { console.warn("snapshot", e); }
  }
  const fromSnapshot = py !== null;
  if (!py) py = await loadPyodide({ ...options, _makeSnapshot: true });
  const times = (window.cutedumpTimes = { pyodide: performance.now(), snapshot: fromSnapshot });
  progress("Unpacking cutedump and its dependencies…");
  const [manifest, wheels, runner] = await Promise.all([manifestP, wheelsP, runnerP]);
  wheels.forEach((buf) => py.unpackArchive(buf, "wheel"));  // the files (a snapshot holds memory, not files)
  times.unpacked = performance.now();
  if (!fromSnapshot) {
    py.runPython(runner);
    py.runPython("warm()");
  }
  times.imported = performance.now();
  runPy = py.globals.get("run");
  window.cutedumpPyodide = py;
  const ver = manifest.wheels.find((w) => w.startsWith("cutedump-"));
  $("version").textContent = ver ? ver.split("-")[1] : "";
  window.cutedumpReadyMs = performance.now() - t0;
  progress(`Ready (${(window.cutedumpReadyMs / 1000).toFixed(2)} s).`);
  $("run").disabled = false;
  const line = cmdFromHash() ?? pending;
  if (line !== null) { $("cmd").value = line; await answer(line); } else { state("done"); }
  if (fromSnapshot) { window.cutedumpWarmed = true; return; }
  warmUp(0, async () => {
    try {
      const t = performance.now();
      const data = py.makeMemorySnapshot();
      const cache = await caches.open("cutedump");
      for (const old of await cache.keys()) await cache.delete(old);  // another build's snapshot
      await cache.put(await snapKey, new Response(data, { headers: { "content-type": "application/octet-stream" } }));
      window.cutedumpSnapshotMs = performance.now() - t;
      window.cutedumpSnapshotBytes = data.length;
    } catch (e) { console.warn("no snapshot stored", e); }
    window.cutedumpSnapshotStored = true;
  });
}

async function snapshotGet(key) {
  try {
    if (!("caches" in window)) return null;  // not a secure context (file://): no Cache Storage
    const r = await (await caches.open("cutedump")).match(key);
    return r ? new Uint8Array(await r.arrayBuffer()) : null;
  } catch { return null; }
}

// After the first answer, while the page is idle: one small command line of each kind, answers discarded, so that
// their modules are imported (Pyodide compiles every module from source on its first import) before the user asks.
const WARM = [
  'eval "size((_4,8))"', 'mma SM80_16x8x16_F16F16F16F16_TN', 'svg "(_2,_2):(_1,_2)"', 'html "(_2,_2):(_1,_2)"',
  'latex "(_2,_2):(_1,_2)"', "kernel sgemm_sm70_tn --thread 0 --lang en", "tilelang auto --shape 64,16 --type float16",
  "desc 0x4000004000010000", 'triton "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>" --shape 64,64',
  'copy SM75_U32x4_LDSM_N --type half_t --thr "(_32,_1)" --val "(_1,_8)"', "atoms --mma SM80", "layout --help",
];
function warmUp(i, then) {
  if (i >= WARM.length) { window.cutedumpWarmed = true; then(); return; }
  setTimeout(() => {
    if (document.body.dataset.state === "busy") return warmUp(i, then);
    const r = runPy(WARM[i]);
    r.destroy();
    warmUp(i + 1, then);
  }, 30);
}

function fillExamples(manifest) {
  const sel = $("examples");
  for (const [cmd, lines] of Object.entries(manifest.examples)) {
    const g = document.createElement("optgroup");
    g.label = cmd;
    for (const l of lines) {
      const o = document.createElement("option");
      o.value = l;
      o.textContent = l.length > 110 ? l.slice(0, 107) + "…" : l;
      g.appendChild(o);
    }
    sel.appendChild(g);
  }
}

function kindOf(line, code, out) {
  if (code !== 0) return "text";
  const s = out.trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/.test(s)) return "svg";  // CuTe's print_svg: comments first
  if (/^<!doctype html|^<html/i.test(s)) return "html";
  if (/^(%[^\n]*\n)*\\documentclass/.test(s)) return "latex";  // CuTe's print_latex: % comments first
  if (/--format[= ]json/.test(line) && (s.startsWith("{") || s.startsWith("["))) return "json";
  return "text";
}

let downloadURL = null;
let shownKind = "text";
// which view of the answer shows: the picture (svg, html) or the pretty-printed JSON, or (the box "text" ticked,
// and always for text and LaTeX) the answer's text itself, #answer
function showViews() {
  const fancy = ["json", "svg", "html"].includes(shownKind);
  const raw = $("raw").checked;
  $("rawlabel").hidden = !fancy;
  $("pretty").hidden = shownKind !== "json" || raw;
  $("picture").hidden = !(shownKind === "svg" || shownKind === "html") || raw;
  $("answer").hidden = fancy && !raw;
}
function show(line, code, out, err, ms) {
  const kind = kindOf(line, code, out);
  const ans = $("answer");
  ans.textContent = code === 0 ? out : out + err;
  ans.classList.toggle("error", code !== 0);
  $("stderr").textContent = code === 0 ? err : "";
  const pic = $("picture");
  pic.replaceChildren();
  if (kind === "svg") {
    const img = document.createElement("img");
    img.alt = "the SVG answer";
    img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(out);
    pic.appendChild(img);
  } else if (kind === "html") {
    const f = document.createElement("iframe");
    f.setAttribute("sandbox", "allow-scripts");
    f.srcdoc = out;
    pic.appendChild(f);
  }
  const pretty = $("pretty");
  if (kind === "json") {
    try { pretty.textContent = JSON.stringify(JSON.parse(out), null, 2); } catch { pretty.textContent = out; }
  }
  shownKind = kind;
  showViews();
  const ext = { svg: "svg", html: "html", latex: "tex", json: "json", text: "txt" }[kind];
  if (downloadURL) URL.revokeObjectURL(downloadURL);
  downloadURL = URL.createObjectURL(new Blob([ans.textContent], { type: "text/plain;charset=utf-8" }));
  $("download").href = downloadURL;
  $("download").download = "cutedump-answer." + ext;
  $("share").href = linkFor(line);
  $("status").textContent = `exit ${code} · ${ms.toFixed(0)} ms`;
  $("tools").hidden = false;
  document.body.dataset.exit = String(code);
  // the benchmark's figure (benchmarks/bench_web.py): ms from the navigation's start to the first answer shown
  if (window.cutedumpFirstAnswerMs === undefined) window.cutedumpFirstAnswerMs = performance.now();
  state(code === 0 ? "done" : "error");
}

async function answer(line) {
  if (!runPy) { pending = line; return; }
  state("busy");
  progress("Working…");
  $("run").disabled = true;
  await new Promise((r) => setTimeout(r, 0));  // let the page show `busy` before Python holds the thread
  const text = $("filetext").value;
  const name = $("filename").value.trim();
  if (text && name) window.cutedumpPyodide.FS.writeFile(name, text);
  const t = performance.now();
  const r = runPy(line);
  const [code, out, err] = r.toJs();
  r.destroy();
  const ms = performance.now() - t;
  window.cutedumpLastMs = ms;
  show(line, code, out, err, ms);
  progress("");
  $("run").disabled = false;
  if (history[history.length - 1] !== line) history.push(line);
  while (history.length > 200) history.shift();
  histPos = history.length;
  try { localStorage.setItem("cutedump-history", JSON.stringify(history)); } catch { /* private mode */ }
  if (cmdFromHash() !== line) window.history.replaceState(null, "", linkFor(line));
}

$("run").addEventListener("click", () => answer($("cmd").value));
$("cmd").addEventListener("keydown", (e) => {
  if (e.key === "Enter") { e.preventDefault(); answer($("cmd").value); }
  else if (e.key === "ArrowUp" && histPos > 0) { e.preventDefault(); $("cmd").value = history[--histPos]; }
  else if (e.key === "ArrowDown") {
    e.preventDefault();
    histPos = Math.min(history.length, histPos + 1);
    $("cmd").value = histPos < history.length ? history[histPos] : "";
  }
});
$("examples").addEventListener("change", (e) => {
  if (!e.target.value) return;
  $("cmd").value = e.target.value;
  e.target.value = "";
  answer($("cmd").value);
});
$("copy").addEventListener("click", () => navigator.clipboard.writeText($("answer").textContent));
$("raw").addEventListener("change", showViews);
$("upload").addEventListener("change", async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  $("filename").value = f.name;
  $("filetext").value = await f.text();
  $("files").open = true;
});
window.addEventListener("hashchange", () => {
  const line = cmdFromHash();
  if (line !== null && line !== $("cmd").value) { $("cmd").value = line; answer(line); }
});
window.cutedumpRun = (line) => { $("cmd").value = line; return answer(line); };
boot().catch((e) => {
  progress("cutedump could not start: " + e);
  $("answer").textContent = "error: the page could not start Pyodide (" + e + ")\n";
  $("answer").classList.add("error");
  state("error");
});
