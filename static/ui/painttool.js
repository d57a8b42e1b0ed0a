// The Terrain and Hexsides tools: their brushes (terrain, base level, building
// levels and name; hexside type, Hillside and gap flags) and what a tap or a stroke
// paints with them (static/ui/strokes.js finds the hexes and hexsides).

import * as panels from "./panels.js";
import { keyIn, paintHex, setHexside, toggleHexside } from "./edits.js";
import { showMessage } from "./messages.js";

const $ = (id) => document.getElementById(id);

export class PaintTool {
  // under: {hex(name), hexside(name)}, what lies beneath the player's own entry there on imported boards, or null (ui/terrain.js);
  // imported(): whether the map on screen has imported boards beneath the player's entries.
  constructor({ store, python, under = null, imported = () => false }) {
    this.store = store;
    this.imported = imported;
    this.under = under ?? { hex: () => null, hexside: () => null };
    this.brush = { terrain: "open", level: "keep", levels: 1, building: "", hexside: "wall" };
    $("terrain-palette").addEventListener("click", (e) => {
      const b = e.target.closest("[data-terrain]");
      if (!b) return;
      this.brush.terrain = b.dataset.terrain;
      panels.pressOne($("terrain-palette"), "data-terrain", this.brush.terrain);
    });
    $("brush-level").addEventListener("change", (e) => { this.brush.level = e.target.value; });
    $("brush-levels").addEventListener("change", (e) => { this.brush.levels = Number(e.target.value); });
    $("brush-building").addEventListener("input", (e) => { this.brush.building = e.target.value.trim(); });
    panels.quickButtons($("brush-level"), ["keep", "-1", "0", "1", "2", "3", "4"]);
    panels.quickButtons($("brush-levels"), ["1", "2", "3", "4"]);
    $("hexside-palette").addEventListener("click", (e) => {
      const b = e.target.closest("[data-hexside-type]");
      if (!b) return;
      this.brush.hexside = b.dataset.hexsideType;
      panels.pressOne($("hexside-palette"), "data-hexside-type", this.brush.hexside);
    });
    // Base levels across the whole range the limits allow (pycore.limits via "version").
    python.ready.then(() => python.call("version")).then((v) => {
      const select = $("brush-level");
      const keep = select.value;
      const levels = Array.from({ length: 2 * v.max_level + 1 }, (_, i) => String(i - v.max_level));
      panels.fillSelect(select, ["keep", ...levels]);
      select.value = keep;
    }).catch(() => {});
  }

  hexsideBrush() {
    return { type: this.brush.hexside, hillside: $("flag-hillside").checked, gap: $("flag-gap").checked };
  }

  // One undoable edit each.
  paintHexes(hexes) {
    this.edit("hexes", hexes, (s) => { for (const h of hexes) paintHex(s, h, this.brush, this.under.hex(h)); });
  }

  setHexsides(names) {
    this.edit("hexsides", names, (s) => {
      for (const n of names) setHexside(s, n, this.hexsideBrush(), this.under.hexside(n));
    });
  }

  // A tap on one hexside: the same hexside again removes it.
  toggleHexside(name) {
    this.edit("hexsides", [name],
      (s) => toggleHexside(s, name, this.hexsideBrush(), this.under.hexside(name)));
  }

  // A hex's terrain set from the reading view (ui/reading.js): the brush's
  // levels, its base level kept.
  correctHex(name, terrain) {
    const brush = { terrain, level: "keep", levels: this.brush.levels };
    this.edit("hexes", [name], (s) => paintHex(s, name, brush, this.under.hex(name)));
  }

  // A wall, hedge or bocage removed from the reading view: over an imported
  // board's own one, the correction "none" (docs/contract.md "Real boards").
  removeHexside(name) {
    const board = this.under.hexside(name);
    this.edit("hexsides", [name], (s) => {
      const old = keyIn(s.hexsides, name);
      if (old) delete s.hexsides[old];
      if (board) s.hexsides[name] = "none";
    });
  }

  // The edit, and over an imported board's reading a word of what changed,
  // with Undo one tap away (a drag meant as a pan once erased two
  // buildings without a word).
  edit(field, names, fn) {
    const before = this.store.setup[field];
    if (!this.store.edit(fn) || !this.imported()) return;
    const after = this.store.setup[field];
    const entry = (obj, n) => JSON.stringify(obj[keyIn(obj, n) ?? ""] ?? null);
    const n = new Set(names.filter((name) => entry(before, name) !== entry(after, name))).size;
    if (!n) return;
    const what = field === "hexes" ? (n === 1 ? "hex" : "hexes") : (n === 1 ? "hexside" : "hexsides");
    showMessage(`${n} ${what} of the board's reading repainted.`, "info",
      { label: "Undo", run: () => this.store.undo() }, true);
  }
}
