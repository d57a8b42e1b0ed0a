// The setup on screen, its undo/redo history and its autosave (issues 8, 24).
// Every change goes through edit() or replace(), so every change is undoable.
// Python checks each new setup (store.check); one it refuses is taken back at
// once and the player told why, so the setup on screen and the one saved are
// always setups the rules core accepts. Only checked setups are saved:
//   localStorage  SAVE_KEY     the newest valid setup of any tab (read by a new tab)
//                 STAMP_KEY    {at, chars}: when SAVE_KEY was written, and its length
//                 HISTORY_KEY  {at, undo, redo}: its undo/redo history, as many of
//                              the last SAVED_HISTORY steps as storage holds
//                 KEPT_KEY     saves that could not be used, kept aside
//   sessionStorage TAB_KEY     {at, setup}: this tab's newest save, so a reload
//                              finds its work when the shared save could not be written
//                  PENDING_KEY {at, setup}: this tab's newest change while Python
//                              has not judged it, so a reload in that moment keeps it
// Every record is stamped (at: ms, always increasing). The rule: nothing is
// overwritten or dropped unless it is proven worse. A restart opens the newest
// save of any tab; a save that cannot be used, or an older one found nowhere
// else (another tab's work), is kept aside saying where it came from (KEPT_KEY).
// The history is written once, after the setup, and shortened to fit: it
// never costs the setup its save.

const SAVE_KEY = "asl-los.setup.v1";
const STAMP_KEY = "asl-los.saved-at.v1";
const HISTORY_KEY = "asl-los.history.v1";
const TAB_KEY = "asl-los.tab.v1";
const KEPT_KEY = "asl-los.kept.v1";
const PENDING_KEY = "asl-los.pending.v1";
const HISTORY_LIMIT = 200;
const SAVED_HISTORY = 30;
// Where a save came from, in a player's words (a kept-aside entry says it).
export const ORIGIN = {
  pending: "the last change before a reload", tab: "this tab's own save",
  saved: "the autosave", history: "the undo history", kept: "an earlier kept-aside setup",
};

export const clone = (value) => JSON.parse(JSON.stringify(value));

export function emptySetup(columns = 33, rows = 10, board) {
  const map = { columns, rows };
  if (board !== undefined && board !== null) map.board = board;
  return { format: "asl-setup", version: 1, map, hexes: {}, hexsides: {}, units: [] };
}

// The shape the page needs to draw a setup; Python checks it in full.
export function drawable(s) {
  return Boolean(s && typeof s === "object" && s.map && Number.isInteger(s.map.columns)
    && Number.isInteger(s.map.rows) && Array.isArray(s.units)
    && s.units.every((u) => u && typeof u === "object" && typeof u.hex === "string")
    && s.hexes && typeof s.hexes === "object" && !Array.isArray(s.hexes)
    && s.hexsides && typeof s.hexsides === "object" && !Array.isArray(s.hexsides));
}

export class Store {
  constructor(initial, history = null) {
    this.restart(clone(initial), history);
    this.listeners = new Set();
    this.check = null;                  // setup => Promise, rejects with .kind "SetupError"
    this.onRefused = null;              // (error, reason) => void
    this.onSaveFailed = null;           // (error) => void, once until a save succeeds
    this.saveFailing = false;
  }

  onChange(cb) { this.listeners.add(cb); }

  // Start again from a setup taken as valid, with its history (or none).
  restart(setup, history = null) {
    this.setup = setup;
    this.valid = setup;                 // the newest setup Python accepted
    this.undoStack = history?.undo ?? [];
    this.redoStack = history?.redo ?? [];
  }

  notify(reason) {
    for (const cb of this.listeners) cb(this.setup, reason);
  }

  // Apply fn to a copy of the setup; an edit that changes nothing is not recorded.
  edit(fn, reason = "edit") {
    const next = clone(this.setup);
    fn(next);
    if (JSON.stringify(next) === JSON.stringify(this.setup)) return false;
    this.push(next, reason);
    return true;
  }

  replace(setup, reason = "load") {
    this.push(clone(setup), reason);
  }

