// The play screen's round scores and the pass-and-play handover (static/table.js).
"use strict";

(() => {
  const { t, shown, el, trophy, link, button } = window.skyjoCards;

  // Methods of the play screen (static/table.js copies them onto its Table class).
  class Summary {
    renderSummary(before) {
      const s = this.state;
      const panel = this.q("summary");
      // Online, another phone may deal the next round while this one still reads the
      // scores (or before they showed): they stay here until this phone goes on.
      if (s.summary) this.missed = null;
      else if (this.online && this.lastSummary && s.status === "playing") {
        this.missed = this.lastSummary;
        this.summaryAt = Date.now(); // its cards are gone: the scores at once
        this.peeking = false;
      }
      this.lastSummary = s.summary || null;
      if (this.online) this.catchUp(s);
      const sum = s.summary || this.missed;
      if (!this.peeking || !sum) this.q("peek-back").hidden = true;
      behindInert(panel, false, "summary");
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
      // What the panel covers takes no focus while it shows (no Tab lands out of sight).
      behindInert(panel, true, "summary", "header"); // the page's top stays in view
      // The round's scores take the focus, so a screen reader reads them at once.
      if (appearing) panel.focus();
    }

    // Online: the latest round this phone followed and the latest whose scores it showed,
    // kept on the phone. A page opened again, or a phone that slept, after another phone
    // dealt past a round this one followed but never showed the scores of: they are asked
    // for (`?previous=1`) and stay until its player goes on.
    catchUp(s) {
      const kept = this.roundsKept();
      const followed = kept.followed || 0;
      const showing = s.summary || this.missed;
      const round = s.view.round;
      if (round > followed) this.keepRounds({ ...kept, followed: round });
      const last = round - 1;
      if (showing || s.status !== "playing" || last < 1 || this.askedFor === last) return;
      if ((kept.shown || 0) >= last || followed < last) return;
      this.askedFor = last;
      const url = `${this.root.dataset.stateUrl}?previous=1`;
      fetch(url, { headers: this.headers(), cache: "no-store" })
        .then((answer) => (answer.ok ? answer.json() : null))
        .then((data) => {
          const previous = data && data.previous;
          const now = this.state;
          if (!previous || previous.round !== last || now.view.round !== round || now.summary) return;
          this.missed = previous;
          this.summaryAt = Date.now(); // its cards are gone: the scores at once
          this.peeking = false;
          this.render(now);
        })
        .catch(() => {}); // offline: the totals stand; the stream brings the table back
    }

    // What this phone keeps of the table's rounds: `followed`, the latest round it showed,
    // and `shown`, the latest whose scores its player went on from (dealt, or "go on").
    roundsKept() {
      if (!this.rounds) {
        try {
          this.rounds = JSON.parse(localStorage.getItem(this.roundsKey())) || {};
        } catch (error) {
          this.rounds = {};
        }
      }
      return this.rounds;
    }

    roundsKey() {
      return `skyjo-table-${this.root.dataset.id}-rounds`;
    }

    keepRounds(kept) {
      this.rounds = kept;
      try {
        localStorage.setItem(this.roundsKey(), JSON.stringify(kept));
      } catch (error) {
        // private browsing: this page's memory only
      }
    }

    // The scores of round `round` gone on from: a page opened again does not show them.
    scoresSeen(round) {
      const kept = this.roundsKept();
      if (this.online && round > (kept.shown || 0)) this.keepRounds({ ...kept, shown: round });
    }

    // While the cards are looked at, the way back to the scores takes the focus (it is
    // not in the alert line: a button there would be read out as an alert).
    peekButton() {
      const place = this.q("peek-back");
      if (!place.hidden) return;
      const back = el("button", "button quiet", t("show_scores"));
      back.type = "button";
      back.addEventListener("click", () => {
        this.peeking = false;
        this.render(this.state);
      });
      place.replaceChildren(back);
      place.hidden = false;
      back.focus();
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
        const cards = el("td", "", shown(sum.raw[seat]));
        const total = el("td", "total", shown(sum.totals[seat]));
        // Each number's column said in the cell too: a narrow screen shows them as a row of
        // three labelled numbers under the name (static/table.css), its header hidden.
        [[cards, "cards"], [final, "score"], [total, "total"]].forEach(([cell, label]) => { cell.dataset.label = t(label); });
        row.append(who, cards, final, total);
        body.append(row);
      });
      table.append(head, body);
      parts.push(table);
      const actions = el("div", "actions");
      const data = this.root.dataset;
      if (sum.game_over && this.online) {
        const row = el("div", "row");
        row.append(link(t("replay"), data.replayUrl, "button"), link(t("download"), data.recordUrl, "button", true));
        actions.append(row, link(t("home"), data.homeUrl, "button quiet"));
      } else if (sum.game_over) {
        const again = el("div", "row");
        again.append(link(t("fresh"), data.freshUrl, "button primary"), link(t("again"), data.againUrl, "button"));
        actions.append(again);
        const row = el("div", "row");
        row.append(link(t("replay"), data.replayUrl, "button"), link(t("download"), data.recordUrl, "button", true));
        actions.append(row, link(t("home"), data.homeUrl, "button quiet"));
      } else if (sum === this.missed) {
        actions.append(button(t("go_on", { round: sum.round + 1 }), "go-on", "button primary big"));
      } else if (s.can_deal) {
        actions.append(button(t("deal", { round: sum.round + 1 }), "deal", "button primary big"));
      }
      if (sum !== this.missed) actions.append(button(t("peek"), "peek", "button quiet"));
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
      behindInert(box, need, "handover");
      if (!need) return;
      if (!shown) setTimeout(() => this.q("handover-ok").focus(), 0);
      const name = s.view.players[s.you];
      this.q("handover-title").textContent = t("hand_to", { name });
      this.q("handover-then").textContent = s.info.then || "";
      this.q("handover-text").textContent =
        s.view.phase === "reveal" ? t("opening", { name }) : t("turn_of", { name });
      this.q("handover-ok").textContent = t("i_am", { name });
    }
  }

  // While the screen that hands the phone on, or the round's scores, shows, everything
  // behind it is inert: no Tab reaches what it hides, and nothing there can be played (a
  // modal dialog). `by` marks what each made inert, so each undoes only its own; `keep`:
  // what stays usable (the scores' panel leaves the page's top bar in view).
  function behindInert(box, on, by, keep = null) {
    document.querySelectorAll(`[data-inert-by="${by}"]`).forEach((el) => {
      el.inert = false;
      delete el.dataset.inertBy;
    });
    if (!on) return;
    for (let node = box; node && node !== document.body; node = node.parentElement) {
      for (const sibling of node.parentElement ? node.parentElement.children : []) {
        if (sibling === node || sibling.inert || (keep && sibling.matches(keep))) continue;
        sibling.inert = true;
        sibling.dataset.inertBy = by;
      }
    }
  }

  window.skyjoTableParts = window.skyjoTableParts || {};
  window.skyjoTableParts.summary = Summary;
})();
