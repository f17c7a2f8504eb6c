"""`expert` and `hard`: `hard`'s judgement checked by whole-round rollouts in the worlds its
view allows (`expert` with thousands a decision, `EXPERT`; `hard` with a small fixed budget,
`HARD`).

For a decision of the round's turns (take the discard or draw; where to put the card it
holds, or throw a drawn card away) it plays every candidate out to the end of the round
in the same sampled worlds (`rollouts.py`: the face-down cards and the draw pile filled
with a sample of the cards it cannot see; the seat then plays as `hard` judges, the
others as `counter` does, each from what *it* could see) and scores each by the round's
real outcome: the others' mean round score minus its own, the closer's doubling
included, plus `GAME_POINTS` times its share of the win where the round ends the game.
The luck of the cards in each rollout is taken out of its score (an unbiased correction
that cuts the noise between two moves by a quarter, `Rollouts.worths`).

The budget goes where the doubt is: every candidate is first played in `SCREEN` worlds
(`hard`: 8); those clearly worse than the leader (by `DROP` standard errors of the
difference, world by world), or with little hope of beating `hard`'s choice (`HOPE`), are
dropped, and the rest play on in rounds that double their worlds while the budget lasts (a
plain decision stops after the screen, or once no other candidate is left in doubt, or with
`settle` once the one left has clearly beaten the judgement's move;
`hard`'s search plays one of each set of places the rules cannot tell apart, `twin`; both
stop a young round's rollouts after a few laps of the table, every grid scored by `ev`'s
sums, `expert` only at 3 or more players).
`hard`'s own choice is played unless another candidate beats it, world by world, by more
than `STAY` points plus `SURE` standard errors. Its last turn is `hard`'s exact search
(`endgame.py`); opening reveals and owed flips are `hard`'s too.

Its work is a budget per decision (`Effort`: rollouts, or steps of play), never "as much as
fits": the same seed and view give the same move. At the table a wall-clock cap
(`seconds`) also stops `expert`'s search early, between rounds of rollouts, when the
machine is slow; `hard`'s has none.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from skyjo_pad.engine import Move, Phase, View
from skyjo_pad.engine.compact import (
    CELLS,
    COLUMNS,
    DISCARD,
    EMPTY,
    FLIP_OWED,
    GONE,
    SWAP,
    CompactTable,
    code_of,
    legal_codes,
    move_of,
)

from . import ev
from .base import decision_rng
from .endgame import WORLDS
from .hard import HardBot, feeding, tempo
from .rollouts import Rollouts
from .worlds import table_of

#: Rollouts a decision may use at the table (about a quarter of a second of one core in a
#: 4-player round).
BUDGET = 6000
#: The wall-clock cap of a decision at the table, in seconds.
SECONDS = 0.9
#: Worlds every candidate is first played in.
SCREEN = 128
#: A candidate whose mean is below the leader's by this many standard errors is dropped,
DROP = 3.0
#: and so is one whose gain over `hard`'s choice, plus this many standard errors, is not
#: above `STAY` (it will hardly be played).
HOPE = 1.0
#: Points a candidate must gain over `hard`'s choice to replace it, beyond `SURE`
#: standard errors of that gain (world by world).
STAY = 0.05
SURE = 1.0
#: Candidates for a held card worse than `hard`'s best by more than this many points of
#: its sums are not searched.
MARGIN = 8.0
#: What winning the game is worth, in round points, in a world where the round ends it.
GAME_POINTS = 25.0
#: Worlds played between two looks at the clock.
CHUNK = 64
#: Worlds each code is played in first when the budget is in steps (`search`).
PROBE = 16


@dataclass(frozen=True, slots=True)
class Effort:
    """How much a searching bot looks, and how sure it must be to overrule its judgement."""

    rollouts: int = BUDGET
    """Rollouts a decision (when `steps` is 0)."""
    steps: int = 0
    """Else this many steps of play a decision (`search`): about the same time for every
    decision, however long its rollouts."""
    sure: float = SURE
    """Standard errors a candidate's gain must clear to replace the judgement's move
    (`best_of`)."""
    margin: float = MARGIN
    """Points of the sums within which a held card's places are searched (`candidates`)."""
    twins: bool = False
    """Whether places worth the same by the rules' symmetry are searched once (`twin`)."""
    screen: int = SCREEN
    """Worlds every candidate is played in before any is dropped (`search`)."""
    probe: int = PROBE
    """With `steps`, worlds every candidate is played in first, to price a rollout."""
    horizon: int = 0
    """In a young round (`early`), laps of the table after which a rollout stops, every
    grid scored by `ev`'s sums (0: every rollout plays to the round's end)."""
    early: int = CELLS + 1
    """The searching seat's own face-down cards from which a round is young: its rollouts
    are the longest and noisiest, and the closing a horizon leaves out is far off."""
    horizon_seats: int = 3
    """The fewest players at a table for the horizon to stop its rollouts (at 2 players it
    cost `expert` some of its choices, not `hard`: docs/bots.md, the fourteenth pass)."""
    settle: float = 0.0
    """When one candidate is left beside the judgement's move and beats it by more than
    `STAY` points plus this many standard errors, the search stops: more worlds would
    hardly change the choice (0: it plays on while the budget lasts)."""


