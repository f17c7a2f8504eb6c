"""The score pad's performance budget, measured against real server processes.

Prints:
- bytes on the wire (compressed) of a game sheet's first load with its CSS, JavaScript
  and icon (budget: 60 KB), and of each later page with the assets cached (10 KB each);
- requests per second, over loopback, of a bare Flask "hello" page, of showing a sheet
  (budget: at least 1/2 of hello) and of saving a round (at least 1/4 of hello), all
  three served by uvicorn and a2wsgi with the same settings.

The three rates are measured in turn, `--rounds` times (3), and each share of hello is
taken within its round: the median of those shares is judged, so that a moment when the
machine is busy elsewhere does not decide it.

Run: `.venv/bin/python benchmarks/web_budget.py [--requests N] [--clients C] [--rounds R]`.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parent.parent
THREADS = 4
"""Threads of both servers for the Flask app (uvicorn and a2wsgi, as `skyjo-pad serve`)."""
FIRST_LOAD_BUDGET = 60 * 1024
LATER_PAGE_BUDGET = 10 * 1024
ASSET = re.compile(r'(?:href|src)="(/static/[^"]+)"')

HELLO_SERVER = f"""
import uvicorn
from a2wsgi import WSGIMiddleware
from flask import Flask
app = Flask("hello")
@app.get("/")
def hello():
    return "Hello, World!"
uvicorn.run(WSGIMiddleware(app, workers={THREADS}), host="127.0.0.1",
            port=int(__import__("sys").argv[1]), http="h11", log_level="warning")
"""


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def server(command: list[str], port: int, env: dict[str, str]) -> Iterator[None]:
    """Run a server process until the block ends, once it accepts connections (its log,
    a line a request, goes to a file beside the figures, not among them)."""
    with tempfile.NamedTemporaryFile("w", prefix="web-budget-", suffix=".log", delete=False) as log:
        process = subprocess.Popen(
            command, env={**os.environ, **env}, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit(
                            f"server did not start: {' '.join(command)} (its log: {log.name})"
                        ) from None
                    time.sleep(0.1)
            yield
        finally:
            process.terminate()
            process.wait(timeout=10)


def fetch(
    port: int, method: str, path: str, body: object = None, encoding: str = "br, gzip"
) -> tuple[int, bytes, dict[str, str]]:
    """One request on a fresh connection: status, raw (still compressed) body, headers."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Accept-Encoding": encoding}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    payload = response.read()
    connection.close()
    return response.status, payload, {k.lower(): v for k, v in response.getheaders()}


def wire_size(port: int, path: str) -> tuple[int, str]:
    """Compressed body size of one page or asset, and its content encoding."""
    status, payload, headers = fetch(port, "GET", path)
    if status != 200:
        raise SystemExit(f"GET {path} answered {status}")
    return len(payload), headers.get("content-encoding", "identity")


