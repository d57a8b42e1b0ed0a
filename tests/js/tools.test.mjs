// node --test: what a tap on the map does (static/ui/tools.js): each tool a
// table of handlers by what was tapped, a pick a tool for one tap. The map's
// elements are stand-ins with the data-* names the SVG carries. As built in
// dist/ (ASL_DIST). Run by tests/browser/test_js.py.
import test from "node:test";
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";

const built = (file) => pathToFileURL(`${process.env.ASL_DIST}/ui/${file}`).href;
globalThis.document = { querySelectorAll: () => [] };      // no tool buttons or panels here
const { Tools } = await import(built("tools.js"));
const { partOf } = await import(built("mapview.js"));

// A tapped element: the nearest of the map's named parts is itself.
const tapped = (data) => ({ closest: () => ({ dataset: data }) });
const nothing = { closest: () => null };

function tools({ side = null, drawn = true } = {}) {
  const calls = [];
  const log = (what) => (name) => calls.push([what, name]);
  const t = new Tools({
    box: { dataset: {} },
    tools: {
      terrain: { hex: log("paint") },
      hexside: { hexside: log("toggle") },
      unit: { unit: log("select"), hex: log("add") },
    },
    sideAt: () => side,
    drawn: () => drawn,
    onTool: log("tool"),
  });
  t.set("terrain");
  calls.length = 0;
  return { t, calls };
}

test("each tool answers only the things it has a handler for", () => {
  const { t, calls } = tools();
  t.tap(tapped({ hex: "Y6" }));
  t.tap(tapped({ unit: "g1" }));          // Terrain: a counter is not painted
  t.set("unit");
  t.tap(tapped({ unit: "g1" }));
  t.tap(tapped({ hex: "Z9" }));
  t.tap(tapped({ vertex: "Y6-Y7-Z6" }));  // Units: a vertex does nothing
  t.tap(nothing);
  assert.deepEqual(calls, [["paint", "Y6"], ["tool", "unit"], ["select", "g1"], ["add", "Z9"]]);
});

test("a unit id that is not a hex name is still a unit, even an empty one", () => {
  const { t, calls } = tools();
  t.set("unit");
  t.tap(tapped({ unit: "" }));
  assert.deepEqual(calls.slice(1), [["select", ""]]);
});

test("the Hexsides tool takes the hexside nearest the tap, not the element under it", () => {
  const { t, calls } = tools({ side: { name: "Y9-Z8" } });
  t.set("hexside");
  t.tap(tapped({ hex: "Y9" }), {});
  assert.deepEqual(calls.slice(1), [["toggle", "Y9-Z8"]]);
  const none = tools({ side: null });
  none.t.set("hexside");
  none.t.tap(tapped({ hex: "Y9" }), {});
  assert.deepEqual(none.calls.slice(1), []);
});

test("a pick is one tap: any tap on the map ends it, and only its own kind is handled", () => {
  const { t, calls } = tools();
  t.pick({ kind: "vertex", vertex: (v) => calls.push(["vertex", v]) });
  assert.equal(t.stroking(), null);                   // no painting stroke while picking
  t.tap(nothing);                                     // off the map's parts: still picking
  assert.ok(t.picked);
  t.tap(tapped({ hex: "Y6" }));                       // a hex ends the vertex pick, painting nothing
  assert.equal(t.picked, null);
  assert.equal(t.stroking(), "terrain");
  t.pick({ kind: "vertex", vertex: (v) => calls.push(["vertex", v]) });
  t.tap(tapped({ vertex: "Y6-Y7-Z6" }));
  t.tap(tapped({ hex: "Y6" }));                       // the tool again
  assert.deepEqual(calls, [["vertex", "Y6-Y7-Z6"], ["paint", "Y6"]]);
});

test("a hexside pick waits for a tap that finds a hexside", () => {
  const { t, calls } = tools({ side: null });
  t.pick({ kind: "hexside", hexside: (s) => calls.push(["bypass", s]) });
  t.tap(tapped({ hex: "Y9" }), {});
  assert.ok(t.picked);
  assert.deepEqual(calls, []);
});

test("while a new map is drawn a tap does nothing, and a pick stays", () => {
  const { t, calls } = tools({ drawn: false });
  t.tap(tapped({ hex: "Y6" }));
  t.pick({ kind: "hex", hex: (h) => calls.push(["move", h]) });
  t.tap(tapped({ hex: "Y6" }));
  assert.deepEqual(calls, []);
  assert.ok(t.picked);
});

test("a hexside or vertex is a hex's when it names the hex, in any case", () => {
  assert.ok(partOf("Y9-Z8", "Z8"));
  assert.ok(partOf("y9-z8", "Y9"));
  assert.ok(partOf("Y6-Y7-Z6", "Z6"));
  assert.ok(!partOf("Y6-Y7-Z6", "Z7"));
  assert.ok(!partOf("Y9-Z8", "Y8"));
});
