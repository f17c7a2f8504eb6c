// The digital table: draws the play screen from one seat's view, sends taps as moves,
// lets the computer play one step a second. Its parts: table_cards.js (cards and words),
// table_online.js, table_summary.js; the replay viewer is table_replay.js.
// The server owns the table: every tap goes to it and the engine says yes or why not.
"use strict";

(() => {
  const { STEP_MS, SHOW_CARDS_MS, pace, WORDS, t, shown, el, card, fillGrid, setText } = window.skyjoCards;
  const { online: Online, summary: Summary } = window.skyjoTableParts;

  // How often a reveal refused as stale is sent again: every other seat's opening reveals
  // (up to 12 seats, 2 cards each) may move the table on while one is on its way.
  const REVEAL_TRIES = 24;

  // Whether two moves, as the notation writes them, are the same move.
  const sameMove = (a, b) => a.action === b.action && a.seat === b.seat
    && JSON.stringify(a.cell) === JSON.stringify(b.cell);

  // The play screen ----------------------------------------------------------------------
  // (its online part and its round scores are in table_online.js and table_summary.js)

  class Table {
    constructor(root) {
      this.root = root;
      this.q = (name) => root.querySelector(`[data-${name}]`);
      this.state = JSON.parse(this.q("initial").textContent);
      this.busy = false;
      this.waiting = []; // opening cards tapped while a move was on its way, to send next
      this.missed = null; // online: a round's scores another phone dealt past, until gone on
      this.lastSummary = null;
      this.timer = null;
      this.skipping = false;
      this.focus = null; // a seat picked in the score table, until the turn moves on
      this.peeking = false; // the round's scores are put aside to look at the cards
      this.summaryAt = null; // when the current round's scores may show
      this.seatKey = `skyjo-table-${root.dataset.id}-seat`;
      this.stepMs = pace(root.dataset.stepMs, STEP_MS);
      this.showCardsMs = pace(root.dataset.showMs, SHOW_CARDS_MS);
      this.online = "online" in root.dataset; // an online table: this page is one seat (or watches)
      this.bind();
      this.render(null);
      if (this.online) this.listen();
      else {
        window.addEventListener("offline", () => this.banner(true));
        window.addEventListener("online", () => this.banner(false));
        this.banner(!navigator.onLine);
        // Another tab of this table may have played meanwhile: coming back, this one catches up.
        document.addEventListener("visibilitychange", () => {
          if (document.visibilityState === "visible") this.refresh();
        });
      }
    }


    headers() {
      const headers = { "Content-Type": "application/json" };
      if (this.online) headers.Authorization = `Bearer ${this.root.dataset.token}`;
      else headers["X-CSRFToken"] = this.root.dataset.csrf;
      return headers;
    }

    bind() {
      this.q("draw").addEventListener("click", () => this.tapPile("draw"));
      this.q("discard").addEventListener("click", () => this.tapPile("discard"));
      this.q("mine-grid").addEventListener("click", (event) => {
        const button = event.target.closest("[data-cell]");
        if (button) this.tapCell(button.dataset.cell.split(",").map(Number));
      });
      // The card in hand is no place to put it: a tap on it says what to do with it.
      this.q("hand").addEventListener("click", () => {
        if (this.state.view.held) this.say(this.state.info.now);
      });
      this.q("other-grid").addEventListener("click", (event) => {
        if (!event.target.closest("[data-cell]")) return;
        const s = this.state;
        const seat = this.focusSeat();
        this.say(s.watching ? t("watching_only") : t("not_yours", { name: s.view.players[seat] }));
      });
      this.q("scores-body").addEventListener("click", (event) => {
        const button = event.target.closest("[data-seat]");
        if (!button) return;
        const seat = Number(button.dataset.seat);
        this.focus = seat === this.state.you ? null : { seat, actor: this.state.actor };
        this.render(this.state);
      });
      const skip = document.querySelector("[data-skip]");
      if (skip) {
        skip.addEventListener("click", () => {
          this.skipping = true;
          this.advance(true);
        });
      }
      const hint = document.querySelector("[data-hint]");
      if (hint) hint.addEventListener("click", () => this.hint());
      this.q("handover-ok").addEventListener("click", () => {
        sessionStorage.setItem(this.seatKey, String(this.state.you));
        this.render(this.state);
        this.q("info").focus(); // the screen's news first, then Tab reaches the cards
      });
      this.q("summary-body").addEventListener("click", (event) => {
        const button = event.target.closest("button[data-act]");
        if (!button) return;
        if (button.dataset.act === "deal") {
          if (this.state.summary) this.scoresSeen(this.state.summary.round);
          this.send({ action: "deal" });
        }
        if (button.dataset.act === "go-on") {
          if (this.missed) this.scoresSeen(this.missed.round);
          this.missed = null;
          this.render(this.state);
          this.q("info").focus();
        }
        if (button.dataset.act === "peek") {
          this.peeking = true;
          this.render(this.state);
        }
      });
    }

    // Taps become moves; the engine decides (an impossible one comes back with its reason).
    tapPile(pile) {
      const held = this.state.view.held;
      if (pile === "draw") return this.attempt({ action: "draw" });
      const throwing = held && held.from === "draw" && this.state.actor === this.state.you;
      return this.attempt({ action: throwing ? "discard" : "take_discard" });
    }

    tapCell(cell) {
      const s = this.state;
      const held = s.view.held;
      if (s.view.phase === "reveal") return this.attempt({ action: "reveal", seat: s.you, cell });
      if (held && held.from === "flip") return this.attempt({ action: "flip", cell });
      return this.attempt({ action: "swap", cell });
    }

    attempt(move) {
      const s = this.state;
      if (s.status !== "playing") return this.say(s.info.now);
      if (s.watching) return this.say(t("watching_only"));
      if (s.actor !== null && s.bots[s.actor]) {
        return this.say(t("wait_computer", { name: s.view.players[s.actor] }));
      }
      return this.send(move);
    }

    async send(move) {
      if (this.busy) {
        // An opening card tapped while this phone's last move is on its way (a table of
        // phones all turning up cards answers slowly): sent next, never lost.
        if (move.action === "reveal" && !this.waiting.some((m) => sameMove(m, move))) this.waiting.push(move);
        return;
      }
      if (move.action === "deal") this.lastSummary = null; // this phone goes on itself
      await this.post(this.root.dataset.moveUrl, { version: this.state.version, move }, true);
      const next = this.waiting.shift();
      if (next && this.state.view.phase === "reveal") await this.attempt(next);
      else this.waiting = [];
    }

    async advance(all) {
      await this.post(this.root.dataset.advanceUrl, { version: this.state.version, all });
    }

    // `own`: the reader's move, after which the focus goes to the information line.
    // `tries`: how often a reveal refused as stale was sent again (`REVEAL_TRIES`).
    async post(url, body, own = false, tries = 0) {
      if (this.busy) return;
      this.busy = true;
      clearTimeout(this.timer);
      try {
        const answer = await fetch(url, {
          method: "POST",
          headers: this.headers(),
          body: JSON.stringify(body),
        });
        const data = await answer.json().catch(() => ({ error: t("no_answer") }));
        this.busy = false;
        // Online, the opening reveals are each seat's own: another phone's reveal at the same
        // moment moved the version on, not this card's chance. Still one of this seat's
        // moves, it is sent again on the new version (a few times, for a table of phones all
        // tapping, every tap moving it on), whatever the stream said meanwhile. One phone's
        // tab left behind is told.
        const reveal = this.online && body.move && body.move.action === "reveal" ? body.move : null;
        if (answer.status === 409 && reveal && tries < REVEAL_TRIES && data.state) {
          this.again = false;
          this.update(data.state);
          if (this.state.moves.some((m) => sameMove(m, reveal))) {
            return this.post(url, { ...body, version: this.state.version }, own, tries + 1);
          }
        }
        if (this.again) {
          this.again = false;
          if (answer.ok) this.update(data);
          return this.refresh();
        }
        if (answer.ok) {
          this.update(data);
          if (own && this.q("summary").hidden && this.q("handover").hidden) this.q("info").focus();
          return;
        }
        if (this.online && answer.status === 401) return this.replaced();
        if (this.online && answer.status === 404) return this.replaced("[data-deleted]");
        if (data.state) this.update(data.state);
        else if (this.online) await this.refresh(); // a refused move: catch up with the table
        this.say(data.message || data.error || t("did_not_work")); // message: in the reader's language
        if (answer.status === 503) this.schedule(); // busy elsewhere: the step is asked again
      } catch (error) {
        this.busy = false;
        this.say(t("no_connection"));
        this.schedule();
      }
    }

    async hint() {
      const s = this.state;
      const url = `${this.root.dataset.hintUrl}?version=${s.version}`;
      this.say(t("thinking"), "hint-text");
      try {
        const answer = await fetch(url);
        const data = await answer.json();
        if (!answer.ok) {
          if (data.state) this.update(data.state);
          return this.say(data.message || data.error);
        }
        this.say(t("hint", { text: data.text }), "hint-text");
        this.hinted = data.move;
        this.markHint();
      } catch (error) {
        this.say(t("no_connection"));
      }
    }

    markHint() {
      const move = this.hinted;
      if (!move) return;
      let target = null;
      if (move.action === "draw") target = this.q("draw");
      else if (move.action === "take_discard" || move.action === "discard") target = this.q("discard");
      else if (move.cell) target = this.q("mine-grid").querySelector(`[data-cell="${move.cell.join(",")}"]`);
      if (target) target.classList.add("hinted");
    }

    update(state) {
      const before = this.state;
      this.state = state;
      this.hinted = null;
      for (const node of this.root.querySelectorAll(".hinted")) node.classList.remove("hinted");
      this.render(before);
      if (this.online) this.retell(before.log, state.log);
    }

    // Online: several steps arrive at once (the computer seats play on the server); the
    // information line tells them one after another, slow enough to follow.
    retell(old, now) {
      clearTimeout(this.telling);
      const last = old.length ? now.lastIndexOf(old[old.length - 1]) : -1;
      const fresh = now.slice(last + 1);
      if (fresh.length < 2) return;
      const then = this.q("then");
      const step = (i) => {
        then.textContent = fresh[i];
        if (i + 1 < fresh.length) this.telling = setTimeout(() => step(i + 1), this.stepMs);
      };
      step(0);
    }

    say(text, cls = "") {
      const why = this.q("why");
      why.textContent = text;
      why.className = `why ${cls}`.trim();
      why.hidden = !text;
    }

    focusSeat() {
      const s = this.state;
      const n = s.view.players.length;
      if (this.focus && this.focus.actor === s.actor) return this.focus.seat;
      this.focus = null;
      if (s.actor !== null && s.actor !== s.you) return s.actor;
      return (s.you + 1) % n;
    }

    render(before) {
      const s = this.state;
      const v = s.view;
      const focused = this.root.contains(document.activeElement) && document.activeElement !== this.root;
      const old = before && before.view.round === v.round ? before.view : null;
      // Live regions: written only when their words change (a screen reader reads every write).
      setText(this.q("then"), s.info.then || "");
      setText(this.q("now"), s.info.now + (s.info.now.endsWith("…") ? "" : "."));
      if (before) this.say("");
      this.q("board").hidden = false;
      const canTap = (move) => s.moves.some((m) => m.action === move);
      const cellMoves = new Set(s.moves.filter((m) => m.cell).map((m) => m.cell.join(",")));

      // Your grid, large; the other player's small.
      const you = s.you;
      const name = (seat) => v.players[seat];
      const tag = (seat) => (s.bots[seat] ? t("computer_tag", { level: WORDS[`level_${s.bots[seat]}`] || s.bots[seat] }) : "");
      this.q("mine-name").textContent = s.watching ? name(you) : t("your_cards_title", { name: name(you) });
      this.q("watching").hidden = !s.watching || s.status !== "playing"; // over: nobody plays it
      fillGrid(this.q("mine-grid"), v.grids[you], {
        tap: (cell) => cellMoves.has(cell.join(",")),
        before: old && old.grids[you],
        owner: s.watching ? t("their_cards", { name: name(you) }) : t("your_cards"),
        name: s.watching ? name(you) : "",
      });
      // A player who just cleared a column stays in view until the next turn moves on, so
      // the column is seen to go.
      const last = before && before.actor;
      const gone = (grid) => grid.flat().filter((c) => c === "__").length;
      if (old && last !== null && last !== you && s.actor !== last && gone(v.grids[last]) > gone(old.grids[last])) {
        this.focus = { seat: last, actor: s.actor };
      }
      const other = this.focusSeat();
      const otherName = this.q("other-name");
      otherName.replaceChildren(document.createTextNode(name(other)), el("span", "tag", tag(other)));
      fillGrid(this.q("other-grid"), v.grids[other], {
        before: old && old.grids[other],
        owner: t("their_cards", { name: name(other) }),
        name: name(other),
      });

      // The piles and a card in hand.
      const discard = this.q("discard");
      discard.replaceChildren(v.discard.length ? card(v.discard[0]) : el("span", "card empty", t("empty")));
      const discardable = canTap("take_discard") || canTap("discard");
      discard.classList.toggle("tap", discardable);
      discard.setAttribute("aria-disabled", discardable ? "false" : "true");
      discard.tabIndex = discardable ? 0 : -1;
      discard.classList.toggle("changed", Boolean(old && old.discard[0] !== v.discard[0]));
      discard.setAttribute(
        "aria-label",
        v.discard.length ? t("discard_pile", { value: shown(v.discard[0]) }) : t("discard_empty"),
      );
      const draw = this.q("draw");
      const pile = v.draw_count ? card(null) : el("span", "card empty", t("empty"));
      if (v.draw_count) pile.append(el("span", "count", String(v.draw_count)));
      draw.replaceChildren(pile);
      draw.classList.toggle("tap", canTap("draw"));
      draw.setAttribute("aria-disabled", canTap("draw") ? "false" : "true");
      draw.tabIndex = canTap("draw") ? 0 : -1;
      draw.setAttribute("aria-label", t("draw_pile", { count: v.draw_count }));
      const held = v.held;
      if (!held || held.from === "flip") {
        this.q("hand-card").replaceChildren(el("span", "card empty"));
        this.q("hand-label").textContent = t("in_hand");
      } else {
        const yours = v.current === you && !s.watching; // a watcher holds nothing
        const holder = yours ? t("your_card") : t("their_card", { name: name(v.current) });
        this.q("hand-card").replaceChildren(card(held.value));
        this.q("hand-label").textContent = holder;
      }

      this.renderScores(other);
      this.renderLog();
      this.renderSummary(before);
      this.renderHandover();
      const handing = !this.q("handover").hidden;
      const hintButton = document.querySelector("[data-hint]");
      if (hintButton) hintButton.hidden = !(s.status === "playing" && s.actor === you && s.moves.length && !handing);
      const skip = document.querySelector("[data-skip]");
      if (skip) skip.hidden = !(s.status === "playing" && s.actor !== null && s.bots[s.actor]);
      const record = document.querySelector("[data-record-link]");
      if (record) record.hidden = s.status === "playing";
      this.markHint();
      // A card that had the focus was drawn anew (or left the tab order): the focus goes to
      // the information line, from where Tab reaches the next control in turn order.
      const lost = !this.root.contains(document.activeElement) || document.activeElement.tabIndex < 0;
      if (focused && lost && this.q("summary").hidden && this.q("handover").hidden) this.q("info").focus();
      document.dispatchEvent(new CustomEvent("skyjo:table", { detail: s }));
      this.schedule();
    }

    renderScores(other) {
      const s = this.state;
      const v = s.view;
      const body = this.q("scores-body");
      const had = body.contains(document.activeElement) ? document.activeElement.dataset.seat : null;
      body.replaceChildren();
      // The reveals at the start are everyone's at once: nobody's turn is marked then.
      const active = ["round_over", "game_over", "reveal"].includes(v.phase) ? null : v.current;
      const heads = Array.from(this.q("scores").querySelectorAll("thead th"), (th) => th.textContent);
      v.players.forEach((player, seat) => {
        const row = el("tr");
        row.classList.toggle("active", seat === active);
        row.classList.toggle("shown", seat === other);
        const first = el("td");
        const who = el("button", "who", player);
        who.type = "button";
        who.dataset.seat = String(seat);
        who.setAttribute("aria-pressed", String(seat === other)); // its cards are the ones shown
        if (seat === active) who.setAttribute("aria-current", "true"); // whose turn it is
        if (s.bots[seat]) who.append(el("span", "tag", t("computer")));
        if (seat === s.you && !s.watching) who.append(el("span", "tag", t("you")));
        first.append(who);
        // Once the round is scored: the totals with it and its scores (doubled), as the
        // round's panel says them; before that, the face-up cards so far.
        const over = (v.phase === "round_over" || v.phase === "game_over") && s.summary;
        const round = over ? s.summary.final[seat] : s.tallies[seat];
        const total = el("td", "total", shown(v.totals[seat]));
        const thisRound = el("td", "", shown(round));
        // Each number's column said in its cell too: a narrow screen shows it under the
        // name, labelled, the header hidden (static/table.css).
        total.dataset.label = heads[1] || "";
        thisRound.dataset.label = heads[2] || "";
        row.append(first, total, thisRound);
        body.append(row);
      });
      if (had) body.querySelector(`[data-seat="${had}"]`)?.focus(); // drawn anew: the focus stays
      this.q("scores").hidden = false;
      this.q("scores-hint").hidden = v.players.length < 3;
    }

    renderLog() {
      const items = this.state.log;
      const list = this.q("log");
      list.replaceChildren(...items.map((text) => el("li", "", text)));
      this.q("log-box").hidden = !items.length;
    }

    schedule() {
      clearTimeout(this.timer);
      if (this.online) return; // the server plays the computer seats itself
      const s = this.state;
      const botTurn = s.status === "playing" && s.actor !== null && s.bots[s.actor];
      if (!botTurn) {
        this.skipping = false;
        return;
      }
      if (this.busy) return;
      if (this.skipping) this.advance(true);
      else this.timer = setTimeout(() => this.advance(false), this.stepMs);
    }
  }


  for (const Part of [Online, Summary]) {
    for (const name of Object.getOwnPropertyNames(Part.prototype)) {
      if (name !== "constructor") Table.prototype[name] = Part.prototype[name];
    }
  }

  const start = () => {
    const table = document.querySelector("[data-table]");
    if (table) window.skyjoTable = new Table(table);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
