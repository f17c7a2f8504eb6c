"""Learn `skyjo_pad/bots/values.json` by self-play of the lab's bots (`bots/learn.py`).

    nice -n 19 .venv/bin/python benchmarks/learn_values.py --games 2:800,3:400,4:800 \
        --seed 25 --workers 2 --write

For each table size, plays that many games between bots drawn from `learn.POOL`, records
every seat's features after each of its turns with its round's outcome, fits the linear
model and prints its error; `--write` saves the weights (else they are printed only),
`--check` compares them with the committed ones. The same seed and games give the same
weights.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from functools import partial

from skyjo_pad.bots import values
from skyjo_pad.bots.base import mix
from skyjo_pad.bots.learn import Row, fit, record_game


def rows_of(n: int, seed: int, number: int) -> list[Row]:
    """The rows of game `number` of `n` players."""
    return record_game(n, mix(seed, n, number) & ((1 << 53) - 1))


def gather(n: int, games: int, seed: int, workers: int) -> list[Row]:
    """Every row of `games` games of `n` players, in game order."""
    job = partial(rows_of, n, seed)
    if workers <= 1:
        return [row for number in range(games) for row in job(number)]
    import multiprocessing

    with multiprocessing.Pool(workers) as pool:
        return [row for rows in pool.imap(job, range(games), chunksize=4) for row in rows]


def error(weights: values.Weights, rows: list[Row]) -> tuple[float, float]:
    """(root mean squared error, that of predicting the mean) over `rows`."""
    w = weights.vector()
    mean = sum(label for _, label in rows) / len(rows)
    sq = base = 0.0
    for features, label in rows:
        guess = sum(w[i] * a for i, a in features)
        sq += (guess - label) ** 2
        base += (mean - label) ** 2
    return math.sqrt(sq / len(rows)), math.sqrt(base / len(rows))


def main() -> None:
    """Record, fit, report and (with --write) save."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", default="2:800,3:400,4:800", help="SIZE:GAMES,...")
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--write", action="store_true")
    parser.add_argument(
        "--check", action="store_true", help="exit 1 unless the committed weights are made again"
    )
    args = parser.parse_args()
    plan = {int(size): int(games) for size, games in (p.split(":") for p in args.games.split(","))}
    sizes: dict[int, values.Weights] = {}
    for n, games in sorted(plan.items()):
        start = time.perf_counter()
        rows = gather(n, games, args.seed, args.workers)
        sizes[n] = fit(rows)
        rmse, spread = error(sizes[n], rows)
        print(
            f"{n} players: {games} games, {len(rows)} positions, error {rmse:.2f} points"
            f" (the mean alone: {spread:.2f}), {time.perf_counter() - start:.0f} s"
        )
        w = sizes[n]
        print("  own weight by pace:", " ".join(f"{x:.2f}" for x in w.own))
        print("  tempo [down][pace]:")
        for d, line in enumerate(w.tempo):
            print(f"   {d:2d}:", " ".join(f"{x:6.2f}" for x in line))
    meta = {"seed": args.seed, "games": {str(n): g for n, g in sorted(plan.items())}}
    text = json.dumps(values.Model(sizes).to_json(meta), indent=1) + "\n"
    if args.check:
        same = values.WEIGHTS_FILE.read_text(encoding="utf-8") == text
        print("the committed weights are made again" if same else "the weights differ")
        raise SystemExit(0 if same else 1)
    if args.write:
        values.WEIGHTS_FILE.write_text(text, encoding="utf-8")
        print(f"wrote {values.WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
