""" "Count my cards" on the round form: neutral progress while the cards are tapped in, the
missing cards said only when the count is used (Save), and a keypad whose every key holds
its word whole at 390 px, 320 px and 200 % text."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_helpers import api, choose_closer, in_view, pad_game, seat, shoot, type_score
from offline_helpers import installed
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

SEVEN = [7, 1, 2, 3, 7, -1, 0]


def tap_cards(page: Page, name: str, values: list[int]) -> None:
    """On `name`'s open grid, tap each cell in turn and then its value on the keypad."""
    block = seat(page, name)
    cells = block.get_by_role("group", name=f"{name}’s 12 cards").get_by_role("textbox")
    for index, value in enumerate(values):
        cells.nth(index).tap()
        block.get_by_role("button", name=f"Card {value}", exact=True).tap()


def anns_cards_by_keyboard(page: Page, live_server: str) -> tuple[str, Locator, Locator]:
    """A new game of Ann and Ben; the round form with Ann's grid opened by Enter: the
    game's id, Ann's seat and her 12 cells."""
    game = pad_game(live_server, ["Ann", "Ben"])
    page.goto(f"{live_server}/games/{game}/rounds/new")
    ann = seat(page, "Ann")
    ann.locator("summary").focus()
    page.keyboard.press("Enter")
    return game, ann, ann.get_by_role("group", name="Ann’s 12 cards").get_by_role("textbox")


def test_the_cards_are_counted_by_keyboard_alone(page: Page, live_server: str) -> None:
    """Opened with Enter, the grid takes the focus in its first cell; cards are typed (Enter
    moves on), and the keypad fills the cell that has the focus."""
    _game, ann, cells = anns_cards_by_keyboard(page, live_server)
    expect(cells.nth(0)).to_be_focused()
    for value in ["5", "1", "0", "2", "5", "3", "4", "-1", "5", "0", "1"]:
        page.keyboard.type(value)
        page.keyboard.press("Enter")
    expect(cells.nth(11)).to_be_focused()
    cells.nth(3).focus()  # correct one card: the keypad writes where the focus is
    ann.get_by_role("button", name="Card 12", exact=True).click()
    cells.nth(11).focus()
    ann.get_by_role("button", name="Card 2", exact=True).click()
    expect(cells.nth(3)).to_have_value("12")
    # the first column's three 5s go: (1 + 3 + 0) + (0 + 4 + 1) + (12 − 1 + 2) = 22
    expect(ann.locator(".score")).to_have_value("22")
    expect(ann.locator(".grid-sum")).to_contain_text("22")
    cells.nth(0).focus()  # a card typed over another replaces it, "13" and all
    page.keyboard.type("13")
    expect(ann.locator(".grid-sum")).to_contain_text("“13” is not a card")
    cells.nth(1).focus()
    cells.nth(0).focus()
    page.keyboard.type("5")
    expect(cells.nth(0)).to_have_value("5")
    expect(ann.locator(".score")).to_have_value("22")


def test_tapping_cards_in_shows_progress_not_an_error(page: Page, live_server: str) -> None:
    """Ann has tapped 7 of her 12 cards: the grid says "7 of 12 cards", the live preview
    (fetched after each tap) says nothing in red; Save with the grid half done says what is
    missing, saves nothing, and keeps the 7 cards."""
    game = pad_game(live_server, ["Ann", "Ben"])
    page.goto(f"{live_server}/games/{game}/rounds/new")
    type_score(page, "Ben", 20)
    choose_closer(page, "Ben")
    ann = seat(page, "Ann")
    ann.locator("summary").tap()
    with page.expect_response(lambda r: "/preview" in r.url) as answer:
        tap_cards(page, "Ann", SEVEN)
    assert answer.value.ok
    page.wait_for_timeout(400)  # the preview's answer is drawn
    expect(ann.locator(".grid-sum")).to_have_text("7 of 12 cards")
    form = page.locator("form[data-round-form]")
    expect(form.locator(".field-error:visible")).to_have_count(0)
    expect(form).not_to_contain_text("Fill in all")
    expect(page.locator("[data-verdict]")).to_contain_text("Enter every score")
    shoot(page, "count-progress")
    page.get_by_role("button", name="Save round 1").tap()
    expect(seat(page, "Ann").get_by_role("alert").first).to_contain_text("Fill in all 12 cards")
    assert api(live_server, "GET", f"/games/{game}")["rounds"] == []
    values = seat(page, "Ann").locator(".cell")
    expect(values.nth(6)).to_have_value("0")
    expect(seat(page, "Ann").locator(".grid-sum")).to_have_text("7 of 12 cards")


