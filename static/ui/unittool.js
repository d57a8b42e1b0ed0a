// The Units tool (units without a keyboard): two side chips, the
// nations picked from a list once per setup; a palette of unit types; a tap on
// a hex adds a unit, a tap on a counter selects it; the unit editor, whose
// level control offers only the levels the unit's hex has. The
// selected unit is this tool's own (selected); a rename is told to the other
// tools (onRename); its picks (a new hex, a Bypass hexside, a vertex) are
// tools for one tap (ui/tools.js).

import * as panels from "./panels.js";
import { UNIT_TYPES, partOf } from "./mapview.js";
import { findUnit, newUnitId } from "./edits.js";
// The nationalities of the side chips, and their counters' names (web/counter_names.py).
import { COUNTER_NAMES, NATIONS } from "./counters.js";

const $ = (id) => document.getElementById(id);

export class UnitTool {
  constructor({ store, view, python, setPick, onRename, showMessage }) {
    Object.assign(this, { store, view, python, setPick, onRename, showMessage });
    this.selected = null;               // the selected unit's id
    this.chips = { sides: ["German", "Russian"], active: 0 };
    // What a tap does, by what was tapped (ui/tools.js): a counter is selected, a hex gets a new unit.
    this.taps = { unit: (id) => this.select(id), hex: (hex) => this.add(hex) };
    this.wireChips();
    this.wirePalette();
    this.wireEditor();
    this.chipsFromSetup(store.setup);
  }

  // --- new units ------------------------------------------------------------------
  wireChips() {
    panels.fillSelect($("chip-nation"), NATIONS);
    $("sides").replaceChildren(...NATIONS.map((n) => Object.assign(document.createElement("option"), { value: n })));
    for (const b of document.querySelectorAll(".side-chip")) {
      b.addEventListener("click", () => { this.chips.active = Number(b.dataset.chip); this.showChips(); });
    }
    $("chip-nation").addEventListener("change", (e) => {
      this.chips.sides[this.chips.active] = e.target.value;
      this.showChips();
    });
    $("new-side").addEventListener("change", async (e) => {
      const side = (await this.typed("side", e.target.value)).trim();
      if (side) this.chips.sides[this.chips.active] = side;
      this.showChips();
    });
  }

  showChips() {
    const { sides, active } = this.chips;
    for (const b of document.querySelectorAll(".side-chip")) {
      b.textContent = sides[Number(b.dataset.chip)];
      b.setAttribute("aria-pressed", String(Number(b.dataset.chip) === active));
    }
    if (!NATIONS.includes(sides[active])) $("chip-nation").append(new Option(sides[active], sides[active]));
    $("chip-nation").value = sides[active];
    $("new-side").value = sides[active];
  }

  // The chips follow the setup: its first two sides, once per setup.
  chipsFromSetup(setup) {
    const sides = [...new Set(setup.units.map((u) => u.side))].slice(0, 2);
    if (sides.length) {
      this.chips.sides = [sides[0], sides[1] ?? (sides[0] === "Russian" ? "German" : "Russian")];
    }
    this.showChips();
  }

  switchSide() {
    this.chips.active = 1 - this.chips.active;
    this.showChips();
  }

  wirePalette() {
    panels.fillSelect($("new-type"), UNIT_TYPES);
    for (const type of UNIT_TYPES) {
      const b = Object.assign(document.createElement("button"), { type: "button", className: "swatch", textContent: type });
      b.dataset.unitType = type;
      b.addEventListener("click", () => {
        $("new-type").value = type;
        panels.pressOne($("unit-palette"), "data-unit-type", type);
      });
      $("unit-palette").append(b);
    }
    $("new-type").addEventListener("change", (e) => panels.pressOne($("unit-palette"), "data-unit-type", e.target.value));
    panels.pressOne($("unit-palette"), "data-unit-type", $("new-type").value);
  }

  add(hex) {
    const side = $("new-side").value.trim() || "German";
    let id;
    this.store.edit((s) => {
      id = newUnitId(s, side);
      s.units.push({ id, side, type: $("new-type").value, hex });
    });
    this.select(id);
  }

  // --- the selected unit ----------------------------------------------------------
  select(id) {
    this.selected = id;
    this.view.drawUnits(id);
    this.showEditor();
  }

  // A deleted unit is no longer selected.
  dropGone() {
    if (this.selected && !findUnit(this.store.setup, this.selected)) this.selected = null;
  }

  showEditor() {
    const unit = findUnit(this.store.setup, this.selected);
    // the levels its hex has: Python's answer (web/marks.py counters, HexInfo.top_level)
    panels.showUnit(unit, unit ? this.view.topLevel(unit.hex) : 0);
    if (unit) panels.showCounterNames(COUNTER_NAMES[unit.side] ?? [], unit.name);
  }

