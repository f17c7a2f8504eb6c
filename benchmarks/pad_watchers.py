"""A saved round reaching every phone that watches the sheet (issue 23, goal: ≤ 1 s p95
with 10 watchers).

    nice -n 19 .venv/bin/python benchmarks/pad_watchers.py                  # SQLite, `serve`
    scripts/with-postgres nice -n 19 .venv/bin/python benchmarks/pad_watchers.py  # PostgreSQL,
                                                               # `serve --workers 2`

It starts `skyjo-pad serve` itself (livebench.Server: a database of its own), starts a pad
game of 4 players, makes one watch link (every phone at a table scans the same QR code) and
opens `--watchers` event streams with it (`GET /api/games/<id>/events`, Bearer). Then,
`--rounds` times, one after the other (`--pause` s apart), it saves a round as the
scorekeeper (`POST /api/games/<id>/rounds`) and measures, from just before the save was
sent, until EVERY watcher has (1) got the `version` event of that round and (2) read the
new sheet (`GET /api/games/<id>` with the link, as the watch page does on each event) and
found the round in it. It prints p50/p95/p99/max of that time over the rounds, the same for
the save alone and for the event alone (the slowest watcher's), and every error by kind.
`--save FILE` adds the figures to FILE (JSON, `pad_watchers` section, by `--label`).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import livebench as lb  # the benchmarks folder is not a package

PLAYERS = ["Ann", "Bob", "Cy", "Dawit"]
TARGET = 10_000
"""The game's target: scores of 0 to 5 never end it during a run."""


class Watcher:
    """One phone following the sheet: its stream, and when it had each version's sheet."""

    def __init__(self, port: int, game: str, token: str, errors: lb.Errors) -> None:
        self.port, self.game, self.token, self.errors = port, game, token, errors
        self.stream = lb.Stream(f"/api/games/{game}/events", token, on_event=self.told)
        self.told_at: dict[int, float] = {}
        self.read_at: dict[int, float] = {}
        self.reads: set[asyncio.Task[None]] = set()

    def told(self, stream: lb.Stream, version: int, now: float) -> None:
        """A `version` event: read the new sheet, as the watch page does."""
        self.told_at.setdefault(version, now)
        task = asyncio.get_running_loop().create_task(self.read(version))
        self.reads.add(task)
        task.add_done_callback(self.reads.discard)

    async def read(self, version: int) -> None:
        try:
            answer = await lb.request(self.port, "GET", f"/api/games/{self.game}", self.token)
        except (OSError, TimeoutError) as error:
            self.errors.add("read", error)
            return
        if answer.status != 200:
            self.errors.add("read", lb.status_kind(answer))
            return
        sheet = answer.json()
        if int(sheet["version"]) >= version:
            self.read_at.setdefault(version, time.perf_counter())
        else:
            self.errors.add("read", f"an older sheet than the event said ({sheet['version']})")


async def wait_for(watchers: list[Watcher], version: int, timeout: float) -> bool:
    """Until every watcher has read the sheet at `version` (False after `timeout` s)."""
    deadline = time.perf_counter() + timeout
    while any(version not in w.read_at for w in watchers):
        if time.perf_counter() > deadline:
            return False
        await asyncio.sleep(0.001)
    return True


async def run(args: argparse.Namespace, port: int) -> dict[str, Any]:
    errors = lb.Errors()
    body = {"players": PLAYERS, "rules": {"target": TARGET}}
    game = (await lb.request(port, "POST", "/api/games", body=body)).json()
    made = await lb.request(port, "POST", f"/api/games/{game['id']}/shares", body={"kind": "watch"})
    if made.status != 201:
        raise SystemExit(f"No watch link: {made.status} {made.body[:200]!r}")
    token = made.json()["token"]
    watchers = [Watcher(port, game["id"], token, errors) for _ in range(args.watchers)]
    opened = await lb.open_streams([w.stream for w in watchers], port, 10, errors)
    if len(opened) != len(watchers):
        raise SystemExit(
            f"Only {len(opened)} of {len(watchers)} streams opened: {errors.describe()}"
        )
    stop = asyncio.Event()
    following = [asyncio.create_task(w.stream.follow(stop, errors)) for w in watchers]
    rng = random.Random(23)
    whole, saves, events = [], [], []
    missed = 0
    for _ in range(args.rounds):
        scores = [rng.randint(0, 5) for _ in PLAYERS]
        started = time.perf_counter()
        answer = await lb.request(
            port, "POST", f"/api/games/{game['id']}/rounds", body={"scores": scores, "closer": 0}
        )
        if answer.status != 201:
            errors.add("save", lb.status_kind(answer))
            continue
        saves.append(answer.seconds)
        version = int(answer.json()["version"])
        if not await wait_for(watchers, version, args.timeout):
            missed += 1
            errors.add("round", f"not on every watcher's phone within {args.timeout} s")
            continue
        whole.append(max(w.read_at[version] for w in watchers) - started)
        events.append(max(w.told_at[version] for w in watchers) - started)
        await asyncio.sleep(args.pause)
    stop.set()
    for watcher in watchers:
        watcher.stream.close()
    await asyncio.gather(*following, return_exceptions=True)
    return {
        "watchers": args.watchers,
        "rounds": args.rounds,
        "missed": missed,
        "round_to_every_watcher": lb.percentiles(whole),
        "save": lb.percentiles(saves),
        "event_to_every_watcher": lb.percentiles(events),
        "errors": dict(errors.counts),
        "errors_said": errors.describe(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--pause", type=float, default=0.05, help="seconds between two saves")
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--database", choices=["auto", "sqlite", "postgresql"], default="auto")
    parser.add_argument("--workers", type=int, default=None, help="default: 2 on PostgreSQL")
    parser.add_argument("--save", type=Path)
    parser.add_argument("--label", default="pad_watchers")
    args = parser.parse_args()
    database = lb.choose_database(args.database)
    workers = args.workers if args.workers is not None else (2 if database == "postgresql" else 0)
    server = lb.Server(database, workers, 0, "pad_watchers")
    server.start()
    try:
        result = asyncio.run(run(args, server.port))
    finally:
        server.stop()
    result = {
        **lb.stamp(),
        "label": args.label,
        "database": database,
        "server": server.setup,
        **result,
    }
    print(f"{server.setup}: {args.watchers} watchers on one watch link, {args.rounds} rounds")
    for key, words in (
        ("round_to_every_watcher", "round saved → every watcher read the new sheet"),
        ("event_to_every_watcher", "round saved → every watcher got the event"),
        ("save", "the save alone"),
    ):
        figures = result[key]
        print(
            f"  {words}: p50 {lb.ms(figures['p50'])}, p95 {lb.ms(figures['p95'])}, "
            f"p99 {lb.ms(figures['p99'])}, max {lb.ms(figures['max'])} (n={figures['count']})"
        )
    print(f"  rounds missed: {result['missed']}; errors: {result['errors_said']}")
    if args.save:
        lb.save(args.save, "pad_watchers", result)


if __name__ == "__main__":
    main()
