"""The new game's rules summary ("Rules: to 100, closer ×2") follows the fields as they are
changed, on the server's form and on the one the phone draws offline."""

from __future__ import annotations

import pytest
from offline_helpers import installed
from playwright.sync_api import BrowserContext, Page, expect


@pytest.mark.parametrize("where", ["online", "offline"])
def test_the_rules_summary_says_what_the_game_will_use(
    page: Page, context: BrowserContext, live_server: str, where: str
) -> None:
    installed(page, live_server, "/games/new")
    if where == "offline":
        context.set_offline(True)
        page.reload()
        expect(page.locator("[data-shell-new]")).to_be_visible()
    summary = page.locator("details.rules summary")
    expect(summary).to_contain_text("Rules: to 100, closer ×2")
    summary.tap()
    page.get_by_label("Game ends at").fill("250")
    page.get_by_label("Closer’s penalty: score ×").fill("3")
    summary.tap()
    expect(summary).to_contain_text("Rules: to 250, closer ×3")
