// A borderline ruling in the LOS panel (A6.1): the art it turns on, both
// outcomes, and the players' settlement. Python words everything
// (web/present.py borderline) and rolls the dr (web/borderline.py settle);
// the setup it returns, with the settlement in its "settled", is applied as
// an edit, so Undo, the autosave, the share link and the ruling card carry it.

import { showMessage } from "./messages.js";
import { node } from "./panels.js";

const $ = (id) => document.getElementById(id);

export class BorderlinePanel {
  constructor({ store, view, python }) {
    Object.assign(this, { store, view, python });
    this.question = null;               // {viewer, target, tool} of the ruling shown
    const how = { "bl-roll": "roll", "bl-agree-clear": "clear", "bl-agree-blocked": "blocked", "bl-unsettle": "none" };
    for (const [id, what] of Object.entries(how)) $(id).addEventListener("click", () => this.settle(what));
  }

  // The LOS tool's newest ruling (or null): its borderline part shown, or hidden.
  show(result, viewer, target, tool) {
    const b = result?.present?.borderline;
    const box = $("los-borderline");
    box.hidden = !b;
    if (b || this.marked) this.view.markHexes("data-borderline", b ? [b.at] : []);
    this.marked = Boolean(b);
    if (!b) {
      this.question = null;
      return;
    }
    this.question = { viewer, target, tool };
    $("bl-title").textContent = b.title;
    $("bl-lead").textContent = b.lead;
    $("bl-outcomes").replaceChildren(...b.outcomes.map((o) => {
      const col = node("div", null, "bl-outcome");
      col.dataset.outcome = o.key;
      if (b.settled) col.dataset.chosen = String((o.key === "clear") === b.settled.los);
      const facts = node("dl");
      for (const f of o.facts) {
        const value = node("dd", f.value);
        value.dataset.k = f.key;
        facts.append(node("dt", f.label), value);
      }
      col.append(node("h4", o.heading), node("p", o.verdict, "bl-verdict"), facts);
      return col;
    }));
    $("bl-settled").textContent = b.settled ? b.settled.text : "";
    $("bl-settled").hidden = !b.settled;
    $("bl-unsettle").hidden = !b.settled;
    box.dataset.settled = b.settled ? String(b.settled.los) : "";
  }

  // One tap: roll the dr, agree either way, or take the settlement back.
  async settle(how) {
    const q = this.question;
    if (!q) return;
    for (const b of $("los-borderline").querySelectorAll("button")) b.disabled = true;
    try {
      const got = await this.python.call("settle", this.store.setup, q.viewer, q.target, how, q.tool);
      this.store.replace(got.setup, "settle");
      showMessage(got.said, "info");
    } catch (err) {
      showMessage(`Borderline: ${err.player ?? err.message}`);
    } finally {
      for (const b of $("los-borderline").querySelectorAll("button")) b.disabled = false;
    }
  }
}
