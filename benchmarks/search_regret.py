"""How far a search's choices fall short of an oracle's, on positions from real games.

    nice -n 19 .venv/bin/python benchmarks/search_regret.py --jobs 2 \
        --variants 'sure=2' 'sure=1' 'sure=1,steps=30000'

A game screen (`expert_lab.py`) needs 2,000 games to see a change of two or three games in
a hundred; this looks at single decisions instead, in minutes. It collects the decisions
`hard` searches in games against `--against` (three `counter`; deals from `--seed`, not the
lab's seed 7), then plays every candidate move of each (every place for a held card, not
only those within `hard`'s margin) in `--worlds` sampled worlds of its own: the oracle's
worth of each move. A variant of `hard`'s search (`expert.HARD` with `steps=`, `sure=`,
`margin=`, `settle=`, `screen=`, `probe=`, `horizon=`, `early=`, `rollouts=` or `twins=0`
changed, read as the lab reads them) then decides each position `--shots` times with seeds
the oracle did not use; its **regret** is the oracle's best worth less the worth of the move
it chose (points of the others' round score minus its own; 0 is perfect), averaged over the
positions. `--cache FILE` keeps the positions and the oracle's worths (some 15 minutes of
one core for 400 positions) for the next run.

Printed: the judgement's regret (`hard` without its search), each variant's with its
standard error, its CPU time a searched decision (mean and 95th percentile), and its regret
less the first variant's, position by position. A few positions carry most of the regret,
so two sets of positions can rank close settings differently (docs/bots.md, the eleventh
pass): read a small difference as none. The oracle judges with the search's own rollouts
(the seat plays on as `hard` judges, the others as `counter`): it ranks settings of the
search; whether a ranking holds in games is for the lab to show.
"""

from __future__ import annotations

import argparse
import math
import pickle
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from skyjo_pad.bots import expert, make_bot
from skyjo_pad.bots.base import Bot, mix
from skyjo_pad.bots.rollouts import Rollouts
from skyjo_pad.engine import Rules, View
from skyjo_pad.simulate import SAFETY_STALL_TURNS, game_seed, play_bots

sys.path.insert(0, str(Path(__file__).resolve().parent))

import expert_lab  # the benchmarks folder is not a package

Position = tuple[View, list[int]]
"""A searched decision: the view, and the codes `hard` searched (its choice first)."""


class Recording(expert.SearchingHardBot):
    """`hard`, noting every decision its search looks at."""

    def __init__(self, seed: int, found: list[Position]) -> None:
        super().__init__(seed)
        self.found = found

    def decide(self, view: View, codes: Sequence[int]) -> expert.Verdict:
        """Note the decision, then search it."""
        self.found.append((view, list(codes)))
        return super().decide(view, codes)


#: One searched decision in this many is kept: positions from many games, since the
#: decisions of one game (one deal's fortunes) are alike.
SPREAD = 8


def searched(number: int, seed: int, against: str) -> list[Position]:
    """Every `SPREAD`th decision `hard` searches in game `number` of the run `seed`, the
    other seats the bots named in `against`."""
    found: list[Position] = []
    dealt = game_seed(seed, number)
    bots: list[Bot] = [Recording(mix(dealt, 0), found)]
    bots += [make_bot(name, mix(dealt, seat + 1)) for seat, name in enumerate(against.split(","))]
    play_bots(bots, Rules(stall_turns=SAFETY_STALL_TURNS), dealt)
    return found[number % SPREAD :: SPREAD]


def positions(count: int, seed: int, against: str, pool: ProcessPoolExecutor) -> list[Position]:
    """The first `count` of them, game by game (about 15 a game)."""
    found: list[Position] = []
    played = 0
    while len(found) < count:
        batch = range(played, played + max(2, (count - len(found)) // 12))
        for some in pool.map(searched, batch, [seed] * len(batch), [against] * len(batch)):
            found += some
        played = batch.stop
    return found[:count]


def oracle(job: tuple[int, Position, int]) -> dict[int, float]:
    """Every candidate's mean worth in `worlds` worlds of the oracle's own seed."""
    index, (view, codes), worlds = job
    every = expert.to_search(view, codes[0], expert.Effort(margin=math.inf))
    rollouts = Rollouts(view, 10**9 + index, expert.GAME_POINTS)
    rollouts.play(every, worlds)
    return {code: sum(w) / len(w) for code, w in zip(every, rollouts.worths(every), strict=True)}


def regrets(job: tuple[int, Position, dict[int, float], expert.Effort, int]) -> tuple[float, float]:
    """(mean regret, CPU seconds) of `effort`'s choices at one position over `shots` seeds."""
    index, (view, codes), worths, effort, shots = job
    best = max(worths.values())
    chosen = expert.to_search(view, codes[0], effort)
    total = spent = 0.0
    for shot in range(shots):
        bot = expert.ExpertBot(7919 * index + shot, seconds=None, effort=effort)
        start = time.process_time()
        code = bot.decide(view, chosen).code if len(chosen) > 1 else chosen[0]
        spent += time.process_time() - start
        total += best - worths[code]
    return total / shots, spent / shots


def effort_of(text: str) -> expert.Effort:
    """`hard`'s effort with `key=value,...` changed (as the lab reads its variants)."""
    return expert_lab.hard_effort(expert_lab.settings_of(text))


def mean_error(values: Sequence[float]) -> tuple[float, float]:
    """(mean, standard error)."""
    mean = sum(values) / len(values)
    spread = sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)
    return mean, math.sqrt(spread / len(values))


def main() -> None:
    """Collect, judge by the oracle, and print each variant's regret."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seed", type=int, default=99, help="the games' run seed")
    parser.add_argument("--against", default="counter,counter,counter", help="the other seats")
    parser.add_argument("--worlds", type=int, default=2000, help="the oracle's worlds a move")
    parser.add_argument("--shots", type=int, default=3, help="seeds a variant decides with")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--variants", nargs="+", default=["", "sure=2"])
    parser.add_argument("--cache", type=Path, help="keep the positions and the oracle here")
    args = parser.parse_args()
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.cache and args.cache.exists():
            found, worths = pickle.loads(args.cache.read_bytes())
        else:
            found = positions(args.positions, args.seed, args.against, pool)
            jobs = [(index, position, args.worlds) for index, position in enumerate(found)]
            worths = list(pool.map(oracle, jobs, chunksize=4))
            if args.cache:
                args.cache.write_bytes(pickle.dumps((found, worths)))
        judgement = [
            max(w.values()) - w[codes[0]] for (_, codes), w in zip(found, worths, strict=True)
        ]
        print(f"{len(found)} positions; the judgement alone: regret {mean_error(judgement)[0]:.3f}")
        first: list[float] = []
        for text in args.variants:
            effort = effort_of(text)
            work = [
                (i, p, w, effort, args.shots)
                for i, (p, w) in enumerate(zip(found, worths, strict=True))
            ]
            done = list(pool.map(regrets, work, chunksize=4))
            mine = [regret for regret, _ in done]
            mean, error = mean_error(mine)
            times = sorted(1000 * spent for _, spent in done)
            cpu, p95 = sum(times) / len(times), times[int(0.95 * (len(times) - 1))]
            line = f"{text or 'hard':28} regret {mean:.3f} ± {error:.3f}  CPU {cpu:5.1f} ms"
            line += f" (p95 {p95:5.1f})"
            if first:
                gain, gain_error = mean_error([a - b for a, b in zip(mine, first, strict=True)])
                line += f"  vs the first {gain:+.3f} ± {gain_error:.3f}"
            first = first or mine
            print(line, flush=True)


if __name__ == "__main__":
    main()
