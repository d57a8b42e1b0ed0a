// Loading and drawing the map: a new map size needs Python to draw the grid
// (or its drawing kept from before, ui/mapcache.js); everything else is
// attribute changes (MapView.sync). Until it is drawn, the old map is dimmed
// and says so (#map[data-drawing]), and taps on it do nothing; its preview
// (web/preview.py) is shown first, which a big map needs: on 4 x 2 boards the
// drawing takes Python about half a second and the page as long.

import { drawnMap, keepDrawnMap } from "./mapcache.js";
import { showMessage } from "./messages.js";

export class MapLoader {
  // onDrawn(): the new map is on screen.
  constructor({ box, view, pz, store, python, library, boardGrid, onDrawn }) {
    Object.assign(this, { box, view, pz, store, python, library, boardGrid, onDrawn });
    this.job = Promise.resolve();       // the drawing under way; settles when it is shown
  }

  // Whether the grid on screen is this map's.
  drawnIs(map) {
    const size = this.view.size;
    return Boolean(size) && size.columns === map.columns && size.rows === map.rows
      && size.boards === (map.boards ? JSON.stringify(map.boards) : "");
  }

  // The grid on screen is the setup's: the map is no longer dimmed.
  shown() {
    delete this.box.dataset.drawing;
  }

  redraw() {
    const { view, store, python, library } = this;
    this.box.dataset.drawing = "true";
    this.job = this.job.then(async () => {
      if (this.drawnIs(store.setup.map)) return;
      const map = store.setup.map;
      // The grid of an empty map: the page paints the setup's hexes and
      // hexsides, and draws the counters and the thread itself (ui/mapview.js).
      const grid = { ...store.setup, hexes: {}, hexsides: {}, units: [] };
      let previewed = await this.showPreview(await drawnMap(python.build, map, "preview"));
      const kept = await drawnMap(python.build, map);
      if (!(kept !== null && this.showDrawing(kept, map))) {
        await library.ready;
        if (!previewed) {
          const preview = await python.call("render_preview", grid).catch(() => null);
          previewed = await this.showPreview(preview);
          if (previewed) keepDrawnMap(python.build, map, preview, "preview");  // a damaged one replaced
        }
        const svg = await python.call("render_map", grid, { counters: false });
        view.replaceSvg(svg);
        keepDrawnMap(python.build, map, svg);   // a damaged kept one is replaced
      }
      if (map.boards) this.boardGrid.show(map.boards);
      library.prepare(store.setup).catch(() => {});   // the map's terrain: onDrawn's refresh (ui/terrain.js)
      this.onDrawn();
      this.frame();
    }).catch((err) => showMessage(`The map could not be drawn: ${err.message}`));
    return this.job;
  }

  // Show a map's preview, fitted, and let it be painted; false if there is
  // none or it is damaged. Nothing on it answers a tap.
  async showPreview(svg) {
    if (svg === null) return false;
    try {
      this.view.showPreview(svg);
    } catch {
      return false;
    }
    this.box.dataset.drawing = "preview";
    this.pz.fit();
    // painted, or a moment passed: a hidden tab (reloaded for an update) gets no
    // animation frame until it is shown, and its start must not wait for that
    await new Promise((painted) => {
      requestAnimationFrame(() => setTimeout(painted, 0));
      setTimeout(painted, 100);
    });
    return true;
  }

  // Show a kept drawing of this map; false if it is damaged or not this map's.
  showDrawing(svg, map) {
    try {
      this.view.replaceSvg(svg);
    } catch {
      return false;
    }
    return this.drawnIs(map);
  }

  // Frame what the player painted: the units, painted hexes and hexsides.
  frame() {
    if (!this.view.svg) return;
    // A map with something on it (an imported board's terrain, the player's
    // paint) fills a portrait screen's height; an empty one stays whole.
    if (this.pz.frame(this.view.all(".unit, .hex[data-terrain], .hex:not([data-ground='0']), .hexside[data-type]"))) {
      this.pz.fillHeight();
    }
  }
}
