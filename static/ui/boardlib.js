// The board library: the player's VASL board files (bd41, ...),
// imported by the file picker (a tablet's Files app included), or dropped on
// the page; kept on this device (ui/boardstore.js) and imported again into the
// worker's Python at every start, before any setup naming them is judged.
// Python reads the files (web/boardfile.py, pycore/terrain/vasl); this module moves
// bytes and lists the boards. Their terrain is painted as Python gives the
// map's (ui/terrain.js).

import * as boardstore from "./boardstore.js";

const $ = (id) => document.getElementById(id);
const LINK_KEY = "asl-los.waiting-link.v1";     // a link waiting for its boards

export class BoardLibrary {
  // openLink(text, said): opens a share link (app.js), said before its own words;
  // inUse(): the sources of the map on screen; current(): the setup on screen.
  constructor({ python, showMessage, grid, openLink, inUse, current }) {
    Object.assign(this, { python, showMessage, grid, openLink, inUse, current });
    // The largest board file Python reads (pycore.terrain.vasl.archive via "version"):
    // a bigger one is refused from its size, unread.
    this.limits = python.ready.then(() => python.call("version")).catch(() => null);
    this.boards = [];                 // {source, board, version, file, warnings}, oldest first
    this.input = $("board-files");
    this.input.addEventListener("change", () => {
      const files = [...this.input.files];
      this.input.value = "";
      this.importFiles(files);
    });
    this.dropZone();
    // Two checkboxes, one choice: under Boards on this device and in the Overlays tool.
    for (const id of ["board-images", "overlay-images"]) {
      $(id).addEventListener("change", (e) => this.showImages(e.target.checked));
    }
    // Every kept board, into Python, before anything else is asked of it.
    this.ready = python.ready.then(() => this.restore().catch((err) => {
      this.showMessage(`The boards kept on this device could not be opened: ${err.message}.`);
    }), () => {});      // Python did not load: the page says so already
    this.ready.then(() => this.list()).then(() => this.checkWaiting()).catch(() => {});
  }

  async restore() {
    for (const rec of await boardstore.all()) {
      try {
        const got = await this.python.callBytes("import_board_file", rec.bytes);
        this.boards.push({ ...rec, bytes: undefined, warnings: got.warnings });
      } catch (err) {
        this.showMessage(`${capital(named(rec))} (${rec.file}) kept on this device could not be read ` +
          `again: ${words(err)}. It is still kept; remove it and import the file again.`);
      }
    }
  }

  // Import files one by one; a bad one is refused with its reason, the others go on.
  async importFiles(files) {
    await this.ready;
    const done = [];
    const refused = [];
    const notes = [];
    const most = (await this.limits)?.max_board_bytes;
    for (const file of files) {
      let bytes;
      if (most && file.size > most) {
        refused.push(`${file.name} was not imported: it is ${megabytes(file.size)}, too big for a VASL ` +
          `board file (at most ${megabytes(most)}): it is another kind of file; import the board's own ` +
          "bdNN file");
        continue;
      }
      try {
        // Handed over whole (no copy: a hostile file is refused sooner);
        // read again from the file to be kept once Python accepts it.
        const got = await this.python.callBytes("import_board_file", await file.arrayBuffer());
        bytes = await file.arrayBuffer();
        // an overlay archive (ovrX) is kept as a board is: {kind: "overlays", family, overlays}
        const rec = { source: got.source, board: got.board, version: got.version, file: file.name,
                      bytes, added: Date.now(),
                      ...(got.kind === "overlays" ? { kind: "overlays", family: got.family, overlays: got.overlays } : {}) };
        let kept = true;
        try {
          await boardstore.put(rec);
        } catch {
          kept = false;
        }
        this.boards = [...this.boards.filter((b) => b.source !== got.source),
          { ...rec, bytes: undefined, warnings: got.warnings, kept }];
        done.push(got);
        notes.push(...got.warnings);
        if (!kept) refused.push(`${named(got)} is imported for this visit only: this browser's ` +
          "storage is full or blocked");
      } catch (err) {
        refused.push(`${file.name} was not imported: ${words(err)}`);
      }
    }
    this.list();
    const boards = done.filter((b) => b.kind !== "overlays");
    if (boards.length) this.grid.offer?.(boards.map((b) => b.board));
    const said = [];
    if (done.length) said.push(`Imported ${done.map((b) => `${named(b)} (VASL ${b.version})`).join(", ")}.`);
    said.push(...refused.map((r) => `${r}.`));
    if (refused.length) said.push("Nothing else changed.");
    if (notes.length) said.push("Some terrain the app lacks is read as open ground or the nearest " +
      "terrain: the board's notes say where.");
    const kind = refused.length ? "error" : "info";
    const noted = done.find((b) => b.warnings.length);
    this.showMessage(said.join(" "), kind,
      noted ? { label: "Show the notes", run: () => this.showNotes(noted.source) } : null);
    if (done.length) await this.openWaitingLink(said.join(" "), kind);    // its words beside the import's
    return done;
  }

