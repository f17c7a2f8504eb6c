"""Fast play on a sampled world: every seat plays by `ev`'s sums with `hard`'s flip bonus.

The coach's closing risk (`coach.py`) fills the hidden cards of a view with a sample of
the cards the seat cannot see (a determinization, `worlds.table_of`) and plays the round
forward on that compact table to its end (`play_round`). In such a world every seat still
plays from what *it* could see: its odds come from the face-up cards, the discard pile
and its own held card (`seat_odds`). The C rollouts (`rollouts.py`) have this policy as
`PLAYOUT`, and the tests hold the two to the same moves; `expert`'s own rollouts play with
`hard`'s and `counter`'s judgement instead (`rollouts.SELF`, `RIVALS`).
"""

from __future__ import annotations

from skyjo_pad.engine.compact import (
    COUNTS,
    DRAW,
    EMPTY,
    FINAL,
    FLIP_OWED,
    GONE,
    TAKE,
    TURN,
    CompactTable,
    legal_codes,
    step,
)

from . import ev
from .hard import FLIP_BONUS, RIVAL_STYLE
from .policy import youth

_COUNTS = [COUNTS[value] for value in range(-2, 13)]
#: Take the discard in a playout when placing it lowers the expected score this much.
TAKE_GAIN = 3.0
#: A safety net: a playout longer than this many steps stops where it is.
MAX_STEPS = 2000


def _unseen_counts(t: CompactTable) -> list[int]:
    """How many of each card value (index: value + 2) are neither face up nor in the
    discard pile on table `t` (may go below 0 where cards were cleared)."""
    counts = _COUNTS[:]
    for code in t.cells:
        if code < GONE:
            counts[code + 2] -= 1
    for card in t.discard:
        counts[card + 2] -= 1
    return counts


def seat_odds(t: CompactTable) -> ev.Odds:
    """The odds of the seat to move on table `t`, from what that seat can see: the deck
    minus the face-up cards, the discard pile and its held card (never a face-down card)."""
    counts = _unseen_counts(t)
    if t.source != EMPTY and t.source != FLIP_OWED:
        counts[t.held + 2] -= 1
    total = 0
    for index, count in enumerate(counts):
        if count < 0:
            counts[index] = 0
        else:
            total += count
    if not total:
        probs = [(value, COUNTS[value] / 150) for value in COUNTS]
    else:
        probs = [(index - 2, count / total) for index, count in enumerate(counts) if count]
    offers = 0.0
    if t.phase == TURN:
        offers = ev.OFFERS_PER_CARD * max(0, min(t.down) - 1)
    return ev.Odds(probs, offers)


def policy_code(t: CompactTable) -> int:
    """The move the seat to move plays in a playout (a legal code of `t`).

    It is `ev.decide` with `hard`'s flip bonus, but for the choice between the discard
    and a draw away from closing: there it takes the discard when placing it lowers its
    expected score by `TAKE_GAIN` points or more (which agrees with the full sums in 97%
    of such choices and costs a tenth of them).
    """
    codes = legal_codes(t)
    if len(codes) == 1:
        return codes[0]
    odds = seat_odds(t)
    seat = t.current
    if t.source == EMPTY and t.phase == TURN and t.down[seat] > 1 and codes[0] == TAKE:
        cols = ev.columns(t.cells, 12 * seat, odds)
        take = ev.placed(t, odds, t.discard[-1], cols, None)[0]
        return TAKE if sum(cols) - take >= TAKE_GAIN else DRAW
    return ev.decide(t, odds, FLIP_BONUS * youth(t, RIVAL_STYLE))


def play_round(t: CompactTable) -> None:
    """Play `t` forward by the playout policy until its round is over (in place)."""
    for _ in range(MAX_STEPS):
        if t.phase != TURN and t.phase != FINAL:
            return
        step(t, policy_code(t))
