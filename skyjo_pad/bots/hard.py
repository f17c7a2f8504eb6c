"""`hard`: the card counter's sums, played for tempo and against the next player.

It scores every move as `ev` does (the expected round score of its grid over the unseen
cards, `ev.py`) and adds the two things a strong person weighs that `ev` does not:

- **tempo and information**: throwing a drawn card away to turn up a face-down one is
  worth `FLIP_BONUS` points more than its expected score while the round is young (it
  learns a card and brings the round's end nearer while the others' grids are still
  high); the bonus fades as the first player nears closing, as the heuristic's pairs do
  (`policy.youth`);
- **the next player**: a card put on the discard pile counts against it by `FEED` times
  what that card would give the next player beyond a blind draw (their grid read by the
  heuristic of `policy.py`, with pairs valued as `RIVAL_STYLE` says).

Once somebody has closed, its one remaining turn is searched in full (`endgame.py`):
every way to play it is scored over sampled fillings of the face-down cards, by the
chance of winning the game when the round may end it, else by its round score against
the others' (the closer's doubling included).

Its settings were found by simulation against three `ev` (docs/bots.md). The work is
fixed (a number of sampled worlds), never "as much as fits in N ms": the same seed and
view always give the same move, on any machine.
"""

from __future__ import annotations

from collections.abc import Sequence

from skyjo_pad.engine import Move, Phase, View
from skyjo_pad.engine.compact import CompactTable, move_of

from . import ev
from .base import decision_rng
from .endgame import WORLDS, last_turn
from .policy import Belief, Style, fed, next_player, youth
from .worlds import table_of

#: Points a flip is worth beyond its expected score while the round is young.
FLIP_BONUS = 2.0
#: The share of the next player's gain from a card we discard that counts against us.
FEED = 0.3
#: How `hard` pictures the next player's appetite for pairs (`policy.Style`); its
#: `pair_horizon` (4 face-down cards) also sets when the flip bonus starts to fade.
RIVAL_STYLE = Style(pair_hidden=1.6, pair_up=0.8)


def feeding(t: CompactTable, odds: ev.Odds, share: float = FEED) -> ev.Feed:
    """What each card put on the discard pile now costs: `share` times the next player's
    gain from it (nothing when the next player is the closer, who has played)."""
    nxt = next_player(t, Belief(odds.probs), RIVAL_STYLE) if share else None
    if nxt is None:
        return ev.no_feed
    known: dict[int, float] = {}

    def feed(card: int) -> float:
        cost = known.get(card)
        if cost is None:
            cost = known[card] = share * fed(nxt, card)
        return cost

    return feed


class HardBot:
    """`ev`'s sums with a bonus for flips and a cost for feeding the next player, and an
    exact search of its last turn."""

    name = "hard"

    def __init__(self, seed: int = 0, worlds: int = WORLDS) -> None:
        """A hard bot; `worlds` sets the work of its last-turn search (0: none)."""
        self.seed = seed
        self.worlds = worlds

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """The last turn's best move by search; any other move by the sums."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        if view.phase is Phase.REVEAL:
            return decision_rng(self.seed, view).choice(list(legal_moves))
        if view.phase is Phase.FINAL_TURNS and self.worlds > 0:
            code = last_turn(view, decision_rng(self.seed, view), self.worlds)
            if code is not None:
                return move_of(code)
        t = table_of(view)
        odds = ev.odds_of(view)
        bonus = FLIP_BONUS * youth(t, RIVAL_STYLE)
        return move_of(ev.decide(t, odds, bonus, feeding(t, odds)))
