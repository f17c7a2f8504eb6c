"""`expert`: `hard`'s judgement checked by search over the worlds its view allows.

For a decision of the round's turns it takes `hard`'s candidates (take the discard or
draw; or the few best places for the card it holds, by `hard`'s sums, within `MARGIN`
points of the best) and plays each a lap ahead in the same sampled worlds: the
face-down cards and the draw pile are filled with a sample of the cards it cannot see
(`knowledge.unseen`, `worlds.table_of`), and every other seat plays a turn by the fast
policy of `playout.py`, each from what it could see (a close is played out to the end
of the round). A candidate is worth, on average over the worlds, the others' mean
expected round score minus its own (`ev`'s sums of every grid, `playout.expected_scores`)
plus a tempo term (`Horizon`); in a world where the round ended, its real points (the
closer's doubling included), plus `GAME_POINTS` times its share of the win where the
game ends.
`hard`'s own choice is played unless another candidate beats it in the same worlds
by more than `STAY` points plus `SURE` standard errors of the difference, so that a
small budget falls back on `hard` rather than on noise. Its last turn is `hard`'s exact
search (`endgame.py`); opening reveals and owed flips are `hard`'s too.

Its work is a budget of playouts per decision (`budget`), never "as much as fits": the
same seed and view give the same move. At the table a wall-clock cap (`seconds`) also
stops the search early, between worlds, when the machine is slow.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from skyjo_pad.engine import Move, Phase, View
from skyjo_pad.engine.compact import (
    DRAW,
    EMPTY,
    FINAL,
    FLIP_OWED,
    GAME_OVER,
    TAKE,
    TURN,
    CompactTable,
    legal_codes,
    move_of,
    step,
)

from . import ev, gamewin, valued, values
from .base import decision_rng
from .endgame import WORLDS
from .hard import RIVAL_STYLE, VALUES_TEMPO, HardBot, feeding, tempo
from .knowledge import unseen
from .playout import expected_scores, play_laps, play_round, public_odds
from .policy import youth
from .worlds import table_of

#: Playouts a decision may use at the table (about 0.5 s of one core early in a round).
BUDGET = 96
#: The wall-clock cap of a decision at the table, in seconds (a playout under way may run
#: past it by a few milliseconds: 0.9 keeps the slowest decisions under a second).
SECONDS = 0.9
#: Candidates worse than the best by more than this many points (`hard`'s sums) are not searched.
MARGIN = 3.0
#: Away from closing, the choice between the discard and a draw is not searched when the
#: discard lowers the expected score (`ev`'s sums) by at most `CLEAR_DRAW` or at least
#: `CLEAR_TAKE` points.
CLEAR_DRAW = 0.5
CLEAR_TAKE = 6.0
#: At most this many candidates for a held card.
WIDTH = 4
#: Points a candidate must gain over `hard`'s own choice to replace it, beyond `SURE`
#: standard errors of that gain (measured world by world, in the same worlds).
STAY = 0.25
SURE = 1.0
#: With this many face-down cards or fewer, `hard`'s choice by the learned values is the
#: first candidate (`candidates`); 0, as the lab measured it no better (docs/bots.md).
VALUES_WITHIN_EXPERT = 0
#: With this many face-down cards or fewer, no search: `hard`'s move, closing or waiting
#: by the learned values (0: the search plays every turn).
PLAIN_WITHIN = 0
#: What winning the game is worth, in round points, in a world where the game ends.
GAME_POINTS = 25.0


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the search found for one candidate move."""

    code: int
    """The move code (`engine.compact`)."""
    value: float
    """Its mean worth over the worlds (points: the others' mean round score minus its own,
    plus the game's worth where the game ends)."""
    score: float
    """Its mean round score for the seat (after any doubling)."""
    worlds: int
    """How many worlds it was played out in."""
    gain: float = 0.0
    """Its mean gain in worth over the first candidate (`hard`'s choice), world by world."""
    error: float = 0.0
    """The standard error of that gain."""


