"""How long the bots take to decide: p50 and p95 per decision, on this machine, one core.

For each level, plays seeded 4-player games, that level in seat 0 against three `ev`,
and times every `choose` call of seat 0 (the view and legal moves are made beforehand, as
the table does). Every decision counts, the trivial ones too, as a player at the table
feels them.

Usage: python benchmarks/bot_speed.py [--games 6] [--seed 1] [--levels hard,ev,...]
Goals (95th percentile): expert at most 1 s (its table budget), hard at most 50 ms;
medium and ev at most 2 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Sequence

from skyjo_pad.bots import NAMES, Bot, make_bot
from skyjo_pad.bots.base import mix
from skyjo_pad.engine import Move, Rules, View
from skyjo_pad.simulate import SAFETY_STALL_TURNS, game_seed, play_bots

RULES = Rules(stall_turns=SAFETY_STALL_TURNS)
GOALS = {"expert": 1000.0, "hard": 50.0, "medium": 2.0, "ev": 2.0}
RIVALS = ("ev", "ev", "ev")


class Timed:
    """A bot whose every decision is timed (wall clock, or with `cpu` the process's CPU
    time, which other work on the machine does not inflate)."""

    def __init__(self, inner: Bot, times: list[float], cpu: bool = False) -> None:
        self.inner = inner
        self.times = times
        self.clock = time.process_time if cpu else time.perf_counter

    def choose(self, view: View, legal_moves: Sequence[Move]) -> Move:
        """Time the wrapped bot's choice."""
        start = self.clock()
        move = self.inner.choose(view, legal_moves)
        self.times.append(self.clock() - start)
        return move


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def one_core() -> None:
    """Keep this process on a single core, as a table's server thread would be."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def measure(
    level: str,
    rivals: Sequence[str] = RIVALS,
    games: int = 6,
    seed: int = 1,
    budget: int | None = None,
    cpu: bool = False,
) -> dict[str, float]:
    """Decision times of `level` in seat 0 (milliseconds): count, p50, p95, max, mean;
    `budget` plays a searching bot with exactly that many rollouts (no clock), `cpu`
    times CPU rather than the wall clock."""
    one_core()
    spent: list[float] = []
    names = (level, *rivals)
    for number in range(games):
        game = game_seed(seed, number)
        bots: list[Bot] = [make_bot(name, mix(game, seat)) for seat, name in enumerate(names)]
        bots[0] = Timed(make_bot(level, mix(game, 0), budget), spent, cpu)
        play_bots(bots, RULES, game)
    ms = [t * 1000 for t in spent]
    return {
        "decisions": len(ms),
        "p50": percentile(ms, 0.5),
        "p95": percentile(ms, 0.95),
        "max": max(ms),
        "mean": statistics.mean(ms),
    }


def main() -> None:
    """Play the games and print one line per level."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per level")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the first game")
    parser.add_argument("--levels", default=",".join(NAMES), help="levels to time")
    parser.add_argument("--budget", type=int, default=None, help="rollouts (expert), no clock")
    parser.add_argument("--cpu", action="store_true", help="time CPU, not the wall clock")
    args = parser.parse_args()
    for name in args.levels.split(","):
        t = measure(name, RIVALS, args.games, args.seed, args.budget, args.cpu)
        goal = f"  (goal: p95 <= {GOALS[name]:g} ms)" if name in GOALS else ""
        print(
            f"{name:7} {t['decisions']:6} decisions  p50 {t['p50']:7.2f} ms  "
            f"p95 {t['p95']:7.2f} ms  max {t['max']:7.2f} ms  mean {t['mean']:6.2f} ms{goal}"
        )


if __name__ == "__main__":
    main()
