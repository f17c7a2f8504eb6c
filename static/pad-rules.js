// Skyjo Pad's scoring rules for a sheet kept on the phone (offline): the closer's doubling,
// totals, the end of the game and its winners. The one rule the browser writes again
// (skyjo_pad/engine/scoring.py is the other): both are checked against the same table of
// cases, tests/rules_cases.json, in Python and in Chromium. Pure functions, no page.
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

  root.PadRules = Object.freeze({ DEFAULTS, doubling, scoreRound, totals, gameOver, winners, sheet, endedEarly });
})(typeof window !== "undefined" ? window : globalThis);
