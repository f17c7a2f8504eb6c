"""How fast the engine plays: full games to 100 with random legal moves, on one core.

For 2 and 4 players it prints games and moves (steps) per second, two ways:
- `compact`: on the engine's compact tables (`play.legal_codes` / `play.step`), as bots'
  simulations and the random-playout tests run;
- `api`: through the public API, a readable `Position` in and out of every
  `legal_moves` and `apply` (as the web app and the notation work).

Usage: python benchmarks/engine_speed.py [--seconds 3] [--players 2 4]
Goal: at least 1,500 two-player games per second on the compact tables.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable

from skyjo_pad.engine import Phase, apply, legal_moves, new_game
from skyjo_pad.engine.compact import GAME_OVER, Rules, legal_codes, new_table, step

RULES = Rules()

Game = Callable[[tuple[str, ...], int, random.Random], int]


def compact_game(players: tuple[str, ...], seed: int, rng: random.Random) -> int:
    """Play one game on a compact table; the number of steps."""
    table = new_table(players, RULES, seed)
    pick = rng.random
    steps = 0
    while table.phase != GAME_OVER:
        codes = legal_codes(table)
        step(table, codes[int(pick() * len(codes))])
        steps += 1
    return steps


def api_game(players: tuple[str, ...], seed: int, rng: random.Random) -> int:
    """Play one game through legal_moves/apply on positions; the number of steps."""
    position = new_game(players, RULES, seed=seed)
    steps = 0
    while position.phase is not Phase.GAME_OVER:
        moves = legal_moves(position)
        position = apply(position, moves[int(rng.random() * len(moves))])
        steps += 1
    return steps


def measure(game: Game, count: int, seconds: float) -> tuple[float, float, float]:
    """Games per second, steps per second and steps per game over about `seconds`."""
    players = tuple(f"P{i}" for i in range(count))
    rng = random.Random(count)
    games = steps = 0
    start = time.perf_counter()
    while True:
        steps += game(players, games, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, steps / elapsed, steps / games


def main() -> None:
    """Run the measurements and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    for name, game in (("compact", compact_game), ("api", api_game)):
        for count in args.players:
            per_game, per_step, length = measure(game, count, args.seconds)
            print(
                f"{name:8} {count} players: {per_game:8,.0f} games/s  "
                f"{per_step:10,.0f} moves/s  ({length:.0f} moves per game)"
            )


if __name__ == "__main__":
    main()
