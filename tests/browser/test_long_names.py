"""A name as long as the form allows, with no space in it, never pushes a page sideways:
the sheet, the round form (Save on the screen), the forms that offer it again, history
and players, at 390 px and 320 px."""

from __future__ import annotations

import pytest
from browser_helpers import pad_game
from playwright.sync_api import Page, expect

from skyjo_pad.models import NAME_MAX

LONG = ["A" * NAME_MAX, "B" * NAME_MAX, "Cy"]
WIDE = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.mark.parametrize("width", [390, 320])
def test_the_longest_names_wrap_instead_of_widening_the_page(
    page: Page, own_server: str, width: int
) -> None:
    page.set_viewport_size({"width": width, "height": 740})
    game = pad_game(own_server, LONG, [([10, 20, 30], 0)])
    for path in (
        f"/games/{game}",
        f"/games/{game}/rounds/new",
        "/games/new",
        "/tables/new",
        "/history",
        f"/history/{game}",
        "/players",
    ):
        page.goto(own_server + path)
        assert page.evaluate(WIDE) <= 0, path
    page.get_by_role("link", name=LONG[0]).first.click()
    expect(page.get_by_role("heading", name=LONG[0])).to_be_visible()
    assert page.evaluate(WIDE) <= 0, page.url
    page.goto(own_server + f"/games/{game}/rounds/new")
    save = page.get_by_role("button", name="Save round 2")
    box = save.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    expect(page.get_by_text(LONG[0], exact=True).first).to_be_visible()


def test_a_round_corrected_at_large_text_fits_in_every_language(
    page: Page, live_server: str
) -> None:
    """Text at 200 % on a 390 px phone: the preview's headings ("Summe") fit beside the names."""
    game = pad_game(live_server, ["Ann", "Benedikt", "Cy"], [([10, 11, 12], 0)])
    page.context.new_cdp_session(page).send(
        "Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}}
    )
    for language in ("de", "fr", "sv", "en"):
        page.context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
        page.goto(f"{live_server}/games/{game}/rounds/1/edit")
        expect(page.locator("html")).to_have_attribute("lang", language)
        assert page.evaluate(WIDE) <= 0, language


NAMES = ["Benedikt", "Johannesburgerin", "Bartholomäus-Friedrich", "Jo"]
BROKEN_WORDS = """() => [...document.querySelectorAll(".seat-name")].flatMap((label) => {
  const words = [];
  for (const match of label.textContent.matchAll(/[^\\s-]+/g)) {
    const range = document.createRange();
    range.setStart(label.firstChild, match.index);
    range.setEnd(label.firstChild, match.index + match[0].length);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (lines.size > 1) words.push(match[0]);
  }
  return words;
})"""


@pytest.mark.parametrize("width", [390, 320])
def test_a_long_name_on_the_round_form_gets_a_line_of_its_own_not_broken(
    page: Page, live_server: str, width: int
) -> None:
    """ "Johannesburgerin" beside the sign and the score would break inside: it goes above
    them instead; "Jo" stays beside them."""
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"{live_server}/games/{pad_game(live_server, NAMES)}/rounds/new")
    assert page.evaluate(BROKEN_WORDS) == []
    jo = page.locator(".seat").nth(3)
    name, score = jo.locator(".seat-name").bounding_box(), jo.locator(".score").bounding_box()
    assert (
        name
        and score
        and abs(name["y"] + name["height"] / 2 - score["y"] - score["height"] / 2) < 12
    )
