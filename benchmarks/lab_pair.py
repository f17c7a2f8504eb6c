"""Sum up one of `expert_lab.py`'s result files, or compare two game by game (the same deals).

    .venv/bin/python benchmarks/lab_pair.py benchmarks/results/lab/expert-6000_counter_seed7.jsonl
    .venv/bin/python benchmarks/lab_pair.py hard.jsonl candidate.jsonl

One file: its games, seat 0's win rate (Wilson 95% interval) and mean round score against
the others'. Two: for the games both played, each one's win rate, the paired difference of
the wins and of seat 0's round score minus the others' (candidate minus base, with 95%
intervals; a negative score difference is better), and how many games changed winner share.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from skyjo_pad.simulate import wilson


def load(path: str) -> dict[int, dict[str, float]]:
    """The lines of a result file by game number (a later line of a game replaces one before)."""
    found: dict[int, dict[str, float]] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            found[int(row["game"])] = row
    return found


def mean_and_half(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def summary(rows: dict[int, dict[str, float]]) -> str:
    """One file's games, as one line."""
    n = len(rows)
    if not n:
        return "no game"
    wins = sum(row["win"] for row in rows.values())
    low, high = wilson(wins, n)
    mine = sum(row["mine"] for row in rows.values()) / n
    others = sum(row["others"] for row in rows.values()) / n
    missing = max(rows) - min(rows) + 1 - n
    numbers = f"numbers {min(rows)} to {max(rows)}" + (f", {missing} missing" if missing else "")
    return (
        f"{n} games ({numbers}): wins {wins / n:.1%} ({low:.1%}-{high:.1%}),"
        f" round score {mine:.2f} against the others' {others:.2f}"
    )


def compare(base: dict[int, dict[str, float]], cand: dict[int, dict[str, float]]) -> str:
    """The comparison of the games both played, as one paragraph."""
    games = sorted(set(base) & set(cand))
    if not games:
        return "no game in common"
    n = len(games)
    lines = []
    for name, rows in (("base", base), ("candidate", cand)):
        wins = sum(rows[g]["win"] for g in games)
        low, high = wilson(wins, n)
        margin = sum(rows[g]["mine"] - rows[g]["others"] for g in games) / n
        lines.append(
            f"{name}: {wins / n:.1%} ({low:.1%}-{high:.1%}), round score - others {margin:+.2f}"
        )
    win, win_half = mean_and_half([cand[g]["win"] - base[g]["win"] for g in games])
    score, score_half = mean_and_half(
        [
            (cand[g]["mine"] - cand[g]["others"]) - (base[g]["mine"] - base[g]["others"])
            for g in games
        ]
    )
    changed = sum(1 for g in games if cand[g]["win"] != base[g]["win"])
    lines.append(
        f"{n} games: wins {win * 100:+.1f} ± {win_half * 100:.1f} points,"
        f" round score - others {score:+.2f} ± {score_half:.2f}, {changed} games changed"
    )
    return "\n".join(lines)


def main() -> None:
    """Print one result file's summary, or the comparison of two."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("base")
    parser.add_argument("candidate", nargs="?")
    args = parser.parse_args()
    if args.candidate is None:
        print(summary(load(args.base)))
    else:
        print(compare(load(args.base), load(args.candidate)))


if __name__ == "__main__":
    main()
