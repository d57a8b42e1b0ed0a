// The setup on screen, its undo/redo history and its autosave.
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
// never costs the setup its save. The decisions (which save opens, what is
// kept aside, how much history is written) are pure, in ui/saves.js.

import { chooseSave, closedOffers, historyTexts, judge, keptEntries, keptWith } from "./saves.js";

export { ORIGIN, drawable } from "./saves.js";

const SAVE_KEY = "asl-los.setup.v1";
const STAMP_KEY = "asl-los.saved-at.v1";
const HISTORY_KEY = "asl-los.history.v1";
const TAB_KEY = "asl-los.tab.v1";
const KEPT_KEY = "asl-los.kept.v1";
const PENDING_KEY = "asl-los.pending.v1";
const HISTORY_LIMIT = 200;

export const clone = (value) => JSON.parse(JSON.stringify(value));

export function emptySetup(columns = 33, rows = 10, board) {
  const map = { columns, rows };
  if (board !== undefined && board !== null) map.board = board;
  return { format: "asl-setup", version: 1, map, hexes: {}, hexsides: {}, units: [] };
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
    for (const [steps, text] of historyTexts(at, this.undoStack, this.redoStack)) {
      if (write(localStorage, HISTORY_KEY, text)) return steps;
      forget(localStorage, HISTORY_KEY);
    }
    return -1;
  }

  // What storage holds, every key read through one guarded reader, and
  // what a restart makes of it (saves.js chooseSave):
  //   {setup, history, source, at, fallbacks, aside, sharedText}
  // sharedText: the shared save as read (saveRestored).
  static restore() {
    const shared = read(localStorage, SAVE_KEY);
    const { restored, latest } = chooseSave({
      shared, stamped: read(localStorage, STAMP_KEY).value,
      tab: read(sessionStorage, TAB_KEY), pending: read(sessionStorage, PENDING_KEY),
      history: read(localStorage, HISTORY_KEY) });
    lastAt = Math.max(lastAt, latest);
    return { ...restored, sharedText: shared.text };
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

  // Python's verdict on what restore() found (saves.js judge).
  static judge(restored, refusal, handlers) {
    return judge(restored, refusal, handlers);
  }

  // A save that could not be used: kept aside, never discarded, to be
  // downloaded. An entry already kept is not added twice, and nothing kept is
  // ever pushed out: when storage is full this one is not kept (false), and
  // the caller offers it for download. A kept-aside store that cannot be read
  // is itself kept, as one entry.
  static keepAside(text, why, origin = "saved", closed = false) {
    const list = keptWith(Store.kept(), text, why, origin, new Date().toISOString(), closed);
    if (list === null) return true;
    const all = JSON.stringify(list);
    if (write(localStorage, KEPT_KEY, all)) return true;
    forget(localStorage, HISTORY_KEY);  // room: the undo history goes before kept work does
    return write(localStorage, KEPT_KEY, all);
  }

  // The tab closes or reloads (pagehide): a setup on screen that the shared
  // save does not hold (a change Python has not judged yet, this tab's save
  // that another tab's replaced, one storage could not keep) is kept aside, to
  // be offered at the next start: a closed tab's sessionStorage goes with it.
  keepIfUnsaved() {
    const text = JSON.stringify(this.setup);
    if (read(localStorage, SAVE_KEY).text === text || isBlank(this.setup)) return;
    Store.keepAside(text, "its tab was closed before it was saved, or after another tab's save " +
      "replaced it", "closed", true);
  }

  // What tabs that closed kept aside (keepIfUnsaved), once a start has opened
  // `shown` (its text): [{text, why, origin, at}] to offer; the one opened goes.
  static closedOffers(shown) {
    const [rest, offer] = closedOffers(Store.kept(), shown);
    if (offer.length || rest.length !== Store.kept().length) {
      if (!rest.length) forget(localStorage, KEPT_KEY);
      else if (!write(localStorage, KEPT_KEY, JSON.stringify(rest))) return [];
    }
    return offer;
  }

  // What is kept aside: [{text, why, origin, at}], whatever KEPT_KEY holds.
  static kept() {
    return keptEntries(read(localStorage, KEPT_KEY));
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

let lastAt = 0;

// A map with nothing on it: no work to keep.
const isBlank = (s) => !s.map?.boards && !Object.keys(s.hexes ?? {}).length &&
  !Object.keys(s.hexsides ?? {}).length && !(s.units ?? []).length;

// A stamp newer than any seen in this tab (a clock set back never makes a
// newer save look older).
function stamp() {
  lastAt = Math.max(Date.now(), lastAt + 1);
  return lastAt;
}

const record = (at, setupText) => `{"at":${at},"setup":${setupText}}`;

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