  // A board's notes opened and brought into view, with every section holding them.
  showNotes(source) {
    const li = [...$("board-library").children].find((x) => x.dataset.source === source);
    const notes = li?.querySelector(".board-notes");
    if (!notes) return;
    for (let d = notes; d; d = d.parentElement?.closest("details")) d.open = true;
    notes.scrollIntoView({ block: "center" });
  }

  // The player's own board images beneath the grid (a toggle): read from
  // their files on demand (web/boardfile.py board_image_file), shown from
  // blob: URLs of this page only, never stored or sent anywhere.
  async showImages(on) {
    this.imagesOn = on;
    for (const id of ["board-images", "overlay-images"]) $(id).checked = on;
    $("map").dataset.boardImages = String(on);
    await this.placeImages();
  }

  async placeImages() {
    const content = $("map-content");
    content.querySelector(":scope > svg.board-images")?.remove();
    const svg = content.querySelector(":scope > svg.asl-map");
    if (!this.imagesOn || !svg?.dataset.boards) return;
    const ns = "http://www.w3.org/2000/svg";
    const layer = document.createElementNS(ns, "svg");
    layer.setAttribute("class", "board-images");
    const box = svg.viewBox.baseVal;
    for (const [k, v] of [["viewBox", svg.getAttribute("viewBox")], ["width", box.width], ["height", box.height]]) {
      layer.setAttribute(k, String(v));
    }
    const lacking = [];
    for (const b of JSON.parse(svg.dataset.boards).flat()) {
      if (!b?.source) continue;
      const rect = svg.querySelector(`.board-edge[data-board="${CSS.escape(b.board)}"] rect`);
      const url = rect && await this.imageUrl(b.source);
      if (!url) {
        lacking.push(b.board);
        continue;
      }
      const image = document.createElementNS(ns, "image");
      const [x, y, w, h] = ["x", "y", "width", "height"].map((a) => Number(rect.getAttribute(a)));
      for (const [k, v] of Object.entries({ href: url, x, y, width: w, height: h, preserveAspectRatio: "none" })) {
        image.setAttribute(k, String(v));
      }
      if (b.flip) image.setAttribute("transform", `rotate(180 ${x + w / 2} ${y + h / 2})`);
      layer.append(image);
    }
    // The overlays' art over their boards' images, in the order laid, where Python
    // places it (web/overlays.py overlay_art): under the reading and the units.
    const setup = this.current?.();
    this.artShown = JSON.stringify(setup?.map?.overlays ?? []);
    const art = setup?.map?.overlays?.length
      ? await this.python.call("overlay_art", setup).catch(() => []) : [];
    for (const a of art) {
      const url = await this.overlayUrl(a.source, a.member);
      if (!url) continue;
      const image = document.createElementNS(ns, "image");
      for (const [k, v] of Object.entries({ href: url, x: a.x, y: a.y, width: a.width, height: a.height,
                                            preserveAspectRatio: "none", "data-overlay": a.overlay })) {
        image.setAttribute(k, String(v));
      }
      if (a.transform) image.setAttribute("transform", a.transform);
      image.setAttribute("class", "overlay-art");
      layer.append(image);
    }
    if (content.querySelector(":scope > svg.asl-map") !== svg || !this.imagesOn) return;   // redrawn meanwhile
    content.querySelector(":scope > svg.board-images")?.remove();
    content.prepend(layer);
    if (lacking.length) this.showMessage(`No board image in the file of board ${lacking.join(", ")}.`, "info");
  }

