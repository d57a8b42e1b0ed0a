// The page's wiring (docs/contract.md "The page"): it builds the map, the store,
// the tools and the panels, hands each what it needs, fans out a refresh at
// every change, starts the page and owns window.asl. Python (pycore via
// static/pyworker.js) makes every ruling; each job is a module in static/ui/.

import { python } from "./pyworker.js";
import { clone } from "./ui/store.js";
import { MapView } from "./ui/mapview.js";
import { PanZoom } from "./ui/panzoom.js";
import * as files from "./ui/files.js";
import { LosTool } from "./ui/lostool.js";
import { BoardGrid } from "./ui/boards.js";
import { BoardLibrary } from "./ui/boardlib.js";
import { UnitTool } from "./ui/unittool.js";
import { RulingCard } from "./ui/card.js";
import { PaintTool } from "./ui/painttool.js";
import { Strokes } from "./ui/strokes.js";
import { installKeys, installUndo, showUndo } from "./ui/keys.js";
import { installHint } from "./ui/hint.js";
import { changed, installMessages, showMessage, situationMessage } from "./ui/messages.js";
import { Startup } from "./ui/startup.js";
import { MapLoader } from "./ui/maploader.js";
import { Tools } from "./ui/tools.js";
import { VisibilityTool } from "./ui/vistool.js";
import { SeenTool } from "./ui/seentool.js";
import { BorderlinePanel } from "./ui/borderline.js";
import { WallAdvantagePanel } from "./ui/wapanel.js";
import { installGoto } from "./ui/goto.js";
import { ShareBox } from "./ui/share.js";
import { External } from "./ui/external.js";
import { installViewControls } from "./ui/viewcontrols.js";
import { QuestionSave } from "./ui/question.js";
import { ReadingView } from "./ui/reading.js";
import { ScenarioRules } from "./ui/scenario.js";
import { MapTerrain } from "./ui/terrain.js";
import { OverlayTool } from "./ui/overlaytool.js";

const $ = (id) => document.getElementById(id);

installMessages(python);

// --- the map, the saved setup, the tools ------------------------------------------

const mapBox = $("map");
const view = new MapView($("map-content"), python);
const strokes = new Strokes({
  view,
  tool: () => tools.stroking(),
  onHexes: (hexes) => maps.drawnIs(store.setup.map) && paint.paintHexes(hexes),
  onHexsides: (sides) => maps.drawnIs(store.setup.map) && paint.setHexsides(sides),
});
const pz = new PanZoom(mapBox, $("map-content"), (target, event) => tools.tap(target, event), strokes,
  (target) => {       // a held hex: what the app read there
    const hex = target?.closest?.("[data-hex]")?.dataset.hex;
    if (hex && maps.drawnIs(store.setup.map)) reading.show(hex);
  });

const startup = new Startup();          // the newest save storage holds, the rest kept aside
const store = startup.store;
startup.watch(python);

const los = new LosTool({ store, view, python, showMessage: situationMessage,
  onQuestion: () => { share.stale(); question.changed(); },
  onResult: (...ruling) => borderline.show(...ruling) });
// A borderline ruling (A6.1): both outcomes, and the players' dr or agreement.
const borderline = new BorderlinePanel({ store, view, python });
const boardGrid = new BoardGrid();
// The player's board files: in Python before any setup naming them is judged.
const library = new BoardLibrary({ python, showMessage, grid: boardGrid,
  openLink: (text, said) => external.openLink(text, said), current: () => store.setup,
  inUse: () => [...(store.setup.map.boards ?? []).flat(), ...(store.setup.map.overlays ?? [])]
    .map((b) => b?.source).filter(Boolean) });
// The Overlays tool: the scenario's overlays laid from the imported overlay files, by taps.
const overlayTool = new OverlayTool({ store, python, library, showMessage });
library.onList = () => overlayTool.refresh();
// The map's terrain as the rules see it, every layer decided by Python (ui/terrain.js):
// painted as given, the SSRs' changes edged in gold, the hexes whose board draws
// terrain the app does not model marked, the SSRs' legend shown.
const terrain = new MapTerrain({ store, python, ready: library.ready, onView: (got) => {
  if (!maps.drawnIs(store.setup.map)) return;
  view.paintTerrain(terrain.painted(store.setup));
  view.markParts("data-ssr", got.changed);
  view.markHexes("data-unmodelled", Object.keys(got.unmodelled));
  scenario.showLegend(got.legend);
  scenario.showRules(got.rules);
}, onError: (err) => showMessage(`The map's terrain could not be painted: ${err.player ?? err.message}`) });
const paint = new PaintTool({ store, python, under: terrain.under, imported: () => terrain.imported() });
boardGrid.sourceFor = (label) => library.sourceFor(label);
// Scenario rules: the toggles (ui/scenario.js).
const scenario = new ScenarioRules({ store, python });
const units = new UnitTool({ store, view, python, showMessage,
  setPick: (pick) => tools.pick(pick),
  onRename: (old, id) => { los.renameUnit(old, id); vis.renameUnit(old, id); seen.renameUnit(old, id); } });
