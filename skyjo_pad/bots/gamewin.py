"""The chance to win the game from the totals: a small model fitted to the lab's games.

A round's points matter for the game only through the totals: ten points gained when the
totals are far from the target move the chance to win a little, the same ten points in
the last round may decide it. `stakes.py` guessed how the margins spread; this model was
fitted (`fit`, `benchmarks/learn_gamewin.py`) to games of the lab's bots, at every round's
end where the game went on, from the totals alone:

- each other seat's margin `m` (its total minus the seat's) grows or shrinks by the
  rounds still to come, one round's difference spread by `sigma` points;
- the rounds still to come are `1 + (target - highest total) / pace` (the next round is
  always played; the highest total reaches the target at `pace` points a round);
- the seat wins when every margin is still above 0 at the end, each rival taken as
  independent: `prod Phi(m / (sigma * sqrt(rounds)))`.

`chance` reads a table whose round goes on by its projected totals (the totals plus each
seat's expected round score), with the part of the round still to play (`rest`) added
to the rounds to come. Nothing here reads a face-down card.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: One sample for the fit: the totals at a round's end (the game going on), the target,
#: and each seat's share of the game's win.
Sample = tuple[tuple[int, ...], int, tuple[float, ...]]


@dataclass(frozen=True, slots=True)
class WinModel:
    """The fitted spread of the margins and the pace of the game, for one table size."""

    sigma: float
    """Points of spread (one standard deviation) of one round's difference of two seats."""
    pace: float
    """Points a round by which the highest total nears the target."""

    def rounds(self, totals: Sequence[float], target: int, rest: float = 0.0) -> float:
        """The rounds still to come after totals `totals`, plus `rest` of the current one."""
        room = max(0.0, target - max(totals))
        return rest + (1.0 if rest <= 0.0 else 0.0) + room / self.pace

    def chance(self, totals: Sequence[float], seat: int, target: int, rest: float = 0.0) -> float:
        """The chance that `seat` ends the game with the lowest total, from `totals` (at a
        round's end, or projected with `rest` of the round still to play)."""
        spread = self.sigma * math.sqrt(max(self.rounds(totals, target, rest), 0.05))
        mine = totals[seat]
        win = 1.0
        for other, total in enumerate(totals):
            if other != seat:
                win *= 0.5 * math.erfc((mine - total) / (spread * math.sqrt(2.0)))
        return win


#: The fitted models by table size (`benchmarks/learn_gamewin.py --seed 31`; larger tables
#: use the last). Refit with that command; `--check` makes these numbers again.
MODELS = {
    2: WinModel(sigma=13.75, pace=9.375),
    3: WinModel(sigma=13.125, pace=11.094),
    4: WinModel(sigma=17.625, pace=29.375),
}


def model_for(n: int) -> WinModel:
    """The model for a table of `n` players."""
    sizes = [size for size in MODELS if size <= n]
    return MODELS[max(sizes) if sizes else min(MODELS)]


def log_loss(model: WinModel, samples: Iterable[Sample]) -> float:
    """The mean cross-entropy of `model`'s chances against the seats' win shares."""
    total = 0.0
    count = 0
    for totals, target, shares in samples:
        for seat, share in enumerate(shares):
            p = min(max(model.chance(totals, seat, target), 1e-6), 1 - 1e-6)
            total -= share * math.log(p) + (1 - share) * math.log(1 - p)
            count += 1
    return total / max(count, 1)


def fit(samples: Sequence[Sample]) -> WinModel:
    """The model of least cross-entropy over `samples`: a grid over `sigma` (4 to 40
    points) and `pace` (5 to 50 points), refined twice around the best."""
    best = (math.inf, WinModel(15.0, 20.0))
    sigmas = [4.0 + 2.0 * i for i in range(19)]
    paces = [5.0 + 2.5 * i for i in range(19)]
    step_s, step_p = 2.0, 2.5
    for _ in range(3):
        for sigma in sigmas:
            for pace in paces:
                candidate = WinModel(sigma, pace)
                loss = log_loss(candidate, samples)
                if loss < best[0]:
                    best = (loss, candidate)
        step_s, step_p = step_s / 4, step_p / 4
        here = best[1]
        sigmas = [here.sigma + step_s * i for i in range(-4, 5) if here.sigma + step_s * i > 0]
        paces = [here.pace + step_p * i for i in range(-4, 5) if here.pace + step_p * i > 0]
    found = best[1]
    return WinModel(round(found.sigma, 3), round(found.pace, 3))
