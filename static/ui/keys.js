// Keyboard shortcuts, listed in the Keys panel (#keys-help): tools
// by letter, the current tool's palette by digit, the view and the LOS
// question by a key each; undo and redo by Ctrl-Z and Ctrl-Y. Typing in a
// field is never taken for a shortcut.

export const TOOL_KEYS = { t: "terrain", h: "hexside", u: "unit", l: "los", v: "vis", o: "overlay" };

// The palette a digit picks from, by tool: its buttons in order, 1 first.
const PALETTES = { terrain: "#terrain-palette [data-terrain]",
  hexside: "#hexside-palette [data-hexside-type]", unit: "#unit-palette [data-unit-type]" };

export function installKeys({ setTool, tool, actions }) {
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.matches?.("input:not([type=checkbox]), select, textarea")) return;
    const key = e.key.toLowerCase();
    if (TOOL_KEYS[key]) {
      setTool(TOOL_KEYS[key]);
    } else if (/^[0-9]$/.test(key) && PALETTES[tool()]) {
      const buttons = document.querySelectorAll(PALETTES[tool()]);
      buttons[key === "0" ? 9 : Number(key) - 1]?.click();
    } else if (actions[e.key]) {
      actions[e.key]();
    } else {
      return;
    }
    e.preventDefault();
  });
}

// Undo and redo: their buttons, Ctrl-Z, and Ctrl-Y or Ctrl-Shift-Z (Cmd on a Mac).
export function installUndo(store) {
  document.getElementById("undo").addEventListener("click", () => store.undo());
  document.getElementById("redo").addEventListener("click", () => store.redo());
  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    if (e.target.matches?.("input:not([type=checkbox]), select, textarea")) return;
    const key = e.key.toLowerCase();
    if (key === "z" && !e.shiftKey) store.undo();
    else if (key === "y" || (key === "z" && e.shiftKey)) store.redo();
    else return;
    e.preventDefault();
  });
}

// The undo and redo buttons, enabled when there is a step to take.
export function showUndo(store) {
  document.getElementById("undo").disabled = !store.undoStack.length;
  document.getElementById("redo").disabled = !store.redoStack.length;
}
