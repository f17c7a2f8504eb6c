"""The coach's numbers: what the expert would have played, and what closing risks.

Two questions a table may ask for a seat, from that seat's view alone (no web, no words:
the table turns these numbers into translated sentences):

- `advise(view, legal_moves, played)`: after a move, would `expert` have played another,
  and by how many points on average (the others' mean round score minus the seat's own,
  the closer's doubling included) was the move worse? Only a difference of at least
  `THRESHOLD` points is reported, and only when the search is sure of it. The moves are
  played out in the same sampled worlds, as the expert weighs them (`expert.search` with
  `EXPERT`'s settings: at 3 or more players a young round's rollouts stop after 5 laps).
- `closing_risk(view, move)`: before a move that turns up the seat's last face-down card,
  the chance that its close is doubled and the expected points that costs. Each sampled
  world plays the others' last turns by the fast policy of `playout.py` (people are
  modelled as a strong card counter).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from skyjo_pad.engine import Move, Phase, View
from skyjo_pad.engine.compact import (
    FLIP_OWED,
    GONE,
    NOBODY,
    CompactTable,
    code_of,
    legal_codes,
    move_of,
    step,
)

from .base import decision_rng
from .expert import EXPERT, SURE, candidates, search
from .knowledge import unseen
from .playout import play_round
from .worlds import table_of

#: The smallest loss, in points, the coach speaks of.
THRESHOLD = 1.0
#: Rollouts the advice on one move may use.
BUDGET = 4000
#: Worlds sampled for the closing risk.
CLOSE_WORLDS = 400


@dataclass(frozen=True, slots=True)
class Advice:
    """The expert would have played `better` instead of `played`."""

    played: Move
    better: Move
    points: float
    """The expected points `played` gives away against `better` (at least `THRESHOLD`)."""
    worlds: int
    """How many sampled worlds the comparison was played out in."""


@dataclass(frozen=True, slots=True)
class CloseRisk:
    """What closing with a move risks."""

    chance: float
    """The chance that the close is doubled (0 to 1)."""
    cost: float
    """The expected points the doubling adds to the seat's round score."""
    score: float
    """The expected round score of the closing grid before any doubling."""
    worlds: int
    """How many sampled worlds the figures come from."""


def advise(
    view: View,
    legal_moves: Sequence[Move],
    played: Move,
    budget: int = BUDGET,
    threshold: float = THRESHOLD,
    seed: int = 0,
    deadline: float | None = None,
) -> Advice | None:
    """What the expert would have played instead of `played` in `view` (with
    `legal_moves`), when that is worth at least `threshold` points; else None (the same
    move, a move the search does not weigh such as an opening reveal, or a small gap).
    Past `deadline` (perf_counter) the search stops early, between worlds (`search`)."""
    if played not in legal_moves or len(legal_moves) == 1:
        return None
    if view.phase not in (Phase.TURN, Phase.FINAL_TURNS) or view.current != view.viewer:
        return None
    if table_of(view).source == FLIP_OWED:
        return None
    mine = code_of(played)
    codes = [mine] + [code for code in candidates(view) if code != mine]
    if len(codes) == 1:
        return None
    seed = decision_rng(seed, view).getrandbits(64)
    verdicts = search(view, codes, seed, replace(EXPERT, rollouts=budget), deadline)
    if not verdicts[0].worlds:
        return None  # not one world in time: nothing to say
    better = max(verdicts[1:], key=lambda verdict: verdict.gain)
    if better.gain < threshold or better.gain - SURE * better.error <= 0:
        return None
    return Advice(played, move_of(better.code), better.gain, better.worlds)


def closing_risk(
    view: View, move: Move, worlds: int = CLOSE_WORLDS, seed: int = 0
) -> CloseRisk | None:
    """The doubling risk of `move` if it closes the round for the seat to move (it turns
    up the seat's last face-down card, or throws a drawn card away when only one is
    left, so that the last one must be turned up); None if it does not close."""
    me = view.current
    if me is None or view.viewer != me or view.phase is not Phase.TURN:
        return None
    t = table_of(view)
    if not closes(t, code_of(move)):
        return None
    cards = unseen(view)
    rng = decision_rng(seed, view)
    doubled = 0
    cost = 0.0
    raw_sum = 0.0
    for _ in range(worlds):
        world = table_of(view, cards.sample(rng), rng.getrandbits(53))
        before = world.totals[me]
        step(world, code_of(move))
        if world.source == FLIP_OWED:
            step(world, legal_codes(world)[0])  # only the last card is left to turn up
        play_round(world)
        raw = raw_score(world, me)
        points = world.totals[me] - before
        doubled += points > raw
        cost += points - raw
        raw_sum += raw
    return CloseRisk(doubled / worlds, cost / worlds, raw_sum / worlds, worlds)


def closes(t: CompactTable, code: int) -> bool:
    """Whether playing `code` on `t` closes the round for the seat to move."""
    if t.closer != NOBODY or t.down[t.current] != 1 or code not in legal_codes(t):
        return False
    trial = t.copy()
    step(trial, code)
    if trial.source == FLIP_OWED:
        step(trial, legal_codes(trial)[0])
    return trial.closer == t.current


def raw_score(t: CompactTable, seat: int) -> int:
    """The seat's raw round score on a table whose round is over (every card up, complete
    lines removed)."""
    base = 12 * seat
    return sum(code for code in t.cells[base : base + 12] if code != GONE)
