// The page: tools, panels and window.asl (CONTRACT.md "The page").
// Python (pycore via static/pyworker.js) makes every ruling; this file only
// edits the setup, forwards taps, and shows what Python answers.

import { python } from "./pyworker.js";
import { ORIGIN, Store, clone, emptySetup } from "./ui/store.js";
import { MapView, nameKey } from "./ui/mapview.js";
import { PanZoom } from "./ui/panzoom.js";
import * as panels from "./ui/panels.js";
import * as files from "./ui/files.js";
import { LosTool } from "./ui/lostool.js";
import { BoardGrid } from "./ui/boards.js";
import { BoardLibrary } from "./ui/boardlib.js";
import { UnitTool } from "./ui/unittool.js";
import { RulingCard } from "./ui/card.js";
import { findUnit } from "./ui/edits.js";
import { PaintTool } from "./ui/painttool.js";
import { Strokes } from "./ui/strokes.js";
import { drawnMap, keepDrawnMap } from "./ui/mapcache.js";
import { installKeys } from "./ui/keys.js";
import { installHint } from "./ui/hint.js";

const $ = (id) => document.getElementById(id);

// --- messages and status ------------------------------------------------------

let messageTimer = null;
// A message, optionally with one action button ({label, run}). One about the
// situation on screen (untilEdit: a refused edit, a query's error) closes once
// the player changes that situation: a later edit, undo or load (issue 8).
function showMessage(text, kind = "error", action = null, untilEdit = false) {
  const box = $("message");
  box.dataset.untilEdit = String(untilEdit);
  delete box.dataset.about;
  $("message-text").textContent = text;
  const button = $("message-action");
  button.hidden = !action;
  button.textContent = action?.label ?? "";
  button.onclick = action ? () => action.run() : null;
  box.dataset.kind = kind;
  box.hidden = false;
  clearTimeout(messageTimer);
  if (kind === "info" && !action) messageTimer = setTimeout(() => { box.hidden = true; }, 5000);
}
$("message-close").addEventListener("click", () => { $("message").hidden = true; });
const situationMessage = (text) => showMessage(text, "error", null, true);
// A failed action's message (about: "goto", "load", "los-typed") closes when
// the next such action succeeds (issue 22).
function failed(about, text) {
  showMessage(text);
  $("message").dataset.about = about;
}
function succeeded(about) {
  if ($("message").dataset.about === about) $("message").hidden = true;
}

const STATUS_TEXT = { loading: "Loading rules…", ready: "Ready", offline: "Offline – ready", error: "Error" };
python.onStatus((status, detail) => {
  const el = $("status");
  el.dataset.status = status;
  el.textContent = STATUS_TEXT[status] || status;
  if (status === "error") {
    el.title = String(detail ?? "");
    showMessage(`The rules engine failed to load: ${detail}. Editing still works; reload to retry.`);
  }
});

// --- state ----------------------------------------------------------------------

const mapBox = $("map");
const view = new MapView($("map-content"));
const strokes = new Strokes({
  view,
  tool: () => (ui.pick ? null : ui.tool),
  onHexes: (hexes) => drawnIs(store.setup.map) && paint.paintHexes(hexes),
  onHexsides: (sides) => drawnIs(store.setup.map) && paint.setHexsides(sides),
});
const pz = new PanZoom(mapBox, $("map-content"), onTap, strokes);
// The newest save storage holds that the page can draw; Python checks it in
// full once loaded (checkAutosave). Anything else is kept aside, never discarded.
const restored = Store.restore();
const store = new Store(restored.setup ?? emptySetup(), restored.history);
let keptAll = restored.aside.map((a) => keepAside(a.text, a.older
  ? "another tab saved a newer setup since" : "it is not a setup this app can read", a.origin))
  .every(Boolean);
// In a lane: quick edits check only the newest setup (a superseded check is stale).
store.check = (setup) => python.latest("check", "validate", setup);
store.onRefused = (err) => situationMessage(`Not done: ${err.player ?? err.message}. ` +
  "Your setup is as it was before that change.");
