"""Fit `skyjo_pad/bots/gamewin.py`'s models: the chance to win the game from the totals.

    nice -n 19 .venv/bin/python benchmarks/learn_gamewin.py --games 2:300,3:200,4:300 --seed 31

Plays games between bots drawn from `learn.POOL` (the lab's bots), keeps the totals at
every round's end where the game went on with each seat's share of the game's win, fits
`gamewin.fit` for each table size and prints the models as `gamewin.MODELS` is written
(with their cross-entropy against guessing a fair share); `--check` exits 1 unless the
committed `MODELS` are made again. The same seed gives the same models.
"""

from __future__ import annotations

import argparse
import math
import time
from random import Random

from skyjo_pad.bots import gamewin
from skyjo_pad.bots.base import mix
from skyjo_pad.bots.learn import POOL, player
from skyjo_pad.engine import Rules
from skyjo_pad.simulate import SAFETY_STALL_TURNS, play_bots


def samples_of(n: int, seed: int, number: int) -> list[gamewin.Sample]:
    """The samples of game `number` of `n` players: the totals after each round but the last."""
    game = mix(seed, n, number) & ((1 << 53) - 1)
    draw = Random(game)
    bots = [player(draw.choice(POOL), mix(game, seat)) for seat in range(n)]
    rules = Rules(stall_turns=SAFETY_STALL_TURNS)
    result = play_bots(bots, rules, game)
    totals = [0] * n
    found: list[gamewin.Sample] = []
    for scores in result.round_scores[:-1]:
        totals = [total + score for total, score in zip(totals, scores, strict=True)]
        found.append((tuple(totals), rules.target, result.wins))
    return found


def main() -> None:
    """Play, fit and print (or check) the models."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default="2:300,3:200,4:300", help="SIZE:GAMES,...")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    plan = {int(size): int(games) for size, games in (p.split(":") for p in args.games.split(","))}
    models: dict[int, gamewin.WinModel] = {}
    for n, games in sorted(plan.items()):
        start = time.perf_counter()
        samples = [s for number in range(games) for s in samples_of(n, args.seed, number)]
        models[n] = model = gamewin.fit(samples)
        fair = -(math.log(1 / n) / n + (1 - 1 / n) * math.log(1 - 1 / n))
        print(
            f"{n} players: {games} games, {len(samples)} round ends, {model},"
            f" cross-entropy {gamewin.log_loss(model, samples):.4f} (a fair share: {fair:.4f}),"
            f" {time.perf_counter() - start:.0f} s"
        )
    print("MODELS = {")
    for n, model in sorted(models.items()):
        print(f"    {n}: WinModel(sigma={model.sigma}, pace={model.pace}),")
    print("}")
    if args.check:
        same = models == {n: gamewin.MODELS[n] for n in models if n in gamewin.MODELS}
        print("the committed models are made again" if same else "the models differ")
        raise SystemExit(0 if same else 1)


if __name__ == "__main__":
    main()
