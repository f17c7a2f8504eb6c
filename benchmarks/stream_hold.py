"""Open event streams held by a load client while the pad stays fast (issue 21, goal 1).

    nice -n 10 .venv/bin/python benchmarks/stream_hold.py                 # SQLite, `serve`, 1,000
    scripts/with-postgres nice -n 10 .venv/bin/python benchmarks/stream_hold.py   # PostgreSQL,
                                                      # `serve --workers 2`, 5,000 streams

It starts `skyjo-pad serve` itself on a database of its own (a SQLite file in a temporary
folder; under scripts/with-postgres a fresh PostgreSQL database and `--workers 2`), makes
online tables of 8 seats (10 tokens each: 8 seats, host, spectator; `--per-token` streams
per token, under the per-token cap) and pad games, then:

1. measures the server's memory (RSS summed over its processes, from /proc),
2. opens `--streams` event streams (each counts once its first event arrived; opening
   gives up after `--open-timeout` s, and after 200 failures in a row),
3. keeps them open, reading their heartbeats, while it loads the home page (`GET /`) and
   saves a pad round (`POST /api/games/<id>/rounds`) `--rate` times a second each for
   `--seconds` s, open loop (a slow server piles requests up, as phones would); each
   request has `--timeout` s,
4. prints p50/p95/p99 of both, every error by kind (a 429 of a cap, a timeout, a stream
   that broke …), the streams held to the end, the memory before and after and per stream.

`--save FILE` adds the figures to FILE (JSON, `stream_hold` section, by `--label`);
`--compare FILE` prints this run beside FILE's runs on the same database (the baseline:
benchmarks/results/live_baseline.json).
"""

from __future__ import annotations

import argparse
import asyncio
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import livebench as lb  # the benchmarks folder is not a package

SEATS = 8
ROUNDS_PER_GAME = 20
"""Round saves per pad game: scores of 0 to 3 never reach the target of 100."""


async def make_tables(port: int, count: int, errors: lb.Errors) -> list[tuple[str, list[str]]]:
    """`count` online tables of 8 people: each one's id and its 10 tokens."""
    gate = asyncio.Semaphore(8)

    async def one(number: int) -> tuple[str, list[str]] | None:
        body = {"seats": [{"name": f"T{number} P{k}"} for k in range(SEATS)]}
        async with gate:
            try:
                answer = await lb.request(port, "POST", "/api/tables", body=body, timeout=60)
            except (OSError, TimeoutError) as error:
                errors.add("setup", error)
                return None
        if answer.status != 201:
            errors.add("setup", lb.status_kind(answer))
            return None
        made = answer.json()
        tokens = [made["host_token"], made["spectator_token"]]
        return made["id"], tokens + [s["token"] for s in made["seats"]]

    tables = await asyncio.gather(*(one(n) for n in range(count)))
    return [t for t in tables if t is not None]


async def make_games(port: int, count: int, errors: lb.Errors) -> list[str]:
    """`count` pad games of 4 players; their ids."""
    ids = []
    for number in range(count):
        body = {"players": [f"G{number} A", f"G{number} B", f"G{number} C", f"G{number} D"]}
        answer = await lb.request(port, "POST", "/api/games", body=body, timeout=60)
        if answer.status != 201:
            errors.add("setup", lb.status_kind(answer))
            continue
        ids.append(answer.json()["id"])
    return ids


