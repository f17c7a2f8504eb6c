"""A round the server said it saved survives the server being killed (kill -9).

This starts the real server (`skyjo-pad serve`, Waitress) as a separate process on a
SQLite file, saves a round through the JSON API, kills the process without warning,
starts it again on the same file and finds the round there.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 30.0


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def call(base: str, method: str, path: str, body: Any = None) -> tuple[int, dict[str, Any]]:
    """One JSON request to the server: the status and the JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


class Server:
    """The app served by `python -m skyjo_pad.cli serve` in a process of its own."""

    def __init__(self, database: Path, log: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.database = database
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server and wait until it answers."""
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{self.database}",
            "SECRET_KEY": "durability-test",
            "SKYJO_AUTO_MIGRATE": "1",
        }
        command = [sys.executable, "-m", "skyjo_pad.cli", "serve"]
        command += ["--host", "127.0.0.1", "--port", str(self.port), "--threads", "2"]
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log.read_text()
            try:
                status, _ = call(self.base, "GET", "/api/openapi.json")
            except OSError:
                time.sleep(0.05)
                continue
            if status == 200:
                return
        pytest.fail(f"The server did not start:\n{self.log.read_text()}")

    def kill(self) -> None:
        """kill -9: no chance to flush, close or clean up anything."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
        self.process = None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A server on a fresh SQLite file, killed at the end whatever happens."""
    server = Server(tmp_path / "durable.sqlite3", tmp_path / "server.log")
    try:
        yield server
    finally:
        server.kill()


def test_a_saved_round_survives_kill_9(server: Server) -> None:
    server.start()
    status, game = call(server.base, "POST", "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    assert status == 201, game
    body = {"scores": [8, 50, 10], "closer": 2, "version": game["version"]}
    status, saved = call(server.base, "POST", f"/api/games/{game['id']}/rounds", body)
    assert status == 201, saved
    assert saved["totals"] == [8, 50, 20]

    server.kill()
    server.start()

    status, again = call(server.base, "GET", f"/api/games/{game['id']}")
    assert status == 200, again
    assert again["rounds"] == saved["rounds"]
    assert again["totals"] == [8, 50, 20] and again["version"] == saved["version"]
    status, _ = call(server.base, "POST", f"/api/games/{game['id']}/rounds", body)
    assert status == 409  # sent again with the old version: refused, not saved twice