store.onSaveFailed = (err) => (err
  ? showMessage("Autosave failed: this browser's storage is full or blocked. Use Export JSON " +
    "to keep this setup; saving is tried again at every change.")
  : showMessage("Autosave works again.", "info"));
Store.onOtherTab((text) => {
  if (text === JSON.stringify(store.setup)) return;
  showMessage("Another tab of this app saved a different setup. This tab keeps its own work; " +
    "a reload opens the newest save and keeps the other aside.", "info");
});

// A saved setup that could not be used: kept in storage, and offered for
// download. True if storage holds it.
function keepAside(text, why, origin) {
  const kept = Store.keepAside(text, why, origin);
  const download = { label: "Download it",
    run: () => files.download("asl-setup-kept.json", new Blob([text], { type: "application/json" })) };
  showMessage(`A saved setup (${ORIGIN[origin] ?? "the autosave"}) was not opened: ${why}. It is ` +
    `kept aside` + (kept ? "" : " in this page only (storage is full)") + ".", "error", download);
  return kept;
}

// Start from an empty map, keeping what was on screen aside. The empty map is
// saved only once that is safe: never over a save storage could not keep.
function startEmpty(why) {
  keptAll = keepAside(JSON.stringify(store.setup), why, "saved") && keptAll;
  store.restart(emptySetup());
  if (keptAll) store.save();
}
const ui = { tool: "terrain", selected: null, pick: null, vis: null };
const los = new LosTool({ store, view, python, showMessage: situationMessage,
  onQuestion: () => staleShare() });
const boardGrid = new BoardGrid();
// The player's board files (issue 19): in Python before any setup naming them is judged.
const library = new BoardLibrary({ python, showMessage, grid: boardGrid, openLink: (text) => openLink(text),
  inUse: () => (store.setup.map.boards ?? []).flat().map((b) => b?.source).filter(Boolean) });
const paint = new PaintTool({ store, python, under: library.under(() => store.setup) });
boardGrid.sourceFor = (label) => library.sourceFor(label);
const units = new UnitTool({ store, view, los, ui, setPick: (pick) => setPick(pick), showMessage });
units.painted = (setup) => library.painted(setup);

// Two names typed in the LOS tool ask the question directly (issue 11).
$("los-typed").addEventListener("submit", async (e) => {
  e.preventDefault();
  const [from, to] = [$("los-from").value, $("los-to").value];
  let ends;
  try {
    ends = await Promise.all([from, to].map((t) => typedHex(t)));
  } catch (err) {
    failed("los-typed", `LOS: ${err.player ?? err.message}`);
    return;
  }
  succeeded("los-typed");
  los.setEnds(...ends.map((end) => (end.unit !== undefined ? { unit: end.unit } : { hex: end.hex })));
  pz.frame(ends.map((end) => view.hex(end.hex)).filter(Boolean), 1.6, 120);
  document.activeElement?.blur?.();
});
const card = new RulingCard({ store, los, view, pz, python, showMessage, showTool: setTool,
  shareUrl: files.shareUrl });

// --- keeping the map and panels in step -------------------------------------------

let mapJob = Promise.resolve();
// Whether the grid on screen is this map's.
function drawnIs(map) {
  const size = view.size;
  return Boolean(size) && size.columns === map.columns && size.rows === map.rows
    && size.boards === (map.boards ? JSON.stringify(map.boards) : "");
}