class Load:
    """The home page and round saves at a steady pace, and what they measured."""

    def __init__(self, port: int, games: list[str], timeout: float, errors: lb.Errors) -> None:
        self.port, self.games, self.timeout, self.errors = port, games, timeout, errors
        self.home: list[float] = []
        self.round: list[float] = []
        self.saves = 0
        self.rng = random.Random(21)

    async def home_page(self) -> None:
        """GET / as a browser would (compressed)."""
        try:
            answer = await lb.request(
                self.port, "GET", "/", timeout=self.timeout, extra="Accept-Encoding: gzip\r\n"
            )
        except (OSError, lb.Refused, TimeoutError) as error:
            self.errors.add("home", error)
            return
        if answer.status != 200:
            self.errors.add("home", lb.status_kind(answer))
            return
        self.home.append(answer.seconds)

    async def save_round(self) -> None:
        """POST one round to the next game (round robin)."""
        game = self.games[self.saves % len(self.games)]
        self.saves += 1
        body = {"scores": [0, *(self.rng.randint(0, 3) for _ in range(3))], "closer": 0}
        path = f"/api/games/{game}/rounds"
        try:
            answer = await lb.request(self.port, "POST", path, body=body, timeout=self.timeout)
        except (OSError, lb.Refused, TimeoutError) as error:
            self.errors.add("round", error)
            return
        if answer.status != 201:
            self.errors.add("round", lb.status_kind(answer))
            return
        self.round.append(answer.seconds)

    async def run(self, rate: float, seconds: float) -> None:
        """Start both requests `rate` times a second for `seconds` s (open loop), then
        wait for the last ones (each ends within the timeout)."""
        started, tasks = time.perf_counter(), []
        for tick in range(int(rate * seconds)):
            await asyncio.sleep(max(0.0, started + tick / rate - time.perf_counter()))
            tasks.append(asyncio.create_task(self.home_page()))
            tasks.append(asyncio.create_task(self.save_round()))
        await asyncio.gather(*tasks)


async def measure(server: lb.Server, args: argparse.Namespace) -> dict[str, Any]:
    """The whole run against a started server; its figures."""
    errors = lb.Errors()
    tokens_per_table = (SEATS + 2) * args.per_token
    tables = await make_tables(server.port, math.ceil(args.streams / tokens_per_table), errors)
    saves = math.ceil(args.rate * args.seconds)
    games = await make_games(server.port, max(1, math.ceil(saves / ROUNDS_PER_GAME)), errors)
    if not tables or not games:
        raise SystemExit(f"Could not set up: {errors.describe()}\n{server.log_tail()}")
    load = Load(server.port, games, args.timeout, lb.Errors())
    await load.run(min(args.rate, 10), 2)  # warm up every path (not measured)
    await asyncio.sleep(1)
    before = server.memory()

    streams = [
        lb.Stream(f"/api/tables/{table}/events", token)
        for table, tokens in tables
        for token in tokens
        for _ in range(args.per_token)
    ][: args.streams]
    opening = time.perf_counter()
    print(f"  opening {len(streams)} streams over {len(tables)} tables ...", flush=True)
    opened = await lb.open_streams(streams, server.port, args.open_timeout, errors)
    open_seconds = time.perf_counter() - opening
    stop = asyncio.Event()
    followers = [asyncio.create_task(s.follow(stop, errors)) for s in opened]
    await asyncio.sleep(1)
    with_streams = server.memory()
    print(
        f"  {len(opened)} open in {open_seconds:.1f} s; loading for {args.seconds:.0f} s ...",
        flush=True,
    )

    load = Load(server.port, games, args.timeout, errors)
    measured_from = time.perf_counter()
    await load.run(args.rate, args.seconds)
    after = server.memory()
    held = [s for s in opened if s.opened and not s.broke]
    alive = [s for s in held if s.last_seen >= measured_from]
    stop.set()
    for task in followers:
        task.cancel()
    await asyncio.gather(*followers, return_exceptions=True)

    grown = with_streams["rss"] - before["rss"]
    return {
        "server": server.software,
        "setup": server.setup,
        "database": server.database,
        "workers": server.workers,
        "threads": server.threads or None,
        "streams_asked": len(streams),
        "streams_opened": len(opened),
        "streams_held": len(held),
        "streams_heard_during_load": len(alive),
        "heartbeats": sum(s.heartbeats for s in opened),
        "open_seconds": round(open_seconds, 1),
        "tables": len(tables),
        "seconds": args.seconds,
        "rate": args.rate,
        "home": lb.percentiles(load.home),
        "round": lb.percentiles(load.round),
        "errors": dict(errors.counts),
        "errors_said": errors.said,
        "memory_mib": {
            "before": round(before["rss"], 1),
            "with_streams": round(with_streams["rss"], 1),
            "after_load": round(after["rss"], 1),
            "pss_before": round(before["pss"], 1),
            "pss_with_streams": round(with_streams["pss"], 1),
        },
        "kib_per_stream": round(grown * 1024 / len(opened), 1) if opened else None,
        "kib_per_stream_pss": (
            round((with_streams["pss"] - before["pss"]) * 1024 / len(opened), 1) if opened else None
        ),
        "errors_text": errors.describe(),
    }


