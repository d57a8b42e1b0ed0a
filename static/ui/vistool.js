// The Visibility tool: tap a unit or a hex, and every hex it sees is shaded on
// the map (pycore.api visibility: seen, hindered or unseen), kept live through
// every edit until cleared. A unit viewer that is deleted ends it.

import { findUnit } from "./edits.js";
import { situationMessage } from "./messages.js";

const $ = (id) => document.getElementById(id);
export const WORKING = "working out what it sees…";

export class VisibilityTool {
  constructor({ store, view, python }) {
    Object.assign(this, { store, view, python });
    this.viewer = null;                 // {unit} or {hex}
    this.token = 0;                     // drops answers to an older viewer or setup
    // What a tap asks, by what was tapped (ui/tools.js).
    this.taps = { unit: (id) => this.show({ unit: id }), hex: (hex) => this.show({ hex }) };
    $("vis-clear").addEventListener("click", () => this.clear());
  }

  show(viewer) {
    this.viewer = viewer;
    $("vis-from").textContent = viewer.unit ?? viewer.hex;
    this.refresh();
  }

  clear() {
    this.python.stop("visibility");     // a sweep still running ends at its next pause
    this.viewer = null;
    $("vis-from").textContent = "–";
    $("vis-count").textContent = "";
    this.refresh();
  }

  renameUnit(oldId, newId) {
    if (this.viewer?.unit === oldId) this.viewer.unit = newId;
  }

  async refresh() {
    const token = ++this.token;
    const vis = this.viewer;
    if (!vis) {
      this.view.clearOverlay();
      return;
    }
    const viewer = vis.unit ?? { hex: vis.hex, level: 0 };
    if (vis.unit && !findUnit(this.store.setup, vis.unit)) {
      this.viewer = null;
      this.view.clearOverlay();
      $("vis-from").textContent = "–";
      return;
    }
    // A sweep that takes a while (seconds on the largest maps) says so, and
    // draws the hexes Python has proved as they come: the previous
    // overlay goes at the first of them, and a hex drawn is never redrawn
    // otherwise (each is its final answer: web.bridge.progress).
    let shown = false;
    let done = null;
    const working = () => {
      if (token === this.token) $("vis-count").textContent = done ? `${WORKING} ${done.done} of ${done.of} hexes` : WORKING;
    };
    const slow = setTimeout(() => { shown = true; working(); }, 400);
    const progress = (partial) => {
      if (token !== this.token) return;
      if (!done) this.view.clearOverlay();
      done = partial;
      this.view.addOverlay(partial.hexes);
      if (shown) working();
    };
    try {
      const result = await this.python.latestWithProgress("visibility", "visibility", progress,
                                                          this.store.setup, viewer);
      if (token !== this.token) return;
      this.view.setOverlay(result.hexes);
      const seen = Object.values(result.hexes).filter((h) => h.los).length;
      $("vis-count").textContent = `sees ${seen} of ${Object.keys(result.hexes).length} hexes`;
      $("vis-count").scrollIntoView({ block: "nearest" });
    } catch (err) {
      if (token !== this.token) return;
      $("vis-count").textContent = "";
      situationMessage(`Visibility: ${err.message}`);
    } finally {
      clearTimeout(slow);
    }
  }
}
