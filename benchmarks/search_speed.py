"""How much CPU `expert`'s or `hard`'s search takes on fixed positions, and a fingerprint of
what it found: a change to the rollouts that must keep every result (`_rollout.c`) keeps
the fingerprint and shows its speed.

    python benchmarks/search_speed.py --cache positions.pkl --effort expert --positions 300

The positions are `search_regret.py`'s (`--cache FILE`: the decisions `hard` searched in
games against three `counter`, or one with `--against counter`). Each is searched once at
the effort's budget (no clock) with a seed of its own; printed: the searches, their CPU
time on this core, and a hash of every verdict (move, value, worlds, gain), the same
before and after a change that keeps the search's results bit for bit (docs/bots.md, the
fourteenth pass).
"""

from __future__ import annotations

import argparse
import hashlib
import pickle
import struct
import time
from pathlib import Path

from skyjo_pad.bots import expert
from skyjo_pad.bots.base import decision_rng

EFFORTS = {"expert": expert.EXPERT, "hard": expert.HARD}


def main() -> None:
    """Search every cached position once and print the CPU and the fingerprint."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, required=True, help="search_regret.py's cache")
    parser.add_argument("--effort", choices=sorted(EFFORTS), default="expert")
    parser.add_argument("--positions", type=int, default=100, help="the first N positions")
    parser.add_argument("--skip", type=int, default=0, help="positions left out first")
    args = parser.parse_args()
    effort = EFFORTS[args.effort]
    found, _worths = pickle.loads(args.cache.read_bytes())
    fingerprint = hashlib.sha256()
    searches, spent = 0, 0.0
    for index in range(args.skip, min(len(found), args.skip + args.positions)):
        view, codes = found[index]
        chosen = expert.to_search(view, codes[0], effort)
        if len(chosen) < 2:
            continue
        seed = decision_rng(7919 * index, view).getrandbits(64)
        start = time.process_time()
        verdicts = expert.search(view, chosen, seed, effort)
        spent += time.process_time() - start
        searches += 1
        for verdict in verdicts:
            fingerprint.update(
                struct.pack("<idid", verdict.code, verdict.value, verdict.worlds, verdict.gain)
            )
    print(
        f"{args.effort}: {searches} searches, {spent:.2f} s of CPU "
        f"({1000 * spent / max(1, searches):.1f} ms a search), "
        f"fingerprint {fingerprint.hexdigest()[:16]}"
    )


if __name__ == "__main__":
    main()
