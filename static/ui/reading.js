// The reading view (docs/real-board-ui.md): press and hold a hex
// (ui/panzoom.js onHold) to see what the app read there, in Python's words
// (web/reading.py, "41Q6: stone building, level 0; hedge 41Q6-41R5"), and
// correct it in one or two taps: its terrain from a list, each wall, hedge
// or bocage removed by one button. Corrections are ordinary paint
// (ui/painttool.js): undoable, and said when they change a board's reading.

const $ = (id) => document.getElementById(id);

export class ReadingView {
  constructor({ store, python, paint, showMessage }) {
    Object.assign(this, { store, python, paint, showMessage });
    this.hex = null;
    this.token = 0;
    $("reading-close").addEventListener("click", () => this.close());
    // The terrains the Terrain tool paints, in its order (its palette is the one list).
    const select = $("reading-terrain");
    for (const b of document.querySelectorAll("#terrain-palette [data-terrain]")) {
      if (b.dataset.terrain === "keep") continue;
      select.append(new Option(b.textContent, b.dataset.terrain));
    }
    select.addEventListener("change", () => {
      if (this.hex && select.value) this.paint.correctHex(this.hex, select.value);
    });
  }

  async show(hex) {
    this.hex = hex;
    const token = ++this.token;
    let got;
    try {
      got = await this.python.call("hex_reading", this.store.setup, hex);
    } catch (err) {
      if (token === this.token) this.showMessage(`No reading of ${hex}: ${err.player ?? err.message}`);
      return;
    }
    if (token !== this.token) return;
    $("reading-text").textContent = got.text;
    $("reading-terrain").value = got.terrain;
    const sides = $("reading-sides");
    sides.replaceChildren(...got.hexsides.map((side) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = `No ${side.type.replace("-", " ")} ${side.name}`;
      b.addEventListener("click", () => this.paint.removeHexside(side.name));
      return b;
    }));
    $("reading").hidden = false;
  }

  // The setup changed: the reading on screen follows it.
  refresh() {
    if (this.hex && !$("reading").hidden) this.show(this.hex);
  }

  close() {
    this.hex = null;
    this.token++;
    $("reading").hidden = true;
  }
}
