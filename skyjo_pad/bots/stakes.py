"""The game's stakes at a close: the chance to win the game, not the round's points.

When the round may end the game (somebody's total plus what their grid is expected to
count reaches the target), a seat one card from closing should not ask "how many points
do I gain on the others' mean?" but "does this leave me with the lowest total?". Far
ahead on totals, a close that is likely doubled may still win the game; behind, a close
that wins the round by a little may still lose it.

`Stakes` turns both kinds of move into a chance to win the game, from the view alone:

- **closing** with raw score `s`: each other seat ends its round at its expected score
  after its last turn (`ev.Outlook`), spread like a sum of the cards it keeps face down;
  the close is doubled when one of them ends at `s` or lower, and the game is won when
  every other total ends above this seat's;
- **waiting**: the learned value of the move (the seat's round score against the
  others' mean) read as the seat's expected round score, each other seat at its
  expected score now, and the margin to each spread by `SPREAD` points (a round that
  goes on has much luck left).

The rivals are taken as independent, which is a simplification the lab judged, not an
exact chance.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from skyjo_pad.engine import can_be_doubled
from skyjo_pad.engine.compact import CompactTable

from . import ev

#: The round may end the game when a total plus that seat's expected score is within
#: this many points of the target.
MARGIN = 0.0
#: Points of spread (one standard deviation) of the margin to a rival when the round
#: goes on.
SPREAD = 8.0


def _above(threshold: float, mean: float, sd: float) -> float:
    """The chance that a normal (`mean`, `sd`) lands above `threshold` (sd 0: a step)."""
    if sd <= 0.0:
        return 1.0 if mean > threshold else 0.0
    return 0.5 * math.erfc((threshold - mean) / (sd * math.sqrt(2.0)))


def may_end_game(t: CompactTable, sums: Sequence[float], margin: float = MARGIN) -> bool:
    """Whether the round on `t` may end the game: a total plus that seat's expected
    score (`sums`, every seat's) within `margin` of the target."""
    target = t.rules.target
    return any(t.totals[s] + sums[s] + margin >= target for s in range(t.n))


class Stakes:
    """The chance that the seat to move wins the game after a move of this round."""

    def __init__(self, t: CompactTable, seat: int, sums: Sequence[float], spread: float) -> None:
        """Stakes for `seat` on `t`; `sums` is every seat's expected score now (`ev`)."""
        self.t = t
        self.seat = seat
        self.spread = spread
        self.rivals = [(seat + step) % t.n for step in range(1, t.n)]
        self.sums = [sums[r] for r in self.rivals]
        self.mean = sum(self.sums) / len(self.sums)
        self.gaps = [t.totals[r] - t.totals[seat] for r in self.rivals]

    def waiting(self, value: float) -> float:
        """The chance to win when the round goes on and the learned value of the move
        (own round score minus the others' mean) is `value`."""
        mine = self.mean + value
        chance = 1.0
        for gap, expected in zip(self.gaps, self.sums, strict=True):
            chance *= _above(mine, gap + expected, self.spread)
        return chance

    def closing(self, outlook: ev.Outlook, score: int, top: int | None) -> float:
        """The chance to win when closing with raw score `score`, `top` on the discard."""
        rules = self.t.rules
        multiplied = score * rules.multiplier
        doubles = can_be_doubled(score, rules)
        edge = outlook.edge(score)
        plain = doubled = doubled_safe = 1.0
        for index, gap in enumerate(self.gaps):
            expected = outlook.expected(index, top)
            sd = outlook.spread(index)
            beat = score - gap  # the rival's round score must end above this
            plain *= _above(max(beat, edge), expected, sd)
            if doubles:
                beat2 = multiplied - gap
                doubled *= _above(beat2, expected, sd)
                doubled_safe *= _above(max(beat2, edge), expected, sd)
        if not doubles:
            return plain
        # Not doubled and every total above, or doubled (some rival at or below the
        # score) and every total still above the doubled one.
        return plain + doubled - doubled_safe
