// node --test: the autosave's decisions (static/ui/saves.js, issues 8 and 24):
// which save a reload opens, what it keeps aside, how much undo history is
// written; then static/ui/store.js on fake storage that fills up. As built in
// dist/ (ASL_DIST). Run by tests/browser/test_js.py.
import test from "node:test";
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";

const built = (file) => pathToFileURL(`${process.env.ASL_DIST}/ui/${file}`).href;
const { chooseSave, closedOffers, judge, historyTexts, keptEntries, keptWith, sharedStamp, SAVED_HISTORY } =
  await import(built("saves.js"));

const setupOf = (columns, extra = {}) => ({ format: "asl-setup", version: 1, map: { columns, rows: 10 },
  hexes: {}, hexsides: {}, units: [], ...extra });
const [A, B, C] = [setupOf(11), setupOf(12), setupOf(13)];
const absent = { text: null, value: null };
const json = (value) => ({ text: JSON.stringify(value), value });
const junk = (text) => ({ text, value: undefined });
// What storage holds: the shared save (with its stamp), this tab's record and pending change, the history.
function held({ saved = null, savedAt = null, tab = null, pending = null, history = null } = {}) {
  const text = saved && JSON.stringify(saved);
  return {
    shared: saved ? { text, value: saved } : absent,
    stamped: savedAt === null ? null : { at: savedAt, chars: text.length },
    tab: tab ? json({ at: tab[0], setup: tab[1] }) : absent,
    pending: pending ? json({ at: pending[0], setup: pending[1] }) : absent,
    history: history ? json(history) : absent,
  };
}
const opened = (storage) => chooseSave(storage).restored;

test("a reload opens the newest save of any kind, by its stamp", () => {
  assert.equal(opened(held({ saved: A, savedAt: 10, tab: [20, B] })).source, "tab");
  assert.deepEqual(opened(held({ saved: A, savedAt: 30, tab: [20, B] })).setup, A);
  const r = opened(held({ saved: A, savedAt: 10, tab: [20, B], pending: [30, C] }));
  assert.equal(r.source, "pending");
  assert.deepEqual(r.setup, C);
  assert.deepEqual(chooseSave(held({ saved: A, savedAt: 10, tab: [20, B] })).latest, 20);
});

test("at the same stamp the tab's own change beats its copy, which beats the shared save", () => {
  assert.equal(opened(held({ saved: A, savedAt: 5, tab: [5, B] })).source, "tab");
  assert.equal(opened(held({ saved: A, savedAt: 5, tab: [5, B], pending: [5, C] })).source, "pending");
});

test("nothing saved: an empty start with nothing to keep aside", () => {
  assert.deepEqual(opened(held()), { setup: null, history: null, source: null, at: 0, fallbacks: [], aside: [] });
});

test("a pending change older than a save was saved or refused since: it is not offered", () => {
  const r = opened(held({ saved: A, savedAt: 20, pending: [10, B] }));
  assert.equal(r.source, "saved");
  assert.deepEqual(r.fallbacks, []);
  assert.deepEqual(r.aside, []);
});

test("a save made without a stamp is older than any stamped one; a stamp of another length is just passed", () => {
  assert.equal(sharedStamp("abc", null), 0);
  assert.equal(sharedStamp("abc", { at: 7, chars: 3 }), 7);
  assert.equal(sharedStamp("abcd", { at: 7, chars: 3 }), 7.5);
  const unstamped = held({ saved: A, tab: [1, B] });
  assert.equal(opened(unstamped).source, "tab");
  // the shared save rewritten after its stamp: newer than this tab's record at that stamp
  const rewritten = { ...held({ saved: A, tab: [7, B] }), stamped: { at: 7, chars: 1 } };
  assert.equal(opened(rewritten).source, "saved");
});

test("a value that is not a setup is kept aside, naming where it was, and the good save opens", () => {
  const storage = { ...held({ tab: [3, B] }), shared: junk("{not json"), pending: json({ at: 9, setup: { map: 1 } }) };
  const r = opened(storage);
  assert.deepEqual(r.setup, B);
  assert.deepEqual(r.aside, [{ text: "{not json", origin: "saved" }, { text: JSON.stringify({ at: 9, setup: { map: 1 } }), origin: "pending" }]);
});

