"""`hard`'s judgement: the card counter's sums, played for tempo and against the next player.

The bot `hard` plays by this judgement and checks it with a small search of whole-round
rollouts (`expert.SearchingHardBot`); `HardBot` alone is the `hard` of sessions 1 to 38,
the base of both searches and the lab's `bot=hard`.

It scores every move as `ev` does (the expected round score of its grid over the unseen
cards, `ev.py`) and adds the two things a strong person weighs that `ev` does not:

- **tempo and information**: throwing a drawn card away to turn up a face-down one is
  worth `FLIP_BONUS` points more than its expected score while it has many face-down
  cards (it learns a card and brings the round's end nearer while the others' grids are
  still high); the bonus fades as it nears its own close (`tempo`);
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

from skyjo_pad.engine import View
from skyjo_pad.engine.compact import TURN, CompactTable

from . import ev, valued
from .endgame import WORLDS, SearchesLastTurn
from .policy import Belief, Style, fed, next_player
from .values import model

#: Points a flip is worth beyond its expected score while the round is young.
FLIP_BONUS = 2.0
#: The share of the next player's gain from a card we discard that counts against us.
FEED = 0.3
#: How `hard` pictures the next player's appetite for pairs (`policy.Style`); its
#: `pair_horizon` (4 face-down cards) also sets when the flip bonus starts to fade.
RIVAL_STYLE = Style(pair_hidden=1.6, pair_up=0.8)
#: With this many face-down cards or fewer (0: never), `hard` judges its moves by the
#: learned values (`valued.py`): one card from closing, it closes or waits by the others'
#: likely scores, not by its own alone.
VALUES_WITHIN = 1
#: How much of the learned worth of tempo it plays by there.
VALUES_TEMPO = 1.0
#: One card from closing in a round that may end the game, it plays for the chance to
#: win the game (`stakes.py`) with this spread of the margins when the round goes on
#: (None: by the values' points, as elsewhere).
STAKES_SPREAD: float | None = None
#: One card from closing, the others' ends after a close as `hard` pictures them
#: (`ev.Outlook`'s spread, in unseen cards, and shift, in points): (0, 0) is `ev`'s own
#: picture, which the yardsticks keep.
OUTLOOK: tuple[float, float] = (0.0, 0.0)


def tempo(t: CompactTable, flip: float = FLIP_BONUS) -> float:
    """The flip bonus of the seat to move: `flip` points while it has `pair_horizon`
    face-down cards or more, fading with its own last ones, none in the final turns.

    It fades by the seat's own cards, not by the round's fastest player's (as the
    yardsticks' does, `policy.youth`): a seat behind in the race still buys tempo. Paired
    with the fade by the fastest player, that measured level or better against every
    yardstick (docs/bots.md, the seventh pass).
    """
    if t.phase != TURN:
        return 0.0
    return flip * min(1.0, t.down[t.current] / RIVAL_STYLE.pair_horizon)


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


class HardBot(SearchesLastTurn):
    """`ev`'s sums with a bonus for flips and a cost for feeding the next player, and an
    exact search of its last turn."""

    name = "hard"

    def __init__(
        self,
        seed: int = 0,
        worlds: int = WORLDS,
        values_within: int = VALUES_WITHIN,
        values_tempo: float = VALUES_TEMPO,
        stakes: float | None = STAKES_SPREAD,
        flip: float = FLIP_BONUS,
        feed: float = FEED,
        outlook: tuple[float, float] = OUTLOOK,
    ) -> None:
        """A hard bot; `worlds` sets its last-turn search; with `values_within` face-down
        cards or fewer it plays by the learned values, their tempo scaled by `values_tempo`
        (other settings for the lab); `stakes`: see `STAKES_SPREAD`; `flip` and `feed`: see
        `FLIP_BONUS` and `FEED`; `outlook`: see `OUTLOOK`."""
        super().__init__(seed, worlds)
        self.values_within = values_within
        self.values_tempo = values_tempo
        self.stakes = stakes
        self.flip = flip
        self.feed = feed
        self.outlook = outlook

    def judge(self, view: View, t: CompactTable) -> int:
        """The move by the sums, with the flip bonus and the feeding cost; near closing
        (`values_within`), by the learned values."""
        odds = ev.odds_of(view)
        if t.phase == TURN and t.down[t.current] <= self.values_within:
            feed = feeding(t, odds, self.feed)
            return valued.decide(
                t, odds, model(), feed, self.values_tempo, spread=self.stakes, outlook=self.outlook
            )
        return ev.decide(t, odds, tempo(t, self.flip), feeding(t, odds, self.feed))


class ValuedBot(SearchesLastTurn):
    """`valued`, a lab bot: every move judged by the learned values (`valued.py`), the
    model's tempo instead of a fixed flip bonus, the same cost for feeding the next
    player and the same searched last turn."""

    name = "valued"

    def __init__(
        self, seed: int = 0, worlds: int = WORLDS, tempo: float = 1.0, hidden_tempo: bool = True
    ) -> None:
        """A valued bot; `tempo` scales the learned worth of tempo; `hidden_tempo`: a card
        put on a face-down one earns it too (`valued.Judge`)."""
        super().__init__(seed, worlds)
        self.tempo = tempo
        self.hidden_tempo = hidden_tempo

    def judge(self, view: View, t: CompactTable) -> int:
        """The move with the best learned value."""
        odds = ev.odds_of(view)
        return valued.decide(t, odds, model(), feeding(t, odds), self.tempo, self.hidden_tempo)
