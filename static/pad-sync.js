// Skyjo Pad: what was saved on this phone reaches the server. Every pad page keeps the
// sheet it shows in the phone's store (PadStore); games, rounds, corrections and
// take-backs made offline wait there and are sent in order when the network is back (and
// at once when the app opens online), each new game and round with its own id so that a
// second send never makes a copy. A change is refused as a conflict only when the
// server's sheet really changed meanwhile (another phone): both versions are then shown
// and nothing typed is lost.
"use strict";

(function (root) {
  const Store = root.PadStore;
  const View = root.PadView;
  const word = View.word;

  // ---- Keeping what the pages show, and what is typed offline ----

  // The game on a server page (its JSON block), kept as the server's last sheet: under
  // the key of the game made on this phone, when it was made here.
  async function capture() {
    const block = document.getElementById("pad-game");
    if (block) {
      const data = JSON.parse(block.textContent);
      const counted = document.getElementById("pad-cards"); // the sheet's: its rounds' cards
      const cards = counted ? cardsByRound(JSON.parse(counted.textContent)) : null;
      const made = (await Store.all()).find((g) => g.id === data.id && g.key !== data.id);
      await Store.update(made ? made.key : data.id, (game) => {
        const found = game || { key: data.id, id: data.id, clientId: null, ops: [], setAside: [] };
        if (found.server && found.server.version > data.version) return undefined;
        const known = cards ? { ...found, cards } : found;
        // Changes still waiting were typed on the sheet as the phone had it: they go with
        // that sheet's version, so that another phone's change since is a conflict to
        // show, never written over unseen.
        if (known.server && (known.ops.length || known.conflict || known.refused)) return { ...known, seen: Date.now() };
        return { ...known, players: data.players, rules: data.rules, server: data, seen: Date.now() };
      });
      const twin = made && (await Store.get(data.id)); // kept twice by an older version
      if (twin && !twin.ops.length && !twin.conflict && !twin.refused) await Store.remove(data.id);
    }
    const chips = document.querySelectorAll("[data-known] button");
    if (chips.length) await Store.keepBook(Array.from(chips, (chip) => chip.value));
    await forgetOld();
  }

  // The phone keeps the KEEP games seen last; older ones go, unless something of theirs
  // still waits to be sent (or to be looked at).
  const KEEP = 60;
  async function forgetOld() {
    const games = (await Store.all()).sort((a, b) => (b.seen || 0) - (a.seen || 0));
    for (const game of games.slice(KEEP)) {
      if (game.id && !game.ops.length && !game.conflict && !game.refused && !(game.setAside || []).length) await Store.remove(game.key);
    }
  }

  // A new game, under the id it was sent with from the server's form (`sentAs`), if it was.
  async function newGame(players, rules, sentAs) {
    const clientId = sentAs || Store.newId();
    const key = `c-${clientId}`;
    await Store.put({ key, id: null, clientId, players, rules, server: null, ops: [], setAside: [], seen: Date.now() });
    return key;
  }

  // A new round: a waiting change of its own, with the id that makes it once only (`clientId`:
  // the one the server's form was sent with, if it was; `sentAs`: what that form sent).
  // `grids`: every seat's counted cards, when all were counted (sent instead of the scores).
  function addRound(key, scores, closer, grids, clientId, sentAs) {
    const op = { op: "add", id: Store.newId(), clientId: clientId || Store.newId(), scores, closer, grids };
    return Store.update(key, (game) => ({ ...game, ops: [...game.ops, sentAs ? { ...op, sentAs } : op] }));
  }

  // A correction: of a round still waiting, it changes that round before it is sent. Of a
  // round the server has, it keeps that round as it was (`base`): should another phone
  // correct it meanwhile, "send mine" sends only what this phone changed.
  function correct(key, number, scores, closer, grids) {
    return Store.update(key, (game) => {
      const waiting = waitingRound(game, number);
      const was = game.server && game.server.rounds[number - 1];
      const base = was ? { raw: was.raw, closer: was.closer } : null;
      const ops = waiting
        ? game.ops.map((op) => (op === waiting ? { ...op, scores, closer, grids } : op))
        : [...game.ops.filter((op) => !(op.op === "put" && op.number === number)), { op: "put", id: Store.newId(), number, scores, closer, grids, base }];
      return { ...game, ops };
    });
  }

  // A correction put on the server's sheet as it is now (`server`): each score and the
  // closer this phone changed, the others as the other phone left them (a correction of
  // counted cards is sent whole).
  function onTheirs(op, server) {
    const theirs = op.op === "put" && op.base && !op.grids && server.rounds[op.number - 1];
    if (!theirs) return op;
    const scores = op.scores.map((mine, seat) => (mine !== op.base.raw[seat] ? mine : theirs.raw[seat]));
    const closer = op.closer !== op.base.closer ? op.closer : theirs.closer;
    return { ...op, scores, closer, base: { raw: theirs.raw, closer: theirs.closer } };
  }

  // What "send mine" writes over: each score and closer of a correction that both phones
  // changed, to different values (a correction of counted cards is sent whole).
  function overwrites(op, server) {
    const theirs = op.op === "put" && op.base && server.rounds[op.number - 1];
    if (!theirs) return [];
    const clashes = (mine, base, there) => there !== base && mine !== there && (op.grids || mine !== base);
    const found = op.scores.flatMap((mine, seat) => (clashes(mine, op.base.raw[seat], theirs.raw[seat])
      ? [{ round: op.number, seat, theirs: theirs.raw[seat], mine }] : []));
    return clashes(op.closer, op.base.closer, theirs.closer)
      ? [...found, { round: op.number, seat: null, theirs: theirs.closer, mine: op.closer }] : found;
  }

  // Taking back the last round: a round still waiting is simply never sent; one sent before
  // (its answer lost: the server may have it) is sent again to learn where it is, then
  // taken back there (`sendGame`).
  function takeBack(key, number) {
    return Store.update(key, (game) => {
      const waiting = waitingRound(game, number);
      // The round taken back, as the server had it: another phone's round in its place since
      // is not taken back unseen (`clashes`).
      const was = game.server && game.server.rounds[number - 1];
      const base = was ? { raw: was.raw, closer: was.closer } : null;
      const ops = !waiting
        ? [...game.ops.filter((op) => !(op.op === "put" && op.number === number)), { op: "del", id: Store.newId(), number, base }]
        : waiting.sentAs ? game.ops.map((op) => (op === waiting ? { ...op, takenBack: true } : op))
          : game.ops.filter((op) => op !== waiting);
      return { ...game, ops };
    });
  }

  // The waiting "add" that made round `number` of the phone's sheet, if it is one.
  function waitingRound(game, number) {
    const sheet = Store.localSheet(game);
    const round = sheet.rounds[number - 1];
    return round && round.waiting === "new" ? game.ops.find((op) => op.clientId === round.op) : undefined;
  }

  // ---- Sending ----

  async function call(method, url, body) {
    const response = await fetch(url, {
      method,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
    const data = await response.json().catch(() => ({}));
    // 401 for want of the password (not a revoked link's): the API asks for it by name
    const password = response.status === 401 && response.headers.has("WWW-Authenticate");
    return { status: response.status, ok: response.ok, data, password };
  }

  // Whether the server's sheet is exactly this phone's sheet (`base`, the server's as the
  // phone last had it) with `op` done: its answer was lost, or another phone did the very
  // same and nothing else. Anything else another phone changed is a conflict to show.
  function applied(op, base, server) {
    if (op.op !== "put" && op.op !== "del") return false;
    const rounds = base.rounds.map((r) => ({ raw: r.raw, closer: r.closer }));
    if (op.op === "put") rounds[op.number - 1] = { raw: op.scores, closer: op.closer };
    else rounds.splice(op.number - 1);
    return server.rounds.length === rounds.length
      && server.rounds.every((round, index) => round.closer === rounds[index].closer && round.raw.join() === rounds[index].raw.join());
  }

  const sameRound = (round, typed) => round.closer === typed.closer && round.raw.join() === typed.scores.join();

  // A new round the server already had (a send whose answer was lost), changed on this
  // phone since it was sent: the correction of that round that replaces the waiting round,
  // sent at once when nobody else changed the round meanwhile (`clash` false); else
  // shown first as a conflict, this phone's change beside the other phone's.
  function changedSince(op, server) {
    const made = server.saved_as && server.rounds[server.saved_as - 1];
    if (!made || !op.sentAs || sameRound(made, op)) return null;
    const clash = !sameRound(made, op.sentAs);
    const base = clash ? { raw: op.sentAs.scores, closer: op.sentAs.closer } : { raw: made.raw, closer: made.closer };
    return { op: { op: "put", id: op.id, number: server.saved_as, scores: op.scores, closer: op.closer, grids: op.grids, base }, clash };
  }

  const forget = (op) => (game) => ({ ...game, ops: game.ops.filter((o) => o.id !== op.id) });

  // The cards counted for rounds on the server, by round number, each with the scores
  // and closer they gave (a correction form shows them while the round is still that).
  function cardsByRound(rounds) {
    return Object.fromEntries(rounds.map((r) => [r.number, { raw: r.raw, closer: r.closer, grids: r.grids }]));
  }

  // A round sent with its counted cards (number `number` on the server now): kept with them.
  const counted = (op, number) => (game) => (op.grids && number
    ? { ...game, cards: { ...(game.cards || {}), ...cardsByRound([{ number, raw: op.scores, closer: op.closer, grids: op.grids }]) } }
    : game);

  // Send one game's waiting changes in order: "sent", "offline" (try again later) or
  // "stopped" (a conflict or a refusal waits for the player).
  async function sendGame(key) {
    let game = await Store.get(key);
    if (!game || game.conflict || game.refused) return game && (game.ops.length || !game.id) ? "stopped" : "sent";
    if (!game.id) {
      const answer = await call("POST", "/api/games", { players: game.players, rules: game.rules, client_id: game.clientId });
      if (!answer.ok) return refusedOrOffline(key, answer, { op: "game" });
      game = await Store.update(key, (g) => ({ ...g, id: answer.data.id, server: answer.data }));
    }
    while (game.ops.length) {
      let op = game.ops[0];
      if (op.op === "add" && !op.sentAs) { // kept before it goes: its answer may be lost
        op = { ...op, sentAs: { scores: op.scores, closer: op.closer } };
        game = await Store.update(key, (g) => ({ ...g, ops: [op, ...g.ops.slice(1)] }));
      }
      const base = `/api/games/${game.id}/rounds`;
      const version = game.server.version;
      // The counted grids when every seat was counted (the server keeps them), else scores.
      const round = op.grids ? { grids: op.grids, closer: op.closer } : { scores: op.scores, closer: op.closer };
      const answer = op.op === "add"
        ? await call("POST", base, { ...round, client_id: op.clientId, version })
        : op.op === "put"
          ? await call("PUT", `${base}/${op.number}`, { ...round, version })
          : await call("DELETE", `${base}/${op.number}`, { version });
      if (op.takenBack && answer.ok) { // now on the server (again, or at last): taken back there,
        // unless another phone corrected it meanwhile: both versions are shown first
        const number = answer.status === 200 ? answer.data.saved_as : answer.data.rounds.length;
        const there = answer.status === 200 && number && answer.data.rounds[number - 1];
        const conflict = there && !sameRound(there, op.sentAs) ? { server: answer.data, message: "" } : null;
        const undo = number ? [{ op: "del", id: op.id, number }] : [];
        game = await Store.update(key, (g) => ({ ...g, ops: [...undo, ...g.ops.slice(1)], server: answer.data, conflict }));
        if (conflict) return "stopped";
        continue;
      }
      const changed = op.op === "add" && answer.status === 200 && changedSince(op, answer.data);
      if (changed) { // sent before and changed here since: that round is corrected
        const conflict = changed.clash ? { server: answer.data, message: "" } : null;
        game = await Store.update(key, (g) => ({ ...g, ops: [changed.op, ...g.ops.slice(1)], server: answer.data, conflict }));
        if (conflict) return "stopped";
        continue;
      }
      if (answer.ok) {
        const number = op.op === "put" ? op.number : answer.data.saved_as || answer.data.rounds.length;
        game = await Store.update(key, (g) => ({ ...counted(op, number)(forget(op)(g)), server: answer.data }));
        continue;
      }
      if (answer.status !== 409) return refusedOrOffline(key, answer, op);
      if (op.takenBack) { // refused: the server never had it (a round it has is found by
        // its id first), as this phone wants. What comes after it goes on this phone's
        // sheet as it was: another phone's change meanwhile is shown as a conflict then.
        game = await Store.update(key, forget(op));
        continue;
      }
      const now = await call("GET", `/api/games/${game.id}`);
      if (!now.ok) return refusedOrOffline(key, now, op);
      if (applied(op, game.server, now.data)) {
        game = await Store.update(key, (g) => ({ ...forget(op)(g), server: now.data }));
        continue;
      }
      // The sheet is as this phone saw it: not another phone's change, a refusal (a game
      // over, or holding all the rounds it may), said as such.
      if (now.data.version === version) return refusedOrOffline(key, answer, op);
      await Store.update(key, (g) => ({ ...g, conflict: { server: now.data, message: answer.data.message || answer.data.error || "" } }));
      return "stopped";
    }
    return "sent";
  }

  async function refusedOrOffline(key, answer, op) {
    if (answer.status >= 500 || answer.status === 0 || answer.status === 429) return "offline";
    // The API says it in English: the phone, in its reader's language.
    const message = answer.password ? word("password_needed") : answer.data.message || answer.data.error || word("refused");
    // For want of the password (changed since, or this phone logged out): tried again on
    // the next page the phone opens (once logged in, it goes).
    await Store.update(key, (g) => ({ ...g, refused: { op: op.id || op.op, message, locked: Boolean(answer.password) } }));
    return "stopped";
  }

  let sending = null;
  let again = false;
  let delay = 1000;
  let timer = null;

  // Send every game's waiting changes, one game after another; one send at a time (across
  // the phone's tabs too, where the browser can lock). Tells the page what was sent.
  function sendAll() {
    if (sending) { again = true; return sending; } // asked again meanwhile: once more after
    clearTimeout(timer);
    const work = async () => {
      const sent = [];
      let offline = false;
      for (const game of await Store.all()) {
        if (game.id && !game.ops.length) continue;
        let result;
        try { result = await sendGame(game.key); } catch (e) { result = "offline"; }
        if (result === "offline") { offline = true; break; }
        if (result === "sent") sent.push(game.key);
      }
      return { sent, offline };
    };
    const locked = navigator.locks ? navigator.locks.request("skyjo-pad-send", work) : work();
    sending = locked.then((outcome) => {
      clearTimeout(timer);
      if (outcome.offline) { timer = setTimeout(sendAll, delay); delay = Math.min(delay * 2, 15000); }
      else delay = 1000;
      root.dispatchEvent(new CustomEvent("skyjo:sent", { detail: outcome }));
      return outcome;
    }).finally(() => {
      sending = null;
      if (again) { again = false; sendAll(); }
    });
    return sending;
  }

  // ---- What the page says about it ----

  // A conflict, a refusal or rounds set aside, for this game, in the page's [data-sync].
  async function showStatus(key) {
    const box = document.querySelector("[data-sync]");
    const game = key && (await Store.find(key));
    if (!box) return;
    box.replaceChildren();
    if (!game) { box.hidden = true; return; }
    const parts = [];
    const waiting = game.ops.length + (game.id ? 0 : 1);
    if (waiting && !document.querySelector("[data-pad-shell]") && !game.conflict && !game.refused) {
      parts.push(`<p class="queued" role="status" data-waiting-note>${View.esc(word(waiting === 1 ? "waiting_changes_one" : "waiting_changes_many", { n: waiting }))}</p>`);
    }
    if (game.conflict) {
      const theirs = Store.localSheet(game, game.conflict.server);
      const mine = Store.localSheet(game);
      const { twins, stuck, done } = clashes(game);
      const said = [
        ...twins.map((n) => word("same_round", { round: n, it: View.inWords(game.players, theirs.rounds[n - 1].raw, theirs.rounds[n - 1].closer) })),
        ...stuck.map((op) => word(op.op === "add" ? "game_over_stuck" : op.op === "put" ? "correction_stuck"
          : op.number === theirs.rounds.length ? "takeback_changed" : "takeback_stuck", { round: op.number, rounds: theirs.rounds.length })),
      ].map((line) => `<p data-clash>${View.esc(line)}</p>`).join("");
      // A round both phones saved is kept once (what else waits here is sent after it);
      // keeping theirs alone comes first where sending mine cannot be done.
      const button = (choice, words, primary) => `<button type="button" class="button ${primary ? "primary" : "quiet"}" data-resolve="${choice}">${View.esc(words)}</button>`;
      const rest = game.ops.length > twins.length + done.length;
      const actions = stuck.length ? [button("theirs", word("keep_theirs"), true)]
        : twins.length ? [button("twins", word(`keep_once${twins.length > 1 ? "_many" : ""}${rest ? "_send_rest" : ""}`), true), button("mine", word("send_mine"), false), button("theirs", word("keep_theirs"), false)]
          : [button("mine", word("send_mine"), true), button("theirs", word("keep_theirs"), false)];
      parts.push(`<div class="unsent conflict" role="alert" data-conflict><p><strong>${View.esc(word(stuck.length ? "conflict_keep_theirs" : "conflict"))}</strong></p>${said}`
        + `<h2>${View.esc(word("conflict_theirs"))}</h2>${View.table(theirs, null)}`
        + `<h2>${View.esc(word("conflict_mine"))}</h2>${View.table(mine, null)}`
        + overwritten(game)
        + `<p class="conflict-actions">${actions.join("")}</p></div>`);
    }
    if (game.refused) {
      const op = game.ops.find((o) => o.id === game.refused.op);
      const locked = game.refused.locked;
      const what = op ? `<p>${View.esc(word(locked ? "it_waits" : "it_was", { round: changeInWords(game, op) }))}</p>`
        : locked ? `<p>${View.esc(word("game_waits"))}</p>` : "";
      const here = root.location.pathname + root.location.search;
      const login = locked ? `<a class="button" href="/login?next=${encodeURIComponent(here)}">${View.esc(word("log_in"))}</a> ` : "";
      // A game made on this phone and refused stays here whole (its rounds with it): there
      // is no part of it to set aside.
      const aside = game.refused.op === "game" ? "" : `<button type="button" class="button quiet" data-resolve="drop">${View.esc(word("set_aside_it"))}</button>`;
      parts.push(`<div class="unsent" role="alert"><p>${View.esc(word("not_sent", { error: game.refused.message }))}</p>${what}`
        + `<p class="conflict-actions">${login}${aside}</p></div>`);
    }
    for (const [index, kept] of (game.setAside || []).entries()) {
      parts.push(`<div class="unsent"><p>${View.esc(word("set_aside", { round: kept }))}</p>`
        + `<button type="button" class="button quiet" data-dismiss="${index}">${View.esc(word("dismiss"))}</button></div>`);
    }
    box.innerHTML = parts.join("");
    box.hidden = !parts.length;
    // Until the player settles it, no round is entered, corrected or taken back here: it
    // would reach the server before what waits, under another number (the empty sheet's
    // hint to tap "Enter round 1" goes with the button, the hint to tap a round number and
    // the rounds' ✎ with the correction links).
    const unsettled = Boolean(game.conflict || game.refused);
    document.querySelectorAll('a[href$="/rounds/new"], a[href$="/delete"], p.empty, .sheet-actions .hint, .round-col .edit-mark').forEach((shown) => { shown.hidden = unsettled; });
    // A round's form reached anyway (Back, an address typed) saves nothing meanwhile.
    document.querySelectorAll(".round-form [type=submit], form.take-back [type=submit]").forEach((button) => { button.disabled = unsettled; });
    // A round's correction link stays on the sheet as text meanwhile.
    document.querySelectorAll('a[href*="/rounds/"][href$="/edit"], a[data-settle-href]').forEach((link) => {
      if (unsettled && link.hasAttribute("href")) {
        link.dataset.settleHref = link.getAttribute("href");
        link.removeAttribute("href");
      } else if (!unsettled && link.dataset.settleHref) {
        link.setAttribute("href", link.dataset.settleHref);
        delete link.dataset.settleHref;
      }
    });
    box.querySelectorAll("[data-resolve]").forEach((b) => b.addEventListener("click", () => resolve(game.key, b.dataset.resolve)));
    box.querySelectorAll("[data-dismiss]").forEach((b) => b.addEventListener("click", async () => {
      await Store.update(game.key, (g) => ({ ...g, setAside: g.setAside.filter((_, i) => i !== Number(b.dataset.dismiss)) }));
      await showStatus(game.key);
      // The focus was on the button now gone: to the next box's, else to the page's title.
      const next = box.querySelector("[data-dismiss], [data-resolve]") || document.querySelector("main h1");
      if (next && next.tagName === "H1") next.tabIndex = -1;
      if (next) next.focus();
    }));
  }

  // What makes a conflict more than two versions: new rounds waiting here that the other
  // phone saved as the same round (its number, scores and closer: one round typed on both
  // phones, most likely), and changes that can no longer be sent: a take-back when the
  // other phone saved rounds after it (only the last round can be taken back) or put
  // another round in the place of the one taken back, a correction of a round the other
  // phone took back, a new round once the game is over. Take-backs go one after another.
  function clashes(game) {
    const server = game.conflict.server;
    const rounds = Store.localSheet(game).rounds;
    const twins = rounds.flatMap((round, i) => {
      const there = server.rounds[i];
      return round.waiting === "new" && there && there.closer === round.closer && there.raw.join() === round.raw.join() ? [i + 1] : [];
    });
    const twinIds = new Set(twins.map((n) => rounds[n - 1].op));
    let last = server.rounds.length;
    const done = []; // take-backs the other phone made too, entering the same round again
    const stuck = game.ops.filter((op) => {
      if (op.op !== "del") return op.op === "put" ? op.number > server.rounds.length : server.finished && !twinIds.has(op.clientId);
      const there = server.rounds[op.number - 1];
      const replaced = Boolean(op.base && there && !sameRound(there, { scores: op.base.raw, closer: op.base.closer }));
      if (replaced && twins.includes(op.number)) { done.push(op); return false; }
      const gone = op.number !== last || replaced;
      if (!gone) last -= 1;
      return gone;
    });
    return { twins, twinIds, stuck, done };
  }

  // What "keep once" leaves unsent: the waiting new rounds the other phone saved as the
  // same round (`clashes`' twins), and the take-backs it made before them.
  function twinOps(game) {
    const { twinIds, done } = clashes(game);
    return new Set([...game.ops.filter((op) => op.op === "add" && twinIds.has(op.clientId)), ...done]);
  }

  // The conflict box's list of what "send mine" writes over, in words; "" when nothing is.
  function overwritten(game) {
    const closer = (seat) => (seat === null ? word("nobody") : game.players[seat]);
    const lines = game.ops.flatMap((op) => overwrites(op, game.conflict.server)).map((o) => (o.seat === null
      ? word("both_changed_closer", { round: o.round, theirs: closer(o.theirs), mine: closer(o.mine) })
      : word("both_changed_score", { round: o.round, name: game.players[o.seat], theirs: View.num(o.theirs), mine: View.num(o.mine) })));
    return lines.length ? `<ul class="overwrites" data-overwrites>${lines.map((l) => `<li>${View.esc(l)}</li>`).join("")}</ul>` : "";
  }

  // A waiting change in words: "A new round: Ann 3 (closed), Ben 7", "Taking back round 2".
  function changeInWords(game, op) {
    return op.scores
      ? `${op.op === "add" ? word("a_new_round") : word("queued_correction", { round: op.number })}: ${View.inWords(game.players, op.scores, op.closer)}`
      : word("queued_takeback", { round: op.number });
  }

  // The player's answer to a conflict or a refusal. Nothing typed is dropped unseen: what
  // is not sent stays listed, in words, until dismissed.
  async function resolve(key, choice) {
    await Store.update(key, (game) => {
      const inWords = (op) => changeInWords(game, op);
      if (choice === "mine" || choice === "twins") {
        const server = game.conflict.server;
        const once = choice === "twins" ? twinOps(game) : new Set();
        return { ...game, server, conflict: null, ops: game.ops.filter((op) => !once.has(op)).map((op) => onTheirs(op, server)) };
      }
      if (choice === "theirs") return { ...game, server: game.conflict.server, conflict: null, ops: [], setAside: [...(game.setAside || []), ...game.ops.map(inWords)] };
      const op = game.ops.find((o) => o.id === game.refused.op);
      return { ...game, refused: null, ops: game.ops.filter((o) => o !== op), setAside: [...(game.setAside || []), ...(op ? [inWords(op)] : [])] };
    });
    await sendAll();
    root.dispatchEvent(new CustomEvent("skyjo:changed", { detail: { key, choice } }));
  }

  // What a list of games says of one kept here: a choice waits for the player on its sheet
  // (a conflict, a refusal), or changes wait to be sent; else nothing (null).
  function mark(game) {
    if (game.conflict || game.refused) return word("mark_settle");
    return game.ops.length || !game.id ? word("mark_waiting") : null;
  }

  // The server's list of games (the home page): each game kept here marked as above, the
  // marks drawn again once something was sent.
  async function markGames() {
    const links = document.querySelectorAll("a.game-line[href^='/games/']");
    if (!links.length) return;
    const kept = new Map((await Store.all()).filter((g) => g.id).map((g) => [`/games/${g.id}`, mark(g)]));
    for (const link of links) {
      const said = kept.get(link.getAttribute("href"));
      let note = link.querySelector(".waiting-mark");
      if (!said) { if (note) note.remove(); continue; }
      if (!note) {
        note = document.createElement("span");
        note.className = "waiting-mark";
        link.append(note);
      }
      note.textContent = said;
    }
  }

  // ---- Starting ----

  // A page opened: what was refused for want of the password is tried again.
  async function retryLocked() {
    for (const game of await Store.all()) {
      if (game.refused && game.refused.locked) await Store.update(game.key, (g) => ({ ...g, refused: null }));
    }
  }

  const LISTS = "a.game-line, a.history-line, ul.people, ol.board"; // home, history, players

  async function start() {
    try { await capture(); } catch (e) { return; } // no IndexedDB (a private window): the pages work as they are
    // A link revoked: the game it opened is not offered offline here any more, unless
    // something typed waits or was set aside: the page that says the link is revoked
    // shows it, in words, until it is dismissed.
    const gone = document.querySelector("[data-forget-game]");
    const forgotten = gone && (await Store.find(gone.dataset.forgetGame));
    const kept = forgotten && (forgotten.ops.length || (forgotten.setAside || []).length);
    if (forgotten && !kept) await Store.remove(forgotten.key);
    await retryLocked();
    const state = document.querySelector("[data-sheet-state], form[data-round-form], form.take-back");
    const key = state ? state.dataset.game : kept ? gone.dataset.forgetGame : null;
    const pending = new Set((await Store.all()).filter((g) => g.ops.length || !g.id).map((g) => g.key));
    if (key) showStatus(key);
    markGames();
    root.addEventListener("skyjo:sent", (event) => {
      const sentHere = event.detail.sent.some((sent) => pending.has(sent));
      // A list of games or players drawn before what waited here was sent: drawn again.
      if (!key && sentHere && document.querySelector(LISTS)) return root.location.reload();
      markGames();
      if (!key) return;
      showStatus(key);
      // A server sheet shown without the changes just sent: drawn again, with them.
      if (document.querySelector("[data-sheet-state]") && event.detail.sent.includes(key) && pending.has(key)) root.location.reload();
    });
    // A conflict or refusal answered on the server's own sheet: drawn again as it is now.
    root.addEventListener("skyjo:changed", (event) => {
      if (event.detail.key === key && document.querySelector("[data-sheet-state]")) root.location.reload();
    });
    sendAll();
  }

  root.addEventListener("online", () => { delay = 1000; sendAll(); });
  document.addEventListener("DOMContentLoaded", () => {
    if (!document.querySelector("[data-pad-shell]")) start(); // the shell starts itself
  });

  root.PadSync = Object.freeze({ capture, mark, newGame, addRound, correct, takeBack, sendAll, retryLocked, showStatus, start, forgetOld, KEEP });
})(window);
