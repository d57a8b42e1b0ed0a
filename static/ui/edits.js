// Edits of a setup object (docs/contract.md "A setup"), as pure functions: the
// page applies them to a copy through Store.edit, so each one is undoable.

import { nameKey } from "./mapview.js";
import { BUILDINGS as BUILDING_TERRAINS } from "./marks.js";

// The terrains that are buildings (pycore.terrain.catalog, by build.py): only they keep "levels".
const BUILDINGS = new Set(BUILDING_TERRAINS);

// The setup's own key for a hex/hexside, whatever spelling it was saved under.
export function keyIn(obj, name) {
  return Object.keys(obj).find((k) => nameKey(k) === nameKey(name));
}

// Paint a hex: brush = {terrain: name | "keep", level: n | "keep", levels: n,
// building: a name or ""}.
// Open ground at level 0 needs no entry, so painting it clears the hex.
// On an imported board `under` is the board's own reading of the
// hex: the brush starts from it, and the setup keeps an entry only where the
// player's hex differs from it (open ground included: a correction).
export function paintHex(setup, name, brush, under = null) {
  const old = keyIn(setup.hexes, name);
  const spec = old ? setup.hexes[old] : plainHex(under ?? {});
  if (old) delete setup.hexes[old];
  if (brush.terrain !== "keep") {
    if (brush.terrain === "open") delete spec.terrain; else spec.terrain = brush.terrain;
    if (BUILDINGS.has(brush.terrain) && brush.levels !== 1) spec.levels = brush.levels;
    else delete spec.levels;
    // B23.1: the building's name, which says which hexes are one building
    if (BUILDINGS.has(brush.terrain) && brush.building) spec.building = brush.building;
    else delete spec.building;
  }
  if (brush.level !== "keep") {
    const level = Number(brush.level);
    if (level) spec.level = level; else delete spec.level;
  }
  if (under) {
    if (!same(spec, plainHex(under))) setup.hexes[name] = Object.keys(spec).length ? spec : { terrain: "open" };
  } else if (Object.keys(spec).length) setup.hexes[name] = spec;
}

// A hex spec without what goes without saying (open ground, level 0, one level).
function plainHex(spec) {
  const out = { ...spec };
  if (out.terrain === "open") delete out.terrain;
  if (!out.level) delete out.level;
  if (out.levels === 1) delete out.levels;
  return out;
}

const same = (a, b) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (v) => (v && typeof v === "object"
  ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v ?? null);

// Toggle a wall/hedge (B9.1) or bocage (B9.5) hexside with its Hillside (B9.6)
// and gap (B9.3) flags: the very same hexside again removes it; another type
// or other flags replace it. On an imported board `under` is the board's
// hexside there (or null): removing it is the correction "none".
export function toggleHexside(setup, name, { type, hillside = false, gap = false }, under = null) {
  const old = keyIn(setup.hexsides, name);
  const wanted = hexsideSpec(type, hillside, gap);
  const current = old ? setup.hexsides[old] : under;
  if (old) delete setup.hexsides[old];
  const removed = current !== null && same(asSide(current), asSide(wanted));
  putHexside(setup, name, removed ? (under ? "none" : null) : wanted, under);
}

// Set a hexside (a stroke of the hexside brush): whatever was there is replaced.
export function setHexside(setup, name, { type, hillside = false, gap = false }, under = null) {
  const old = keyIn(setup.hexsides, name);
  if (old) delete setup.hexsides[old];
  putHexside(setup, name, hexsideSpec(type, hillside, gap), under);
}

function hexsideSpec(type, hillside, gap) {
  return hillside || gap ? { type, ...(hillside && { hillside: true }), ...(gap && { gap: true }) } : type;
}

const asSide = (v) => (typeof v === "string" ? { type: v } : v);

// An entry only where it differs from the board's own hexside.
function putHexside(setup, name, spec, under) {
  if (spec === null || (under && same(asSide(spec), asSide(under)))) return;
  setup.hexsides[name] = spec;
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
