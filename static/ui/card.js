// A ruling a tournament director can keep: the question in the share
// link, the QR code of the link, the ruling card (PNG and printable page), and
// the About panel (build id, rulebook edition). Python draws the QR code
// (web/qr.py, segno) and the card (web/card.py); this module only asks for
// them and shows what comes back.

import { download, pngBlob } from "./files.js";

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, text) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  if (text !== undefined) n.textContent = text;
  return n;
}

// Python's SVG (QR code or card) as a DOM node: parsed as XML, never as HTML.
function svgNode(text) {
  const root = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  if (root.nodeName !== "svg") throw new Error("the drawing is not an SVG document");
  return document.importNode(root, true);
}

export class RulingCard {
  constructor({ store, los, view, pz, python, showMessage, showTool, shareUrl }) {
    Object.assign(this, { store, los, view, pz, python, showMessage, showTool, shareUrl });
    this.build();
  }

  // --- the question (pycore.share.question) ----------------------------------------

  // The LOS tool's current question, or null when it has no viewer and target.
  question(withView = true) {
    const { los } = this;
    if (!los.viewer || !los.target) return null;
    const viewer = los.arg(los.viewer, "los-viewer-level");
    const target = los.arg(los.target, "los-target-level", los.vertex);
    const both = typeof viewer === "string" && typeof target === "string";
    const q = { tool: both ? "fire" : "los", viewer, target };
    const view = withView ? this.currentView() : null;
    if (view) q.view = view;
    return q;
  }

  // Zoom as a multiple of the whole-map view (so it means the same on any
  // screen), and the hex at the centre of the map box.
  currentView() {
    const { pz } = this;
    if (!this.view.svg) return null;
    const saved = { scale: pz.scale, tx: pz.tx, ty: pz.ty };
    pz.fit();
    const fitScale = pz.scale;
    Object.assign(pz, saved);
    pz.apply();
    const box = pz.viewport.getBoundingClientRect();
    const under = document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const hex = under.map((n) => n.closest?.("[data-hex]")).find(Boolean);
    const view = { zoom: Math.round((saved.scale / fitScale) * 1000) / 1000 };
    if (hex) view.centre = hex.dataset.hex;
    return view; // pycore.share.question brings a zoom the page cannot show in range
  }

  // Show a question's ruling at once (a link just opened), and frame its thread.
  async ask(q) {
    const { los } = this;
    const end = (spec) => (typeof spec === "string" ? { unit: spec } : { hex: spec.hex });
    const level = (spec) => (typeof spec === "string" ? 0 : spec.level ?? 0);
    this.showTool("los");
    los.viewer = end(q.viewer);
    los.target = end(q.target);
    los.vertex = typeof q.target === "string" ? null : q.target.vertex ?? null;
    $("los-viewer-level").value = level(q.viewer);
    $("los-target-level").value = level(q.target);
    los.labels();
    await los.run();
    this.frame(q);
  }

  // The view the link asks for, if it shows both ends of the thread on this
  // screen with hexes a finger can tap; else the thread framed, its hexes at
  // least MIN_HEX_PX wide (a phone opening a desktop's link).
  frame(q) {
    const { pz, view } = this;
    const hexOf = (spec) => (typeof spec === "string"
      ? this.store.setup.units.find((u) => u.id === spec)?.hex : spec.hex);
    const ends = [hexOf(q.viewer), hexOf(q.target)].map((h) => h && view.hex(h)).filter(Boolean);
    if (q.view) {
      this.applyView(q.view, ends);
      if (this.shows(ends)) return;
    }
    const hexWidth = ends.length ? ends[0].getBoundingClientRect().width / pz.scale : 0;
    const minScale = hexWidth ? MIN_HEX_PX / hexWidth : 0;
    pz.frame(ends, Math.max(2.5, minScale), 80, minScale);
  }

  // Whether every end is inside the map box, at least MIN_HEX_PX wide.
  shows(ends) {
    const box = this.pz.viewport.getBoundingClientRect();
    return ends.every((el) => {
      const r = el.getBoundingClientRect();
      return r.width >= MIN_HEX_PX && r.left >= box.left && r.right <= box.right
        && r.top >= box.top && r.bottom <= box.bottom;
    });
  }

