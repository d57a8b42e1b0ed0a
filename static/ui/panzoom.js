// Pan and pinch-zoom of the map with Pointer Events (mouse, pen and touch alike).
// A press that does not move is a tap: onTap(element under the finger, event).
// With a painting tool (strokes.wants()), a one-finger or left-button drag is a
// stroke (static/ui/strokes.js); the map then pans with two fingers, or with
// the right or middle mouse button. Otherwise a one-finger drag pans, and a
// press held still for HOLD_MS is a hold: onHold(element, event) (the
// reading view, ui/reading.js), not a tap.

const TAP_SLOP = 10; // px a finger may wander and still tap
const FILL_HEX_PX = 56; // fillHeight zooms no closer than hexes this wide (a phone's map fills; a tablet's nearly)
const HOLD_MS = 500; // a press held this long without moving is a hold, as in map apps
const MIN_SCALE = 0.2;
const MAX_SCALE = 8;
// Zoomed out further than this (a map of several boards, fitted), hex names
// are too small to read (under 4 px) and vertices to tap: style.css leaves
// them out, a third of a big map's elements, so it is laid out and painted
// sooner. One board fitted on a tablet either way (0.67 or more) keeps them.
const FAR = 0.6;
// The names the map keeps legible at any zoom (a unit's hex, the thread's ends)
// are drawn this many times larger (data-names, style.css), so that they are
// never much under 12 screen px: 7 px names times NAMES / scale.
const NAMES = 1.7;
const MAX_NAMES = 8;

export class PanZoom {
  constructor(viewport, content, onTap, strokes = null, onHold = null) {
    this.viewport = viewport;
    this.onHold = onHold;
    this.content = content;
    this.onTap = onTap;
    this.strokes = strokes;
    this.scale = 1;
    this.tx = 0;
    this.ty = 0;
    this.pointers = new Map();
    this.gesture = null;
    viewport.addEventListener("pointerdown", (e) => this.down(e));
    viewport.addEventListener("pointermove", (e) => this.move(e));
    viewport.addEventListener("pointerup", (e) => this.up(e));
    viewport.addEventListener("pointercancel", (e) => this.cancel(e));
    viewport.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
    viewport.addEventListener("contextmenu", (e) => e.preventDefault());   // right-drag pans
  }

  apply() {
    const box = this.viewport.getBoundingClientRect();
    this.box = { width: box.width, height: box.height };
    this.content.style.transform = `translate(${this.tx}px, ${this.ty}px) scale(${this.scale})`;
    this.viewport.toggleAttribute("data-far", this.scale < FAR);
    const names = String(Math.min(MAX_NAMES, Math.max(1, Math.ceil(NAMES / this.scale))));
    if (this.viewport.dataset.names !== names) this.viewport.dataset.names = names;
  }

  // Size the SVG to its viewBox (1 map unit = 1 CSS px at scale 1) and fit it in view.
  fit() {
    const svg = this.content.querySelector("svg");
    if (!svg) return;
    const vb = svg.viewBox.baseVal;
    svg.setAttribute("width", vb.width);
    svg.setAttribute("height", vb.height);
    const box = this.viewport.getBoundingClientRect();
    if (!box.width || !box.height) return;
    this.scale = Math.min(box.width / vb.width, box.height / vb.height);
    this.tx = (box.width - vb.width * this.scale) / 2;
    this.ty = (box.height - vb.height * this.scale) / 2;
    this.apply();
  }