  // A setup already checked by Python (a file, a link): no second check.
  replaceChecked(setup, reason = "load") {
    this.push(clone(setup), reason, true);
  }

  push(next, reason, checked = false) {
    this.undoStack.push(this.setup);
    if (this.undoStack.length > HISTORY_LIMIT) this.undoStack.shift();
    this.redoStack = [];
    this.setup = next;
    this.notify(reason);
    if (checked) this.accept(next);
    else this.settle(next, reason);
  }

  // Python's verdict on a new setup: accepted, it is saved; refused, the page
  // goes back to the newest accepted setup and says why. A verdict that comes
  // after a later edit is that edit's business (it is checked itself).
  settle(setup, reason) {
    this.keepPending();
    if (!this.check) {
      this.accept(setup);
      return;
    }
    this.check(setup).then(() => {
      if (this.setup === setup) this.accept(setup);
    }, (err) => {
      if (this.setup !== setup) return;
      if (err?.kind !== "SetupError") {
        this.accept(setup);             // Python cannot judge: keep the player's work
        return;
      }
      this.refuse(err, reason);
    });
  }

  accept(setup) {
    this.valid = setup;
    this.save();
  }

  refuse(err, reason) {
    forget(sessionStorage, PENDING_KEY);
    const at = this.undoStack.lastIndexOf(this.valid);
    if (at >= 0) this.undoStack.length = at;    // the refused edits go, the valid one is current
    this.setup = this.valid;
    this.notify("refused");
    this.onRefused?.(err, reason);
  }

  undo() {
    if (!this.undoStack.length) return false;
    this.redoStack.push(this.setup);
    this.setup = this.undoStack.pop();
    this.notify("undo");
    this.settle(this.setup, "undo");
    return true;
  }

  redo() {
    if (!this.redoStack.length) return false;
    this.undoStack.push(this.setup);
    this.setup = this.redoStack.pop();
    this.notify("redo");
    this.settle(this.setup, "redo");
    return true;
  }

  // The change on screen, not yet judged by Python (PENDING_KEY). Storage
  // full: the save made once Python has judged it says so.
  keepPending() {
    write(sessionStorage, PENDING_KEY, record(stamp(), JSON.stringify(this.setup)));
  }

  save() {
    const at = stamp();
    const setup = JSON.stringify(this.setup);
    const shared = saveShared(setup, at);
    // This tab's own copy, should another tab overwrite the shared one. When
    // it cannot be written, the older one left there loses to the newer
    // shared save at a reload (its stamp is older).
    const own = write(sessionStorage, TAB_KEY, record(at, setup));
    if (shared) this.saveHistory(at);
    if (shared || own) forget(sessionStorage, PENDING_KEY);
    if (shared && this.saveFailing) {
      this.saveFailing = false;
      this.onSaveFailed?.(null);        // saving works again
    } else if (!shared && !this.saveFailing) {
      this.saveFailing = true;
      this.onSaveFailed?.(new Error("storage full or blocked"));
    }
  }

  // The undo history, once, in as many of its last steps as storage holds.
  saveHistory(at) {
    for (let steps = SAVED_HISTORY; ; steps >>= 1) {
      const last = (list) => (steps ? list.slice(-steps) : []);
      const text = `{"at":${at},"undo":${JSON.stringify(last(this.undoStack))},` +
        `"redo":${JSON.stringify(last(this.redoStack))}}`;
      if (write(localStorage, HISTORY_KEY, text)) return steps;
      forget(localStorage, HISTORY_KEY);
      if (!steps) return -1;
    }
  }

