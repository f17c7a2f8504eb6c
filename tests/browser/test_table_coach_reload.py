"""The coach's word survives a reload (390 px): it stays until that player's next turn
(docs/table.md, "The coach"), so a reloaded page asks for it again: mid-turn, the moves
the screen names; on the computer's turns after hers, the moves the tab saw her make."""

from __future__ import annotations

import re

from playwright.sync_api import Page, Request, Route, expect
from table_helpers import first_turn_after_reveals, my_cell, state, tap_and_wait

SEED = 84
"""Fay starts with a −1 and a 12 face up at the top left and draws an 11: putting it on
the −1 is clearly worse than the expert's move (test_table_coach.py's deal)."""
BETTER = r"The expert would have .+ points better on average\)\."
WORD = re.compile(rf"^(Good move\.|{BETTER})$")
"""The coach's word on a move it weighs."""


def _fay_coached(page: Page, live_server: str) -> None:
    """Fay against an easy computer player, her two opening cards turned up, the coach
    on, her turn."""
    first_turn_after_reveals(page, live_server, [("Fay", "person"), ("", "easy")], seed=SEED)
    page.get_by_label("Coach me").check()


def _word(page: Page, word: re.Pattern[str] = WORD) -> str:
    """The coach's word on Fay's move, once it has come."""
    advice = page.locator("[data-coach-advice]")
    expect(advice).to_have_text(word, timeout=30000)
    return advice.inner_text()


def test_a_reload_with_the_card_in_hand_brings_the_word_back(page: Page, live_server: str) -> None:
    _fay_coached(page, live_server)
    tap_and_wait(page, "[data-draw]")
    said = _word(page)
    page.reload()
    assert state(page)["view"]["held"] is not None  # the same turn, the card in hand
    expect(page.locator("[data-coach-advice]")).to_have_text(said, timeout=30000)
    expect(page.locator("[data-coach]")).to_be_visible()


def test_a_reload_on_the_computers_turn_brings_the_word_back(page: Page, live_server: str) -> None:
    """The computer's first step is played, then its steps wait (refused as if offline)
    while the page is reloaded; reloaded on Fay's next turn, the word is over."""
    _fay_coached(page, live_server)
    advance = page.locator("[data-table]").get_attribute("data-advance-url")
    assert advance
    steps: list[int] = []

    def one_step_only(route: Route) -> None:
        steps.append(1)
        if len(steps) == 1:
            route.continue_()
        else:
            route.abort()

    page.route(re.compile(re.escape(advance) + "$"), one_step_only)
    tap_and_wait(page, "[data-draw]")
    assert state(page)["view"]["held"]["value"] == 11
    played = state(page)["step"] + 1  # her last move, before the computer's
    tap_and_wait(page, my_cell(page, [0, 0]))  # the 11 on her −1
    said = _word(page, re.compile(f"^{BETTER}$"))  # the draw's word gives way to this one
    page.wait_for_function(f"window.skyjoTable.state.step > {played}")  # the computer's step
    page.reload()
    s = state(page)
    assert s["actor"] == 1 and s["you"] == 0 and s["step"] > played
    expect(page.locator("[data-coach-advice]")).to_have_text(said, timeout=30000)

    # The computer plays on: reloaded on Fay's next turn, the page asks for no word.
    page.unroute(re.compile(re.escape(advance) + "$"))
    page.wait_for_function("window.skyjoTable.state.actor === 0", timeout=10000)
    asked: list[str] = []

    def coach_asked(request: Request) -> None:
        if "/coach?" in request.url:
            asked.append(request.url)

    page.on("request", coach_asked)
    page.reload()
    page.wait_for_load_state("networkidle")
    expect(page.locator("[data-coach]")).to_be_hidden()
    assert not asked