  // The link's view: zoom as a multiple of the whole-map view, centred on its hex.
  applyView(v, ends) {
    const { pz, view } = this;
    pz.fit();
    const box = pz.viewport.getBoundingClientRect();
    if (v.zoom) pz.zoomAt(v.zoom, box.width / 2, box.height / 2);
    const centre = (v.centre && view.hex(v.centre)) || ends[0];
    if (!centre) return;
    const r = centre.getBoundingClientRect();
    pz.tx += box.left + box.width / 2 - (r.left + r.width / 2);
    pz.ty += box.top + box.height / 2 - (r.top + r.height / 2);
    pz.apply();
  }


  // The share link of the setup on screen, with the LOS tool's question.
  async link() {
    const fragment = await this.python.call("share_encode", this.store.setup, this.question());
    return this.shareUrl(fragment);
  }

  // --- QR code on screen ---------------------------------------------------------

  async showQr(url) {
    const box = $("share-qr");
    try {
      box.replaceChildren(svgNode(await this.python.call("qr_svg", url)));
      box.hidden = false;
    } catch (err) {
      box.hidden = true;
      this.showMessage(`No QR code: ${err.message}`);
    }
  }

  // --- the ruling card -------------------------------------------------------------

  async open() {
    const q = this.question(false);
    if (!q) {
      this.showMessage("Pick a viewer and a target first: the card shows their ruling.");
      return;
    }
    let svg;
    try {
      const url = await this.link();
      const text = await this.python.call("ruling_card", this.store.setup, q, url, null, today());
      svg = svgNode(text);
    } catch (err) {
      this.showMessage(`No ruling card: ${err.message}`);
      return;
    }
    $("card-body").replaceChildren(svg);
    $("card-dialog").hidden = false;
    document.body.dataset.card = "open";
    $("card-png").focus();
  }

  close() {
    $("card-dialog").hidden = true;
    delete document.body.dataset.card;
    $("card-body").replaceChildren();
  }

  async savePng() {
    const svg = $("card-body").querySelector("svg");
    if (!svg) return;
    try {
      download(`asl-ruling-${today()}.png`, await pngBlob(svg, 2));
    } catch (err) {
      this.showMessage(err.message);
    }
  }

  // --- About -------------------------------------------------------------------------

  async about() {
    const box = $("about-text");
    try {
      const v = await this.python.call("version");
      box.replaceChildren(
        el("p", {}, `Build ${v.build} (Python ${v.python}).`),
        el("p", {}, `Rules followed: ${v.rulebook}.`),
        el("p", {}, "Explanations of the rules are this app's own words, not the rulebook's text."));
      box.dataset.build = v.build;
    } catch (err) {
      box.replaceChildren(el("p", {}, `Version unknown: ${err.message}`));
    }
  }

  // --- the page's parts, built once ------------------------------------------------------

  build() {
    const cardButton = el("button", { type: "button", id: "ruling-card" }, "Ruling card");
    cardButton.addEventListener("click", () => this.open());
    $("los-result").prepend(cardButton);

    const qr = el("div", { id: "share-qr", class: "share-qr", "aria-label": "QR code of the share link" });
    qr.hidden = true;
    $("share-link").after(qr);

    const about = el("details", { id: "about", class: "about" });
    const summary = el("summary", {}, "About");
    about.append(summary, el("div", { id: "about-text" }));
    about.addEventListener("toggle", () => { if (about.open) this.about(); });
    $("panel-files").append(about);

    const dialog = el("div", { id: "card-dialog", class: "card-dialog", role: "dialog",
      "aria-label": "Ruling card" });
    dialog.hidden = true;
    const bar = el("div", { class: "card-bar" });
    const png = el("button", { type: "button", id: "card-png" }, "Save PNG");
    const print = el("button", { type: "button", id: "card-print" }, "Print");
    const close = el("button", { type: "button", id: "card-close" }, "Close");
    png.addEventListener("click", () => this.savePng());
    print.addEventListener("click", () => window.print());
    close.addEventListener("click", () => this.close());
    bar.append(png, print, close);
    dialog.append(bar, el("div", { id: "card-body", class: "card-body" }));
    document.body.append(dialog);
    addEventListener("keydown", (e) => { if (e.key === "Escape" && !dialog.hidden) this.close(); });
  }
}

// The smallest hex a framed question shows, in CSS px.
const MIN_HEX_PX = 44;        // a finger's width (WCAG 2.5.5)

function today() {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
