"""The pad offline behind the access password (`SKYJO_PASSWORD`): a sheet's keeper link on a
phone that never typed it keeps the sheet offline like any other, nothing on its pages
leading to the password; what a logged-in phone saved offline waits, when its login is
lost meanwhile, until the phone logs in again; logging out forgets what it kept."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from browser_helpers import GUARD_PASSWORD, PHONE_CONTEXT, api
from offline_helpers import enter_round_here, installed, server_id, start_offline
from playwright.sync_api import Browser, BrowserContext, Error, Page, expect


def test_a_keeper_phone_keeps_the_sheet_offline_behind_the_password(
    browser: Browser, guarded_server: str
) -> None:
    base = guarded_server
    game = api(base, "POST", "/games", {"players": ["Ann", "Bob"]}, password=GUARD_PASSWORD)
    rounds = f"/games/{game['id']}/rounds"
    api(base, "POST", rounds, {"scores": [5, 7], "closer": 0}, password=GUARD_PASSWORD)
    shares = f"/games/{game['id']}/shares"
    link = api(base, "POST", shares, {"kind": "keeper"}, password=GUARD_PASSWORD)["link"]

    phone = browser.new_context(**PHONE_CONTEXT)
    try:
        page = phone.new_page()
        page.goto(link)
        expect(page).to_have_url(f"{base}/games/{game['id']}")
        expect(page.get_by_role("navigation", name="Sections")).to_have_count(0)
        expect(page.get_by_role("link", name="Show on other phones")).to_have_count(0)
        page.wait_for_function("navigator.serviceWorker.controller !== null")

        phone.set_offline(True)
        page.reload()
        expect(page.get_by_role("heading", name=re.compile("^Round 2"))).to_be_visible()
        enter_round_here(page, ["Ann", "Bob"], [3, 9], "Ann")
        expect(page.locator("tr.totals td")).to_have_text(["8", "16"])

        phone.set_offline(False)
        started = time.monotonic()
        while time.monotonic() - started < 10:
            sheet = api(base, "GET", f"/games/{game['id']}", password=GUARD_PASSWORD)
            if len(sheet["rounds"]) == 2:
                break
            time.sleep(0.05)
        assert [r["raw"] for r in sheet["rounds"]] == [[5, 7], [3, 9]]
    finally:
        phone.close()


def log_in(page: Page) -> None:
    """On the login page (in any language): type the password, log in, leave the page."""
    page.locator("form.login-form input[name=password]").fill(GUARD_PASSWORD)
    page.locator("form.login-form button[type=submit]").click()
    expect(page).not_to_have_url(re.compile("/login"))


@contextmanager
def logged_in_phone(browser: Browser, base: str) -> Iterator[tuple[BrowserContext, Page]]:
    """A fresh phone that logged in, on the page the login leads to: it and its page."""
    phone = browser.new_context(**PHONE_CONTEXT)
    try:
        page = phone.new_page()
        page.goto(f"{base}/login")
        log_in(page)
        yield phone, page
    finally:
        phone.close()


def lose_the_login(phone: BrowserContext) -> None:
    """The phone's login lost (its session cookie gone, as when the password changes);
    gone again if an answer still on its way brought it back (a page's answer renews it)."""
    for _ in range(20):
        phone.clear_cookies(name="session")
        time.sleep(0.25)
        if not any(cookie["name"] == "session" for cookie in phone.cookies()):
            return
    raise AssertionError("the session cookie keeps coming back")


def server_rounds(base: str, game: str) -> list[tuple[list[int], int | None]]:
    """The game's rounds as the server holds them: (raw scores, closer)."""
    sheet = api(base, "GET", f"/games/{game}", password=GUARD_PASSWORD)
    return [(r["raw"], r["closer"]) for r in sheet["rounds"]]


LOCKED = "Not sent: the server refused it: This Skyjo Pad is protected by a password"


def test_a_round_refused_for_want_of_the_password_goes_once_the_phone_logs_in(
    browser: Browser, guarded_server: str
) -> None:
    """A logged-in phone saves a round offline, and its login is lost meanwhile (the
    password changed): back online, the refusal says so with a way to log in, and is no
    final word: logged in again, the phone sends the round."""
    base = guarded_server
    game = api(base, "POST", "/games", {"players": ["Ann", "Ben"]}, password=GUARD_PASSWORD)["id"]
    api(
        base,
        "POST",
        f"/games/{game}/rounds",
        {"scores": [5, 9], "closer": 0},
        password=GUARD_PASSWORD,
    )
    with logged_in_phone(browser, base) as (phone, page):
        installed(page, base, f"/games/{game}")
        phone.set_offline(True)
        enter_round_here(page, ["Ann", "Ben"], [3, 11], "Ann")
        lose_the_login(phone)  # meanwhile, as after a change of password
        phone.set_offline(False)
        box = page.locator("[data-sync]")
        expect(box).to_contain_text(LOCKED)
        expect(box).to_contain_text(
            "It waits on this phone and goes once the phone is logged in: "
            "A new round: Ann 3 (closed), Ben 11."
        )
        assert len(server_rounds(base, game)) == 1

        box.get_by_role("link", name="Log in").click()
        log_in(page)
        expect(page).to_have_url(f"{base}/games/{game}")
        expect(page.locator("tr.totals td")).to_have_text(["8", "20"])
        expect(box).to_be_hidden()
        assert server_rounds(base, game) == [([5, 9], 0), ([3, 11], 0)]


def test_a_phone_whose_login_ended_forgets_the_history_it_kept(
    browser: Browser, guarded_server: str
) -> None:
    """The password changed (the phone's login ended): the first page it opens online
    asks for the password, and the phone forgets the history and players it kept, as
    after "Log out of this device"; a round waiting on it stays, sent once logged in."""
    base = guarded_server
    game = api(base, "POST", "/games", {"players": ["Uma", "Vic"]}, password=GUARD_PASSWORD)["id"]
    with logged_in_phone(browser, base) as (phone, page):
        installed(page, base)
        for path in ("/history", "/players", f"/games/{game}"):
            page.goto(base + path)
        page.wait_for_function("async () => (await caches.match('/history')) !== undefined")
        phone.set_offline(True)
        enter_round_here(page, ["Uma", "Vic"], [4, 6], "Uma")
        lose_the_login(phone)
        phone.set_offline(False)

        page.goto(f"{base}/players")
        expect(page).to_have_url(re.compile("/login"))
        page.wait_for_function("async () => (await caches.match('/history')) === undefined")
        phone.set_offline(True)
        for path in ("/history", "/players"):
            page.goto(base + path)
            expect(page.locator("main")).not_to_contain_text("Uma")
        page.goto(f"{base}/")
        expect(page.locator("main")).to_contain_text("This phone was logged out")
        phone.set_offline(False)
        page.goto(f"{base}/login?next=/games/{game}")
        log_in(page)
        expect(page.locator("tr.totals td")).to_have_text(["4", "6"])
        assert server_rounds(base, game) == [([4, 6], 0)]


def test_a_game_made_offline_and_refused_for_the_password_stays_whole_until_sent(
    browser: Browser, guarded_server: str
) -> None:
    """A game started offline on a logged-in phone whose login is lost meanwhile: back
    online, it waits whole (no "set aside" that would send it anyway), with a way to log
    in, and goes with its round once the phone logs in again."""
    base = guarded_server
    with logged_in_phone(browser, base) as (phone, page):
        start_offline(page, phone, base, ["Lga", "Lgb"])
        enter_round_here(page, ["Lga", "Lgb"], [7, 3], None)
        lose_the_login(phone)
        phone.set_offline(False)
        box = page.locator("[data-sync]")
        expect(box).to_contain_text(LOCKED)
        expect(box.get_by_role("button", name="Set it aside")).to_have_count(0)

        box.get_by_role("link", name="Log in").click()
        log_in(page)
        assert server_rounds(base, server_id(page)) == [([7, 3], None)]


SHELL_IN_SWEDISH = """async () => {
  const shell = await caches.match("/offline");
  return Boolean(shell) && (await shell.text()).includes('<html lang="sv">');
}"""


def test_a_game_started_offline_waits_whole_through_a_lost_login_in_swedish(
    browser: Browser, guarded_server: str
) -> None:
    """A game started offline, not a round in it yet, and the phone's login lost: back
    online it says, in the reader's language, that the game waits until the phone logs
    in; the login page forgets what the phone kept, but not that game, which goes once
    logged in."""
    base = guarded_server
    with logged_in_phone(browser, base) as (phone, page):
        page.goto(f"{base}/language/sv?next=/")
        installed(page, base)
        page.wait_for_function(SHELL_IN_SWEDISH)
        phone.set_offline(True)
        page.goto(f"{base}/games/new")
        page.locator("#player-0").fill("Yoko")
        page.locator("#player-1").fill("Vic")
        page.locator("form button[type=submit]").click()
        expect(page).to_have_url(re.compile("/games/c-"))
        lose_the_login(phone)  # the language stays
        phone.set_offline(False)
        box = page.locator("[data-sync]")
        expect(box).to_contain_text("Det här Skyjo Pad skyddas av ett lösenord: logga in först.")
        expect(box).to_contain_text("Spelet väntar på den här telefonen")
        box.get_by_role("link", name="Logga in").click()  # it forgets all but this game
        page.wait_for_function("() => localStorage.getItem('skyjo:logged-out') === '1'")
        log_in(page)
        game = server_id(page)
        assert api(base, "GET", f"/games/{game}", password=GUARD_PASSWORD)["players"] == [
            "Yoko",
            "Vic",
        ]


SENT_GAME = """async (players) => {
  const game = (await PadStore.all()).find((g) => g.players.join() === players);
  return game && game.id && !game.ops.length ? game.id : null;
}"""


def test_a_game_started_offline_outlives_the_login_page_that_forgets(
    browser: Browser, guarded_server: str
) -> None:
    """A game started offline, not a round in it yet, when the phone's login is lost: the
    first page opened online is the login page, which forgets what the phone kept, all
    but that game; logged in, it goes to the server."""
    base = guarded_server
    with logged_in_phone(browser, base) as (phone, page):
        start_offline(page, phone, base, ["Zia", "Ole"])
        expect(page).to_have_url(re.compile("/games/c-"))
        page.close()
        lose_the_login(phone)
        phone.set_offline(False)
        page = phone.new_page()
        page.goto(f"{base}/players")
        expect(page).to_have_url(re.compile("/login"))
        page.wait_for_function("() => localStorage.getItem('skyjo:logged-out') === '1'")
        log_in(page)
        game = None
        for _ in range(100):  # sent from the page the login opens (then drawn again)
            try:
                game = page.evaluate(SENT_GAME, "Zia,Ole")
            except Error:  # that page reloading meanwhile
                game = None
            if game:
                break
            page.wait_for_timeout(100)
        assert game, "the game never reached the server"
        sheet = api(base, "GET", f"/games/{game}", password=GUARD_PASSWORD)
        assert sheet["players"] == ["Zia", "Ole"]


def test_logging_out_makes_the_phone_forget_what_it_kept_offline(
    browser: Browser, guarded_server: str
) -> None:
    """A shared phone: after "Log out of this device", the history, the address book and
    the games it kept open for nobody offline (the app itself and the rules still do)."""
    base = guarded_server
    game = api(base, "POST", "/games", {"players": ["Quincy", "Rosa"]}, password=GUARD_PASSWORD)
    with logged_in_phone(browser, base) as (phone, page):
        installed(page, base)  # the worker in charge of the page, as a phone keeps it
        for path in ("/history", "/players", f"/games/{game['id']}", "/"):
            page.goto(base + path)
        expect(page.get_by_text("Quincy").first).to_be_visible()
        kept = "async () => (await caches.match('/history')) !== undefined"
        page.wait_for_function(kept)

        page.goto(f"{base}/login")
        page.get_by_role("button", name="Log out of this device").click()
        expect(page.locator("[data-forget-device]")).to_contain_text("Logged out.")
        page.wait_for_function("async () => (await caches.match('/history')) === undefined")
        page.wait_for_function("async () => (await PadStore.all()).length === 0")

        phone.set_offline(True)
        for path in ("/history", "/players", "/"):
            page.goto(base + path)
            expect(page.locator("main")).not_to_contain_text("Quincy")
        page.goto(f"{base}/games/{game['id']}")
        expect(page.get_by_role("heading", name="Not on this phone")).to_be_visible()
        for path in ("/", "/games/new"):  # nor a new game to start (it could not be sent)
            page.goto(base + path)
            expect(page.locator("main")).to_contain_text("This phone was logged out")
            expect(page.get_by_role("button", name="Start the game")).to_have_count(0)
        phone.set_offline(False)  # logged in again: the home page offline again
        page.goto(f"{base}/login")
        log_in(page)
        phone.set_offline(True)
        page.goto(f"{base}/games/new")
        expect(page.get_by_role("button", name="Start the game")).to_be_visible()


def test_a_keeper_link_revoked_stops_the_sheet_open_on_the_phone(
    browser: Browser, guarded_server: str
) -> None:
    """The owner revokes the keeper link while its phone shows the sheet: the phone says
    the link was revoked at once, not the old rounds with "Enter round" still offered."""
    with keeper_phone(browser, guarded_server) as (phone, page, game, revoke):
        expect(page).to_have_url(f"{guarded_server}/games/{game}")
        expect(page.locator("[data-sheet-follow]")).to_have_attribute("data-connected", "yes")
        revoke()
        expect(page.get_by_text(re.compile("no longer works: it was revoked"))).to_be_visible(
            timeout=5_000
        )
        expect(page.get_by_role("link", name=re.compile("Enter round"))).to_have_count(0)
        # Nor does the phone offer the game offline any more.
        phone.set_offline(True)
        page.goto(f"{guarded_server}/games/{game}")
        expect(page.get_by_role("heading", name="Not on this phone")).to_be_visible()


@contextmanager
def keeper_phone(
    browser: Browser, base: str
) -> Iterator[tuple[BrowserContext, Page, str, Callable[[], None]]]:
    """A phone that opened a keeper link of a new game (Ann, Bob), its worker in charge:
    the phone, its page, the game's id, and what revokes the link."""
    game = api(base, "POST", "/games", {"players": ["Ann", "Bob"]}, password=GUARD_PASSWORD)
    shares = f"/games/{game['id']}/shares"
    made = api(base, "POST", shares, {"kind": "keeper"}, password=GUARD_PASSWORD)
    phone = browser.new_context(**PHONE_CONTEXT)
    try:
        page = phone.new_page()
        page.goto(made["link"])
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        yield (
            phone,
            page,
            game["id"],
            lambda: api(base, "DELETE", f"{shares}/{made['id']}", password=GUARD_PASSWORD),
        )
    finally:
        phone.close()


SHELL_LET_IN = """async () => {
  const shell = await caches.match("/offline");
  return Boolean(shell) && /<body[^>]* data-let-in[ >]/.test(await shell.text());
}"""


def test_a_keeper_phone_that_logs_in_later_has_the_whole_app_offline(
    browser: Browser, guarded_server: str
) -> None:
    """The keeper link's phone logs in later: its pages drawn offline then lead to the
    history and the players too (its worker fetched the shell again, no new worker)."""
    with keeper_phone(browser, guarded_server) as (phone, page, _game, _revoke):
        assert page.evaluate(SHELL_LET_IN) is False
        worker = page.evaluate("navigator.serviceWorker.controller.scriptURL")
        page.goto(f"{guarded_server}/login")
        log_in(page)
        page.wait_for_function(SHELL_LET_IN)
        phone.set_offline(True)
        page.goto(f"{guarded_server}/")
        sections = page.get_by_role("navigation", name="Sections")
        expect(sections.get_by_role("link", name="History")).to_be_visible()
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == worker


def test_a_round_typed_behind_a_keeper_link_revoked_meanwhile_stays_in_words(
    browser: Browser, guarded_server: str
) -> None:
    """Offline, a round is typed behind a keeper link that the owner revokes meanwhile:
    back online, the page that says the link was revoked shows that round in words, after
    a reload too, and once set aside, until it is dismissed (nothing typed is lost)."""
    with keeper_phone(browser, guarded_server) as (phone, page, game, revoke):
        phone.set_offline(True)
        page.reload()
        enter_round_here(page, ["Ann", "Bob"], [3, 9], "Ann")
        revoke()

        phone.set_offline(False)
        page.reload()
        expect(page.get_by_text(re.compile("no longer works: it was revoked"))).to_be_visible()
        kept = page.locator("[data-sync]")
        expect(kept).to_contain_text("It was: A new round: Ann 3 (closed), Bob 9.")
        expect(kept.get_by_role("link", name="Log in")).to_have_count(0)  # a link, not the password
        page.reload()
        expect(kept).to_contain_text("It was: A new round: Ann 3 (closed), Bob 9.")
        kept.get_by_role("button", name="Set it aside").click()
        expect(kept).to_contain_text("Set aside, not on the sheet: A new round: Ann 3 (closed)")
        page.reload()
        expect(kept).to_contain_text("Set aside, not on the sheet: A new round: Ann 3 (closed)")
        kept.get_by_role("button", name="Dismiss").click()
        expect(kept).to_be_hidden()
        expect(page.locator("main h1")).to_be_focused()  # not lost with the button
        rounds = api(guarded_server, "GET", f"/games/{game}", password=GUARD_PASSWORD)["rounds"]
        assert rounds == []
