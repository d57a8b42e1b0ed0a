// The page's one message box (#message), the status badge, and the update
// offers static/offline.js sends. A message may carry one action button
// ({label, run}); one about the situation on screen closes once the player
// changes that situation; a failed action's closes when the next
// such action succeeds.

const $ = (id) => document.getElementById(id);

let timer = null;

export function showMessage(text, kind = "error", action = null, untilEdit = false) {
  const box = $("message");
  box.dataset.untilEdit = String(untilEdit);
  delete box.dataset.about;
  $("message-text").textContent = text;
  const button = $("message-action");
  button.hidden = !action;
  button.textContent = action?.label ?? "";
  button.onclick = action ? () => action.run() : null;
  box.dataset.kind = kind;
  box.hidden = false;
  clearTimeout(timer);
  if (kind === "info" && !action) timer = setTimeout(() => { box.hidden = true; }, 5000);
}

// About the situation on screen (a refused edit, a query's error).
export const situationMessage = (text) => showMessage(text, "error", null, true);

// A failed action (about: "goto", "load", "los-typed"), said until one succeeds.
export function failed(about, text) {
  showMessage(text);
  $("message").dataset.about = about;
}

export function succeeded(about) {
  if ($("message").dataset.about === about) $("message").hidden = true;
}

// The setup changed (reason as Store.onChange gives it): a message about the
// situation before closes, unless the change is a refusal being said.
export function changed(reason) {
  if (reason !== "refused" && $("message").dataset.untilEdit === "true") $("message").hidden = true;
}

const STATUS_TEXT = { loading: "Loading rules…", ready: "Ready", offline: "Offline – ready", error: "Error" };

// The close button, the status badge (python.onStatus) and the update offers.
export function installMessages(python) {
  $("message-close").addEventListener("click", () => { $("message").hidden = true; });
  // A tap on the status says it in words (on a phone it is a badge with a sign).
  $("status").addEventListener("click", () => {
    const el = $("status");
    showMessage(el.title ? `${el.textContent}: ${el.title}` : `Rules engine: ${el.textContent}.`, "info");
  });
  python.onStatus((status, detail) => {
    const el = $("status");
    el.dataset.status = status;
    el.textContent = STATUS_TEXT[status] || status;
    if (status === "error") {
      el.title = String(detail ?? "");
      showMessage(`The rules engine failed to load: ${detail}. Editing still works; reload to retry.`);
    }
  });
  addEventListener("asl-update", (e) => {
    const { kind, apply, detail } = e.detail;
    if (kind === "ready") {
      showMessage("A new version of the app is ready: it starts when you pause (your setup is kept).",
        "info", { label: "Update now", run: apply });
    } else if (kind === "reload") {
      const text = "A new version of the app was installed: this tab reloads when you pause " +
        "(your setup is kept).";
      showMessage(text, "info", { label: "Reload now", run: apply });
      // Said by the badge too, until the reload: a later message replaces this one.
      $("status").dataset.status = "loading";
      $("status").textContent = "Update waiting";
      $("status").title = text;
    } else if (kind === "mixed") {
      $("status").dataset.status = "error";
      $("status").textContent = "Mixed versions";
      showMessage(`This page runs parts of two versions of the app (${detail.join(", ")}). ` +
        "Reload it before relying on a ruling.", "error", { label: "Reload", run: apply });
    }
  });
}
