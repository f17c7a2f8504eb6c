"""Entering a round at a real table: one hand, a number pad, no surprises at Save."""

from __future__ import annotations

import re

import pytest
from browser_helpers import (
    Taps,
    api,
    choose_closer,
    expect_totals,
    in_view,
    pad_game,
    seat,
    shoot,
)
from playwright.sync_api import Page, expect

FOUR = ["Ann", "Ben", "Cy", "Dee"]


def test_a_four_player_round_by_touch_shows_what_save_will_do(page: Page, live_server: str) -> None:
    """The closer's ×2 and the end of the game sit beside Save at the moment it is tapped;
    Ben's −2 goes in by touch (the minus, then the digit); the round takes the fewest taps."""
    game = pad_game(live_server, FOUR, [([20, 30, 80, 10], 3)])  # Cy on 80
    page.goto(f"{live_server}/games/{game}/rounds/new")
    hand = Taps(page)

    hand.tap(page.get_by_role("radio", name="Dee", exact=True))  # the closer chip
    hand.tap(page.get_by_role("textbox", name="Ann", exact=True))
    hand.keys("5")
    hand.enter()
    expect(page.get_by_role("textbox", name="Ben", exact=True)).to_be_focused()
    hand.tap(seat(page, "Ben").get_by_role("checkbox"))  # "−": the typing stays in Ben's field
    hand.keys("2")
    hand.enter()
    hand.keys("25")
    hand.enter()
    hand.keys("12")

    ben = page.get_by_role("textbox", name="Ben", exact=True)
    expect(ben).to_have_value("2")
    expect(seat(page, "Ben").get_by_role("checkbox")).to_be_checked()
    verdict = page.locator("[data-verdict]")
    expect(verdict).to_contain_text("Dee 12 → 24")
    expect(verdict).to_contain_text("This round ends the game: Ann wins.")
    save = page.get_by_role("button", name="Save round 2 — ends the game")
    expect(save).to_be_visible()
    # At the moment of Save, what it will do is on the screen, above the thumb.
    for part in (verdict.locator("[data-doubling]"), verdict.locator(".ends"), save):
        assert in_view(page, part)
    shoot(page, "round", docs=True)
    hand.tap(save)

    expect(page.get_by_role("heading", name=re.compile("Ann wins"))).to_be_visible()
    expect_totals(page, [25, 28, 105, 34])
    assert api(live_server, "GET", f"/games/{game}")["rounds"][1]["raw"] == [5, -2, 25, 12]
    # 1 (closer) + for each player 1 (tap or Enter) + its keys (the minus is one) + 1 (Save)
    bound = 1 + sum(1 + len(str(score)) for score in (5, -2, 25, 12)) + 1
    print(f"taps and key presses for a 4-player round: {hand.count} (bound {bound})")
    assert hand.count <= bound


def test_the_minus_and_the_digits_in_any_order(page: Page, live_server: str) -> None:
    """Minus first, minus after the digits, or a typed "-": the score is negative, no digit
    is lost, and the preview shows it at once."""
    game = pad_game(live_server, ["Ann", "Ben", "Cy"])
    page.goto(f"{live_server}/games/{game}/rounds/new")
    choose_closer(page, "Nobody")
    ann, ben, cy = (page.get_by_role("textbox", name=n, exact=True) for n in ("Ann", "Ben", "Cy"))
    ann.tap()
    seat(page, "Ann").get_by_role("checkbox").tap()
    page.keyboard.type("13")
    ben.tap()
    page.keyboard.type("4")
    seat(page, "Ben").get_by_role("checkbox").tap()
    page.keyboard.type("1")  # the typing stayed in Ben's field: 41
    cy.tap()
    page.keyboard.type("7-")
    for field, digits in ((ann, "13"), (ben, "41"), (cy, "7")):
        expect(field).to_have_value(digits)
    for name in ("Ann", "Ben", "Cy"):
        expect(seat(page, name).get_by_role("checkbox")).to_be_checked()
    rows = page.locator("[data-preview] tbody tr")
    expect(rows).to_have_text(
        [re.compile(r"Ann\s*−13"), re.compile(r"Ben\s*−41"), re.compile(r"Cy\s*−7")]
    )


