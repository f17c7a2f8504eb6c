"""A table survives the server going down mid-round: open it again and play on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_helpers import FAST_PACE
from databases import Databases
from playwright.sync_api import Page, expect
from servers import Server
from table_helpers import (
    new_table,
    person_step,
    play_until_summary,
    skip_ahead,
    state,
    tap_and_wait,
)


@pytest.mark.both_databases  # what a table keeps is in the database
def test_table_survives_a_server_restart(page: Page, tmp_path: Path, databases: Databases) -> None:
    """Mid-turn, with a drawn card in hand, the server restarts; the table is the same."""
    server = Server(databases.empty("table"), tmp_path / "server.log", environ=FAST_PACE)
    server.start()
    try:
        new_table(page, server.base, [("Ann", "person"), ("", "easy")], target=100, seed=7)
        person_step(page)
        person_step(page)
        for _ in range(30):  # let the computer play until Ann may draw
            s = state(page)
            if s["actor"] == 0 and s["view"]["phase"] == "turn" and s["view"]["held"] is None:
                break
            skip_ahead(page)
            page.wait_for_timeout(200)
        tap_and_wait(page, "[data-draw]")
        before = state(page)
        assert before["view"]["held"]["from"] == "draw"

        server.stop()
        server.start()
        page.reload()
        expect(page.locator("[data-board]")).to_be_visible()
        after = state(page)
        assert after["version"] == before["version"]
        assert after["view"] == before["view"]  # the same cards, the same card in hand
        assert after["log"] == before["log"]

        play_until_summary(page)
        expect(page.locator("[data-summary]")).to_contain_text(
            re.compile("Round 1 is over|Game over")
        )
    finally:
        server.stop()