@dataclass(frozen=True, slots=True)
class Horizon:
    """How far a playout goes before its grids are judged (`judged`)."""

    laps: int | None = 1
    """Turns of each other seat played after the move (the searching seat's own turns in
    between by the playout policy); None: to the end of the round. Once somebody has
    closed, the round is always played out."""
    tempo: float = 1.0
    """Points a face-down card fewer than the others' mean is worth at the judge."""
    fades: bool = True
    """Whether that worth fades as the round nears its end (`policy.youth`)."""
    learned: bool = False
    """Judge a round that goes on by the learned values (`values.py`: its own tempo)
    instead of `ev`'s sums and the tempo term."""
    game: float = 0.0
    """Points the chance to win the game (`gamewin.py`) is worth at every leaf (the totals
    projected by the expected round scores while the round goes on); 0: only where the
    game ends, `GAME_POINTS` times the seat's share of the win."""


#: The horizon of `expert`'s playouts, found by simulation (docs/bots.md).
HORIZON = Horizon()
#: Whole-round playouts (the first `expert`'s).
WHOLE_ROUND = Horizon(laps=None, tempo=0.0)


def judged(
    t: CompactTable, me: int, before: Sequence[int], horizon: Horizon
) -> tuple[float, float]:
    """(worth, round score of `me`) of a playout after the move just played on `t`: played
    on for `horizon`; a round that goes on is judged by `ev`'s expected scores of every
    grid (`playout.expected_scores`) and the tempo term, a round that ended by its points
    (`before`: the totals before it), plus `GAME_POINTS` for a won game; with a `game`
    horizon, every leaf plus that many points times its chance to win the game."""
    n = t.n
    if horizon.laps is None:
        play_round(t)
    else:
        play_laps(t, me, horizon.laps)
    if t.phase == TURN or t.phase == FINAL:
        value, mine, expected = _going_on(t, me, horizon)
        if horizon.game:
            projected = [total + score for total, score in zip(t.totals, expected, strict=True)]
            rest = sum(t.down) / (12 * n)
            win = gamewin.model_for(n).chance(projected, me, t.rules.target, rest)
            value += horizon.game * win
        return value, mine
    points = [after - prior for after, prior in zip(t.totals, before, strict=True)]
    own = points[me]
    value = (sum(points) - own) / (n - 1) - own
    if t.phase == GAME_OVER:
        low = min(t.totals)
        if t.totals[me] == low:
            value += (horizon.game or GAME_POINTS) / t.totals.count(low)
    elif horizon.game:
        value += horizon.game * gamewin.model_for(n).chance(t.totals, me, t.rules.target)
    return value, own


def _going_on(t: CompactTable, me: int, horizon: Horizon) -> tuple[float, float, list[float]]:
    """(worth, expected round score of `me`, every seat's expected round score) of a table
    whose round goes on: the learned values, or `ev`'s sums and the tempo term."""
    n = t.n
    if horizon.learned and t.phase == TURN:
        odds = public_odds(t)
        own = values.own_sum(t, me, odds)
        ctx = values.context(t, me, odds)
        worth = -values.model().predict(n, t.down[me], own, ctx)
        if not horizon.game:
            return worth, own, []
        return worth, own, ev.grid_sums(t, odds)
    expected = expected_scores(t)
    mine = expected[me]
    down = t.down
    pace = horizon.tempo * (youth(t, RIVAL_STYLE) if horizon.fades else 1.0)
    value = (sum(expected) - mine) / (n - 1) - mine
    return value + pace * ((sum(down) - down[me]) / (n - 1) - down[me]), mine, expected


def candidates(view: View, t: CompactTable, values_within: int = 0) -> list[int]:
    """The move codes worth searching, `hard`'s choice first (one: nothing to search);
    with `values_within` face-down cards or fewer, `hard`'s choice by the learned values
    (`hard.VALUES_WITHIN`) goes first instead, beside the sums' own candidates."""
    odds = ev.odds_of(view)
    if t.phase == TURN and t.down[t.current] <= values_within:
        chosen = valued.decide(t, odds, values.model(), feeding(t, odds), VALUES_TEMPO)
        return [chosen] + [code for code in candidates(view, t) if code != chosen]
    if t.source == EMPTY:
        codes = legal_codes(t)
        if TAKE in codes and DRAW in codes:
            first = ev.decide(t, odds, tempo(t), feeding(t, odds))
            seat = t.current
            cols = ev.columns(t.cells, 12 * seat, odds)
            gain = sum(cols) - ev.placed(t, odds, t.discard[-1], cols, None)[0]
            if t.down[seat] > 1 and not CLEAR_DRAW < gain < CLEAR_TAKE:
                return [first]  # a plain case: the search would not overrule it
            return [first, DRAW if first == TAKE else TAKE]
        return [codes[0]]
    ranked = sorted(ev.options(t, odds, tempo(t), feeding(t, odds)))
    best = ranked[0][0]
    return [code for score, code in ranked[:WIDTH] if score <= best + MARGIN]


