// Skyjo Pad: a sheet drawn in the browser, for the sheets kept on the phone (the offline
// pages and a conflict's two versions). Markup like templates/_sheet_table.html.
"use strict";

(function (root) {
  const strings = document.getElementById("js-strings");
  const WORDS = JSON.parse(strings ? strings.textContent : "{}");

  // A message in the page's language, its %(name)s filled in (as app.js does).
  function word(key, vars = {}) {
    return root.fillWords(WORDS[key] || key, vars);
  }

  // The trophy of templates/_icons.html, for a winner.
  const TROPHY = '<svg class="icon-trophy" viewBox="0 0 24 24" width="1em" height="1em" focusable="false" aria-hidden="true">'
    + '<path fill="currentColor" d="M6 3h12v5.5a6 6 0 0 1-12 0zM10.6 14h2.8v4h-2.8zM7 18.5h10V21H7z"/>'
    + '<path fill="none" stroke="currentColor" stroke-width="2" d="M6.5 5H3.5v1.5a4 4 0 0 0 3.6 4M17.5 5h3v1.5a4 4 0 0 1-3.6 4"/></svg>';

  const esc = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  // A number as the server's pages print it (so a sheet looks the same once sent).
  const num = (n) => String(n).replace("-", "−"); // a true minus, as the server's pages write it

  // "Ann, Bob and Cy" for the seats given.
  function names(players, seats) {
    const list = seats.map((seat) => players[seat]);
    if (list.length < 2) return list.join("");
    return word("and", { first: list.slice(0, -1).join(", "), second: list[list.length - 1] });
  }

  // "Ann 5, Bob −3 (closed)": a round in words, for a player to check or enter it again.
  function inWords(players, scores, closer) {
    return scores.map((score, seat) => `${players[seat]} ${num(score)}${closer === seat ? ` (${word("closed")})` : ""}`).join(", ");
  }

  // What a correction changes, as the sheet's cells show it (a closer now doubled: "−2 →
  // 30"; the server says the same): each seat whose score or doubling changed.
  function changes(before, after) {
    return after.final.flatMap((_, seat) => (before.raw[seat] !== after.raw[seat] || before.final[seat] !== after.final[seat]
      ? [{ seat, old: num(before.final[seat]), now: num(after.final[seat]) }] : []));
  }

  // The sheet's table: names and totals on top, a row per round; rounds still waiting to
  // be sent are marked. `link(number)`: the address that corrects a round, or null.
  // `changed`: the round a correction just changed and its seats, marked as the server's
  // sheet marks them (templates/_sheet_table.html).
  function table(sheet, link, changed = null) {
    const head = sheet.players.map((name, seat) => {
      const lead = sheet.leaders.includes(seat);
      return `<th scope="col" class="${lead ? "leader" : ""}">${lead ? `<span class="badge" aria-hidden="true">★</span>` : ""}<span class="name">${esc(name)}</span></th>`;
    }).join("");
    const totals = sheet.totals.map((total, seat) =>
      `<td class="${sheet.leaders.includes(seat) ? "leader" : ""}" data-total="${seat}">${num(total)}</td>`).join("");
    const rows = sheet.rounds.map((r) => {
      const href = link ? link(r.number) : null;
      const label = esc(word("correct_round", { round: r.number }));
      const number = href ? `<a href="${esc(href)}" aria-label="${label}">${r.number}<span class="edit-mark" aria-hidden="true">✎</span></a>` : String(r.number);
      const mark = r.waiting ? ` <span class="waiting-mark">${esc(word(r.waiting === "new" ? "mark_new" : "mark_corrected"))}</span>` : "";
      const cells = r.final.map((final, seat) => {
        const closer = r.closer === seat;
        const tag = closer ? `<span class="tag">${r.doubled ? `${num(r.raw[seat])}×${sheet.rules.multiplier}` : esc(word("closed"))}</span>` : "";
        const marked = changed && changed.round === r.number && changed.seats.includes(seat);
        return `<td class="${closer ? "closer" : ""} ${closer && r.doubled ? "doubled" : ""} ${marked ? "changed" : ""}"${marked ? " data-changed" : ""}>${num(final)}${tag}</td>`;
      }).join("");
      return `<tr class="${r.waiting ? "waiting" : ""}" data-waiting="${r.waiting || ""}"><th scope="row" class="round-col">${number}${mark}</th>${cells}</tr>`;
    }).join("");
    // The box scrolls sideways with many players: it takes the focus, so keys scroll it.
    return `<div class="sheet-scroll" tabindex="0" role="region" aria-label="${esc(word("score_sheet"))}"><table class="sheet ${sheet.players.length > 6 ? "many" : ""}">`
      + `<thead><tr class="names"><th scope="col" class="round-col"><span class="visually-hidden">${esc(word("round"))}</span></th>${head}</tr>`
      + `<tr class="totals"><th scope="row" class="round-col">${esc(word("total"))}</th>${totals}</tr></thead>`
      + `<tbody>${rows}</tbody></table></div>`;
  }

  // Every total at a glance above the table, as templates/sheet.html has it (with four
  // players or fewer, app.css shows it only for large text); near the target: from 80 %.
  function strip(sheet) {
    const line = Math.ceil((sheet.rules.target * 80) / 100);
    const items = sheet.players.map((name, seat) => {
      const marks = `${sheet.leaders.includes(seat) ? "leader" : ""} ${sheet.totals[seat] >= line ? "near" : ""}`;
      return `<li class="${marks}" data-strip-total="${seat}"><span class="name">${esc(name)}</span> <span class="pts">${num(sheet.totals[seat])}</span></li>`;
    }).join("");
    return `<ol class="totals-strip ${sheet.players.length <= 4 ? "few" : ""}" aria-label="${esc(word("totals"))}">${items}</ol>`;
  }

  root.PadView = Object.freeze({ word, esc, num, names, inWords, changes, table, strip, TROPHY });
})(window);
