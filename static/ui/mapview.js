// The map on screen: the SVG that web/render.py drew, kept in step with the setup.
// Elements are found by their contract names (data-hex, data-hexside,
// data-vertex) and placed by the data-cx/data-cy that Python wrote: the page
// never computes a hex coordinate. The counters and the hex labels are
// Python's too: web/marks.py answers the bridge's "counters" with each
// counter's words and places and each hex's label, as it draws them for the
// ruling card; the page only draws that answer.

// The counter's size, written into the site by build.py from web/marks.py.
import { UNIT_SIZE } from "./marks.js";

export { UNIT_TYPES } from "./marks.js";

const SVG_NS = "http://www.w3.org/2000/svg";

// On a map of boards (data-boards) a name's board prefix is part of it ("12P2");
// on a plain map it is ignored (docs/contract.md). The page's setups are the ones
// Python validated, so their names are the canonical ones the SVG carries.
let boardNames = false;

// A hex name as a lookup key ("6y9" -> "6Y9", or "Y9" on a plain map).
function hexKey(name) {
  const key = name.trim().toUpperCase();
  return boardNames ? key : key.replace(/^\d+(?=[A-Z])/, "");
}

// A name in any order, as one lookup key ("6Y9-Z8" -> "Y9-Z8" on a plain map).
export function nameKey(name) {
  const text = String(name);
  return text.includes("-") ? text.split("-").map(hexKey).sort().join("-") : hexKey(text);
}

// Whether a hexside or vertex (part) is one of this hex's: one of the hexes
// it names is the hex.
export function partOf(part, hex) {
  return String(part).split("-").some((h) => nameKey(h) === nameKey(hex));
}

