"""How long people wait for the expert at online tables, as more tables play at once.

    nice -n 10 .venv/bin/python benchmarks/expert_tables.py --tables 1,2,4,8 --turns 6
    scripts/with-postgres .venv/bin/python benchmarks/expert_tables.py --workers 2

It starts `skyjo-pad serve` itself (as online_tables.py does) and, for each count of
tables in `--tables`, makes that many online tables of Ann and the expert, turns up Ann's
opening cards, then plays `--turns` of Ann's turns at every table at once, as fast as the
expert answers: Ann's plain moves (draw; throw the card away and turn up a card, else put
it on the first cell offered). Each expert turn is timed from the answer to Ann's move
that ended her turn (the expert then searches in the server's thinker threads, at most
`table_thinkers.AT_ONCE` at a time a process) until her view shows her turn again (asked
every 20 ms). It prints p50, p95 and max of that wait per count of tables.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import livebench as lb  # the benchmarks folder is not a package

POLL = 0.02
"""Seconds between two looks at Ann's view while the expert plays."""
PATIENCE = 120.0
"""Seconds an expert turn may take before the run stops with an error."""


async def call(
    port: int, method: str, path: str, token: str | None = None, body: Any = None
) -> Any:
    """One request; its JSON answer (an error answer stops the run)."""
    answer = await lb.request(port, method, path, token, body, timeout=PATIENCE)
    if answer.status >= 400:
        raise RuntimeError(f"{method} {path}: {answer.status} {answer.body[:200]!r}")
    return answer.json()


def ann_move(view: dict[str, Any]) -> dict[str, Any]:
    """Ann's plain move: draw; throw a drawn card away, then turn up a card; else the
    first move offered."""
    moves = view["moves"]
    for wanted in ({"action": "draw"}, {"action": "discard"}):
        if wanted in moves:
            return wanted
    return dict(moves[0])


async def one_table(port: int, turns: int, waits: list[float]) -> None:
    """Make a table, turn up Ann's cards, play `turns` of her turns; each expert turn's
    wait appended to `waits`."""
    table = await call(
        port, "POST", "/api/tables", body={"seats": [{"name": "Ann"}, {"bot": "expert"}]}
    )
    path, token = f"/api/tables/{table['id']}", table["seats"][0]["token"]
    view = await call(port, "GET", path, token)
    played = 0
    while played < turns and view["status"] == "playing":
        if not view["moves"]:  # the expert's turn, or a round's end: wait for Ann's turn
            await asyncio.sleep(POLL)
            view = await call(port, "GET", path, token)
            continue
        view = await call(
            port,
            "POST",
            f"{path}/moves",
            token,
            {"version": view["version"], "move": ann_move(view)},
        )
        if view["actor"] == 1 and view["view"]["phase"] == "turn":
            started = time.perf_counter()
            while view["actor"] == 1 and view["status"] == "playing":
                if time.perf_counter() - started > PATIENCE:
                    raise RuntimeError(f"the expert of {table['id']} never played")
                await asyncio.sleep(POLL)
                view = await call(port, "GET", path, token)
            waits.append(time.perf_counter() - started)
            played += 1


async def measure(port: int, counts: list[int], turns: int) -> list[tuple[int, dict[str, Any]]]:
    """Each count of tables played at once: the percentiles of the expert's turns."""
    found = []
    for count in counts:
        waits: list[float] = []
        await asyncio.gather(*(one_table(port, turns, waits) for _ in range(count)))
        found.append((count, lb.percentiles(waits)))
        print(f"  {count} tables at once: {lb.percentiles(waits)}", flush=True)
    return found


def main() -> None:
    """Start the server, play the counts of tables, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="1,2,4,8", help="counts of tables played at once")
    parser.add_argument("--turns", type=int, default=6, help="of Ann's turns at each table")
    lb.server_arguments(parser)
    args = parser.parse_args()
    database = lb.choose_database(args.database)
    workers = args.workers if args.workers is not None else (2 if database == "postgresql" else 0)
    server = lb.Server(database, workers, args.threads, "expert_tables")
    print(f"expert tables: starting {server.setup} ...", flush=True)
    server.start()
    try:
        found = lb.run_loop(
            measure(server.port, [int(c) for c in args.tables.split(",")], args.turns)
        )
    finally:
        server.stop()
    print(f"The expert's turn, from Ann's move to her turn again ({server.setup}):")
    print("| tables at once | expert turns | p50 ms | p95 ms | max ms |")
    print("|---|---|---|---|---|")
    for count, figures in found:
        print(
            f"| {count} | {figures['count']} | {lb.ms(figures['p50'])} | {lb.ms(figures['p95'])} "
            f"| {lb.ms(figures['max'])} |"
        )


if __name__ == "__main__":
    main()