def test_a_correction_to_a_negative_score_replaces_the_number(page: Page, live_server: str) -> None:
    """Correcting Ben's 15 to −3: "−", then 3 (the 15 is replaced, never −153); Cy's 25 to
    −3 with a tap into the field between the two: the same."""
    game = pad_game(live_server, ["Ann", "Ben", "Cy"], [([4, 15, 25], 0)])
    page.goto(f"{live_server}/games/{game}/rounds/1/edit")
    ben, cy = (page.get_by_role("textbox", name=n, exact=True) for n in ("Ben", "Cy"))
    seat(page, "Ben").get_by_role("checkbox").tap()
    page.keyboard.type("3")
    seat(page, "Cy").get_by_role("checkbox").tap()
    cy.tap()
    page.keyboard.type("3")
    for field, name in ((ben, "Ben"), (cy, "Cy")):
        expect(field).to_have_value("3")
        expect(seat(page, name).get_by_role("checkbox")).to_be_checked()
    page.keyboard.type("1")  # typed here: the digits go on (−31)
    expect(cy).to_have_value("31")


def test_enter_moves_on_and_never_saves_half_a_round(page: Page, live_server: str) -> None:
    """Enter goes from one score to the next; on the last it shows the preview; with a
    score missing nothing is saved and nobody gets a red message."""
    game = pad_game(live_server, ["Ann", "Ben", "Cy"])
    page.goto(f"{live_server}/games/{game}/rounds/new")
    choose_closer(page, "Ben")
    page.get_by_role("textbox", name="Ann", exact=True).tap()
    page.keyboard.type("9")
    page.keyboard.press("Enter")
    expect(page.get_by_role("textbox", name="Ben", exact=True)).to_be_focused()
    page.keyboard.press("Enter")  # Ben left blank
    expect(page.get_by_role("textbox", name="Cy", exact=True)).to_be_focused()
    page.keyboard.type("4")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_count(0)
    assert api(live_server, "GET", f"/games/{game}")["rounds"] == []

    page.get_by_role("textbox", name="Ben", exact=True).tap()
    page.keyboard.type("3")
    page.get_by_role("textbox", name="Cy", exact=True).tap()
    page.keyboard.press("Enter")  # the last field: the preview, still nothing saved
    preview = page.locator("[data-preview]")
    expect(preview.locator("tbody tr")).to_have_count(3)
    expect(page.locator("[data-verdict]")).to_contain_text("Ben closed with the lowest score")
    assert in_view(page, preview.locator("tbody tr").last)
    assert api(live_server, "GET", f"/games/{game}")["rounds"] == []


CLEAR_OF_THE_DOCK = """() => {
  const dock = [...document.querySelectorAll(".dock")].find((d) => d.getClientRects().length);
  return document.activeElement.getBoundingClientRect().bottom <= dock.getBoundingClientRect().top;
}"""
"""Whether what has the focus shows whole above the bar fixed at the foot of the page."""


def test_the_focus_never_goes_under_the_bar_at_the_foot(page: Page, live_server: str) -> None:
    """Eight players, Enter from score to score: each score taking the focus is scrolled
    clear of the save bar; on the sheet, Tab to its last links (the languages) too."""
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    game = pad_game(live_server, names, [([1, 2, 3, 4, 5, 6, 7, 8], 0)])
    page.goto(f"{live_server}/games/{game}/rounds/new")
    choose_closer(page, "Ann")
    page.get_by_role("textbox", name="Ann", exact=True).tap()
    for name in names[1:]:
        page.keyboard.type("5")
        page.keyboard.press("Enter")
        expect(page.get_by_role("textbox", name=name, exact=True)).to_be_focused()
        assert page.evaluate(CLEAR_OF_THE_DOCK), f"{name}'s score is under the save bar"
    page.goto(f"{live_server}/games/{game}")
    page.get_by_role("link", name="Français").focus()
    assert page.evaluate(CLEAR_OF_THE_DOCK), "the last link is under the Enter round bar"