view.onCounters = () => {        // Python's counters: the levels of the unit's hex, the sides
  units.showEditor();
  seen.countersCame();
};
const vis = new VisibilityTool({ store, view, python });
// Who sees a hex or a unit, and a side's dead ground: the Visibility tool's other views.
const seen = new SeenTool({ store, view, python, vis, showTool: (tool) => tools.set(tool),
  askLos: (viewer, target, level) => {
    tools.set("los");
    $("los-target-level").value = String(level);
    los.setEnds(viewer, target);
  } });
const reading = new ReadingView({ store, python, paint, showMessage });
const wa = new WallAdvantagePanel({ store, python });
const maps = new MapLoader({ box: mapBox, view, pz, store, python, library, boardGrid,
  onDrawn: () => refresh("map") });

// What a tap on the map does, by tool and by what was tapped (ui/tools.js).
const tools = new Tools({
  box: mapBox,
  tools: {
    terrain: { hex: (hex) => paint.paintHexes([hex]) },
    // the hexside nearest the tap: the same hexside again removes it
    hexside: { hexside: (name) => paint.toggleHexside(name) },
    unit: units.taps,
    los: los.taps,
    vis: seen.taps,
    overlay: overlayTool.taps,
  },
  sideAt: (event) => strokes.sideAt(event),
  drawn: () => maps.drawnIs(store.setup.map),
  onTool: (tool) => {
    los.chip(tool === "los");
    if (tool === "overlay") overlayTool.shown();
  },
});
$("los-pick-vertex").addEventListener("click", () =>
  tools.pick({ kind: "vertex", vertex: (name) => los.setTargetVertex(name) }));
$("los-chip-open").addEventListener("click", () => tools.set("los"));
$("los-chip-close").addEventListener("click", () => los.clear());
// The map's key (web/legend.py, written in at build time): one tap opens it, one
// closes it. Its swatches are copied in only while it is open, so a closed key
// holds nothing that looks like one of the map's marks.
function showKey(open) {
  const body = document.querySelector("#map-key .key-body");
  if (open) body.replaceChildren($("map-key-swatches").content.cloneNode(true));
  else body.replaceChildren();
  $("map-key").hidden = !open;
  $("key-open").setAttribute("aria-expanded", String(open));
}
$("key-open").addEventListener("click", () => showKey($("map-key").hidden));
$("key-close").addEventListener("click", () => showKey(false));

const card = new RulingCard({ store, los, view, pz, python, showMessage, showTool: (tool) => tools.set(tool),
  shareUrl: files.shareUrl });
const share = new ShareBox({ store, card });
const question = new QuestionSave({ store, view, card });
const external = new External({ store, python, view, maps, card, library, boardGrid,
  loaded: (setup) => units.chipsFromSetup(setup) });
installGoto({ store, python, view, pz, los });

// --- keeping the map and panels in step -------------------------------------------

function refresh(reason) {
  const setup = store.setup;
  changed(reason);
  showUndo(store);
  if (!maps.drawnIs(setup.map)) {
    maps.redraw();
    return;
  }
  maps.shown();
  units.dropGone();
  view.sync(terrain.painted(setup), units.selected);
  terrain.refresh();
  scenario.refresh();
  share.stale();
  units.showEditor();
  los.refresh();
  vis.refresh();
  seen.refresh();
  wa.refresh();
  reading.refresh();
  overlayTool.refresh();
  library.refreshArt();
}
store.onChange((setup, reason) => refresh(reason));

// --- keys and the view's controls (listed in the Keys panel) ----------------

installUndo(store);
installKeys({
  setTool: (tool) => tools.set(tool),
  tool: () => tools.current,
  actions: {
    "s": () => units.switchSide(),
    "f": () => pz.fit(),
    "+": () => pz.zoomCentre(1.25), "=": () => pz.zoomCentre(1.25), "-": () => pz.zoomCentre(0.8),
    "Escape": () => { tools.pick(null); los.clear(); },
    "?": () => { $("keys-help").open = !$("keys-help").open; },
  },
});
const hint = installHint();
boardGrid.onOffer = (labels) => hint.boards(labels);
installViewControls(pz);
$("zoom-frame").addEventListener("click", () => maps.frame());

// --- start ------------------------------------------------------------------------

// The page opens looking and asking: a drag pans, nothing is painted
// until the player picks Terrain or Hexsides.
tools.set("los");
startup.firstDraw(refresh);
maps.frame();
const link = files.takeLinkFromUrl();
const started = python.ready.then(async () => {
  await library.ready;
  let opened = false;
  try {
    await startup.checkSaved(python, maps, refresh);
    opened = link ? await external.openLink(link) : false;
    await maps.job;
  } finally {       // even after a failure above, the question is saved again from now on
    await question.restore(opened);      // a link's question wins over the saved one
  }
});

window.asl = {
  ready: started.then(() => undefined),
  call: (name, ...args) => python.call(name, ...args),
  queries: () => ({ ...python.sent }),      // how many of each query reached Python
  getSetup: () => clone(store.setup),
  loadSetup: (setup) => external.load(setup, "setup").then(() => undefined),
};
