// Painting by touch: a tap or a drag with the terrain brush paints
// every hex under the finger; with the hexside brush, the hexside nearest the
// finger inside the hex it is over (the whole hex is the target) is lit while
// the finger is down and set when it lifts, and a drag sets the chain of
// hexsides along the stroke. Each stroke is one undoable edit.
//
// "Nearest" compares the finger with the midpoints Python wrote on the
// hexside elements (data-cx/data-cy): inside a regular hexagon the nearest
// edge is the one with the nearest midpoint, so the page computes no
// geometry of its own.

const SIDE_TOOLS = new Set(["terrain", "hexside"]);
// In a drag, a hexside counts only where the finger passes within this share
// of the centre-to-edge distance from it (a stroke through a hex's middle
// sets nothing there); a single tap always picks the nearest.
const DRAG_REACH = 0.55;

export class Strokes {
  constructor({ view, tool, onHexes, onHexsides }) {
    Object.assign(this, { view, tool, onHexes, onHexsides });
    this.hexes = new Set();
    this.sides = new Set();
    this.lit = [];
  }

  // Whether a one-finger drag paints (else it pans): the painting tools only.
  wants() {
    return SIDE_TOOLS.has(this.tool());
  }

  svgPoint(e) {
    const svg = this.view.svg;
    const m = svg?.getScreenCTM();
    if (!m) return null;
    return new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
  }

  // Only hexes take taps while painting (style.css): the first element hit
  // is the hex's, and the browser stops looking there.
  hexAt(e) {
    return document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-hex]") ?? null;
  }

  // The hexside of the hex under the finger nearest to it, and how near, as a
  // share of its hex's centre-to-edge distance (0 on the edge, 1 at the centre).
  sideAt(e) {
    const hex = this.hexAt(e);
    const p = this.svgPoint(e);
    if (!hex || !p) return null;
    let best = null;
    for (const side of this.view.sidesOf(hex.dataset.hex)) {
      const d = Math.hypot(Number(side.dataset.cx) - p.x, Number(side.dataset.cy) - p.y);
      if (!best || d < best.d) best = { side, d };
    }
    if (!best) return null;
    const apothem = Math.hypot(Number(best.side.dataset.cx) - Number(hex.dataset.cx),
      Number(best.side.dataset.cy) - Number(hex.dataset.cy));
    return { side: best.side, name: best.side.dataset.hexside, reach: best.d / apothem };
  }

  light(nodes) {
    for (const n of this.lit) n.removeAttribute("data-stroke");
    this.lit = nodes;
    for (const n of nodes) n.setAttribute("data-stroke", "true");
  }

  // The finger is down (not yet a drag): show the hexside a lift would change.
  hover(e) {
    if (this.tool() !== "hexside") return;
    const got = this.sideAt(e);
    this.light(got ? [got.side] : []);
  }

  start(e) {
    this.hexes.clear();
    this.sides.clear();
    this.light([]);
    this.move(e, true);
  }

  move(e, first = false) {
    if (this.tool() === "terrain") {
      const hex = this.hexAt(e);
      if (hex && !this.hexes.has(hex.dataset.hex)) {
        this.hexes.add(hex.dataset.hex);
        this.light([...this.lit, hex]);
      }
    } else {
      const got = this.sideAt(e);
      if (got && (got.reach <= DRAG_REACH || first) && !this.sides.has(got.name)) {
        this.sides.add(got.name);
        this.light([...this.lit, got.side]);
      }
    }
  }

  end() {
    const [hexes, sides] = [[...this.hexes], [...this.sides]];
    this.cancel();
    if (hexes.length) this.onHexes(hexes);
    if (sides.length) this.onHexsides(sides);
  }

  cancel() {
    this.hexes.clear();
    this.sides.clear();
    this.light([]);
  }
}