@pytest.mark.parametrize("where", ["online", "offline"])
def test_enter_on_the_closers_choice_or_a_minus_never_sends_the_form(
    page: Page, live_server: str, where: str
) -> None:
    """By keyboard: Enter on a closer's choice picks it and moves to the first score; Enter
    on a player's "−" sets the sign as Space does; the form is never sent (which drew it
    again with the focus on the first score, or kept half a round offline)."""
    game = pad_game(live_server, ["Ann", "Ben"])
    page.goto(f"{live_server}/games/{game}/rounds/new")
    if where == "offline":  # the form the phone draws itself
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        page.context.set_offline(True)
        page.reload()
        expect(page.locator("[data-shell-round]")).to_be_visible()
    ben = page.get_by_role("radio", name="Ben", exact=True)
    ben.focus()
    page.keyboard.press("Enter")
    expect(ben).to_be_checked()
    expect(page.get_by_role("textbox", name="Ann", exact=True)).to_be_focused()
    page.get_by_role("textbox", name="Ben", exact=True).fill("8")
    minus = page.get_by_role("checkbox", name=re.compile("Ben"))
    minus.focus()
    page.keyboard.press("Enter")
    expect(minus).to_be_checked()
    expect(page.get_by_role("textbox", name="Ben", exact=True)).to_be_focused()
    expect(page.get_by_role("textbox", name="Ben", exact=True)).to_have_value("8")
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    assert api(live_server, "GET", f"/games/{game}")["rounds"] == []


def test_counting_cards_opens_in_full_view(page: Page, live_server: str) -> None:
    """The last player's "Count my cards" brings the 12 cards, their total and the keypad
    into view above the save bar."""
    game = pad_game(live_server, FOUR)
    page.goto(f"{live_server}/games/{game}/rounds/new")
    dee = seat(page, "Dee")
    dee.locator("summary").tap()
    cards = dee.get_by_role("group", name="Dee’s 12 cards").get_by_role("textbox")
    for value in ["5", "5", "1", "2", "5", "-1", "0", "3", "5", "4", "-2", "1"]:
        dee.get_by_role("button", name=f"Card {value}", exact=True).tap()
    expect(dee.locator(".grid-sum")).to_have_text("Count: 13, 1 column removed")
    dock_top = page.locator("[data-dock]").bounding_box()
    assert dock_top is not None
    for part in (cards.first, cards.last, dee.locator(".grid-sum"), dee.locator(".keypad")):
        box = part.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= dock_top["y"]
    expect(page.get_by_role("textbox", name="Dee", exact=True)).to_have_value("13")
    shoot(page, "cards", docs=True)


def test_what_was_typed_survives_a_reload(page: Page, live_server: str) -> None:
    """A reload (or a phone that slept) mid-round keeps the scores, signs, cards and closer."""
    game = pad_game(live_server, FOUR, [([5, 6, 7, 8], 0)])
    page.goto(f"{live_server}/games/{game}/rounds/new")
    choose_closer(page, "Cy")
    page.get_by_role("textbox", name="Ann", exact=True).tap()
    page.keyboard.type("14")
    seat(page, "Ben").get_by_role("checkbox").tap()
    page.keyboard.type("3")
    ben_cards = seat(page, "Cy")
    ben_cards.locator("summary").tap()
    ben_cards.get_by_role("button", name="Card 7", exact=True).tap()
    page.wait_for_timeout(300)
    page.reload()
    expect(page.get_by_role("textbox", name="Ann", exact=True)).to_have_value("14")
    expect(page.get_by_role("textbox", name="Ben", exact=True)).to_have_value("3")
    expect(seat(page, "Ben").get_by_role("checkbox")).to_be_checked()
    expect(page.get_by_role("radio", name="Cy", exact=True)).to_be_checked()
    expect(seat(page, "Cy").get_by_role("textbox").nth(1)).to_have_value("7")
    # Saved at last: the kept draft is forgotten, the next round starts blank.
    page.get_by_role("textbox", name="Cy", exact=True)
    seat(page, "Cy").get_by_role("button", name="Clear all cards").tap()
    for name, score in (("Cy", "2"), ("Dee", "9")):
        page.get_by_role("textbox", name=name, exact=True).fill(score)
    page.get_by_role("button", name=re.compile("^Save round 2")).tap()
    expect_totals(page, [19, 3, 11, 17])  # Cy closed on 2 but Ben had −3: ×2
    page.get_by_role("link", name=re.compile("Enter round 3")).tap()
    expect(page.get_by_role("textbox", name="Ann", exact=True)).to_have_value("")


