"""A score sheet on every phone at the table, in real Chromium against a real server
(issue 23): a watcher sees a round saved elsewhere within a second, without reloading; a
keeper's round reaches the first phone; a revoked link stops; the big screen at 1280×720."""

from __future__ import annotations

import re
import time

import pytest
from browser_helpers import PHONE_CONTEXT, api, enter_round, pad_game, phones, shoot
from playwright.sync_api import Browser, Page, expect

TV = {"viewport": {"width": 1280, "height": 720}, "locale": "en-GB", "bypass_csp": True}


def make_link(page: Page, base_url: str, game_id: str, kind: str) -> str:
    """On the sheet: "Show on other phones", make a link; the link the page shows once."""
    page.goto(f"{base_url}/games/{game_id}")
    page.get_by_role("link", name="Show on other phones").click()
    page.get_by_role("button", name=f"Make a {kind} link").click()
    fresh = page.locator("[data-fresh-link]")
    expect(fresh).to_be_visible()
    page.wait_for_load_state("load")  # its stylesheet sizes the code: measured once it applies
    qr = fresh.locator("[data-qr] svg")
    box = qr.bounding_box()
    assert box is not None and box["width"] >= 240 and box["height"] >= 240  # scannable
    link = fresh.locator("[data-link]").inner_text()
    assert re.fullmatch(rf"{re.escape(base_url)}/s/[\w-]{{32,}}", link), link
    return link


NAMES_CUT = """(selector) => [...document.querySelectorAll(selector)].filter((name) => {
  const range = document.createRange();
  range.selectNodeContents(name);
  const rects = [...range.getClientRects()].filter((r) => r.width > 0);
  const lines = new Set(rects.map((r) => Math.round(r.top)));
  return !name.textContent.trim().includes(" ") && lines.size > 1;
}).map((name) => name.textContent.trim())"""
"""The one-word names under `selector` that are cut across two lines."""


def following(page: Page) -> None:
    """Wait until the page's event stream is open (its first event arrived)."""
    page.wait_for_function(
        "document.querySelector('[data-live], [data-sheet-follow]').dataset.connected === 'yes'",
        timeout=10_000,
    )


def totals(page: Page) -> dict[str, str]:
    names = page.locator("[data-watch-total] .who").all_inner_texts()
    points = page.locator("[data-watch-total] .pts").all_inner_texts()
    return {n.replace("★", "").strip(): p for n, p in zip(names, points, strict=True)}


def test_a_watcher_sees_a_round_saved_on_another_phone_within_a_second(
    browser: Browser, live_server: str
) -> None:
    with phones(browser, 2) as (owner, watcher):
        game = pad_game(live_server, ["Ann", "Bob", "Cy", "Dawit"])
        link = make_link(owner, live_server, game, "watch")
        shoot(owner, "pad-share-link", docs=True)
        watcher.goto(link)
        expect(watcher.get_by_role("heading", name=re.compile("^Round 1"))).to_be_visible()
        following(watcher)
        watcher.evaluate("window.notReloaded = true")
        for number, (scores, closer) in enumerate(
            [([5, 20, 12, 30], 2), ([10, 3, 8, -2], 3), ([25, 14, 7, 9], 2)], start=2
        ):
            started = time.monotonic()
            saved = api(
                live_server, "POST", f"/games/{game}/rounds", {"scores": scores, "closer": closer}
            )
            heading = watcher.get_by_role("heading", name=re.compile(f"^Round {number}"))
            expect(heading).to_be_visible(timeout=1_000)
            waited = time.monotonic() - started
            assert waited < 1.0, waited
            expected = {
                name: str(t) for name, t in zip(saved["players"], saved["totals"], strict=True)
            }
            assert totals(watcher) == expected
        expect(watcher.locator("[data-last-round]")).to_contain_text("Cy closed with the lowest")
        assert watcher.evaluate("window.notReloaded") is True
        shoot(watcher, "pad-share-watcher", docs=True)


