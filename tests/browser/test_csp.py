"""Issue 12: every main page works under the app's strict Content Security Policy.

The other browser tests bypass the policy (Playwright's string predicates need eval);
these open the pages in a context that enforces it, and fail on any violation the
browser reports.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from table_helpers import new_table

REPORT = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
});
"""
"""Makes every violation a console error, wherever the browser would only count it."""


def _post(base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: dict[str, Any] = json.loads(answer.read())
        return data


@pytest.fixture
def strict_page(browser: Browser, browser_context_args: dict[str, Any]) -> Iterator[Page]:
    """A phone-size page that enforces the CSP, recording what it reports."""
    context = browser.new_context(**{**browser_context_args, "bypass_csp": False})
    page = context.new_page()
    page.add_init_script(REPORT)
    yield page
    context.close()


def _violations(page: Page) -> list[str]:
    found: list[str] = []

    def listen(message: Any) -> None:
        if "Content Security Policy" in message.text or "CSP violation" in message.text:
            found.append(f"{page.url}: {message.text}")

    page.on("console", listen)
    return found


def _visit(page: Page, urls: list[str]) -> None:
    for url in urls:
        answer = page.goto(url)
        assert answer is not None and answer.status == 200, url
        assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
        page.wait_for_load_state("networkidle")


def test_history_players_and_table_pages_keep_to_the_csp(
    strict_page: Page, live_server: str
) -> None:
    page = strict_page
    found = _violations(page)
    game = _post(live_server, "/api/games", {"players": ["Csp Ann", "Csp Bob"]})
    _post(live_server, f"/api/games/{game['id']}/rounds", {"scores": [5, 12], "closer": 0})
    table = new_table(page, live_server, [("Csp Ann", "person"), ("", "easy")])
    expect(page.locator("[data-board]")).to_be_visible()
    page.locator("[data-mine-grid] button").first.click()  # a tap the script answers
    page.goto(live_server + "/players")
    player = page.get_by_role("link", name="Csp Ann").first.get_attribute("href")
    _visit(
        page,
        [
            live_server + "/history",
            live_server + f"/history/{game['id']}",
            live_server + "/history/transfer",
            live_server + "/players",
            live_server + str(player),
            live_server + "/leaderboard",
            live_server + "/tables/new",
            table,
            table + "/replay",
            live_server + "/login",
        ],
    )
    page.goto(table + "/replay")
    page.keyboard.press("ArrowRight")
    assert found == []


def test_pad_pages_keep_to_the_csp(strict_page: Page, live_server: str) -> None:
    page = strict_page
    found = _violations(page)
    game = _post(live_server, "/api/games", {"players": ["Csp Cy", "Csp Dee"]})
    _post(live_server, f"/api/games/{game['id']}/rounds", {"scores": [5, 12], "closer": 0})
    _visit(
        page,
        [
            live_server + "/",
            live_server + "/games/new",
            live_server + f"/games/{game['id']}",
            live_server + f"/games/{game['id']}/rounds/new",
        ],
    )
    assert found == []
