"""The lab's yardsticks: three strong heuristic players of different styles.

They are the opponents new bots are tuned and judged against (docs/bots.md), never one
alone: a change counts only if it loses to none of them.

- `counter`: an expected-value card counter (`ev.py`'s sums) that pays for tempo, minds
  what it hands the next player and closes only when the doubling it risks, from the
  others' likely scores after their last turn, is worth it;
- `clearer`: plays for column clears (`policy.py`'s judgement with pairs valued highly,
  more so while many cards of their value are still out of sight);
- `racer`: races to close, turning cards up eagerly all round long and daring to close
  with part of the doubling's fear.

All three search their last turn once somebody has closed (`endgame.py`), play only from
their view, and make their few random choices from their seed and the view
(`base.decision_rng`).
"""

from __future__ import annotations

from dataclasses import dataclass

from skyjo_pad.engine import View
from skyjo_pad.engine.compact import CompactTable

from . import ev
from .endgame import WORLDS, SearchesLastTurn
from .hard import RIVAL_STYLE, feeding
from .medium import belief_from
from .policy import Style, act, youth


@dataclass(frozen=True, slots=True)
class Sums:
    """The settings of a yardstick built on `ev`'s sums."""

    flip_bonus: float
    """Points a flip is worth beyond its expected score."""
    fades: bool
    """Whether that bonus fades as the round nears its end (`policy.youth`)."""
    feed: float
    """The share of the next player's gain from a card it discards that counts against it."""
    fear: float
    """How much of the doubling's expected cost a closing move is charged."""


#: The settings of `counter` and `racer`, found by simulation (docs/bots.md).
COUNTER = Sums(flip_bonus=1.5, fades=True, feed=0.45, fear=1.0)
RACER = Sums(flip_bonus=3.0, fades=False, feed=0.0, fear=0.6)
#: The judgement of `clearer` (`policy.Style`), found by simulation (docs/bots.md).
CLEARER = Style(
    pair_hidden=2.4,
    pair_up=1.4,
    pair_supply=1.5,
    flip_value=1.0,
    feed=0.3,
    close_gap=3.0,
    close_spread=8.0,
)


class Yardstick(SearchesLastTurn):
    """What the three share: single moves, opening reveals and the searched last turn;
    every other decision is the style's (`judge`)."""

    name = "yardstick"

    def judge(self, view: View, t: CompactTable) -> int:
        """The move code the style plays (outside the reveals and the searched last turn)."""
        raise NotImplementedError


class SumsBot(Yardstick):
    """A yardstick on `ev`'s sums with its own `Sums` settings."""

    def __init__(self, seed: int = 0, sums: Sums = COUNTER, worlds: int = WORLDS) -> None:
        """A bot on `ev`'s sums with the settings `sums`."""
        super().__init__(seed, worlds)
        self.sums = sums

    def judge(self, view: View, t: CompactTable) -> int:
        """The move with the lowest expected round score, as the settings weigh it."""
        sums = self.sums
        odds = ev.odds_of(view)
        bonus = sums.flip_bonus * (youth(t, RIVAL_STYLE) if sums.fades else 1.0)
        feed = feeding(t, odds, sums.feed) if sums.feed else ev.no_feed
        return ev.decide(t, odds, bonus, feed, sums.fear)


class CounterBot(SumsBot):
    """`counter`: the expected-value card counter that pays for tempo and minds closing."""

    name = "counter"

    def __init__(self, seed: int = 0, sums: Sums = COUNTER, worlds: int = WORLDS) -> None:
        """A counter (other `sums` for tuning)."""
        super().__init__(seed, sums, worlds)


class RacerBot(SumsBot):
    """`racer`: turns cards up eagerly and dares to close."""

    name = "racer"

    def __init__(self, seed: int = 0, sums: Sums = RACER, worlds: int = WORLDS) -> None:
        """A racer (other `sums` for tuning)."""
        super().__init__(seed, sums, worlds)


class ClearerBot(Yardstick):
    """`clearer`: the heuristic judgement of `policy.py`, playing hard for column clears."""

    name = "clearer"

    def __init__(self, seed: int = 0, style: Style = CLEARER, worlds: int = WORLDS) -> None:
        """A clearer (another `style` for tuning)."""
        super().__init__(seed, worlds)
        self.style = style

    def judge(self, view: View, t: CompactTable) -> int:
        """The move with the best worth by the heuristic, pairs valued highly."""
        return act(t, belief_from(view), self.style)
