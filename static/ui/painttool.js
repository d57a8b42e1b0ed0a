// The Terrain and Hexsides tools: their brushes (terrain, base level, building
// levels; hexside type, Hillside and gap flags) and what a tap or a stroke
// paints with them (static/ui/strokes.js finds the hexes and hexsides).

import * as panels from "./panels.js";
import { paintHex, setHexside, toggleHexside } from "./edits.js";

const $ = (id) => document.getElementById(id);

export class PaintTool {
  // under: {hex(name), hexside(name)}, an imported board's own reading there, or null (ui/boardlib.js).
  constructor({ store, python, under = null }) {
    this.store = store;
    this.under = under ?? { hex: () => null, hexside: () => null };
    this.brush = { terrain: "open", level: "keep", levels: 1, hexside: "wall" };
    $("terrain-palette").addEventListener("click", (e) => {
      const b = e.target.closest("[data-terrain]");
      if (!b) return;
      this.brush.terrain = b.dataset.terrain;
      panels.pressOne($("terrain-palette"), "data-terrain", this.brush.terrain);
    });
    $("brush-level").addEventListener("change", (e) => { this.brush.level = e.target.value; });
    $("brush-levels").addEventListener("change", (e) => { this.brush.levels = Number(e.target.value); });
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
    this.store.edit((s) => { for (const h of hexes) paintHex(s, h, this.brush, this.under.hex(h)); });
  }

  setHexsides(names) {
    this.store.edit((s) => {
      for (const n of names) setHexside(s, n, this.hexsideBrush(), this.under.hexside(n));
    });
  }

  // A tap on one hexside: the same hexside again removes it.
  toggleHexside(name) {
    this.store.edit((s) => toggleHexside(s, name, this.hexsideBrush(), this.under.hexside(name)));
  }
}