  // Zoom to frame the given elements (what the player painted), never beyond
  // the whole-map view nor closer than maxScale; false if none shows (the
  // whole map fitted).
  frame(elements, maxScale = 1.6, margin = 60, minScale = 0) {
    this.fit();
    const fitScale = this.scale;
    const view = this.viewport.getBoundingClientRect();
    let box = null;
    for (const el of elements) {
      const r = el.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      box = box ? { left: Math.min(box.left, r.left), top: Math.min(box.top, r.top),
        right: Math.max(box.right, r.right), bottom: Math.max(box.bottom, r.bottom) }
        : { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }
    if (!box) return false;
    const w = (box.right - box.left) / fitScale + 2 * margin;
    const h = (box.bottom - box.top) / fitScale + 2 * margin;
    const s = Math.max(fitScale, minScale, Math.min(maxScale, view.width / w, view.height / h));
    // content coordinates (CSS px at scale 1) of the box's centre
    const cx = ((box.left + box.right) / 2 - view.left - this.tx) / fitScale;
    const cy = ((box.top + box.bottom) / 2 - view.top - this.ty) / fitScale;
    this.scale = s;
    this.tx = view.width / 2 - cx * s;
    this.ty = view.height / 2 - cy * s;
    this.apply();
    return true;
  }

  // On a portrait screen a wide map fitted is a thin strip between empty
  // bands: zoomed until its height fills the box (hexes at most
  // FILL_HEX_PX), about the point at the centre; a pan shows the rest, Fit
  // the whole map.
  fillHeight() {
    const svg = this.content.querySelector("svg");
    const box = this.viewport.getBoundingClientRect();
    if (!svg || !box.height || innerHeight <= innerWidth) return;
    const hex = this.content.querySelector("[data-hex]")?.getBoundingClientRect().width / this.scale;
    const s = Math.min(MAX_SCALE, box.height / svg.viewBox.baseVal.height, hex ? FILL_HEX_PX / hex : Infinity);
    if (s <= this.scale) return;
    this.zoomAt(s / this.scale, box.width / 2, box.height / 2);
    const vb = svg.viewBox.baseVal;
    this.ty = Math.max(0, (box.height - vb.height * s) / 2);
    this.tx = Math.min(0, Math.max(box.width - vb.width * s, this.tx));
    this.apply();
  }

  // The viewport changed size (rotation, a resized window): keep the zoom and
  // the map point at its centre.
  resized() {
    const box = this.viewport.getBoundingClientRect();
    const old = this.box;
    this.box = { width: box.width, height: box.height };
    if (!old || !old.width || !old.height) return this.fit();
    this.tx += (box.width - old.width) / 2;
    this.ty += (box.height - old.height) / 2;
    this.apply();
  }

  zoomAt(factor, cx, cy) {
    const s = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * factor));
    const f = s / this.scale;
    this.tx = cx - (cx - this.tx) * f;
    this.ty = cy - (cy - this.ty) * f;
    this.scale = s;
    this.apply();
  }

  zoomCentre(factor) {
    const box = this.viewport.getBoundingClientRect();
    this.zoomAt(factor, box.width / 2, box.height / 2);
  }

  local(e) {
    const box = this.viewport.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  }

  down(e) {
    if (e.button !== undefined && e.button > 2) return;
    if (e.target.closest?.("button, input, select, a, .map-key")) return;   // a control or the key over the map
    this.pointers.set(e.pointerId, this.local(e));
    if (this.pointers.size === 1 && e.button > 0) {     // right or middle button: pan
      e.preventDefault();
      this.gesture = { kind: "pan", start: this.local(e), tx: this.tx, ty: this.ty };
    } else if (this.pointers.size === 1) {
      const p = this.local(e);
      this.gesture = { kind: "press", target: e.target, start: p, tx: this.tx, ty: this.ty,
        down: e, stroke: Boolean(this.strokes?.wants()) };
      if (this.gesture.stroke) this.strokes.hover(e);
      else if (this.onHold) {
        const g = this.gesture;
        g.hold = setTimeout(() => {
          if (this.gesture !== g || g.kind !== "press") return;
          g.kind = "held";
          this.onHold(g.target, g.down);
        }, HOLD_MS);
      }
    } else if (this.pointers.size === 2) {
      clearTimeout(this.gesture?.hold);
      if (this.gesture?.kind === "stroke") this.strokes.cancel();
      const [a, b] = [...this.pointers.values()];
      this.gesture = { kind: "pinch", dist: Math.hypot(a.x - b.x, a.y - b.y) || 1,
        mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, scale: this.scale, tx: this.tx, ty: this.ty };
    }
  }

  move(e) {
    if (!this.pointers.has(e.pointerId) || !this.gesture) return;
    const p = this.local(e);
    this.pointers.set(e.pointerId, p);
    const g = this.gesture;
    if (g.kind === "stroke") {
      this.strokes.move(e);
    } else if (g.kind === "press" || g.kind === "pan") {
      const dx = p.x - g.start.x;
      const dy = p.y - g.start.y;
      if (g.kind === "press" && Math.hypot(dx, dy) < TAP_SLOP) {
        if (g.stroke) this.strokes.hover(e);
        return;
      }
      if (g.kind === "press") {
        clearTimeout(g.hold);
        try { this.viewport.setPointerCapture(e.pointerId); } catch { /* a pointer the browser no longer tracks */ }
      }
      if (g.kind === "press" && g.stroke) {
        g.kind = "stroke";
        this.strokes.start(g.down);
        this.strokes.move(e);
        return;
      }
      g.kind = "pan";
      this.tx = g.tx + dx;
      this.ty = g.ty + dy;
      this.apply();
    } else if (g.kind === "pinch" && this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const s = Math.min(MAX_SCALE, Math.max(MIN_SCALE, g.scale * dist / g.dist));
      const f = s / g.scale;
      this.scale = s;
      this.tx = mid.x - (g.mid.x - g.tx) * f;
      this.ty = mid.y - (g.mid.y - g.ty) * f;
      this.apply();
    }
  }

  up(e) {
    if (!this.pointers.has(e.pointerId)) return;
    this.pointers.delete(e.pointerId);
    const g = this.gesture;
    if (this.pointers.size === 0) {
      this.gesture = null;
      clearTimeout(g?.hold);
      if (g && g.kind === "press") {
        if (g.stroke) this.strokes.cancel();
        this.onTap(g.target, e);
      }
      if (g && g.kind === "stroke") this.strokes.end();
    } else if (g && g.kind === "pinch") {
      this.gesture = { kind: "done" }; // lifting one finger of a pinch is not a tap
    }
  }

  cancel(e) {
    this.pointers.delete(e.pointerId);
    clearTimeout(this.gesture?.hold);
    if (this.gesture?.kind === "stroke" || this.gesture?.stroke) this.strokes.cancel();
    if (this.pointers.size === 0) this.gesture = null;
  }

  wheel(e) {
    if (e.target.closest?.(".map-key")) return;   // the key scrolls its own list
    e.preventDefault();
    const p = this.local(e);
    this.zoomAt(Math.exp(-e.deltaY * 0.0015), p.x, p.y);
  }
}
