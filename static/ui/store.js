// The setup on screen, its undo/redo history and its autosave (issue 8).
// Every change goes through edit() or replace(), so every change is undoable.
// Python checks each new setup (store.check); one it refuses is taken back at
// once and the player told why, so the setup on screen and the one saved are
// always setups the rules core accepts. Only checked setups are saved:
//   localStorage  SAVE_KEY     the newest valid setup of any tab (read by a new tab)
//                 HISTORY_KEY  its undo/redo history (the last SAVED_HISTORY steps)
//                 KEPT_KEY     saved setups that could not be used, kept aside
//   sessionStorage TAB_KEY     this tab's own setup and history, so a reload of
//                              this tab restores its work even if another tab
//                              saved since.
//                  PENDING_KEY this tab's newest change while Python has not
//                              judged it, so a reload in that moment keeps it;
//                              it is checked before it is used, and never
//                              takes the place of the saved setup until then.

const SAVE_KEY = "asl-los.setup.v1";
const HISTORY_KEY = "asl-los.history.v1";
const TAB_KEY = "asl-los.tab.v1";
const KEPT_KEY = "asl-los.kept.v1";
const PENDING_KEY = "asl-los.pending.v1";
const HISTORY_LIMIT = 200;
const SAVED_HISTORY = 30;
const KEPT_LIMIT = 5;

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
    forget(PENDING_KEY);
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

  history() {
    return { undo: this.undoStack.slice(-SAVED_HISTORY), redo: this.redoStack.slice(-SAVED_HISTORY) };
  }

  // The change on screen, not yet judged by Python (PENDING_KEY).
  keepPending() {
    try {
      sessionStorage.setItem(PENDING_KEY, JSON.stringify({ setup: this.setup, history: this.history() }));
    } catch {
      // storage full: the next save says so
    }
  }

  save() {
    const history = JSON.stringify(this.history());
    const setup = JSON.stringify(this.setup);
    try {
      localStorage.setItem(SAVE_KEY, setup);
      sessionStorage.setItem(TAB_KEY, `{"setup":${setup},"history":${history}}`);   // {setup, history}
      localStorage.setItem(HISTORY_KEY, history);
      forget(PENDING_KEY);
      if (this.saveFailing) {
        this.saveFailing = false;
        this.onSaveFailed?.(null);      // saving works again
      }
    } catch (err) {
      if (!this.saveFailing) {
        this.saveFailing = true;
        this.onSaveFailed?.(err);
      }
    }
  }

  // What storage holds for this tab: {setup, history} (this tab's own work
  // first, else the newest of any tab), or {bad: text} when what is there
  // cannot be drawn, or null when there is nothing. A change Python had not
  // judged before a reload comes first, with the rest as its fallback.
  static restore() {
    const pending = read(sessionStorage, PENDING_KEY).value;
    const saved = Store.restoreSaved();
    if (pending && drawable(pending.setup)) {
      return { setup: pending.setup, history: historyOf(pending.history), source: "pending",
               fallback: saved };
    }
    return saved;
  }

  static restoreSaved() {
    const own = read(sessionStorage, TAB_KEY);
    if (own.value && drawable(own.value.setup)) {
      return { setup: own.value.setup, history: historyOf(own.value.history), source: "tab" };
    }
    const saved = read(localStorage, SAVE_KEY);
    if (saved.text === null) return null;
    if (!drawable(saved.value)) return { bad: saved.text };
    return { setup: saved.value, history: historyOf(read(localStorage, HISTORY_KEY).value),
             source: "saved" };
  }

  // A saved setup that could not be used: kept aside, never discarded (the
  // newest KEPT_LIMIT), to be downloaded.
  static keepAside(text, why) {
    const kept = read(localStorage, KEPT_KEY).value;
    const list = Array.isArray(kept) ? kept : [];
    list.push({ text, why, at: new Date().toISOString() });
    try {
      localStorage.setItem(KEPT_KEY, JSON.stringify(list.slice(-KEPT_LIMIT)));
    } catch {
      return false;
    }
    return true;
  }

  static kept() {
    const kept = read(localStorage, KEPT_KEY).value;
    return Array.isArray(kept) ? kept : [];
  }

  // Another tab saved: (setup text) => void.
  static onOtherTab(cb) {
    addEventListener("storage", (e) => {
      if (e.key === SAVE_KEY && e.newValue !== null) cb(e.newValue);
    });
  }
}

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

function forget(key) {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing to forget where storage is blocked
  }
}

function historyOf(h) {
  const ok = (list) => Array.isArray(list) && list.every(drawable);
  return h && ok(h.undo) && ok(h.redo) ? { undo: h.undo, redo: h.redo } : null;
}
