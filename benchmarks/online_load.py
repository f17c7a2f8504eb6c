"""Online tables under load: many tables of simulated players over HTTP and server-sent
events, against the production setup (PostgreSQL, Gunicorn with several workers).

Run it with a throwaway PostgreSQL server:

    scripts/with-postgres nice -n 10 .venv/bin/python benchmarks/online_load.py --tables 100

It makes a database on that server, starts `skyjo-pad serve --workers W --threads T`,
creates the tables through `POST /api/tables` (4 people each), opens every seat's event
stream with its answers pushed (`?answers=1`, as the page does) and plays: a seat with a
move posts it; every seat takes the answer its stream pushes after each version as its
view (`--ask`: the page before answers were pushed, every seat asks for its view by GET
when told the version moved). It prints moves per second and the 50th/99th percentile of
the time from a move's answer to each other seat's event, and the errors (any answer that
is not 200, any stream that broke).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parent.parent


class Stats:
    """What the run measured."""

    def __init__(self) -> None:
        self.moves = 0
        self.errors: list[str] = []
        self.latencies: list[float] = []
        self.answered: dict[tuple[str, int], float] = {}
        """(table, version) → when the move's answer arrived."""
        self.seen: dict[tuple[str, int], list[tuple[float, int]]] = {}
        """(table, seat) → (when, version) of every event its stream told."""
        self.tasks: set[asyncio.Task[None]] = set()
        self.movers: dict[tuple[str, int], int] = {}


async def http(
    host: str, port: int, method: str, path: str, token: str | None, body: Any = None
) -> tuple[int, Any]:
    """One request on its own connection; the status and the JSON answer."""
    reader, writer = await asyncio.open_connection(host, port)
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n"
    if token:
        head += f"Authorization: Bearer {token}\r\n"
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    header, _, payload = raw.partition(b"\r\n\r\n")
    status = int(header.split(b" ", 2)[1])
    if b"chunked" in header.lower():
        payload = dechunk(payload)
    return status, json.loads(payload) if payload else None


def dechunk(payload: bytes) -> bytes:
    out, rest = b"", payload
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out, rest = out + rest[:size], rest[size + 2 :]
    return out


class Seat:
    """A simulated player: an event stream, and the latest view it asked for."""

    def __init__(self, table: str, seat: int, token: str) -> None:
        self.table, self.seat, self.token = table, seat, token
        self.state: dict[str, Any] | None = None

    async def refresh(self, host: str, port: int, stats: Stats) -> None:
        status, answer = await http(host, port, "GET", f"/api/tables/{self.table}", self.token)
        if status != 200:
            stats.errors.append(f"GET {status}")
            return
        if self.state is None or answer["version"] >= self.state["version"]:
            self.state = answer

    def pushed(self, answer: dict[str, Any]) -> None:
        """The answer the stream pushed: the seat's view, when newer."""
        if self.state is None or answer["version"] >= self.state["version"]:
            self.state = answer

    async def listen(
        self, host: str, port: int, stats: Stats, stop: asyncio.Event, ask: bool = False
    ) -> None:
        reader, writer = await asyncio.open_connection(host, port)
        path = f"/api/tables/{self.table}/events{'' if ask else '?answers=1'}"
        head = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {self.token}\r\n\r\n"
        writer.write(head.encode())
        await writer.drain()
        kind = b""
        try:
            while not stop.is_set():
                line = await asyncio.wait_for(reader.readline(), timeout=60)
                if not line:
                    if not stop.is_set():
                        stats.errors.append("a stream closed")
                    return
                if line.startswith(b"event:"):
                    kind = line[6:].strip()
                elif line.startswith(b"data: ") and kind == b"answer":
                    kind = b""
                    self.pushed(json.loads(line[6:]))
                elif line.startswith(b"data: "):
                    kind = b""
                    version = json.loads(line[6:])["version"]
                    told = stats.seen.setdefault((self.table, self.seat), [])
                    told.append((time.perf_counter(), version))
                    if not ask:
                        continue  # its answer follows on the stream
                    task = asyncio.get_running_loop().create_task(self.refresh(host, port, stats))
                    stats.tasks.add(task)
                    task.add_done_callback(stats.tasks.discard)
        except (TimeoutError, ConnectionError) as error:
            if not stop.is_set():
                stats.errors.append(f"stream: {error!r}")
        finally:
            writer.close()


async def play_table(
    host: str, port: int, seats: list[Seat], stats: Stats, until: float, rng: random.Random
) -> None:
    """Post the moves of whichever seat may move, until the time is up or the game ends."""
    for seat in seats:
        await seat.refresh(host, port, stats)
    while time.perf_counter() < until:
        ready = [
            s for s in seats if s.state and s.state["moves"] and s.state["status"] == "playing"
        ]
        latest = max(s.state["version"] for s in seats if s.state)
        ready = [s for s in ready if s.state and s.state["version"] == latest]
        if not ready:
            if all(s.state and s.state["status"] != "playing" for s in seats):
                return
            await asyncio.sleep(0.01)
            continue
        mover = rng.choice(ready)
        assert mover.state is not None
        body = {"version": mover.state["version"], "move": rng.choice(mover.state["moves"])}
        path = f"/api/tables/{mover.table}/moves"
        status, answer = await http(host, port, "POST", path, mover.token, body)
        now = time.perf_counter()
        if status == 409:  # another seat moved first: catch up
            await mover.refresh(host, port, stats)
            continue
        if status != 200:
            stats.errors.append(f"POST {status}: {answer}")
            await asyncio.sleep(0.1)
            continue
        stats.moves += 1
        stats.answered[(mover.table, answer["version"])] = now
        stats.movers[(mover.table, answer["version"])] = mover.seat
        mover.state = answer


