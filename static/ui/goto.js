// Typed names: the go-to box frames a hex and rings it, and two
// names typed in the LOS tool ask the question directly. A name is a hex as
// the map's boards name it ("12P2", "6A5") or a unit's id; Python reads it.

import { findUnit } from "./edits.js";
import { failed, succeeded } from "./messages.js";

const $ = (id) => document.getElementById(id);

// A typed name as a hex the map has: {unit, hex} for a unit's id, else {hex}
// in Python's canonical form.
export async function typedHex({ store, python }, text) {
  const unit = findUnit(store.setup, text.trim());
  if (unit) return { unit: unit.id, hex: unit.hex };
  const place = await python.call("place", store.setup, text);
  if (place.kind !== "hex") throw new Error(`${place.name} is a ${place.kind}, not a hex`);
  return { hex: place.name };
}

export function installGoto({ store, python, view, pz, los }) {
  const typed = (text) => typedHex({ store, python }, text);
  $("goto-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const text = $("goto").value;
    if (!text.trim()) return;
    try {
      const { hex } = await typed(text);
      const el = view.hex(hex);
      if (!el) throw new Error(`${hex} is not on this map`);
      pz.frame([el], 1.6, 160);
      view.markHexes("data-goto", [hex]);
      $("goto").value = "";
      $("goto").blur();
      succeeded("goto");
    } catch (err) {
      failed("goto", `Go to ${text.trim()}: ${err.player ?? err.message}`);
    }
  });
  $("los-typed").addEventListener("submit", async (e) => {
    e.preventDefault();
    const [from, to] = [$("los-from").value, $("los-to").value];
    let ends;
    try {
      ends = await Promise.all([from, to].map((t) => typed(t)));
    } catch (err) {
      failed("los-typed", `LOS: ${err.player ?? err.message}`);
      return;
    }
    succeeded("los-typed");
    los.setEnds(...ends.map((end) => (end.unit !== undefined ? { unit: end.unit } : { hex: end.hex })));
    pz.frame(ends.map((end) => view.hex(end.hex)).filter(Boolean), 1.6, 120);
    document.activeElement?.blur?.();
  });
}
