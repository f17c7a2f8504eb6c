"""The pages drawn offline speak the language the reader chose last, even when it was
chosen after the app was installed; their language links come back to the page they are
on, and are offered only with a network."""

from __future__ import annotations

from offline_helpers import installed
from playwright.sync_api import BrowserContext, Page, expect

SHELL_LANGUAGE = """async () => {
  const shell = await caches.match("/offline");
  const found = shell && (await shell.text()).match(/<html lang="([^"]+)">/);
  return found ? found[1] : null;
}"""


def test_a_language_chosen_after_install_is_the_offline_pages_language(
    page: Page, context: BrowserContext, live_server: str
) -> None:
    installed(page, live_server, "/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert page.evaluate(SHELL_LANGUAGE) == "en"
    page.get_by_role("link", name="Svenska").tap()
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    # The worker was told the page's language: its shell is in Swedish once fetched again.
    for _ in range(50):
        if page.evaluate(SHELL_LANGUAGE) == "sv":
            break
        page.wait_for_timeout(100)
    assert page.evaluate(SHELL_LANGUAGE) == "sv"
    context.set_offline(True)
    page.goto(f"{live_server}/games/new")
    expect(page.get_by_role("heading", name="Nytt spel")).to_be_visible()
    expect(page.locator("footer.languages")).to_be_hidden()
    context.set_offline(False)
    expect(page.locator("footer.languages")).to_be_visible()
    deutsch = page.get_by_role("link", name="Deutsch")
    expect(deutsch).to_have_attribute("href", "/language/de?next=%2Fgames%2Fnew")
    deutsch.tap()
    expect(page).to_have_url(f"{live_server}/games/new")
    expect(page.locator("html")).to_have_attribute("lang", "de")