ROWS: list[lb.Row] = [
    ("server", lb.server_cell),
    ("streams held / asked", lambda r: f"{r['streams_held']} / {r['streams_asked']}"),
    (
        "home page p50/p95/p99 ms",
        lambda r: (
            "/".join(lb.ms(r["home"][p]) for p in ("p50", "p95", "p99"))
            + f" ({r['home']['count']} ok)"
        ),
    ),
    (
        "round save p50/p95/p99 ms",
        lambda r: (
            "/".join(lb.ms(r["round"][p]) for p in ("p50", "p95", "p99"))
            + f" ({r['round']['count']} ok)"
        ),
    ),
    ("errors", lambda r: str(sum(r["errors"].values()))),
    (
        "RSS before -> with streams MiB",
        lambda r: f"{r['memory_mib']['before']:.0f} -> {r['memory_mib']['with_streams']:.0f}",
    ),
    ("memory per stream KiB (RSS)", lambda r: lb.ms(r["kib_per_stream"])),
]


def report(result: dict[str, Any]) -> None:
    """Print the figures of one run."""
    home, rnd = result["home"], result["round"]
    print(f"stream hold: {result['setup']}, server {result['server']}")
    print(
        f"  streams: {result['streams_held']} held to the end of {result['streams_asked']} asked"
        f" ({result['streams_opened']} opened in {result['open_seconds']} s,"
        f" {result['streams_heard_during_load']} heard from during the load,"
        f" {result['heartbeats']} heartbeats; {result['tables']} tables)"
    )
    for name, figures in (("home page GET /", home), ("round save POST", rnd)):
        asked = int(result["rate"] * result["seconds"])
        print(
            f"  {name}: p50 {lb.ms(figures['p50'])} ms, p95 {lb.ms(figures['p95'])} ms,"
            f" p99 {lb.ms(figures['p99'])} ms, max {lb.ms(figures['max'])} ms"
            f" ({figures['count']} of {asked} answered in time)"
        )
    memory = result["memory_mib"]
    print(
        f"  server memory (RSS, all processes): {memory['before']:.1f} MiB before the streams,"
        f" {memory['with_streams']:.1f} MiB with them, {memory['after_load']:.1f} MiB after"
        f" the load; per open stream {lb.ms(result['kib_per_stream'])} KiB"
        f" (PSS: {lb.ms(result['kib_per_stream_pss'])} KiB)"
    )
    print(f"  errors: {result['errors_text']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, help="default 1000 (SQLite), 5000 (PostgreSQL)")
    parser.add_argument("--seconds", type=float, default=30, help="of load (default 30)")
    parser.add_argument("--rate", type=float, default=10, help="requests/s of each kind")
    lb.server_arguments(parser)
    parser.add_argument("--per-token", type=int, default=1, help="streams per token")
    parser.add_argument("--timeout", type=float, default=5, help="per request, s")
    lb.run_arguments(parser)
    args = parser.parse_args()
    database = lb.choose_database(args.database)
    postgres = database == "postgresql"
    if args.streams is None:
        args.streams = 5000 if postgres else 1000
    if args.workers is None:
        args.workers = 2 if postgres else 0
    limit = lb.raise_open_files()
    if limit < args.streams + 500:
        print(f"warning: only {limit} open files allowed", file=sys.stderr)
    server = lb.Server(database, args.workers, args.threads, "stream_hold")
    lb.run_measured(
        server,
        "stream_hold",
        "stream hold",
        lambda: measure(server, args),
        f"{server.setup}, {args.streams} streams",
        report,
        args,
        ROWS,
    )


if __name__ == "__main__":
    main()
