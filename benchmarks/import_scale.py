"""A big import while a phone saves rounds: how long it takes, and whether the pad waits.

    .venv/bin/python benchmarks/import_scale.py [--games 10000] [--database URL]

Starts the real server (`skyjo-pad serve`, uvicorn) on a fresh SQLite file (or on
`--database`, e.g. an empty PostgreSQL database), opens a game through the JSON API and
keeps saving rounds to it from another thread, as a phone at a table would. Meanwhile
this process imports an export of `--games` finished games (players, rounds, emails: about
1.7 KB of JSON a game, like a real history) into the same database through the app's own
import (`transfer.import_text`, what the import page calls).

Prints the import's time (goal: 10,000 games in at most 15 s), the rounds saved meanwhile,
any that failed (goal: none) and the slowest save. Exits 1 when a save failed or the
import was over its goal (OVER BUDGET, as the other benchmarks say it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from skyjo_pad import create_app  # noqa: E402
from skyjo_pad.engine import scoring  # noqa: E402
from skyjo_pad.engine.rules import Rules  # noqa: E402
from skyjo_pad.extensions import db  # noqa: E402
from skyjo_pad.services import transfer  # noqa: E402

GOAL_SECONDS = 15.0
PEOPLE = [f"Player {n:02}" for n in range(1, 41)]


def export(games: int, rng: random.Random) -> str:
    """An export of `games` finished pad games, each played to 100 by 2 to 6 people."""
    rules = Rules()
    items = []
    for number in range(games):
        players = rng.sample(PEOPLE, rng.randint(2, 6))
        totals = [0] * len(players)
        rounds = []
        while max(totals) < rules.target:
            raw = [rng.randint(-4, 35) for _ in players]
            closer = rng.randrange(len(players))
            result = scoring.score_round(raw, closer, rules)
            totals = [t + f for t, f in zip(totals, result.final, strict=True)]
            rounds.append(
                {
                    "number": len(rounds) + 1,
                    "closer": closer,
                    "doubled": result.doubled,
                    "raw": raw,
                    "final": list(result.final),
                }
            )
        day = 1 + number % 28
        items.append(
            {
                "id": f"im{number:08d}",
                "kind": "pad",
                "players": players,
                "rules": rules.to_dict(("target", "multiplier")),
                "created_at": f"2025-02-{day:02d}T20:00:00",
                "finished_at": f"2025-02-{day:02d}T21:00:00",
                "rounds": rounds,
            }
        )
    people = [{"name": name, "email": f"p{n}@example.org"} for n, name in enumerate(PEOPLE)]
    return json.dumps({"format": transfer.FORMAT, "players": people, "games": items})


def call(base: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """One JSON request: the status and the answer (status 0: no answer at all)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, error.read()[:200]
    except OSError as error:
        return 0, str(error)


class Saver(threading.Thread):
    """A phone at a table: saves a round, then the next, until told to stop."""

    def __init__(self, base: str, game_id: str) -> None:
        super().__init__(daemon=True)
        self.base, self.game_id = base, game_id
        self.stop = threading.Event()
        self.times: list[float] = []
        self.failures: list[tuple[int, Any]] = []

    def run(self) -> None:
        path = f"/api/games/{self.game_id}/rounds"
        while not self.stop.is_set():
            started = time.perf_counter()
            status, answer = call(self.base, "POST", path, {"scores": [0, 0], "closer": None})
            self.times.append(time.perf_counter() - started)
            if status != 201:
                self.failures.append((status, answer))
            time.sleep(0.02)


def start_server(url: str, folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """`skyjo-pad serve` on a free port against `url`; the process and its address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "bench", "SKYJO_AUTO_MIGRATE": "0"}
    command = [sys.executable, "-m", "skyjo_pad.cli", "serve", "--port", str(port)]
    log = open(folder / "server.log", "wb")  # noqa: SIM115 (the server writes it)
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if call(base, "GET", "/api/openapi.json")[0] == 200:
            return server, base
        time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--database", default="", help="a database URL (default: SQLite)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        url = options.database or f"sqlite:///{folder / 'import.sqlite3'}"
        app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url})  # migrates
        text = export(options.games, random.Random(12))
        server, base = start_server(url, folder)
        try:
            status, game = call(base, "POST", "/api/games", {"players": ["Ann", "Bob"]})
            assert status == 201, game
            saver = Saver(base, game["id"])
            saver.start()
            time.sleep(0.3)
            with app.app_context():
                started = time.perf_counter()
                report = transfer.import_text(text)
                seconds = time.perf_counter() - started
                db.session.remove()
                db.engine.dispose()
            time.sleep(0.3)
            saver.stop.set()
            saver.join()
        finally:
            server.terminate()
            server.wait(10)
    rounds = len(saver.times)
    print(f"database: {url.split(':', 1)[0]}")
    print(f"export: {options.games:,} games, {len(text) / 1e6:.1f} MB of JSON")
    print(
        f"import: {report.added:,} games added in {seconds:.1f} s "
        f"(goal: {GOAL_SECONDS:.0f} s for 10,000)  {report.added / seconds:,.0f} games/s"
    )
    print(
        f"rounds saved meanwhile: {rounds}, failed: {len(saver.failures)}; "
        f"save time median {statistics.median(saver.times) * 1000:.0f} ms, "
        f"slowest {max(saver.times) * 1000:.0f} ms"
    )
    for status, answer in saver.failures[:5]:
        print(f"  failed: {status} {answer!r}")
    over = seconds * 10_000 / max(1, report.added) > GOAL_SECONDS
    if over:
        print(f"import: OVER BUDGET ({GOAL_SECONDS:.0f} s for 10,000 games)")
    return 1 if saver.failures or over else 0


if __name__ == "__main__":
    sys.exit(main())