#: `expert`: 6,000 rollouts a decision among the places within 8 points of `hard`'s best,
#: every candidate played in 128 worlds before any is dropped; at 3 or more players a young
#: round's rollouts stop after 5 laps (`hard`'s horizon): a third less work than playing
#: every one to the round's end, for about the same choices (docs/bots.md, the thirteenth
#: and fourteenth passes).
EXPERT = Effort(rollouts=BUDGET, horizon=5, early=8)

#: `hard`: a small search with at most the same work every decision (its 95th percentile
#: about 31 ms of one core), overruling its judgement at one standard error, among the
#: places within 3 points of its best, one of each set of twins, dropping the clearly worse
#: after 8 worlds each; at every table a young round's rollouts stop after 5 laps
#: (docs/bots.md, the tenth to twelfth passes).
HARD = Effort(
    rollouts=0,
    steps=22_000,
    sure=1.0,
    margin=3.0,
    twins=True,
    screen=8,
    probe=8,
    horizon=5,
    early=8,
    horizon_seats=2,
)


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the search found for one candidate move."""

    code: int
    """The move code (`engine.compact`)."""
    value: float
    """Its mean worth over the worlds it was played in (points: the others' mean round
    score minus its own, plus the game's worth where the round ends it)."""
    worlds: int
    """How many worlds it was played out in."""
    gain: float = 0.0
    """Its mean gain in worth over the first candidate, world by world."""
    error: float = 0.0
    """The standard error of that gain."""


def candidates(view: View, margin: float = MARGIN) -> list[int]:
    """The move codes worth searching, `hard`'s choice by its sums first: for a held card
    every cell within `margin` points of the best (and throwing a drawn card away), else
    taking the discard and drawing."""
    table = table_of(view)
    codes = list(legal_codes(table))
    if len(codes) < 2 or table.source == FLIP_OWED:
        return codes[:1]
    odds = ev.odds_of(view)
    if table.source != EMPTY:
        ranked = sorted(ev.options(table, odds, tempo(table), feeding(table, odds)))
        best = ranked[0][0]
        return [code for score, code in ranked if score <= best + margin]
    first = ev.decide(table, odds, tempo(table), feeding(table, odds))
    return [first] + [code for code in codes if code != first]


def to_search(view: View, first: int, effort: Effort) -> list[int]:
    """The codes a search weighs: `first` (the judgement's move), then the other
    `candidates` within the effort's margin; with `effort.twins`, none that is a `twin`
    of one before it."""
    found = candidates(view, effort.margin)
    if len(found) < 2:
        return [first]
    codes = [first] + [code for code in found if code != first]
    table = table_of(view)
    if not effort.twins or view.rules.row_clear or table.source == EMPTY:
        return codes  # (taking the discard and drawing have no twins)
    kinds = [twin(table, code) for code in codes]
    return [code for index, code in enumerate(codes) if kinds[index] not in kinds[:index]]


def twin(table: CompactTable, code: int) -> tuple[int, ...]:
    """What putting the held card at a cell (`code`; or throwing it away) does, as far
    as the rules can tell one cell from another: the card it replaces (every face-down
    card is the same unknown) and the rest of its column. Without the row rule two cells
    alike in this are worth the same (the columns score apart, the face-down cards are
    alike), so a search plays one of them instead of splitting its worlds between equals;
    the rollouts' policies, taking the first of equal cells, still tell them apart by a
    few tenths of a point."""
    if code == DISCARD:
        return (DISCARD,)
    cell = code - SWAP
    base = CELLS * table.current
    column = cell % COLUMNS

    def seen(index: int) -> int:
        value = table.cells[base + index]
        return GONE + 1 if value > GONE else value  # face down: one unknown

    rest = sorted(seen(other) for other in range(column, CELLS, COLUMNS) if other != cell)
    return (seen(cell), *rest)


def _paired(values: Sequence[float], base: Sequence[float]) -> tuple[float, float]:
    """(mean, standard error) of `values` minus `base`, world by world."""
    count = len(base)
    gains = [v - b for v, b in zip(values, base, strict=True)]
    mean = sum(gains) / count
    spread = sum((g - mean) ** 2 for g in gains) / max(1, count - 1)
    return mean, math.sqrt(spread / count)


def search(
    view: View,
    codes: Sequence[int],
    seed: int,
    effort: Effort,
    deadline: float | None = None,
) -> list[Verdict]:
    """Play `codes` out in the same sampled worlds within the effort's rollouts: first
    `effort.screen` worlds each, then rounds that double the worlds of the codes still in
    doubt (`_survivors`) while the budget lasts (none left in doubt: it stops short of it).
    One verdict a code, in the order given, each gain measured against the first code.
    With `effort.steps` the budget is that many steps of play instead (the rollouts' count
    follows from `effort.probe` worlds a code played first: a rollout from a round's start
    costs several times one near its end). Past `deadline` (perf_counter) it stops between
    rounds of rollouts; with no world played in time, every verdict is empty."""
    table = table_of(view)
    young = table.down[table.current] >= effort.early and table.n >= effort.horizon_seats
    turns = effort.horizon * table.n if young else 0
    rollouts = Rollouts(view, seed, GAME_POINTS, horizon=turns)
    alive = list(codes)
    budget = effort.rollouts
    if effort.steps and len(alive) > 1:
        rollouts.play(alive, effort.probe)
        budget = effort.steps * effort.probe * len(alive) // max(1, rollouts.steps)
    spent = rollouts.worlds(alive[0]) * len(alive)
    target = max(2, min(effort.screen, budget // max(1, len(alive))))
    while len(alive) > 1:
        more = target - rollouts.worlds(alive[0])
        chunk = CHUNK if deadline is not None else max(1, more)
        for start in range(0, more, chunk):
            if deadline is not None and time.perf_counter() > deadline:
                return _verdicts(rollouts, codes)
            played = min(chunk, more - start)
            rollouts.play(alive, played)
            spent += played * len(alive)
        alive = _survivors(rollouts, alive)
        if effort.settle and _settled(rollouts, alive, effort.settle):
            break
        more = min(rollouts.worlds(alive[0]), (budget - spent) // len(alive))
        if more < 2:
            break
        target = rollouts.worlds(alive[0]) + more
    return _verdicts(rollouts, codes)


def _survivors(rollouts: Rollouts, alive: list[int]) -> list[int]:
    """The codes still in doubt: the first (`hard`'s choice), and each other that is not
    below the leader by `DROP` standard errors and may still beat the first (its gain plus
    `HOPE` standard errors above `STAY`)."""
    worths = rollouts.worths(alive)
    means = [sum(w) / len(w) for w in worths]
    leader = max(range(len(alive)), key=means.__getitem__)
    kept = [alive[0]]
    for index in range(1, len(alive)):
        gain, error = _paired(worths[index], worths[0])
        if gain + HOPE * error <= STAY:
            continue
        if index != leader:
            gap, error = _paired(worths[leader], worths[index])
            if gap > DROP * error:
                continue
        kept.append(alive[index])
    return kept


def _settled(rollouts: Rollouts, alive: list[int], settle: float) -> bool:
    """Whether the one candidate left beside the first beats it by more than `STAY`
    points plus `settle` standard errors, world by world."""
    if len(alive) != 2:
        return False
    first, other = rollouts.worths(alive)
    gain, error = _paired(other, first)
    return gain - settle * error > STAY


def _verdicts(rollouts: Rollouts, codes: Sequence[int]) -> list[Verdict]:
    """Each code's verdict: its mean worth in all its worlds, its gain over the first code
    in the worlds the two share."""
    if not rollouts.worlds(codes[0]):
        return [Verdict(code, 0.0, 0) for code in codes]
    found = []
    for code in codes:
        worlds = rollouts.worlds(code)
        value = sum(rollouts.worths([code])[0]) / worlds
        shared = min(worlds, rollouts.worlds(codes[0]))
        gain, error = 0.0, 0.0
        if code != codes[0]:
            first, this = rollouts.worths([codes[0], code], shared)
            gain, error = _paired(this, first)
        found.append(Verdict(code, value, worlds, gain, error))
    return found


def best_of(verdicts: Sequence[Verdict], sure: float = SURE) -> Verdict:
    """The verdict to play: the first (`hard`'s choice) unless another beats it, world by
    world, by more than `STAY` points plus `sure` standard errors; then the best of those."""
    chosen = verdicts[0]
    for verdict in verdicts[1:]:
        beats = verdict.gain - sure * verdict.error > STAY
        if beats and verdict.gain > chosen.gain:
            chosen = verdict
    return chosen


class ExpertBot:
    """`hard`'s judgement, overruled where whole-round rollouts find a clearly better move."""

    name = "expert"

    def __init__(
        self,
        seed: int = 0,
        budget: int = BUDGET,
        seconds: float | None = SECONDS,
        effort: Effort | None = None,
    ) -> None:
        """An expert (`EXPERT`) with `budget` rollouts a decision (or the whole `effort`),
        stopped early after `seconds` (None: never, for the lab, where the same seed must
        give the same games)."""
        self.seed = seed
        self.effort = effort or replace(EXPERT, rollouts=budget)
        self.seconds = seconds
        self.hard = HardBot(seed, WORLDS)

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """The searched best move in the round's turns; `hard`'s judgement elsewhere."""
        base = self.hard.choose(view, legal_moves)
        effort = self.effort
        if len(legal_moves) == 1 or view.phase is not Phase.TURN:
            return base
        if effort.rollouts <= 0 and effort.steps <= 0:
            return base
        codes = to_search(view, code_of(base), effort)
        if len(codes) < 2:
            return base
        return move_of(self.decide(view, codes).code)

    def decide(self, view: View, codes: Sequence[int]) -> Verdict:
        """The verdict played among `codes` (`hard`'s choice first), within the effort."""
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        seed = decision_rng(self.seed, view).getrandbits(64)
        verdicts = search(view, codes, seed, self.effort, deadline)
        return best_of(verdicts, self.effort.sure)


class SearchingHardBot(ExpertBot):
    """`hard`: its judgement (`hard.HardBot`) checked by a small search of the same kind
    (`HARD`), the same work for every decision and no clock: a seed and a view always
    give the same move, on any machine."""

    name = "hard"

    def __init__(self, seed: int = 0) -> None:
        """A hard bot."""
        super().__init__(seed, seconds=None, effort=HARD)