FITS = """
const found = [];
for (const b of document.querySelectorAll(".keypad button")) {
  if (!b.checkVisibility()) continue;
  const box = b.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(b);
  const words = range.getBoundingClientRect();
  const inside = words.left >= box.left - 0.5 && words.right <= box.right + 0.5
    && words.top >= box.top - 0.5 && words.bottom <= box.bottom + 0.5;
  const lines = range.getClientRects().length;
  if (!inside || b.scrollWidth > b.clientWidth + 1 || lines > 1 || box.right > innerWidth + 0.5) {
    found.push(`"${b.textContent}" ${Math.round(words.width)} px of words in a`
      + ` ${Math.round(box.width)} px key at ${Math.round(box.left)} (${lines} lines)`);
  }
}
return found;
"""
"""Each keypad key whose words spill out of it, wrap, or leave the screen."""


@pytest.fixture(
    params=[(100, 390, 844), (100, 320, 640), (200, 390, 844)],
    ids=["390 px", "320 px", "text 200%"],
)
def sized(
    request: pytest.FixtureRequest, browser: Browser, browser_context_args: dict[str, object]
) -> Iterator[Page]:
    """A phone page at this width and the reader's text size."""
    scale, width, height = request.param
    context: BrowserContext = browser.new_context(
        **{**browser_context_args, "viewport": {"width": width, "height": height}}
    )
    page = context.new_page()
    if scale != 100:
        sizes = {"standard": 16 * scale // 100, "fixed": 13 * scale // 100}
        context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": sizes})
    yield page
    context.close()


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_every_keypad_key_holds_its_word(
    sized: Page, live_server: str, language: str, request: pytest.FixtureRequest
) -> None:
    """ "Clear" (and its longer words in other languages) and every card value stay inside
    their key, on one line."""
    game = pad_game(live_server, ["Ann", "Ben"])
    sized.goto(f"{live_server}/games/{game}/rounds/new?lang={language}")
    seat(sized, "Ann").locator("summary").tap()
    keys = seat(sized, "Ann").locator(".keypad button")
    expect(keys).to_have_count(18)
    keys.last.evaluate("(b) => b.scrollIntoView({block: 'center'})")
    screen = request.node.callspec.id.split("-")[0].replace(" ", "").replace("%", "")
    shoot(sized, f"keypad-{screen}-{language}")
    assert sized.evaluate(f"() => {{ {FITS} }}") == []


def test_a_cell_that_is_no_card_is_named_and_marked(page: Page, live_server: str) -> None:
    """13 typed in: the count names its cell at once (not "12 of 12 cards"); Save is
    refused with the same words, the cell marked and focused."""
    game, ann, cells = anns_cards_by_keyboard(page, live_server)
    for index, value in enumerate(["13", *["1"] * 11]):  # as pasted in, or a phone's keys
        cells.nth(index).fill(value)
    said = "Row 1, column 1: “13” is not a card"
    expect(ann.locator(".grid-sum")).to_contain_text(said)
    expect(cells.nth(0)).to_have_attribute("aria-invalid", "true")
    type_score(page, "Ben", 5)
    choose_closer(page, "Ben")
    page.get_by_role("button", name="Save round 1").click()
    expect(seat(page, "Ann").get_by_role("alert").first).to_contain_text(said)
    expect(
        seat(page, "Ann").get_by_role("group", name="Ann’s 12 cards").get_by_role("textbox").nth(0)
    ).to_be_focused()
    assert api(live_server, "GET", f"/games/{game}")["rounds"] == []


def test_a_score_typed_over_the_cards_is_the_one_saved(page: Page, live_server: str) -> None:
    """Ben's 12 cards count 45; then 3 is typed into his score: the cards are cleared (the
    grid says so), and the round saved is the 3 the field shows."""
    game = pad_game(live_server, ["Ann", "Ben"])
    page.goto(f"{live_server}/games/{game}/rounds/new")
    ben = seat(page, "Ben")
    ben.locator("summary").tap()
    tap_cards(page, "Ben", [5, 5, 5, 5, 4, 4, 4, 4, 3, 3, 2, 1])
    expect(ben.locator(".score")).to_have_value("45")
    ben.locator(".score").tap()
    page.keyboard.type("3")
    expect(ben.locator(".score")).to_have_value("3")
    expect(ben.locator(".grid-sum")).to_have_text("The score typed counts: the cards were cleared.")
    expect(ben.locator(".cell.v-mid, .cell.v-low")).to_have_count(0)
    type_score(page, "Ann", 9)
    choose_closer(page, "Ben")
    expect(page.locator("[data-preview] tbody tr").nth(1)).to_contain_text("3")
    page.get_by_role("button", name="Save round 1").tap()
    expect(page.locator("tr.totals td")).to_have_text(["9", "3"])
    assert api(live_server, "GET", f"/games/{game}")["rounds"][0]["raw"] == [9, 3]


@pytest.mark.parametrize("where", ["online", "offline"])
def test_at_large_text_a_half_counted_grid_is_said_beside_its_empty_card(
    browser: Browser, live_server: str, where: str
) -> None:
    """At 200 % text the sentence lies below the grid's keypad, far off the screen: the
    empty card that takes the focus says it too (the browser's own bubble)."""
    names = ["Ann", "Ben", "Cy", "Dee", "Eve"]
    game = pad_game(live_server, names)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = context.new_page()
        context.new_cdp_session(page).send(
            "Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}}
        )
        page.goto(f"{live_server}/games/{game}")
        if where == "offline":
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.wait_for_function("navigator.serviceWorker.controller !== null")
            context.set_offline(True)
        page.goto(f"{live_server}/games/{game}/rounds/new")
        for name, score in zip(["Ann", "Ben", "Dee", "Eve"], (4, 5, 6, 7), strict=True):
            type_score(page, name, score)
        choose_closer(page, "Ben")
        seat(page, "Cy").locator("summary").tap()
        tap_cards(page, "Cy", SEVEN)
        page.get_by_role("button", name="Save round 1").tap()
        empty = seat(page, "Cy").locator(".cell").nth(7)
        alert = seat(page, "Cy").get_by_role("alert").first
        if where == "online":  # the server's page: its sentence takes the focus, in view,
            expect(alert).to_contain_text("Fill in all 12 cards")  # unless the grid, opened
            details = seat(page, "Cy").locator("details")  # after it, gives it to its cell:
            details.evaluate("(d) => { d.open = false; }")  # as then (the order varies)
            details.evaluate("(d) => { d.open = true; }")
        expect(empty).to_be_focused()
        expect(alert).not_to_be_in_viewport()
        said = empty.evaluate("(cell) => cell.validationMessage")
        sentence = {  # the server's page words it its own way
            "offline": "Fill in all 12 cards, or clear them and type the score.",
            "online": "Fill in all 12 cards: a number from −2 to 12, or ✕ for a removed card.",
        }
        assert said == sentence[where], said
        empty.fill("5")  # changed: the bubble's sentence goes
        assert empty.evaluate("(cell) => cell.validationMessage") == ""
    finally:
        context.close()


def test_a_correction_of_counted_cards_opens_at_its_top(page: Page, live_server: str) -> None:
    """Every seat's grid is drawn open to correct a round counted by cards: the page opens
    at its heading and the closer's choice, not scrolled down to the last grid."""
    game = pad_game(live_server, ["Ann", "Ben", "Cy"])
    grids = [[[1, 2, 3, 4], [0, 0, 0, 0], [5, 5, 5, 5]], [[1] * 4, [2] * 4, [3] * 4]]
    grids.append([[-1, 0, 1, 2], [3, 4, 5, 6], [7, 8, 9, 10]])
    api(live_server, "POST", f"/games/{game}/rounds", {"grids": grids, "closer": 0})
    installed(page, live_server, f"/games/{game}")  # as a phone has it: the app kept
    page.get_by_role("link", name="Correct round 1").click()
    expect(page.locator("details[data-count][open]")).to_have_count(3)
    page.reload()  # opened again (its draft kept): still at its top
    expect(page.locator("details[data-count][open]")).to_have_count(3)
    page.wait_for_timeout(300)  # the grids' own opening (a toggle each) has run
    assert page.evaluate("window.scrollY") == 0
    assert in_view(page, page.get_by_role("heading", name="Correct round 1"))