// A new map size needs Python to draw the grid (or its drawing kept from
// before, ui/mapcache.js); everything else is attribute changes. Until it is
// drawn, the old map is dimmed and says so, and taps on it do nothing; its
// preview (web/preview.py) is shown first, which a big map needs: on 4 x 2
// boards the drawing takes Python about half a second and the page as long.
function redrawGrid(setup) {
  mapBox.dataset.drawing = "true";
  mapJob = mapJob.then(async () => {
    if (drawnIs(store.setup.map)) return;
    const map = store.setup.map;
    // The grid of an empty map: the page paints the setup's hexes and
    // hexsides, and draws the counters and the thread itself (ui/mapview.js).
    const grid = { ...store.setup, hexes: {}, hexsides: {}, units: [] };
    let previewed = await showPreview(await drawnMap(python.build, map, "preview"));
    const kept = await drawnMap(python.build, map);
    if (!(kept !== null && showDrawing(kept, map))) {
      await library.ready;
      if (!previewed) {
        const preview = await python.call("render_preview", grid).catch(() => null);
        previewed = await showPreview(preview);
        if (previewed) keepDrawnMap(python.build, map, preview, "preview");  // a damaged one replaced
      }
      const svg = await python.call("render_map", grid, { counters: false });
      view.replaceSvg(svg);
      keepDrawnMap(python.build, map, svg);   // a damaged kept one is replaced
    }
    if (map.boards) boardGrid.show(map.boards);
    const setup = store.setup;      // its imported boards' terrain, beneath its own entries
    library.loadLayer(setup).then((got) => {
      if (got && setup === store.setup) view.sync(library.painted(setup), ui.selected);
      return library.placeImages();
    }).catch((err) => showMessage(`The boards' terrain could not be painted: ${err.player ?? err.message}`));
    refresh("map");
    frameContent();
  }).catch((err) => showMessage(`The map could not be drawn: ${err.message}`));
  return mapJob;
}

// Show a map's preview, fitted, and let it be painted; false if there is
// none or it is damaged. Nothing on it answers a tap.
async function showPreview(svg) {
  if (svg === null) return false;
  try {
    view.showPreview(svg);
  } catch {
    return false;
  }
  mapBox.dataset.drawing = "preview";
  pz.fit();
  await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
  return true;
}

// Show a kept drawing of this map; false if it is damaged or not this map's.
function showDrawing(svg, map) {
  try {
    view.replaceSvg(svg);
  } catch {
    return false;
  }
  return drawnIs(map);
}

function refresh(reason) {
  const setup = store.setup;
  if (reason !== "refused" && $("message").dataset.untilEdit === "true") $("message").hidden = true;
  $("undo").disabled = !store.undoStack.length;
  $("redo").disabled = !store.redoStack.length;
  if (!drawnIs(setup.map)) {
    redrawGrid(setup);
    return;
  }
  delete mapBox.dataset.drawing;
  if (ui.selected && !findUnit(setup, ui.selected)) ui.selected = null;
  view.sync(library.painted(setup), ui.selected);
  staleShare();
  units.showEditor();
  los.refresh();
  refreshVisibility();
  refreshWallAdvantage();
}
store.onChange((setup, reason) => refresh(reason));

let waToken = 0;
async function refreshWallAdvantage() {
  const token = ++waToken;
  if (!store.setup.units.length) {
    panels.waUnavailable("No units on the map.");
    return;
  }
  try {
    const wa = await python.latest("wa", "wall_advantage", store.setup);
    if (token === waToken) panels.showWallAdvantage(wa);
  } catch (err) {
    if (token === waToken) panels.waUnavailable(err.message);
  }
}

let visToken = 0;
async function refreshVisibility() {
  const token = ++visToken;
  if (!ui.vis) {
    view.clearOverlay();
    return;
  }
  const viewer = ui.vis.unit ?? { hex: ui.vis.hex, level: 0 };
  if (ui.vis.unit && !findUnit(store.setup, ui.vis.unit)) {
    ui.vis = null;
    view.clearOverlay();
    $("vis-from").textContent = "–";
    return;
  }
  try {
    const result = await python.latest("visibility", "visibility", store.setup, viewer);
    if (token !== visToken) return;
    view.setOverlay(result.hexes);
    const seen = Object.values(result.hexes).filter((h) => h.los).length;
    $("vis-count").textContent = `sees ${seen} of ${Object.keys(result.hexes).length} hexes`;
  } catch (err) {
    if (token === visToken) situationMessage(`Visibility: ${err.message}`);
  }
}


