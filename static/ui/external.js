// Files and links: a setup from outside (a file, a share link, a new map, a
// script through window.asl) replaces the one on screen only once Python has
// checked it, and a bad one changes nothing; the setup and the map go out as
// JSON, SVG and PNG (ui/files.js does the bytes).

import * as files from "./files.js";
import { emptySetup } from "./store.js";
import { failed, showMessage, succeeded } from "./messages.js";

const $ = (id) => document.getElementById(id);
const megabytes = (bytes) => `${(bytes / 1e6).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;

// What a setup holds that a new, empty map does not: "3 units and 12 painted
// hexes", or "" where nothing.
function removed(setup) {
  const count = (n, one, many) => (n ? `${n} ${n === 1 ? one : many}` : "");
  const parts = [count(setup.units.length, "unit", "units"),
    count(Object.keys(setup.hexes).length, "painted hex", "painted hexes"),
    count(Object.keys(setup.hexsides).length, "hexside", "hexsides")].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0] ?? "";
}

export class External {
  // loaded(setup): a setup from outside is on screen (the unit chips follow it).
  constructor({ store, python, view, maps, card, library, boardGrid, loaded }) {
    Object.assign(this, { store, python, view, maps, card, library, boardGrid, loaded });
    // The engine's limits (pycore.limits via "version"), or null.
    this.version = python.ready.then(() => python.call("version")).catch(() => null);
    this.wireFiles();
    this.wireNewMap();
    $("open-link").addEventListener("click", () => {
      const text = prompt("Paste a share link");
      if (text) this.openLink(text);
    });
    addEventListener("hashchange", () => {
      const link = files.takeLinkFromUrl();
      if (link) this.openLink(link);
    });
  }

  // Replace the setup with one from outside: Python checks it first (a file's
  // text by "file_read", which also says what reading it changed).
  async load(setup, what, query = "validate") {
    let valid, warnings = [];
    try {
      const answer = await this.python.call(query, setup);
      ({ setup: valid, warnings } = query === "file_read" ? answer : { setup: answer, warnings });
    } catch (err) {
      failed("load", `Could not open the ${what}: ${err.player ?? err.message}. Your setup is unchanged.`);
      throw err;
    }
    succeeded("load");
    const lost = what === "new map" ? removed(this.store.setup) : "";
    this.store.replaceChecked(valid, what);
    // Another setup opened: a link waiting for its boards is dismissed.
    const dropped = what === "share link" ? "" : this.library.dropWaiting();
    this.loaded(this.store.setup);
    await this.maps.job;
    this.maps.frame();
    if (warnings.length || dropped) {
      showMessage([`Opened the ${what}.`, ...warnings, dropped].filter(Boolean).join(" "),
        warnings.length ? "error" : "info");
    } else if (lost) {
      // Nothing removed without a word: what the new map took away, Undo one tap away.
      showMessage(`New map: ${lost} removed.`, "info", { label: "Undo", run: () => this.store.undo() },
        true);
    }
    return valid;
  }

  // A share link's setup and question; false if it is not opened (yet).
  // said: words shown before the link's own (a board import's).
  async openLink(text, said = "") {
    if (await this.library.holdLink(text)) return false;   // kept until its boards are imported
    let opened;
    try {
      opened = await this.python.call("share_read", text);
    } catch (err) {
      showMessage([said, `This share link is broken and cannot be opened: ${err.player ?? err.message}. ` +
        "Your setup is unchanged."].filter(Boolean).join(" "));
      return false;
    }
    try {
      await this.load(opened.setup, "share link");
    } catch {
      return false;
    }
    const dropped = this.library.dropWaiting(text);       // another link replaces a waiting one
    if (opened.question) {
      await this.card.ask(opened.question);
      // The verdict in view, wherever the panel was scrolled.
      $("los-verdict").scrollIntoView({ block: "nearest" });
    }
    showMessage([said, "Opened the setup from the share link (Undo brings back the previous one).",
      ...opened.warnings, dropped].filter(Boolean).join(" "),
    opened.warnings.length || /not imported/.test(said) ? "error" : "info");
    return true;
  }

  wireFiles() {
    $("import").addEventListener("change", async (e) => {
      const file = e.target.files[0];
      e.target.value = "";
      if (!file) return;
      // Refused from its size before it is read (a 30 MB file took 15 s);
      // the largest setup Python reads comes with "version" (pycore.limits).
      const most = (await this.version)?.max_setup_bytes;
      if (most && file.size > most) {
        failed("load", `Could not open the file ${file.name}: it is ${megabytes(file.size)}, and a ` +
          `setup file is at most ${megabytes(most)}. Your setup is unchanged.`);
        return;
      }
      // Its text goes to Python as it is: JSON.parse here would read 1e999999 as
      // Infinity, sent on as null; pycore.jsonread refuses it.
      this.load(await file.text(), `file ${file.name}`, "file_read").catch(() => {});
    });
    const { view } = this;
    $("export-json").addEventListener("click", () => files.download("asl-setup.json", files.setupBlob(this.store.setup)));
    $("export-svg").addEventListener("click", () =>
      files.download("asl-map.svg", new Blob([files.svgText(view.whole())], { type: "image/svg+xml" })));
    $("export-png").addEventListener("click", async () => {
      try {
        files.download("asl-map.png", await files.pngBlob(view.whole()));
      } catch (err) {
        showMessage(err.message);
      }
    });
  }

  wireNewMap() {
    $("new-boards").addEventListener("click", () => {
      const empty = this.boardGrid.emptyCell();
      if (empty) {
        failed("load", `Type a board number in every box: the one in row ${empty.i + 1}, ` +
          `column ${empty.j + 1} is empty.`);
        empty.label.focus();
        return;
      }
      const setup = emptySetup();
      // Python names each cell's imported board ("4", "04" and "bd4" alike), or says
      // which number no imported board has, before the map is made.
      this.python.call("layout_boards", this.boardGrid.boards()).then((boards) => {
        setup.map = { boards };
        // the new map in view (on a phone the cells lie below it)
        $("map").scrollIntoView({ block: "nearest" });
        return this.load(setup, "new map");
      }, (err) => failed("load", `Could not make the new map: ${err.player ?? err.message}. ` +
        "Your setup is unchanged.")).catch(() => {});
    });
    // The plain map's size boxes offer what the engine allows.
    this.version.then((v) => {
      if (!v) return;
      $("map-columns").max = v.max_columns;
      $("map-rows").max = v.max_rows;
      $("map-limits").textContent = `1 to ${v.max_columns} columns, 1 to ${v.max_rows} rows, ` +
        `at most ${v.max_map_hexes.toLocaleString("en")} hexes.`;
    }).catch(() => {});
    $("new-map").addEventListener("click", () => {
      const columns = Math.trunc(Number($("map-columns").value));
      const rows = Math.trunc(Number($("map-rows").value));
      this.load(emptySetup(columns, rows), "new map").catch(() => {});
    });
  }
}
