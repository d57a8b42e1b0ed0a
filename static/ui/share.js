// The Share button: a link of the setup and the LOS tool's
// question, copied, with its QR code (ui/card.js). The link on screen is of
// the setup and question it was made from; at the first change it is
// cleared, with a word.

import * as files from "./files.js";
import { showMessage } from "./messages.js";

const $ = (id) => document.getElementById(id);

export class ShareBox {
  constructor({ store, card }) {
    Object.assign(this, { store, card });
    this.shared = null;                 // what the link on screen is of (key())
    $("share").addEventListener("click", () => this.share());
  }

  key() {
    return JSON.stringify([this.store.setup, this.card.question(false)]);
  }

  // Clear the link on screen if the setup or question changed since it was made.
  stale() {
    if (this.shared === null || this.shared === this.key()) return;
    this.shared = null;
    $("share-link").value = "";
    $("share-link").hidden = true;
    $("share-qr").hidden = true;
    $("share-qr").replaceChildren();
    $("share-stale").hidden = false;
  }

  async share() {
    try {
      const key = this.key();
      const url = await this.card.link(); // with the LOS tool's question, if any
      await this.card.showQr(url);
      this.shared = key;
      $("share-stale").hidden = true;
      const box = $("share-link");
      box.value = url;
      box.hidden = false;
      this.stale();          // changed while the link was made
      box.select();
      const copied = await files.copyText(url);
      showMessage(copied ? "Share link copied." : "Share link ready: copy it from the box below.", "info");
    } catch (err) {
      showMessage(`No share link: ${err.message}`);
    }
  }
}
