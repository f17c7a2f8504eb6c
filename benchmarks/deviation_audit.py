"""The deviation audit: is each move `expert` plays instead of `hard`'s really better?

    nice -n 19 .venv/bin/python benchmarks/deviation_audit.py --players 4 --games 6 \
        --against counter --seed 21 --replays 40 [--set SURE=1.0]

Plays `--games` games of `expert` (seat 0, `--budget` rollouts a decision, never cut by the
clock; `--set NAME=VALUE` changes a setting of `expert.py` for the run) against the named
bot, and keeps every position of the round's turns where its move differs from `hard`'s.
Each is then replayed from the *true* position (its real face-down cards; the draw pile
shuffled `--replays` times, the same shuffles for both moves): the move, then the rest of
the round with `hard` in seat 0 and the real rivals, once with `expert`'s move and once
with `hard`'s. The paired difference of seat 0's round score against the others' mean is
that deviation's gain; their mean over all deviations, with its 95% interval, is printed
(docs/bots.md, the eighth pass). It sees what no bot may (the position), so it lives here
and judges, never plays.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable
from dataclasses import replace

from skyjo_pad.bots import HardBot, expert, make_bot
from skyjo_pad.bots.base import Bot, ask, mix
from skyjo_pad.bots.games import play_out
from skyjo_pad.engine import Move, Phase, Position, Rules, legal_moves, view
from skyjo_pad.engine.compact import FINAL, TURN, CompactTable, code_of, new_table, step
from skyjo_pad.simulate import SAFETY_STALL_TURNS, game_seed

RULES = Rules(stall_turns=SAFETY_STALL_TURNS)


def deviations(
    players: int, games: int, rival: str, seed: int, budget: int
) -> list[tuple[Position, Move, Move]]:
    """(position, expert's move, hard's move) wherever the two differ in seat 0's turns."""
    found: list[tuple[Position, Move, Move]] = []
    for number in range(games):
        deal = game_seed(seed, number)
        searcher = expert.ExpertBot(mix(deal, 0), budget, None)
        bots = [searcher] + [make_bot(rival, mix(deal, seat)) for seat in range(1, players)]
        moved = _watcher(searcher.hard, found)
        table = new_table(tuple(f"P{seat}" for seat in range(players)), RULES, deal)
        play_out(table, bots, moved)
        print(f"game {number + 1}: {len(found)} deviations so far", flush=True)
    return found


def _watcher(
    hard: Bot, found: list[tuple[Position, Move, Move]]
) -> Callable[[Position, int, Move], None]:
    """A `play_out` callback that keeps seat 0's moves of the round's turns that differ
    from `hard`'s in the same position."""

    def moved(position: Position, seat: int, move: Move) -> None:
        if seat == 0 and position.phase is Phase.TURN:
            base = hard.choose(view(position, 0), legal_moves(position, 0))
            if base != move:
                found.append((position, move, base))

    return moved


def round_gain(position: Position, first: Move, bots: list[Bot]) -> float:
    """Seat 0's round score against the others' mean after `first` and the round played
    out by `bots` (higher is better for seat 0)."""
    t = CompactTable.from_position(position)
    before = t.totals[:]
    step(t, code_of(first))
    while t.phase in (TURN, FINAL):
        seat = t.current
        step(t, code_of(ask(bots[seat], t.to_position(), seat)))
    points = [after - prior for after, prior in zip(t.totals, before, strict=True)]
    return (sum(points) - points[0]) / (len(points) - 1) - points[0]


def audit(found: list[tuple[Position, Move, Move]], rival: str, replays: int) -> list[float]:
    """Each deviation's mean gain over `replays` shuffles of the draw pile."""
    gains = []
    for index, (position, mine, base) in enumerate(found):
        total = 0.0
        for replay in range(replays):
            pile = list(position.draw)
            random.Random(replay).shuffle(pile)
            shuffled = replace(position, draw=tuple(pile))
            outcome = []
            for move in (mine, base):
                seats = range(1, len(position.players))
                rivals = [make_bot(rival, 100 * replay + seat) for seat in seats]
                outcome.append(round_gain(shuffled, move, [HardBot(replay), *rivals]))
            total += outcome[0] - outcome[1]
        gains.append(total / replays)
        print(f"{index}: expert {mine} hard {base}: {gains[-1]:+.2f}", flush=True)
    return gains


def main() -> None:
    """Collect the deviations, audit them, print the mean gain."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--against", default="counter")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--budget", type=int, default=expert.BUDGET)
    parser.add_argument("--replays", type=int, default=40)
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE of expert.py")
    args = parser.parse_args()
    for setting in args.set:
        name, value = setting.split("=")
        setattr(expert, name, float(value))
    found = deviations(args.players, args.games, args.against, args.seed, args.budget)
    gains = audit(found, args.against, args.replays)
    count = len(gains)
    if count < 2:
        print(f"{count} deviations: nothing to average")
        return
    mean = sum(gains) / count
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (count - 1))
    print(f"mean gain per deviation {mean:+.3f} ± {1.96 * spread / math.sqrt(count):.3f} (95%)")
    print(f"{count} deviations in {args.games} games, {count / args.games:.1f} a game")


if __name__ == "__main__":
    main()
