// The map's terrain as the rules see it, painted as Python gives it
// (pycore.api.map_terrain, asked as "map_terrain": web/scenario.py). Python
// decides every layer: the boards' reading, the SSRs, the player's own entries,
// each entry with its origin; this module decides nothing about which wins.
//
// Between an edit and Python's answer the player's own stroke is shown at
// once: the player's entries are the top layer (docs/contract.md "map.boards"),
// so an entry the player set is painted as set, and one the player took back
// as what lies beneath it in Python's last answer (its "beneath": the boards
// with the SSRs). Python's answer then replaces it.

import { keyIn } from "./edits.js";

const find = (obj, name) => (obj ? obj[keyIn(obj, name) ?? ""] ?? null : null);
const text = (v) => JSON.stringify(v ?? null);
const gone = (v) => v === null || v === "none" || v?.type === "none";   // "none": no hexside (a setup's word)

// The entries of `view` the player's edits since `before` replace: each part
// whose own entry changed is painted as the player's entry now, or as what
// lies beneath where the player's entry went.
function stroke(view, before, now, beneath) {
  if (before === now) return view;
  const out = { ...view };
  for (const key of new Set([...Object.keys(before), ...Object.keys(now)])) {
    if (text(before[key]) === text(now[key])) continue;
    const shown = keyIn(out, key);
    if (shown !== undefined) delete out[shown];
    const value = key in now ? now[key] : find(beneath, key);
    if (!gone(value)) out[key] = value;
  }
  return out;
}

export class MapTerrain {
  // onView(answer): Python answered for the map on screen (app.js repaints, marks
  // the SSRs' changes and shows their legend); ready: a promise of the player's
  // board files imported into Python (ui/boardlib.js), before a map naming them is asked;
  // onError(err): an answer failed for another reason than the setup (the page says so).
  constructor({ store, python, ready, onView, onError = () => {} }) {
    Object.assign(this, { store, python, ready, onView, onError });
    this.given = null;          // {setup, answer}: Python's last answer and the setup it was for
  }

  // Python's last answer for this setup's map, or null (none yet, or another map's).
  answer(setup = this.store.setup) {
    const given = this.given;
    return given && (given.setup.map === setup.map || text(given.setup.map) === text(setup.map))
      ? given.answer : null;
  }

  // What the map paints for `setup`: Python's answer, with the player's
  // stroke since over it; until Python answered for this map, the setup's own entries.
  painted(setup) {
    const got = this.answer(setup);
    if (!got) return setup;
    const was = this.given.setup;
    return { ...setup,
      hexes: stroke(got.hexes, was.hexes, setup.hexes, got.beneath?.hexes),
      hexsides: stroke(got.hexsides, was.hexsides, setup.hexsides, got.beneath?.hexsides) };
  }

  // For the paint tools (ui/edits.js): what lies beneath the player's own
  // entry of a hex or hexside on a map of imported boards (null elsewhere), so
  // a tap corrects what the map shows, and the setup keeps only the corrections.
  get under() {
    return {
      hex: (name) => find(this.answer()?.beneath?.hexes, name),
      hexside: (name) => find(this.answer()?.beneath?.hexsides, name),
    };
  }

  // Whether the map on screen has imported boards beneath the player's entries.
  imported() {
    return Boolean(this.answer()?.beneath);
  }

  // At every change: ask Python for the setup on screen (a newer question replaces a waiting one).
  async refresh() {
    try {
      await this.python.ready;
    } catch {
      return;       // Python did not load: the page says so already
    }
    await this.ready;
    const setup = this.store.setup;
    if (this.given?.setup === setup) {       // answered: shown again (a map drawn anew has no marks)
      this.onView(this.given.answer);
      return;
    }
    let got;
    try {
      got = await this.python.latest("terrain", "map_terrain", setup);
    } catch (err) {
      // a refused setup is the store's to say; a superseded one is newer
      if (err?.kind !== "SetupError" && err?.kind !== "Superseded") this.onError(err);
      return;
    }
    this.given = { setup, answer: got };
    this.onView(got);
  }
}
