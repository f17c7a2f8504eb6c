"""A whole game played through the pages in a real browser, as a table of three would."""

from __future__ import annotations

import re

from browser_helpers import (
    choose_closer,
    enter_round,
    expect_totals,
    seat,
    shoot,
    start_game,
    type_score,
)
from playwright.sync_api import Page, expect

# Ann's cards for round 3, row by row: the first column is three 7s, so it is removed.
ANN_CARDS = ["7", "1", "2", "3", "7", "0", "-1", "4", "7", "5", "6", "-2"]
ANN_CARDS_SCORE = 18  # 1+2+3 + 0-1+4 + 5+6-2


def test_three_players_play_to_100(page: Page, live_server: str) -> None:
    """Create, enter rounds (negative, doubled closer, counted cards), correct, take back, win."""
    start_game(page, live_server, ["Ann", "Ben", "Cy"])
    expect(page.get_by_text("No rounds yet")).to_be_visible()

    # Round 1: Ben's −2 goes in with the minus toggle, as on a phone keypad with no minus key.
    page.get_by_role("link", name=re.compile("Enter round 1$")).click()
    type_score(page, "Ann", 5)
    type_score(page, "Ben", -2)
    type_score(page, "Cy", 12)
    choose_closer(page, "Ben")
    preview = page.locator("[data-preview]")  # the new totals, under the fields
    verdict = page.locator("[data-verdict]")  # the doubling and the end, beside Save
    expect(verdict).to_contain_text("Ben closed with −2")  # a true minus, as on the sheet
    expect(preview.locator("tr", has_text="Ben")).to_contain_text("−2")
    page.get_by_role("button", name="Save round 1").click()
    expect_totals(page, [5, -2, 12])
    expect(page.get_by_text("Ben starts round 2")).to_be_visible()

    # Round 2: Cy closes with 10 but Ann has less: the preview shows the doubling.
    page.get_by_role("link", name=re.compile("Enter round 2$")).click()
    for name, score in {"Ann": 8, "Ben": 10, "Cy": 10}.items():
        type_score(page, name, score)
    choose_closer(page, "Cy")
    expect(verdict).to_contain_text("Cy 10 → 20")
    expect(preview.locator("tr", has_text="Cy").locator(".total")).to_have_text("32")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    shoot(page, "round-preview")
    page.get_by_role("button", name="Save round 2").click()
    expect_totals(page, [13, 8, 32])
    doubled = page.locator("td.doubled")
    expect(doubled).to_have_count(1)
    expect(doubled).to_contain_text("20")

    # Round 3: Ann counts her cards; the column of three 7s does not count.
    page.get_by_role("link", name=re.compile("Enter round 3$")).click()
    ann = seat(page, "Ann")
    ann.locator("summary").click()
    grid = ann.get_by_role("group", name="Ann’s 12 cards")
    cells = grid.get_by_role("textbox")
    expect(cells).to_have_count(12)
    for index, value in enumerate(ANN_CARDS):
        cells.nth(index).click()
        ann.get_by_role("button", name=f"Card {value}", exact=True).click()
    expect(ann.get_by_role("textbox", name="Ann", exact=True)).to_have_value(str(ANN_CARDS_SCORE))
    expect(ann).to_contain_text(f"Count: {ANN_CARDS_SCORE}, 1 column removed")
    type_score(page, "Ben", 20)
    type_score(page, "Cy", 25)
    choose_closer(page, "Ann")
    expect(preview.locator("tr", has_text="Ann")).to_contain_text(str(ANN_CARDS_SCORE))
    expect(verdict).to_contain_text("Ann closed with the lowest score: not doubled.")
    page.evaluate("window.scrollTo(0, document.querySelector('h1').offsetTop - 8)")
    shoot(page, "cards-three")
    page.get_by_role("button", name="Save round 3").click()
    expect_totals(page, [31, 28, 57])

    # Correct round 1: Cy had 2, not 12.
    page.get_by_role("link", name="Correct round 1").click()
    expect(page.get_by_role("heading", name="Correct round 1")).to_be_visible()
    expect(page.get_by_role("textbox", name="Ben", exact=True)).to_have_value("2")
    expect(seat(page, "Ben").get_by_role("checkbox")).to_be_checked()
    type_score(page, "Cy", 2)
    page.get_by_role("button", name="Save the correction").click()
    expect_totals(page, [31, 28, 47])

    # A round typed in by mistake, then taken back.
    enter_round(page, {"Ann": 30, "Ben": 30, "Cy": 30}, "Nobody")
    expect_totals(page, [61, 58, 77])
    page.get_by_role("link", name="Take back round 4").click()
    expect(page.get_by_role("heading", name="Take back round 4?")).to_be_visible()
    page.get_by_role("button", name="Take back round 4").click()
    expect(page.get_by_text("Round 4 taken back.")).to_be_visible()
    expect_totals(page, [31, 28, 47])

    enter_round(page, {"Ann": 40, "Ben": 30, "Cy": 45}, "Ben")
    expect_totals(page, [71, 58, 92])
    expect(page.get_by_role("status").filter(has_text="Cy has 92")).to_be_visible()
    shoot(page, "sheet", docs=True)

    # Round 5 takes Cy past 100: the preview says the game ends, the sheet shows the winner.
    enter_round(
        page,
        {"Ann": 3, "Ben": 20, "Cy": 9},
        "Ann",
        preview="This round ends the game: Ann wins.",
    )
    expect(page.get_by_role("heading", name=re.compile("Ann wins with 74"))).to_be_visible()
    standings = page.locator(".standings li")
    expect(standings).to_have_text(
        [
            re.compile(r"1\.\s*Ann\s*74"),
            re.compile(r"2\.\s*Ben\s*78"),
            re.compile(r"3\.\s*Cy\s*101"),
        ]
    )
    expect_totals(page, [74, 78, 101])
    shoot(page, "game-over", docs=True)

    # The game is over: no round can be added; play again starts with the same players.
    expect(page.get_by_role("link", name=re.compile("Enter round"))).to_have_count(0)
    page.get_by_role("link", name=re.compile("Play again")).click()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    for index, name in enumerate(["Ann", "Ben", "Cy"]):
        expect(page.get_by_label(f"Player {index + 1}", exact=True)).to_have_value(name)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name=re.compile(r"^Round 1\b"))).to_be_visible()
    expect(page.locator(".seat-list li")).to_have_text(["Ann", "Ben", "Cy"])

    # The home page lists the finished game with its winner, and the new one in progress.
    page.get_by_role("link", name="Skyjo Pad").click()
    finished = page.locator("section", has=page.get_by_role("heading", name="Finished games"))
    expect(finished.get_by_role("link").filter(has_text="Ann, Ben, Cy").first).to_contain_text(
        "Ann · 5 rounds"
    )
    playing = page.locator("section", has=page.get_by_role("heading", name="Games in progress"))
    expect(playing.get_by_role("link").filter(has_text="Ann, Ben, Cy").first).to_contain_text(
        "Not started"
    )
    shoot(page, "home")


def test_tied_lowest_totals_share_the_win(page: Page, live_server: str) -> None:
    """Two players tied for the lowest total at the end both win."""
    start_game(page, live_server, ["Dee", "Eli", "Flo"], target=10)
    expect(page.get_by_role("heading", name=re.compile("to 10"))).to_be_visible()
    enter_round(page, {"Dee": 4, "Eli": 4, "Flo": 12}, "Nobody", preview="Dee and Eli win")
    expect(page.get_by_role("heading", name=re.compile("Dee and Eli win with 4"))).to_be_visible()
    expect(page.get_by_text("A shared victory")).to_be_visible()
    expect(page.locator(".standings li")).to_have_text(
        [re.compile(r"1\.\s*Dee\s*4"), re.compile(r"1\.\s*Eli\s*4"), re.compile(r"3\.\s*Flo\s*12")]
    )
    expect(page.locator("th.leader")).to_have_count(2)
