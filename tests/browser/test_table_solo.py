"""One person against two computer players, from the first card turned up to the winner."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta

from browser_helpers import shoot
from playwright.sync_api import Page, expect
from table_helpers import (
    hold_clock,
    my_cell,
    new_table,
    person_step,
    play_until_summary,
    skip_ahead,
    state,
    tap_and_wait,
)

SEED = 3  # the bots' choices follow from it: the same table every run


def test_one_person_against_two_bots(page: Page, live_server: str) -> None:
    """Opening, illegal taps refused, computer turns, round scores, next round, game over."""
    page.clock.install()  # the computer's steps wait while the test looks (hold_clock)
    page.clock.pause_at(datetime.now(tz=UTC) + timedelta(seconds=1))
    new_table(page, live_server, [("", "easy"), ("", "medium"), ("Ann", "person")], seed=SEED)
    info = page.locator("[data-info]")
    why = page.locator("[data-why]")

    # The computer players turn up their cards by themselves, one step at a time.
    expect(info).to_contain_text("Easy bot turns up cards")
    expect(page.locator("[data-skip]")).to_be_visible()
    page.locator("[data-draw]").click(force=True)  # a tap while the computer plays
    expect(why).to_have_text("Wait: the computer plays Easy bot’s turn.")
    page.clock.resume()
    expect(info).to_contain_text("Ann: turn up 2 cards", timeout=8000)
    shoot(page, "table-opening")

    # Illegal taps: the engine says why, and the table does not change.
    before = state(page)
    page.locator("[data-draw]").click(force=True)
    expect(why).to_contain_text("Everyone must first turn up 2 cards")
    page.locator("[data-other-grid] [data-cell='0,0']").click(force=True)
    expect(why).to_contain_text("Those are")
    assert state(page)["version"] == before["version"]
    assert state(page)["view"] == before["view"]

    # Ann's two cards end the opening: the line names who starts, and why.
    person_step(page)
    hold_clock(page)
    person_step(page)
    expect(page.locator("[data-then]")).to_contain_text(re.compile(r"starts: .+"))
    page.clock.resume()

    # On Ann's first turn (the computer's turns skipped): draw; an impossible tap is refused.
    skip_ahead(page)
    page.wait_for_function(
        "window.skyjoTable.state.actor === 2 && window.skyjoTable.state.view.phase === 'turn'"
    )
    tap_and_wait(page, "[data-draw]")
    held = state(page)["view"]["held"]
    assert held["from"] == "draw" and isinstance(held["value"], int)
    expect(info).to_contain_text(f"Ann: place the {held['value']}".replace("-", "−"))
    shoot(page, "table-drawn", docs=True)
    before = state(page)
    page.locator("[data-draw]").click(force=True)
    expect(why).to_contain_text("You already hold a card")
    assert state(page)["version"] == before["version"]

    # The hint shows what the hard computer player would do, on the table itself.
    page.get_by_role("button", name="Hint").click()
    expect(why).to_contain_text("Hint:")
    expect(page.locator(".hinted")).to_have_count(1)

    # Play on, round after round, until someone reaches the target.
    panel = page.locator("[data-summary]")
    rounds = 0
    while True:
        play_until_summary(page)
        rounds += 1
        expect(panel).to_contain_text(re.compile(r"Round \d+ is over|Game over"))
        if "Game over" in panel.inner_text():
            break
        shoot(page, "table-round-over")
        if rounds == 1:  # the cards looked at: the scores beside them are the panel's
            scores = [row.inner_text().split("\t")[1:] for row in panel.locator("tbody tr").all()]
            panel.get_by_role("button", name="Look at the cards").click()
            expect(panel).to_be_hidden()
            rows = page.locator("[data-scores-body] tr")
            for row, (_cards, score, total) in zip(rows.all(), scores, strict=True):
                expect(row.locator("td").nth(1)).to_have_text(total)
                expect(row.locator("td").nth(2)).to_have_text(score.split(" ")[0])
            back = page.get_by_role("button", name="Show the scores again")
            expect(back).to_be_focused()  # the way back, for a keyboard; not in the alert line
            expect(page.locator("[data-why] button")).to_have_count(0)
            first = page.locator("[data-scores-body] button.who").first
            first.focus()
            first.press("Enter")  # its cards shown: the focus stays, and it says so
            expect(page.locator("[data-scores-body] button.who").first).to_be_focused()
            expect(page.locator("[data-scores-body] button.who").first).to_have_attribute(
                "aria-pressed", "true"
            )
            back.click()
        panel.get_by_role("button", name=re.compile(r"^Deal round \d+")).click()
        expect(panel).to_be_hidden()
    expect(panel.get_by_role("img", name="Winner:")).to_be_visible()
    shoot(page, "table-game-over", docs=True)
    final = state(page)
    assert final["status"] == "finished"
    totals = final["view"]["totals"]
    assert max(totals) >= 30

    # The record downloads as skyjo-record/1, its moves replay to the same totals.
    with page.expect_download() as download:
        panel.get_by_role("link", name="Download the game record").click()
    record = json.loads(download.value.path().read_text())
    assert record["format"] == "skyjo-record/1"
    assert download.value.suggested_filename.startswith("skyjo-")

    # "New game, same seats" keeps the seats and leaves the deal to chance.
    fresh = panel.get_by_role("link", name="New game, same seats")
    expect(fresh).to_be_visible()
    expect(panel.get_by_role("link", name="Play this deal again")).to_be_visible()
    setup = page.context.new_page()
    setup.goto(str(fresh.get_attribute("href")))
    expect(setup.get_by_label("Deal number")).to_have_value("")
    expect(setup.get_by_label("Seat 3 name", exact=True)).to_have_value("Ann")
    setup.close()

    # The replay viewer steps through it move by move.
    page.goto(page.url.split("?")[0] + "/replay")
    expect(page.locator("[data-counter]")).to_contain_text(f"Move 0 of {len(record['moves'])}")
    page.get_by_role("button", name="Next move").click()
    expect(page.locator("[data-counter]")).to_contain_text("Move 1 of")
    page.get_by_role("button", name="Last move").focus()
    page.keyboard.press("Enter")  # by keyboard: the button goes disabled, the focus stays
    expect(page.locator("[data-text]")).to_contain_text("over")
    expect(page.get_by_role("button", name="Previous move")).to_be_focused()
    lowest = min(totals)
    winners = [final["view"]["players"][seat] for seat, t in enumerate(totals) if t == lowest]
    said = f"{winners[0]} wins" if len(winners) == 1 else "share the win"
    expect(page.locator("[data-summary] .replay-winner")).to_contain_text("Game over: ")
    expect(page.locator("[data-summary] .replay-winner")).to_contain_text(said)
    shoot(page, "table-replay")
    page.keyboard.press("Home")  # the focus on a button, not the slider: first and last
    expect(page.locator("[data-counter]")).to_contain_text("Move 0 of")
    page.keyboard.press("End")
    steps = len(record["moves"])
    expect(page.locator("[data-counter]")).to_contain_text(f"Move {steps} of {steps}")

    # The game is in the same history as pad games: finished, with its winner.
    page.goto(live_server + "/")
    finished = page.locator("section", has=page.get_by_role("heading", name="Finished games"))
    expect(finished.get_by_role("link").filter(has_text="Ann").first).to_be_visible()


def test_cell_selector_names_the_grid(page: Page) -> None:
    """The helper aims at the phone's own grid (a guard for the tests above)."""
    assert my_cell(page, (1, 2)) == "[data-mine-grid] [data-cell='1,2']"


def test_back_from_a_table_dealt_after_the_form_changed_shows_the_form(
    page: Page, live_server: str
) -> None:
    """ "Another seat" sends the form and the server draws it again; Back from the table
    dealt after it lands on the form, not on a page asking to send the form again."""
    page.goto(f"{live_server}/tables/new")
    page.get_by_role("button", name=re.compile("Another seat")).click()
    expect(page.get_by_label("Seat 4 name", exact=True)).to_be_visible()
    page.get_by_label("Seat 1 name", exact=True).fill("Ann")
    page.get_by_role("button", name="Deal the cards").click()
    expect(page.locator("[data-board]")).to_be_visible()
    page.go_back()
    expect(page.get_by_role("heading", name="Play at the table")).to_be_visible()
    page.reload()  # nor does a reload ask to send it again
    expect(page.get_by_role("heading", name="Play at the table")).to_be_visible()