def test_a_watcher_catches_up_at_once_when_the_network_is_back(
    browser: Browser, live_server: str
) -> None:
    with phones(browser, 2) as (owner, watcher):
        game = pad_game(live_server, ["Ann", "Bob"])
        watcher.goto(make_link(owner, live_server, game, "watch"))
        following(watcher)
        watcher.evaluate("window.notReloaded = true")
        watcher.context.set_offline(True)
        expect(watcher.locator("[data-live-state]")).to_contain_text("Reconnecting", timeout=1_000)
        expect(watcher.locator("[data-offline]")).to_have_count(0)  # "rounds you save": not here
        for scores in ([3, 12], [7, 2]):
            api(live_server, "POST", f"/games/{game}/rounds", {"scores": scores, "closer": 0})
        watcher.wait_for_timeout(500)
        expect(watcher.get_by_role("heading", name=re.compile("^Round 1"))).to_be_visible()
        watcher.context.set_offline(False)  # the network is back: it looks at once, not
        # at the stream's next retry (3 s)
        expect(watcher.get_by_role("heading", name=re.compile("^Round 3"))).to_be_visible(
            timeout=2_000
        )
        assert totals(watcher) == {"Ann": "17", "Bob": "14"}  # 3 + 7×2, 12 + 2
        assert watcher.evaluate("window.notReloaded") is True


def test_a_keeper_saves_a_round_that_the_first_phone_sees(
    browser: Browser, live_server: str
) -> None:
    with phones(browser, 3) as (owner, keeper, watcher):
        game = pad_game(live_server, ["Ann", "Bob", "Cy"], [([8, 50, 10], 2)])
        keeper_link = make_link(owner, live_server, game, "keeper")
        watch_link = make_link(owner, live_server, game, "watch")
        watcher.goto(watch_link)
        following(watcher)
        owner.goto(f"{live_server}/games/{game}")
        following(owner)
        keeper.goto(keeper_link)
        expect(keeper).to_have_url(f"{live_server}/games/{game}")
        enter_round(keeper, {"Ann": 4, "Bob": 3, "Cy": 12}, "Bob")
        saved = time.monotonic()
        expect(owner.locator("tr.totals td")).to_have_text(["12", "53", "32"], timeout=1_000)
        expect(watcher.locator("[data-watch-total='0'] .pts")).to_have_text("12", timeout=1_000)
        assert time.monotonic() - saved < 1.5
        # two phones saving the same round at once: one round, and a clear word to the other
        keeper.get_by_role("link", name="Enter round 3").click()
        owner.get_by_role("link", name="Enter round 3").click()
        for page, scores in ((owner, (1, 2, 3)), (keeper, (4, 5, 6))):
            for name, score in zip(("Ann", "Bob", "Cy"), scores, strict=True):
                page.get_by_role("textbox", name=name, exact=True).fill(str(score))
            page.get_by_role("radio", name="Nobody", exact=True).check()
        owner.get_by_role("button", name=re.compile("^Save")).click()
        expect(owner.locator("tr.totals td")).to_have_text(["13", "55", "35"])
        keeper.get_by_role("button", name=re.compile("^Save")).click()
        expect(keeper.locator(".flash-error")).to_contain_text("another phone saved")
        rounds = api(live_server, "GET", f"/games/{game}")["rounds"]
        assert [r["raw"] for r in rounds][-1] == [1, 2, 3] and len(rounds) == 3