test("another tab's older save that the newest does not hold is kept aside; one in its history is not", () => {
  const other = opened(held({ saved: A, savedAt: 10, tab: [20, B] }));
  assert.deepEqual(other.aside, [{ text: JSON.stringify(A), origin: "saved", older: true }]);
  assert.deepEqual(other.fallbacks.map((f) => f.setup), [A]);
  const mine = opened(held({ saved: B, savedAt: 20, tab: [10, A], history: { at: 20, undo: [A], redo: [] } }));
  assert.deepEqual(mine.history, { undo: [A], redo: [] });
  assert.deepEqual(mine.aside, []);
});

test("the undo history goes with the save it was written with, and a pending change undoes to its save", () => {
  const history = { at: 20, undo: [A], redo: [C] };
  assert.deepEqual(opened(held({ saved: B, savedAt: 20, history })).history, { undo: [A], redo: [C] });
  assert.equal(opened(held({ saved: B, savedAt: 21, history })).history, null);   // another save's
  const pending = opened(held({ saved: B, savedAt: 20, history, pending: [25, C] }));
  assert.deepEqual(pending.history, { undo: [A, B], redo: [] });
});

test("a damaged undo history is kept aside and the setup still opens", () => {
  const storage = { ...held({ saved: B, savedAt: 20 }), history: json({ at: 20, undo: [{ map: 1 }], redo: [] }) };
  const r = opened(storage);
  assert.deepEqual(r.setup, B);
  assert.equal(r.history, null);
  assert.deepEqual(r.aside.map((a) => a.origin), ["history"]);
});

test("the same save met twice is offered once", () => {
  const r = opened(held({ saved: A, savedAt: 20, tab: [20, A] }));
  assert.equal(r.source, "tab");
  assert.deepEqual(r.fallbacks, []);
  assert.deepEqual(r.aside, []);
});

test("Python's verdict: a refused save is kept aside, a refused pending change taken back (its text handed over), the next tried", async () => {
  const restored = opened(held({ saved: A, savedAt: 10, tab: [20, B], pending: [30, C] }));
  assert.deepEqual([restored.source, ...restored.fallbacks.map((f) => f.source)], ["pending", "tab", "saved"]);
  const kept = [];
  const takenBack = [];
  const refusing = (...bad) => async (s) => (bad.some((b) => JSON.stringify(b) === JSON.stringify(s)) ? "no" : null);
  const handlers = { keep: (text, why, origin) => kept.push([text, why, origin]), takenBack: (why, text) => takenBack.push(why, text) };
  const chosen = await judge(restored, refusing(C, B), handlers);
  assert.deepEqual(chosen.setup, A);
  assert.deepEqual(takenBack, ["no", JSON.stringify(C)]);    // the change, to be kept aside (issue 30)
  assert.deepEqual(kept, [[JSON.stringify(B), "no", "tab"]]);
  assert.equal(await judge(restored, refusing(A, B, C), handlers), null);
  assert.equal(await judge(opened(held()), refusing(), handlers), null);
});

test("the undo history is tried at its last 30 steps, then half as many, down to none", () => {
  const undo = Array.from({ length: 40 }, (_, i) => setupOf(i + 1));
  const redo = [C];
  const texts = [...historyTexts(99, undo, redo)];
  assert.deepEqual(texts.map(([steps]) => steps), [SAVED_HISTORY, 15, 7, 3, 1, 0]);
  for (const [steps, text] of texts) {
    const h = JSON.parse(text);
    assert.equal(h.at, 99);
    assert.deepEqual(h.undo, steps ? undo.slice(-steps) : []);
    assert.deepEqual(h.redo, steps ? redo : []);
  }
  assert.ok(texts.every(([, t], i) => i === 0 || t.length < texts[i - 1][1].length));
});

