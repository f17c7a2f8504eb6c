// Skyjo Pad: the round form's preview (the doubling, the new totals, the end of the game)
// worked out on the phone by the shared rules (static/pad-rules.js), for a sheet the phone
// keeps: the round form drawn offline, and the server's form when its preview cannot be
// fetched (the network went while it was open).
"use strict";

(function (root) {
  const Store = root.PadStore;
  const Rules = root.PadRules;
  const View = root.PadView;
  const { word, esc, num } = View;

  // What was typed: {scores, closer, grids (every seat counted)}, or a sentence saying what
  // is missing (app.js's roundBody reads the form as the server's form is read).
  function read(form) {
    const body = root.roundBody(form);
    return typeof body === "string" ? body : { scores: body.scores, closer: body.closer, grids: body.grids };
  }

  const LIMITS = JSON.parse((document.getElementById("js-limits") || { textContent: "{}" }).textContent);
  // A number in a warning as the server's sentence writes it (the reader's grouping, a true minus).
  const grouped = (n) => num(new Intl.NumberFormat(document.documentElement.lang || undefined).format(n));

  // The round's warnings in words, and the box that keeps it anyway (as the server's form
  // says them); "" when there are none.
  function warnings(form, players, scores) {
    const found = Rules.unusual(scores, root.seatGrids(form), LIMITS);
    const sentence = (w) => (w.kind === "score"
      ? word("unusual_score", { name: players[w.seat], score: grouped(w.score), min: grouped(LIMITS.raw_min), max: grouped(LIMITS.raw_max) })
      : w.kind === "deck"
        ? word("unusual_deck", { count: grouped(w.count), value: grouped(w.value), deck: grouped(w.deck) })
        : word("unusual_column", { name: players[w.seat], column: w.column }));
    if (!found.length) return "";
    return `<div id="unusual-warnings">${found.map((w) => `<p class="warn">⚠ ${esc(sentence(w))} ${esc(word("unusual_check"))}</p>`).join("")}</div>`
      + `<label class="keep"><input type="checkbox" name="keep_unusual" value="y" aria-describedby="unusual-warnings"> ${esc(word("keep_unusual"))}</label>`;
  }

  // The doubling, the new totals and the end of the game, from the shared rules.
  // The Save button's words changed in place, its text node kept: WebKit drops a tap whose
  // finger went down on words replaced before it came up (the field's change, as the finger
  // lands on Save, draws the preview again).
  function relabel(button, text) {
    const words = button.firstChild;
    if (button.childNodes.length === 1 && words.nodeType === Node.TEXT_NODE) {
      if (words.data !== text) words.data = text;
    } else button.textContent = text;
  }

  function show(form, game, number, roundNo, insist = false) {
    const table = form.querySelector("[data-preview]");
    const verdict = form.querySelector("[data-verdict]");
    const save = form.querySelector("[data-save]");
    const typed = read(form);
    delete form.dataset.blocked;
    if (typeof typed === "string") {
      table.replaceChildren();
      delete verdict.dataset.drawn;
      // After a Save that said what is missing (`insisted`, until the next typing), a
      // preview still on its way says it again rather than the hint.
      // Else a score or card typed that cannot be read is named at once, as online.
      const said = insist || form.dataset.insisted === "1" ? typed : root.typingProblem(form);
      verdict.innerHTML = said ? `<p class="field-error" id="offline-problem">${esc(said)}</p>` : `<p class="muted">${esc(word("enter_every"))}</p>`;
      relabel(save, word(number ? "save_correction" : "save_round", { round: roundNo }));
      return;
    }
    const local = Store.localSheet(game);
    const rounds = local.rounds.map((r) => ({ raw: r.raw, closer: r.closer }));
    if (number) rounds[number - 1] = { raw: typed.scores, closer: typed.closer };
    else rounds.push({ raw: typed.scores, closer: typed.closer });
    const after = Rules.sheet(rounds, game.rules, game.players.length);
    const r = after.rounds[(number || rounds.length) - 1];
    const players = game.players;
    const rules = local.rules;
    const early = number ? Rules.endedEarly(rounds, game.rules, players.length) : null;
    let says;
    if (r.closer === null) says = word("nobody_closed");
    else if (r.doubled) {
      // the change in bold where the language puts it ("Alice 5 → 10 : a fini…" in French)
      const change = `<strong>${esc(players[r.closer])} ${num(r.raw[r.closer])} → ${num(r.final[r.closer])}</strong>`;
      says = esc(word("doubled_short", { change: "\u0001", multiplier: rules.multiplier })).replace("\u0001", change);
    }
    else {
      const sentence = { not_positive: "not_positive", multiplier_off: "multiplier_off", zero: "zero_closer", tie_not_doubled: "tie_not_doubled" };
      says = esc(word(sentence[r.why] || "lowest_closer", { name: players[r.closer], score: num(r.raw[r.closer]) }));
    }
    // A correction: each score it changes, as the sheet's cells will show it (as the server's).
    const was = number && local.rounds[number - 1];
    const changes = (was ? View.changes(was, r) : []).map((c) => `<p class="change" data-change>${esc(word("score_changed", { name: players[c.seat], round: number, old: c.old, new: c.now }))}</p>`);
    let html = `${changes.join("")}<p class="doubling ${r.doubled ? "is-doubled" : ""}" data-doubling>${r.closer === null ? esc(says) : says}</p>`;
    const ends = after.finished && !early;
    const staysOver = number && number < local.rounds.length; // a past round of a game over
    if (early) {
      form.dataset.blocked = "1";
      html += `<p class="field-error">${esc(word("ends_early", { number: early }))}</p>`;
    } else if (ends) {
      const who = View.names(players, after.winners);
      const words = staysOver ? ["stays_over_many", "stays_over_one"] : ["ends_game_many", "ends_game_one"];
      html += `<p class="ends">${View.TROPHY} ${esc(word(after.winners.length > 1 ? words[0] : words[1], { name: who, names: who }))}</p>`;
    } else if (number && local.finished) { // a correction that undoes the end: the winner goes
      html += `<p class="ends" data-reopens>${esc(word("reopens", { target: num(game.rules.target) }))}</p>`;
    }
    const unusual = warnings(form, players, typed.scores);
    html += unusual;
    // Ticking "keep" redraws nothing (the box keeps its focus); a new verdict keeps the tick.
    const kept = Boolean(form.querySelector("input[name=keep_unusual]:checked"));
    if (verdict.dataset.drawn !== html) {
      verdict.innerHTML = html;
      verdict.dataset.drawn = html;
    }
    const keep = verdict.querySelector("input[name=keep_unusual]");
    if (keep) keep.checked = kept;
    if (unusual && !kept) {
      form.dataset.blocked = "1";
      if (insist) keep.focus();
    }
    table.innerHTML = `<table class="preview-table"><thead><tr><th scope="col">${esc(word("player"))}</th><th scope="col">${esc(word("round"))}</th><th scope="col">${esc(word("total"))}</th></tr></thead><tbody>`
      + players.map((name, seat) => `<tr class="${after.winners.includes(seat) ? "winner" : ""}"><th scope="row">${esc(name)}</th>`
        + `<td>${r.doubled && r.closer === seat ? `${num(r.raw[seat])} → <strong>${num(r.final[seat])}</strong>` : num(r.final[seat])}</td>`
        + `<td class="total">${num(after.totals[seat])}</td></tr>`).join("") + `</tbody></table>`;
    const key = number ? (ends && !staysOver ? "save_correction_ends" : "save_correction") : ends ? "save_round_ends" : "save_round";
    relabel(save, word(key, { round: roundNo }));
  }
  // The server's round form with no network: its preview from the sheet the phone keeps.
  async function offline(form, insist = false) {
    const game = await Store.find(form.dataset.game);
    if (!game || !game.players) return;
    const editing = form.dataset.draft.startsWith("edit-");
    const number = editing ? Number(form.dataset.draft.split("-")[1]) : null;
    show(form, game, number, number || Store.localSheet(game).rounds.length + 1, insist);
  }

  root.PadPreview = Object.freeze({ read, show, offline });
})(window);
