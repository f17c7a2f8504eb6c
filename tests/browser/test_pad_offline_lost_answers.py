"""A new round the server took while its answer was lost, then changed on the phone before
it was sent again: the server's round is corrected to what the phone now says (a retry of
the same id changes nothing by itself), and nothing is shown as a conflict."""

from __future__ import annotations

import re

from browser_helpers import api, pad_game, type_score
from offline_helpers import (
    another_phone_corrects,
    enter_round_here,
    installed,
    server_rounds,
    watch_for_conflicts,
)
from playwright.sync_api import BrowserContext, Page, Route, expect

AB = ["Ann", "Ben"]

LOSE_FIRST_ANSWER = """(() => {
  const real = window.fetch;
  let dead = false;  // after the lost answer, the network stays dead for this page
  window.fetch = async (input, init) => {
    if (dead) throw new TypeError("Failed to fetch");
    const pattern = sessionStorage.getItem("lose-first-answer");
    const request = new Request(input, init);
    const answer = await real(input, init);  // the server has it and answers
    const path = new URL(request.url).pathname;
    if (pattern && request.method === "POST" && new RegExp(pattern).test(path)) {
      sessionStorage.removeItem("lose-first-answer");
      dead = true;
      console.log("ANSWER LOST");
      throw new TypeError("Failed to fetch");
    }
    return answer;
  };
})();"""
"""On every page of the context: once armed (`sessionStorage`, so that it holds across a
reload before the send), the first POST to a matching path reaches the server and its
answer is lost; that page's network is then dead (a page opened later has it back)."""


def _sent_but_unanswered(page: Page, context: BrowserContext, live_server: str) -> str:
    """A game whose round 1 (Ann 2, closing; Ben 8) was saved offline, then sent when the
    network came back: the server saved it, its answer was lost and the network dropped
    again. The game's id."""
    game = pad_game(live_server, AB)
    context.add_init_script(LOSE_FIRST_ANSWER)
    installed(page, live_server, f"/games/{game}")
    context.set_offline(True)
    enter_round_here(page, AB, [2, 8], "Ann")
    expect(page.locator("tr.waiting")).to_have_count(1)
    lost: list[str] = []
    page.on(
        "console", lambda message: lost.append(message.text) if "LOST" in message.text else None
    )
    arm = "(path) => sessionStorage.setItem('lose-first-answer', path)"
    page.evaluate(arm, r"^/api/games/\w+/rounds$")
    context.set_offline(False)
    page.evaluate("window.PadSync.sendAll()")  # at once (a retry may be seconds away)
    for _ in range(200):
        if lost:
            break
        page.wait_for_timeout(100)
    context.set_offline(True)
    assert lost == ["ANSWER LOST"]
    return game


def _ben_corrected_reaches_the_server(
    page: Page, context: BrowserContext, live_server: str, game: str
) -> None:
    """Offline, Ben's 8 of round 1 corrected to 7; back online, the server has round 1 as
    Ann 2 (closed), Ben 7, once."""
    _correct_ben(page, 1, 7)
    expect(page.locator("tr.totals td")).to_have_text(["2", "7"])
    assert _rounds_once_back(page, context, live_server, game) == [([2, 7], 0)]


def _another_phone_sets_ann_to_1(live_server: str, game: str) -> None:
    """Another phone, online, corrects round 1 to Ann 1 (closed), Ben 8."""
    another_phone_corrects(live_server, game, 1, [1, 8], 0)


def _rounds_once_back(
    page: Page, context: BrowserContext, live_server: str, game: str
) -> list[tuple[list[int], int | None]]:
    """The network back: once nothing waits on the phone, the server's rounds."""
    context.set_offline(False)
    expect(page.locator("[data-waiting-note].queued")).to_have_count(0, timeout=20_000)
    return server_rounds(live_server, game)


def _take_back_round_1(page: Page) -> None:
    """On the sheet drawn offline: round 1 taken back, confirmed."""
    page.get_by_role("link", name="Take back round 1").tap()
    page.get_by_role("button", name="Take back round 1").tap()


def _correct_ben(page: Page, number: int, score: int) -> None:
    """On the sheet drawn offline: round `number` corrected, Ben's score now `score`."""
    page.get_by_role("link", name=f"Correct round {number}").tap()
    page.get_by_role("textbox", name="Ben", exact=True).fill(str(score))
    page.get_by_role("button", name=re.compile("^Save the correction")).tap()
    expect(page.locator("table.sheet").first).to_be_visible()