// Frame what the player painted: the units, painted hexes and hexsides.
function frameContent() {
  if (!view.svg) return;
  pz.frame(view.all(".unit, .hex[data-terrain], .hex:not([data-ground='0']), .hexside[data-type]"));
}
$("zoom-frame").addEventListener("click", () => frameContent());

// A typed hex name ("12P2", "6A5", a unit's id) as a hex the map has: Python
// reads the name on this map's boards and gives its canonical form.
async function typedHex(text) {
  const unit = findUnit(store.setup, text.trim());
  if (unit) return { unit: unit.id, hex: unit.hex };
  const place = await python.call("place", store.setup, text);
  if (place.kind !== "hex") throw new Error(`${place.name} is a ${place.kind}, not a hex`);
  return { hex: place.name };
}

// The go-to box (issue 11): frame the hex and ring it.
$("goto-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const text = $("goto").value;
  if (!text.trim()) return;
  try {
    const { hex } = await typedHex(text);
    const el = view.hex(hex);
    if (!el) throw new Error(`${hex} is not on this map`);
    pz.frame([el], 1.6, 160);
    view.markHexes("data-goto", [hex]);
    $("goto").value = "";
    $("goto").blur();
    succeeded("goto");
  } catch (err) {
    failed("goto", `Go to ${text.trim()}: ${err.player ?? err.message}`);
  }
});

// --- tools ----------------------------------------------------------------------

function setTool(tool) {
  ui.tool = tool;
  setPick(null);
  mapBox.dataset.mode = tool;
  for (const b of document.querySelectorAll("button.tool")) b.setAttribute("aria-pressed", String(b.dataset.tool === tool));
  for (const p of document.querySelectorAll(".panel[data-for]")) p.hidden = p.dataset.for !== tool;
  los.chip(tool === "los");
}
$("los-chip-open").addEventListener("click", () => setTool("los"));
$("los-chip-close").addEventListener("click", () => los.clear());
for (const b of document.querySelectorAll("button.tool")) b.addEventListener("click", () => setTool(b.dataset.tool));

function setPick(pick) {
  ui.pick = pick;
  if (pick) mapBox.dataset.pick = pick.kind; else delete mapBox.dataset.pick;
}

function onTap(target, event) {
  // While a new map is being drawn the old one is still on screen: its hexes
  // are not this setup's, so a tap on it does nothing.
  if (!drawnIs(store.setup.map)) return;
  if (!ui.pick && ui.tool === "hexside") {
    // The hexside nearest the tap inside the hex it hit: the same hexside again removes it.
    const got = event && strokes.sideAt(event);
    if (got) paint.toggleHexside(got.name);
    return;
  }
  if (ui.pick?.kind === "hexside") {
    // A Bypass hexside: the one nearest the tap inside the hex it hit, as the brush finds it.
    const got = event && strokes.sideAt(event);
    if (got) onPick({ hexside: got.name });
    return;
  }
  const hit = target?.closest?.("[data-unit],[data-vertex],[data-hex]");
  if (!hit) return;
  const d = hit.dataset;
  if (ui.pick) return onPick(d);
  switch (ui.tool) {
    case "terrain":
      if (d.hex) paint.paintHexes([d.hex]);
      break;
    case "unit":
      if (d.unit !== undefined) units.select(d.unit);
      else if (d.hex) units.add(d.hex);
      break;
    case "los":
      if (d.unit !== undefined) los.tap({ unit: d.unit });
      else if (d.hex) los.tap({ hex: d.hex });
      break;
    case "vis":
      showVisibility(d);
      break;
  }
}

function showVisibility(d) {
  if (d.unit !== undefined) ui.vis = { unit: d.unit };
  else if (d.hex) ui.vis = { hex: d.hex };
  else return;
  $("vis-from").textContent = ui.vis.unit ?? ui.vis.hex;
  refreshVisibility();
}

