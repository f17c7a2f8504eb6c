// The coach at the table, beside static/table.js (which sends "skyjo:table" after each
// drawing): off until a player turns it on (per player's name, remembered on the phone).
// After that player's own move it asks, in a request of its own, what the expert would
// have played (asked again when the page is reloaded, while the word stands); before they
// may turn up their last face-down card, what closing risks.
// The move never waits for it: an answer that comes after the table moved on is dropped.
"use strict";

(() => {
  const WORDS = JSON.parse((document.getElementById("js-strings") || { textContent: "{}" }).textContent);
  const t = (key, vars = {}) => window.fillWords(WORDS[key] || key, vars);
  const KEY = (name) => `skyjo-coach:${name}`;
  let last = null; // the table at the last drawing
  let advised = null; // { seat, step, last, better, text }: the latest word on a move
  let riskAsked = null; // the version whose closes were asked about
  let ticket = 0; // the latest close question: an older answer is dropped

  const root = () => document.querySelector("[data-table]");
  const q = (name) => document.querySelector(`[data-${name}]`);

  const chosen = {}; // this page's choices, when the phone keeps none (private browsing)
  const wanted = (name) => {
    if (name in chosen) return chosen[name];
    try {
      return localStorage.getItem(KEY(name)) === "on";
    } catch (error) {
      return false;
    }
  };

  // A person playing on this page: not watching, the table being played, a person's seat.
  const playing = (s) => s.status === "playing" && !s.watching && s.you !== null && !s.bots[s.you];
  const nameOf = (s, seat) => s.view.players[seat];
  const down = (grid) => grid.flat().filter((cell) => cell === "?").length;

  async function ask(path) {
    const table = root();
    const headers = {};
    if ("online" in table.dataset) headers.Authorization = `Bearer ${table.dataset.token}`;
    const answer = await fetch(`${table.dataset.coachUrl}${path}`, { headers, cache: "no-store" });
    const data = await answer.json().catch(() => ({}));
    return { ok: answer.ok, data };
  }

  // The word on a player's move shows to that player: on the table while the phone is
  // theirs, or (pass-and-play) on the screen that hands the phone on, which they still hold.
  function show() {
    const box = q("coach");
    if (!box) return;
    const s = last;
    const advice = q("coach-advice");
    const own = advised && s && advised.seat === s.you && playing(s) && wanted(nameOf(s, s.you));
    advice.textContent = own ? advised.text : "";
    advice.hidden = !own;
    const risk = q("coach-risk");
    box.hidden = advice.hidden && risk.hidden;
    const handing = q("handover-coach");
    if (handing) {
      const passing = Boolean(advised && s && s.pass_and_play && advised.seat !== s.you);
      handing.textContent = passing ? advised.text : "";
      handing.hidden = !passing;
    }
  }

  // After a person's move: move `step`, made by `seat`. One move judged after another, in
  // the order they were made (each answer can take a second): a quick turn's later moves
  // never overtake its draw's word.
  let judging = Promise.resolve();
  function judge(step, seat, name, pass) {
    judging = judging.then(() => judgeNow(step, seat, name, pass));
    return judging;
  }

  // A word on an earlier move than the one shown is dropped; a "good move" on the rest of
  // the turn (the card placed, or thrown away and a card turned up) does not hide the
  // better move named for the draw before it (`last`: the turn's latest move it stands for).
  async function judgeNow(step, seat, name, pass) {
    if (advised && advised.seat === seat && advised.last < step - 1) advised = null; // an older turn's
    try {
      const { ok, data } = await ask(`?move=${step}`);
      const text = ok ? data.text : data.message || data.error;
      if (!text || (advised && advised.step > step)) return;
      const better = Boolean(ok && data.better);
      if (!better && advised && advised.better && advised.seat === seat && advised.last === step - 1) {
        advised.last = step;
        return;
      }
      advised = { seat, step, last: step, better, text: pass ? t("coach_said", { name, text }) : text };
      show();
    } catch (error) {
      // offline: the coach stays quiet
    }
  }

  // The moves of a player's latest turn this tab saw judged, kept for a reload (the tab's
  // own, like the seat holding the phone in table.js): { seat, round, steps }.
  const MOVES = () => `skyjo-coach-${root().dataset.id}-moves`;
  const kept = () => {
    try {
      return JSON.parse(sessionStorage.getItem(MOVES()) || "null");
    } catch (error) {
      return null;
    }
  };
  function keep(seat, round, step) {
    const had = kept();
    const same = had && had.seat === seat && had.round === round && had.steps.includes(step - 1);
    try {
      sessionStorage.setItem(MOVES(), JSON.stringify({ seat, round, steps: same ? [...had.steps, step] : [step] }));
    } catch (error) {
      // no storage: a reload on others' turns brings no word back
    }
  }

  // After a reload no move was seen made: the word on the player's last turn, while it
  // stands (until their next turn), is asked for once more. Mid-turn the screen names
  // the moves (the take or the draw, and the card thrown away after it); on others'
  // turns, the moves this tab kept.
  async function recall(s) {
    const held = s.actor === s.you && s.view.phase !== "reveal" && s.view.held;
    let turn = held && { seat: s.you, steps: held.from === "flip" ? [s.step - 1, s.step] : [s.step] };
    if (!held) {
      // Pass-and-play: another player's word shows only on the screen handing the phone on.
      const had = kept();
      const handover = q("handover");
      const shown = had && (had.seat === s.you || (handover && !handover.hidden));
      const stands = shown && had.round === s.view.round && had.seat !== s.actor;
      turn = stands && had.steps.every((n) => n <= s.step) ? had : null;
    }
    if (!turn || !wanted(nameOf(s, turn.seat))) return;
    for (const step of turn.steps) await judge(step, turn.seat, nameOf(s, turn.seat), s.pass_and_play);
  }

  // Before the last face-down card: each move that would close the round, and its risk.
  async function risks(s) {
    const mine = ++ticket;
    const risk = q("coach-risk");
    try {
      const { ok, data } = await ask(`/close?version=${s.version}`);
      if (mine !== ticket || !last || last.version !== s.version) return;
      const lines = ok ? data.closes.map((close) => close.text) : [data.message || data.error].filter(Boolean);
      risk.textContent = lines.join(" ");
      risk.hidden = !lines.length;
      show();
    } catch (error) {
      // offline: the coach stays quiet
    }
  }

  function setting(s) {
    const box = q("coach-setting");
    if (!box) return;
    box.hidden = !playing(s);
    if (box.hidden) return;
    const name = nameOf(s, s.you);
    q("coach-toggle").checked = wanted(name);
    if (s.pass_and_play) q("coach-label").textContent = t("coach_for", { name });
  }

  function drawn(s) {
    const before = last;
    last = s;
    setting(s);
    if (!q("coach")) return;
    if (before && before.view.round !== s.view.round) advised = null; // last round's word is over
    // Pass-and-play: a word on another player's move is theirs until the phone is handed on.
    const handover = q("handover");
    if (advised && advised.seat !== s.you && (!handover || handover.hidden)) advised = null;
    // The move just made on this page, by the person whose turn it was.
    if (before && s.step > before.step && playing(before) && before.actor === before.you && before.moves.length) {
      const seat = before.you;
      const name = nameOf(before, seat);
      if (before.view.phase !== "reveal" && wanted(name)) {
        keep(seat, before.view.round, before.step + 1);
        judge(before.step + 1, seat, name, before.pass_and_play);
      }
    }
    if (!before && playing(s)) recall(s); // the page (re)loaded
    // A close is open: the person to act holds a card (or turns one up) over one face-down card.
    const risk = q("coach-risk");
    const closing =
      playing(s) &&
      s.actor === s.you &&
      s.moves.length > 0 &&
      s.view.phase === "turn" &&
      s.view.held &&
      down(s.view.grids[s.you]) === 1 &&
      wanted(nameOf(s, s.you));
    if (!closing) {
      ticket++;
      riskAsked = null;
      risk.textContent = "";
      risk.hidden = true;
    } else if (riskAsked !== s.version) {
      riskAsked = s.version;
      risks(s);
    }
    show();
  }

  document.addEventListener("skyjo:table", (event) => drawn(event.detail));

  const start = () => {
    const table = window.skyjoTable; // drawn before this script listened
    if (table) drawn(table.state);
    const toggle = q("coach-toggle");
    if (!toggle) return;
    toggle.addEventListener("change", () => {
      if (!last) return;
      chosen[nameOf(last, last.you)] = toggle.checked;
      try {
        localStorage.setItem(KEY(nameOf(last, last.you)), toggle.checked ? "on" : "off");
      } catch (error) {
        // private browsing: the choice lasts this page only
      }
      riskAsked = null;
      drawn(last);
    });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
