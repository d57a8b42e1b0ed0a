// The view's own controls: the zoom buttons, the portrait sheet,
// the Keys list. None of them changes the setup.

const $ = (id) => document.getElementById(id);

export function installViewControls(pz) {
  $("zoom-in").addEventListener("click", () => pz.zoomCentre(1.25));
  $("zoom-out").addEventListener("click", () => pz.zoomCentre(0.8));
  $("zoom-fit").addEventListener("click", () => pz.fit());
  addEventListener("resize", () => pz.resized());
  // The header's height, for what must open below it (card.css: the ruling card).
  const topbar = document.querySelector(".topbar");
  new ResizeObserver(() => document.documentElement.style.setProperty("--topbar-h",
    `${topbar.getBoundingClientRect().height}px`)).observe(topbar);
  // On a portrait screen the panel is a sheet below the map: pulled up for a
  // ruling's steps, let down for the map.
  $("sheet-toggle").addEventListener("click", () => {
    const up = document.body.dataset.sheet !== "up";
    if (up) document.body.dataset.sheet = "up"; else delete document.body.dataset.sheet;
    $("sheet-toggle").setAttribute("aria-expanded", String(up));
    $("sheet-toggle").textContent = up ? "Let down" : "Pull up";
    $("sheet-toggle").setAttribute("aria-label", up ? "Let the panel down below the map"
      : "Pull the panel up over the map");
    requestAnimationFrame(() => pz.resized());
  });
  // The Keys list, opened by "?" or a tap, is scrolled into sight (a phone's panel is short).
  $("keys-help").addEventListener("toggle", () => {
    if ($("keys-help").open) $("keys-help").scrollIntoView({ block: "start" });
  });
}
