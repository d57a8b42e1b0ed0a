// The setup on screen, its undo/redo history and its autosave.
// Every change goes through edit() or replace(), so every change is undoable
// and saved to localStorage at once: a reload or a closed tab loses nothing.

const SAVE_KEY = "asl-los.setup.v1";
const HISTORY_LIMIT = 200;

export const clone = (value) => JSON.parse(JSON.stringify(value));

export function emptySetup(columns = 33, rows = 10, board) {
  const map = { columns, rows };
  if (board !== undefined && board !== null) map.board = board;
  return { format: "asl-setup", version: 1, map, hexes: {}, hexsides: {}, units: [] };
}

export class Store {
  constructor(initial) {
    this.setup = clone(initial);
    this.undoStack = [];
    this.redoStack = [];
    this.listeners = new Set();
  }

  onChange(cb) { this.listeners.add(cb); }

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

  push(next, reason) {
    this.undoStack.push(this.setup);
    if (this.undoStack.length > HISTORY_LIMIT) this.undoStack.shift();
    this.redoStack = [];
    this.setup = next;
    this.save();
    this.notify(reason);
  }

  undo() {
    if (!this.undoStack.length) return false;
    this.redoStack.push(this.setup);
    this.setup = this.undoStack.pop();
    this.save();
    this.notify("undo");
    return true;
  }

  redo() {
    if (!this.redoStack.length) return false;
    this.undoStack.push(this.setup);
    this.setup = this.redoStack.pop();
    this.save();
    this.notify("redo");
    return true;
  }

  save() {
    try {
      localStorage.setItem(SAVE_KEY, JSON.stringify(this.setup));
    } catch (err) {
      console.warn("autosave failed:", err);
    }
  }

  static saved() {
    try {
      const text = localStorage.getItem(SAVE_KEY);
      return text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  }
}