  // The overlays laid changed since their art was placed: placed again.
  refreshArt() {
    if (this.imagesOn && JSON.stringify(this.current?.()?.map?.overlays ?? []) !== this.artShown) {
      this.placeImages().catch(() => {});
    }
  }

  // One overlay image, from its file kept in Python (web/overlays.py overlay_image).
  async overlayUrl(source, member) {
    this.images ??= new Map();
    const key = `${source} ${member}`;
    if (!this.images.has(key)) {
      this.images.set(key, this.python.call("overlay_image", source, member).then((got) => {
        const bytes = Uint8Array.from(atob(got.base64), (c) => c.charCodeAt(0));
        return URL.createObjectURL(new Blob([bytes], { type: got.type }));
      }).catch(() => null));
    }
    return this.images.get(key);
  }

  async imageUrl(source) {
    this.images ??= new Map();
    if (!this.images.has(source)) {
      this.images.set(source, (async () => {
        const rec = await boardstore.get(source);
        if (!rec) return null;
        const got = await this.python.callBytes("board_image_file", rec.bytes);
        if (!got) return null;
        const bytes = Uint8Array.from(atob(got.base64), (c) => c.charCodeAt(0));
        return URL.createObjectURL(new Blob([bytes], { type: got.type }));
      })().catch(() => null));
    }
    return this.images.get(source);
  }

  // Files dropped anywhere on the page are board files.
  dropZone() {
    const hasFiles = (e) => [...(e.dataTransfer?.types ?? [])].includes("Files");
    let depth = 0;
    const show = (on) => { document.body.dataset.dropping = String(on); };
    addEventListener("dragenter", (e) => { if (hasFiles(e)) { depth++; show(true); } });
    addEventListener("dragleave", (e) => { if (hasFiles(e) && --depth <= 0) { depth = 0; show(false); } });
    addEventListener("dragover", (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "copy";
    });
    addEventListener("drop", (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      show(false);
      this.importFiles([...e.dataTransfer.files]);
    });
  }

  list() {
    const ul = $("board-library");
    ul.replaceChildren();
    const waiting = this.waitingItem();
    if (waiting) ul.append(waiting);
    $("board-library-empty").hidden = this.boards.length > 0 || Boolean(waiting);
    for (const b of this.boards) {
      const li = document.createElement("li");
      li.dataset.source = b.source;
      const name = document.createElement("span");
      name.textContent = `${capital(named(b))} · VASL ${b.version}`;
      name.title = b.kind === "overlays" ? `${b.overlays.join(", ")} (from ${b.file})` : `from ${b.file}`;
      const remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = "Remove";
      remove.setAttribute("aria-label", `Remove ${named(b)} (VASL ${b.version})`);
      remove.addEventListener("click", () => this.remove(b));
      li.append(name, remove);
      if (b.warnings.length) {       // what Python read as something else (pycore/terrain/vasl/reading.py)
        const notes = document.createElement("details");
        notes.className = "board-notes";
        const summary = document.createElement("summary");
        summary.textContent = `${b.warnings.length} note${b.warnings.length > 1 ? "s" : ""}`;
        const list = document.createElement("ul");
        list.append(...b.warnings.map((w) => Object.assign(document.createElement("li"), { textContent: w })));
        notes.append(summary, list);
        li.append(notes);
      }
      ul.append(li);
    }
    this.onList?.();       // the Overlays tool offers the overlay files listed
    const options = $("board-options");
    options.replaceChildren(...[...new Set(this.boards.filter((b) => b.kind !== "overlays").map((b) => b.board))].map((n) => {
      const o = document.createElement("option");
      o.value = n;
      return o;
    }));
  }

