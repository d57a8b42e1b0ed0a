// Start-up: the setup a reload opens, and the rule that no save is ever lost.
// The newest save storage holds that the page can draw is
// opened at once (Store.restore); Python checks it in full once loaded
// (checkSaved). Anything else is kept aside, offered for download, never
// discarded, and an empty map is saved only once that is safe: never over a
// save storage could not keep.

import { ORIGIN, Store, emptySetup } from "./store.js";
import * as files from "./files.js";
import { showMessage, situationMessage } from "./messages.js";

export class Startup {
  constructor() {
    this.restored = Store.restore();
    this.store = new Store(this.restored.setup ?? emptySetup(), this.restored.history);
    this.keptAll = this.restored.aside.map((a) => this.keepAside(a.text, a.older
      ? "another tab saved a newer setup since" : "it is not a setup this app can read", a.origin))
      .every(Boolean);
    // What tabs closed since kept aside (Store.keepIfUnsaved): offered now.
    for (const e of Store.closedOffers(JSON.stringify(this.store.setup))) {
      this.keepAside(e.text, "its tab was closed before it was saved, or after another tab's save " +
        "replaced it", "closed");
    }
  }

  // The store's checks and what it says: Python judges each change (in a
  // lane: quick edits check only the newest setup), a refusal is said, and so
  // are a failing autosave and another tab's save.
  watch(python) {
    const { store } = this;
    store.check = (setup) => python.latest("check", "validate", setup);
    store.onRefused = (err) => situationMessage(`Not done: ${err.player ?? err.message}. ` +
      "Your setup is as it was before that change.");
    store.onSaveFailed = (err) => (err
      ? showMessage("Autosave failed: this browser's storage is full or blocked. Use Export JSON " +
        "to keep this setup; saving is tried again at every change.")
      : showMessage("Autosave works again.", "info"));
    Store.onOtherTab((text) => {
      if (text === JSON.stringify(store.setup)) return;
      showMessage("Another tab of this app saved a different setup. Each tab keeps its own work: " +
        "a reload opens the newest save, and a tab closed with work not saved keeps it aside.", "info");
    });
    // not when the page only goes into the back/forward cache: it is still open
    addEventListener("pagehide", (event) => { if (!event.persisted) store.keepIfUnsaved(); });
  }

  // A saved setup that could not be used: kept in storage, and offered for
  // download. True if storage holds it.
  keepAside(text, why, origin) {
    const kept = Store.keepAside(text, why, origin);
    showMessage(`A saved setup (${ORIGIN[origin] ?? "the autosave"}) was not opened: ${why}. It is ` +
      `kept aside` + (kept ? "" : " in this page only (storage is full)") + ".", "error", downloadAction(text));
    return kept;
  }

  // Start from an empty map, keeping what was on screen aside.
  startEmpty(why) {
    this.keptAll = this.keepAside(JSON.stringify(this.store.setup), why, "saved") && this.keptAll;
    this.store.restart(emptySetup());
    if (this.keptAll) this.store.save();
  }

  // The first drawing of the setup opened (refresh("start")); one the page
  // cannot draw is kept aside, not to be judged and saved again.
  firstDraw(refresh) {
    try {
      refresh("start");
    } catch (err) {
      this.startEmpty(`it cannot be drawn: ${err.message}`);
      this.restored.setup = null;
      this.restored.fallbacks = [];
      refresh("start");
    }
  }

  // Once Python is loaded: the newest save it accepts. A refused one is kept
  // aside (a refused change made just before the reload is taken back, as
  // any refused edit is). maps: ui/maploader.js, whose message comes first.
  async checkSaved(python, maps, refresh) {
    const { store, restored } = this;
    await maps.job;
    const chosen = await Store.judge(restored, (setup) => refusal(python, setup), {
      keep: (text, why, origin) => { this.keptAll = this.keepAside(text, why, origin) && this.keptAll; },
      // said until dismissed, and kept aside: it may be the only copy of that work
      takenBack: (why, text) => {
        const kept = Store.keepAside(text, why, "pending");
        this.keptAll = kept && this.keptAll;
        showMessage(`Not done: ${why}. Your setup is as it was before that change, which is kept ` +
          `aside${kept ? "" : " in this page only (storage is full)"}.`, "error", downloadAction(text));
      },
    });
    if (chosen !== null && chosen !== restored) {
      store.restart(chosen.setup, chosen.history);
      refresh("refused");
    } else if (chosen === null && restored.setup) {
      store.restart(emptySetup());
      refresh("reset");
    }
    if (restored.setup && this.keptAll) store.saveRestored(restored, chosen);
  }
}

const downloadAction = (text) => ({ label: "Download it",
  run: () => files.download("asl-setup-kept.json", new Blob([text], { type: "application/json" })) });

// Python's reason for refusing a setup, or null (accepted, or Python cannot judge).
async function refusal(python, setup) {
  try {
    await python.call("validate", setup);
  } catch (err) {
    if (err.kind === "SetupError") return err.player ?? err.message;
  }
  return null;
}
