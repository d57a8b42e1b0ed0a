// The Wall Advantage panel (B9.32): Python's table of every unit's WA and the
// setup's contradictions, asked again at every edit; an answer to an older
// setup is dropped.

import * as panels from "./panels.js";

export class WallAdvantagePanel {
  constructor({ store, python }) {
    Object.assign(this, { store, python });
    this.token = 0;
  }

  async refresh() {
    const token = ++this.token;
    if (!this.store.setup.units.length) {
      panels.waUnavailable("No units on the map.");
      return;
    }
    try {
      const wa = await this.python.latest("wa", "wall_advantage", this.store.setup);
      if (token === this.token) panels.showWallAdvantage(wa);
    } catch (err) {
      if (token === this.token) panels.waUnavailable(err.message);
    }
  }
}