  // What storage holds, every key read through one guarded reader:
  //   {setup, history, source, at, fallbacks, aside, sharedText}
  // setup/history/source/at: the newest save of any kind that the page can draw
  // (source "pending", "tab" or "saved"; setup null when there is none);
  // fallbacks: the older ones, newest first, to try should Python refuse it;
  // sharedText: the shared save as read (saveRestored);
  // aside: [{text, origin}] what must be kept aside now: values that are not
  // setups, and an older save of this tab's own found nowhere else (another
  // tab saved since), before anything can overwrite them.
  static restore() {
    const found = [];
    const aside = [];
    const shared = read(localStorage, SAVE_KEY);
    if (shared.text !== null) {
      if (drawable(shared.value)) {
        found.push({ source: "saved", setup: shared.value, text: shared.text,
                     at: sharedStamp(shared.text) });
      } else aside.push({ text: shared.text, origin: "saved" });
    }
    for (const [source, key] of [["tab", TAB_KEY], ["pending", PENDING_KEY]]) {
      const got = read(sessionStorage, key);
      if (got.text === null) continue;
      const value = got.value;
      if (value && typeof value === "object" && drawable(value.setup)) {
        found.push({ source, setup: value.setup, text: JSON.stringify(value.setup),
                     at: Number.isFinite(value.at) ? value.at : 0 });
      } else aside.push({ text: got.text, origin: source });
    }
    for (const f of found) lastAt = Math.max(lastAt, f.at);
    // Newest first; at the same stamp, this tab's newest change before its copy
    // before the shared save (the order of issue 8, for saves made before stamps).
    found.sort((a, b) => b.at - a.at || RANK[b.source] - RANK[a.source]);
    // A pending change older than a save was saved or refused since.
    const candidates = found.filter((f, i) => f.source !== "pending" || i === 0);
    const stored = read(localStorage, HISTORY_KEY);
    const history = stored.value;
    if (stored.text !== null && !historyOf(history)) aside.push({ text: stored.text, origin: "history" });
    for (const c of candidates) {
      c.history = history && (history.at ?? 0) === c.at && c.source !== "pending"
        ? historyOf(history) : null;
    }
    const unique = candidates.filter((c, i) => candidates.findIndex((d) => d.text === c.text) === i);
    if (unique[0]?.source === "pending") {
      // Its history: the save it was made after, and that save's history.
      const base = unique.find((c) => c.source !== "pending");
      if (base) {
        const before = candidates.find((c) => c.text === base.text && c.history)?.history;
        unique[0].history = { undo: [...(before?.undo ?? []), base.setup], redo: [] };
      }
    } else if (unique[0]) {
      unique[0].history ??= candidates.find((c) => c.text === unique[0].text && c.history)?.history ?? null;
    }
    const [newest, ...fallbacks] = unique;
    if (newest && newest.source !== "pending") {
      // An older save of this tab's, or an older shared one, that the newest
      // does not hold in its history: the other tab's work, kept aside before
      // this tab's next save overwrites it.
      const reachable = new Set([newest.text,
        ...[...(newest.history?.undo ?? []), ...(newest.history?.redo ?? [])].map((s) => JSON.stringify(s))]);
      for (const f of fallbacks) {
        if (!reachable.has(f.text)) aside.push({ text: f.text, origin: f.source, older: true });
      }
    }
    return { setup: newest?.setup ?? null, history: newest?.history ?? null,
             source: newest?.source ?? null, at: newest?.at ?? 0, fallbacks, aside,
             sharedText: shared.text };
  }

  // The save once Python has judged what restore() found (`opened`: the save
  // chosen, or null). A shared save another tab wrote since restore() read
  // storage is newer than anything found then: it is never overwritten by this
  // tab's start; this tab's setup is kept as its own copy, with its own stamp.
  saveRestored(restored, opened) {
    if (read(localStorage, SAVE_KEY).text === restored.sharedText) {
      this.save();
    } else if (write(sessionStorage, TAB_KEY, record(opened?.at ?? 0, JSON.stringify(this.setup)))) {
      forget(sessionStorage, PENDING_KEY);
    }
  }

  // Python's verdict on what restore() found, newest first. `refusal(setup)`
  // is a Promise of Python's reason for refusing it, or null. A refused save
  // is kept aside (keep(text, why, origin)); a refused pending change is
  // taken back as any refused edit is (takenBack(why)); then the next newest
  // is tried. Returns the save to use ({setup, history, source}), or null
  // when Python refused them all.
  static async judge(restored, refusal, { keep, takenBack }) {
    const tries = restored.setup ? [restored, ...restored.fallbacks] : [];
    for (const t of tries) {
      const why = await refusal(t.setup);
      if (why === null) return t;
      if (t.source === "pending") takenBack(why);
      else keep(JSON.stringify(t.setup), why, t.source);
    }
    return null;
  }

