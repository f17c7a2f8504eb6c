"""Browser fixtures: headless Chromium on a phone viewport, against a real server process."""

from __future__ import annotations

import os
import shutil
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
from browser_helpers import FAST_PACE
from databases import Databases

ROOT = Path(__file__).resolve().parents[2]
SYSTEM_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder as a browser test."""
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


def chromium_binary() -> str | None:
    """A Chromium already on the machine (SKYJO_CHROMIUM, then the distribution's), or None."""
    named = os.environ.get("SKYJO_CHROMIUM", "").strip()
    if named:
        return shutil.which(named) or named
    return SYSTEM_CHROMIUM if Path(SYSTEM_CHROMIUM).exists() else None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Use the machine's Chromium when there is one; otherwise Playwright's own."""
    binary = chromium_binary()
    if binary is None:
        return browser_type_launch_args
    return {**browser_type_launch_args, "executable_path": binary, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A phone: 390×844, touch, high-density screen."""
    return {
        **browser_context_args,
        "viewport": PHONE,
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
        "locale": "en-GB",
        # Playwright's wait_for_function evaluates strings, which the app's CSP forbids;
        # test_csp.py opens the pages without this, under the real policy.
        "bypass_csp": True,
    }


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_until_up(url: str, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"The server stopped:\n{log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.1)
    raise RuntimeError(f"The server did not answer in 30 s:\n{log.read_text(errors='replace')}")


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`skyjo-pad serve` (uvicorn) on a free port and its own database (SQLite, or
    PostgreSQL in the PostgreSQL run); yields its URL."""
    folder = tmp_path_factory.mktemp("live")
    port = _free_port()
    databases = Databases(folder)
    env = {
        **os.environ,
        "DATABASE_URL": databases.empty("live"),
        "SECRET_KEY": "browser-tests",
        "SKYJO_AUTO_MIGRATE": "1",
        "SKYJO_HOST_REFRESH_SECONDS": "0.5",
        **FAST_PACE,
    }
    log = folder / "server.log"
    command = [sys.executable, "-m", "skyjo_pad.cli", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port)]
    with open(log, "wb") as out:
        server = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_up(url + "/", server, log)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        databases.drop_made()


@pytest.fixture(scope="session")
def base_url(live_server: str) -> str:
    """Pages opened with a path alone go to the live server."""
    return live_server


@pytest.fixture(scope="session")
def main_pages(browser: Any, browser_context_args: dict[str, Any], live_server: str) -> Any:
    """Every main page (page_walk.py), its games made once for the walks that visit them."""
    from page_walk import make_main_pages

    return make_main_pages(browser, browser_context_args, live_server)
