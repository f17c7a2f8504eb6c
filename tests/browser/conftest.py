"""Browser fixtures: headless Chromium on a phone viewport, against a real server process."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import FAST_PACE, GUARD_PASSWORD, PHONE_CONTEXT
from databases import Databases
from engines import phone, playwright_webkit_browser, xvfb_display  # noqa: F401  (fixtures)
from kept_phone import KeptPhone
from playwright.sync_api import Browser, BrowserContext, Page, expect
from servers import Server

expect.set_options(timeout=10_000)
"""An expectation waits up to 10 s (Playwright's 5 s by default): on a busy 2-core machine,
with three test runs side by side, a page's answer has once taken longer than 5 s."""

SYSTEM_CHROMIUMS = ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
"""Debian's Chromiums, the lighter first: the headless shell (package
chromium-headless-shell, what Playwright's own download runs headless too) draws the same
pages for about 40 % less CPU than the whole browser in its headless mode."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder as a browser test; under pytest-xdist, the walks of
    the main pages run in one worker (`--dist loadgroup`), which makes them once."""
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)
            if "main_pages" in getattr(item, "fixturenames", ()):
                item.add_marker(pytest.mark.xdist_group("main_pages"))


def chromium_binary() -> str | None:
    """A Chromium already on the machine (SKYJO_CHROMIUM, then the distribution's), or None."""
    named = os.environ.get("SKYJO_CHROMIUM", "").strip()
    if named:
        return shutil.which(named) or named
    return next((path for path in SYSTEM_CHROMIUMS if Path(path).exists()), None)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Use the machine's Chromium when there is one; otherwise Playwright's own."""
    binary = chromium_binary()
    if binary is None:
        return browser_type_launch_args
    return {**browser_type_launch_args, "executable_path": binary, "args": CHROMIUM_ARGS}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Note on the test whether its setup or its call failed (the kept phone's `context`
    fixture reads it when the test ends)."""
    report = yield
    if report.failed:
        item.stash[FAILED] = True
    return report


FAILED = pytest.StashKey[bool]()


@pytest.fixture(scope="session")
def kept_phone(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[KeptPhone]:
    """The phone this test process lends to each test in turn (kept_phone.py)."""
    kept = KeptPhone(browser, browser_context_args)
    yield kept
    kept.close()


@pytest.fixture
def context(request: pytest.FixtureRequest, kept_phone: KeptPhone) -> Iterator[BrowserContext]:
    """A fresh phone's context: the kept one, cleaned of the last test (a new one when
    that could not be; kept_phone.py), instead of pytest-playwright's new context (whose
    --tracing, --video and --screenshot options therefore do not reach it)."""
    if request.node.get_closest_marker("browser_context_args"):
        raise pytest.UsageError("browser_context_args markers: open a context of your own")
    context, _ = kept_phone.lend()
    yield context
    kept_phone.take_back(failed=request.node.stash.get(FAILED, False))


@pytest.fixture
def page(context: BrowserContext, kept_phone: KeptPhone) -> Page:
    """The fresh phone's page (on `about:blank`)."""
    assert kept_phone.page is not None and kept_phone.page.context is context
    return kept_phone.page


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A phone: 390×844, touch, high-density screen (`PHONE_CONTEXT`)."""
    return {**browser_context_args, **PHONE_CONTEXT}


@contextmanager
def serving(folder: Path, **settings: str) -> Iterator[str]:
    """`skyjo-pad serve` (uvicorn) on a free port with an empty database of its own in
    `folder` (SQLite, or PostgreSQL in the PostgreSQL run), with `settings` (environment
    variables) over the tests' own; yields its URL."""
    databases = Databases(folder)
    environ = {
        "SECRET_KEY": "browser-tests",
        "SKYJO_HOST_REFRESH_SECONDS": "0.5",
        "SKYJO_COACH_SECONDS": "10",  # the coach judges in full, however busy the machine
        **FAST_PACE,
        **settings,
    }
    server = Server(databases.empty("live"), folder / "server.log", environ=environ)
    try:
        server.start()
        yield server.base
    finally:
        server.stop()
        databases.drop_made()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server the browser tests share, one per test process (each xdist worker has
    its own); yields its URL. Its rate limits are off: a worker's tests make more games
    from one address than a device may in a minute or an hour (a phone's own sends, met
    with 429, would wait for the next minute); the limits are tested in tests/security."""
    with serving(tmp_path_factory.mktemp("live"), SKYJO_RATE_LIMITS="0") as base:
        yield base


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[str]:
    """A server of the test's own, for a test about what an empty app shows (the address
    book of a shared server holds every other test's players); yields its URL."""
    with serving(tmp_path) as base:
        yield base


@pytest.fixture(scope="module")
def guarded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server behind the access password (`GUARD_PASSWORD`); yields its URL."""
    with serving(tmp_path_factory.mktemp("guarded"), SKYJO_PASSWORD=GUARD_PASSWORD) as base:
        yield base


@pytest.fixture(scope="session")
def base_url(live_server: str) -> str:
    """Pages opened with a path alone go to the live server."""
    return live_server


@pytest.fixture(scope="session")
def main_pages(browser: Any, browser_context_args: dict[str, Any], live_server: str) -> Any:
    """Every main page (page_walk.py), its games made once for the walks that visit them."""
    from page_walk import make_main_pages

    return make_main_pages(browser, browser_context_args, live_server)
