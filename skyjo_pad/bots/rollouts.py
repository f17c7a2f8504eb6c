"""Whole-round rollouts in sampled worlds, thousands a second: `expert`'s simulator.

A search asks: if I play this move now, how does the round end? It cannot know, so it
fills the cards its view hides (every face-down card and the draw pile) with a sample of
the cards it cannot see (`knowledge.unseen`), plays the move, and plays the round out to
its end: itself as `hard` judges (`SELF`), every other seat as a strong card counter
(`RIVALS`, `counter`'s judgement), each deciding from what *it* could see, never a
face-down value. Many such worlds, the same ones for every candidate move, tell the
moves apart, all the more as each seat draws from a stream of its own (the moves' rollouts
part ways less); the luck of the cards each rollout met is taken out of its score
(`Rollouts.worths`). A rollout may also stop at a `horizon` (`hard` early in a round,
where rollouts are longest and noisiest): every grid is then scored by `ev`'s sums, the
expected round score of its cards (`ev.grid_sums`).

The loop runs in C (`_rollout.c`, built with the package) because a search needs
thousands of rollouts a decision: in Python one rollout of a 4-player round costs about
30 ms, in C about a tenth of a millisecond, and the C code releases Python's lock while
it plays. It mirrors Python that stays the authority: the tests hold its steps and its
scores to `engine.play`, and its policies' moves to `playout.policy_code`, `counter`'s
and `hard`'s. The policies' settings are read from those Python modules here
(`Policy.settings`), never written twice.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass

from skyjo_pad.engine import Rules, View
from skyjo_pad.engine.compact import CompactTable

from . import _rollout, ev
from .hard import FEED, FLIP_BONUS, RIVAL_STYLE
from .knowledge import unseen
from .playout import TAKE_GAIN
from .worlds import table_of
from .yardsticks import COUNTER

_VALUES = range(-2, 13)


def state_of(t: CompactTable, hidden_draw: bool = True) -> tuple[object, ...]:
    """Table `t` as the C core reads it; the draw pile as a count when `hidden_draw`."""
    draw: object = len(t.draw) if hidden_draw else t.draw
    return (
        t.n,
        t.phase,
        t.current,
        t.closer,
        t.source,
        t.held,
        t.turns,
        t.totals,
        t.cells,
        draw,
        t.discard,
    )


def rules_of(rules: Rules) -> tuple[int, ...]:
    """The rule options the round's play depends on, as the C core reads them."""
    return (
        rules.multiplier,
        int(rules.tie_doubles),
        int(rules.double_only_positive),
        int(rules.row_clear),
        rules.turn_limit,
        rules.target,
    )


@dataclass(frozen=True, slots=True)
class Policy:
    """How a seat plays in a rollout: `ev`'s sums (`ev.decide`) with a flip bonus."""

    flip: float
    """Points a flip is worth beyond its expected score while the round is young."""
    own_fade: bool
    """Whether that bonus fades by the seat's own face-down cards (`hard.tempo`), not by
    the fewest anyone has (`policy.youth`)."""
    take_gain: float = 0.0
    """Take the discard only when placing it saves this many points (`playout.TAKE_GAIN`,
    cheaper), instead of weighing it against a draw by the full sums (0)."""
    fear: float = 1.0
    """The share of the doubling's expected cost a close is charged (`ev.Outlook`)."""
    feed: float = 0.0
    """The share of the next player's gain from a card it discards that counts against
    it (`hard.feeding`, the next player read with `hard.RIVAL_STYLE`)."""

    def settings(self) -> tuple[float | int, ...]:
        """The policy with `ev.py`'s constants, as the C core reads it."""
        return (
            self.flip,
            float(RIVAL_STYLE.pair_horizon),
            int(self.own_fade),
            self.take_gain,
            ev.OFFERS_PER_CARD,
            float(ev.REPLACE_LEVEL),
            ev.REPLACE_CHANCE,
            ev.REPLACE_SURE_AT,
            self.fear,
            ev.PATIENCE,
            self.feed,
            RIVAL_STYLE.pair_hidden,
            RIVAL_STYLE.pair_up,
        )