def rate(
    port: int, make_request: Callable[[http.client.HTTPConnection], None], total: int, clients: int
) -> float:
    """Requests per second over `clients` keep-alive connections, `total` requests in all."""
    share = total // clients

    def work() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for _ in range(share):
            make_request(connection)
        connection.close()

    threads = [threading.Thread(target=work) for _ in range(clients)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return share * clients / (time.perf_counter() - start)


def getter(path: str) -> Callable[[http.client.HTTPConnection], None]:
    """A request maker for GET `path` that checks for a 200."""

    def make(connection: http.client.HTTPConnection) -> None:
        connection.request("GET", path, headers={"Accept-Encoding": "br, gzip"})
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            raise SystemExit(f"GET {path} answered {response.status}")

    return make


def round_saver(games: list[str]) -> Callable[[http.client.HTTPConnection], None]:
    """A request maker saving rounds of zeros (so no game ends) to each game in turn."""
    body = json.dumps({"scores": [0, 0, 0], "closer": None}).encode()
    headers = {"Content-Type": "application/json", "Accept-Encoding": "br, gzip"}
    turn = itertools.count()

    def make(connection: http.client.HTTPConnection) -> None:
        game = games[next(turn) % len(games)]
        connection.request("POST", f"/api/games/{game}/rounds", body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        if response.status != 201:
            raise SystemExit(f"saving a round answered {response.status}")

    return make


def new_game(port: int) -> str:
    """A three-player game with eight rounds played, like one half-way through."""
    payload = created(port, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    game: str = json.loads(payload)["id"]
    for number in range(8):
        scores = [(number * 7 + seat * 5) % 17 - 2 for seat in range(3)]
        created(port, f"/api/games/{game}/rounds", {"scores": scores, "closer": number % 3})
    return game


def created(port: int, path: str, body: object) -> bytes:
    """POST `body` to `path`: the answer's body, or the run stops saying what went wrong."""
    status, payload, _ = fetch(port, "POST", path, body, encoding="identity")
    if status != 201:
        raise SystemExit(f"POST {path} answered {status}: {payload[:300]!r}")
    return payload


def sizes(port: int) -> bool:
    """Print the transfer sizes; True when they are within budget."""
    sheet = f"/games/{new_game(port)}"
    html_size, encoding = wire_size(port, sheet)
    _, page, _ = fetch(port, "GET", sheet, encoding="identity")
    assets = sorted(set(ASSET.findall(page.decode())))
    total = html_size
    print(f"first load of a sheet ({encoding}):")
    print(f"  {sheet:<40} {html_size:>7,} B")
    for asset in assets:
        size, asset_encoding = wire_size(port, asset)
        total += size
        print(f"  {asset[:40]:<40} {size:>7,} B  {asset_encoding}")
    ok = total <= FIRST_LOAD_BUDGET
    print(f"  {'total':<40} {total:>7,} B  budget {FIRST_LOAD_BUDGET:,} B  {verdict(ok)}")
    print("later pages (assets cached):")
    for path in ("/", sheet, f"{sheet}/rounds/new", f"{sheet}/rounds/2/edit", "/games/new"):
        size, _ = wire_size(port, path)
        ok &= size <= LATER_PAGE_BUDGET
        print(f"  {path:<40} {size:>7,} B  {verdict(size <= LATER_PAGE_BUDGET)}")
    return ok


def verdict(ok: bool) -> str:
    """The word for a figure within or over its budget."""
    return "ok" if ok else "OVER BUDGET"


def main() -> int:
    """Measure and print; exit 1 when a figure is over its budget."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000, help="requests per measurement")
    parser.add_argument("--clients", type=int, default=4, help="concurrent connections")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the three measurements")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        app_port, hello_port = free_port(), free_port()
        app_env = {
            "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
            "SECRET_KEY": "bench",
            # One client makes its 100-odd games in seconds, past the 60 a minute a device
            # may (docs/operations.md, "Rate limits"); the pages and saves timed have none.
            "SKYJO_RATE_LIMITS": "0",
        }
        app_command = [
            sys.executable,
            "-m",
            "skyjo_pad.cli",
            "serve",
            "--port",
            str(app_port),
            "--threads",
            str(THREADS),
        ]
        hello_command = [sys.executable, "-c", HELLO_SERVER, str(hello_port)]
        with server(app_command, app_port, app_env), server(hello_command, hello_port, {}):
            ok = sizes(app_port)
            sheet_page = getter(f"/games/{new_game(app_port)}")
            n, c = args.requests, args.clients
            rate(hello_port, getter("/"), n // 4, c)  # warm up both servers
            rate(app_port, sheet_page, n // 4, c)
            games = [new_game(app_port) for _ in range(max(1, n // 20))]
            hellos, sheets, saves = [], [], []
            for _ in range(args.rounds):  # interleaved: a slow moment hits all three alike
                hellos.append(rate(hello_port, getter("/"), n, c))
                sheets.append(rate(app_port, sheet_page, n, c))
                saves.append(rate(app_port, round_saver(games), n // 2, c))
    hello = median(hellos)
    sheet_share = median(s / h for s, h in zip(sheets, hellos, strict=True))
    save_share = median(s / h for s, h in zip(saves, hellos, strict=True))
    print(
        f"requests per second ({c} keep-alive clients, uvicorn, {THREADS} threads, loopback; "
        f"the median of {args.rounds} rounds, each share of hello taken within its round):"
    )
    print(f"  bare Flask hello  {hello:>8,.0f}")
    half, quarter = sheet_share >= 0.5, save_share >= 0.25
    print(
        f"  show a sheet      {median(sheets):>8,.0f}  {sheet_share:.2f} of hello, goal 0.50  "
        f"{verdict(half)}"
    )
    print(
        f"  save a round      {median(saves):>8,.0f}  {save_share:.2f} of hello, goal 0.25  "
        f"{verdict(quarter)}"
    )
    return 0 if ok and half and quarter else 1


if __name__ == "__main__":
    sys.exit(main())
