"""The pad's pages drawn on the phone with no network: a whole 4-player game to 100 (and
the time it takes to reach the server on return), counting cards, and axe on every page."""

from __future__ import annotations

import re
import time

from browser_helpers import api, choose_closer, pad_game, seat, shoot, type_score
from offline_helpers import (
    enter_round_here,
    installed,
    server_id,
    server_rounds,
    watch_for_conflicts,
)
from playwright.sync_api import BrowserContext, Page, expect
from test_accessibility import findings

FOUR = ["Ann", "Ben", "Cy", "Dee"]


def test_a_four_player_game_to_100_offline_is_on_the_server_within_5_seconds(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """The goal's figure: a whole 4-player game played offline (8 rounds to 112), then the
    network back: every round on the server, none twice, within 5 s."""
    conflicts = watch_for_conflicts(context, page)
    pad_game(live_server, FOUR)  # they played before: in the address book
    installed(page, live_server, "/games/new")  # the address book as last seen
    page.goto(live_server + "/")
    context.set_offline(True)
    page.get_by_role("link", name=re.compile("New game")).first.tap()
    for name in FOUR:
        page.get_by_role("button", name=name, exact=True).tap()
    expect(page.get_by_label("Player 4", exact=True)).to_have_value("Dee")
    shoot(page, "offline-new-game")
    page.get_by_role("button", name="Start the game").tap()
    played = [([10, 6, 14, 3], "Dee"), ([9, 7, 14, 2], "Ben")]
    for number in range(7):
        scores, closer = played[number % 2]
        enter_round_here(page, FOUR, scores, closer)
    page.get_by_role("link", name="Enter round 8").tap()
    for name, score in zip(FOUR, played[1][0], strict=True):
        type_score(page, name, score)
    choose_closer(page, "Ben")
    verdict = page.locator("[data-verdict]")
    expect(verdict).to_contain_text("Ben 7 → 14: closed but not the lowest alone")
    expect(verdict).to_contain_text("This round ends the game: Dee wins.")
    expect(page.locator("[data-preview] td.total")).to_have_text(["76", "80", "112", "20"])
    shoot(page, "offline-round")
    page.get_by_role("button", name="Save round 8 — ends the game").tap()
    expect(page.get_by_role("heading", name=re.compile("Dee wins with 20"))).to_be_visible()
    expect(page.locator("tr.totals td")).to_have_text(["76", "80", "112", "20"])

    started = time.monotonic()
    context.set_offline(False)
    game = server_id(page)
    while len(saved := server_rounds(live_server, game)) < 8 and time.monotonic() - started < 10:
        time.sleep(0.02)
    took = time.monotonic() - started
    print(f"\n4 players, 8 rounds offline: all on the server {took:.2f} s after the return")
    assert len(saved) == 8 and took < 5, took
    assert saved == [(list(played[n % 2][0]), 3 if n % 2 == 0 else 1) for n in range(8)]
    assert api(live_server, "GET", f"/games/{game}")["winners"] == [3]
    assert conflicts == []


def test_the_pages_drawn_offline_pass_axe(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Home, a new game, the sheet with a waiting round, a round's form with its preview,
    and a take-back, all drawn on the phone: no serious WCAG finding."""
    installed(page, live_server)
    context.set_offline(True)
    page.get_by_role("link", name=re.compile("New game")).first.tap()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    assert findings(page) == [], "new game"
    for index, name in enumerate(["Ann", "Ben"]):
        page.get_by_label(f"Player {index + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the game").tap()
    enter_round_here(page, ["Ann", "Ben"], [4, -1], "Ben")
    assert findings(page) == [], "sheet"
    page.get_by_role("link", name="Enter round 2").tap()
    for name, score in (("Ann", 3), ("Ben", 9)):
        type_score(page, name, score)
    choose_closer(page, "Ben")
    expect(page.locator("[data-doubling]")).to_contain_text("Ben 9 → 18")
    assert findings(page) == [], "round form"
    page.go_back()
    page.get_by_role("link", name="Take back round 1").tap()
    expect(page.get_by_role("heading", name="Take back round 1?")).to_be_visible()
    assert findings(page) == [], "take-back"
    page.goto(live_server + "/")
    expect(page.get_by_role("heading", name="Skyjo Pad")).to_be_visible()
    expect(page.locator("[data-pad-shell]")).to_contain_text("Ann, Ben")
    assert findings(page) == [], "home"


def test_cards_are_counted_on_the_form_drawn_offline(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Offline, Ann counts her 12 cards: the column of three 7s goes, the score and the
    preview follow, and the round is kept with that score."""
    game = pad_game(live_server, ["Ann", "Ben"])
    installed(page, live_server, f"/games/{game}")
    context.set_offline(True)
    page.get_by_role("link", name="Enter round 1").tap()
    ann = seat(page, "Ann")
    ann.locator("summary").tap()
    cells = ann.get_by_role("group", name="Ann’s 12 cards").get_by_role("textbox")
    expect(cells).to_have_count(12)
    for index, value in enumerate([7, 1, 2, 3, 7, -1, 0, 4, 7, 5, 6, -2]):
        cells.nth(index).tap()
        ann.get_by_role("button", name=f"Card {value}", exact=True).tap()
    expect(ann.get_by_role("textbox", name="Ann", exact=True)).to_have_value("18")
    expect(ann).to_contain_text("Count: 18, 1 column removed")
    type_score(page, "Ben", 20)
    choose_closer(page, "Ann")
    expect(page.locator("[data-verdict]")).to_contain_text("Ann closed with the lowest score")
    page.get_by_role("button", name="Save round 1").tap()
    expect(page.locator("tr.totals td")).to_have_text(["18", "20"])
    context.set_offline(False)
    expect(page.locator("tr.waiting")).to_have_count(0)
    assert server_rounds(live_server, game) == [([18, 20], 0)]


def test_an_empty_save_offline_marks_what_is_missing_as_online(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Save with nothing typed, offline: the first missing score is marked, read with the
    sentence and focused; then the closer, once the scores are in."""
    game = pad_game(live_server, ["Ann", "Ben"])
    installed(page, live_server, f"/games/{game}")
    context.set_offline(True)
    page.get_by_role("link", name="Enter round 1").tap()
    page.get_by_role("button", name="Save round 1").click()
    ann = seat(page, "Ann").get_by_role("textbox", name="Ann", exact=True)
    expect(ann).to_be_focused()
    expect(ann).to_have_attribute("aria-invalid", "true")
    expect(ann).to_have_accessible_description("Enter every score as a whole number before saving.")
    type_score(page, "Ann", 5)
    type_score(page, "Ben", 7)
    page.get_by_role("button", name="Save round 1").click()
    expect(ann).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("input[name=closer]").first).to_be_focused()


def test_cards_counted_for_every_seat_offline_reach_the_server_as_cards(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Offline, both players count their 12 cards: once sent, the server keeps the cards
    (its correction form shows them), as it does for a round counted online."""
    game = pad_game(live_server, ["Ann", "Ben"])
    installed(page, live_server, f"/games/{game}")
    context.set_offline(True)
    page.get_by_role("link", name="Enter round 1").tap()
    hands = {"Ann": [7, 1, 2, 3, 7, -1, 0, 4, 7, 5, 6, -2], "Ben": [5] * 4 + [6] * 4 + [9] * 4}
    for name, values in hands.items():
        block = seat(page, name)
        block.locator("summary").tap()
        cells = block.get_by_role("group", name=f"{name}’s 12 cards").get_by_role("textbox")
        for index, value in enumerate(values):
            cells.nth(index).tap()
            block.get_by_role("button", name=f"Card {value}", exact=True).tap()
    expect(seat(page, "Ben").get_by_role("textbox", name="Ben", exact=True)).to_have_value("80")
    choose_closer(page, "Ann")
    page.get_by_role("button", name="Save round 1").tap()
    expect(page.locator("tr.totals td")).to_have_text(["18", "80"])
    context.set_offline(False)
    expect(page.locator("tr.waiting")).to_have_count(0)
    assert server_rounds(live_server, game) == [([18, 80], 0)]
    page.goto(f"{live_server}/games/{game}/rounds/1/edit")
    ann = seat(page, "Ann").locator(".cell")
    expect(ann).to_have_count(12)
    assert [ann.nth(i).input_value() for i in range(12)] == [
        str(v).replace("-", "−") for v in hands["Ann"]
    ]
    ben = seat(page, "Ben").locator(".cell")
    assert [ben.nth(i).input_value() for i in range(12)] == [str(v) for v in hands["Ben"]]


def new_game_rules_offline(
    page: Page, context: BrowserContext, live_server: str, names: list[str]
) -> None:
    """The app installed, the network gone: the new game's form with `names` filled in
    and its rule options open."""
    installed(page, live_server)
    context.set_offline(True)
    page.get_by_role("link", name=re.compile("New game")).first.tap()
    for index, name in enumerate(names):
        page.get_by_label(f"Player {index + 1}", exact=True).fill(name)
    page.get_by_text(re.compile("^Rules:")).tap()


def test_a_new_game_offline_takes_every_rule_option(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Offline, a new game to 50 with the closer's penalty off (×1) and ties not doubling:
    the phone's preview follows those rules, and the server gets them on return."""
    new_game_rules_offline(page, context, live_server, ["Ann", "Ben"])
    page.get_by_label("Game ends at").fill("50")
    page.get_by_label("Closer’s penalty: score ×").fill("1")
    page.get_by_label("A tie with the closer doubles the closer").uncheck()
    shoot(page, "offline-new-game-rules")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name=re.compile("to 50"))).to_be_visible()
    page.get_by_role("link", name="Enter round 1").tap()
    type_score(page, "Ann", 30)
    type_score(page, "Ben", 55)
    choose_closer(page, "Ben")
    verdict = page.locator("[data-verdict]")
    expect(verdict).to_contain_text("Ben closed: with a multiplier of 1 nobody is doubled.")
    expect(verdict).to_contain_text("This round ends the game: Ann wins.")
    page.get_by_role("button", name="Save round 1 — ends the game").tap()
    expect(page.locator("tr.totals td")).to_have_text(["30", "55"])
    context.set_offline(False)
    game = server_id(page)
    answer = api(live_server, "GET", f"/games/{game}")
    assert answer["rules"] == {
        "target": 50,
        "multiplier": 1,
        "tie_doubles": False,
        "double_only_positive": True,
    }
    assert answer["winners"] == [0] and answer["rounds"][0]["final"] == [30, 55]


def test_a_bad_multiplier_offline_is_said_and_starts_nothing(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    new_game_rules_offline(page, context, live_server, ["Ann", "Ben"])
    page.get_by_label("Closer’s penalty: score ×").fill("0")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("alert")).to_have_text(
        "The multiplier is a whole number from 1 to 100."
    )
    expect(page).to_have_url(re.compile("/games/new$"))


def test_the_offline_target_goes_as_far_as_the_servers(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """The limits drawn on the phone are the server's: a game to 10,000 starts offline as
    online, written with its thousands grouped as online; 10,001 is refused in the same
    words."""
    new_game_rules_offline(page, context, live_server, ["Ann", "Ben"])
    page.get_by_label("Game ends at").fill("10001")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("alert")).to_have_text(
        "The game must end at a whole number from 1 to 10,000."
    )
    page.get_by_label("Game ends at").fill("10,000")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name=re.compile(r"^Round 1\b"))).to_be_visible()
    expect(page.locator(".sheet-title .sub")).to_contain_text("10000")
