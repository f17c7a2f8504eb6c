"""How fast the engine's tools start: `skyjo-pad replay` and a `simulate` worker's imports.

Each command runs as a fresh process several times; the median wall time is compared
with a bare `python -c "import json"`, the floor any Python tool pays.

Usage: python benchmarks/startup.py [--runs 15]
Goal: `skyjo-pad replay` of a 3-move record, and importing what a simulate worker plays
with (`skyjo_pad.simulate`: the engine and the bots; multiprocessing's own start-up is
not counted), each in at most 4 times the bare interpreter's time: the engine does not
load the web app. On a machine busy with other work the ratios rise; run it on a quiet one.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from skyjo_pad.engine import Reveal, move_to_json, new_game, position_to_json

GOAL = 4.0


def three_move_record() -> dict[str, object]:
    """A record of a fresh two-player deal and its first three opening reveals."""
    start = new_game(["Ann", "Bob"], seed=3)
    moves = [Reveal(0, (0, 0)), Reveal(0, (1, 1)), Reveal(1, (0, 0))]
    return {
        "format": "skyjo-record/1",
        "position": position_to_json(start),
        "moves": [move_to_json(move) for move in moves],
    }


def median_seconds(command: list[str], runs: int) -> float:
    """The median wall time of running `command` to its end, `runs` times."""
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def main() -> None:
    """Time the three commands and print each, with its ratio to the bare interpreter."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="Runs of each command.")
    runs = parser.parse_args().runs
    python = sys.executable
    script = str(Path(python).with_name("skyjo-pad"))
    with tempfile.TemporaryDirectory() as folder:
        record = os.path.join(folder, "record.json")
        Path(record).write_text(json.dumps(three_move_record()), encoding="utf-8")
        bare = median_seconds([python, "-c", "import json"], runs)
        cases = {
            "skyjo-pad replay (3 moves)": [script, "replay", record],
            "simulate worker imports": [python, "-c", "import skyjo_pad.simulate"],
        }
        bare_label = 'python -c "import json"'
        print(f"{bare_label:<30} {bare * 1000:7.1f} ms   1.00x")
        worst = 0.0
        for label, command in cases.items():
            took = median_seconds(command, runs)
            ratio = took / bare
            worst = max(worst, ratio)
            print(f"{label:<30} {took * 1000:7.1f} ms  {ratio:5.2f}x")
    verdict = "met" if worst <= GOAL else "MISSED"
    print(f"goal: at most {GOAL:g}x the bare interpreter: {verdict} (worst {worst:.2f}x)")


if __name__ == "__main__":
    main()
