// The LOS tool: tap the viewer, then the target (a unit or a hex Location,
// optionally at a building level or traced to a vertex: A6.12, B9.42), and
// show Python's ruling (pycore.api.los, or fire when both ends are units).
// Thread first: the thread is drawn at the second tap, with every
// hex, hexside and vertex it touches lit (pycore.api.thread), before the
// ruling arrives; after a verdict a hex or an enemy tapped is a new target
// of the same viewer, and another unit asks from it; the question stays live through
// every edit, and a compact verdict
// stays on the map (#los-chip) while other tools are in use.

import { showLosResult, clearLosResult } from "./panels.js";
import { partOf } from "./mapview.js";

const $ = (id) => document.getElementById(id);

export class LosTool {
  constructor({ store, view, python, showMessage, onQuestion = () => {}, onResult = () => {} }) {
    Object.assign(this, { store, view, python, showMessage, onQuestion, onResult });
    this.viewer = null;
    this.target = null;
    this.vertex = null;
    this.token = 0;
    this.lastResult = null;
    // What a tap asks, by what was tapped (ui/tools.js).
    this.taps = { unit: (id) => this.tap({ unit: id }), hex: (hex) => this.tap({ hex }) };
    $("los-viewer-level").addEventListener("change", () => this.run());
    $("los-target-level").addEventListener("change", () => this.run());
    $("los-clear-vertex").addEventListener("click", () => this.setTargetVertex(null));
    $("los-swap").addEventListener("click", () => this.swap());
    $("los-clear").addEventListener("click", () => this.clear());
    this.labels();
  }

  unit(id) {
    return this.store.setup.units.find((u) => u.id === id);
  }

  // First tap: the viewer; the next: the target. After a verdict, a hex or
  // an enemy of the viewer tapped is a new target of the same viewer (one
  // viewer, many targets), and any other unit starts a new question from it
  // (the player's next unit); a tap on the viewer itself starts again.
  tap(end) {
    const same = (a, b) => a && (a.unit !== undefined ? a.unit === b.unit : a.hex === b.hex && b.unit === undefined);
    if (this.viewer && same(this.viewer, end)) {
      this.clear();
      return;
    }
    // a tapped question: the typed Ask fields no longer name it
    $("los-from").value = $("los-to").value = "";
    if (!this.viewer) this.viewer = end;
    else if (this.target && end.unit !== undefined && !same(this.target, end) && !this.enemy(end.unit)) {
      this.viewer = end;
      this.target = null;
      this.vertex = null;
    } else {
      this.target = end;
      this.vertex = null;
    }
    this.labels();
    this.run();
  }

  // Is this unit of another side than the viewer unit (as the counters are
  // coloured)? False where the viewer is a hex.
  enemy(id) {
    if (this.viewer?.unit === undefined) return false;
    const mine = this.view.unitSide(this.viewer.unit);
    const theirs = this.view.unitSide(id);
    return mine !== undefined && theirs !== undefined && mine !== theirs;
  }

  // Both ends at once (typed names): a unit ({unit}) or a hex Location ({hex}).
  setEnds(viewer, target) {
    this.viewer = viewer;
    this.target = target;
    this.vertex = null;
    this.labels();
    this.run();
  }

  setTargetVertex(vertex) {
    if (vertex && !(this.target && this.target.hex)) {
      this.showMessage("Pick a target hex first; a unit's own vertex is set in the unit editor.");
      return;
    }
    if (vertex && !partOf(vertex, this.target.hex)) {
      this.showMessage(`${vertex} is not a vertex of ${this.target.hex}.`);
      return;
    }
    this.vertex = vertex;
    this.labels();
    this.run();
  }

  renameUnit(oldId, newId) {
    for (const end of [this.viewer, this.target]) if (end && end.unit === oldId) end.unit = newId;
    this.labels();
  }

  swap() {
    if (!this.target) return;
    [this.viewer, this.target] = [this.target, this.viewer];
    this.vertex = null;
    const [a, b] = [$("los-viewer-level").value, $("los-target-level").value];
    $("los-viewer-level").value = b;
    $("los-target-level").value = a;
    this.labels();
    this.run();
  }

  clear() {
    this.onQuestion();
    this.viewer = this.target = this.vertex = null;
    this.token++;
    this.lastResult = null;
    this.labels();
    this.view.clearThread();
    this.view.markParts("data-on-thread", []);
    this.view.markHexes("data-los-end", []);
    clearLosResult();
    this.onResult(null);
    this.chip();
  }

