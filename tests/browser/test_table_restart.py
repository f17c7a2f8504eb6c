"""A table survives the server going down mid-round: open it again and play on."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from databases import Databases
from playwright.sync_api import Page, expect
from table_helpers import new_table, person_step, play_until_summary, state, tap_and_wait

ROOT = Path(__file__).resolve().parents[2]


class Server:
    """`skyjo-pad serve` on one port and one database, which can be stopped and started."""

    def __init__(self, folder: Path, database: str) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self.folder = folder
        self.database = database
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server and wait until it answers."""
        env = {
            **os.environ,
            "DATABASE_URL": self.database,
            "SECRET_KEY": "restart-test",
            "SKYJO_AUTO_MIGRATE": "1",
        }
        log = open(self.folder / "server.log", "ab")  # noqa: SIM115 (the server keeps it)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "skyjo_pad.cli", "serve", "--port", str(self.port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError((self.folder / "server.log").read_text(errors="replace"))
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2):
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def stop(self) -> None:
        """Stop the server (as a restart or a crash would)."""
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None


def test_table_survives_a_server_restart(page: Page, tmp_path: Path, databases: Databases) -> None:
    """Mid-turn, with a drawn card in hand, the server restarts; the table is the same."""
    server = Server(tmp_path, databases.empty("table"))
    server.start()
    try:
        new_table(page, server.url, [("Ann", "person"), ("", "easy")], target=100, seed=7)
        person_step(page)
        person_step(page)
        for _ in range(30):  # let the computer play until Ann may draw
            s = state(page)
            if s["actor"] == 0 and s["view"]["phase"] == "turn" and s["view"]["held"] is None:
                break
            if page.locator("[data-skip]").is_visible():
                page.locator("[data-skip]").click()
            page.wait_for_timeout(200)
        tap_and_wait(page, "[data-draw]")
        before = state(page)
        assert before["view"]["held"]["from"] == "draw"

        server.stop()
        server.start()
        page.reload()
        expect(page.locator("[data-board]")).to_be_visible()
        after = state(page)
        assert after["version"] == before["version"]
        assert after["view"] == before["view"]  # the same cards, the same card in hand
        assert after["log"] == before["log"]

        play_until_summary(page)
        expect(page.locator("[data-summary]")).to_contain_text(
            re.compile("Round 1 is over|Game over")
        )
    finally:
        server.stop()
