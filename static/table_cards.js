// The digital table's shared parts (before static/table.js, table_online.js, table_summary.js
// and table_replay.js): the pace, the page's words, and cards drawn from a view's cells.
"use strict";

(() => {
  // The pace, from the page (the server's TABLE_STEP_SECONDS and SHOW_CARDS_SECONDS):
  const STEP_MS = 1000; // a computer step, slow enough to follow
  const ANSWER_WAIT_MS = 2000; // a version told without its answer: ask for it then
  const SHOW_CARDS_MS = 1800; // the turned-up cards, before the round's scores cover them
  const pace = (text, fallback) => (text && Number.isFinite(Number(text)) ? Number(text) : fallback);
  // The page's words in its language (skyjo_pad/web/js_strings.py), by key.
  const WORDS = JSON.parse((document.getElementById("js-strings") || { textContent: "{}" }).textContent);
  const t = (key, vars = {}) => window.fillWords(WORDS[key] || key, vars);

  // Cards ------------------------------------------------------------------------------

  const band = (v) => (v < 0 ? "v-neg" : v === 0 ? "v-zero" : v <= 4 ? "v-low" : v <= 8 ? "v-mid" : "v-high");
  const shown = (v) => String(v).replace("-", "−");
  const el = (tag, cls, text) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  // A card from a view cell ("7u", "?", "__"), a number, or null for a card back.
  function card(token) {
    const node = el("span", "card");
    if (token === "__") {
      node.classList.add("gone");
      return node;
    }
    if (token === "?" || token === null) {
      node.classList.add("back");
      return node;
    }
    const v = typeof token === "number" ? token : parseInt(token, 10);
    node.classList.add(band(v));
    const corners = [el("span", "c tl", shown(v)), el("span", "c br", shown(v))];
    corners.forEach((corner) => corner.setAttribute("aria-hidden", "true")); // said once, not thrice
    node.append(corners[0], el("span", "v", shown(v)), corners[1]);
    return node;
  }

  // "Row 2, column 3, face down", "Row 1, column 1: 7, face up"; another player's card
  // named as theirs: "Ann's card, row 1, column 1: 5".
  function cellWords(token, r, c, name = "") {
    const where = { row: r + 1, column: c + 1, name };
    const key = name ? "other_" : "";
    if (token === "__") return t(`${key}cell_gone`, where);
    if (token === "?") return t(`${key}cell_down`, where);
    return t(`${key}cell_up`, { ...where, value: shown(parseInt(token, 10)) });
  }

  // A 3×4 grid of card buttons; `tap(cell)` says whether a cell can be tapped now (the
  // others stay out of the tab order); `name`: whose cards, when they are not the reader's
  // (then pictures, not buttons: no one plays another's cards, and small cards that are
  // no buttons are no small targets).
  function fillGrid(box, grid, { tap = () => false, before = null, owner = "", name = "" } = {}) {
    box.replaceChildren();
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", owner);
    grid.forEach((row, r) =>
      row.forEach((token, c) => {
        const button = el(name ? "span" : "button", "card-button");
        button.dataset.cell = `${r},${c}`;
        button.setAttribute("aria-label", cellWords(token, r, c, name));
        const can = !name && tap([r, c]);
        button.classList.toggle("tap", can);
        if (name) button.setAttribute("role", "img");
        else {
          button.type = "button";
          button.setAttribute("aria-disabled", can ? "false" : "true");
          button.tabIndex = can ? 0 : -1;
        }
        if (before && before[r][c] !== token) button.classList.add(token === "__" ? "cleared" : "changed");
        button.append(card(token));
        box.append(button);
      }),
    );
  }

  // The play screen ----------------------------------------------------------------------

  function trophy() {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("class", "icon-trophy");
    svg.setAttribute("width", "1.2em");
    svg.setAttribute("height", "1.2em");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", t("winner"));
    const cup = document.createElementNS(ns, "path");
    cup.setAttribute("fill", "currentColor");
    cup.setAttribute("d", "M6 3h12v5.5a6 6 0 0 1-12 0zM10.6 14h2.8v4h-2.8zM7 18.5h10V21H7z");
    const handles = document.createElementNS(ns, "path");
    handles.setAttribute("fill", "none");
    handles.setAttribute("stroke", "currentColor");
    handles.setAttribute("stroke-width", "2");
    handles.setAttribute("d", "M6.5 5H3.5v1.5a4 4 0 0 0 3.6 4M17.5 5h3v1.5a4 4 0 0 1-3.6 4");
    svg.append(cup, handles);
    return svg;
  }

  function link(text, href, cls, download = false) {
    const a = el("a", cls, text);
    a.href = href;
    if (download) a.setAttribute("download", "");
    return a;
  }

  function button(text, act, cls) {
    const b = el("button", cls, text);
    b.type = "button";
    b.dataset.act = act;
    return b;
  }


  // Write `text` into `node` only when it differs (a live region speaks at every write).
  const setText = (node, text) => { if (node.textContent !== text) node.textContent = text; };

  window.skyjoCards = { setText, STEP_MS, ANSWER_WAIT_MS, SHOW_CARDS_MS, pace, WORDS, t, band, shown, el, card, cellWords, fillGrid, trophy, link, button };
})();
