"""The app served by `skyjo-pad serve` in processes of their own, for the tests that need
real server processes: several on one database, or one killed and started again."""

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
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from server_zygote import ZYGOTE, ForkedProcess

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT = 30.0
PORT_TRIES = 3
PORT_TAKEN = ("address already in use", "Connection in use")
"""What the server's log says (uvicorn, gunicorn) when another process took its port first."""


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def call(
    base: str,
    method: str,
    path: str,
    body: Any = None,
    timeout: float = 10,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, Any]]:
    """One JSON request to the server (with `headers`): the status and the JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def page(base: str, path: str) -> str:
    """The HTML of a page."""
    with urllib.request.urlopen(base + path, timeout=10) as response:
        return str(response.read().decode())


class Server:
    """`python -m skyjo_pad.cli serve` on `database`, which can be killed and started."""

    def __init__(
        self,
        database: str,
        log: Path,
        *options: str,
        environ: dict[str, str] | None = None,
    ) -> None:
        """A server of `database` (a URL) writing to `log`; `options` for `serve`, and
        settings of its own in `environ`. Its process is forked from this test process's
        zygote (server_zygote.py: the imports done once) where there is one."""
        self.port = free_port()
        self.environ = environ or {}
        self.base = f"http://127.0.0.1:{self.port}"
        self.database = database
        self.log = log
        self.options = options
        self.process: subprocess.Popen[bytes] | ForkedProcess | None = None

    def start(self) -> None:
        """Start the server and wait until it answers; on another free port when its own
        was taken meanwhile (by a test running beside this one, under pytest-xdist)."""
        for _ in range(PORT_TRIES - 1):
            if self._started():
                return
            self.port = free_port()
            self.base = f"http://127.0.0.1:{self.port}"
        assert self._started(), self.log.read_text()

    def _started(self) -> bool:
        """Start the server and wait until it answers: True, or False when it stopped
        because its port is taken (any other failure raises)."""
        env = {
            **os.environ,
            "DATABASE_URL": self.database,
            "SECRET_KEY": "server-tests",
            "SKYJO_AUTO_MIGRATE": "1",
            **self.environ,
        }
        arguments = ["serve", "--host", "127.0.0.1", "--port", str(self.port), *self.options]
        if ZYGOTE is not None:
            self.process = ZYGOTE.spawn(arguments, env, ROOT, self.log)
        else:
            with open(self.log, "ab") as log:
                self.process = subprocess.Popen(
                    [sys.executable, "-m", "skyjo_pad.cli", *arguments],
                    cwd=ROOT,
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,  # its own process group: gunicorn's workers too
                )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                if any(words in self.log.read_text(errors="replace") for words in PORT_TAKEN):
                    return False
                raise AssertionError(self.log.read_text(errors="replace"))
            try:
                status, _ = call(self.base, "GET", "/api/openapi.json", timeout=2)
            except OSError:
                time.sleep(0.05)
                continue
            if status in (200, 401):  # 401: it answers, behind its access password
                return True
        raise AssertionError(f"The server did not start:\n{self.log.read_text()}")

    def kill(self) -> None:
        """kill -9, of the server and any worker process: no chance to clean up anything."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        self.process = None

    def stop(self) -> None:
        """Stop the server as an operator would (SIGTERM), waiting for it to end."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None


@contextmanager
def smtp_server(handler: Any) -> Iterator[int]:
    """A real local SMTP server (aiosmtpd) with `handler`, for the block; its port."""
    from aiosmtpd.controller import Controller

    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield port
    finally:
        controller.stop()