def search(
    view: View,
    codes: Sequence[int],
    rng: Random,
    budget: int,
    deadline: float | None = None,
    horizon: Horizon | None = None,
) -> list[Verdict]:
    """Play each of `codes` out in the same sampled worlds, `budget` playouts in all (at
    least two worlds each); once `deadline` (perf_counter) is past, stop after the
    playout under way (a world not played out for every code is not counted; with no
    world counted, every verdict is empty and `best_of` keeps the first code)."""
    me = view.current
    assert me is not None
    horizon = HORIZON if horizon is None else horizon
    cards = unseen(view)
    worlds = max(2, budget // max(1, len(codes)))
    values: list[list[float]] = [[] for _ in codes]
    scores = [0.0] * len(codes)
    for _ in range(worlds):
        world = table_of(view, cards.sample(rng), rng.getrandbits(53))
        before = world.totals[:]
        outcome: list[tuple[float, float]] = []
        for code in codes:
            if deadline is not None and time.perf_counter() > deadline:
                break  # out of time: this world is left unfinished and not counted
            t = world.copy()
            step(t, code)
            outcome.append(judged(t, me, before, horizon))
        if len(outcome) < len(codes):
            break
        for index, (value, mine) in enumerate(outcome):
            values[index].append(value)
            scores[index] += mine
    played = len(values[0])
    if not played:  # not one world in time: the first candidate, unsearched
        return [Verdict(code, 0.0, 0.0, 0) for code in codes]
    base = values[0]
    verdicts = []
    for index, code in enumerate(codes):
        gains = [v - b for v, b in zip(values[index], base, strict=True)]
        mean = sum(gains) / played
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, played - 1))
        verdicts.append(
            Verdict(
                code,
                sum(values[index]) / played,
                scores[index] / played,
                played,
                mean,
                spread / math.sqrt(played),
            )
        )
    return verdicts


def best_of(verdicts: Sequence[Verdict]) -> Verdict:
    """The verdict to play: `hard`'s choice (the first) unless another beats it, world by
    world, by more than `STAY` points plus `SURE` standard errors; then the best of those."""
    chosen = verdicts[0]
    for verdict in verdicts[1:]:
        if verdict.gain - SURE * verdict.error > STAY and verdict.value > chosen.value:
            chosen = verdict
    return chosen


class ExpertBot:
    """`hard`'s candidates, each played out to the end of the round in sampled worlds."""

    name = "expert"

    def __init__(
        self,
        seed: int = 0,
        budget: int = BUDGET,
        seconds: float | None = SECONDS,
        horizon: Horizon | None = None,
        values_within: int = VALUES_WITHIN_EXPERT,
        plain_within: int = PLAIN_WITHIN,
    ) -> None:
        """An expert; `budget` playouts a decision, stopped early after `seconds` (None:
        never, for the lab, where the same seed must give the same games); `values_within`:
        see `candidates`; `plain_within`: see `PLAIN_WITHIN`."""
        self.values_within = values_within
        self.plain_within = plain_within
        self.seed = seed
        self.budget = budget
        self.seconds = seconds
        self.horizon = HORIZON if horizon is None else horizon
        self.hard = HardBot(seed, WORLDS, max(values_within, plain_within))

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """The searched best move in the round's turns; `hard`'s move elsewhere."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view.phase is not Phase.TURN:
            return self.hard.choose(view, legal_moves)
        t = table_of(view)
        if t.source == FLIP_OWED or t.down[t.current] <= self.plain_within:
            return self.hard.choose(view, legal_moves)
        codes = candidates(view, t, self.values_within)
        if len(codes) == 1 or self.budget <= 0:
            return move_of(codes[0])
        return move_of(self.decide(view, codes).code)

    def decide(self, view: View, codes: Sequence[int]) -> Verdict:
        """The verdict played among `codes`, searched within this bot's budget."""
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        rng = decision_rng(self.seed, view)
        return best_of(search(view, codes, rng, self.budget, deadline, self.horizon))
