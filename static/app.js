// Skyjo Pad: small enhancements. Every form works without this file.
"use strict";

const $$ = (root, sel) => Array.from(root.querySelectorAll(sel));

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

// The 12 cards' score (row by row, 4 columns); a column of three equal cards is removed.
// The server scores the round again when it is previewed or saved.
function gridScore(cells) {
  const values = cells.map(cellValue);
  if (values.some((v) => v === undefined)) return null;
  let raw = 0;
  const removed = [];
  for (let col = 0; col < 4; col++) {
    const column = [values[col], values[col + 4], values[col + 8]];
    if (column[0] !== null && column.every((v) => v === column[0])) { removed.push(col); continue; }
    for (const v of column) raw += v === null ? 0 : v;
  }
  return { raw, removed };
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
    if (result === null) {
      sum.textContent = filled ? `${filled} of 12 cards` : "";
      return;
    }
    const n = result.removed.length;
    const gone = n ? `, ${n} column${n > 1 ? "s" : ""} removed` : "";
    sum.textContent = `Count: ${String(result.raw).replace("-", "−")}${gone}`;
    seat.querySelector(".score").value = String(Math.abs(result.raw));
    seat.querySelector("[data-sign]").checked = result.raw < 0;
  };
  let active = 0;
  const select = (i) => {
    active = Math.max(0, Math.min(cells.length - 1, i));
    cells.forEach((c, j) => c.classList.toggle("active", j === active));
  };
  cells.forEach((cell, i) => {
    cell.readOnly = true;
    cell.inputMode = "none";
    cell.addEventListener("click", () => select(i));
    paintCell(cell);
  });
  const pad = document.createElement("div");
  pad.className = "keypad";
  const keys = ["-2", "-1", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "✕", "⌫", "Clear"];
  for (const key of keys) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = key.replace("-", "−");
    b.setAttribute("aria-label", key === "⌫" ? "Erase card" : key === "✕" ? "Removed card" : key === "Clear" ? "Clear all cards" : "Card " + key);
    b.addEventListener("click", () => {
      if (key === "Clear") { cells.forEach((c) => { c.value = ""; paintCell(c); }); select(0); }
      else if (key === "⌫") { cells[active].value = ""; paintCell(cells[active]); }
      else { cells[active].value = key === "✕" ? "x" : key; paintCell(cells[active]); select(active + 1); }
      count();
      onChange();
    });
    pad.appendChild(b);
  }
  details.querySelector(".grid").after(sum, pad);
  count();
  select(cells.findIndex((c) => !c.value) === -1 ? 0 : cells.findIndex((c) => !c.value));
}

// The round form: a live preview of doubling and totals as scores are typed.
function setupRoundForm(form) {
  const target = form.querySelector("[data-preview]");
  const url = form.dataset.previewUrl;
  let timer = null;
  let seq = 0;
  const refresh = async () => {
    const mine = ++seq;
    const body = new FormData(form);
    body.delete("action");
    try {
      const res = await fetch(url, { method: "POST", body, headers: { "X-Requested-With": "fetch" } });
      if (!res.ok || mine !== seq) return;
      target.innerHTML = await res.text();
      // A completed card grid fills in that player's score.
      for (const row of $$(target, "[data-raw-seat]")) {
        const seat = form.querySelector(`[data-seat="${row.dataset.rawSeat}"]`);
        const cells = $$(seat, ".cell");
        if (cells.every((c) => c.value.trim() !== "")) {
          const raw = Number(row.dataset.raw);
          seat.querySelector(".score").value = String(Math.abs(raw));
          seat.querySelector("[data-sign]").checked = raw < 0;
        }
      }
    } catch (e) { /* offline for a moment: the Preview button still works */ }
  };
  const later = () => { clearTimeout(timer); timer = setTimeout(refresh, 250); };
  form.addEventListener("input", later);
  form.addEventListener("change", later);
  $$(form, "details[data-count]").forEach((d) => setupCount(d, later));
  const button = form.querySelector("[data-preview-button]");
  if (button) button.hidden = true;
}

// The new-game form: add known players, move and remove rows without a reload.
function setupNewGame(form) {
  const list = form.querySelector("[data-players]");
  const inputs = () => $$(list, "input");
  const names = () => inputs().map((i) => i.value);
  // A known player already in the list is not offered again.
  const syncChips = () => {
    const taken = new Set(names().map((v) => v.trim().toLowerCase()));
    $$(form, "[data-known] button").forEach((chip) => { chip.hidden = taken.has(chip.value.toLowerCase()); });
    // With 12 names in, there is no room for another: say so instead of offering chips.
    const full = inputs().length >= 12 && names().every((v) => v.trim());
    $$(form, "[data-known], [data-known-hint]").forEach((e) => { e.hidden = full; });
    $$(form, "[data-full-hint]").forEach((e) => { e.hidden = !full; });
  };
  const render = (values) => {
    while (inputs().length < Math.min(Math.max(values.length, 2), 12)) {
      const last = list.lastElementChild;
      const row = last.cloneNode(true);
      $$(row, ".field-error").forEach((e) => e.remove());
      list.appendChild(row);
    }
    while (inputs().length > Math.max(values.length, 2)) list.lastElementChild.remove();
    $$(list, ".player-row").forEach((row, i) => {
      const input = row.querySelector("input");
      const label = row.querySelector("label");
      input.name = input.id = `player-${i}`;
      label.htmlFor = input.id;
      label.textContent = `Player ${i + 1}`;
      input.placeholder = `Player ${i + 1}`;
      input.value = values[i] || "";
      const [up, remove] = $$(row, "button");
      up.value = remove.value = String(i);
      up.disabled = i === 0;
      up.setAttribute("aria-label", `Move player ${i + 1} up`);
      remove.setAttribute("aria-label", `Remove player ${i + 1}`);
    });
  };
  form.addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (!b || !["add", "up", "remove", "more"].includes(b.name)) return;
    event.preventDefault();
    const values = names();
    const i = Number(b.value);
    if (b.name === "add") {
      if (values.some((v) => v.trim().toLowerCase() === b.value.toLowerCase())) return;
      const blank = values.findIndex((v) => !v.trim());
      if (blank >= 0) values[blank] = b.value; else if (values.length < 12) values.push(b.value);
    } else if (b.name === "up" && i > 0) {
      [values[i - 1], values[i]] = [values[i], values[i - 1]];
    } else if (b.name === "remove") {
      values.splice(i, 1);
    } else if (b.name === "more" && values.length < 12) {
      values.push("");
    }
    render(values);
    syncChips();
    if (b.name === "more") inputs()[values.length - 1].focus();
  });
  form.addEventListener("input", syncChips);
  syncChips();
}

// One tap saves once: a second tap while saving does nothing.
function guardDoubleSubmit(form) {
  form.addEventListener("submit", (event) => {
    if (form.dataset.sending) { event.preventDefault(); return; }
    const by = event.submitter;
    if (by && by.name === "action" && by.value === "preview") return;
    form.dataset.sending = "1";
    setTimeout(() => delete form.dataset.sending, 4000);
  });
}

document.addEventListener("DOMContentLoaded", () => {
  $$(document, "form[data-round-form]").forEach(setupRoundForm);
  $$(document, "form[data-new-game]").forEach(setupNewGame);
  $$(document, "form[method=post]").forEach(guardDoubleSubmit);
});
