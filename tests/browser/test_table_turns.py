"""Issue 24 in real Chromium, on an online table of Ann, Bob and a computer player: the
phone whose turn it is says so in words ("Your turn, Ann: …") and may vibrate, the others
do not; the badge says "offline" within 5 s of the network going and "Live" within 5 s of
it coming back, with the table's own banner; a seat handed to the computer is told so;
a link the host replaced says so, and what to do."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browser_helpers import PHONE_CONTEXT, shoot
from playwright.sync_api import Browser, BrowserContext, Page, expect
from table_helpers import my_cell, person_step, state
from test_accessibility import findings
from test_table_online import invite

HIDE = """() => {
  Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""
VIBRATIONS = "window.vibrations = []; navigator.vibrate = (p) => (window.vibrations.push(p), true);"
WATCH_OFFLINE = """() => {
  window.saidOffline = false;
  for (const said of document.querySelectorAll("[data-table-offline], [data-live-offline]")) {
    new MutationObserver(() => { if (!said.hidden) window.saidOffline = true; })
      .observe(said, { attributes: true, attributeFilter: ["hidden"] });
  }
}"""


@pytest.fixture()
def phones(browser: Browser) -> Iterator[list[BrowserContext]]:
    """Three phones: the host's (Ann's too), Bob's, and one more for the host's page."""
    contexts = [browser.new_context(**PHONE_CONTEXT) for _ in range(3)]
    for context in contexts:
        context.add_init_script(VIBRATIONS)
    yield contexts
    for context in contexts:
        context.close()


def seated(phones: list[BrowserContext], base: str) -> tuple[Page, Page, dict[str, str]]:
    """Ann's and Bob's phones at a new table, and its links."""
    ann, bob = phones[0].new_page(), phones[1].new_page()
    links = invite(ann, base)
    ann.goto(links["ann"])
    bob.goto(links["bob"])
    for page in (ann, bob):
        expect(page.locator("[data-live]")).to_be_visible()
    return ann, bob, links


def until_a_persons_turn(ann: Page, bob: Page) -> tuple[Page, Page, str]:
    """Play the openings; the phone on turn, the other, and the name on turn."""
    for _ in range(40):
        for page in (ann, bob):
            if state(page)["view"]["phase"] == "reveal" and state(page)["moves"]:
                person_step(page)
        s = state(ann)
        if s["actor"] is not None and not s["bots"][s["actor"]]:
            mine = ann if s["actor"] == s["you"] else bob
            mine.wait_for_function("window.skyjoTable.state.moves.length > 0")
            return mine, (bob if mine is ann else ann), s["view"]["players"][s["actor"]]
        ann.wait_for_timeout(300)
    raise AssertionError("no person's turn came")


def test_your_turn_is_said_on_your_phone_only(
    phones: list[BrowserContext], live_server: str
) -> None:
    ann, bob, _links = seated(phones, live_server)
    for page in (ann, bob):  # both ask for a vibration on their turn (off until chosen)
        box = page.get_by_label("Vibrate")
        expect(box).not_to_be_checked()
        box.check()
        page.evaluate("window.vibrations = []")
    mine, other, name = until_a_persons_turn(ann, bob)
    now = mine.locator("[data-now]")
    said = rf"^Your turn, {name}: (take the −?\d+ or draw|draw a card)\.$"
    expect(now).to_have_text(re.compile(said))
    expect(now.locator("..")).to_have_attribute("aria-live", "polite")
    watched = rf"^{name} (takes the −?\d+ or draws|draws a card)…$"
    expect(other.locator("[data-now]")).to_have_text(re.compile(watched))
    shoot(mine, "online-your-turn")
    assert findings(mine) == []
    mine.wait_for_function("window.vibrations.length > 0")
    assert other.evaluate("window.vibrations") == []
    for page in (mine, other):  # the page in the background: its tab's title says it
        page.evaluate(HIDE)
    assert mine.title().startswith("Your turn! · ")
    assert not other.title().startswith("Your turn")
    mine.reload()  # remembered on the phone
    expect(mine.get_by_label("Vibrate")).to_be_checked()
    expect(mine.get_by_label("Play a sound")).not_to_be_checked()


def test_the_badge_tells_the_truth_within_5_seconds(
    phones: list[BrowserContext], live_server: str
) -> None:
    ann, _bob, _links = seated(phones, live_server)
    phones[0].set_offline(True)
    expect(ann.locator("[data-live-offline]")).to_be_visible(timeout=5000)
    expect(ann.locator("[data-live]")).to_be_hidden()
    banner = ann.locator("[data-table-offline]")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("the table goes on without this phone")
    expect(ann.locator("[data-offline]")).to_be_hidden()  # never the score pad's words
    shoot(ann, "online-offline")
    assert findings(ann) == []
    phones[0].set_offline(False)
    expect(ann.locator("[data-live]")).to_be_visible(timeout=5000)
    expect(ann.locator("[data-live-offline]")).to_be_hidden()
    expect(banner).to_be_hidden()


def test_the_host_hands_a_seat_over_and_replaces_a_link(
    phones: list[BrowserContext], live_server: str
) -> None:
    ann, bob, links = seated(phones, live_server)
    host = phones[2].new_page()
    host.goto(links["host"])
    bob_seat = host.locator("li.invite", has=host.get_by_role("heading", name="Bob", exact=True))
    bob_seat.get_by_role("button", name="Give to a computer player").click()
    told = bob.locator("[data-bot-seat]")
    expect(told).to_be_visible(timeout=10_000)
    expect(told).to_contain_text("A computer player has your seat")
    expect(told).to_contain_text("ask the host to press “Give back to a person”")
    expect(ann.locator("[data-bot-seat]")).to_be_hidden()
    shoot(bob, "online-seat-to-computer")
    assert findings(bob) == []
    bob_seat = host.locator("li.invite", has=host.get_by_role("heading", name="Bob", exact=True))
    bob_seat.get_by_role("button", name="Give back to a person").click()
    expect(told).to_be_hidden(timeout=10_000)

    ann.evaluate(WATCH_OFFLINE)
    ann_seat = host.locator("li.invite", has=host.get_by_role("heading", name="Ann", exact=True))
    ann_seat.get_by_role("button", name="New link").click()
    expect(host.get_by_role("heading", name="A new link for Ann?")).to_be_visible()
    assert findings(host) == []
    shoot(host, "online-new-link-asked")
    host.get_by_role("button", name="Yes, make a new link").click()
    expect(host.get_by_role("heading", name="The new link for Ann")).to_be_visible()
    expect(host.locator(".fresh .qr-code svg")).to_have_count(1)
    assert findings(host) == []
    shoot(host, "online-new-link")
    replaced = ann.locator("[data-replaced]")
    expect(replaced).to_be_visible(timeout=10_000)
    expect(replaced).to_contain_text("The host gave this seat a new link")
    expect(replaced).to_contain_text("Ask the host for the new link")
    expect(ann.locator("[data-board]")).to_be_hidden()
    assert ann.evaluate("window.saidOffline") is False  # said at once, never "offline" first
    expect(ann.locator("[data-live]")).to_be_hidden()  # nor "Live": the link opens nothing
    shoot(ann, "online-link-replaced")
    assert findings(ann) == []
    ann.reload()
    expect(ann.get_by_role("heading", name="This link opens no table now")).to_be_visible()
    expect(ann.locator("main")).to_contain_text("Ask the host for the new link")


def test_the_invitation_page_reloaded_is_the_same_table(browser: Browser, live_server: str) -> None:
    context = browser.new_context(**PHONE_CONTEXT)
    try:
        page = context.new_page()
        links = invite(page, live_server)
        address = page.url
        assert "/invited" in address
        page.reload()
        expect(page.get_by_role("heading", name="The table is ready")).to_be_visible()
        again = [a.get_attribute("href") for a in page.locator("[data-invite] [data-link]").all()]
        assert again == [links["ann"], links["bob"]]
        assert page.locator("[data-host-link]").get_attribute("href") == links["host"]
    finally:
        context.close()


def test_the_line_up_is_checked_before_the_links(page: Page, live_server: str) -> None:
    page.goto(live_server + "/tables/new")
    page.get_by_label("Seat 1 name", exact=True).fill("Ann")
    email = page.get_by_label("Seat 1 email (to invite them online)")
    expect(email).to_be_hidden()  # not for one-phone play
    page.get_by_label("Invite players by email, to play online on their own phones").check()
    email.fill("ann@example.org")
    seat_3, seat_3_plays = (
        page.get_by_label(f"Seat 3 {what}", exact=True) for what in ("name", "plays as")
    )
    seat_3_plays.select_option("expert")  # a blank name box says what the seat will be called
    expect(seat_3).to_have_attribute("placeholder", "Expert bot")
    seat_3_plays.select_option("person")
    expect(seat_3).to_have_attribute("placeholder", "Seat 3")
    page.get_by_label("Seat 2 name", exact=True).fill("Bbo")
    page.get_by_label("Seat 2 plays as", exact=True).select_option("person")
    page.get_by_role("button", name=re.compile("Play online")).click()
    expect(page.get_by_role("heading", name="Check the line-up")).to_be_visible()
    lineup = page.locator("[data-lineup] li")
    expect(lineup).to_have_count(2)
    expect(lineup.nth(0)).to_contain_text("invited by email to ann@example.org, in English")
    expect(lineup.nth(1)).to_contain_text("Bbo")
    assert findings(page) == []
    shoot(page, "online-lineup")
    page.get_by_role("button", name="Correct").click()
    expect(page.get_by_label("Seat 2 name", exact=True)).to_have_value("Bbo")
    page.get_by_label("Seat 2 name", exact=True).fill("Bob")
    page.get_by_role("button", name=re.compile("Play online")).click()
    expect(page.locator("[data-lineup] li").nth(1)).to_contain_text("Bob")
    page.get_by_role("button", name="Confirm and send the invitations").click()
    expect(page.get_by_role("heading", name="The table is ready")).to_be_visible()
    expect(page.locator("[data-invite] h2")).to_have_text(["Ann", "Bob"])


def test_a_deleted_tables_phones_say_it_was_deleted(
    phones: list[BrowserContext], live_server: str
) -> None:
    """Someone deletes the table from the history while Bob's phone is open on it: his
    phone says the table was deleted, not that the host gave his seat a new link."""
    _ann, bob, links = seated(phones, live_server)
    game = state(bob)["id"]
    host = phones[2].new_page()
    host.clock.install()  # its page looks at the table every 10 s: the test moves its clock
    host.goto(links["host"])
    bob.evaluate(WATCH_OFFLINE)
    owner = phones[2].new_page()
    owner.goto(f"{live_server}/history/{game}/delete")
    owner.get_by_role("button", name=re.compile("^Delete")).click()
    deleted = bob.locator("[data-deleted]")
    expect(deleted).to_be_visible()
    expect(deleted).to_contain_text("This table was deleted")
    expect(bob.locator("[data-replaced]")).to_be_hidden()
    bob.wait_for_timeout(1500)  # three of the stream's reconnections in the tests' pace
    assert bob.evaluate("window.saidOffline") is False  # deleted, not offline
    assert findings(bob) == []
    host.clock.run_for(11_000)  # the host's page looks again: its link opens no table now
    expect(host.get_by_role("heading", name="This link opens no table now")).to_be_visible()


def test_a_reveal_tapped_as_another_phone_reveals_is_turned_up(
    phones: list[BrowserContext], live_server: str
) -> None:
    """Everyone turns up cards at once: Ann taps while her phone has not yet heard of
    Bob's reveal (her table's version is behind). Her card is turned up all the same,
    not lost without a word."""
    ann, bob = phones[0].new_page(), phones[1].new_page()
    links = invite(ann, live_server)
    ann.route(re.compile(r".*/events.*"), lambda route: None)  # her stream never answers
    ann.goto(links["ann"])
    bob.goto(links["bob"])
    expect(bob.locator("[data-live]")).to_be_visible()
    person_step(bob)  # Bob's first reveal: the table moves on
    behind = state(ann)["version"]
    assert behind < state(bob)["version"]
    ann.locator(my_cell(ann, (0, 0))).click()
    ann.wait_for_function(
        "() => { const s = window.skyjoTable.state;"
        " return s.view.grids[s.you][0][0].endsWith('u'); }"
    )
    assert state(ann)["version"] >= behind + 2


UP = """([row, column]) => { const s = window.skyjoTable.state;
  return s.view.grids[s.you][row][column].endsWith('u'); }"""


def test_opening_cards_tapped_at_once_on_two_phones_are_all_turned_up(
    phones: list[BrowserContext], live_server: str
) -> None:
    """Ann and Bob tap an opening card at the same instant, both phones live (each hears
    of the other's reveal while its own is on its way): both cards end face up."""
    ann, bob, _links = seated(phones, live_server)
    for cell in ((0, 0), (1, 1)):
        for page in (ann, bob):  # no wait between the two taps
            page.locator(my_cell(page, cell)).dispatch_event("click")
        for page in (ann, bob):
            page.wait_for_function(UP, arg=list(cell))
