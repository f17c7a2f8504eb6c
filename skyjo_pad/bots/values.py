"""Values learned by self-play: a seat's round score against the others', predicted.

After a seat's move, how will its round end against the others'? `ev`'s sums (`ev.py`)
say what its grid is expected to count; what they leave out is time: a seat with fewer
face-down cards can close sooner and leaves the others' high cards where they lie. The
model here learned that from games of the lab's bots (`benchmarks/learn_values.py`): a
linear model of

    own final round score − the others' mean final round score

(the doubling included), from features a seat may see after its move:

- `own`: `ev`'s expected score of its grid (face-up cards, the unseen mean for face-down
  ones, pairs that may complete, high cards that may be replaced), with a weight for each
  `pace` (the fewest face-down cards any *other* seat has, 0 to `PACES` - 1 and more);
- a learned constant for each (its own face-down cards, `pace`): the worth of tempo;
- `others`: the others' mean expected score, weighted by `pace`, and their mean count of
  face-down cards.

The weights (`values.json`, beside this file) are fitted per table size (2, 3 and 4
players; larger tables use the 4-player ones). Nothing here reads a face-down card's
value: the sums only look at which cells are face down.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from skyjo_pad.engine.compact import GONE, CompactTable

from . import ev

#: `pace` buckets: the fewest face-down cards of the other seats, 0 .. PACES - 1 (and more).
PACES = 7
#: Own face-down buckets: 0 .. DOWNS - 1 (and more).
DOWNS = 11
#: Table sizes with weights of their own (larger tables use the last).
SIZES = (2, 3, 4)
#: Where the fitted weights are kept.
WEIGHTS_FILE = Path(__file__).with_name("values.json")
#: Features in the design: tempo constants, own sums by pace, others' sums by pace, others'
#: mean face-down count.
FEATURES = DOWNS * PACES + PACES + PACES + 1

_CELLS = 12


@dataclass(frozen=True, slots=True)
class Weights:
    """One table size's fitted model."""

    tempo: tuple[tuple[float, ...], ...]
    """[own face-down bucket][pace]: a constant for each."""
    own: tuple[float, ...]
    """[pace]: the weight of the seat's own expected score."""
    others: tuple[float, ...]
    """[pace]: the weight of the others' mean expected score."""
    others_down: float
    """The weight of the others' mean face-down count."""

    @classmethod
    def from_vector(cls, w: Sequence[float]) -> Weights:
        """Weights from a flat vector in the design's order (`design`)."""
        if len(w) != FEATURES:
            raise ValueError(f"a value model has {FEATURES} weights, not {len(w)}")
        tempo = tuple(tuple(w[d * PACES : (d + 1) * PACES]) for d in range(DOWNS))
        at = DOWNS * PACES
        own = tuple(w[at : at + PACES])
        others = tuple(w[at + PACES : at + 2 * PACES])
        return cls(tempo, own, others, w[at + 2 * PACES])

    def vector(self) -> list[float]:
        """The flat vector (`from_vector`'s inverse)."""
        flat = [x for row in self.tempo for x in row]
        return flat + list(self.own) + list(self.others) + [self.others_down]


@dataclass(frozen=True, slots=True)
class Context:
    """What the others show, which no move of the seat changes."""

    pace: int
    """The fewest face-down cards of the other seats, capped at PACES - 1."""
    others: float
    """The others' mean expected score by `ev`'s sums."""
    others_down: float
    """The others' mean count of face-down cards."""


def design(down: int, own: float, ctx: Context) -> list[tuple[int, float]]:
    """The nonzero features (index, value) of a seat with `down` face-down cards and
    expected score `own`, in `ctx`: four of them."""
    d = min(down, DOWNS - 1)
    p = ctx.pace
    at = DOWNS * PACES
    return [
        (d * PACES + p, 1.0),
        (at + p, own),
        (at + PACES + p, ctx.others),
        (at + 2 * PACES, ctx.others_down),
    ]


def context(t: CompactTable, seat: int, odds: ev.Odds) -> Context:
    """The others' side of the features on table `t`, for `seat`."""
    rivals = [s for s in range(t.n) if s != seat]
    sums = [sum(ev.columns(t.cells, _CELLS * s, odds)) for s in rivals]
    downs = [t.down[s] for s in rivals]
    return Context(min(min(downs), PACES - 1), sum(sums) / len(sums), sum(downs) / len(downs))


def own_sum(t: CompactTable, seat: int, odds: ev.Odds) -> float:
    """`seat`'s expected score on `t` by `ev`'s sums."""
    return sum(ev.columns(t.cells, _CELLS * seat, odds))


def down_count(t: CompactTable, seat: int) -> int:
    """`seat`'s face-down cards on `t` (from the cells, not a kept counter)."""
    base = _CELLS * seat
    return sum(1 for code in t.cells[base : base + _CELLS] if code > GONE)


class Model:
    """The learned value of a seat's position: lower is better for it."""

    def __init__(self, sizes: dict[int, Weights]) -> None:
        """A model with weights for each table size in `sizes`."""
        self.sizes = sizes

    def weights(self, n: int) -> Weights:
        """The weights for a table of `n` players."""
        fits = [size for size in self.sizes if size <= n]
        return self.sizes[max(fits) if fits else min(self.sizes)]

    def predict(self, n: int, down: int, own: float, ctx: Context) -> float:
        """The predicted own final round score minus the others' mean."""
        w = self.weights(n)
        d = min(down, DOWNS - 1)
        p = ctx.pace
        return (
            w.tempo[d][p]
            + w.own[p] * own
            + w.others[p] * ctx.others
            + w.others_down * ctx.others_down
        )

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Model:
        """A model from `values.json`'s content; ValueError if its shape is wrong."""
        if data.get("format") != "skyjo-values/1":
            raise ValueError("not a skyjo-values/1 file")
        raw = data.get("sizes")
        if not isinstance(raw, dict):
            raise ValueError("a skyjo-values/1 file has weights by table size")
        sizes = {int(size): Weights.from_vector(vector) for size, vector in raw.items()}
        if not sizes:
            raise ValueError("a skyjo-values/1 file needs the weights of one table size")
        return cls(sizes)

    def to_json(self, meta: dict[str, object]) -> dict[str, object]:
        """The content of `values.json`, with `meta` (how it was made)."""
        sizes = {str(n): [round(x, 6) for x in w.vector()] for n, w in sorted(self.sizes.items())}
        return {"format": "skyjo-values/1", "made": meta, "sizes": sizes}


@cache
def model() -> Model:
    """The committed model (`values.json`), read once."""
    return Model.from_json(json.loads(WEIGHTS_FILE.read_text(encoding="utf-8")))
