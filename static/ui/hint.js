// The first-run hint: how to begin with real boards, the
// import button right there, then the units and the question, at the top of
// the side panel. Once boards are imported it offers their map in one tap.
// It goes for good when dismissed, or once the player has a first ruling on
// screen.

const KEY = "asl-los-first-run-hint";   // "done" once dismissed

function seen() {
  try {
    return localStorage.getItem(KEY) === "done";
  } catch {
    return false;                        // storage blocked: shown, and dismissed for this page only
  }
}

// Returns {boards(labels)}: boards just imported (ui/boards.js offer), their map offered.
export function installHint() {
  const $ = (id) => document.getElementById(id);
  const box = $("first-run");
  const hint = { boards: () => {} };
  if (!box || seen()) return hint;
  hint.boards = (labels) => {
    if (box.hidden || !labels.length) return;
    const many = labels.length > 1;
    $("first-run-map-text").textContent = `Board${many ? "s" : ""} ${labels.join(", ")} imported.`;
    $("first-run-new-map").textContent = `Map of board${many ? "s" : ""} ${labels.join(", ")}`;
    $("first-run-map").hidden = false;
    // imported: the lead no longer asks for them, the button offers more
    $("first-run-lead").hidden = true;
    $("first-run-import").textContent = "Import more board files…";
  };
  $("first-run-new-map").addEventListener("click", () => {
    $("first-run-map").hidden = true;
    $("new-boards").click();
  });
  // the boards' cells (filled with what was imported), to flip or move one first
  $("first-run-lay-out").addEventListener("click", () => {
    $("board-grid").scrollIntoView({ block: "center" });
  });
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
  $("first-run-close").addEventListener("click", done);
  box.hidden = false;
  return hint;
}