  // The compact verdict on the map, shown while another tool is in use.
  chip(toolActive = this.toolActive) {
    this.toolActive = toolActive;
    const chip = $("los-chip");
    const result = this.lastResult;
    chip.hidden = toolActive || !result || !this.viewer || !this.target;
    if (chip.hidden) return;
    const name = (end) => (end.unit !== undefined ? end.unit : end.hex);
    $("los-chip-text").textContent = `${name(this.viewer)} → ${name(this.target)}: ${result.present.brief}`;
    chip.dataset.los = String(Boolean(result.los));
  }

  labels() {
    const name = (end) => (!end ? "–" : end.unit !== undefined ? `unit ${end.unit}` : `hex ${end.hex}`);
    $("los-viewer").textContent = name(this.viewer);
    $("los-target").textContent = name(this.target);
    $("los-vertex").textContent = this.vertex || "none";
    $("los-hint").textContent = !this.viewer ? "Tap the viewer (a unit or a hex), then the target."
      : !this.target ? "Now tap the target."
        : "Tap an enemy or a hex to ask about it, your next unit to ask from it, or the viewer again to start over.";
    // A unit end is at its own level (set it in the unit editor): no level box for it.
    $("los-viewer-level").closest("label").hidden = this.viewer?.unit !== undefined;
    $("los-target-level").closest("label").hidden = this.target?.unit !== undefined;
    const hexes = [this.viewer, this.target].filter((e) => e && e.hex).map((e) => e.hex);
    this.view.markHexes("data-los-end", hexes);
  }

  // The API argument for an end: a unit id, or a Location (docs/contract.md "los").
  arg(end, levelInput, vertex) {
    if (end.unit !== undefined) return end.unit;
    const loc = { hex: end.hex, level: Math.trunc(Number($(levelInput).value) || 0) };
    if (vertex) loc.vertex = vertex;
    return loc;
  }

  // Where the thread ends: the unit's or Location's vertex, else its hex centre dot.
  point(end, vertex) {
    if (end.unit !== undefined) {
      const u = this.unit(end.unit);
      return u.vertex || u.hex;
    }
    return vertex || end.hex;
  }

  // Re-run after an edit; drop an end whose unit is gone. A new map without an
  // end's hex (or the target's vertex) ends the question, and says so.
  refresh() {
    for (const key of ["viewer", "target"]) {
      if (this[key] && this[key].unit !== undefined && !this.unit(this[key].unit)) this[key] = null;
    }
    const gone = [this.viewer, this.target].filter((e) => e?.hex !== undefined && !this.view.hex(e.hex))
      .map((e) => e.hex);
    if (this.vertex && !this.view.vertex(this.vertex)) gone.push(this.vertex);
    if (gone.length) {
      this.clear();
      this.showMessage(`The LOS question was cleared: ${gone.join(" and ")} ` +
        `${gone.length > 1 ? "are" : "is"} not on this map.`);
      return;
    }
    if (!this.viewer) this.target = null;
    this.labels();
    this.run();
  }

  async run() {
    this.onQuestion();
    const token = ++this.token;
    if (!this.viewer || !this.target) {
      this.view.clearThread();
      this.view.markParts("data-on-thread", []);
      clearLosResult();
      this.onResult(null);
      this.lastResult = null;
      this.chip();
      return;
    }
    const setup = this.store.setup;
    const viewer = this.arg(this.viewer, "los-viewer-level");
    const target = this.arg(this.target, "los-target-level", this.vertex);
    const both = typeof viewer === "string" && typeof target === "string";
    const from = this.point(this.viewer);
    const to = this.point(this.target, this.vertex);
    if (!this.view.threadIs(from, to)) this.view.setThread(from, to, "pending", null);
    this.python.latest("thread", "thread", setup, viewer, target).then((thread) => {
      if (token === this.token) this.view.markParts("data-on-thread", thread.touches);
    }, () => {});
    let result;
    try {
      result = await this.python.latest("ruling", both ? "fire" : "los", setup, viewer, target);
    } catch (err) {
      if (token !== this.token) return;
      this.view.clearThread();
      clearLosResult();
      this.onResult(null);
      this.showMessage(`LOS: ${err.message}`);
      return;
    }
    if (token !== this.token) return;
    const fresh = $("los-result").hidden || JSON.stringify([viewer, target]) !== $("los-result").dataset.query;
    this.lastResult = result;
    showLosResult(result);
    this.onResult(result, viewer, target, both ? "fire" : "los");     // a borderline ruling (ui/borderline.js)
    $("los-result").dataset.query = JSON.stringify([viewer, target]);
    this.view.setThread(from, to, result.present.status, result.blocked_at);
    this.chip();
    // A new question's verdict in view, wherever the panel was scrolled (an
    // edit's re-run leaves the panel where the player put it).
    if (fresh && this.toolActive !== false) $("los-verdict").scrollIntoView({ block: "nearest" });
  }
}