  // A save that could not be used: kept aside, never discarded, to be
  // downloaded. An entry already kept is not added twice, and nothing kept is
  // ever pushed out: when storage is full this one is not kept (false), and
  // the caller offers it for download. A kept-aside store that cannot be read
  // is itself kept, as one entry.
  static keepAside(text, why, origin = "saved") {
    const list = Store.kept();
    if (list.some((entry) => entry.text === text)) return true;
    list.push({ text, why, origin: ORIGIN[origin] ?? String(origin), at: new Date().toISOString() });
    const all = JSON.stringify(list);
    if (write(localStorage, KEPT_KEY, all)) return true;
    forget(localStorage, HISTORY_KEY);  // room: the undo history goes before kept work does
    return write(localStorage, KEPT_KEY, all);
  }

  // What is kept aside: [{text, why, origin, at}], whatever KEPT_KEY holds.
  static kept() {
    const got = read(localStorage, KEPT_KEY);
    if (got.text === null) return [];
    if (!Array.isArray(got.value)) {
      return [{ text: got.text, why: "the store of kept-aside setups could not be read",
                origin: ORIGIN.kept, at: null }];
    }
    return got.value.map((entry) => (entry && typeof entry === "object" && typeof entry.text === "string"
      ? entry
      : { text: JSON.stringify(entry) ?? String(entry), why: "a kept-aside entry could not be read",
          origin: ORIGIN.kept, at: null }));
  }

  // Whether a change of this tab waits for Python's verdict (static/offline.js
  // never reloads for an update then).
  static judging() {
    return read(sessionStorage, PENDING_KEY).text !== null;
  }

  // Another tab saved: (setup text) => void.
  static onOtherTab(cb) {
    addEventListener("storage", (e) => {
      if (e.key === SAVE_KEY && e.newValue !== null) cb(e.newValue);
    });
  }
}

const RANK = { saved: 0, tab: 1, pending: 2 };
let lastAt = 0;

// A stamp newer than any seen in this tab (a clock set back never makes a
// newer save look older).
function stamp() {
  lastAt = Math.max(Date.now(), lastAt + 1);
  return lastAt;
}

const record = (at, setupText) => `{"at":${at},"setup":${setupText}}`;

// When the shared save was written: STAMP_KEY's stamp when its length fits.
// A save written without one (a build before stamps) counts as 0, older than
// any stamped save; one written over a stamped save without updating its
// stamp (the stamp could not be written) is just newer than that stamp.
function sharedStamp(text) {
  const stamped = read(localStorage, STAMP_KEY).value;
  if (!stamped || !Number.isFinite(stamped.at)) return 0;
  return stamped.chars === text.length ? stamped.at : stamped.at + 0.5;
}

function saveShared(setup, at) {
  if (!write(localStorage, SAVE_KEY, setup)) {
    forget(localStorage, HISTORY_KEY);  // room: the undo history goes before the work does
    if (!write(localStorage, SAVE_KEY, setup)) return false;
  }
  if (!write(localStorage, STAMP_KEY, JSON.stringify({ at, chars: setup.length }))) {
    forget(localStorage, STAMP_KEY);
  }
  return true;
}

// The one guarded reader: {text, value}; value undefined when text is not JSON.
function read(storage, key) {
  let text = null;
  try {
    text = storage.getItem(key);
  } catch {
    return { text: null, value: null };
  }
  if (text === null) return { text: null, value: null };
  try {
    return { text, value: JSON.parse(text) };
  } catch {
    return { text, value: undefined };
  }
}

function write(storage, key, text) {
  try {
    storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

function forget(storage, key) {
  try {
    storage.removeItem(key);
  } catch {
    // nothing to forget where storage is blocked
  }
}

function historyOf(h) {
  const ok = (list) => Array.isArray(list) && list.every(drawable);
  return h && ok(h.undo) && ok(h.redo) ? { undo: h.undo, redo: h.redo } : null;
}
