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

  // What was typed: {scores, closer, grids (every seat counted)}, or a sentence saying what is missing (app.js's
  // roundBody reads the form as the server's form is read, counted cards included).
  function read(form) {
    if (typeof root.roundBody === "function") {
      const body = root.roundBody(form);
      return typeof body === "string" ? body : { scores: body.scores, closer: body.closer, grids: body.grids };
    }
    const scores = [];
    for (const seat of form.querySelectorAll("[data-seat]")) {
      const text = seat.querySelector(".score").value.trim().replace(/\s/g, "");
      if (!/^\d{1,7}$/.test(text)) return word("whole_numbers");
      scores.push(seat.querySelector("[data-sign]").checked ? -Number(text) : Number(text));
    }
    const picked = form.querySelector("input[name=closer]:checked");
    if (!picked) return word("choose_closer");
    return { scores, closer: picked.value === "none" ? null : Number(picked.value) };
  }
  // The doubling, the new totals and the end of the game, from the shared rules.
  function show(form, game, number, roundNo, insist = false) {
    const table = form.querySelector("[data-preview]");
    const verdict = form.querySelector("[data-verdict]");
    const save = form.querySelector("[data-save]");
    const typed = read(form);
    delete form.dataset.blocked;
    if (typeof typed === "string") {
      table.replaceChildren();
      verdict.innerHTML = insist ? `<p class="field-error">${esc(typed)}</p>` : `<p class="muted">${esc(word("enter_every"))}</p>`;
      save.textContent = word(number ? "save_correction" : "save_round", { round: roundNo });
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
    else if (r.doubled) says = `<strong>${esc(players[r.closer])} ${num(r.raw[r.closer])} → ${num(r.final[r.closer])}</strong>: ${esc(word("doubled_short", { multiplier: rules.multiplier }))}`;
    else {
      const sentence = { not_positive: "not_positive", multiplier_off: "multiplier_off", zero: "zero_closer", tie_not_doubled: "tie_not_doubled" };
      says = esc(word(sentence[r.why] || "lowest_closer", { name: players[r.closer], score: num(r.raw[r.closer]) }));
    }
    let html = `<p class="doubling ${r.doubled ? "is-doubled" : ""}" data-doubling>${r.closer === null ? esc(says) : says}</p>`;
    const ends = after.finished && !early;
    const staysOver = number && number < local.rounds.length; // a past round of a game over
    if (early) {
      form.dataset.blocked = "1";
      html += `<p class="field-error">${esc(word("ends_early", { number: early }))}</p>`;
    } else if (ends) {
      const who = View.names(players, after.winners);
      const words = staysOver ? ["stays_over_many", "stays_over_one"] : ["ends_game_many", "ends_game_one"];
      html += `<p class="ends">${View.TROPHY} ${esc(word(after.winners.length > 1 ? words[0] : words[1], { name: who, names: who }))}</p>`;
    }
    verdict.innerHTML = html;
    table.innerHTML = `<table class="preview-table"><thead><tr><th scope="col">${esc(word("player"))}</th><th scope="col">${esc(word("round"))}</th><th scope="col">${esc(word("total"))}</th></tr></thead><tbody>`
      + players.map((name, seat) => `<tr class="${after.winners.includes(seat) ? "winner" : ""}"><th scope="row">${esc(name)}</th>`
        + `<td>${r.doubled && r.closer === seat ? `${num(r.raw[seat])} → <strong>${num(r.final[seat])}</strong>` : num(r.final[seat])}</td>`
        + `<td class="total">${num(after.totals[seat])}</td></tr>`).join("") + `</tbody></table>`;
    const key = number ? (ends && !staysOver ? "save_correction_ends" : "save_correction") : ends ? "save_round_ends" : "save_round";
    save.textContent = word(key, { round: roundNo });
  }
  // The server's round form with no network: its preview from the sheet the phone keeps.
  async function offline(form) {
    const game = await Store.find(form.dataset.game);
    if (!game || !game.players) return;
    const editing = form.dataset.draft.startsWith("edit-");
    const number = editing ? Number(form.dataset.draft.split("-")[1]) : null;
    show(form, game, number, number || Store.localSheet(game).rounds.length + 1);
  }

  root.PadPreview = Object.freeze({ read, show, offline });
})(window);
