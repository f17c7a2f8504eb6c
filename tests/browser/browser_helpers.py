"""What a player does on the pad's pages, as short steps for the browser tests."""

from __future__ import annotations

import base64
import json
import os
import re
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "tests" / "screenshots"
DOCS_SCREENSHOTS = ROOT / "docs" / "screenshots"
REFRESH_DOCS = os.environ.get("SKYJO_DOC_SHOTS") == "1"
"""Only `make screenshots` (SKYJO_DOC_SHOTS=1) rewrites the pictures in docs/."""
PHONE_CONTEXT: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-GB",
    # Playwright's wait_for_function evaluates strings, which the app's CSP forbids;
    # test_csp.py opens the pages without this, under the real policy.
    "bypass_csp": True,
}
"""A second phone's context (`browser.new_context(**PHONE_CONTEXT)`), as the `page`
fixture's (conftest.browser_context_args)."""


@contextmanager
def phones(browser: Browser, count: int) -> Iterator[list[Page]]:
    """`count` phones of their own (one context each, no shared cookie or storage), each
    with a page; closed at the end whatever happened."""
    contexts = [browser.new_context(**PHONE_CONTEXT) for _ in range(count)]
    try:
        yield [context.new_page() for context in contexts]
    finally:
        for context in contexts:
            context.close()


FAST_PACE = {
    "SKYJO_TABLE_STEP_SECONDS": "0.2",
    "SKYJO_SHOW_CARDS_SECONDS": "0.2",
    "SKYJO_STREAM_RETRY_SECONDS": "0.5",
}
"""The test servers' table pace: a computer step, the cards shown before the round's
scores and an event stream's reconnection delay, shortened so the tests wait less (a
test that looks at a passing moment holds the page's clock: `table_helpers.hold_clock`)."""
RECONNECT_MS = float(FAST_PACE["SKYJO_STREAM_RETRY_SECONDS"]) * 1000
"""How long a page of the test servers waits before its event stream reconnects."""


def shoot(page: Page, name: str, *, docs: bool = False) -> Path:
    """Save the visible screen as tests/screenshots/NAME.png (and, when the docs' pictures
    are being refreshed, a copy at CSS pixel size in docs/screenshots/)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    # Written whole, then renamed: the SQLite and PostgreSQL runs take the same pictures
    # at the same time (make test), and neither may leave half a file.
    partial = path.with_name(f".{name}.{os.getpid()}.png")
    partial.write_bytes(page.screenshot(animations="disabled", caret="hide"))
    partial.replace(path)
    if docs and REFRESH_DOCS:
        DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(
            path=DOCS_SCREENSHOTS / f"{name}.png", animations="disabled", caret="hide", scale="css"
        )
    return path


def start_game(
    page: Page, base_url: str, names: Sequence[str], *, target: int | None = None
) -> None:
    """From the home page: New game, type the names (and a target), start; lands on the sheet."""
    page.goto(base_url + "/")
    page.get_by_role("link", name=re.compile("New game")).click()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    for index, name in enumerate(names):
        box = page.get_by_label(f"Player {index + 1}", exact=True)
        if not box.count():
            page.get_by_role("button", name=re.compile("Another player")).click()
        box.fill(name)
    if target is not None:
        page.get_by_text(re.compile("^Rules:")).click()
        page.get_by_label("Game ends at").fill(str(target))
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name=re.compile(r"^Round 1\b"))).to_be_visible()


def seat(page: Page, name: str) -> Locator:
    """One player's block on the round form."""
    return page.locator("[data-seat]").filter(
        has=page.get_by_role("textbox", name=name, exact=True)
    )


def type_score(page: Page, name: str, score: int) -> None:
    """Type a score; a negative one is the minus toggle then the digits (no − on a keypad)."""
    block = seat(page, name)
    sign = block.get_by_role("checkbox")
    if (score < 0) != sign.is_checked():
        block.locator("label.sign").click()
    block.get_by_role("textbox", name=name, exact=True).fill(str(abs(score)))


def choose_closer(page: Page, name: str) -> None:
    """Tap the closer's chip (or Nobody)."""
    page.get_by_role("radio", name=name, exact=True).check()


def enter_round(
    page: Page, scores: dict[str, int], closer: str, *, preview: str | None = None
) -> None:
    """From the sheet: open the next round, type every score, pick the closer, save.

    `preview`, when given, is text the live preview must show before saving.
    """
    page.get_by_role("link", name=re.compile(r"Enter round \d+")).click()
    for name, score in scores.items():
        type_score(page, name, score)
    choose_closer(page, closer)
    if preview is not None:
        expect(page.locator("form[data-round-form]")).to_contain_text(preview)
    page.get_by_role("button", name=re.compile(r"^Save")).click()
    expect(page.locator("table.sheet, section.result").first).to_be_visible()


def expect_totals(page: Page, expected: Sequence[int]) -> None:
    """The sheet's totals row shows these numbers, in seat order (a true minus sign)."""
    expect(page.locator("tr.totals td")).to_have_text([str(n).replace("-", "−") for n in expected])


GUARD_PASSWORD = "open sesame"
"""The access password of the `guarded_server` fixture's app."""


def api(
    base_url: str,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    *,
    password: str | None = None,
) -> Any:
    """Call the app's JSON API from the test itself (not through the browser), with the
    access `password` if one is given (HTTP Basic authentication)."""
    headers = {"Content-Type": "application/json"}
    if password is not None:
        headers["Authorization"] = "Basic " + base64.b64encode(f"x:{password}".encode()).decode()
    request = urllib.request.Request(
        base_url + "/api" + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers=headers,
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def pad_game(
    base_url: str, names: Sequence[str], rounds: Sequence[tuple[Sequence[int], int | None]] = ()
) -> str:
    """A pad game made over the API, with these (scores, closer) rounds played; its id."""
    game = api(base_url, "POST", "/games", {"players": list(names)})
    for scores, closer in rounds:
        api(
            base_url,
            "POST",
            f"/games/{game['id']}/rounds",
            {"scores": list(scores), "closer": closer},
        )
    return str(game["id"])


def in_view(page: Page, locator: Locator) -> bool:
    """The element is wholly inside the visible screen."""
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    return (
        box["y"] >= 0
        and box["x"] >= 0
        and box["y"] + box["height"] <= size["height"] + 0.5
        and box["x"] + box["width"] <= size["width"] + 0.5
    )


class Taps:
    """A player's hand on the screen: taps and key presses, each one counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def tap(self, locator: Locator) -> None:
        """One tap with a finger."""
        locator.tap()
        self.count += 1

    def keys(self, text: str) -> None:
        """Typed on the phone's keypad, one press per character."""
        self.page.keyboard.type(text)
        self.count += len(text)

    def enter(self) -> None:
        """The keypad's Enter (Go / Next)."""
        self.page.keyboard.press("Enter")
        self.count += 1