function onPick(d) {
  const pick = ui.pick;
  setPick(null);
  const unit = findUnit(store.setup, ui.selected);
  if (pick.purpose === "los-vertex") {
    if (d.vertex) los.setTargetVertex(d.vertex);
    return;
  }
  if (!unit) return;
  if (pick.purpose === "move" && d.hex) {
    // A moved unit arrives at ground level, out of Bypass: always a Location the
    // new hex has (issue 8); set its level after.
    units.editSelected((u) => { u.hex = d.hex; delete u.bypass; delete u.vertex; delete u.level; });
  } else if (pick.purpose === "bypass" && d.hexside) {
    // A4.3: a Bypass unit straddles a hexside of its own hex.
    if (!d.hexside.split("-").some((h) => nameKey(h) === nameKey(unit.hex))) {
      showMessage(`${d.hexside} is not a hexside of ${unit.hex}.`);
      return;
    }
    units.editSelected((u) => { u.bypass = d.hexside; });
  } else if (pick.purpose === "vertex" && d.vertex) {
    if (!d.vertex.split("-").some((h) => nameKey(h) === nameKey(unit.hex))) {
      showMessage(`${d.vertex} is not a vertex of ${unit.hex}.`);
      return;
    }
    units.editSelected((u) => { u.vertex = d.vertex; });
  }
}

$("los-pick-vertex").addEventListener("click", () => setPick({ kind: "vertex", purpose: "los-vertex" }));
$("vis-clear").addEventListener("click", () => {
  ui.vis = null;
  $("vis-from").textContent = "–";
  $("vis-count").textContent = "";
  refreshVisibility();
});

// --- undo / redo ----------------------------------------------------------------

$("undo").addEventListener("click", () => store.undo());
$("redo").addEventListener("click", () => store.redo());
document.addEventListener("keydown", (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
  if (e.target.matches?.("input:not([type=checkbox]), select, textarea")) return;
  const key = e.key.toLowerCase();
  if (key === "z" && !e.shiftKey) store.undo();
  else if (key === "y" || (key === "z" && e.shiftKey)) store.redo();
  else return;
  e.preventDefault();
});

// --- keys (issue 9; listed in the Keys panel) ---------------------------------------

installKeys({
  setTool,
  tool: () => ui.tool,
  actions: {
    "s": () => units.switchSide(),
    "f": () => pz.fit(),
    "+": () => pz.zoomCentre(1.25), "=": () => pz.zoomCentre(1.25), "-": () => pz.zoomCentre(0.8),
    "Escape": () => { setPick(null); los.clear(); },
    "?": () => { $("keys-help").open = !$("keys-help").open; },
  },
});

// The Keys list, opened by "?" or a tap, is scrolled into sight (a phone's panel is short).
$("keys-help").addEventListener("toggle", () => {
  if ($("keys-help").open) $("keys-help").scrollIntoView({ block: "nearest" });
});
installHint();

// On a portrait screen the panel is a sheet below the map: pulled up for a
// ruling's steps, let down for the map (issue 22).
$("sheet-toggle").addEventListener("click", () => {
  const up = document.body.dataset.sheet !== "up";
  if (up) document.body.dataset.sheet = "up"; else delete document.body.dataset.sheet;
  $("sheet-toggle").setAttribute("aria-expanded", String(up));
  $("sheet-toggle").textContent = up ? "Let down" : "Pull up";
  $("sheet-toggle").setAttribute("aria-label", up ? "Let the panel down below the map"
    : "Pull the panel up over the map");
  requestAnimationFrame(() => pz.resized());
});

// --- zoom -------------------------------------------------------------------------

$("zoom-in").addEventListener("click", () => pz.zoomCentre(1.25));
$("zoom-out").addEventListener("click", () => pz.zoomCentre(0.8));
$("zoom-fit").addEventListener("click", () => pz.fit());
addEventListener("resize", () => pz.resized());

