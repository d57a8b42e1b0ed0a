// The autosave's decisions, pure: which save a restart opens
// and what it keeps aside, what the kept-aside store holds, how much undo
// history is written. No storage here: static/ui/store.js reads and writes
// it around these, and tests/js/saves.test.mjs runs them under node.
// A read key is {text, value} (store.js read): text null when absent, value
// undefined when text is not JSON.

export const SAVED_HISTORY = 30;

// Where a save came from, in a player's words (a kept-aside entry says it).
export const ORIGIN = {
  pending: "the last change before a reload", tab: "this tab's own save",
  saved: "the autosave", history: "the undo history", kept: "an earlier kept-aside setup",
  closed: "a tab closed with it unsaved",
};

// The shape the page needs to draw a setup; Python checks it in full.
export function drawable(s) {
  return Boolean(s && typeof s === "object" && s.map && Number.isInteger(s.map.columns)
    && Number.isInteger(s.map.rows) && Array.isArray(s.units)
    && s.units.every((u) => u && typeof u === "object" && typeof u.hex === "string")
    && s.hexes && typeof s.hexes === "object" && !Array.isArray(s.hexes)
    && s.hexsides && typeof s.hexsides === "object" && !Array.isArray(s.hexsides));
}

// A stored undo history the page can use ({undo, redo}), or null.
export function historyOf(h) {
  const ok = (list) => Array.isArray(list) && list.every(drawable);
  return h && ok(h.undo) && ok(h.redo) ? { undo: h.undo, redo: h.redo } : null;
}

// When the shared save (text) was written, from the stamp stored beside it
// ({at, chars}): its stamp when its length fits. A save written without one
// (a build before stamps) counts as 0, older than any stamped save; one
// written over a stamped save without updating its stamp (the stamp could
// not be written) is just newer than that stamp.
export function sharedStamp(text, stamped) {
  if (!stamped || !Number.isFinite(stamped.at)) return 0;
  return stamped.chars === text.length ? stamped.at : stamped.at + 0.5;
}

const RANK = { saved: 0, tab: 1, pending: 2 };

// What a restart opens, from what storage holds: shared (the shared save),
// stamped (its stamp's value), tab and pending (this tab's records {at,
// setup}), history (the undo history {at, undo, redo}). Returns
// {restored, latest}: latest the newest stamp found, and restored
//   {setup, history, source, fallbacks, aside}
// setup/history/source: the newest save of any kind that the page can draw
// (source "pending", "tab" or "saved"; setup null when there is none);
// fallbacks: the older ones, newest first, to try should Python refuse it;
// aside: [{text, origin, older?}] what must be kept aside now: values that
// are not setups, and an older save found nowhere in the newest one's
// history (another tab saved since), before anything can overwrite them.
export function chooseSave({ shared, stamped, tab, pending, history: stored }) {
  const found = [];
  const aside = [];
  if (shared.text !== null) {
    if (drawable(shared.value)) {
      found.push({ source: "saved", setup: shared.value, text: shared.text,
                   at: sharedStamp(shared.text, stamped) });
    } else aside.push({ text: shared.text, origin: "saved" });
  }
  for (const [source, got] of [["tab", tab], ["pending", pending]]) {
    if (got.text === null) continue;
    const value = got.value;
    if (value && typeof value === "object" && drawable(value.setup)) {
      found.push({ source, setup: value.setup, text: JSON.stringify(value.setup),
                   at: Number.isFinite(value.at) ? value.at : 0 });
    } else aside.push({ text: got.text, origin: source });
  }
  const latest = Math.max(0, ...found.map((f) => f.at));
  // Newest first; at the same stamp, this tab's newest change before its copy
  // before the shared save (the order saves had before they were stamped).
  found.sort((a, b) => b.at - a.at || RANK[b.source] - RANK[a.source]);
  // A pending change older than a save was saved or refused since.
  const candidates = found.filter((f, i) => f.source !== "pending" || i === 0);
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
  return { latest, restored: { setup: newest?.setup ?? null, history: newest?.history ?? null,
                               source: newest?.source ?? null, at: newest?.at ?? 0,
                               fallbacks, aside } };
}

// Python's verdict on what chooseSave restored, newest first. `refusal(setup)`
// is a Promise of Python's reason for refusing it, or null. A refused save
// is kept aside (keep(text, why, origin)); a refused pending change is
// taken back as any refused edit is (takenBack(why, text), which keeps it
// aside as well: it may be the only copy of the work); then the next newest
// is tried. Returns the save to use ({setup, history, source}), or null
// when Python refused them all.
export async function judge(restored, refusal, { keep, takenBack }) {
  const tries = restored.setup ? [restored, ...restored.fallbacks] : [];
  for (const t of tries) {
    const why = await refusal(t.setup);
    if (why === null) return t;
    // A refused pending change is taken back, and handed over to be kept
    // aside: it may be the only copy of that work (its tab's save gone).
    if (t.source === "pending") takenBack(why, JSON.stringify(t.setup));
    else keep(JSON.stringify(t.setup), why, t.source);
  }
  return null;
}

// The undo history's texts to try writing, longest first: the last
// SAVED_HISTORY steps of each list, then half as many, down to none, each
// as [steps, text]. The first that storage holds is kept.
export function* historyTexts(at, undo, redo) {
  for (let steps = SAVED_HISTORY; ; steps >>= 1) {
    const last = (list) => (steps ? list.slice(-steps) : []);
    yield [steps, `{"at":${at},"undo":${JSON.stringify(last(undo))},"redo":${JSON.stringify(last(redo))}}`];
    if (!steps) return;
  }
}

// What is kept aside, from the kept-aside key as read: [{text, why, origin,
// at}]. A store that is not a list is itself one entry, and so is each entry
// that is not one.
export function keptEntries(got) {
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

// The kept-aside list with one more save (text), said to come from origin;
// null when the list holds it already (a save is kept once). Nothing kept is
// ever dropped to make room.
// closed: kept as its tab closed, to be offered at the next start.
export function keptWith(list, text, why, origin, at, closed = false) {
  if (list.some((entry) => entry.text === text)) return null;
  return [...list, { text, why, origin: ORIGIN[origin] ?? String(origin), at, ...(closed ? { closed } : {}) }];
}

// Entries kept as their tabs closed (keptWith closed) once a start has seen
// them: [list to store, entries to offer]. One that is the setup opened
// (shown: its text) was not lost: it goes; the others are offered, once.
export function closedOffers(list, shown) {
  const offer = list.filter((e) => e.closed && e.text !== shown);
  const rest = list.filter((e) => !e.closed || e.text !== shown)
    .map((e) => { if (!e.closed) return e; const { closed, ...kept } = e; return kept; });
  return [rest, offer];
}
