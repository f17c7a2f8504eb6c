"""Steps of the offline tests: a phone with the app installed, its network cut and back,
and what the phone and the server hold."""

from __future__ import annotations

import re
from collections.abc import Sequence

from browser_helpers import api, choose_closer, type_score
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, expect

CONFLICT_WATCH = """
new MutationObserver(() => {
  if (document.querySelector("[data-conflict], .sync .unsent")) console.error("CONFLICT SHOWN");
}).observe(document, { childList: true, subtree: true });
"""
"""Logs an error the moment a page shows a conflict or a refusal (the tests collect it)."""


def installed(page: Page, live_server: str, path: str = "/") -> None:
    """Open the app online and wait until its service worker controls the page."""
    page.goto(live_server + path)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def start_offline(page: Page, context: BrowserContext, live_server: str, names: list[str]) -> None:
    """The app opened once, then offline: a new game of `names` started from the home page."""
    installed(page, live_server)
    context.set_offline(True)
    page.get_by_role("link", name=re.compile("New game")).first.tap()
    for index, name in enumerate(names):
        page.get_by_label(f"Player {index + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").tap()


def watch_for_conflicts(context: BrowserContext, page: Page) -> list[str]:
    """Every conflict or refusal any page of the context shows, as it happens."""
    shown: list[str] = []
    context.add_init_script(CONFLICT_WATCH)

    def heard(message: ConsoleMessage) -> None:
        if "CONFLICT SHOWN" in message.text:
            shown.append(page.url)

    page.on("console", heard)
    return shown


def enter_round_here(
    page: Page, names: Sequence[str], scores: Sequence[int], closer: str | None
) -> None:
    """On the sheet: Enter round N, type the scores, choose the closer, save; back on it."""
    page.get_by_role("link", name=re.compile(r"Enter round \d+")).tap()
    save_round(page, names, scores, closer)


def save_round(page: Page, names: Sequence[str], scores: Sequence[int], closer: str | None) -> None:
    """On a round's form: type the scores, choose the closer, save; back on the sheet."""
    expect(
        page.get_by_role("heading", name=re.compile(r"^(Correct )?[Rr]ound \d+"))
    ).to_be_visible()
    for name, score in zip(names, scores, strict=True):
        type_score(page, name, score)
    choose_closer(page, closer or "Nobody")
    page.get_by_role("button", name=re.compile("^Save")).tap()
    expect(page.locator("table.sheet").first).to_be_visible()


def server_rounds(live_server: str, game_id: str) -> list[tuple[list[int], int | None]]:
    """The game's rounds as the server holds them: (raw scores, closer)."""
    return [(r["raw"], r["closer"]) for r in api(live_server, "GET", f"/games/{game_id}")["rounds"]]


def another_phone_corrects(
    live_server: str, game: str, number: int, scores: list[int], closer: int | None
) -> None:
    """Another phone, online, corrects round `number` of the sheet as it is now."""
    version = api(live_server, "GET", f"/games/{game}")["version"]
    body = {"scores": scores, "closer": closer, "version": version}
    api(live_server, "PUT", f"/games/{game}/rounds/{number}", body)


def server_id(page: Page) -> str:
    """The server's id of the game whose sheet the page shows (once it has one)."""
    expect(page).to_have_url(re.compile(r"/games/[a-z0-9]{10}$"))
    found = re.search(r"/games/([a-z0-9]{10})$", page.url)
    assert found is not None
    return found.group(1)
