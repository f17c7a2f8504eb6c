// Skyjo Pad: "Count my cards" on the round form (the server's and the one drawn offline):
// tap a cell, then its value on the keypad; the score of the 12 cards follows. Loaded after
// app.js, whose `$$` and `t` it uses when a form is set up.
"use strict";

// Colour a card cell like the real deck, and mark removed cards.
function paintCell(cell) {
  const v = cell.value.trim().toLowerCase();
  cell.classList.remove("v-neg", "v-zero", "v-low", "v-mid", "v-high", "gone");
  if (v === "") return;
  if (["x", "✕", "×", "*"].includes(v)) { cell.classList.add("gone"); return; }
  const n = Number(v.replace("−", "-"));
  if (!Number.isInteger(n)) return;
  cell.classList.add(n < 0 ? "v-neg" : n === 0 ? "v-zero" : n <= 4 ? "v-low" : n <= 8 ? "v-mid" : "v-high");
}

// A card cell's value: a number, null for a removed card, undefined when empty or unreadable.
function cellValue(cell) {
  const v = cell.value.trim().toLowerCase();
  if (["x", "✕", "×", "*"].includes(v)) return null;
  const n = Number(v.replace("−", "-"));
  return v !== "" && Number.isInteger(n) && n >= -2 && n <= 12 ? n : undefined;
}

// The score of 12 cards given row by row (4 columns; null for a card already removed):
// a column of three equal cards is removed and does not count. A pure function, checked
// against the engine's own scoring by the browser tests; the server scores every saved
// round again. Returns {raw, removed: [column indexes]}.
function cardTotal(values) {
  let raw = 0;
  const removed = [];
  for (let col = 0; col < 4; col++) {
    const column = [values[col], values[col + 4], values[col + 8]];
    if (column[0] !== null && column.every((v) => v === column[0])) { removed.push(col); continue; }
    for (const v of column) raw += v === null ? 0 : v;
  }
  return { raw, removed };
}
window.SkyjoPad = Object.freeze({ cardTotal });

// The cells' score, or null while a cell is empty or unreadable.
function gridScore(cells) {
  const values = cells.map(cellValue);
  return values.some((v) => v === undefined) ? null : cardTotal(values);
}

// "Count my cards": tap a cell, then tap its value on the keypad.
function setupCount(details, onChange) {
  const cells = $$(details, ".cell");
  const seat = details.closest("[data-seat]");
  const sum = document.createElement("p");
  sum.className = "grid-sum";
  sum.setAttribute("aria-live", "polite");
  // With all 12 cards in, the score field shows their sum straight away.
  const count = () => {
    const result = gridScore(cells);
    const filled = cells.filter((c) => c.value.trim() !== "").length;
    cells.forEach((c, i) => c.classList.toggle("dropped", result !== null && result.removed.includes(i % 4)));
    // A cell typed that is no card (13, say) is marked and named, before Save says it.
    const wrong = cells.findIndex((c) => c.value.trim() !== "" && cellValue(c) === undefined);
    cells.forEach((c, i) => {
      if (i === wrong) c.setAttribute("aria-invalid", "true"); else c.removeAttribute("aria-invalid");
    });
    if (wrong >= 0) {
      sum.textContent = t("not_a_card", { row: Math.floor(wrong / 4) + 1, column: (wrong % 4) + 1, text: cells[wrong].value.trim() });
      return;
    }
    if (result === null) {
      sum.textContent = filled ? t("filled", { n: filled }) : "";
      return;
    }
    // Columns removed: the three equal cards counted now, and those marked ✕ (removed
    // during the round), as the grid shows both out of play.
    const marked = [0, 1, 2, 3].filter((col) => [0, 4, 8].every((row) => cellValue(cells[row + col]) === null));
    const n = result.removed.length + marked.length;
    const value = String(result.raw).replace("-", "−");
    sum.textContent = t(n === 0 ? "count" : n === 1 ? "count_gone_one" : "count_gone_many", { value, n });
    seat.querySelector(".score").value = String(Math.abs(result.raw));
    seat.querySelector("[data-sign]").checked = result.raw < 0;
  };
  let active = 0;
  const select = (i) => {
    active = Math.max(0, Math.min(cells.length - 1, i));
    cells.forEach((c, j) => {
      c.classList.toggle("active", j === active);
      if (j === active) c.setAttribute("aria-current", "true"); else c.removeAttribute("aria-current");
    });
  };
  // The keypad fills the cell chosen by a tap, or by the keyboard's focus; a keyboard can
  // also type a card in (no phone keyboard opens: inputmode none), Enter moving on.
  cells.forEach((cell, i) => {
    cell.inputMode = "none";
    cell.addEventListener("click", () => select(i));
    cell.addEventListener("focus", () => { select(i); cell.select(); }); // a key typed replaces "13"
    cell.addEventListener("input", () => { paintCell(cell); count(); onChange(); });
    cell.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      if (cells[i + 1]) cells[i + 1].focus();
    });
    paintCell(cell);
  });
  const pad = document.createElement("div");
  pad.className = "keypad";
  const keys = ["-2", "-1", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "✕", "⌫", "Clear"];
  const keyName = (key) => (key === "Clear" ? t("clear") : key.replace("-", "−"));
  for (const key of keys) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = keyName(key);
    b.setAttribute("aria-label", key === "⌫" ? t("erase") : key === "✕" ? t("removed") : key === "Clear" ? t("clear_all") : t("card_key", { value: key }));
    b.addEventListener("click", () => {
      if (key === "Clear") { cells.forEach((c) => { c.value = ""; paintCell(c); }); select(0); }
      else if (key === "⌫") { cells[active].value = ""; paintCell(cells[active]); }
      else { cells[active].value = keyName(key); paintCell(cells[active]); select(active + 1); } // as the key shows it
      count();
      onChange();
    });
    pad.appendChild(b);
  }
  details.querySelector(".grid").after(sum, pad);
  // A score typed (or its sign turned) over cards tapped in decides: the cards are cleared,
  // so the round saved is the number the field shows, and the grid says so.
  const typedOver = () => {
    if (!cells.some((c) => c.value.trim())) return;
    cells.forEach((c) => { c.value = ""; paintCell(c); });
    count();
    select(0);
    sum.textContent = t("cards_cleared");
    onChange();
  };
  seat.querySelector(".score").addEventListener("input", typedOver);
  seat.querySelector("[data-sign]").addEventListener("change", typedOver);
  // Opening it closes the phone's keyboard and brings the whole grid, its total and the
  // keypad into view above the save bar.
  // A grid drawn open (a correction of counted cards) is left where the page shows it,
  // unless its refusal is to be said: the page opens at its top.
  let drawnOpen = details.open;
  details.addEventListener("toggle", () => {
    if (!details.open) return;
    const quiet = drawnOpen && !details.querySelector(".field-error[role=alert]");
    drawnOpen = false;
    if (quiet) return;
    // The chosen cell takes the focus (so a keyboard goes on from there, and the phone's
    // keyboard closes: the cells open none).
    cells[active].focus({ preventScroll: true });
    requestAnimationFrame(() => {
      seat.scrollIntoView({ block: "start" });
      // The server's page refused a half-counted grid: its sentence, under the keypad, may
      // be out of sight; the cell says it too (app.js).
      const said = details.querySelector(".field-error[role=alert]");
      if (said && typeof window.sayBeside === "function") window.sayBeside(cells[active], said);
    });
  });
  count();
  select(cells.findIndex((c) => !c.value) === -1 ? 0 : cells.findIndex((c) => !c.value));
}
