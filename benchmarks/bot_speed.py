"""How long the bots take to decide: p50 and p95 per decision, on this machine.

Plays seeded 4-player games, `hard` in seat 0 against three `medium`, and times every
`choose` call of each bot (the view and legal moves are made beforehand, as the table
does). Every decision counts, the trivial ones too, as a player at the table feels them.

Usage: python benchmarks/bot_speed.py [--games 6] [--seed 1]
Goals: hard at most 150 ms and medium at most 2 ms per decision (95th percentile).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from skyjo_pad.bots import Bot, make_bot
from skyjo_pad.bots.base import mix
from skyjo_pad.engine import Move, Position, Rules, View
from skyjo_pad.simulate import SAFETY_STALL_TURNS, game_seed, play_bots

RULES = Rules(stall_turns=SAFETY_STALL_TURNS)
GOALS = {"hard": 150.0, "medium": 2.0}


class Timed:
    """A bot whose every decision is timed."""

    def __init__(self, inner: Bot, times: list[float]) -> None:
        self.inner = inner
        self.times = times

    def choose(self, view: View, legal_moves: list[Move]) -> Move:  # type: ignore[override]
        """Time the wrapped bot's choice."""
        start = time.perf_counter()
        move = self.inner.choose(view, legal_moves)
        self.times.append(time.perf_counter() - start)
        return move


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the sorted values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main() -> None:
    """Play the games and print one line per bot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games to play")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the first game")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    times: dict[str, list[float]] = {"hard": [], "medium": []}
    names = ("hard", "medium", "medium", "medium")

    def ignore(position: Position, seat: int, move: Move) -> None:
        """Nothing to watch."""

    for number in range(args.games):
        seed = game_seed(args.seed, number)
        bots = [
            Timed(make_bot(name, mix(seed, seat)), times[name]) for seat, name in enumerate(names)
        ]
        play_bots(bots, RULES, seed, ignore)
    for name, spent in times.items():
        ms = [t * 1000 for t in spent]
        print(
            f"{name:7} {len(ms):6} decisions  p50 {percentile(ms, 0.5):7.2f} ms  "
            f"p95 {percentile(ms, 0.95):7.2f} ms  max {max(ms):7.2f} ms  "
            f"mean {statistics.mean(ms):6.2f} ms  (goal: p95 <= {GOALS[name]:g} ms)"
        )


if __name__ == "__main__":
    main()