test("a save is kept aside once, saying where it came from; a damaged kept store is itself an entry", () => {
  const first = keptWith([], "X", "refused", "tab", "2026-01-01");
  assert.deepEqual(first, [{ text: "X", why: "refused", origin: "this tab's own save", at: "2026-01-01" }]);
  assert.equal(keptWith(first, "X", "again", "saved", "later"), null);
  assert.deepEqual(keptEntries(absent), []);
  assert.equal(keptEntries(json(first))[0].text, "X");
  assert.deepEqual(keptEntries(junk("{")), [{ text: "{", why: "the store of kept-aside setups could not be read",
    origin: "an earlier kept-aside setup", at: null }]);
  assert.equal(keptEntries(json([7, first[0]]))[0].text, "7");
});

test("a setup kept as its tab closed is offered at the next start, once; the one opened goes (issue 30)", () => {
  const list = keptWith(keptWith(keptWith([], "X", "refused", "tab", "t"), "B", "closed", "closed", "t", true),
    "S", "closed", "closed", "t", true);
  assert.deepEqual(list.map((e) => [e.text, Boolean(e.closed)]), [["X", false], ["B", true], ["S", true]]);
  const [rest, offer] = closedOffers(list, "S");
  assert.deepEqual(offer.map((e) => e.text), ["B"]);
  assert.deepEqual(rest.map((e) => [e.text, Boolean(e.closed)]), [["X", false], ["B", false]]);
  assert.deepEqual(closedOffers(rest, "S")[1], []);          // offered once
});

// --- store.js on fake storage ------------------------------------------------------

// A Web Storage holding at most `room` characters of values.
class FakeStorage {
  constructor(room = Infinity) { this.room = room; this.items = new Map(); }
  used() { return [...this.items.values()].reduce((n, v) => n + v.length, 0); }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) {
    const text = String(value);
    if (this.used() - (this.items.get(key)?.length ?? 0) + text.length > this.room) throw new Error("QuotaExceededError");
    this.items.set(key, text);
  }
  removeItem(key) { this.items.delete(key); }
}
globalThis.localStorage = new FakeStorage();
globalThis.sessionStorage = new FakeStorage();
const { Store } = await import(built("store.js"));
const HISTORY_KEY = "asl-los.history.v1";

function storeWithSteps(n) {
  const store = new Store(setupOf(1));
  for (let i = 2; i <= n; i++) store.replace(setupOf(i));     // no check: each accepted and saved
  return store;
}

test("a reload opens the last save with its undo history (store.js on storage)", () => {
  globalThis.localStorage = new FakeStorage();
  globalThis.sessionStorage = new FakeStorage();
  storeWithSteps(5);
  const r = Store.restore();
  assert.equal(r.setup.map.columns, 5);
  assert.deepEqual(r.history.undo.map((s) => s.map.columns), [1, 2, 3, 4]);
  assert.deepEqual(r.aside, []);
});

test("storage too small for the whole history keeps the setup and the newest steps that fit", () => {
  const room = 2600;
  globalThis.localStorage = new FakeStorage(room);
  globalThis.sessionStorage = new FakeStorage();
  const store = storeWithSteps(40);
  assert.equal(store.saveFailing, false);
  const r = Store.restore();
  assert.equal(r.setup.map.columns, 40);
  const steps = r.history.undo.length;
  assert.ok(steps > 0 && steps < SAVED_HISTORY, `${steps} steps kept`);
  assert.deepEqual(r.history.undo.map((s) => s.map.columns), Array.from({ length: steps }, (_, i) => 40 - steps + i));
});

test("keeping a save aside in full storage gives up the undo history first, never kept work", () => {
  globalThis.localStorage = new FakeStorage(3000);
  globalThis.sessionStorage = new FakeStorage();
  storeWithSteps(8);
  assert.ok(localStorage.getItem(HISTORY_KEY));
  const big = "x".repeat(3000 - localStorage.used() + 100);
  assert.equal(Store.keepAside(big, "refused", "saved"), true);
  assert.equal(localStorage.getItem(HISTORY_KEY), null);
  assert.equal(Store.kept()[0].text, big);
  assert.equal(Store.keepAside(big, "refused", "saved"), true);              // once only
  assert.equal(Store.keepAside("y".repeat(3000), "refused", "tab"), false);  // no room: the caller offers a download
  assert.equal(Store.kept().length, 1);
});
