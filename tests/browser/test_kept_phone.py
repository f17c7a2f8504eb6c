"""The phone kept per test process (kept_phone.py) is as fresh for each test as a new one:
nothing a test leaves (cookies, storage of every kind, caches, a service worker, the
network cut, routes, permissions, the viewport, the colour scheme, other pages, listeners)
reaches the next; what cannot be taken back (Playwright's clock, an init script) or a
failed test gets a new context instead."""

from __future__ import annotations

from typing import Any

import pytest
from kept_phone import KeptPhone
from offline_helpers import installed
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

NEUTRAL = "/static/app.css"
"""A document of the app's origin that runs no script of the app (which would register
its service worker again and write its own storage)."""
PROBE = "/static/app.js?kept-phone-probe"
"""A file the server lets the browser keep for an hour (HTTP cache)."""
ROUTED = "http://kept-phone.invalid/"
"""An address only a test's route answers (no service worker of the app sees it)."""

LEAVE_EVERYTHING = """async () => {
  document.cookie = "left=1; path=/";
  localStorage.setItem("left", "1");
  sessionStorage.setItem("left", "1");
  await new Promise((done, failed) => {
    const opened = indexedDB.open("left", 1);
    opened.onupgradeneeded = () => opened.result.createObjectStore("things");
    opened.onsuccess = () => { opened.result.close(); done(); };
    opened.onerror = () => failed(opened.error);
  });
  await (await caches.open("left")).put("/left", new Response("left"));
}"""

IN_HTTP_CACHE = """() => fetch(PROBE, {cache: "only-if-cached", mode: "same-origin"})
  .then((answer) => answer.ok, () => false)""".replace("PROBE", repr(PROBE))
"""Whether the probe is in the HTTP cache (asked of the cache alone, never the network)."""

WHAT_IS_LEFT = """async () => {
  return {
    cookie: document.cookie,
    local: localStorage.length,
    session: sessionStorage.length,
    databases: (await indexedDB.databases()).map((d) => d.name),
    caches: await caches.keys(),
    workers: (await navigator.serviceWorker.getRegistrations()).length,
    online: navigator.onLine,
    dark: matchMedia("(prefers-color-scheme: dark)").matches,
    geolocation: (await navigator.permissions.query({name: "geolocation"})).state,
  };
}"""


def left_in(page: Page, base: str) -> dict[str, Any]:
    """What the phone holds for the app's origin, seen from a page that runs no app script."""
    page.goto(base + NEUTRAL)
    found: dict[str, Any] = page.evaluate(WHAT_IS_LEFT)
    size = page.viewport_size or {}
    return found | {"httpCache": page.evaluate(IN_HTTP_CACHE), "width": size.get("width")}


FRESH = {
    "cookie": "",
    "local": 0,
    "session": 0,
    "databases": [],
    "caches": [],
    "workers": 0,
    "online": True,
    "dark": False,
    "httpCache": False,
    "width": 390,
}


def test_a_cleaned_phone_holds_nothing_of_the_test_before(
    kept_phone: KeptPhone, live_server: str, browser: Browser, browser_context_args: dict[str, Any]
) -> None:
    context, page = kept_phone.lend()
    made = kept_phone.made
    page.goto(live_server + NEUTRAL)
    assert not page.evaluate(IN_HTTP_CACHE)
    page.evaluate(f"fetch({PROBE!r})")
    assert page.evaluate(IN_HTTP_CACHE)
    installed(page, live_server)  # the app's service worker controls the page
    page.evaluate(LEAVE_EVERYTHING)
    context.add_cookies([{"name": "lang", "value": "fr", "url": live_server}])
    context.grant_permissions(["geolocation"])
    page.emulate_media(color_scheme="dark")
    page.set_viewport_size({"width": 320, "height": 568})
    context.route(ROUTED + "**", lambda route: route.fulfill(body="routed"))
    other = context.new_page()
    other.goto(ROUTED)
    assert other.content().count("routed") == 1
    left = left_in(page, live_server)
    assert left["workers"] == 1 and left["caches"]  # all there
    assert left["local"] and left["session"] and "left" in left["databases"]
    assert "lang=fr" in left["cookie"] and left["dark"] and left["width"] == 320
    heard: list[str] = []
    page.on("console", lambda message: heard.append(message.text))
    context.set_offline(True)

    context, page = kept_phone.lend()

    assert kept_phone.made == made, "the phone was made again instead of cleaned"
    assert page.url == "about:blank" and context.pages == [page]
    assert context.cookies() == []
    cleaned = left_in(page, live_server)
    new = browser.new_context(**browser_context_args)
    try:
        assert cleaned == left_in(new.new_page(), live_server)  # as a new phone
    finally:
        new.close()
    assert {name: cleaned[name] for name in FRESH} == FRESH
    page.evaluate("console.log('after')")
    assert heard == []
    with pytest.raises(PlaywrightError):  # no route answers for a name that is nowhere
        page.goto(ROUTED)


def test_what_cannot_be_taken_back_gets_a_new_phone(
    kept_phone: KeptPhone, live_server: str
) -> None:
    context, page = kept_phone.lend()
    made = kept_phone.made
    page.clock.install()
    context, page = kept_phone.lend()
    assert kept_phone.made == made + 1
    page.goto(live_server + NEUTRAL)
    assert page.evaluate("Date.now.toString()").endswith("{ [native code] }")

    context.add_init_script("window.left = 1")
    context, page = kept_phone.lend()
    assert kept_phone.made == made + 2
    page.goto(live_server + NEUTRAL)
    assert page.evaluate("window.left") is None

    kept_phone.take_back(failed=True)
    kept_phone.lend()
    assert kept_phone.made == made + 3
    kept_phone.lend()
    assert kept_phone.made == made + 3  # a clean test's phone is kept
