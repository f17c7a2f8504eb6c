"""The pad with the network gone, in both engines: a round saved offline reaches the server
once when the network returns.

In Chromium the context goes offline (navigator.onLine false, the events fired); in
WebKitGTK the phone browser sends every request to a proxy that is not there
(webkit_phone.py), and navigator.onLine stays true, as on a phone whose Wi-Fi is up but
leads nowhere. The service worker works in both (on 127.0.0.1, a secure context).
"""

from __future__ import annotations

import time

from browser_helpers import api, pad_game
from engines import Phone


def controlled(phone: Phone) -> bool:
    """The page is in the hands of the app's service worker."""
    return bool(phone.js("return !!(navigator.serviceWorker || {}).controller"))


def test_a_round_saved_offline_arrives_once(phone: Phone, live_server: str) -> None:
    game = pad_game(live_server, ["Ann", "Ben", "Cy"], [([5, 6, 7], 0)])
    phone.goto(f"{live_server}/games/{game}")
    phone.wait(lambda: phone.js("return navigator.serviceWorker.ready.then(() => true)"), "the SW")
    phone.goto(f"{live_server}/games/{game}/rounds/new")  # opened online: the phone keeps it
    phone.wait(lambda: controlled(phone), "the service worker in control")
    phone.offline(True)
    phone.tap('input[name=closer][value="1"]')
    phone.tap('[data-seat="0"] .score')
    for digits in ("9", "1"):
        phone.keys(digits)
        phone.enter()
    phone.tap('[data-seat="2"] label.sign')
    phone.keys("2")
    phone.tap("[data-save]")
    kept = "on this phone"
    phone.wait(lambda: kept in phone.text("main").lower(), "the round kept on the phone")
    time.sleep(1)
    assert len(api(live_server, "GET", f"/games/{game}")["rounds"]) == 1  # nothing got through
    phone.offline(False)
    phone.wait(
        lambda: len(api(live_server, "GET", f"/games/{game}")["rounds"]) == 2,
        "the round on the server",
        timeout=25,
    )
    time.sleep(2)  # a second copy, if one were sent, would be there by now
    rounds = api(live_server, "GET", f"/games/{game}")["rounds"]
    assert [r["raw"] for r in rounds] == [[5, 6, 7], [9, 1, -2]], phone.engine


def test_one_tap_saves_the_round_form_drawn_offline(phone: Phone, live_server: str) -> None:
    """Offline, the round form drawn on the phone: the last score typed and its field still
    focused, one tap on Save saves the round (the preview's redraw as the field lets go
    once cost WebKit that tap: the Save button's words were replaced under the finger)."""
    game = pad_game(live_server, ["Ann", "Ben", "Cy"], [([5, 6, 7], 0)])
    phone.goto(f"{live_server}/games/{game}")
    phone.wait(lambda: controlled(phone), "the service worker in control")
    phone.offline(True)
    phone.goto(f"{live_server}/games/{game}/rounds/new")
    phone.wait(lambda: phone.js("return !!document.querySelector('[data-save]')"), "the form")
    phone.tap('input[name=closer][value="1"]')
    for seat, digits in enumerate(("9", "1", "4")):
        phone.tap(f'[data-seat="{seat}"] .score')
        phone.keys(digits)
    phone.tap("[data-save]")
    waiting = "return document.querySelectorAll('table.sheet tr.waiting').length"
    phone.wait(lambda: phone.js(waiting) == 1, "the sheet with the round waiting", timeout=3)
    phone.offline(False)