async def run(base: str, tables: int, seconds: float, ask: bool = False) -> Stats:
    parts = urlsplit(base)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    stats, stop = Stats(), asyncio.Event()
    everyone: list[list[Seat]] = []
    for number in range(tables):
        body = {
            "seats": [{"name": f"P{number}-{k}"} for k in range(4)],
            "rules": {"target": 100},
            "seed": 1000 + number,
        }
        status, made = await http(host, port, "POST", "/api/tables", None, body)
        if status != 201:
            raise SystemExit(f"could not create a table: {status} {made}")
        everyone.append([Seat(made["id"], s["seat"], s["token"]) for s in made["seats"]])
    listeners = [
        asyncio.create_task(seat.listen(host, port, stats, stop, ask))
        for seats in everyone
        for seat in seats
    ]
    await asyncio.sleep(2)  # every stream open
    until = time.perf_counter() + seconds
    started = time.perf_counter()
    rngs = [random.Random(k) for k in range(tables)]
    await asyncio.gather(
        *(play_table(host, port, s, stats, until, r) for s, r in zip(everyone, rngs, strict=True))
    )
    stats.elapsed = time.perf_counter() - started  # type: ignore[attr-defined]
    await asyncio.sleep(1)
    stop.set()
    for task in [*listeners, *stats.tasks]:
        task.cancel()
    await asyncio.gather(*listeners, *stats.tasks, return_exceptions=True)
    for (table, version), answered in stats.answered.items():
        # each other seat's first event telling this version or a later one (a stream
        # that was told two quick moves at once says only the later version)
        for seat in range(4):
            if seat == stats.movers[(table, version)]:
                continue
            told = [t for t, v in stats.seen.get((table, seat), []) if v >= version]
            if not told:
                stats.errors.append(f"version {version} of {table} never reached seat {seat}")
                continue
            # an event may come before the move's own answer has arrived: 0 then
            stats.latencies.append(max(0.0, min(told) - answered))
    return stats


def database(server: str) -> str:
    """A fresh database for the run on the PostgreSQL server `server`."""
    url = make_url(server)
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text("DROP DATABASE IF EXISTS skyjo_online_load"))
        connection.execute(text("CREATE DATABASE skyjo_online_load"))
    engine.dispose()
    return url.set(database="skyjo_online_load").render_as_string(hide_password=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--threads", type=int, default=24, help="per worker, for requests (streams need none)"
    )
    parser.add_argument("--port", type=int, default=5077)
    parser.add_argument(
        "--ask", action="store_true", help="every seat GETs its view on each version (before)"
    )
    args = parser.parse_args()
    server = os.environ.get("SKYJO_TEST_POSTGRES")
    if not server:
        raise SystemExit(
            "Run it under scripts/with-postgres (SKYJO_TEST_POSTGRES names the server)."
        )
    threads = args.threads
    env = {
        **os.environ,
        "DATABASE_URL": database(server),
        "SECRET_KEY": "load",
        "SKYJO_STREAMS_PER_ADDRESS": "100000",  # every simulated phone is on 127.0.0.1
        "SKYJO_RATE_LIMITS": "0",  # and makes its tables from there
    }
    command = [sys.executable, "-m", "skyjo_pad.cli", "serve", "--port", str(args.port)]
    command += ["--workers", str(args.workers), "--threads", str(threads)]
    log = open(ROOT / "instance" / "online_load.log", "wb")  # noqa: SIM115 (kept open for the run)
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{args.port}"
    try:
        for _ in range(300):
            try:
                status, _ = asyncio.run(
                    http("127.0.0.1", args.port, "GET", "/api/openapi.json", None)
                )
                if status == 200:
                    break
            except OSError:
                time.sleep(0.1)
        stats = asyncio.run(run(base, args.tables, args.seconds, args.ask))
    finally:
        process.terminate()
        process.wait(20)
    elapsed = stats.elapsed  # type: ignore[attr-defined]
    lat = sorted(stats.latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    views = "views asked by GET" if args.ask else "answers pushed"
    setup = f"{args.workers} workers x {threads} threads, {views}"
    print(f"online tables: {args.tables} tables x 4 players, {setup}, PostgreSQL")
    print(f"  moves: {stats.moves} in {elapsed:.1f} s = {stats.moves / elapsed:.1f} moves/s")
    told = f"p50 {p50:.0f} ms, p99 {p99:.0f} ms ({len(lat)} events)"
    print(f"  move answer -> other seats' event: {told}")
    print(
        f"  errors: {len(stats.errors)}" + (f" (first: {stats.errors[:3]})" if stats.errors else "")
    )


if __name__ == "__main__":
    main()