  async remove(b) {
    if (this.inUse().includes(b.source)) {
      this.showMessage(b.kind === "overlays"
        ? `${capital(named(b))} is laid on the map on screen: remove its overlays first, then remove it.`
        : `Board ${b.board} is on the map on screen: start a new map first, then remove it.`);
      return;
    }
    try {
      await this.python.call("forget_board", b.source);
      await boardstore.remove(b.source);
    } catch (err) {
      this.showMessage(`${capital(named(b))} could not be removed: ${words(err)}.`);
      return;
    }
    this.boards = this.boards.filter((x) => x.source !== b.source);
    this.list();
    this.showMessage(`Removed ${named(b)} (VASL ${b.version}) from this device.`, "info");
  }

  // The source of the newest imported board with this number, or undefined.
  sourceFor(label) {
    return this.boards.findLast((b) => b.kind !== "overlays" && b.board === label)?.source;
  }

  // The imported overlay archives, oldest first: {source, family, overlays: ["X1", ...], version, file}.
  overlaySets() {
    return this.boards.filter((b) => b.kind === "overlays");
  }

  // A map drawn: its imported boards' drawings read ahead, while the player
  // looks at the map, so the first visibility map is as quick as the next
  // (web/boardfile.py), and the player's board images placed beneath the grid.
  async prepare(setup) {
    await this.ready;
    if ((setup.map.boards ?? []).flat().some((b) => b?.source)) {
      this.python.call("prepare_boards", { ...setup, hexes: {}, hexsides: {}, units: [] }).catch(() => {});
    }
    return this.placeImages();
  }

  // --- the waiting link ------------------------------------------
  // One link whose boards are not here, kept (question and all) in localStorage
  // as {text, files, at, shown}: the files it waits for ("bd41"), when it was
  // kept, and the setup on screen then (JSON). It stays listed in the board
  // library until it opens or the player dismisses it, across reloads. Once
  // its boards are here it opens by itself only if the map on screen is still
  // the one it found; otherwise it is offered (Open it / Dismiss), never forced.
  // Another link or setup opened replaces or dismisses it, saying so.

  // The waiting link, or null (an older release kept the link's text alone).
  waitingLink() {
    if (this.waiting === undefined) {
      let raw = null;
      try {
        raw = localStorage.getItem(LINK_KEY);
      } catch { /* none kept */ }
      this.waiting = parseWaiting(raw);
    }
    return this.waiting;
  }

  keepWaiting(w) {
    this.waiting = w;
    this.waitingReady = false;
    try {
      if (w) localStorage.setItem(LINK_KEY, JSON.stringify(w));
      else localStorage.removeItem(LINK_KEY);
    } catch { /* kept in this page only */ }
    this.list();
  }

  // Forget the waiting link because another link or setup was opened: the
  // words that say so, or "" if none waited.
  dropWaiting(text = null) {
    const w = this.waitingLink();
    if (!w || w.text === text) return "";
    this.keepWaiting(null);
    return `The link from ${when(w)} that waited for ${files(w)} is dismissed: what you opened replaced it.`;
  }

  // A link whose boards are not here is kept, replacing any other waiting one.
  // True if it was kept; false if nothing is missing or it is no link (share_read
  // then says what is wrong: a malformed board source is a broken link, never kept).
  async holdLink(text) {
    await this.ready;
    let missing;
    try {
      missing = await this.python.call("missing_boards", text);
    } catch {
      return false;
    }
    if (!missing.length) return false;
    const replaced = this.dropWaiting(text).replace("what you opened", "this link");
    const w = { text, files: [...new Set(missing.map((m) => m.file).filter(Boolean))], at: Date.now(),
                shown: this.current ? JSON.stringify(this.current()) : null };
    this.keepWaiting(w);
    const { message: why, file } = missing[0];
    this.showMessage(`${capital(why)}. The link is kept (listed under Boards on this device): it opens ` +
      `once ${files(w)} ${w.files.length > 1 ? "are" : "is"} imported.${replaced ? ` ${replaced}` : ""}`, "error",
      { label: file ? `Import ${file}…` : "Import board…", run: () => this.input.click() });
    return true;
  }

  // Whether the waiting link's boards are all here now (listed as ready to open).
  async checkWaiting() {
    const w = this.waitingLink();
    if (!w) return null;
    const missing = await this.python.call("missing_boards", w.text).catch(() => null);
    if (missing === null) return null;
    if (this.waitingLink() === w) {
      this.waitingReady = missing.length === 0;
      this.list();
    }
    return missing;
  }

