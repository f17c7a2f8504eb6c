// The replay viewer: steps through a table's moves as a spectator saw them.
"use strict";

(() => {
  const { t, shown, el, card, fillGrid } = window.skyjoCards;

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
      // The arrows step, Home and End go to the first and the last move, wherever the focus
      // is (the slider moves itself).
      document.addEventListener("keydown", (event) => {
        if (event.target === range || event.altKey || event.ctrlKey || event.metaKey) return;
        const to = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: this.steps }[event.key];
        if (to === undefined) return;
        event.preventDefault();
        this.go(to);
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
        if (sum.game_over && sum.winners.length) { // the end: who won, as the play screen says it
          const names = sum.winners.map((seat) => v.players[seat]).reduce((a, b) => t("and", { first: a, second: b }));
          const lowest = shown(sum.totals[sum.winners[0]]);
          const said = sum.winners.length > 1 ? t("share", { names, total: lowest }) : t("wins", { name: names, total: lowest });
          box.prepend(el("li", "replay-winner", t("game_over_said", { result: said })));
        }
      }
      const focused = document.activeElement;
      for (const name of ["first", "prev"]) this.root.querySelector(`[data-go=${name}]`).disabled = data.step === 0;
      for (const name of ["next", "last"]) this.root.querySelector(`[data-go=${name}]`).disabled = data.step === data.steps;
      // A button pressed to the end of the game is disabled under the keyboard's focus:
      // the focus goes to the way back (or on), never to the page's top.
      if (focused && focused.disabled && focused.dataset.go) {
        const back = ["first", "prev"].includes(focused.dataset.go) ? "next" : "prev";
        const other = this.root.querySelector(`[data-go=${back}]`);
        if (other && !other.disabled) other.focus();
      }
    }
  }

  const start = () => {
    const replay = document.querySelector("[data-replay]");
    if (replay) window.skyjoReplay = new Replay(replay);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
