"""An online table in real Chromium: the host's phone invites, two phones ("Ann" and "Bob")
play against each other and a computer player to the end, each seeing the other's moves
arrive without reloading, while a third phone watches as a spectator."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from browser_helpers import PHONE_CONTEXT, RECONNECT_MS, api, shoot
from playwright.sync_api import Browser, Page, expect
from table_helpers import choose, person_step, state

SEED = 11


def invite(page: Page, base: str) -> dict[str, str]:
    """The host's phone fills the new-table form and presses "Play online"; the links."""
    page.goto(base + "/tables/new")
    seats = [("Ann", "person"), ("Bob", "person"), ("", "easy")]
    for index, (name, kind) in enumerate(seats):
        page.get_by_label(f"Seat {index + 1} name", exact=True).fill(name)
        page.get_by_label(f"Seat {index + 1} plays as", exact=True).select_option(kind)
    page.get_by_text(re.compile("^Rules:")).click()
    page.get_by_label("Game ends at").fill("1")
    page.get_by_label("Deal number").fill(str(SEED))
    page.get_by_role("button", name=re.compile("Play online")).click()
    expect(page.get_by_role("heading", name="Check the line-up")).to_be_visible()
    page.get_by_role("button", name="Confirm and send the invitations").click()
    expect(page.get_by_role("heading", name="The table is ready")).to_be_visible()
    expect(page.get_by_text("No mail server is set up")).to_be_visible()
    expect(page.locator(".qr-code svg")).to_have_count(2)
    shoot(page, "online-invited", docs=True)
    links = [a.get_attribute("href") or "" for a in page.locator("[data-invite] [data-link]").all()]
    host = page.locator("[data-host-link]").get_attribute("href") or ""
    spectator = page.locator("a[href*='/t/']").nth(2).get_attribute("href") or ""
    return {"ann": links[0], "bob": links[1], "host": host, "spectator": spectator}


def test_two_phones_and_a_computer_play_online_to_the_end(
    browser: Browser, live_server: str
) -> None:
    contexts = [browser.new_context(**PHONE_CONTEXT) for _ in range(3)]
    try:
        ann, bob, watcher = (context.new_page() for context in contexts)
        links = invite(ann, live_server)
        ann.goto(links["ann"])
        bob.goto(links["bob"])
        watcher.goto(links["spectator"])
        phones = {"Ann": ann, "Bob": bob}
        for page in (ann, bob, watcher):
            expect(page.locator("[data-board]")).to_be_visible()
            expect(page.locator("[data-live]")).to_be_visible()
        expect(ann.locator("[data-mine-name]")).to_contain_text("Ann · your cards")
        expect(bob.locator("[data-mine-name]")).to_contain_text("Bob · your cards")
        expect(watcher.locator("[data-watching]")).to_be_visible()
        shoot(bob, "online-seat", docs=True)

        version = state(ann)["version"]
        held_seen = False  # the spectator was told whose card is in hand (never "Your card")
        for _ in range(400):
            for page in (ann, bob, watcher):  # every phone catches up without reloading
                page.wait_for_function(f"window.skyjoTable.state.version >= {version}")
            if state(watcher)["status"] == "finished":
                break
            mover = next((p for p in phones.values() if state(p)["moves"]), None)
            assert mover is not None, state(ann)
            s: dict[str, Any] = state(mover)
            if s["summary"] is not None:
                mover.get_by_role("button", name=re.compile("^Deal round")).click()
            else:
                person_step(mover)
            version = state(mover)["version"]
            held = state(mover)["view"]["held"]
            if not held_seen and held and held["from"] != "flip":
                watcher.wait_for_function(f"window.skyjoTable.state.version >= {version}")
                holder = next(name for name, phone in phones.items() if phone is mover)
                expect(watcher.locator("[data-hand-label]")).to_have_text(f"{holder}’s card")
                held_seen = True
        else:
            raise AssertionError("the game did not end")
        assert held_seen

        for page in (ann, bob, watcher):
            expect(page.locator("[data-summary]")).to_be_visible()
            expect(page.locator("[data-summary]")).to_contain_text(re.compile("wins|win"))
        shoot(bob, "online-game-over", docs=True)
        # The streams ended with the game; a reconnection (after RECONNECT_MS) gets 204.
        ann.wait_for_timeout(RECONNECT_MS + 1500)
        for page in (ann, bob, watcher):
            expect(page.locator("[data-live-offline]")).to_be_hidden()  # no "reconnecting…"
            expect(page.locator("[data-table-offline]")).to_be_hidden()  # nor "No network"
        shoot(watcher, "online-spectator")
        record = ann.locator("[data-summary] a[download]")
        expect(record).to_be_visible()

        # The host's page: who opened their link, the computer's seat, the record.
        host = contexts[0].new_page()
        host.goto(links["host"])
        expect(host.get_by_role("heading", name="Your table")).to_be_visible()
        expect(host.locator(".host-seats li")).to_have_count(3)
        expect(host.locator(".host-seats")).to_contain_text("Played by the computer")
        shoot(host, "online-host", docs=True)
    finally:
        for context in contexts:
            context.close()


