"""Issue 14: a move the server refuses is explained on the play screen in the reader's
language (the API's `message`), not in the English of its `error`."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from table_helpers import my_cell, new_table, person_step, state


def test_a_stale_screen_is_told_so_in_french(page: Page, live_server: str) -> None:
    """The table open in two tabs of one phone: a move from the tab left behind is refused,
    in French, and that tab catches up with the table."""
    table = new_table(page, live_server, [("Åsa", "person"), ("Ödmjuk", "easy")], seed=11)
    page.context.add_cookies([{"name": "lang", "value": "fr", "url": live_server}])
    page.reload()
    behind = page.context.new_page()
    behind.goto(table)
    offered = [m["cell"] for m in state(behind)["moves"] if m["action"] == "reveal"]
    person_step(page)  # the first tab turns up a card: the second one is now behind
    before = state(behind)["version"]
    behind.locator(my_cell(behind, offered[-1])).click()
    said = behind.locator("[data-why]")
    expect(said).to_have_text(
        "La table a avancé depuis l’affichage de cet écran\u00a0: la voici telle qu’elle est "
        "maintenant."
    )
    assert state(behind)["version"] > before