@pytest.mark.parametrize("saved", [1, 2])
def test_a_round_typed_here_outlives_other_phones_rounds_of_its_number(
    page: Page, live_server: str, saved: int
) -> None:
    """Round 2 typed, not saved; other phones save round 2 (and 3): the sheet and the next
    round's form (or a reload) show what was typed, as that next round, saying why; saved,
    it is that round, and the form after it starts blank."""
    game = pad_game(live_server, FOUR, [([5, 6, 7, 8], 0)])
    page.goto(f"{live_server}/games/{game}/rounds/new")
    choose_closer(page, "Ben")
    for name, score in (("Ann", "7"), ("Ben", "4"), ("Cy", "12"), ("Dee", "3")):
        page.get_by_role("textbox", name=name, exact=True).fill(score)
    page.wait_for_timeout(300)
    for _ in range(saved):
        api(live_server, "POST", f"/games/{game}/rounds", {"scores": [1, 1, 1, 1], "closer": None})
    page.goto(f"{live_server}/games/{game}")  # the sheet, with the other phones' rounds
    now = 2 + saved
    page.get_by_role("link", name=re.compile(f"Enter round {now}")).tap()
    expect(page.locator("form .flash-error")).to_have_text(
        "Another phone saved round 2 meanwhile (the sheet shows it). What you typed for it is "
        f"here, now as round {now}: save it only if it is another round."
    )
    expect(page.get_by_role("textbox", name="Cy", exact=True)).to_have_value("12")
    expect(page.get_by_role("radio", name="Ben", exact=True)).to_be_checked()
    page.reload()  # still here, once: the note said it already
    expect(page.get_by_role("textbox", name="Ann", exact=True)).to_have_value("7")
    page.get_by_role("button", name=re.compile(f"^Save round {now}")).tap()
    expect_totals(page, [12 + saved, 14 + saved, 19 + saved, 11 + saved])  # Ben ×2: 4 > 3
    page.get_by_role("link", name=re.compile(f"Enter round {now + 1}")).tap()
    expect(page.get_by_role("textbox", name="Ann", exact=True)).to_have_value("")


def test_twelve_players(page: Page, live_server: str) -> None:
    """Every total at once at 390 and 320 px; a compact round form; Save in view."""
    names = ["Ann", "Ben", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kai", "Lou"]
    first = [5, 12, 30, 8, -2, 14, 22, 9, 17, 3, 26, 11]
    game = pad_game(live_server, names, [(first, 9), (first, 4)])
    for width in (390, 320):
        page.set_viewport_size({"width": width, "height": 844 if width == 390 else 640})
        page.goto(f"{live_server}/games/{game}")
        strip = page.get_by_role("list", name="Totals").get_by_role("listitem")
        expect(strip).to_have_count(12)
        for index in range(12):
            assert in_view(page, strip.nth(index)), f"{names[index]}'s total is off screen"
        shoot(page, f"sheet-12-{width}", docs=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_role("link", name="Enter round 3").tap()
    assert page.locator("[data-seat]").first.bounding_box()["height"] < 64  # type: ignore[index]
    choose_closer(page, "Lou")
    page.get_by_role("textbox", name="Ann", exact=True).tap()
    for index, score in enumerate([4, 8, 1, 0, 6, 10, 2, 3, 7, 5, 9, 1]):
        page.keyboard.type(str(score))
        if index < 11:
            page.keyboard.press("Enter")
    expect(page.get_by_role("textbox", name="Lou", exact=True)).to_be_focused()
    verdict = page.locator("[data-verdict]")
    expect(verdict).to_contain_text("Lou 1 → 2: closed but not the lowest alone")
    save = page.get_by_role("button", name="Save round 3")
    assert in_view(page, verdict.locator("[data-doubling]")) and in_view(page, save)
    shoot(page, "round-12", docs=True)
    save.tap()
    expect(page.locator("[data-strip-total='11']")).to_contain_text("24")  # 11 + 11 + 1×2


def test_a_form_open_while_another_phone_saves_its_round_says_so(
    page: Page, live_server: str
) -> None:
    """Round 2's form is open while another phone saves round 2: the next preview names
    round 3 on the heading and on Save alike, and says why."""
    game = pad_game(live_server, ["Ann", "Ben"], [([5, 6], 0)])
    page.goto(f"{live_server}/games/{game}/rounds/new")
    expect(page.get_by_role("heading", name="Round 2")).to_be_visible()
    api(live_server, "POST", f"/games/{game}/rounds", {"scores": [1, 1], "closer": None})
    choose_closer(page, "Ben")
    page.get_by_role("textbox", name="Ann", exact=True).fill("7")
    page.get_by_role("textbox", name="Ben", exact=True).fill("4")
    expect(page.get_by_role("button", name=re.compile("^Save round 3"))).to_be_visible()
    expect(page.get_by_role("heading", name="Round 3")).to_be_visible()
    expect(page.locator("form .flash-error")).to_contain_text("Another phone saved round 2")
