// Keyboard shortcuts (issue 9), listed in the Keys panel (#keys-help): tools
// by letter, the current tool's palette by digit, the view and the LOS
// question by a key each. Typing in a field is never taken for a shortcut.

export const TOOL_KEYS = { t: "terrain", h: "hexside", u: "unit", l: "los", v: "vis" };

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
