// node --test: the page's pure edits (static/ui/edits.js), as built in dist/
// (ASL_DIST; its ui/marks.js is written by build.py). Run by tests/browser/test_js.py.
import test from "node:test";
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";

const built = (file) => pathToFileURL(`${process.env.ASL_DIST}/ui/${file}`).href;
const { keyIn, paintHex, toggleHexside, setHexside, newUnitId } =
  await import(built("edits.js"));
const { nameKey } = await import(built("mapview.js"));

const empty = () => ({ format: "asl-setup", version: 1, map: { columns: 33, rows: 10 },
  hexes: {}, hexsides: {}, units: [] });
const woods = { terrain: "woods", level: "keep", levels: 1 };

test("a hexside is the same hexside named from either hex, in any case", () => {
  assert.equal(nameKey("Y9-Z8"), nameKey("Z8-Y9"));
  assert.equal(keyIn({ "z8-y9": "hedge" }, "Y9-Z8"), "z8-y9");
  assert.equal(keyIn({ "Z8-Y9": "hedge" }, "Z8-Y8"), undefined);
});

test("painting open ground at level 0 leaves no entry", () => {
  const s = empty();
  paintHex(s, "Y6", woods);
  assert.deepEqual(s.hexes, { Y6: { terrain: "woods" } });
  paintHex(s, "y6", { terrain: "open", level: 0, levels: 1 });
  assert.deepEqual(s.hexes, {});
});

test("keep leaves the other half of a hex alone: terrain, then level", () => {
  const s = empty();
  paintHex(s, "R4", { terrain: "keep", level: 1, levels: 1 });
  paintHex(s, "R4", woods);
  assert.deepEqual(s.hexes, { R4: { terrain: "woods", level: 1 } });
});

// (The top floor a unit may stand on is Python's: tests/test_marks.py.)
test("a building keeps its levels; woods drop them", () => {
  const s = empty();
  paintHex(s, "H5", { terrain: "stone-building", level: "keep", levels: 3 });
  assert.deepEqual(s.hexes.H5, { terrain: "stone-building", levels: 3 });
  paintHex(s, "H5", woods);
  assert.deepEqual(s.hexes.H5, { terrain: "woods" });     // woods have no levels
});

test("B23.1: a building keeps its name; an unnamed brush or woods drop it", () => {
  const s = empty();
  paintHex(s, "H5", { terrain: "building", level: "keep", levels: 2, building: "A" });
  assert.deepEqual(s.hexes.H5, { terrain: "building", levels: 2, building: "A" });
  paintHex(s, "H5", { terrain: "building", level: "keep", levels: 2, building: "" });
  assert.deepEqual(s.hexes.H5, { terrain: "building", levels: 2 });
  paintHex(s, "H6", { terrain: "building", level: "keep", levels: 1, building: "B" });
  paintHex(s, "H6", { ...woods, building: "B" });
  assert.deepEqual(s.hexes.H6, { terrain: "woods" });       // only buildings have names
});

test("B9.1: the same wall again removes it; another type or Hillside replaces it", () => {
  const s = empty();
  toggleHexside(s, "Y9-Z8", { type: "wall" });
  assert.deepEqual(s.hexsides, { "Y9-Z8": "wall" });
  toggleHexside(s, "Z8-Y9", { type: "hedge" });
  assert.deepEqual(s.hexsides, { "Z8-Y9": "hedge" });
  toggleHexside(s, "Z8-Y9", { type: "hedge", hillside: true });
  assert.deepEqual(s.hexsides, { "Z8-Y9": { type: "hedge", hillside: true } });
  toggleHexside(s, "Y9-Z8", { type: "hedge", hillside: true });
  assert.deepEqual(s.hexsides, {});
});

test("on an imported board a correction is kept only where it differs from the board", () => {
  const s = empty();
  paintHex(s, "Q5", woods, { terrain: "woods" });          // as the board has it
  assert.deepEqual(s.hexes, {});
  paintHex(s, "Q5", { terrain: "open", level: "keep", levels: 1 }, { terrain: "woods" });
  assert.deepEqual(s.hexes, { Q5: { terrain: "open" } });  // the board's woods taken away
  toggleHexside(s, "Q5-R4", { type: "hedge" }, "hedge");   // removing the board's hedge
  assert.deepEqual(s.hexsides, { "Q5-R4": "none" });
  setHexside(s, "Q5-R4", { type: "hedge" }, "hedge");      // back as the board has it
  assert.deepEqual(s.hexsides, {});
});

test("a new unit's id is the side's initial and the first free number", () => {
  const s = empty();
  assert.equal(newUnitId(s, "German"), "g1");
  s.units.push({ id: "g1" }, { id: "g3" });
  assert.equal(newUnitId(s, " german "), "g2");
  assert.equal(newUnitId(s, ""), "u1");
});