  // After an import (`said`: its own message, kept in view): the waiting link
  // opens if its boards are here and the map is the one it found; else it is offered.
  async openWaitingLink(said = "", kind = "info") {
    const w = this.waitingLink();
    if (!w) return;
    const missing = await this.checkWaiting();
    if (missing === null || this.waitingLink() !== w) return;
    if (missing.length) {
      const still = `The link from ${when(w)} still waits for ${files({ files: missing.map((m) => m.file) })}.`;
      this.showMessage(joined(said, still), kind, { label: "Import board…", run: () => this.input.click() });
      return;
    }
    const unchanged = w.shown !== null && this.current && JSON.stringify(this.current()) === w.shown;
    if (unchanged) {
      this.keepWaiting(null);
      await this.openLink(w.text, said);
      return;
    }
    const offer = `The link from ${when(w)} waits for ${files(w)}, now here: your map changed since, ` +
      "so it opens only if you ask (Open it, or Dismiss it under Boards on this device).";
    this.showMessage(joined(said, offer), kind, { label: "Open it", run: () => this.openWaiting() });
  }

  // The player's Open it: the waiting link opens (Undo brings back the map before).
  async openWaiting() {
    const w = this.waitingLink();
    if (!w) return;
    this.keepWaiting(null);
    await this.openLink(w.text);
  }

  dismissWaiting() {
    const w = this.waitingLink();
    if (!w) return;
    this.keepWaiting(null);
    this.showMessage(`Dismissed the link from ${when(w)} that waited for ${files(w)}.`, "info");
  }

  // Its entry at the top of the board library.
  waitingItem() {
    const w = this.waitingLink();
    if (!w) return null;
    const li = document.createElement("li");
    li.className = "waiting-link";
    li.id = "waiting-link";
    const text = document.createElement("span");
    text.textContent = this.waitingReady
      ? `Link from ${when(w)}: ${files(w)} ${w.files.length > 1 ? "are" : "is"} here, ready to open`
      : `Link from ${when(w)}: waiting for ${files(w)}`;
    const button = (label, run, aria) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      if (aria) b.setAttribute("aria-label", aria);
      b.addEventListener("click", run);
      return b;
    };
    const first = this.waitingReady
      ? button("Open it", () => this.openWaiting(), `Open the link that waited for ${files(w)}`)
      : button(`Import ${w.files[0] ?? "board"}…`, () => this.input.click());
    li.append(text, first, button("Dismiss", () => this.dismissWaiting(),
      `Dismiss the link that waits for ${files(w)}`));
    return li;
  }
}

// "board 41" or "overlay file ovrX".
const named = (b) => (b.kind === "overlays" ? `overlay file ovr${b.family}` : `board ${b.board}`);

const joined = (...parts) => parts.filter(Boolean).join(" ");

function parseWaiting(raw) {
  if (!raw) return null;
  try {
    const w = JSON.parse(raw);
    if (w && typeof w.text === "string") {
      return { text: w.text, files: Array.isArray(w.files) ? w.files.filter((f) => typeof f === "string") : [],
               at: Number.isFinite(w.at) ? w.at : null, shown: typeof w.shown === "string" ? w.shown : null };
    }
  } catch { /* a link's text, as an older release kept it */ }
  return { text: raw, files: [], at: null, shown: null };
}

// "bd41 and bd42", or "its boards".
function files(w) {
  const names = w.files.filter(Boolean);
  if (!names.length) return "its boards";
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

// When a link was kept: "27 Nov, 12:50", or "before" (kept by an older version).
function when(w) {
  if (!w.at) return "before";
  return new Date(w.at).toLocaleString("en-GB", { day: "numeric", month: "short", hour: "2-digit",
                                                   minute: "2-digit" });
}

// A SetupError in a player's words, without the "board file:" prefix.
function words(err) {
  return String(err.player ?? err.message).replace(/^board file: /, "");
}

const megabytes = (bytes) => `${(bytes / 1e6).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
