// New map of geomorphic boards: a grid of cells, one per board,
// each with its number and a flip toggle (rotated 180 degrees). It builds the
// setup's map.boards field (docs/contract.md); Python checks it, names the hexes
// and derives the map's size.

const $ = (id) => document.getElementById(id);

export class BoardGrid {
  constructor() {
    this.grid = $("board-grid");
    this.cells = [];
    for (const id of ["boards-across", "boards-down"]) $(id).addEventListener("change", () => this.draw());
    this.draw();
  }

  get across() { return Number($("boards-across").value); }
  get down() { return Number($("boards-down").value); }

  // One cell per board, keeping what was typed in the cells that stay.
  draw() {
    const old = this.cells;
    this.grid.style.gridTemplateColumns = `repeat(${this.across}, minmax(0, max-content))`;
    this.grid.replaceChildren();
    this.cells = [];
    for (let i = 0; i < this.down; i++) {
      for (let j = 0; j < this.across; j++) {
        const before = old.find((c) => c.i === i && c.j === j);
        const cell = document.createElement("div");
        cell.className = "board-cell";
        const label = document.createElement("input");
        label.type = "text";
        label.inputMode = "text";
        label.setAttribute("list", "board-options");     // the imported boards (ui/boardlib.js)
        label.value = before ? before.label.value : "";
        label.placeholder = "no.";
        // a tap selects the whole number, so typing replaces it (never "1412")
        label.addEventListener("focus", () => setTimeout(() => label.select(), 0));
        label.setAttribute("aria-label", `Board in row ${i + 1}, column ${j + 1}`);
        const flip = document.createElement("button");
        flip.type = "button";
        flip.textContent = "flip";
        flip.title = "Flipped: the board is turned 180°, its A1 at the far corner";
        flip.setAttribute("aria-pressed", before ? before.flip.getAttribute("aria-pressed") : "false");
        flip.addEventListener("click", () =>
          flip.setAttribute("aria-pressed", String(flip.getAttribute("aria-pressed") !== "true")));
        cell.append(label, flip);
        this.grid.append(cell);
        this.cells.push({ i, j, label, flip });
      }
    }
  }

  // Show the layout of the map on screen (map.boards, as Python accepted it),
  // so a new map starts from it; one the grid cannot hold is left alone.
  show(boards) {
    const fits = (n, id) => n >= 1 && n <= $(id).options.length;
    if (!fits(boards.length, "boards-down") || !boards.every((row) => fits(row.length, "boards-across"))) return;
    $("boards-across").value = String(boards[0].length);
    $("boards-down").value = String(boards.length);
    this.cells = [];
    this.draw();
    for (const c of this.cells) {
      const board = boards[c.i][c.j];
      c.label.value = typeof board === "string" ? board : board.board;
      c.flip.setAttribute("aria-pressed", String(typeof board !== "string" && board.flip === true));
    }
  }

  // The first cell with no board number, or null.
  emptyCell() {
    return this.cells.find((c) => !c.label.value.trim()) ?? null;
  }

  // Boards just imported fill the empty cells in order (ui/boardlib.js); a
  // cell with a number is never rewritten, and the row grows for boards that
  // find no empty cell. Into an empty grid they come as a row (four to a
  // row), so New map takes them as they are: one board imported, a map of
  // that board. The offer names every board of the grid.
  offer(labels) {
    const filled = () => this.cells.map((c) => c.label.value.trim()).filter(Boolean);
    const fresh = labels.filter((l) => !filled().includes(l));
    if (!filled().length) {
      const across = Math.min(fresh.length || 1, $("boards-across").options.length);
      $("boards-across").value = String(across);
      $("boards-down").value = String(Math.min(Math.ceil(fresh.length / across) || 1,
        $("boards-down").options.length));
      this.draw();
    }
    const room = () => this.cells.filter((c) => !c.label.value.trim()).length;
    const widest = $("boards-across").options.length;
    if (room() < fresh.length && this.down === 1 && this.across < widest) {
      $("boards-across").value = String(Math.min(widest, this.across + fresh.length - room()));
      this.draw();
    }
    const empty = this.cells.filter((c) => !c.label.value.trim());
    fresh.forEach((l, k) => { if (k < empty.length) empty[k].label.value = l; });
    this.onOffer?.(filled());
  }

  // The map.boards value: rows top to bottom, boards left to right.
  boards() {
    const rows = [];
    for (const c of this.cells) {
      rows[c.i] = rows[c.i] || [];
      const label = c.label.value.trim();
      const flip = c.flip.getAttribute("aria-pressed") === "true";
      const source = this.sourceFor?.(label);    // an imported board of that number
      rows[c.i].push(source ? { board: label, source, ...(flip ? { flip } : {}) }
        : flip ? { board: label, flip: true } : label);
    }
    return rows;
  }
}