  editSelected(fn) {
    const id = this.selected;
    this.store.edit((s) => {
      const unit = findUnit(s, id);
      if (unit) fn(unit, s);
    });
  }

  wireEditor() {
    const edit = (fn) => this.editSelected(fn);
    panels.fillSelect($("ue-type"), UNIT_TYPES);
    panels.buildFlagBoxes((flag, on) => edit((u) => { if (on) u[flag] = true; else delete u[flag]; }));
    $("ue-id").addEventListener("change", (e) => this.rename(e.target));
    $("ue-name").addEventListener("change", (e) => edit((u) => {
      if (e.target.value) u.name = e.target.value; else delete u.name;
    }));
    // A counter's name picked from its nationality's list: the name, and the
    // type its group is (a leader's name makes a leader; a weapon's keeps the type).
    $("ue-counter").addEventListener("change", (e) => {
      const option = e.target.selectedOptions[0];
      if (!option?.value) return;
      const type = option.parentElement.dataset.type;
      edit((u) => { u.name = option.value; if (type) u.type = type; });
    });
    $("ue-side").addEventListener("change", async (e) => {
      const id = this.selected;
      const side = (await this.typed("side", e.target.value)).trim();
      if (this.selected === id) e.target.value = side;
      this.store.edit((s) => { const u = findUnit(s, id); if (u) u.side = side || u.side; });
    });
    $("ue-type").addEventListener("change", (e) => edit((u) => { u.type = e.target.value; }));
    $("ue-level").addEventListener("change", (e) => edit((u) => {
      const level = Math.max(0, Math.trunc(Number(e.target.value) || 0));
      if (level) u.level = level; else delete u.level;
    }));
    $("ue-wa").addEventListener("change", (e) => edit((u) => {
      if (e.target.value === "auto") delete u.wa; else u.wa = e.target.value === "true";
    }));
    $("ue-pick-bypass").addEventListener("click", () => this.setPick({ kind: "hexside", hexside: (name) => this.setBypass(name) }));
    $("ue-clear-bypass").addEventListener("click", () => edit((u) => { delete u.bypass; }));
    $("ue-pick-vertex").addEventListener("click", () => this.setPick({ kind: "vertex", vertex: (name) => this.setVertex(name) }));
    $("ue-clear-vertex").addEventListener("click", () => edit((u) => { delete u.vertex; }));
    $("ue-move").addEventListener("click", () => this.setPick({ kind: "hex", hex: (hex) => this.move(hex) }));
    // Stacking: the hex's counter takes taps, so a unit joins it from here.
    $("ue-stack").addEventListener("click", () => {
      const unit = findUnit(this.store.setup, this.selected);
      if (unit) this.add(unit.hex);
    });
    $("ue-delete").addEventListener("click", () => {
      const id = this.selected;
      this.store.edit((s) => { s.units = s.units.filter((u) => u.id !== id); });
      this.select(null);
    });
  }

  // --- the picks: each one tap on the map, for the selected unit ---------------------

  // A moved unit arrives at ground level, out of Bypass: always a Location the
  // new hex has; set its level after.
  move(hex) {
    if (!findUnit(this.store.setup, this.selected)) return;
    this.editSelected((u) => { u.hex = hex; delete u.bypass; delete u.vertex; delete u.level; });
  }

  // A4.3: a Bypass unit straddles a hexside of its own hex.
  setBypass(hexside) { this.setOwnPart("bypass", hexside, "hexside"); }

  setVertex(vertex) { this.setOwnPart("vertex", vertex, "vertex"); }

  // The selected unit's `field` set to `name`, a hexside or vertex of its own hex.
  setOwnPart(field, name, what) {
    const unit = findUnit(this.store.setup, this.selected);
    if (!unit) return;
    if (!partOf(name, unit.hex)) {
      this.showMessage(`${name} is not a ${what} of ${unit.hex}.`);
      return;
    }
    this.editSelected((u) => { u[field] = name; });
  }

  async rename(input) {
    const old = this.selected;
    const id = (await this.typed("id", input.value)).trim();
    if (this.selected !== old) return;        // another unit was chosen meanwhile
    if (!id || this.store.setup.units.some((u) => u.id === id)) {
      this.showMessage(id ? `There is already a unit "${id}".` : "A unit needs an id.");
      input.value = this.selected;
      return;
    }
    this.selected = id;
    this.onRename(old, id);
    this.store.edit((s) => { findUnit(s, old).id = id; });
  }

  // A side or id as typed, read by Python as a setup's (pycore/setup/lookalike.py): what
  // shows nothing or turns text around removed, a look-alike side named; each said.
  async typed(field, text) {
    try {
      const got = await this.python.call("typed_name", this.store.setup, field, text, this.chips.sides);
      if (got.warnings.length) this.showMessage(got.warnings.join(" "));
      return got.text;
    } catch {
      return text;                            // Python cannot judge: the setup's check will
    }
  }
}
