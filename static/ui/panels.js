// Result panels: the LOS ruling, the Wall Advantage table, the unit editor's flags.
// Every value from a setup or a ruling enters the DOM as text (textContent),
// never as HTML: unit ids and names come from strangers' links.

import { UNIT_FLAGS } from "./marks.js";

const $ = (id) => document.getElementById(id);

export function node(tag, text, cls) {
  const n = document.createElement(tag);
  if (text !== undefined && text !== null) n.textContent = String(text);
  if (cls) n.className = cls;
  return n;
}

function ruleItem(tag, step) {
  const li = node(tag);
  let line = li;
  if (step.explain) { // what the rule requires (pycore.rules.explain): tap the step to expand
    const details = node("details", null, "explain");
    line = node("summary");
    details.append(line, node("p", step.explain, "explain-text"));
    li.append(details);
  }
  if (step.rule) line.append(node("span", step.rule, "rule"));
  line.append(document.createTextNode(step.text ?? ""));
  return li;
}

// The ruling of pycore.api.los / fire (docs/contract.md) in the LOS panel, in the
// words web/present.py wrote into it (result.present): the verdict and one
// row per fact. The ruling card (web/card.py) shows the same words.
export function showLosResult(result) {
  const box = $("los-result");
  box.hidden = false;
  const verdict = $("los-verdict");
  verdict.dataset.los = String(Boolean(result.los));
  verdict.textContent = result.present.verdict;
  $("los-facts").replaceChildren(...result.present.facts.flatMap((fact) => {
    const value = node("dd", fact.value);
    value.dataset.k = fact.key;
    return [node("dt", fact.label), value];
  }));
  $("los-steps").replaceChildren(...(result.steps || []).map((s) => ruleItem("li", s)));
}

export function clearLosResult() {
  $("los-result").hidden = true;
}

// pycore.api.wall_advantage, its yes/no worded by Python (web/present.py
// claims): one row per unit, then the setup's contradictions.
export function showWallAdvantage(wa) {
  const rows = Object.entries(wa.units || {}).map(([id, u]) => {
    const tr = node("tr");
    tr.dataset.unit = id;
    const said = wa.present[id];
    const cells = [
      [id, "id"], [said.has, "has"], [said.eligible, "eligible"], [said.mandatory, "mandatory"],
      [(u.hexsides || []).join(" "), "hexsides"], [u.reason ?? "", "reason"],
    ];
    for (const [text, key] of cells) {
      const td = node("td", text);
      td.dataset.k = key;
      if (text === "yes") td.className = "yes";
      tr.append(td);
    }
    return tr;
  });
  $("wa-body").replaceChildren(...rows);
  $("wa-problems").replaceChildren(...(wa.problems || []).map((p) => ruleItem("li", p)));
}

export function waUnavailable(text) {
  const tr = node("tr");
  const td = node("td", text);
  td.colSpan = 6;
  tr.append(td);
  $("wa-body").replaceChildren(tr);
  $("wa-problems").replaceChildren();
}

// Checkboxes for the unit flags of docs/contract.md, built once.
export function buildFlagBoxes(onChange) {
  const box = $("ue-flags");
  for (const flag of UNIT_FLAGS) {
    const label = node("label");
    const input = node("input");
    input.type = "checkbox";
    input.dataset.flag = flag;
    input.addEventListener("change", () => onChange(flag, input.checked));
    label.append(input, document.createTextNode(flag.replace("_", " ")));
    box.append(label);
  }
}

export function fillSelect(select, values) {
  select.replaceChildren(...values.map((v) => {
    const o = node("option", v);
    o.value = v;
    return o;
  }));
  coverSelect(select);
}

// A select whose every option has its one-tap button is shown once, as the
// buttons; the select stays for keyboards and screen readers.
function coverSelect(select) {
  const row = select.parentElement?.querySelector(`.quick[data-for="${select.id}"]`);
  const buttons = row ? [...row.children].map((b) => b.dataset.value) : [];
  const options = [...select.options].map((o) => o.value);
  select.classList.toggle("visually-hidden",
    buttons.length === options.length && options.every((v, i) => v === buttons[i]));
}

// The counters' names of the selected unit's nationality, by group, as a list
// to choose from (none for a side with no list: its names are typed).
export function showCounterNames(groups, name) {
  const select = $("ue-counter");
  const key = JSON.stringify(groups);
  if (select.dataset.groups !== key) {
    select.dataset.groups = key;
    select.replaceChildren(node("option", "…"), ...groups.map((g) => {
      const group = Object.assign(document.createElement("optgroup"), { label: g.words });
      if (g.type) group.dataset.type = g.type;
      group.append(...g.names.map((n) => new Option(n, n)));
      return group;
    }));
    select.options[0].value = "";
  }
  $("ue-counter-row").hidden = !groups.length;
  select.value = groups.some((g) => g.names.includes(name)) ? name : "";
}

// Show the selected unit in the editor (or hide the editor).
export function showUnit(unit, hexTopLevel = 0) {
  $("unit-editor").hidden = !unit;
  if (!unit) return;
  $("ue-title").textContent = unit.id;
  const set = (id, value) => {
    const input = $(id);
    if (document.activeElement !== input) input.value = value;
  };
  set("ue-id", unit.id);
  set("ue-name", unit.name ?? "");
  set("ue-side", unit.side ?? "");
  set("ue-type", unit.type ?? "squad");
  // Only the levels its hex has (a building's, B23): never a choice the rules refuse.
  const top = Math.max(Number(unit.level ?? 0), hexTopLevel);
  const levels = $("ue-level");
  if (levels.options.length !== top + 1) {
    fillSelect(levels, Array.from({ length: top + 1 }, (_, i) => String(i)));
  }
  levels.value = String(unit.level ?? 0);
  quickButtons(levels, [...levels.options].map((o) => o.value));
  $("ue-wa").value = unit.wa === true ? "true" : unit.wa === false ? "false" : "auto";
  for (const input of $("ue-flags").querySelectorAll("input[data-flag]")) {
    input.checked = Boolean(unit[input.dataset.flag]);
  }
  $("ue-bypass").textContent = unit.bypass || "none";
  $("ue-vertex").textContent = unit.vertex || "none";
}

// One-tap buttons beside a select for its common values (a select costs two
// taps on a tablet): a button sets the select and fires its change; the
// pressed button follows the select.
export function quickButtons(select, values, label = (v) => v) {
  let row = select.parentElement.querySelector(`.quick[data-for="${select.id}"]`);
  if (!row) {
    row = node("span");
    row.className = "quick";
    row.dataset.for = select.id;
    select.after(row);
    select.addEventListener("change", () => press(row, select.value));
  }
  row.replaceChildren(...values.map((v) => {
    const b = node("button", label(v));
    b.type = "button";
    b.dataset.value = v;
    b.addEventListener("click", () => {
      select.value = v;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
    return b;
  }));
  press(row, select.value);
  coverSelect(select);
}

function press(row, value) {
  for (const b of row.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.dataset.value === value));
}

// Mark the one button of a palette whose attr has this value as pressed.
export function pressOne(container, attr, value) {
  for (const b of container.querySelectorAll(`[${attr}]`)) b.setAttribute("aria-pressed", String(b.getAttribute(attr) === value));
}
