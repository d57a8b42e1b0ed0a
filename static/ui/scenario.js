// Scenario rules (docs/ssr.md): one toggle per SSR, and the map's legend
// of the SSRs on. Python owns every rule here: the list of SSRs and their
// words come from web/scenario.py (ssr_catalog), and the map's terrain with
// the SSRs applied, their legend and what they changed from "map_terrain"
// (ui/terrain.js); this module only turns a name on or off in the setup's
// "ssr" list (one undoable edit) and shows the legend it is given.

const $ = (id) => document.getElementById(id);

const nameOf = (r) => (typeof r === "string" ? r : r?.name);
const scopeOf = (r) => (typeof r === "string" ? null : r?.board ?? null);

export class ScenarioRules {
  constructor({ store, python }) {
    Object.assign(this, { store, python });
    this.list = $("ssr-list");
    this.scopeRow = $("ssr-scope-row");
    this.scopeSelect = $("ssr-scope");
    this.scopeSelect.addEventListener("change", () => this.showPressed());
    this.legend = $("map-legend");
    this.rules = [];                    // [{name, label, rule, group}] from Python
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

  // The toggles for this map, as Python lists them (map_terrain's "rules": the
  // catalog, then the SSR art the map's own boards carry); drawn again only when they differ.
  showRules(rules) {
    if (!rules || JSON.stringify(rules) === JSON.stringify(this.rules)) return;
    this.rules = rules;
    this.draw();
  }

  // At every change: the toggles.
  refresh() {
    this.showPressed();
  }

  // The SSRs on, in a player's words ("" when none), as Python gives them (map_terrain).
  showLegend(text) {
    this.legend.hidden = !text;
    this.legend.textContent = text ? `SSR: ${text}; what they change is edged in gold` : "";
  }
}
