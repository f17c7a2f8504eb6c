// The digital table: draws the play screen from one seat's view, sends taps as moves,
// lets the computer play one step a second, and steps through a replay.
// The server owns the table: every tap goes to it and the engine says yes or why not.
"use strict";

(() => {
  // The pace, from the page (the server's TABLE_STEP_SECONDS and SHOW_CARDS_SECONDS):
  const STEP_MS = 1000; // a computer step, slow enough to follow
  const ANSWER_WAIT_MS = 2000; // a version told without its answer: ask for it then
  const SHOW_CARDS_MS = 1800; // the turned-up cards, before the round's scores cover them
  const pace = (text, fallback) => (text && Number.isFinite(Number(text)) ? Number(text) : fallback);
  // The page's words in its language (skyjo_pad/web/js_strings.py), by key.
  const WORDS = JSON.parse((document.getElementById("js-strings") || { textContent: "{}" }).textContent);
  const t = (key, vars = {}) => (WORDS[key] || key).replace(/%\((\w+)\)s/g, (_, name) => String(vars[name]));

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
    node.append(el("span", "c tl", shown(v)), el("span", "v", shown(v)), el("span", "c br", shown(v)));
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
  // others stay out of the tab order); `name`: whose cards, when they are not the reader's.
  function fillGrid(box, grid, { tap = () => false, before = null, owner = "", name = "" } = {}) {
    box.replaceChildren();
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", owner);
    grid.forEach((row, r) =>
      row.forEach((token, c) => {
        const button = el("button", "card-button");
        button.type = "button";
        button.dataset.cell = `${r},${c}`;
        button.setAttribute("aria-label", cellWords(token, r, c, name));
        const can = tap([r, c]);
        button.classList.toggle("tap", can);
        button.setAttribute("aria-disabled", can ? "false" : "true");
        button.tabIndex = can ? 0 : -1;
        if (before && before[r][c] !== token) button.classList.add(token === "__" ? "cleared" : "changed");
        button.append(card(token));
        box.append(button);
      }),
    );
  }

  // The play screen ----------------------------------------------------------------------

  class Table {
    constructor(root) {
      this.root = root;
      this.q = (name) => root.querySelector(`[data-${name}]`);
      this.state = JSON.parse(this.q("initial").textContent);
      this.busy = false;
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
      }
    }

    // Online: the event stream says "the version moved" and brings this page's own view with it.
    listen() {
      const offline = document.querySelector("[data-live-offline]");
      const live = document.querySelector("[data-live]");
      const setOnline = (up) => {
        if (offline) offline.hidden = up;
        if (live) live.hidden = !up;
        this.root.classList.toggle("is-offline", !up);
        this.banner(!up);
      };
      const source = new EventSource(this.root.dataset.eventsUrl);
      source.addEventListener("open", () => setOnline(true));
      source.addEventListener("error", () => {
        if (source.readyState === EventSource.CLOSED) this.refresh(); // 401 (a replaced link) or 204 (over)
        if (this.state && this.state.status !== "playing") {
          // The table is over: the server ends its stream for good (204), nothing is missed.
          if (offline) offline.hidden = true;
          if (live) live.hidden = true;
          this.root.classList.remove("is-offline");
          return;
        }
        setOnline(false); // EventSource reconnects by itself
      });
      // The stream pushes this page's own answer after each version (`?answers=1`): asked
      // for only when it does not come.
      source.addEventListener("version", (event) => {
        setOnline(true);
        const version = JSON.parse(event.data).version;
        if (version === this.state.version) return;
        setTimeout(() => {
          if (this.state.version < version) this.refresh();
        }, ANSWER_WAIT_MS);
      });
      source.addEventListener("answer", (event) => {
        const state = JSON.parse(event.data);
        if (state.version <= this.state.version) return;
        if (this.busy) this.again = true; // a move is on its way: ask once it is answered
        else this.update(state);
      });
      // The phone's own network events say it at once (the stream may take its time to fail).
      window.addEventListener("offline", () => setOnline(false));
      window.addEventListener("online", async () => {
        if (await this.refresh()) setOnline(true);
      });
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") this.refresh();
      });
    }

    async refresh() {
      if (this.busy) {
        this.again = true;
        return;
      }
      try {
        const answer = await fetch(this.root.dataset.stateUrl, { headers: this.headers() });
        if (answer.ok) this.update(await answer.json());
        else if (this.online && answer.status === 401) this.replaced();
        return answer.ok;
      } catch (error) {
        return false; // offline: the stream's reconnection brings the table back
      }
    }

    // The table's own banner while the network is gone (not the score pad's words).
    banner(down) {
      const box = document.querySelector("[data-table-offline]");
      if (box) box.hidden = !down || this.root.classList.contains("is-replaced");
    }

    // Online: this link was replaced by the host; the page says so and what to do.
    replaced() {
      this.root.classList.add("is-replaced");
      for (const node of document.querySelectorAll("[data-live], [data-live-offline], [data-table-offline]")) node.hidden = true;
      const box = document.querySelector("[data-replaced]");
      if (box && box.hidden) {
        box.hidden = false;
        this.q("board").hidden = true;
        box.focus();
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
      this.q("other-grid").addEventListener("click", (event) => {
        if (!event.target.closest("[data-cell]")) return;
        const s = this.state;
        const seat = this.focusSeat();
        this.say(t("not_yours", { name: s.view.players[seat] }));
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
      });
      this.q("summary-body").addEventListener("click", (event) => {
        const button = event.target.closest("button[data-act]");
        if (!button) return;
        if (button.dataset.act === "deal") this.send({ action: "deal" });
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
      await this.post(this.root.dataset.moveUrl, { version: this.state.version, move }, true);
    }

    async advance(all) {
      await this.post(this.root.dataset.advanceUrl, { version: this.state.version, all });
    }

    // `own`: the reader's move, after which the focus goes to the information line.
    async post(url, body, own = false) {
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
        if (data.state) this.update(data.state);
        else if (this.online) await this.refresh(); // a refused move: catch up with the table
        this.say(data.message || data.error || t("did_not_work")); // message: in the reader's language
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
      this.q("then").textContent = s.info.then || "";
      this.q("now").textContent = s.info.now + (s.info.now.endsWith("…") ? "" : ".");
      if (before) this.say("");
      this.q("board").hidden = false;
      const canTap = (move) => s.moves.some((m) => m.action === move);
      const cellMoves = new Set(s.moves.filter((m) => m.cell).map((m) => m.cell.join(",")));

      // Your grid, large; the other player's small.
      const you = s.you;
      const name = (seat) => v.players[seat];
      const tag = (seat) => (s.bots[seat] ? t("computer_tag", { level: WORDS[`level_${s.bots[seat]}`] || s.bots[seat] }) : "");
      this.q("mine-name").textContent = s.watching ? name(you) : t("your_cards_title", { name: name(you) });
      this.q("watching").hidden = !s.watching;
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
        const holder = v.current === you ? t("your_card") : t("their_card", { name: name(v.current) });
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
      body.replaceChildren();
      const active = v.phase === "round_over" || v.phase === "game_over" ? null : v.current;
      v.players.forEach((player, seat) => {
        const row = el("tr");
        row.classList.toggle("active", seat === active);
        row.classList.toggle("shown", seat === other);
        const first = el("td");
        const who = el("button", "who", player);
        who.type = "button";
        who.dataset.seat = String(seat);
        if (s.bots[seat]) who.append(el("span", "tag", t("computer")));
        if (seat === s.you && !s.watching) who.append(el("span", "tag", t("you")));
        first.append(who);
        // Once the round is scored: the totals with it and its scores (doubled), as the
        // round's panel says them; before that, the face-up cards so far.
        const over = (v.phase === "round_over" || v.phase === "game_over") && s.summary;
        const round = over ? s.summary.final[seat] : s.tallies[seat];
        row.append(first, el("td", "total", shown(v.totals[seat])), el("td", "", shown(round)));
        body.append(row);
      });
      this.q("scores").hidden = false;
      this.q("scores-hint").hidden = v.players.length < 3;
    }

    renderLog() {
      const items = this.state.log;
      const list = this.q("log");
      list.replaceChildren(...items.map((text) => el("li", "", text)));
      this.q("log-box").hidden = !items.length;
    }

    renderSummary(before) {
      const s = this.state;
      const panel = this.q("summary");
      const sum = s.summary;
      if (!sum || s.status === "abandoned") {
        panel.hidden = true;
        this.summaryAt = null;
        this.peeking = false;
        return;
      }
      if (this.summaryAt === null) {
        // Just ended before our eyes: the turned-up cards first, then the scores.
        const live = before && !before.summary;
        this.summaryAt = Date.now() + (live ? this.showCardsMs : 0);
      }
      const wait = this.summaryAt - Date.now();
      if (wait > 0) {
        panel.hidden = true;
        setTimeout(() => this.render(this.state), wait + 10);
        return;
      }
      const appearing = panel.hidden && !this.peeking;
      panel.hidden = this.peeking;
      if (this.peeking) {
        this.peekButton();
        return;
      }
      this.q("summary-body").replaceChildren(...this.summaryContent(sum));
      // The round's scores take the focus, so a screen reader reads them at once.
      if (appearing) panel.focus();
    }

    peekButton() {
      const why = this.q("why");
      why.hidden = false;
      why.className = "why";
      why.replaceChildren();
      const back = el("button", "button quiet", t("show_scores"));
      back.type = "button";
      back.addEventListener("click", () => {
        this.peeking = false;
        this.render(this.state);
      });
      why.append(back);
    }

    summaryContent(sum) {
      const s = this.state;
      const v = s.view;
      const parts = [];
      parts.push(el("h2", "", sum.game_over ? t("game_over") : t("round_over", { round: sum.round })));
      const multiplier = v.rules.multiplier ?? 2;
      if (sum.closer !== null) {
        const closer = v.players[sum.closer];
        const raw = shown(sum.raw[sum.closer]);
        parts.push(
          el(
            "p",
            "note",
            sum.doubled
              ? t("doubled", { name: closer, raw, multiplier, final: shown(sum.final[sum.closer]) })
              : t("not_doubled", { name: closer, raw }),
          ),
        );
      } else {
        parts.push(el("p", "note", t("stalled")));
      }
      if (sum.game_over) {
        const names = sum.winners.map((seat) => v.players[seat]).reduce((a, b) => t("and", { first: a, second: b }));
        const lowest = shown(v.totals[sum.winners[0]]);
        const text = " " + (sum.winners.length > 1 ? t("share", { names, total: lowest }) : t("wins", { name: names, total: lowest }));
        const line = el("p", "winner-line");
        line.append(trophy(), document.createTextNode(text));
        parts.push(line);
      }
      const table = el("table");
      const head = el("thead");
      const headRow = el("tr");
      for (const label of ["player", "cards", "score", "total"]) headRow.append(el("th", "", t(label)));
      head.append(headRow);
      const body = el("tbody");
      v.players.forEach((player, seat) => {
        const row = el("tr");
        row.classList.toggle("winner", sum.winners.includes(seat));
        const who = el("td", "", player);
        if (seat === sum.closer) who.append(el("span", "tag", t("ended_round")));
        const final = el("td", "", shown(sum.final[seat]));
        if (seat === sum.closer && sum.doubled) {
          final.className = "doubled";
          final.textContent = `${shown(sum.final[seat])} (×${multiplier})`;
        }
        row.append(who, el("td", "", shown(sum.raw[seat])), final, el("td", "total", shown(sum.totals[seat])));
        body.append(row);
      });
      table.append(head, body);
      parts.push(table);
      const actions = el("div", "actions");
      const data = this.root.dataset;
      if (sum.game_over && this.online) {
        const row = el("div", "row");
        row.append(link(t("download"), data.recordUrl, "button", true), link(t("home"), data.homeUrl, "button quiet"));
        actions.append(row);
      } else if (sum.game_over) {
        const again = el("div", "row");
        again.append(link(t("fresh"), data.freshUrl, "button primary"), link(t("again"), data.againUrl, "button"));
        actions.append(again);
        const row = el("div", "row");
        row.append(link(t("replay"), data.replayUrl, "button"), link(t("download"), data.recordUrl, "button", true));
        actions.append(row, link(t("home"), data.homeUrl, "button quiet"));
      } else if (s.can_deal) {
        actions.append(button(t("deal", { round: sum.round + 1 }), "deal", "button primary big"));
      }
      actions.append(button(t("peek"), "peek", "button quiet"));
      parts.push(actions);
      return parts;
    }

    renderHandover() {
      const s = this.state;
      const box = this.q("handover");
      const need =
        s.pass_and_play && !s.watching && s.status === "playing" && s.actor !== null &&
        s.actor === s.you &&
        sessionStorage.getItem(this.seatKey) !== String(s.you);
      const shown = !box.hidden;
      box.hidden = !need;
      if (!need) return;
      if (!shown) setTimeout(() => this.q("handover-ok").focus(), 0);
      const name = s.view.players[s.you];
      this.q("handover-title").textContent = t("hand_to", { name });
      this.q("handover-then").textContent = s.info.then || "";
      this.q("handover-text").textContent =
        s.view.phase === "reveal" ? t("opening", { name }) : t("turn_of", { name });
      this.q("handover-ok").textContent = t("i_am", { name });
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

  // The project's trophy icon (templates/_icons.html), drawn the same on every phone.
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

  // The replay viewer ----------------------------------------------------------------------

  class Replay {
    constructor(root) {
      this.root = root;
      this.q = (name) => root.querySelector(`[data-${name}]`);
      this.steps = Number(root.dataset.steps);
      this.step = Math.min(Number(root.dataset.step || 0), this.steps);
      this.previous = null;
      const range = this.q("range");
      range.max = String(this.steps);
      range.addEventListener("input", () => this.go(Number(range.value)));
      root.addEventListener("click", (event) => {
        const b = event.target.closest("[data-go]");
        if (!b) return;
        const to = { first: 0, prev: this.step - 1, next: this.step + 1, last: this.steps }[b.dataset.go];
        this.go(to);
      });
      document.addEventListener("keydown", (event) => {
        if (event.key === "ArrowLeft") this.go(this.step - 1);
        if (event.key === "ArrowRight") this.go(this.step + 1);
      });
      this.go(this.step);
    }

    async go(step) {
      step = Math.max(0, Math.min(this.steps, step));
      this.step = step;
      const answer = await fetch(`${this.root.dataset.url}/${step}`);
      if (!answer.ok) return;
      const data = await answer.json();
      if (data.step !== this.step) return; // a later tap already moved on
      this.render(data);
      history.replaceState(null, "", `?step=${step}`);
    }

    render(data) {
      const v = data.view;
      const old = this.previous && this.previous.round === v.round ? this.previous : null;
      this.previous = v;
      this.q("text").textContent = data.text;
      this.q("counter").textContent = t("move_of", { step: data.step, steps: data.steps, round: v.round });
      this.q("range").value = String(data.step);
      const grids = this.q("grids");
      grids.replaceChildren();
      v.players.forEach((player, seat) => {
        const box = el("div", "seat-box");
        box.classList.toggle("current", seat === v.current && !["round_over", "game_over"].includes(v.phase));
        const total = v.totals[seat];
        const title = el("p", "grid-name", player);
        title.append(el("span", "tag", t("total_tag", { total: shown(total) })));
        const grid = el("div", "grid small");
        fillGrid(grid, v.grids[seat], { before: old && old.grids[seat], owner: t("their_cards", { name: player }) });
        box.append(title, grid);
        grids.append(box);
      });
      const piles = this.q("piles");
      piles.replaceChildren();
      const slot = (node, label) => {
        const s = el("div", "pile-slot");
        s.append(node, el("span", "pile-label", label));
        return s;
      };
      piles.append(slot(v.discard.length ? card(v.discard[0]) : el("span", "card empty"), t("discard")));
      piles.append(slot(card(null), t("draw_count", { count: v.draw_count })));
      if (v.held && v.held.from !== "flip") piles.append(slot(card(v.held.value), t("their_card", { name: v.players[v.current] })));
      const sum = data.summary;
      const box = this.q("summary");
      box.hidden = !sum;
      if (sum) {
        const rows = v.players.map(
          (player, seat) =>
            t(sum.final[seat] !== sum.raw[seat] ? "replay_row_doubled" : "replay_row", {
              name: player, raw: shown(sum.raw[seat]), final: shown(sum.final[seat]), total: shown(sum.totals[seat]),
            }),
        );
        box.replaceChildren(...rows.map((text) => el("li", "", text)));
      }
      for (const name of ["first", "prev"]) this.root.querySelector(`[data-go=${name}]`).disabled = data.step === 0;
      for (const name of ["next", "last"]) this.root.querySelector(`[data-go=${name}]`).disabled = data.step === data.steps;
    }
  }

  const start = () => {
    const table = document.querySelector("[data-table]");
    if (table) window.skyjoTable = new Table(table);
    const replay = document.querySelector("[data-replay]");
    if (replay) window.skyjoReplay = new Replay(replay);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