#: `playout.policy_code`, the Python playouts' policy (its twin, for the tests).
PLAYOUT = Policy(FLIP_BONUS, own_fade=False, take_gain=TAKE_GAIN)
#: The others in `expert`'s rollouts: a strong card counter (`counter`'s judgement).
RIVALS = Policy(COUNTER.flip_bonus, own_fade=False, fear=COUNTER.fear, feed=COUNTER.feed)
#: The searching seat in its own rollouts: `hard`'s judgement (its sums, its flip bonus
#: fading by its own cards, its care for the next player).
SELF = Policy(FLIP_BONUS, own_fade=True, feed=FEED)


def policy_code(t: CompactTable, policy: Policy = PLAYOUT) -> int:
    """The move `policy` plays on `t`, computed in C (`PLAYOUT`: `playout.policy_code`'s twin)."""
    return _rollout.policy(state_of(t, hidden_draw=False), rules_of(t.rules), policy.settings())


#: The numbers the C core reports a rollout (`_rollout.c`, OUTCOME): the seat's round
#: score, the others' mean, its share of a won game (-1: the game goes on), then 8 of luck.
OUTCOME = 11
_BYTES = 8 * OUTCOME


class Rollouts:
    """The rollouts of a view's candidate moves, world by world: world `i` is the same
    sample for every move, whichever call plays it, so moves compare world by world."""

    def __init__(
        self,
        seen: View,
        seed: int,
        game_points: float = 0.0,
        streams: bool = True,
        horizon: int = 0,
    ) -> None:
        """Rollouts from `seen` (the searching seat is the one to move), seeded by `seed`;
        a won game is worth `game_points` round points (`worths`)."""
        t = table_of(seen)
        cards = unseen(seen)
        self.state = state_of(t)
        self.rules = rules_of(seen.rules)
        self.mine = SELF.settings()
        self.others = RIVALS.settings()
        self.unseen = [cards.counts[value] for value in _VALUES]
        self.seed = seed & (2**64 - 1)
        self.game_points = game_points
        self.streams = streams
        """Whether each seat draws from a stream of its own (`_rollout.c`, `deal_streams`):
        the same game, less noise between two moves; False: one shared pile, as dealt."""
        self.horizon = horizon
        """Turns after which a rollout stops and scores each grid by `ev`'s sums (0: the
        round's end)."""
        self.outcomes: dict[int, bytearray] = {}
        """Each code's rollouts so far, world by world (`OUTCOME` doubles each)."""
        self.steps = 0
        """The steps (moves) every rollout so far played: the search's work, up to five
        times more for a rollout from a round's start than for one near its end."""

    def worlds(self, code: int) -> int:
        """How many worlds `code` has been played out in."""
        return len(self.outcomes.get(code, b"")) // _BYTES

    def play(self, codes: Sequence[int], worlds: int) -> None:
        """Play each of `codes` out in `worlds` more worlds (they must all have been played
        in as many worlds so far), each seat drawing from a stream of its own (`streams`)."""
        first = self.worlds(codes[0])
        raw, steps = _rollout.search(
            self.state,
            self.rules,
            self.mine,
            self.others,
            self.unseen,
            list(codes),
            worlds,
            first,
            self.seed,
            self.streams,
            self.horizon,
        )
        self.steps += steps
        size = worlds * _BYTES
        for index, code in enumerate(codes):
            played = self.outcomes.setdefault(code, bytearray())
            played.extend(raw[index * size : (index + 1) * size])

    def worths(self, codes: Sequence[int], worlds: int | None = None) -> list[array[float]]:
        """Each code's worth in its first `worlds` worlds (all that the first code was
        played in when None; every code must have been played in as many): the others'
        mean round score minus its own, plus `game_points` times its share of a won game,
        less the part of it the luck of the cards explains (an unbiased estimate with a
        fraction of the noise, `_rollout.adjusted`)."""
        if worlds is None:
            worlds = self.worlds(codes[0])
        size = worlds * _BYTES
        joined = b"".join(bytes(self.outcomes[code][:size]) for code in codes)
        found = array("d")
        found.frombytes(_rollout.adjusted(joined, len(codes), worlds, self.game_points))
        return [found[index * worlds : (index + 1) * worlds] for index in range(len(codes))]