def test_a_waiting_round_corrected_after_its_lost_send_arrives_corrected(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """The phone sent its waiting round (the server saved it, the answer was lost), then
    Ben's score was corrected offline: the retry corrects the server's round."""
    conflicts = watch_for_conflicts(context, page)
    game = _sent_but_unanswered(page, context, live_server)
    assert server_rounds(live_server, game) == [([2, 8], 0)]
    _ben_corrected_reaches_the_server(page, context, live_server, game)
    assert conflicts == []


def test_a_round_from_the_servers_form_whose_answer_was_lost_is_corrected_once_changed(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Save on the server's form reaches the server, its answer never the phone: the round
    is kept to send again; Ben's score corrected before the network returns corrects the
    server's round (the retry alone would leave the first scores there)."""
    conflicts = watch_for_conflicts(context, page)
    game = pad_game(live_server, AB)
    installed(page, live_server, f"/games/{game}/rounds/new")
    page.reload()  # now under the service worker's control
    type_score(page, "Ann", 2)
    type_score(page, "Ben", 8)
    page.get_by_role("radio", name="Ann", exact=True).check()
    page.wait_for_timeout(300)  # the draft is kept as it is typed
    dead = re.compile(r"^http://127\.0\.0\.1:\d+/(games|api)/")

    def saved_but_unanswered(route: Route) -> None:
        if route.request.method == "POST" and route.request.url.endswith("/rounds/new"):
            route.fetch()  # the server saves the round ...
        route.abort()  # ... its answer is lost, and nothing answers after it

    context.route(dead, saved_but_unanswered)
    page.get_by_role("button", name=re.compile("^Save round 1")).tap()
    expect(page.locator("tr.waiting")).to_have_count(1)
    assert server_rounds(live_server, game) == [([2, 8], 0)]
    context.set_offline(True)
    context.unroute(dead)
    _ben_corrected_reaches_the_server(page, context, live_server, game)
    assert conflicts == []


def test_a_lost_round_another_phone_corrected_since_is_a_conflict_that_keeps_both(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """As above, but another phone corrected Ann's score of that round meanwhile: both
    versions are shown; sending mine keeps the other phone's Ann and this phone's Ben."""
    conflicts = watch_for_conflicts(context, page)
    game = _sent_but_unanswered(page, context, live_server)
    _another_phone_sets_ann_to_1(live_server, game)
    _correct_ben(page, 1, 7)
    context.set_offline(False)
    conflict = page.locator("[data-conflict]")
    expect(conflict).to_be_visible()
    # Both versions of round 1: the other phone's, and this phone's with Ben's 7.
    expect(conflict.locator("table").nth(0).locator("tr.totals td")).to_have_text(["1", "8"])
    expect(conflict.locator("table").nth(1).locator("tr.totals td")).to_have_text(["2", "7"])
    assert server_rounds(live_server, game) == [([1, 8], 0)]
    conflict.get_by_role("button", name="Send mine after theirs").tap()
    expect(page.locator("[data-conflict]")).to_have_count(0)
    assert server_rounds(live_server, game) == [([1, 7], 0)]
    assert conflicts


def test_a_lost_round_taken_back_offline_is_taken_back_on_the_server(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """The round the server took (its answer lost) is taken back on the phone: it waits as
    a change, and the server ends without it."""
    conflicts = watch_for_conflicts(context, page)
    game = _sent_but_unanswered(page, context, live_server)
    _take_back_round_1(page)
    expect(page.locator("[data-waiting-note]")).to_contain_text("1 change is kept on this phone")
    expect(page.locator("tr.waiting")).to_have_count(0)
    assert server_rounds(live_server, game) == [([2, 8], 0)]
    assert _rounds_once_back(page, context, live_server, game) == []
    assert conflicts == []


def test_a_lost_round_both_phones_took_back_is_no_conflict(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Another phone took the round back, and so did this one: nothing is left to send,
    and no conflict is shown."""
    conflicts = watch_for_conflicts(context, page)
    game = _sent_but_unanswered(page, context, live_server)
    version = api(live_server, "GET", f"/games/{game}")["version"]
    api(live_server, "DELETE", f"/games/{game}/rounds/1", {"version": version})
    _take_back_round_1(page)
    assert _rounds_once_back(page, context, live_server, game) == []
    assert conflicts == []


def test_a_lost_round_another_phone_corrected_is_not_taken_back_unseen(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Taken back here while another phone corrected it: both versions are shown first, and
    keeping theirs keeps the other phone's correction."""
    game = _sent_but_unanswered(page, context, live_server)
    _another_phone_sets_ann_to_1(live_server, game)
    _take_back_round_1(page)
    context.set_offline(False)
    conflict = page.locator("[data-conflict]")
    expect(conflict).to_be_visible()
    expect(conflict.locator("table").nth(0).locator("tr.totals td")).to_have_text(["1", "8"])
    assert server_rounds(live_server, game) == [([1, 8], 0)]
    conflict.get_by_role("button", name="Keep theirs, set mine aside").tap()
    expect(page.locator("[data-conflict]")).to_have_count(0)
    assert server_rounds(live_server, game) == [([1, 8], 0)]


def test_a_correction_set_aside_is_not_told_as_made(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    """Corrected here offline while another phone corrected the same round: once "Keep
    theirs" is chosen, the sheet no longer says this phone's correction was made."""
    game = pad_game(live_server, AB, [([2, 8], 0)])
    installed(page, live_server, f"/games/{game}")
    context.set_offline(True)
    _correct_ben(page, 1, 7)
    told = page.get_by_text("Ben, round 1: 8 → 7")
    expect(told).to_be_visible()
    _another_phone_sets_ann_to_1(live_server, game)
    context.set_offline(False)
    conflict = page.locator("[data-conflict]")
    conflict.get_by_role("button", name="Keep theirs, set mine aside").tap()
    expect(page.locator("[data-conflict]")).to_have_count(0)
    expect(told).to_have_count(0)
    assert server_rounds(live_server, game) == [([1, 8], 0)]
