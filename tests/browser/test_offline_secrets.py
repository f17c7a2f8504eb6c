"""Issue 21: the service worker keeps the pad for offline use, but never a table's secret
link (a seat's, the host's) nor any answer that says no-store: a revoked link does not
open from the phone's cache."""

from __future__ import annotations

from browser_helpers import api, pad_game
from playwright.sync_api import BrowserContext, Error, Page, expect

KEPT = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
  }
  return urls;
}"""
"""Every address the service worker keeps, in every cache."""


def test_secret_links_never_open_offline(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    table = api(live_server, "POST", "/tables", {"seats": [{"name": "Ann"}, {"name": "Bob"}]})
    seat_link = table["seats"][0]["link"]
    host_link = f"{live_server}/t/{table['host_token']}"
    game = pad_game(live_server, ["Ann", "Bob"], [([4, 9], 0)])
    sheet = f"{live_server}/games/{game}"

    page.goto(live_server + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now the worker answers this page's requests
    for address in (seat_link, host_link, sheet):
        page.goto(address)
        assert page.locator("main").count() == 1
    page.goto(sheet)  # the worker stores as it answers: wait for the sheet to be kept
    page.wait_for_function(f"caches.match({sheet!r}).then(Boolean)")

    kept = page.evaluate(KEPT)
    assert sheet in kept  # the pad's pages are kept...
    assert not [url for url in kept if "/t/" in url]  # ...a secret link never

    context.set_offline(True)
    page.goto(sheet)  # the pad still opens offline (drawn on the phone from what it keeps)
    expect(page.locator("table.sheet")).to_contain_text("Ann")
    for address in (seat_link, host_link):
        try:
            page.goto(address)
        except Error:
            continue  # the browser's own "no network": nothing of the table
        assert table["seats"][0]["token"] not in page.content()
        assert "Bob" not in page.content()
    context.set_offline(False)
