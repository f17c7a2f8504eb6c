// Skyjo Pad's scoring rules for a sheet kept on the phone (offline): the closer's doubling,
// totals, the end of the game and its winners, and what a round typed cannot be. The one
// rule the browser writes again (skyjo_pad/engine/scoring.py is the other): both are
// checked against the same table of cases, tests/rules_cases.json, in Python and in
// Chromium (the warnings against round_entry.py, tests/browser/test_pad_rules.py). Pure
// functions, no page.
"use strict";

(function (root) {
  const DEFAULTS = Object.freeze({ target: 100, multiplier: 2, tie_doubles: true, double_only_positive: true });

  // The rule options with their defaults filled in.
  function withDefaults(rules) {
    return { ...DEFAULTS, ...(rules || {}) };
  }

  // Why the closer's score is, or is not, multiplied: the engine's Doubling values.
  function doubling(raw, closer, rules) {
    const r = withDefaults(rules);
    if (closer === null || closer === undefined) return "no_closer";
    if (r.multiplier === 1) return "multiplier_off";
    const mine = raw[closer];
    if (r.double_only_positive && mine <= 0) return "not_positive";
    if (mine === 0) return "zero";
    const others = raw.filter((_, seat) => seat !== closer);
    if (others.some((score) => score < mine)) return "beaten";
    if (others.includes(mine)) return r.tie_doubles ? "tied" : "tie_not_doubled";
    return "lowest";
  }

  // One round scored: {raw, closer, final, doubled, why}.
  function scoreRound(raw, closer, rules) {
    const r = withDefaults(rules);
    const why = doubling(raw, closer, r);
    const doubled = why === "beaten" || why === "tied";
    const final = raw.map((score, seat) => (doubled && seat === closer ? score * r.multiplier : score));
    return { raw: raw.slice(), closer: closer === undefined ? null : closer, final, doubled, why };
  }

  // Each seat's total over the rounds' final scores.
  function totals(finals, seats) {
    const sums = new Array(seats).fill(0);
    for (const final of finals) final.forEach((score, seat) => { sums[seat] += score; });
    return sums;
  }

  function gameOver(sums, rules) {
    const target = withDefaults(rules).target;
    return sums.some((total) => total >= target);
  }

  // The seats with the lowest total once the game is over (every one tied), else [].
  function winners(sums, rules) {
    if (!gameOver(sums, rules)) return [];
    const lowest = Math.min(...sums);
    return sums.flatMap((total, seat) => (total === lowest ? [seat] : []));
  }

  // A whole sheet from its rounds ({raw, closer}): each round scored with the totals after
  // it, the totals, whether the game is over and who won.
  function sheet(rounds, rules, seats) {
    const scored = [];
    let sums = new Array(seats).fill(0);
    for (const round of rounds) {
      const result = scoreRound(round.raw, round.closer, rules);
      sums = sums.map((total, seat) => total + result.final[seat]);
      scored.push({ ...result, totals: sums.slice() });
    }
    const over = gameOver(sums, rules);
    return { rounds: scored, totals: sums, finished: over, winners: winners(sums, rules) };
  }

  // The round after which the game would already have ended, if that is before the last
  // round (a correction the server refuses); null when the end stays last.
  function endedEarly(rounds, rules, seats) {
    const scored = sheet(rounds, rules, seats).rounds;
    const early = scored.findIndex((round, i) => i < scored.length - 1 && gameOver(round.totals, rules));
    return early === -1 ? null : early + 1;
  }

  // What a round as typed cannot be under the official rules, likely a number or a card
  // mistyped (the server's round_entry.score_entry warns of the same, in this order): a raw
  // score outside the bounds, more cards of a value than the deck has, a column removed in
  // part. `grids`: per seat its 12 cards row by row (null: removed), or null for a score
  // typed; `limits`: raw_min, raw_max and deck_counts (the deck's count of each value).
  function unusual(raw, grids, limits) {
    const found = [];
    raw.forEach((score, seat) => {
      if (score < limits.raw_min || score > limits.raw_max) found.push({ kind: "score", seat, score });
    });
    const counts = new Map();
    for (const grid of grids) for (const card of grid || []) if (card !== null) counts.set(card, (counts.get(card) || 0) + 1);
    for (const [value, count] of [...counts].sort((a, b) => a[0] - b[0])) {
      const deck = limits.deck_counts[String(value)];
      if (count > deck) found.push({ kind: "deck", value, count, deck });
    }
    grids.forEach((grid, seat) => {
      for (let column = 0; grid && column < 4; column++) {
        const gone = [grid[column], grid[column + 4], grid[column + 8]].filter((card) => card === null).length;
        if (gone > 0 && gone < 3) found.push({ kind: "column", seat, column: column + 1 });
      }
    });
    return found;
  }

  root.PadRules = Object.freeze({ DEFAULTS, doubling, scoreRound, totals, gameOver, winners, sheet, endedEarly, unusual });
})(typeof window !== "undefined" ? window : globalThis);
