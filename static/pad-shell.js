// Skyjo Pad with no network: the pad's pages drawn in the browser from the phone's store.
// The service worker answers a pad page it cannot fetch (and every page of a game made on
// this phone, /games/c-…) with the one shell page, /offline; this script reads the address
// and draws the home page, a new game, the sheet, a round's form or a take-back, exactly
// as the phone knows the game: the server's last sheet and what waits to be sent.
"use strict";

(function (root) {
  const Store = root.PadStore;
  const Sync = root.PadSync;
  const View = root.PadView;
  const Preview = root.PadPreview;
  const { word, esc, num } = View;
  // The limits the server declares (skyjo_pad/web/js_strings.py, from the engine's).
  const LIMITS = JSON.parse((document.getElementById("js-limits") || { textContent: "{}" }).textContent);
  const MAX_PLAYERS = LIMITS.max_players;
  const COUNT_ICON = '<svg class="count-icon" viewBox="0 0 16 12" width="16" height="12" aria-hidden="true" focusable="false"><path fill="currentColor" d="M0 0h3v3H0zM4 0h3v3H4zM8 0h3v3H8zM12 0h3v3h-3zM0 4h3v3H0zM4 4h3v3H4zM8 4h3v3H8zM12 4h3v3h-3zM0 8h3v3H0zM4 8h3v3H4zM8 8h3v3H8zM12 8h3v3h-3z"/></svg>';
  const NAME_MAX = LIMITS.name_max;
  const MULTIPLIER_MAX = LIMITS.multiplier_max;
  const TARGET_MAX = LIMITS.target_max;
  const shownNumber = (n) => new Intl.NumberFormat(document.documentElement.lang || undefined).format(n);
  // A whole number typed the reader's way ("10,000"; "10.000"; "10 000") without the signs
  // between its groups of thousands, as the server's forms read it (web/forms.py, ungrouped).
  const GROUP_SIGN = new Intl.NumberFormat(document.documentElement.lang || undefined)
    .formatToParts(10000).find((part) => part.type === "group")?.value || ",";
  const ungrouped = (text) => {
    for (const sign of new Set([GROUP_SIGN, " ", "\u00a0", "\u202f"])) {
      const escaped = sign.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      if (new RegExp(`^\\d{1,3}(?:${escaped}\\d{3})+$`).test(text)) return text.split(sign).join("");
    }
    return text;
  };

  // What the address asks for: [view, game id or key, round number].
  function route(path) {
    const m = path.match(/^\/games\/([^/]+)(?:\/rounds\/(new|(\d+)\/(edit|delete)))?\/?$/);
    if (path === "/games/new") return ["new"];
    if (path === "/" || path === "/offline") return ["home"];
    if (!m) return ["elsewhere"]; // a page of the server's, not kept on this phone
    if (!m[2]) return ["sheet", m[1]];
    if (m[2] === "new") return ["round", m[1], null];
    return [m[4] === "edit" ? "round" : "takeback", m[1], Number(m[3])];
  }

  const MEANWHILE = "skyjo:shell:saved-meanwhile";
  const main = () => document.querySelector("[data-pad-shell]");
  const go = (url) => root.location.assign(url);
  // A page with nothing to show here (a round taken back, a game over): its place in the
  // history goes to the sheet, so that Back moves on instead of coming back to it.
  const away = (url) => root.location.replace(url);
  const title = (words) => (words === "Skyjo Pad" ? words : `${words} · Skyjo Pad`);

  function draw(html, heading) {
    main().innerHTML = html;
    document.title = title(heading);
  }

  // ---- Home ----
  async function home() {
    // Games in play, and finished ones with something still to send or to settle (marked).
    const games = (await Store.all()).filter((g) => g.players && (Sync.mark(g) || !Store.localSheet(g).finished));
    games.sort((a, b) => (b.seen || 0) - (a.seen || 0));
    const items = games.map((g) => {
      const sheet = Store.localSheet(g);
      const said = Sync.mark(g);
      const waiting = said ? `<span class="waiting-mark">${esc(said)}</span>` : "";
      const where = sheet.finished ? word("game_over") : word("round_n", { round: sheet.rounds.length + 1 });
      // A card as wide as the page, as on the home page the server draws.
      return `<li><a class="game-line" href="/games/${esc(g.id || g.key)}"><span class="who">${esc(g.players.join(", "))}</span>`
        + `<span class="meta">${esc(where)}</span>${waiting}</a></li>`;
    }).join("");
    draw(`<h1>Skyjo Pad</h1><p><a class="button primary big" href="/games/new">${esc(word("new_game"))}</a></p>`
      + (items ? `<h2>${esc(word("on_this_phone"))}</h2><ul class="game-list" data-shell-home>${items}</ul>` : ""), "Skyjo Pad");
  }

  // ---- A new game ----
  // A name as the server keeps it (services/players.py `clean_name`): the characters that
  // draw nothing dropped, composed (NFC), its spaces tidied.
  const INVISIBLE = /[\u00ad\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u2800\u3164\uffa0\ufe00-\ufe0f]/gu;
  const tidyName = (name) => name.replace(INVISIBLE, "").normalize("NFC").split(/\s+/u).filter(Boolean).join(" ");
  // Two spellings of one player, as the server tells them (models.py `name_key`); upper
  // then lower case, and ß as ss, fold as Python's casefold does ("ẞtraße" is "STRASSE").
  const nameKey = (name) => name.normalize("NFKC").replace(/\p{Cf}/gu, "").split(/\s+/u).filter(Boolean).join(" ").toUpperCase().toLowerCase().replace(/ß/g, "ss");

  // What the server would refuse in a game's names, in its words, or null: a control
  // character, a name that draws nothing, one player twice.
  function namesProblem(typed, names) {
    if (typed.some((name) => /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/.test(name))) return word("unprintable_name");
    if (names.some((name) => !/[\p{L}\p{N}\p{P}\p{S}]/u.test(name))) return word("no_name");
    const seen = new Set();
    for (const name of names) {
      if (seen.has(nameKey(name))) return word("twice", { name });
      seen.add(nameKey(name));
    }
    return null;
  }

  async function newGame() {
    const known = await Store.book();
    const rows = (values) => values.map((v, i) => `<li class="player-row"><label class="visually-hidden" for="player-${i}">${esc(word("player_n", { n: i + 1 }))}</label>`
      + `<input id="player-${i}" name="player-${i}" value="${esc(v)}" placeholder="${esc(word("player_n", { n: i + 1 }))}" autocomplete="off" autocapitalize="words" maxlength="${NAME_MAX}"></li>`).join("");
    draw(`<h1>${esc(word("new_game"))}</h1><form class="new-game" novalidate data-shell-new>`
      + `<fieldset><legend>${esc(word("seat_order"))}</legend><p class="field-error" role="alert" data-problem hidden></p>`
      + `<ol class="players" data-players>${rows(["", "", "", ""])}</ol>`
      + `<button type="button" class="button" data-more>+ ${esc(word("another_player"))}</button>`
      + (known.length ? `<p class="hint">${esc(word("tap_to_add"))}</p><div class="chips">${known.map((n) => `<button type="button" class="chip" data-add="${esc(n)}">${esc(n)}</button>`).join("")}</div>` : "")
      + `</fieldset>${rulesPart()}`
      + `<button type="submit" class="button primary big">${esc(word("start_game"))}</button></form>`, word("new_game"));
    const form = main().querySelector("form");
    if (typeof root.followRulesSummary === "function") root.followRulesSummary(form.querySelector("details.rules"));
    const list = form.querySelector("[data-players]");
    const values = () => Array.from(list.querySelectorAll("input"), (i) => i.value);
    // A player already in the list is not offered again.
    const syncChips = () => {
      const taken = new Set(values().map((v) => v.trim().toLowerCase()));
      form.querySelectorAll("[data-add]").forEach((chip) => { chip.hidden = taken.has(chip.dataset.add.toLowerCase()); });
    };
    form.addEventListener("input", syncChips);
    if (typeof root.enterMovesOn === "function") root.enterMovesOn(list); // app.js
    // At 12 rows there is no other to add: the button goes, as on the server's form.
    const more = form.querySelector("[data-more]");
    const redraw = (now) => {
      list.innerHTML = rows(now);
      more.hidden = now.length >= MAX_PLAYERS;
    };
    more.addEventListener("click", () => {
      if (values().length >= MAX_PLAYERS) return;
      redraw([...values(), ""]);
      list.querySelector("li:last-child input").focus(); // the new row's name, to type
    });
    form.querySelectorAll("[data-add]").forEach((chip) => chip.addEventListener("click", () => {
      const now = values();
      if (now.some((v) => v.trim().toLowerCase() === chip.dataset.add.toLowerCase())) return;
      const blank = now.findIndex((v) => !v.trim());
      if (blank >= 0) now[blank] = chip.dataset.add; else if (now.length < MAX_PLAYERS) now.push(chip.dataset.add);
      redraw(now);
      syncChips();
    }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const typed = values().filter((v) => v.trim());
      const names = typed.map(tidyName);
      const target = ungrouped(form.querySelector("#target").value.trim());
      const multiplier = ungrouped(form.querySelector("#multiplier").value.trim());
      const problem = names.length < 2 ? word("two_players")
        : names.length > MAX_PLAYERS ? word("too_many_players")
          : namesProblem(typed, names) || (!/^\d{1,6}$/.test(target) || Number(target) < 1 || Number(target) > TARGET_MAX
              ? word("bad_target", { max: shownNumber(TARGET_MAX) })
              : !/^\d{1,6}$/.test(multiplier) || Number(multiplier) < 1 || Number(multiplier) > MULTIPLIER_MAX
                ? word("bad_multiplier", { max: shownNumber(MULTIPLIER_MAX) }) : null);
      if (problem) {
        const box = form.querySelector("[data-problem]");
        box.textContent = problem;
        box.hidden = false;
        return;
      }
      const key = await Sync.newGame(names, {
        target: Number(target),
        multiplier: Number(multiplier),
        tie_doubles: form.querySelector("#tie_doubles").checked,
        double_only_positive: form.querySelector("#double_only_positive").checked,
      }, form.dataset.clientId);
      go(`/games/${key}`);
    });
    // Started on the server's form as the network dropped (the service worker brought the
    // page here): what was typed there is started on the phone, as if tapped here.
    const sent = unsentAgain() && takeSent(NEW_GAME_SENT);
    if (sent) {
      list.innerHTML = rows([...sent.names, "", "", "", ""].slice(0, Math.max(4, sent.names.length)));
      for (const id of ["target", "multiplier"]) if (sent.rules[id]) form.querySelector(`#${id}`).value = sent.rules[id];
      for (const id of ["tie_doubles", "double_only_positive"]) form.querySelector(`#${id}`).checked = Boolean(sent.rules[id]);
      if (sent.clientId) form.dataset.clientId = sent.clientId; // the server may have it already
      form.requestSubmit();
    }
  }

  // A form of the server's whose sending got no answer comes back here with ?unsent=1
  // (static/sw.js); the mark is taken off the address at once.
  function unsentAgain() {
    if (!new URLSearchParams(root.location.search).has("unsent")) return false;
    root.history.replaceState(null, "", root.location.pathname);
    return true;
  }
  const NEW_GAME_SENT = "skyjo:new-game:sent"; // written by app.js's new-game form
  function takeSent(key) {
    try {
      const kept = JSON.parse(sessionStorage.getItem(key) || "null");
      sessionStorage.removeItem(key);
      return kept && Date.now() - kept.at < 10 * 60 * 1000 ? kept : null; // sent just now
    } catch (e) { return null; }
  }

  // The rule options of the server's new-game form (templates/new_game.html), official
  // values first; the phone's rules (pad-rules.js) and the server then follow them.
  function rulesPart() {
    const field = (id, label, value, hint) => `<div class="rule"><label for="${id}">${esc(word(label))}</label> `
      + `<input id="${id}" name="${id}" inputmode="numeric" value="${value}"> <span class="hint">${esc(word(hint))}</span></div>`;
    const check = (id, label) => `<div class="rule check"><input type="checkbox" id="${id}" name="${id}" checked> `
      + `<label for="${id}">${esc(word(label))}</label> <span class="hint">${esc(word("official_yes"))}</span></div>`;
    return `<details class="rules"><summary>${esc(word("rules_summary", { target: 100, multiplier: 2 }))}<span class="hint summary-hint">${esc(word("change"))}</span></summary>`
      + field("target", "target_label", 100, "official_target") + field("multiplier", "multiplier_label", 2, "official_multiplier")
      + check("tie_doubles", "tie_doubles_label") + check("double_only_positive", "only_positive_label") + `</details>`;
  }

  // ---- The sheet ----

  // After a correction, the sheet says once which scores it changed, as the server's does
  // (web/pad.py, `_say_corrected`): the typed score, else the closer's doubling come or gone.
  const CHANGED = "skyjo:shell:changed";
  function noteCorrection(key, before, after, reopened) {
    const lines = View.changes(before, after);
    try { sessionStorage.setItem(CHANGED, JSON.stringify({ key, round: after.number, lines, reopened })); } catch (e) { /* not said */ }
  }
  let correction; // the note, taken once per page: the sheet's redraws (a send tried) keep it
  function takeCorrection(key, players) {
    if (correction === undefined) {
      try { correction = JSON.parse(sessionStorage.getItem(CHANGED) || "null"); sessionStorage.removeItem(CHANGED); } catch (e) { correction = null; }
    }
    const note = correction;
    if (!note || note.key !== key) return null;
    const said = note.lines.length
      ? note.lines.map((l) => word("score_changed", { name: players[l.seat], round: note.round, old: l.old, new: l.now }))
      : [word("nothing_changed", { round: note.round })];
    if (note.reopened) said.push(word("reopens", { target: note.reopened })); // the end undone
    return { round: note.round, seats: note.lines.map((l) => l.seat), html: said.map((line) => `<p class="flash flash-info" role="status">${esc(line)}</p>`).join("") };
  }

  // The server's sheet again, once it answers. A sheet of the server's drawn here with
  // nothing waiting (its page could not be fetched: another phone's round made it load
  // again just as the network went) is not left as the phone's copy: when the network is
  // back, and then after 1, 2, 4 … 15 s while it settles, the page is asked for, and
  // loaded once it comes. A newer version than the copy's, announced to the sheet
  // (sheet-live.js), is noted: the copy says it is not up to date meanwhile.
  const ANNOUNCED = "skyjo:shell:announced";
  function announced(gameId) {
    try {
      const note = JSON.parse(sessionStorage.getItem(ANNOUNCED) || "null");
      return note && note.game === gameId ? note.version : null;
    } catch (e) { return null; }
  }
  let asking = false;
  let catchTimer = null;
  let catchDelay = 1000;
  async function catchUp() {
    clearTimeout(catchTimer);
    if (asking || !document.querySelector("[data-shell-sheet][data-catch-up]")) return;
    asking = true;
    let answer = null;
    try { answer = await fetch(root.location.pathname, { cache: "no-store", credentials: "same-origin" }); } catch (e) { /* no network yet */ }
    if (answer && answer.ok) { root.location.reload(); return; }
    asking = false;
    // A refusal (the game gone, a password) is the server's to say, on its own page.
    if (answer && answer.status < 500) return;
    catchTimer = setTimeout(catchUp, catchDelay);
    catchDelay = Math.min(catchDelay * 2, 15000);
  }

  async function sheetView(id) {
    const game = await Store.find(id);
    if (!game) return missing();
    if (id.startsWith("c-") && game.id && !game.ops.length && !game.conflict && !game.refused) {
      root.location.replace(`/games/${game.id}`); // sent: the server's own page now
      return;
    }
    const sheet = Store.localSheet(game);
    const base = `/games/${id}`;
    const next = sheet.rounds.length + 1;
    const waiting = game.ops.length + (game.id ? 0 : 1);
    let head;
    if (sheet.finished) {
      const who = View.names(game.players, sheet.winners);
      head = `<section class="result" id="totals"><h1>${View.TROPHY} ${esc(word(sheet.winners.length > 1 ? "share" : "wins", { name: who, names: who, total: sheet.totals[sheet.winners[0]] }))}</h1></section>`;
    } else {
      head = `<h1 class="sheet-title" id="totals">${esc(word("round_n", { round: next }))} <span class="sub">${esc(word("to_target", { target: sheet.rules.target }))}</span></h1>`;
    }
    // A conflict or a refusal waits for the player (its box says what is kept): no word
    // here that the changes go by themselves when the network is back.
    const onServer = game.id && !id.startsWith("c-") && !waiting && !game.conflict && !game.refused;
    const behind = onServer && announced(game.id) > (game.server ? game.server.version : -1);
    const note = game.conflict || game.refused ? ""
      : waiting
      ? `<p class="queued" role="status" data-waiting-note>${esc(word(waiting === 1 ? "waiting_changes_one" : "waiting_changes_many", { n: waiting }))}</p>`
      : behind ? `<p class="queued" role="status" data-waiting-note>${esc(word("not_up_to_date"))}</p>`
      : `<p class="muted" data-waiting-note>${esc(word("all_sent"))}</p>`;
    const changed = takeCorrection(game.key, game.players);
    const rounds = sheet.rounds.length
      ? View.table(sheet, (n) => `${base}/rounds/${n}/edit`, changed)
        + `<div class="sheet-actions"><p class="hint">${esc(word("tap_to_correct"))}</p><a class="button quiet" href="${base}/rounds/${sheet.rounds.length}/delete">${esc(word("take_back", { round: sheet.rounds.length }))}</a></div>`
      : `<p class="muted empty">${esc(word("no_rounds"))}</p><ul class="seat-list">${game.players.map((n) => `<li>${esc(n)}</li>`).join("")}</ul>`;
    const dock = sheet.finished
      ? `<a class="button primary big" href="/games/new">${esc(word("new_game"))}</a>`
      : `<a class="button primary big" href="${base}/rounds/new"><span class="plus" aria-hidden="true">+</span> ${esc(word("enter_round", { round: next }))}</a>`;
    const strip = sheet.finished ? "" : View.strip(sheet);
    draw(`<div hidden data-shell-sheet data-game="${esc(id)}" ${onServer ? "data-catch-up" : ""}></div>${changed ? changed.html : ""}${head}${note}${strip}${rounds}<div class="dock">${dock}</div>`, game.players.join(", "));
    document.body.classList.add("has-dock");
    if (typeof root.keepRoomForDock === "function") root.keepRoomForDock(document.querySelector(".dock"));
    Sync.showStatus(game.key);
    if (behind && navigator.onLine) catchUp(); // a network the phone believes in, not answering
  }

  function missing(words = "not_here") {
    draw(`<h1>${esc(word("not_here_title"))}</h1><p>${esc(word(words))}</p><p><a class="button big" href="/">${esc(word("home"))}</a></p>`, word("not_here_title"));
  }

  // ---- A round: new, or a correction ----
  async function roundView(id, number) {
    const game = await Store.find(id);
    if (!game) return missing();
    const sheet = Store.localSheet(game);
    const base = `/games/${id}`;
    if (number !== null && !sheet.rounds[number - 1]) return away(base);
    if (number === null && sheet.finished) return away(base);
    if (game.conflict || game.refused) return away(base); // settled on the sheet first
    const roundNo = number || sheet.rounds.length + 1;
    const title = number ? word("correct_round", { round: number }) : word("round_n", { round: roundNo });
    const players = game.players;
    const closers = [...players.map((name, seat) => [String(seat), name]), ["none", word("nobody")]]
      .map(([value, name]) => `<label class="chip-radio"><input type="radio" name="closer" value="${value}"><span>${esc(name)}</span></label>`).join("");
    const seats = players.map((name, seat) => `<div class="seat" data-seat="${seat}"><div class="seat-line">`
      + `<label class="seat-name" for="seats-${seat}-score">${esc(name)}</label>`
      + `<span class="seat-entry"><label class="sign" title="${esc(word("negative"))}"><input type="checkbox" name="seats-${seat}-negative" data-sign><span aria-hidden="true">−</span><span class="visually-hidden">${esc(word("minus_for", { name }))}</span></label>`
      + `<input class="score" id="seats-${seat}-score" name="seats-${seat}-score" type="text" inputmode="numeric" autocomplete="off" enterkeyhint="${seat === players.length - 1 ? "done" : "next"}"></span>`
      + `</div>${countCards(name, seat)}</div>`).join("");
    draw(`<p class="back"><a href="${base}">← ${esc(word("sheet"))}</a></p><h1>${esc(title)}</h1>`
      + `<form class="round-form ${players.length > 6 ? "many" : ""}" novalidate data-shell-round data-game="${esc(id)}">`
      + `<input type="hidden" name="version" value="">`
      // A new round's id, kept with its draft: the server's form may have sent it already.
      + (number ? "" : `<input type="hidden" name="client_id" value="${Store.newId()}">`)
      + `<fieldset class="closer-pick"><legend>${esc(word("who_closed"))}</legend><div class="chips">${closers}</div></fieldset>`
      + `<div class="seats">${seats}</div><section class="preview" data-preview aria-label="${esc(word("new_totals"))}"></section>`
      + `<div class="dock save-bar" data-dock><div class="verdict" data-verdict aria-live="polite"></div>`
      + `<div class="dock-buttons"><button type="submit" class="button primary big grow" data-save></button></div></div></form>`, title);
    document.body.classList.add("has-dock");
    const form = main().querySelector("form");
    // The save bar as on the server's form (app.js): room for it under the last field, the
    // verdict above it at large text, the bar above the phone's keyboard.
    if (typeof root.setupDock === "function") root.setupDock(form);
    const draftKey = `skyjo:shell:${game.key}:${number ? `edit-${number}` : `new-${roundNo}`}`;
    if (number) fill(form, sheet.rounds[number - 1]);
    // What was typed here before, or on the server's form for this round (app.js's draft,
    // the same field names): a save that got no answer comes back here with ?unsent=1.
    const serverDraft = `skyjo:draft:${game.id}:${number ? `edit-${number}` : `new-${roundNo}`}`;
    const fromServerForm = !restore(form, draftKey) && game.id && restore(form, serverDraft, game.server && String(game.server.version));
    const update = () => { keep(form, draftKey); Preview.show(form, game, number, roundNo); };
    if (typeof root.setupSigns === "function") root.setupSigns(form); // app.js: the "−" by touch
    if (typeof root.setupCount === "function") {
      form.querySelectorAll("details[data-count]").forEach((d) => {
        if (Array.from(d.querySelectorAll(".cell")).some((c) => c.value)) d.open = true;
        root.setupCount(d, update);
      });
    }
    const scoresIn = Array.from(form.querySelectorAll(".score"));
    scoresIn.forEach((input, i) => input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      if (scoresIn[i + 1]) { scoresIn[i + 1].focus(); root.clearOfDock(scoresIn[i + 1]); } else form.querySelector("[data-save]").focus({ preventScroll: true });
    }));
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    Preview.show(form, game, number, roundNo);
    const savedMeanwhile = (() => { try { return sessionStorage.getItem(MEANWHILE); } catch (e) { return null; } })();
    if (savedMeanwhile && !number) {
      try { sessionStorage.removeItem(MEANWHILE); } catch (e) { /* no storage */ }
      form.insertAdjacentHTML("beforebegin", `<p class="flash flash-error" role="alert">${esc(word("saved_in_another_tab", { round: savedMeanwhile, next: roundNo }))}</p>`);
    }
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const typed = Preview.read(form);
      if (typeof typed === "string" || form.dataset.blocked) {
        Preview.show(form, game, number, roundNo, true);
        const said = form.querySelector("[data-verdict] .field-error");
        if (typeof typed === "string" && said && window.markMissing) window.markMissing(form, said);
        return;
      }
      const save = form.querySelector("[data-save]");
      save.disabled = true;
      // Another tab saved this round meanwhile: this form becomes the next round's, with
      // what was typed, and says so (never a second round saved unseen).
      const next = number ? null : Store.localSheet(await Store.find(game.key)).rounds.length + 1;
      if (next !== null && next !== roundNo) {
        keep(form, `skyjo:shell:${game.key}:new-${next}`);
        try { localStorage.removeItem(draftKey); sessionStorage.setItem(MEANWHILE, String(roundNo)); } catch (e) { /* no storage */ }
        return roundView(id, null);
      }
      const before = number ? Store.localSheet(game).rounds[number - 1] : null;
      try {
        if (number) await Sync.correct(game.key, number, typed.scores, typed.closer, typed.grids);
        else {
          const clientId = form.elements.client_id.value;
          const sent = root.draftSentAs ? root.draftSentAs(serverDraft, clientId) : undefined;
          await Sync.addRound(game.key, typed.scores, typed.closer, typed.grids, clientId, sent);
        }
      } catch (e) { // the phone's storage refused: say so, keep what was typed, let Save try again
        save.disabled = false;
        form.querySelector("[data-verdict]").innerHTML = `<p class="field-error">${esc(word("not_kept"))}</p>`;
        return;
      }
      try { localStorage.removeItem(draftKey); localStorage.removeItem(serverDraft); } catch (e) { /* nothing kept */ }
      if (before) {
        const now = Store.localSheet(await Store.find(game.key));
        const reopened = sheet.finished && !now.finished ? View.num(game.rules.target) : null;
        noteCorrection(game.key, before, now.rounds[number - 1], reopened);
      }
      go(base);
    });
    if (new URLSearchParams(root.location.search).has("unsent")) {
      root.history.replaceState(null, "", root.location.pathname);
      if (fromServerForm) form.requestSubmit();
    }
  }

  // "Count my cards": the server form's 12 cells, worked by app.js's setupCount.
  function countCards(name, seat) {
    const cells = Array.from({ length: 12 }, (_, i) => `<input class="cell" name="seats-${seat}-cards-${i}" inputmode="numeric" autocomplete="off" maxlength="2" aria-label="${esc(word("row_column", { row: Math.floor(i / 4) + 1, column: (i % 4) + 1 }))}">`).join("");
    return `<details class="count" data-count><summary>${COUNT_ICON}<span aria-hidden="true">${esc(word("cards"))}</span><span class="visually-hidden">${esc(word("count_my_cards"))}</span></summary>`
      + `<div class="grid" role="group" aria-label="${esc(word("twelve_cards", { name }))}">${cells}</div><p class="hint">${esc(word("count_hint"))}</p></details>`;
  }

  function fill(form, round) {
    round.raw.forEach((score, seat) => {
      form.querySelector(`#seats-${seat}-score`).value = String(Math.abs(score));
      form.querySelector(`[name=seats-${seat}-negative]`).checked = score < 0;
    });
    const closer = round.closer === null ? "none" : String(round.closer);
    form.querySelector(`input[name=closer][value="${closer}"]`).checked = true;
    // The cards counted for it, as the keypad writes them (✕ a removed card, − a minus).
    (round.grids || []).forEach((grid, seat) => {
      if (!grid) return;
      grid.flat().forEach((card, i) => {
        const cell = form.querySelector(`[name="seats-${seat}-cards-${i}"]`);
        if (cell) cell.value = card === null ? "✕" : String(card).replace("-", "−");
      });
    });
  }

  function keep(form, key) {
    const fields = {};
    for (const el of form.elements) {
      if (!el.name || el.name === "version") continue;
      if (el.type === "radio") { if (el.checked) fields[el.name] = el.value; }
      else if (el.type === "checkbox") fields[el.name] = el.checked;
      else fields[el.name] = el.value;
    }
    try { localStorage.setItem(key, JSON.stringify(fields)); } catch (e) { /* full: the form still works */ }
  }

  // Put a kept draft back into the form; `version`: the server form's draft, kept with the
  // sheet version it was typed on (a correction's draft counts only on that version).
  function restore(form, key, version) {
    let fields = null;
    try { fields = JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return false; }
    if (fields && version !== undefined) {
      if (key.includes(":edit-") && fields.version !== version) return false;
      fields = fields.fields;
    }
    if (!fields) return false;
    for (const el of form.elements) {
      if (!(el.name in fields)) continue;
      if (el.type === "radio") el.checked = fields[el.name] === el.value;
      else if (el.type === "checkbox") el.checked = fields[el.name] === true;
      else el.value = fields[el.name];
    }
    return true;
  }

  // ---- Taking back the last round ----
  async function takeBackView(id, number) {
    const game = await Store.find(id);
    if (!game) return missing();
    const sheet = Store.localSheet(game);
    const base = `/games/${id}`;
    if (number !== sheet.rounds.length || game.conflict || game.refused) return away(base);
    const r = sheet.rounds[number - 1];
    const title = word("take_back_q", { round: number });
    draw(`<section class="card"><h1>${esc(title)}</h1><p>${esc(game.players.map((n, s) => `${n} ${num(r.final[s])}`).join(", "))}.</p>`
      + `<p>${esc(word("take_back_says"))}</p><p><button type="button" class="button danger big" data-take-back>${esc(word("take_back", { round: number }))}</button></p>`
      + `<p><a class="button big" href="${base}">${esc(word("keep_it"))}</a></p></section>`, title);
    const button = main().querySelector("[data-take-back]");
    button.addEventListener("click", async () => {
      await Sync.takeBack(game.key, number);
      go(base);
    });
    if (unsentAgain()) button.click(); // confirmed on the server's page as the network dropped
  }

  async function show() {
    const [view, id, number] = route(root.location.pathname);
    document.body.classList.remove("has-dock");
    let out = false; // logged out on this phone (app.js): its games are not offered offline
    try { out = localStorage.getItem("skyjo:logged-out") === "1"; } catch (e) { /* no storage */ } // app.js's LOGGED_OUT
    if (out && (view === "home" || view === "new")) missing("logged_out");
    else if (view === "home") await home();
    else if (view === "new") await newGame();
    else if (view === "sheet") await sheetView(id);
    else if (view === "round") await roundView(id, number);
    else if (view === "takeback") await takeBackView(id, number);
    else missing("page_not_here");
    document.documentElement.dataset.shellReady = view;
  }

  document.addEventListener("DOMContentLoaded", async () => {
    if (!main()) return;
    const banner = document.querySelector("[data-offline]");
    // The language links come back to this page (not to the shell's address), and are
    // offered only with a network: the server changes the language.
    const languages = document.querySelector("footer.languages");
    for (const link of document.querySelectorAll("footer.languages a")) {
      const url = new URL(link.href);
      url.searchParams.set("next", root.location.pathname + root.location.search);
      link.href = url.pathname + url.search;
    }
    const online = () => {
      if (banner) banner.hidden = navigator.onLine;
      if (languages) languages.hidden = !navigator.onLine;
    };
    online();
    root.addEventListener("online", online);
    root.addEventListener("offline", online);
    await Sync.retryLocked().catch(() => {}); // refused for the password: tried again now
    await show();
    // Sent meanwhile: a sheet or the home page's list on the phone is redrawn (a sheet may
    // become the server's own page), so "waiting to be sent" goes once it is sent.
    const redraw = () => { if (document.querySelector("[data-shell-sheet], [data-shell-home]")) show(); };
    root.addEventListener("skyjo:sent", async (event) => {
      const [view, id] = route(root.location.pathname);
      // A conflict or a refusal come meanwhile: the round's form (its draft kept) gives way
      // to the sheet, where the player settles it first.
      const form = document.querySelector("[data-shell-round]");
      const game = form && (await Store.find(form.dataset.game));
      if (game && (game.conflict || game.refused)) return away(`/games/${form.dataset.game}`);
      if (view === "sheet" && !id.startsWith("c-") && event.detail.sent.includes(id) && navigator.onLine) root.location.reload();
      else redraw();
    });
    root.addEventListener("skyjo:changed", (event) => {
      if (event.detail && event.detail.choice === "theirs") correction = null; // mine was set aside
      redraw();
    });
    root.addEventListener("online", () => { catchDelay = 1000; catchUp(); });
    Sync.sendAll();
  });

  root.PadShell = Object.freeze({ route });
})(window);
