// The first-run hint (issue 22): the three steps of the app, paint, place,
// ask, at the top of the side panel. It goes for good when dismissed, or
// once the player has a first ruling on screen (the third step done).

const KEY = "asl-los-first-run-hint";   // "done" once dismissed

function seen() {
  try {
    return localStorage.getItem(KEY) === "done";
  } catch {
    return false;                        // storage blocked: shown, and dismissed for this page only
  }
}

export function installHint() {
  const box = document.getElementById("first-run");
  if (!box || seen()) return;
  const done = () => {
    box.hidden = true;
    observer.disconnect();
    try {
      localStorage.setItem(KEY, "done");
    } catch { /* dismissed for this page only */ }
  };
  const result = document.getElementById("los-result");
  const observer = new MutationObserver(() => { if (!result.hidden) done(); });
  observer.observe(result, { attributes: true, attributeFilter: ["hidden"] });
  box.querySelector("button").addEventListener("click", done);
  box.hidden = false;
}
