"""What a person does at the digital table, as short steps for the browser tests.

The person plays a plain, fixed way (`choose`), and the computer players' choices follow
from the deal number, so a seeded table always plays out the same.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

STATE = "window.skyjoTable.state"
SKIP_GONE_MS = 3000
"""How long a tap on "Skip ahead" waits for the button, which may have gone meanwhile."""
HOLD_AHEAD_S = 0.05
"""How far ahead of the page's time `hold_clock` stops it."""


def new_table(
    page: Page,
    base_url: str,
    seats: Sequence[tuple[str, str]],
    *,
    target: int = 30,
    seed: int | None = None,
) -> str:
    """Fill the new-table form (name, kind per seat) and deal; the table's URL."""
    page.goto(base_url + "/tables/new")
    expect(page.get_by_role("heading", name="Play at the table")).to_be_visible()
    for index, (name, kind) in enumerate(seats):
        box = page.get_by_label(f"Seat {index + 1} name", exact=True)
        if not box.count():
            page.get_by_role("button", name=re.compile("Another seat")).click()
        box.fill(name)
        page.get_by_label(f"Seat {index + 1} plays as", exact=True).select_option(kind)
    for extra in range(len(seats), page.locator(".seat-row").count()):
        page.get_by_label(f"Seat {extra + 1} name", exact=True).fill("")
        page.get_by_label(f"Seat {extra + 1} plays as", exact=True).select_option("person")
    page.get_by_text(re.compile("^Rules:")).click()
    page.get_by_label("Game ends at").fill(str(target))
    if seed is not None:
        page.get_by_label("Deal number").fill(str(seed))
    page.get_by_role("button", name="Deal the cards").click()
    expect(page.locator("[data-board]")).to_be_visible()
    return page.url


def first_turn_after_reveals(
    page: Page, base_url: str, seats: Sequence[tuple[str, str]], *, seed: int
) -> None:
    """A new table (`new_table`) whose first seat turns up its two opening cards (the top
    left ones), then waits for its first turn."""
    new_table(page, base_url, seats, seed=seed)
    page.wait_for_function("window.skyjoTable.state.view.phase === 'reveal'")
    for cell in ([0, 0], [0, 1]):
        tap_and_wait(page, my_cell(page, cell))
    page.wait_for_function(
        "window.skyjoTable.state.view.phase === 'turn' && window.skyjoTable.state.actor === 0",
        timeout=10000,
    )


def online_as_ann(page: Page, base_url: str, bot: str, *, seed: int, target: int = 30) -> None:
    """Make an online table of Ann and one computer player (`bot`) through the API, open
    Ann's link on `page` and turn up her two opening cards."""
    made = page.request.post(
        f"{base_url}/api/tables",
        data={"seats": [{"name": "Ann"}, {"bot": bot}], "rules": {"target": target}, "seed": seed},
    )
    assert made.ok, made.text()
    page.goto(made.json()["seats"][0]["link"])
    page.wait_for_function("window.skyjoTable.state.view.phase === 'reveal'")
    for cell in ([0, 0], [0, 1]):
        if state(page)["view"]["phase"] == "reveal":
            tap_and_wait(page, my_cell(page, cell))


def hold_clock(page: Page) -> None:
    """Stop the page's timers (a computer's step, the cards shown before the scores) until
    `page.clock.resume()`, so a passing moment can be looked at; `page.clock.install()`
    must have been called before the page was opened. The clock stops HOLD_AHEAD_S ahead
    of the page's time (the timers due by then fire): it goes on while this is asked."""
    for _ in range(5):
        now = float(page.evaluate("Date.now()")) / 1000
        try:
            page.clock.pause_at(datetime.fromtimestamp(now + HOLD_AHEAD_S, tz=UTC))
            return
        except PlaywrightError as error:  # the page's time passed that moment meanwhile
            if "to the past" not in str(error):
                raise
    raise AssertionError("the page's clock could not be held")


def state(page: Page) -> dict[str, Any]:
    """The play screen's data as the page holds it (a seat's view, never the position)."""
    data: dict[str, Any] = page.evaluate(STATE)
    return data


def wait_for_change(page: Page, version: int) -> None:
    """Until the page shows a table newer than `version`."""
    page.wait_for_function(f"{STATE}.version > {version}")


def tap_and_wait(page: Page, selector: str) -> None:
    """Tap something that makes a move, and wait for the table to change."""
    version = state(page)["version"]
    page.locator(selector).click()
    wait_for_change(page, version)


def my_cell(page: Page, cell: Sequence[int]) -> str:
    """The selector of one of the card buttons of the phone's own grid."""
    return f"[data-mine-grid] [data-cell='{cell[0]},{cell[1]}']"


def choose(s: dict[str, Any]) -> dict[str, Any]:
    """The fixed way's next move, from the screen's data (a seat's view and its moves).

    Turn up the first cards offered; take a discard of 3 or less, else draw; keep a card
    of 5 or less (over the highest face-up card above it, else the first face-down card),
    throw a higher one away and turn up the first face-down card.
    """
    moves = s["moves"]
    actions = {m["action"] for m in moves}
    if "reveal" in actions or "flip" in actions:
        return next(m for m in moves if m["action"] in ("reveal", "flip"))
    seen = s["view"]
    if "draw" in actions or "take_discard" in actions:
        if "take_discard" in actions and seen["discard"][0] <= 3:
            return {"action": "take_discard"}
        return {"action": "draw"}
    value = seen["held"]["value"]
    grid = seen["grids"][s["you"]]
    cells = [m["cell"] for m in moves if m["action"] == "swap"]
    up = [(int(grid[r][c][:-1]), [r, c]) for r, c in cells if grid[r][c] not in ("?", "__")]
    higher = sorted((u for u in up if u[0] > value), reverse=True)
    hidden = [cell for cell in cells if grid[cell[0]][cell[1]] == "?"]
    if value <= 5 or "discard" not in actions:
        return {"action": "swap", "cell": higher[0][1] if higher else (hidden or cells)[0]}
    return {"action": "discard"}


def skip_ahead(page: Page) -> bool:
    """Tap "Skip ahead" if it shows (a computer's turn): whether it was tapped. It may go
    between a look and the tap (the computer played its last step meanwhile): not tapped."""
    skip = page.locator("[data-skip]")
    if not skip.is_visible():
        return False
    try:
        skip.click(timeout=SKIP_GONE_MS)
    except PlaywrightTimeoutError:
        return False
    return True


def person_step(page: Page) -> None:
    """One step of the person whose turn it is, the fixed way, by tapping."""
    move = choose(state(page))
    if "cell" in move:
        tap_and_wait(page, my_cell(page, move["cell"]))
    elif move["action"] == "draw":
        tap_and_wait(page, "[data-draw]")
    else:
        tap_and_wait(page, "[data-discard]")


def play_until_summary(page: Page, *, hand_over: bool = False, limit: int = 400) -> None:
    """Play the person's steps (skipping the computer's) until a round's scores show."""
    summary = page.locator("[data-summary]")
    for _ in range(limit):
        if summary.is_visible():
            return
        s = state(page)
        if s["summary"] is not None:
            expect(summary).to_be_visible(timeout=5000)
            return
        if hand_over and page.locator("[data-handover]").is_visible():
            page.get_by_role("button", name=re.compile("^I am ")).click()
            continue
        actor = s["actor"]
        if actor is not None and s["bots"][actor]:
            if skip_ahead(page):
                wait_for_change(page, s["version"])
            continue
        person_step(page)
    raise AssertionError("the round did not end")
