// The Overlays tool (docs/overlays.md "Laying one in the page"): pick an
// overlay of the imported overlay files ("X1", named as the scenario card
// names it), tap the hex it lies on, then the hex next to it that it points
// to, or Turn it; Remove it. Every edit is Python's (web/overlays.py,
// pycore/setup/overlay_edits.py): it answers the new map.overlays, laid and
// checked, and its words; the page applies it as one undoable edit, so undo,
// autosave, the link and the ruling card carry it. No rule and no coordinate here.

import { node, pressOne } from "./panels.js";

const $ = (id) => document.getElementById(id);

export class OverlayTool {
  // library: ui/boardlib.js (the imported overlay files); setTool(name).
  constructor({ store, python, library, showMessage }) {
    Object.assign(this, { store, python, library, showMessage });
    this.family = null;         // the overlay file whose overlays are offered
    this.picked = null;         // {overlay, source}: laid by the next tap on a hex
    this.selected = null;       // index in map.overlays of the one a tap points or moves
    this.taps = { hex: (name) => this.tapHex(name) };
    $("overlay-family").addEventListener("change", (e) => {
      this.family = e.target.value;
      this.pick(null);
      this.showPicks();
    });
    $("overlay-picks").addEventListener("click", (e) => {
      const b = e.target.closest("[data-overlay]");
      if (b) this.pick(this.picked?.overlay === b.dataset.overlay ? null
        : { overlay: b.dataset.overlay, source: b.dataset.source });
    });
    $("overlay-import").addEventListener("click", () => $("board-files").click());
  }

  // The tool chosen: its panel brought into view (the side panel, or a phone's sheet).
  shown() {
    this.refresh();
    $("panel-overlay").scrollIntoView({ block: "nearest" });
  }

  // The imported overlay files (newest last) and the overlays laid: shown afresh.
  refresh() {
    const sets = this.library.overlaySets();
    $("overlay-none").hidden = sets.length > 0;
    const select = $("overlay-family");
    const families = sets.map((s) => ({ value: s.source, label: `ovr${s.family} (VASL ${s.version})` }));
    if (!families.some((f) => f.value === this.family)) this.family = families.at(-1)?.value ?? null;
    select.replaceChildren(...families.map((f) => Object.assign(node("option", f.label), { value: f.value })));
    select.value = this.family ?? "";
    this.showPicks();
    this.showLaid();
  }

  showPicks() {
    const set = this.library.overlaySets().find((s) => s.source === this.family);
    $("overlay-picks").replaceChildren(...(set?.overlays ?? []).map((name) => {
      const b = node("button", name, "swatch");
      b.type = "button";
      b.dataset.overlay = name;
      b.dataset.source = set.source;
      b.setAttribute("aria-pressed", String(this.picked?.overlay === name && this.picked?.source === set.source));
      return b;
    }));
  }

  pick(picked) {
    this.picked = picked;
    pressOne($("overlay-picks"), "data-overlay", picked?.overlay ?? "");
    if (picked) this.say(`${picked.overlay}: tap the hex it lies on (as the card says: ${picked.overlay} on 12Q4-Q5, tap 12Q4).`);
  }

  showLaid() {
    const laid = this.store.setup.map.overlays ?? [];
    if (this.selected !== null && this.selected >= laid.length) this.selected = null;
    $("overlay-laid-none").hidden = laid.length > 0;
    $("overlay-laid").replaceChildren(...laid.map((o, i) => {
      const li = node("li");
      li.dataset.index = String(i);
      if (i === this.selected) li.dataset.selected = "true";
      const name = node("button", `${o.overlay} on ${o.hex}${o.toward ? ` → ${o.toward}` : ""}`, "overlay-name");
      name.type = "button";
      name.setAttribute("aria-pressed", String(i === this.selected));
      name.title = "Tap, then tap the map: the hex it points to, or another hex to move it there";
      name.addEventListener("click", () => { this.selected = i; this.pick(null); this.showLaid(); });
      const turn = node("button", "Turn");
      turn.type = "button";
      turn.setAttribute("aria-label", `Turn ${o.overlay} on ${o.hex}`);
      turn.addEventListener("click", () => this.change({ turn: i }));
      const remove = node("button", "Remove");
      remove.type = "button";
      remove.setAttribute("aria-label", `Remove ${o.overlay} from ${o.hex}`);
      remove.addEventListener("click", () => this.change({ remove: i }));
      li.append(name, turn, remove);
      return li;
    }));
  }

  tapHex(name) {
    if (this.picked) {
      const { overlay, source } = this.picked;
      this.change({ lay: { overlay, source, hex: name } });
      this.pick(null);
    } else if (this.selected !== null) {
      this.change({ tap: this.selected, hex: name });
    } else {
      this.say(this.library.overlaySets().length
        ? "Pick an overlay first (its name, as the card gives it), then tap the hex it lies on."
        : "Import your VASL overlay files first (ovrX, …): Import overlay files…");
    }
  }

  // One edit through Python; applied if the setup is still the one it was asked of.
  async change(change) {
    const before = this.store.setup;
    let got;
    try {
      got = await this.python.call("overlay_edit", before, change);
    } catch (err) {
      this.say(err.player ?? err.message, true);
      return;
    }
    if (this.store.setup !== before) return;
    this.selected = got.index;
    this.store.edit((s) => {
      if (got.overlays.length) s.map.overlays = got.overlays; else delete s.map.overlays;
    });
    this.say(got.said);
  }

  say(text, refused = false) {
    const p = $("overlay-said");
    p.textContent = text;
    p.dataset.refused = String(refused);
    if (refused) this.showMessage(text);
  }
}
