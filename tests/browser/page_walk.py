"""The main pages of the app, made once per test run for the walks that visit them all
(languages, accessibility): pad games in play and finished, a player, the table's setup,
its play screen in each phase (opening, a turn, the hand-over, the round's scores), its
replay, and the rules.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from browser_helpers import pad_game
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect
from table_helpers import new_table, person_step, play_until_summary, state, wait_for_change

NAMES = ("Åsa", "Björn", "Zoé")
"""Players' names that are no English words (the language walk looks for English)."""
BOT = "Ödmjuk"
QUIET = 0.1
"""Seconds with no request in flight after which a page counts as settled."""
SETTLE_LIMIT = 30.0


@dataclass(frozen=True)
class Stop:
    """One main page (or one state of one), and how to get the page there."""

    name: str
    url: str
    then: Callable[[Page], None] | None = None


@dataclass(frozen=True)
class MainPages:
    """The stops, and the cookies of the phone that made the tables (it may play them)."""

    stops: list[Stop]
    storage: Any

    def context(self, browser: Browser, context_args: dict[str, Any]) -> BrowserContext:
        """A new browser context of the phone that started the tables."""
        return browser.new_context(**context_args, storage_state=self.storage)


def make_main_pages(browser: Browser, context_args: dict[str, Any], base: str) -> MainPages:
    """Make the games every main page needs (in English), then list the pages."""
    playing = pad_game(base, NAMES, [([5, 12, 3], 0), ([7, 2, 9], 1)])
    finished = pad_game(base, NAMES[:2], [([60, 20], 1), ([50, 10], 1)])
    context = browser.new_context(**context_args)
    page = context.new_page()
    page.goto(base + "/players")
    player = page.get_by_role("link", name=re.compile(NAMES[0])).first.get_attribute("href")
    opening = new_table(page, base, [(NAMES[0], "person"), (BOT, "easy")], seed=7)
    turn = new_table(page, base, [(NAMES[0], "person"), (BOT, "easy")], seed=8)
    for _ in range(40):  # the opening cards turned up, by the person and the computer
        now = state(page)
        if now["view"]["phase"] != "reveal":
            break
        if now["actor"] == now["you"] and now["moves"]:
            person_step(page)
        else:
            wait_for_change(page, now["version"])
    scored = new_table(page, base, [(NAMES[0], "person"), (BOT, "easy")], seed=9)
    play_until_summary(page)
    handover = new_table(page, base, [(NAMES[0], "person"), (NAMES[1], "person")], seed=10)
    online = invite_online(page, base)
    storage = context.storage_state()
    context.close()
    found = stops(base, playing, finished, str(player), opening, turn, scored, handover)
    return MainPages([*found, *online], storage)


def invite_online(page: Page, base: str) -> list[Stop]:
    """An online table (two people and a computer): its seat, host and spectator pages."""
    page.goto(base + "/tables/new")
    seats = [(NAMES[0], "person"), (NAMES[1], "person"), (BOT, "easy")]
    for index, (name, kind) in enumerate(seats):
        box = page.get_by_label(f"Seat {index + 1} name", exact=True)
        if not box.count():
            page.get_by_role("button", name=re.compile("Another seat")).click()
        box.fill(name)
        page.get_by_label(f"Seat {index + 1} plays as", exact=True).select_option(kind)
    page.get_by_role("button", name=re.compile("Play online")).click()
    expect(page.get_by_role("heading", name="Check the line-up")).to_be_visible()
    page.get_by_role("button", name="Confirm and send the invitations").click()
    expect(page.get_by_role("heading", name="The table is ready")).to_be_visible()
    seat = page.locator("[data-invite] [data-link]").first.get_attribute("href") or ""
    host = page.locator("[data-host-link]").get_attribute("href") or ""
    spectator = page.locator("a[href*='/t/']").nth(2).get_attribute("href") or ""
    return [
        Stop("online: a seat", seat, _board),
        Stop("online: the host", host),
        Stop("online: a spectator", spectator, _board),
    ]


def stops(
    base: str,
    playing: str,
    finished: str,
    player: str,
    opening: str,
    turn: str,
    scored: str,
    handover: str,
) -> list[Stop]:
    """Every main page, and every state of the play screen, in the order they are walked."""
    return [
        Stop("home", base + "/"),
        Stop("new game", base + "/games/new"),
        Stop("sheet", base + f"/games/{playing}"),
        Stop("round form", base + f"/games/{playing}/rounds/new"),
        Stop("counting", base + f"/games/{playing}/rounds/new", _open_counting),
        Stop("take back", base + f"/games/{playing}/rounds/2/delete"),
        Stop("finished sheet", base + f"/games/{finished}"),
        Stop("history", base + f"/history?player={player.rsplit('/', 1)[-1]}"),
        Stop("game", base + f"/history/{playing}"),
        Stop("delete a game", base + f"/history/{playing}/delete"),
        Stop("players", base + "/players"),
        Stop("player", base + player),
        Stop("leaderboard", base + "/leaderboard"),
        Stop("table setup", base + "/tables/new"),
        Stop("play: opening", opening, _board),
        Stop("play: a turn", turn, _board),
        Stop("play: hand-over", handover, _handover),
        Stop("play: round scores", scored, _summary),
        Stop("replay", scored + "/replay", _replayed),
        Stop("rules", base + "/rules"),
    ]


def visit(page: Page, stops: list[Stop]) -> Iterator[Stop]:
    """Open each stop in turn (bringing it to its state), let it settle and yield it."""
    requests = InFlight(page)
    for stop in stops:
        answer = page.goto(stop.url)
        assert answer is not None and answer.status == 200, (stop.url, answer and answer.status)
        if stop.then is not None:
            stop.then(page)
        requests.settle()
        yield stop


class InFlight:
    """The page's requests not yet answered, to know when it has settled: like
    Playwright's "networkidle" (which waits for 500 ms of quiet) but `QUIET` long, and
    blind to event streams (an online table's stays open)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.open: set[Request] = set()
        self.last = time.monotonic()
        page.on("request", self._started)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._ended)

    def _started(self, request: Request) -> None:
        if request.resource_type != "eventsource":
            self.open.add(request)
            self.last = time.monotonic()

    def _ended(self, request: Request) -> None:
        self.open.discard(request)
        self.last = time.monotonic()

    def settle(self) -> None:
        """Wait for the load event, then until no request has been in flight for `QUIET`
        and no animation or transition that ends is still running (a card on its way may
        stick out of the screen for a moment)."""
        self.page.wait_for_load_state("load")
        deadline = time.monotonic() + SETTLE_LIMIT
        while self.open or time.monotonic() - self.last < QUIET or self._moving():
            assert time.monotonic() < deadline, [r.url for r in self.open]
            self.page.wait_for_timeout(20)

    def _moving(self) -> bool:
        return bool(self.page.evaluate(MOVING))


MOVING = """() => document.getAnimations().some((a) =>
  a.playState === "running" && a.effect && a.effect.getComputedTiming().iterations !== Infinity)"""


def _open_counting(page: Page) -> None:
    page.locator("details.count summary").first.click()
    expect(page.locator(".keypad").first).to_be_visible()


def _board(page: Page) -> None:
    expect(page.locator("[data-board]")).to_be_visible()
    expect(page.locator("[data-mine-grid] [data-cell]").first).to_be_visible()


def _handover(page: Page) -> None:
    expect(page.locator("[data-handover]")).to_be_visible()


def _summary(page: Page) -> None:
    expect(page.locator("[data-summary]")).to_be_visible()


def _replayed(page: Page) -> None:
    expect(page.locator("[data-counter]")).not_to_be_empty()
