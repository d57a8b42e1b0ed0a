// The LOS question kept with the setup: a reload, an update's
// reload and an offline restart bring back the same viewer, target and
// ruling. The question is the one a share link carries (pycore.share.question,
// ui/card.js question()); it is saved at each change of the question, with
// the view (zoom and centre) when the page is hidden, and asked again once
// the saved setup is back (Python makes the ruling again: none is stored).

const KEY = "asl-los.question.v1";

export class QuestionSave {
  constructor({ store, view, card }) {
    Object.assign(this, { store, view, card });
    this.restoring = true;              // nothing is written before the saved one is read
    addEventListener("pagehide", () => this.save(true));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.save(true);
    });
  }

  // The question changed (the LOS tool's onQuestion).
  changed() {
    if (!this.restoring) this.save(false);
  }

  save(withView) {
    if (this.restoring) return;
    const question = this.card.question(withView && Boolean(this.card.los.target));
    try {
      if (question) localStorage.setItem(KEY, JSON.stringify(question));
      else localStorage.removeItem(KEY);
    } catch { /* storage full or blocked: the question lasts this page only */ }
  }

  // Once the saved setup is on screen (and no link replaced it): its
  // question asked again, if its ends are still on the map.
  async restore(skip = false) {
    let q = null;
    try {
      q = skip ? null : JSON.parse(localStorage.getItem(KEY) ?? "null");
    } catch { /* none */ }
    try {
      if (q && typeof q === "object" && this.fits(q.viewer) && this.fits(q.target)) await this.card.ask(q);
    } finally {
      this.restoring = false;
      this.save(false);
    }
  }

  fits(end) {
    if (typeof end === "string") return this.store.setup.units.some((u) => u.id === end);
    return Boolean(end && typeof end.hex === "string" && this.view.hex(end.hex));
  }
}