function el(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// Paint the elements whose spec differs from the one painted last; the specs
// now painted, as JSON by key.
function repaint(elements, specs, before, paint) {
  const now = new Map();
  for (const [key, spec] of specs) now.set(key, JSON.stringify(spec));
  for (const [key, text] of now) {
    if (before.get(key) !== text) {
      const node = elements.get(key);
      if (node) paint(node, specs.get(key));
    }
  }
  for (const key of before.keys()) {
    if (!now.has(key)) {
      const node = elements.get(key);
      if (node) paint(node, undefined);
    }
  }
  return now;
}

function setFlag(node, attr, on) {
  if (on) node.setAttribute(attr, "true"); else node.removeAttribute(attr);
}

// An SVG document drawn by Python, of the given class. Read as HTML, which
// Chromium parses in half the time of XML (4 x 2 boards: 3 MB, 100-150 ms
// against 230-300), and which never stops at an error: so a drawing must be
// whole, ending as an SVG document ends.
function parseSvg(text, kind) {
  const root = new DOMParser().parseFromString(text, "text/html").body.firstElementChild;
  if (!root || root.nodeName !== "svg" || !root.classList.contains(kind) || !/<\/svg>\s*$/.test(text)) {
    throw new Error("the map drawing is not an SVG document");
  }
  return document.adoptNode(root);   // moved, not copied: 29,000 elements on 4 x 2 boards
}

// A hex's shading under the visibility overlay, from pycore.api visibility's entry.
function visMark(v) {
  return v.los ? (v.hindrance ? "hindered" : "seen") : "unseen";
}

export class MapView {
  // python: asked for the counters and hex labels (web/marks.py counters).
  constructor(container, python = null) {
    this.container = container;
    this.python = python;
    this.counters = { units: [], hexes: {}, tops: {} };   // Python's last answer
    this.selected = undefined;
    this.onCounters = () => {};          // called when a new answer is drawn
    if (this.svg) container.append(...this.split(this.svg));   // the map drawn into the page
    this.index();
  }

  // The map's own SVG: its style and patterns, board edges, counters and thread.
  // Python's tiles of hexes, hexsides and vertices lie under it, each in an SVG
  // of its own (split), so a change repaints one tile: Chromium repaints a
  // whole SVG for any change in it (28-32 ms on 4 x 2 boards, 3 ms a tile).
  get svg() { return this.container.querySelector(":scope > svg.asl-map"); }

  // Every element of the map matching selector, in the map's SVG and its tiles.
  all(selector) { return this.container.querySelectorAll(selector); }

  get size() {
    const svg = this.svg;
    return svg ? { columns: Number(svg.dataset.columns), rows: Number(svg.dataset.rows),
      boards: svg.dataset.boards ?? "" } : null;
  }

  index() {
    const svg = this.svg;
    this.hexes = new Map();
    this.hexsides = new Map();
    this.sidesByHex = new Map();
    this.vertices = new Map();
    this.terrains = new Set();
    // The specs last painted. A drawing from Python is of the empty map (the
    // page asks for the grid alone, and build.py draws the empty default map
    // into index.html), so only the setup's own entries need painting.
    this.painted = { hexes: new Map(), sides: new Map() };
    this.labelled = new Map();           // hex key -> the label it shows
    boardNames = Boolean(svg && svg.dataset.boards);
    if (!svg) return;
    // 15,000 names on 4 x 2 boards: read once each, as attributes.
    for (const g of this.all("[data-hex]")) this.hexes.set(hexKey(g.getAttribute("data-hex")), g);
    for (const g of this.all("[data-hexside]")) {
      const keys = g.getAttribute("data-hexside").split("-").map(hexKey);
      this.hexsides.set([...keys].sort().join("-"), g);
      for (const key of keys) {
        const sides = this.sidesByHex.get(key);
        if (sides) sides.push(g); else this.sidesByHex.set(key, [g]);
      }
    }
    for (const c of this.all("[data-vertex]")) this.vertices.set(nameKey(c.getAttribute("data-vertex")), c);
    for (const p of svg.querySelectorAll("pattern[id^='t-']")) this.terrains.add(p.id.slice(2));
    this.unitLayer = svg.querySelector("g.units") || svg.appendChild(el("g", { class: "units" }));
    this.losLayer = null;
  }

  // Each of Python's tiles (web/render.py) in an SVG of its own, in the
  // layers it was in (the class and clip of each), sized and placed by the
  // box Python wrote for it: a change repaints its tile, and a tap is
  // hit-tested only in the tiles under it. The map's SVG is drawn over them
  // (style.css), its tiles' places left empty.
  split(svg) {
    const roots = [];
    for (const tile of svg.querySelectorAll("g.tile")) {
      let moved = tile;
      const layer = tile.parentElement;
      for (let p = layer; p !== svg; p = p.parentElement) {
        const wrap = p.cloneNode(false);
        wrap.append(moved);
        moved = wrap;
      }
      const [, , width, height] = tile.dataset.box.split(" ");
      const root = el("svg", { class: "map-tile", viewBox: tile.dataset.box, width, height,
        "data-layer": layer.getAttribute("class") });
      const [left, top] = tile.dataset.at.split(" ");
      root.style.left = `${left}px`;
      root.style.top = `${top}px`;
      root.append(moved);
      roots.push(root);
    }
    return roots;
  }

  // The map as one SVG document again, each tile back in its layer (exports).
  whole() {
    const copy = this.svg.cloneNode(true);
    for (const root of this.container.querySelectorAll(":scope > svg.map-tile")) {
      copy.querySelector(`g.${root.dataset.layer}`).append(root.querySelector("g.tile").cloneNode(true));
    }
    return copy;
  }

  // Replace the whole map with an SVG document drawn by Python (a new map size).
  replaceSvg(text) {
    const svg = parseSvg(text, "asl-map");
    this.container.replaceChildren(svg, ...this.split(svg));   // split before it is in the page: each node moves once
    this.index();
  }

  // A picture of a new map while Python draws it (web/preview.py): its grid
  // and board edges, in the place the drawing will take. It names nothing, so
  // the map has no hexes until replaceSvg.
  showPreview(text) {
    this.container.replaceChildren(parseSvg(text, "map-preview"));
    this.index();
  }

  hex(name) { return this.hexes.get(nameKey(name)); }
  sidesOf(hexName) { return this.sidesByHex.get(nameKey(hexName)) || []; }
  hexside(name) { return this.hexsides.get(nameKey(name)); }
  vertex(name) { return this.vertices.get(nameKey(name)); }
  element(name) { return this.hex(name) || this.hexside(name) || this.vertex(name); }

  position(name) {
    const node = this.element(name);
    if (!node) throw new Error(`${name} is not on this map`);
    return [Number(node.dataset.cx), Number(node.dataset.cy)];
  }

  // Bring every hex, hexside and unit in line with setup (cheap: attributes
  // only, and only for the entries that changed since the last sync: a tap on
  // a map of 4 x 2 boards touches one hex, not 2,600 hexes and 7,600 hexsides).
  sync(setup, selectedUnit) {
    this.paintTerrain(setup);
    this.selected = selectedUnit;
    this.drawUnits(selectedUnit);
    this.askCounters(setup);
  }

  // Bring every hex and hexside in line with setup's terrain (as sync does).
  paintTerrain(setup) {
    const specs = new Map(Object.entries(setup.hexes || {}).map(([k, v]) => [nameKey(k), v]));
    const sides = new Map(Object.entries(setup.hexsides || {}).map(([k, v]) =>
      [nameKey(k), typeof v === "string" ? { type: v } : v]));
    const before = this.painted;
    this.painted = {
      hexes: repaint(this.hexes, specs, before.hexes, (g, spec) => this.paintHex(g, spec || {})),
      sides: repaint(this.hexsides, sides, before.sides, (g, spec) => this.paintHexside(g, spec)),
    };
  }

  // Ask Python for setup's counters and hex labels; draw them when they come
  // (an answer a newer question replaced is dropped; after an error the last
  // ones drawn stay). The map says data-counters="pending" meanwhile.
  async askCounters(setup) {
    if (!this.python) return;
    const token = (this.asked = (this.asked ?? 0) + 1);
    this.container.dataset.counters = "pending";
    let got;
    try {
      got = await this.python.latest("counters", "counters", setup);
    } catch {
      if (token === this.asked) delete this.container.dataset.counters;
      return;
    }
    if (token !== this.asked) return;
    delete this.container.dataset.counters;
    this.counters = got;
    this.labelHexes(got.hexes);
    this.drawUnits(this.selected);
    this.onCounters();
  }

  // The highest level a unit may be on in this hex (a building's top floor), from Python.
  topLevel(hexName) {
    const key = nameKey(hexName);
    return Object.entries(this.counters.tops).find(([k]) => nameKey(k) === key)?.[1] ?? 0;
  }

  // A unit's side as its counter is coloured (web/marks.py side_order), or undefined.
  unitSide(id) {
    return this.counters.units.find((u) => u.id === id)?.sidx;
  }

  // Each hex's label as Python wrote it (web/marks.py hex_info); others none.
  labelHexes(labels) {
    const now = new Map(Object.entries(labels).map(([k, v]) => [hexKey(k), v]));
    for (const key of new Set([...this.labelled.keys(), ...now.keys()])) {
      const text = this.hexes.get(key)?.querySelector(".hex-info");
      const want = now.get(key) ?? "";
      if (text && text.textContent !== want) text.textContent = want;
    }
    this.labelled = now;
  }

  paintHex(g, spec) {
    const terrain = spec.terrain && spec.terrain !== "open" ? spec.terrain : null;
    if (terrain) g.setAttribute("data-terrain", terrain); else g.removeAttribute("data-terrain");
    const level = Number(spec.level || 0);
    g.setAttribute("data-ground", String(Math.max(-1, Math.min(4, level))));
  }

  paintHexside(g, spec) {
    if (spec && spec.type) g.setAttribute("data-type", spec.type); else g.removeAttribute("data-type");
    setFlag(g, "data-hillside", spec && spec.hillside);
    setFlag(g, "data-gap", spec && spec.gap);
  }

  // The counters of Python's last answer (web/marks.py placements), the
  // selected unit's stack opened out so every counter in it can be tapped.
  drawUnits(selected) {
    this.selected = selected;
    const layer = this.unitLayer;
    if (!layer) return;
    layer.replaceChildren();
    const units = this.counters.units;
    const open = units.find((u) => u.id === selected)?.stack;
    const sizes = new Map();
    for (const u of units) sizes.set(u.stack, (sizes.get(u.stack) || 0) + 1);
    for (const unit of units) {
      const { x, y, vertex } = unit.stack === open && sizes.get(open) > 1 ? unit.open : unit.at;
      const g = el("g", { class: "unit", transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`,
        "data-side": unit.side, "data-sidx": unit.sidx });
      g.dataset.unit = unit.id;
      setFlag(g, "data-broken", unit.broken);
      setFlag(g, "data-selected", selected !== undefined && selected === unit.id);
      g.append(el("title", {}, unit.title));
      const half = UNIT_SIZE / 2;
      g.append(el("rect", { class: "counter", x: -half, y: -half, width: UNIT_SIZE, height: UNIT_SIZE }));
      g.append(el("text", { class: "u-type", x: 0, y: -2 }, unit.label));
      g.append(el("text", { class: "u-id", x: 0, y: 8 }, unit.short));
      if (unit.status) g.append(el("text", { class: "u-status", x: 0, y: half + 8 }, unit.status));
      if (vertex) {
        const [dx, dy] = vertex;
        g.append(el("line", { class: "u-link", x1: 0, y1: 0, x2: dx, y2: dy }));
        g.append(el("circle", { class: "u-vertex", cx: dx, cy: dy, r: 2.5 }));
      }
      layer.append(g);
    }
    // each stack's hex name, after every counter (none hides it) and apart from
    // them (a counter's box is its own), as web/marks.py unit_layer draws it
    for (const unit of units) {
      if (!unit.hex_label) continue;
      const { x, y } = unit.stack === open && sizes.get(open) > 1 ? unit.open : unit.at;
      const g = el("g", { transform: `translate(${x.toFixed(2)},${y.toFixed(2)})` });
      g.append(el("text", { class: "u-hex", x: 0, y: -UNIT_SIZE / 2 - 3 }, unit.hex_label));
      layer.append(g);
    }
  }

  // Whether the thread drawn runs between these two named points.
  threadIs(from, to) {
    return Boolean(this.losLayer) && this.losLayer.dataset.from === nameKey(from)
      && this.losLayer.dataset.to === nameKey(to);
  }

  // The LOS thread between two named points (hex or vertex), coloured by status
  // ("pending" until the ruling is in).
  setThread(from, to, status, blockedAt) {
    this.clearThread();
    const [x1, y1] = this.position(from);
    const [x2, y2] = this.position(to);
    const g = el("g", { class: "los", "data-status": status, "data-from": nameKey(from),
      "data-to": nameKey(to) });
    g.append(el("line", { class: "thread", x1, y1, x2, y2 }));
    g.append(el("circle", { class: "end", cx: x1, cy: y1, r: 3 }));
    g.append(el("circle", { class: "end", cx: x2, cy: y2, r: 3 }));
    // the ends' names above them, on top of everything (style.css scales them
    // with the zoom), but for an end a counter's hex label already names
    const named = new Set([...this.unitLayer.querySelectorAll("text.u-hex")].map((t) => nameKey(t.textContent)));
    for (const [name, x, y] of [[from, x1, y1], [to, x2, y2]]) {
      if (!named.has(nameKey(name))) g.append(el("text", { class: "end-name", x, y, dy: -6 }, String(name)));
    }
    const block = blockedAt && this.element(blockedAt);
    if (block) {
      block.setAttribute("data-block", "true");
      g.append(el("circle", { class: "block-mark", cx: block.dataset.cx, cy: block.dataset.cy, r: 7 }));
    }
    this.unitLayer.after(g);
    this.losLayer = g;
  }

  clearThread() {
    if (this.losLayer) this.losLayer.remove();
    this.losLayer = null;
    for (const node of this.all("[data-block]")) node.removeAttribute("data-block");
  }

  setOverlay(hexes) {
    const seen = new Map(Object.entries(hexes).map(([k, v]) => [nameKey(k), v]));
    for (const [key, g] of this.hexes) {
      const v = seen.get(key);
      if (!v) g.removeAttribute("data-vis");
      else g.setAttribute("data-vis", visMark(v));
    }
  }

  // The hexes a sweep has proved so far, the others left as they are.
  addOverlay(hexes) {
    for (const [name, v] of Object.entries(hexes)) this.hexes.get(nameKey(name))?.setAttribute("data-vis", visMark(v));
  }

  clearOverlay() {
    for (const g of this.hexes.values()) g.removeAttribute("data-vis");
  }

  // Mark the named hexes, hexsides and vertices (and only them) with attr.
  markParts(attr, names) {
    if (!this.svg) return;
    for (const node of this.all(`[${attr}]`)) node.removeAttribute(attr);
    for (const name of names) this.element(name)?.setAttribute(attr, "true");
  }

  markHexes(attr, names) {
    for (const node of this.all(`[${attr}]`)) node.removeAttribute(attr);
    for (const name of names) {
      const g = this.hex(name);
      if (g) g.setAttribute(attr, "true");
    }
  }
}
