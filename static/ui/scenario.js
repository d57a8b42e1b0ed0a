// Scenario rules (docs/ssr.md): one toggle per SSR, the map's legend
// of the SSRs on, and the map painted as the rules see it with them on.
// Python owns every rule here: the list of SSRs and their words come from
// web/scenario.py (ssr_catalog), and the transformed terrain from ssr_view;
// this module only turns a name on or off in the setup's "ssr" list (one
// undoable edit) and places what Python answers.

import { keyIn } from "./edits.js";

const $ = (id) => document.getElementById(id);

// The part of a setup its SSR view depends on.
const nameOf = (r) => (typeof r === "string" ? r : r?.name);
const scopeOf = (r) => (typeof r === "string" ? null : r?.board ?? null);
const viewKey = (setup) => JSON.stringify([setup.map, setup.hexes, setup.hexsides, setup.ssr ?? []]);
// The boards' terrain with the SSRs applied depends on the map and the SSRs only.
const boardKey = (setup) => JSON.stringify([setup.map, setup.ssr ?? []]);

export class ScenarioRules {
  // onView(): the answer for the setup on screen arrived (app.js repaints);
  // onChanged(names): the hexes and hexsides the SSRs changed, for the map to mark.
  constructor({ store, python, onView, onChanged = () => {} }) {
    Object.assign(this, { store, python, onView, onChanged });
    this.list = $("ssr-list");
    this.scopeRow = $("ssr-scope-row");
    this.scopeSelect = $("ssr-scope");
    this.scopeSelect.addEventListener("change", () => this.showPressed());
    this.legend = $("map-legend");
    this.rules = [];                    // [{name, label, rule, group}] from Python
    this.view = { key: null, terrain: null, legend: "" };
    this.board = { key: null, terrain: null };   // ssr_view's "board": what the paint tools edit over
    this.token = 0;
    python.ready.then(() => python.call("ssr_catalog")).then((rules) => {
      this.rules = rules;
      this.draw();
      this.refresh();
    }, () => {});                       // Python did not load: the page says so already
  }

  // The SSR names on in the setup for a scope: the whole map (null) or a board's label.
  on(setup = this.store.setup, scope = this.scope()) {
    return new Set((setup.ssr ?? []).filter((r) => scopeOf(r) === scope).map(nameOf));
  }

  // The scope the toggles act on: the whole map, or one board of a layout
  // ("on board 55 only"; the choice appears when the map has two boards or more).
  scope() {
    const v = this.scopeSelect.value;
    return v && this.labels().includes(v) ? v : null;
  }

  labels(setup = this.store.setup) {
    return [...new Set((setup.map.boards ?? []).flat().map((b) => (typeof b === "string" ? b : b?.board))
      .filter(Boolean))];
  }

  showScopes() {
    const labels = this.labels();
    const want = ["", ...labels];
    const have = [...this.scopeSelect.options].map((o) => o.value);
    if (JSON.stringify(want) !== JSON.stringify(have)) {
      const kept = this.scopeSelect.value;
      this.scopeSelect.replaceChildren(...want.map((v) => new Option(v ? `Board ${v} only` : "Whole map", v)));
      this.scopeSelect.value = want.includes(kept) ? kept : "";
    }
    this.scopeRow.hidden = labels.length < 2;
  }

  draw() {
    this.list.replaceChildren(...this.rules.map((r) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "ssr-toggle";
      b.dataset.ssr = r.name;
      b.append(r.label, " ");
      const rule = document.createElement("small");
      rule.textContent = `(${r.rule})`;
      b.append(rule);
      b.addEventListener("click", () => this.toggle(r));
      return b;
    }));
    this.showPressed();
  }

  showPressed() {
    this.showScopes();
    const on = this.on();
    for (const b of this.list.querySelectorAll(".ssr-toggle")) {
      b.setAttribute("aria-pressed", String(on.has(b.dataset.ssr)));
    }
  }

  // One tap: the SSR on or off, an undoable edit. Turning one on turns off
  // the others of its group (Python's catalog says which change the same terrain).
  // A board's SSR and a whole-map one of the same group cannot stand together either.
  toggle(rule) {
    const scope = this.scope();
    this.store.edit((s) => {
      const was = this.on(s, scope).has(rule.name);
      const group = new Set(this.rules.filter((r) => r.group === rule.group).map((r) => r.name));
      const clashes = (r) => group.has(nameOf(r))
        && (scope === null || scopeOf(r) === null || scopeOf(r) === scope);
      const kept = (s.ssr ?? []).filter((r) => !clashes(r));
      if (!was) kept.push(scope === null ? rule.name : { name: rule.name, board: scope });
      if (kept.length) s.ssr = kept; else delete s.ssr;
    }, "ssr");
  }

  // What the map paints: Python's terrain with the SSRs applied, once it has
  // answered for this setup; until then (and without SSRs) what it paints anyway.
  painted(setup, fallback) {
    const terrain = this.view.key === viewKey(setup) ? this.view.terrain : null;
    return terrain ? { ...setup, hexes: terrain.hexes, hexsides: terrain.hexsides } : fallback;
  }

  // For the paint tools (ui/edits.js): the imported boards' own hex or hexside
  // under a name as the rules see them with the SSRs on (Python's ssr_view), so
  // a tap corrects the bocage shown, not the hedge the board reads; `fallback`
  // (the boards' reading, ui/boardlib.js) when no SSR changed the boards.
  under(fallback) {
    const find = (obj, name) => obj[keyIn(obj, name) ?? ""] ?? null;
    const board = () => (this.board.key === boardKey(this.store.setup) ? this.board.terrain : null);
    return {
      hex: (name) => { const b = board(); return b ? find(b.hexes, name) : fallback.hex(name); },
      hexside: (name) => { const b = board(); return b ? find(b.hexsides, name) : fallback.hexside(name); },
    };
  }

  // At every change: the toggles, and the view of the setup on screen.
  async refresh() {
    this.showPressed();
    const setup = this.store.setup;
    const key = viewKey(setup);
    if (!(setup.ssr ?? []).length) {
      this.view = { key, terrain: null, legend: "" };
      this.showLegend("");
      this.onChanged([]);
      return;
    }
    if (this.view.key === key) return;
    const token = ++this.token;
    try {
      const got = await this.python.latest("ssr", "ssr_view", setup);
      if (token !== this.token || this.store.setup !== setup) return;
      this.view = { key, terrain: got.terrain, legend: got.legend };
      this.board = { key: boardKey(setup), terrain: got.board };
      this.showLegend(got.legend);
      if (got.terrain) this.onView();
      this.onChanged(got.changed ?? []);
    } catch {
      // a refused setup is the store's to say (store.onRefused); a superseded one is newer
    }
  }

  showLegend(text) {
    this.legend.hidden = !text;
    this.legend.textContent = text ? `SSR: ${text}; what they change is edged in gold` : "";
  }
}
