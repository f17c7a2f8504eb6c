"""`hard`: looks ahead by playing the round out in sampled worlds (determinization).

Its own judgement is the heuristic's with sharper settings (`HARD_STYLE`). When the end of
the round is near (somebody has few face-down cards left), the decisions that matter
(take or draw; where to put a card; keep or throw a drawn card) are searched: it keeps the
few best moves by its judgement, then, in each of `samples` worlds drawn from the unseen
cards (face-down cards and draw pile filled in consistently with the view), plays every
candidate and then the rest of the round with the heuristic for every seat, on the
engine's compact tables. In one world every seat draws from its own stream of cards, so
that all candidates meet the same luck. The move whose rounds end best for it, on average,
is played, if it beats its judgement's first choice by `margin` points.

The work is fixed (worlds × candidates × a turn limit), never "as much as fits in N ms":
the same seed and view always give the same move, on any machine.
"""

from __future__ import annotations

from collections.abc import Sequence

from skyjo_pad.engine import HeldFrom, Move, Phase, View, compact
from skyjo_pad.engine.compact import EMPTY, FINAL, GONE, TURN, CompactTable, code_of, move_of

from .base import decision_rng
from .knowledge import unseen
from .medium import MediumBot, belief_from
from .policy import Belief, Style, act, options, start
from .worlds import table_of

#: Worlds sampled per decision at the default work level.
SAMPLES = 16
#: Moves kept for the look-ahead, besides throwing a drawn card away.
WIDTH = 3
#: Turns played ahead (by all seats) before a world is judged by its cards.
HORIZON = 60
#: Search once somebody has this many face-down cards or fewer.
NEAR = 1
#: Points another move must win over the judgement's first choice.
MARGIN = 1.0
#: In a round that may end the game, outcomes count as the gap to the best rival's total,
#: clipped to this many points either way (a smoothed "do I win?").
CLIP = 8.0
#: The round may end the game when a total is within this many points of the target.
LAST_ROUND = 25
#: The heuristic's settings for hard's own moves.
HARD_STYLE = Style(flip_value=3.5, pair_hidden=1.6, pair_up=0.8, close_gap=8.0)
#: How hard expects the others to play.
RIVAL_STYLE = Style()


class HardBot:
    """Determinized Monte-Carlo look-ahead with the heuristic player as the playout policy."""

    name = "hard"

    def __init__(
        self,
        seed: int = 0,
        samples: int = SAMPLES,
        width: int = WIDTH,
        horizon: int = HORIZON,
        near: int = NEAR,
        margin: float = MARGIN,
        clip: float = CLIP,
        last_round_gap: int = LAST_ROUND,
        style: Style = HARD_STYLE,
        rivals: Style = RIVAL_STYLE,
    ) -> None:
        """A hard bot; `samples`, `width` and `horizon` set its (fixed) amount of work, `near`
        when it searches, `margin` how sure the search must be to overrule its judgement."""
        self.seed = seed
        self.samples = samples
        self.width = width
        self.horizon = horizon
        self.near = near
        self.margin = margin
        self.clip = clip
        self.last_round_gap = last_round_gap
        self.style = style
        self.rivals = rivals
        self.judgement = MediumBot(seed, style)

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """The candidate with the best average outcome over the sampled worlds."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        held = view.held
        if view.phase is Phase.REVEAL or (held is not None and held.source is HeldFrom.FLIP):
            return self.judgement.choose(view, legal_moves)
        belief = belief_from(view)
        base = table_of(view)
        candidates = self.candidates(base, belief, {code_of(m) for m in legal_moves})
        if len(candidates) == 1 or self.samples < 1 or min(base.down) > self.near:
            return move_of(candidates[0])
        scores = self.search(view, belief, candidates, self.last_round(view))
        best = 0
        for i in range(1, len(candidates)):
            if scores[i] < scores[best] - self.margin * self.samples:
                best = i
        return move_of(candidates[best])

    def candidates(self, t: CompactTable, belief: Belief, legal: set[int]) -> list[int]:
        """The moves worth a look-ahead, its judgement's choice first."""
        if t.source == EMPTY:
            first = start(t, belief, self.style)
            return [first] + [c for c in (compact.TAKE, compact.DRAW) if c in legal and c != first]
        ranked = sorted(options(t, belief, self.style), key=lambda o: -o[0])
        kept = [code for _, code in ranked if code in legal]
        first = kept[0]
        swaps = [code for code in kept if code != compact.DISCARD and code != first]
        kept = [first, *swaps[: self.width - 1]]
        if compact.DISCARD in legal and compact.DISCARD not in kept:
            kept.append(compact.DISCARD)
        return kept

    def last_round(self, view: View) -> bool:
        """Whether this round may well end the game."""
        return max(view.totals) + self.last_round_gap >= view.rules.target

    def search(
        self, view: View, belief: Belief, candidates: Sequence[int], final: bool = False
    ) -> list[float]:
        """Each candidate's summed outcome (lower is better) over the sampled worlds; with
        `final`, the outcome is the clipped gap to the best rival's total."""
        rng = decision_rng(self.seed, view)
        cards = unseen(view)
        before = list(view.totals)
        scores = [0.0] * len(candidates)
        for _ in range(self.samples):
            values = cards.sample(rng)
            world = table_of(view, values, seed=rng.getrandbits(53))
            rest = values[sum(world.down) :] or [round(belief.mean)]
            n = world.n
            streams = [rest[seat::n] or rest for seat in range(n)]
            for i, code in enumerate(candidates):
                scores[i] += self.playout(world.copy(), code, streams, before, belief, final)
        return scores

    def playout(
        self,
        t: CompactTable,
        first: int,
        streams: list[list[int]],
        before: list[int],
        belief: Belief,
        final: bool = False,
    ) -> float:
        """Play `first`, then on with the heuristic for everyone; how much worse the seat to
        move ends than the others on average (with `final`: than the best rival's total)."""
        me = t.current
        styles = [self.rivals] * t.n
        styles[me] = self.style
        limit = t.turns + self.horizon
        drawn = [0] * t.n
        code = first
        while True:
            if code == compact.DRAW and t.draw:
                seat = t.current
                stream = streams[seat]
                t.draw[-1] = stream[drawn[seat] % len(stream)]
                drawn[seat] += 1
            compact.step(t, code)
            if not (t.phase == TURN or t.phase == FINAL) or t.turns >= limit:
                break
            code = act(t, belief, styles[t.current])
        n = t.n
        if t.phase == TURN or t.phase == FINAL:
            scores = estimates(t, belief.mean)
        else:
            scores = [float(t.totals[s] - before[s]) for s in range(n)]
        mine = scores[me]
        if final:
            gap = before[me] + mine - min(before[s] + scores[s] for s in range(n) if s != me)
            return -self.clip if gap < -self.clip else self.clip if gap > self.clip else gap
        return mine - (sum(scores) - mine) / (n - 1)


def estimates(t: CompactTable, mean: float) -> list[float]:
    """Each seat's expected round score: face-up cards, and the mean for each face-down one."""
    cells = t.cells
    scores: list[float] = []
    for seat in range(t.n):
        total = 0.0
        for cell in cells[12 * seat : 12 * seat + 12]:
            if cell < GONE:
                total += cell
            elif cell > GONE:
                total += mean
        scores.append(total)
    return scores
