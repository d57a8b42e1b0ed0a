// The Visibility tool's other two views (analysis aids, A6.11): who sees a
// hex or a unit, with each one's Hindrance and its thread drawn
// (web/seen.py who_sees, pycore.api.seen_by), and a side's dead ground: every
// hex shaded by how many of the side's Good Order units see it, filled in as
// each unit's sweep settles it (web/seen.py dead_ground, pycore.api.coverage
// in steps), as ui/vistool.js does for one viewer. Python words every line;
// the page draws threads between the elements Python named and placed.

import { findUnit } from "./edits.js";
import { nameKey } from "./mapview.js";
import { showMessage } from "./messages.js";
import { pressOne as press } from "./panels.js";

const $ = (id) => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";
const MODES = ["from", "who", "dead"];
export const WORKING = "working out who sees what…";

function button(text, data) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  Object.assign(b.dataset, data);
  return b;
}

export class SeenTool {
  // vis: the Visibility tool (what one viewer sees); askLos(viewer, target):
  // open the LOS tool on that question (its steps); showTool(name).
  constructor({ store, view, python, vis, askLos, showTool }) {
    Object.assign(this, { store, view, python, vis, askLos, showTool });
    this.mode = "from";
    this.target = null;                 // who sees: {unit} or {hex, level}
    this.side = null;                   // dead ground: the side, null when off
    this.cover = "0";                   // "0", a building level "1".., or "vehicle"
    this.whoToken = 0;
    this.deadToken = 0;
    this.layer = null;
    this.taps = { unit: (id) => this.tapped({ unit: id }), hex: (hex) => this.tapped({ hex }) };
    for (const b of $("vis-modes").querySelectorAll("[data-vis-mode]")) {
      b.addEventListener("click", () => this.setMode(b.dataset.visMode));
    }
    $("seen-clear").addEventListener("click", () => this.who(null));
    $("dead-clear").addEventListener("click", () => this.dead(null));
    $("ue-who-sees").addEventListener("click", () => {
      const id = $("ue-title").textContent;
      this.showTool("vis");
      this.setMode("who");
      this.who({ unit: id });
    });
  }

  setMode(mode) {
    if (!MODES.includes(mode) || mode === this.mode) return;
    this.mode = mode;
    press($("vis-modes"), "data-vis-mode", mode);
    $("vis-from-box").hidden = mode !== "from";
    $("seen-box").hidden = mode !== "who";
    $("dead-box").hidden = mode !== "dead";
    $("seen-results").hidden = mode === "from";
    $("seen-aid").hidden = mode === "from";
    if (mode !== "from") this.vis.clear();
    this.who(null);
    if (mode === "dead") {
      this.buttons();
      this.dead(this.side ?? this.sides()[0] ?? null);
    } else {
      this.dead(null);
    }
  }

  // A tap on the map with the Visibility tool: what it sees, or who sees it.
  tapped(end) {
    if (this.mode === "from") this.vis.show(end);
    else this.who(end);
  }

  renameUnit(oldId, newId) {
    if (this.target?.unit === oldId) this.target.unit = newId;
  }

  // Every edit: the question asked again; the shading worked out again once
  // Python has counted the map's sides and levels again (countersCame).
  refresh() {
    this.showWho();
  }

  // Python's answer to the map's counters (ui/mapview.js askCounters, after
  // every edit): the side and target buttons, and the shading, from it.
  countersCame() {
    if (this.mode !== "dead") return;
    this.buttons();
    this.showDead();
  }

  // --- who sees ------------------------------------------------------------

  who(end) {
    if (end?.hex !== undefined) {
      const top = this.view.topLevel(end.hex);
      // a level chosen, else the dead ground's target level, else the ground
      const level = end.level ?? (this.mode === "dead" && /^\d+$/.test(this.cover) ? Number(this.cover) : 0);
      end = { hex: end.hex, level: Math.min(level, top) };
    }
    this.target = end;
    this.showWho();
  }

  // The levels of the target hex's building, one tap each (ground first).
  levels() {
    const t = this.target;
    const top = t?.hex !== undefined ? this.view.topLevel(t.hex) : 0;
    $("seen-level-row").hidden = !top || this.mode !== "who";
    if (!top) return;
    const row = $("seen-levels");
    row.replaceChildren(...Array.from({ length: top + 1 }, (_, i) => {
      const b = button(i ? `level ${i}` : "ground", { level: String(i) });
      b.addEventListener("click", () => this.who({ hex: t.hex, level: i }));
      return b;
    }));
    press(row, "data-level", String(t.level));
  }

  async showWho() {
    const token = ++this.whoToken;
    const t = this.target;
    if (t?.unit !== undefined && !findUnit(this.store.setup, t.unit)) this.target = null;
    if (t?.hex !== undefined && !this.view.hex(t.hex)) this.target = null;
    this.levels();
    if (!this.target) {
      this.python.stop("who");
      if (!this.whoShown) return;       // nothing on the map: an edit costs nothing here
      this.whoShown = false;
      this.drawThreads([]);
      this.view.markHexes("data-seen-target", []);
      $("seen-said").textContent = "";
      $("seen-list").replaceChildren();
      $("seen-clear").hidden = true;
      return;
    }
    this.whoShown = true;
    const arg = t.unit ?? { hex: t.hex, level: t.level };
    const at = t.unit !== undefined ? this.point(t.unit) : t.hex;
    this.view.markHexes("data-seen-target", [t.unit !== undefined ? findUnit(this.store.setup, t.unit).hex : t.hex]);
    let got;
    try {
      // over the dead ground, only its side's units
      const side = this.mode === "dead" && this.side ? this.side : null;
      got = await this.python.latest("who", "who_sees", this.store.setup, arg, side);
    } catch (err) {
      if (token !== this.whoToken || err.kind === "Superseded") return;
      $("seen-said").textContent = "";
      showMessage(`Who sees it: ${err.player ?? err.message}`);
      return;
    }
    if (token !== this.whoToken) return;
    $("seen-said").textContent = got.said;
    $("seen-aid").textContent = got.aid;
    $("seen-clear").hidden = false;
    $("seen-list").replaceChildren(...got.units.map((u) => {
      const li = document.createElement("li");
      li.dataset.status = u.status;
      const b = button(u.unit, { unit: u.unit });
      b.title = "Open this LOS with its steps";
      b.addEventListener("click", () => this.askLos({ unit: u.unit }, t.unit !== undefined ? { unit: t.unit } : { hex: t.hex }, t.level ?? 0));
      li.append(b, document.createTextNode(` ${u.words}`));
      return li;
    }));
    this.drawThreads(got.units.filter((u) => u.los).map((u) => [this.point(u.unit), at, u.status]));
    $("seen-said").scrollIntoView({ block: "nearest" });
  }

