// Edits of a setup object (CONTRACT.md "A setup"), as pure functions: the
// page applies them to a copy through Store.edit, so each one is undoable.

import { nameKey } from "./mapview.js";

const BUILDINGS = new Set(["building", "stone-building"]);

// The setup's own key for a hex/hexside, whatever spelling it was saved under.
export function keyIn(obj, name) {
  return Object.keys(obj).find((k) => nameKey(k) === nameKey(name));
}

// Paint a hex: brush = {terrain: name | "keep", level: n | "keep", levels: n}.
// Open ground at level 0 needs no entry, so painting it clears the hex.
export function paintHex(setup, name, brush) {
  const old = keyIn(setup.hexes, name);
  const spec = old ? setup.hexes[old] : {};
  if (old) delete setup.hexes[old];
  if (brush.terrain !== "keep") {
    if (brush.terrain === "open") delete spec.terrain; else spec.terrain = brush.terrain;
    if (BUILDINGS.has(brush.terrain) && brush.levels !== 1) spec.levels = brush.levels;
    else delete spec.levels;
  }
  if (brush.level !== "keep") {
    const level = Number(brush.level);
    if (level) spec.level = level; else delete spec.level;
  }
  if (Object.keys(spec).length) setup.hexes[name] = spec;
}

// Toggle a wall/hedge (B9.1) or bocage (B9.5) hexside with its Hillside (B9.6)
// and gap (B9.3) flags: the very same hexside again removes it; another type
// or other flags replace it.
export function toggleHexside(setup, name, { type, hillside = false, gap = false }) {
  const old = keyIn(setup.hexsides, name);
  const wanted = hillside || gap
    ? { type, ...(hillside && { hillside: true }), ...(gap && { gap: true }) }
    : type;
  if (old) {
    const same = JSON.stringify(setup.hexsides[old]) === JSON.stringify(wanted);
    delete setup.hexsides[old];
    if (same) return;
  }
  setup.hexsides[name] = wanted;
}

// Set a hexside (a stroke of the hexside brush): whatever was there is replaced.
export function setHexside(setup, name, { type, hillside = false, gap = false }) {
  const old = keyIn(setup.hexsides, name);
  if (old) delete setup.hexsides[old];
  setup.hexsides[name] = hillside || gap
    ? { type, ...(hillside && { hillside: true }), ...(gap && { gap: true }) }
    : type;
}

// The highest level a unit in this hex can be on: a building's top floor
// (CONTRACT.md "levels" counts the ground level), else 0.
export function topLevel(setup, hexName) {
  const spec = setup.hexes[keyIn(setup.hexes, hexName) ?? ""] ?? {};
  return BUILDINGS.has(spec.terrain) ? Math.max(0, Number(spec.levels ?? 1) - 1) : 0;
}

// The unit with this id in a setup, or undefined.
export function findUnit(setup, id) {
  return id === null || id === undefined ? undefined : setup.units.find((u) => u.id === id);
}

// The first free id made of the side's initial and a number: g1, g2, r1...
export function newUnitId(setup, side) {
  const prefix = (String(side).trim()[0] || "u").toLowerCase().replace(/[^a-z]/, "u");
  for (let n = 1; ; n++) {
    if (!setup.units.some((u) => u.id === `${prefix}${n}`)) return `${prefix}${n}`;
  }
}