// --- files and links ------------------------------------------------------------

// Replace the setup with one from outside (file, link, script): Python checks it
// first, and a bad one changes nothing on screen.
async function loadExternal(setup, what) {
  let valid;
  try {
    valid = await python.call("validate", setup);
  } catch (err) {
    failed("load", `Could not open the ${what}: ${err.player ?? err.message}. Your setup is unchanged.`);
    throw err;
  }
  succeeded("load");
  store.replaceChecked(valid, what);
  units.chipsFromSetup(store.setup);
  await mapJob;
  frameContent();
  return valid;
}

async function openLink(text) {
  if (await library.holdLink(text)) return false;   // kept until its boards are imported
  let opened;
  try {
    opened = await python.call("share_read", text);
  } catch (err) {
    showMessage(`This share link cannot be opened: ${err.message}. Your setup is unchanged.`);
    return false;
  }
  await loadExternal(opened.setup, "share link").catch(() => {});
  if (opened.question) await card.ask(opened.question);
  showMessage(["Opened the setup from the share link (Undo brings back the previous one).",
    ...opened.warnings].join(" "), opened.warnings.length ? "error" : "info");
  return true;
}

// The link on screen and its QR code are of the setup and question they were
// made from; at the first change they are cleared, with a word (issue 22).
let shared = null;
const shareKey = () => JSON.stringify([store.setup, card.question(false)]);
function staleShare() {
  if (shared === null || shared === shareKey()) return;
  shared = null;
  $("share-link").value = "";
  $("share-link").hidden = true;
  $("share-qr").hidden = true;
  $("share-qr").replaceChildren();
  $("share-stale").hidden = false;
}
$("share").addEventListener("click", async () => {
  try {
    const key = shareKey();
    const url = await card.link(); // with the LOS tool's question, if any
    await card.showQr(url);
    shared = key;
    $("share-stale").hidden = true;
    const box = $("share-link");
    box.value = url;
    box.hidden = false;
    staleShare();          // changed while the link was made
    box.select();
    const copied = await files.copyText(url);
    showMessage(copied ? "Share link copied." : "Share link ready: copy it from the box below.", "info");
  } catch (err) {
    showMessage(`No share link: ${err.message}`);
  }
});
$("open-link").addEventListener("click", () => {
  const text = prompt("Paste a share link");
  if (text) openLink(text);
});
addEventListener("hashchange", () => {
  const link = files.takeLinkFromUrl();
  if (link) openLink(link);
});
$("import").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  e.target.value = "";
  if (!file) return;
  // Refused from its size before it is read (issue 24: a 30 MB file took 15 s);
  // the largest setup Python reads comes with "version" (pycore.limits).
  const most = (await engineVersion)?.max_setup_bytes;
  if (most && file.size > most) {
    failed("load", `Could not open the file ${file.name}: it is ${megabytes(file.size)}, and a ` +
      `setup file is at most ${megabytes(most)}. Your setup is unchanged.`);
    return;
  }
  // Its text goes to Python as it is: JSON.parse here would read 1e999999 as
  // Infinity, sent on as null (issue 24); pycore.jsonread refuses it.
  loadExternal(await file.text(), `file ${file.name}`).catch(() => {});
});
const megabytes = (bytes) => `${(bytes / 1e6).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;
$("export-json").addEventListener("click", () => files.download("asl-setup.json", files.setupBlob(store.setup)));
$("export-svg").addEventListener("click", () =>
  files.download("asl-map.svg", new Blob([files.svgText(view.whole())], { type: "image/svg+xml" })));
$("export-png").addEventListener("click", async () => {
  try {
    files.download("asl-map.png", await files.pngBlob(view.whole()));
  } catch (err) {
    showMessage(err.message);
  }
});
$("new-boards").addEventListener("click", () => {
  const empty = boardGrid.emptyCell();
  if (empty) {
    failed("load", `Type a board number in every box: the one in row ${empty.i + 1}, ` +
      `column ${empty.j + 1} is empty.`);
    empty.label.focus();
    return;
  }
  const setup = emptySetup();
  setup.map = { boards: boardGrid.boards() };
  loadExternal(setup, "new map").catch(() => {});
});
// The plain map's size boxes offer what the engine allows (pycore.limits via "version").
const engineVersion = python.ready.then(() => python.call("version")).catch(() => null);
engineVersion.then((v) => {
  if (!v) return;
  $("map-columns").max = v.max_columns;
  $("map-rows").max = v.max_rows;
  $("map-limits").textContent = `1 to ${v.max_columns} columns, 1 to ${v.max_rows} rows, ` +
    `at most ${v.max_map_hexes.toLocaleString("en")} hexes.`;
}).catch(() => {});
$("new-map").addEventListener("click", () => {
  const columns = Math.trunc(Number($("map-columns").value));
  const rows = Math.trunc(Number($("map-rows").value));
  loadExternal(emptySetup(columns, rows), "new map").catch(() => {});
});

// --- updates (static/offline.js applies them at the player's next pause) -------------

addEventListener("asl-update", (e) => {
  const { kind, apply, detail } = e.detail;
  if (kind === "ready") {
    showMessage("A new version of the app is ready: it starts when you pause (your setup is kept).",
      "info", { label: "Update now", run: apply });
  } else if (kind === "reload") {
    const text = "A new version of the app was installed: this tab reloads when you pause " +
      "(your setup is kept).";
    showMessage(text, "info", { label: "Reload now", run: apply });
    // Said by the badge too, until the reload: a later message replaces this one.
    $("status").dataset.status = "loading";
    $("status").textContent = "Update waiting";
    $("status").title = text;
  } else if (kind === "mixed") {
    $("status").dataset.status = "error";
    $("status").textContent = "Mixed versions";
    showMessage(`This page runs parts of two versions of the app (${detail.join(", ")}). ` +
      "Reload it before relying on a ruling.", "error", { label: "Reload", run: apply });
  }
});

// --- start ------------------------------------------------------------------------

setTool("terrain");
try {
  refresh("start");
} catch (err) {                 // a saved setup the page cannot draw
  startEmpty(`it cannot be drawn: ${err.message}`);
  restored.setup = null;         // kept aside: not to be judged and saved again
  restored.fallbacks = [];
  refresh("start");
}
frameContent();
const link = files.takeLinkFromUrl();
// The newest save Python accepts: a refused one is kept aside (a refused change
// made just before the reload is taken back, as any refused edit is).
async function checkAutosave() {
  await mapJob;                  // its own message first; this one says what to do
  const chosen = await Store.judge(restored, refusal, {
    keep: (text, why, origin) => { keptAll = keepAside(text, why, origin) && keptAll; },
    takenBack: (why) => situationMessage(`Not done: ${why}. Your setup is as it was before that change.`),
  });
  if (chosen !== null && chosen !== restored) {
    store.restart(chosen.setup, chosen.history);
    refresh("refused");
  } else if (chosen === null && restored.setup) {
    store.restart(emptySetup());
    refresh("reset");
  }
  if (restored.setup && keptAll) store.saveRestored(restored, chosen);
}

// Python's reason for refusing a setup, or null (accepted, or Python cannot judge).
async function refusal(setup) {
  try {
    await python.call("validate", setup);
  } catch (err) {
    if (err.kind === "SetupError") return err.player ?? err.message;
  }
  return null;
}

const started = python.ready.then(async () => {
  await library.ready;
  await checkAutosave();
  if (link) await openLink(link);
  await mapJob;
});

window.asl = {
  ready: started.then(() => undefined),
  call: (name, ...args) => python.call(name, ...args),
  queries: () => ({ ...python.sent }),      // how many of each query reached Python
  getSetup: () => clone(store.setup),
  loadSetup: (setup) => loadExternal(setup, "setup").then(() => undefined),
};