  // Where a unit's thread starts: the vertex it traces to, else its hex (the
  // names Python placed on the map).
  point(id) {
    const u = findUnit(this.store.setup, id);
    return u.vertex || u.hex;
  }

  // The threads of the units that see the target, over the counters.
  drawThreads(threads) {
    this.layer?.remove();
    this.layer = null;
    if (!threads.length || !this.view.unitLayer?.isConnected) return;
    const g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("class", "seen-threads");
    for (const [from, to, status] of threads) {
      const [x1, y1] = this.view.position(from);
      const [x2, y2] = this.view.position(to);
      const line = document.createElementNS(SVG_NS, "line");
      for (const [k, v] of Object.entries({ x1, y1, x2, y2 })) line.setAttribute(k, String(v));
      line.setAttribute("class", "seen-thread");
      line.dataset.status = status;
      line.dataset.from = nameKey(from);
      g.append(line);
    }
    this.view.unitLayer.after(g);
    this.layer = g;
  }

  // --- dead ground ---------------------------------------------------------

  // The sides of the units on the map, each once as the rules count sides:
  // Python's (web/marks.py counters, pycore.setup.lookalike distinct_sides).
  sides() {
    return this.view.counters.sides ?? [];
  }

  // The side and target buttons: every side on the map; ground, each
  // building level the map has, and a vehicle.
  buttons() {
    const sides = this.sides();
    $("dead-sides").replaceChildren(...sides.map((s) => {
      const b = button(s, { side: s });
      b.addEventListener("click", () => this.dead(s));
      return b;
    }));
    press($("dead-sides"), "data-side", this.side);
    const top = Math.max(0, ...Object.values(this.view.counters.tops ?? {}).map(Number));
    const targets = [["0", "ground"], ...Array.from({ length: top }, (_, i) => [String(i + 1), `level ${i + 1}`]),
      ["vehicle", "vehicle"]];
    if (!targets.some(([v]) => v === this.cover)) this.cover = "0";
    $("dead-targets").replaceChildren(...targets.map(([value, text]) => {
      const b = button(text, { cover: value });
      b.addEventListener("click", () => {
        this.cover = value;
        press($("dead-targets"), "data-cover", value);
        this.showDead();
      });
      return b;
    }));
    press($("dead-targets"), "data-cover", this.cover);
  }

  dead(side) {
    this.side = side;
    press($("dead-sides"), "data-side", side);
    this.showDead();
  }

  paint(hexes) {
    for (const [name, h] of Object.entries(hexes)) {
      const g = this.view.hex(name);
      if (!g) continue;
      g.setAttribute("data-cover", String(Math.min(h.seen, 2)));
      if (h.hindered) g.setAttribute("data-cover-hindered", "true"); else g.removeAttribute("data-cover-hindered");
    }
  }

  shade(hexes) {
    this.shaded = true;
    this.paint(hexes);
  }

  unshade() {
    if (!this.shaded) return;
    this.shaded = false;
    for (const g of this.view.all("[data-cover]")) {
      g.removeAttribute("data-cover");
      g.removeAttribute("data-cover-hindered");
    }
  }

  async showDead() {
    const token = ++this.deadToken;
    const side = this.mode === "dead" ? this.side : null;
    if (!side || !this.sides().includes(side)) {
      this.python.stop("dead");
      this.unshade();
      $("dead-said").textContent = this.mode === "dead" && !this.sides().length
        ? "Place units first: dead ground is worked out for one side's units." : "";
      return;
    }
    const vehicle = this.cover === "vehicle";
    const level = vehicle ? 0 : Number(this.cover);
    let first = true;
    let shown = false;
    let done = null;
    const working = () => {
      if (token === this.deadToken) {
        $("dead-said").textContent = done ? `${WORKING} ${done.done} of ${done.of} units` : WORKING;
      }
    };
    const slow = setTimeout(() => { shown = true; working(); }, 400);
    const progress = (partial) => {
      if (token !== this.deadToken) return;
      if (first) this.unshade();
      first = false;
      done = partial;
      this.shade(partial.hexes);
      if (shown) working();
    };
    try {
      const got = await this.python.latestWithProgress("dead", "dead_ground", progress,
                                                       this.store.setup, side, level, vehicle);
      if (token !== this.deadToken) return;
      this.unshade();
      this.shade(got.hexes);
      $("dead-said").textContent = got.said;
      $("seen-aid").textContent = got.aid;
    } catch (err) {
      if (token !== this.deadToken || err.kind === "Superseded") return;
      $("dead-said").textContent = "";
      showMessage(`Dead ground: ${err.player ?? err.message}`);
    } finally {
      clearTimeout(slow);
    }
  }
}