SHOW = """(visible) => {
  const value = visible ? "visible" : "hidden";
  Object.defineProperty(document, "visibilityState", { value, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""
"""Put the page in the background (another app in front) or bring it back."""


def test_a_sheet_in_the_background_while_a_round_is_saved_shows_it_on_coming_back(
    page: Page, live_server: str
) -> None:
    """The owner looks at another app while someone saves round 2 elsewhere: the sheet,
    brought back, shows round 2 at once (not on the next round saved)."""
    game = pad_game(live_server, ["Ann", "Bob"], [([8, 50], 0)])
    page.goto(f"{live_server}/games/{game}")
    following(page)
    page.evaluate(SHOW, False)
    api(live_server, "POST", f"/games/{game}/rounds", {"scores": [4, 3], "closer": None})
    page.wait_for_timeout(500)  # the version told while hidden: no reload behind its back
    expect(page.locator("tr.totals td")).to_have_text(["8", "50"])
    page.evaluate(SHOW, True)
    expect(page.locator("tr.totals td")).to_have_text(["12", "53"], timeout=2_000)


def test_a_revoked_link_stops_on_the_phone_holding_it(browser: Browser, live_server: str) -> None:
    with phones(browser, 2) as (owner, watcher):
        game = pad_game(live_server, ["Ann", "Bob"])
        link = make_link(owner, live_server, game, "watch")
        watcher.goto(link)
        following(watcher)
        owner.get_by_role("button", name="Revoke").first.click()
        expect(owner.locator(".flash-info")).to_contain_text("The watch link was revoked")
        expect(owner.get_by_text("No links yet")).to_be_visible()
        expect(watcher.locator("[data-live-state]")).to_contain_text("revoked", timeout=5_000)
        api(live_server, "POST", f"/games/{game}/rounds", {"scores": [3, 4], "closer": 0})
        watcher.wait_for_timeout(1_000)
        expect(watcher.get_by_role("heading", name=re.compile("^Round 1"))).to_be_visible()
        watcher.goto(link)
        expect(watcher.get_by_role("heading", name="Not found")).to_be_visible()


def test_the_big_screen_at_1280_by_720(browser: Browser, live_server: str) -> None:
    context = browser.new_context(**TV)
    try:
        page = context.new_page()
        game = pad_game(
            live_server, ["Ann", "Bob", "Cy", "Dawit"], [([5, 20, 12, 30], 2), ([10, 3, 8, -2], 3)]
        )
        page.goto(f"{live_server}/games/{game}/tv")
        following(page)
        expect(page.locator(".tv-leader")).to_have_text("★ Ann leads with 15")
        api(live_server, "POST", f"/games/{game}/rounds", {"scores": [25, 14, 7, 9], "closer": 2})
        expect(page.locator(".tv-leader")).to_have_text(
            "★ Bob and Dawit lead with 37", timeout=1_000
        )
        news = page.get_by_role("status").filter(has_text="lead with 37")
        expect(news).to_have_text("★ Bob and Dawit lead with 37")  # told, not only drawn
        expect(page.get_by_role("heading", level=1)).to_have_text("★ Bob and Dawit lead with 37")
        expect(page.locator("[data-tv-total] .pts")).to_have_text(["37", "37", "39", "40"])
        expect(page.locator(".tv-last .doubling")).to_have_text(
            "Cy closed with the lowest score: not doubled."
        )
        for row in page.locator("[data-tv-total]").all():  # every total on the screen, large
            box = row.bounding_box()
            assert box is not None and box["y"] + box["height"] <= 720 and box["height"] >= 60
        font = page.locator("[data-tv-total] .pts").first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)"
        )
        assert font >= 48
        shoot(page, "pad-share-tv", docs=True)
    finally:
        context.close()


@pytest.mark.parametrize("seats", [6, 12])
def test_the_big_screen_at_double_text_shows_the_last_round_whole(
    browser: Browser, live_server: str, seats: int
) -> None:
    """A TV is not scrolled: with the reader's text at 200 %, the totals, the last round and
    its doubling sentence are drawn smaller until they fit 1280×720, and still do after
    the next round comes in."""
    context = browser.new_context(**TV)
    try:
        page = context.new_page()
        context.new_cdp_session(page).send(
            "Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}}
        )
        names = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou"]
        scores = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16][:seats]
        game = pad_game(live_server, names[:seats], [(scores, 1)])  # Ben closed: doubled
        page.goto(f"{live_server}/games/{game}/tv")
        following(page)
        for expected in ("Ben 6 → 12", "Ben 7 → 14"):
            doubling = page.locator("[data-last-round] .doubling")
            expect(doubling).to_contain_text(expected)
            box = doubling.bounding_box()
            assert box is not None and box["y"] + box["height"] <= 720, (expected, box)
            assert page.evaluate("document.documentElement.scrollHeight") <= 721
            shoot(page, f"tv-double-text-{seats}")
            later = [7, *scores[1:]]
            later[1] = 7
            api(live_server, "POST", f"/games/{game}/rounds", {"scores": later, "closer": 1})
    finally:
        context.close()


@pytest.mark.parametrize("screen", [(1280, 720), (844, 390)], ids=["TV", "phone landscape"])
def test_twelve_totals_all_fit_the_big_screen(
    browser: Browser, live_server: str, screen: tuple[int, int]
) -> None:
    width, height = screen
    # (bypass_csp: `following` waits by a script the page's policy would refuse to run)
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    try:
        page = context.new_page()
        names = [
            "Ann",
            "Bob",
            "Cy",
            "Dee",
            "Eve",
            "Fay",
            "Gus",
            "Hal",
            "Ingrid",
            "Jo",
            "Kim",
            "Lou",
        ]
        rounds = [([n, 20 - n, 5, 7, 9, 11, 13, 2, 30, 4, 6, 8], 0) for n in range(3)]
        page.goto(f"{live_server}/games/{pad_game(live_server, names, rounds)}/tv")
        following(page)
        rows = page.locator("[data-tv-total]")
        expect(rows).to_have_count(12)
        for row in rows.all():
            box = row.bounding_box()
            assert box is not None and box["y"] + box["height"] <= height, row.inner_text()
    finally:
        context.close()


def test_the_shared_pages_work_under_the_content_security_policy(
    browser: Browser, live_server: str
) -> None:
    context = browser.new_context(**{**PHONE_CONTEXT, "bypass_csp": False})
    try:
        page = context.new_page()
        reported: list[str] = []
        page.on(
            "console",
            lambda message: (
                reported.append(message.text) if message.type in ("error", "warning") else None
            ),
        )
        game = pad_game(live_server, ["Ann", "Bob"])
        link = make_link(page, live_server, game, "watch")
        for rounds, address in enumerate((link, link + "/tv"), start=1):
            answer = page.goto(address)
            assert (
                answer is not None
                and "script-src 'self'" in answer.headers["content-security-policy"]
            )
            expect(page.locator("[data-live]")).to_have_attribute("data-connected", "yes")
            api(live_server, "POST", f"/games/{game}/rounds", {"scores": [3, 12], "closer": 0})
            expect(page.locator("[data-part]")).to_have_attribute(
                "data-rounds", str(rounds), timeout=1_000
            )
        assert reported == [], reported
    finally:
        context.close()


def test_the_shared_pages_pass_axe_light_and_dark(browser: Browser, live_server: str) -> None:
    from test_accessibility import SCHEMES, findings

    context = browser.new_context(**PHONE_CONTEXT)
    try:
        page = context.new_page()
        game = pad_game(live_server, ["Ann", "Bob", "Cy"], [([8, 50, 10], 2), ([3, 4, 5], None)])
        link = make_link(page, live_server, game, "watch")
        problems: dict[str, list[str]] = {}
        for name, address in (
            ("links", None),
            ("watch", link),
            ("big screen", link + "/tv"),
        ):
            if address is not None:
                page.goto(address)
            for scheme in SCHEMES:
                page.emulate_media(color_scheme=scheme)
                found = findings(page)
                if found:
                    problems[f"{name} ({scheme})"] = found
        assert not problems, problems
    finally:
        context.close()


@pytest.mark.parametrize("check", ["reflow at 320 px", "text at 200 %"])
def test_the_shared_pages_lose_nothing_at_320_px_or_200_percent_text(
    browser: Browser, live_server: str, check: str
) -> None:
    from test_zoom import DOUBLE_TEXT, REFLOW, lost

    reflow = check.startswith("reflow")
    viewport = REFLOW if reflow else {"width": 390, "height": 844}
    context = browser.new_context(
        **{**PHONE_CONTEXT, "viewport": viewport, "device_scale_factor": 1}
    )
    try:
        page = context.new_page()
        if not reflow:
            context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": DOUBLE_TEXT})
        names = ["Annabelle", "Bartholomew", "Cy", "Dawit", "Eve"]
        game = pad_game(live_server, names, [([8, 50, 10, 3, -2], 2)])
        link = make_link(page, live_server, game, "keeper")
        problems = {"links": lost(page, viewport["width"])}
        page.goto(link + "/tv")  # (the sheet itself is test_zoom's)
        problems["big screen"] = lost(page, viewport["width"])
        watch = make_link(page, live_server, game, "watch")
        page.goto(watch)
        problems["watch"] = lost(page, viewport["width"])
        problems["names cut"] = page.evaluate(NAMES_CUT, ".watch-totals .who")
        assert not any(problems.values()), problems
    finally:
        context.close()


def test_the_big_screen_on_a_phone_at_double_text_tries_half_size(
    browser: Browser, live_server: str
) -> None:
    """Twelve long names at 200 % text on a phone upright: drawn smaller step by step down
    to half size (0.5 itself, which a sum of floating-point steps missed), where it fits."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    try:
        page = context.new_page()
        context.new_cdp_session(page).send(
            "Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}}
        )
        names = [f"{name}-Annabelle" for name in "ABCDEFGHIJKL"]
        game = pad_game(live_server, names, [(list(range(5, 17)), 1)])
        page.goto(f"{live_server}/games/{game}/tv")
        following(page)
        zoom = page.locator("[data-live-part]").evaluate("(el) => el.style.zoom")
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= 845, (zoom, height)
    finally:
        context.close()