def seat_call(base: str, token: str, method: str, path: str, body: Any = None) -> Any:
    """The online table's API as a seat's phone calls it (its bearer token)."""
    request = urllib.request.Request(
        f"{base}/api/tables/{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_scores_dealt_past_by_another_phone_stay_until_this_one_goes_on(
    browser: Browser, live_server: str
) -> None:
    """Bob deals round 2 while Ann's phone shows round 1's scores: they stay on Ann's phone
    until she goes on. Then her two opening cards, tapped at once, both turn up (the second
    waits for the first's answer)."""
    body = {"seats": [{"name": "Ann"}, {"name": "Bob"}], "seed": SEED, "rules": {"target": 500}}
    made = api(live_server, "POST", "/tables", body)
    game = made["id"]
    ann, bob = (seat["token"] for seat in made["seats"])
    context = browser.new_context(**PHONE_CONTEXT)
    try:
        page = context.new_page()
        page.goto(made["seats"][0]["link"])
        expect(page.locator("[data-live]")).to_be_visible()
        for _ in range(400):  # round 1, played by the API for both seats
            now = {token: seat_call(live_server, token, "GET", game) for token in (ann, bob)}
            if now[ann]["summary"] is not None:
                break
            token = next(token for token, seen in now.items() if seen["moves"])
            move = choose(now[token])
            seat_call(
                live_server,
                token,
                "POST",
                f"{game}/moves",
                {"version": now[token]["version"], "move": move},
            )
        summary = page.locator("[data-summary]")
        expect(summary).to_be_visible()
        expect(summary.get_by_role("button", name="Deal round 2")).to_be_visible()
        version = seat_call(live_server, bob, "GET", game)["version"]
        seat_call(
            live_server,
            bob,
            "POST",
            f"{game}/moves",
            {"version": version, "move": {"action": "deal"}},
        )
        page.wait_for_function(f"window.skyjoTable.state.version > {version}")
        expect(summary).to_be_visible()
        expect(summary.get_by_role("heading")).to_have_text("Round 1 is over")
        expect(summary.locator("tbody tr")).to_have_count(2)
        summary.get_by_role("button", name="Round 2 is dealt: go on").click()
        expect(summary).to_be_hidden()

        page.evaluate(
            "for (const cell of ['0,0', '0,1']) "
            "document.querySelector(`[data-mine-grid] [data-cell='${cell}']`).click()"
        )
        page.wait_for_function(
            "window.skyjoTable.state.view.grids[window.skyjoTable.state.you]"
            ".flat().filter((c) => c !== '?').length === 2"
        )
    finally:
        context.close()
