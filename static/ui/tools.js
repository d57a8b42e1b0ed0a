// The tools and what a tap on the map does. Each tool is a table of handlers
// by what was tapped: {hex, hexside, unit, vertex}, each given the name of
// the thing tapped (a hex, hexside or vertex name, a unit's id). A tool with
// a hexside handler takes the hexside nearest the tap inside the hex it hit
// (ui/strokes.js); the others take the counter, vertex or hex under it. A
// pick ({kind, ...handlers}) is a tool for one tap, over the current one:
// the Bypass hexside, a vertex, a unit's new hex; any tap on the map ends it.

export class Tools {
  // tools: {name: table}; sideAt(event): the hexside by a tap, or null;
  // drawn(): whether the map on screen is the setup's; onTool(name).
  constructor({ box, tools, sideAt, drawn, onTool }) {
    Object.assign(this, { box, tools, sideAt, drawn, onTool });
    this.current = null;
    this.picked = null;
    for (const b of document.querySelectorAll("button.tool")) b.addEventListener("click", () => this.set(b.dataset.tool));
  }

  set(tool) {
    this.current = tool;
    this.pick(null);
    this.box.dataset.mode = tool;
    for (const b of document.querySelectorAll("button.tool")) b.setAttribute("aria-pressed", String(b.dataset.tool === tool));
    for (const p of document.querySelectorAll(".panel[data-for]")) p.hidden = p.dataset.for !== tool;
    this.onTool(tool);
  }

  pick(pick) {
    this.picked = pick;
    if (pick) this.box.dataset.pick = pick.kind; else delete this.box.dataset.pick;
  }

  // The tool a drag paints with (ui/strokes.js): none while a pick is on.
  stroking() {
    return this.picked ? null : this.current;
  }

  // A tap on the map (ui/panzoom.js). While a new map is being drawn the old
  // one is still on screen: its hexes are not this setup's, so a tap on it
  // does nothing.
  tap(target, event) {
    if (!this.drawn()) return;
    const table = this.picked ?? this.tools[this.current];
    const hit = this.hit(table, target, event);
    if (!hit) return;
    if (this.picked) this.pick(null);
    const [kind, name] = hit;
    table[kind]?.(name);
  }

  // [kind, name] of what a tap hit, for this table; null if nothing.
  hit(table, target, event) {
    if (table.hexside) {
      const got = event && this.sideAt(event);
      return got ? ["hexside", got.name] : null;
    }
    const el = target?.closest?.("[data-unit],[data-vertex],[data-hex]");
    if (!el) return null;
    const d = el.dataset;
    return d.unit !== undefined ? ["unit", d.unit] : d.vertex ? ["vertex", d.vertex]
      : d.hex ? ["hex", d.hex] : [null, null];
  }
}
