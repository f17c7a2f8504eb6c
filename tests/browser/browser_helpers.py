"""What a player does on the pad's pages, as short steps for the browser tests."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "tests" / "screenshots"
DOCS_SCREENSHOTS = ROOT / "docs" / "screenshots"
REFRESH_DOCS = os.environ.get("SKYJO_DOC_SHOTS") == "1"
"""Only `make screenshots` (SKYJO_DOC_SHOTS=1) rewrites the pictures in docs/."""


def shoot(page: Page, name: str, *, docs: bool = False) -> Path:
    """Save the visible screen as tests/screenshots/NAME.png (and, when the docs' pictures
    are being refreshed, a copy at CSS pixel size in docs/screenshots/)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=path, animations="disabled", caret="hide")
    if docs and REFRESH_DOCS:
        DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(
            path=DOCS_SCREENSHOTS / f"{name}.png", animations="disabled", caret="hide", scale="css"
        )
    return path


def start_game(
    page: Page, base_url: str, names: Sequence[str], *, target: int | None = None
) -> None:
    """From the home page: New game, type the names (and a target), start; lands on the sheet."""
    page.goto(base_url + "/")
    page.get_by_role("link", name=re.compile("New game")).click()
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    for index, name in enumerate(names):
        box = page.get_by_label(f"Player {index + 1}", exact=True)
        if not box.count():
            page.get_by_role("button", name=re.compile("Another player")).click()
        box.fill(name)
    if target is not None:
        page.get_by_text(re.compile("^Rules:")).click()
        page.get_by_label("Game ends at").fill(str(target))
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name=re.compile(r"^Round 1\b"))).to_be_visible()


def seat(page: Page, name: str) -> Locator:
    """One player's block on the round form."""
    return page.locator("[data-seat]").filter(
        has=page.get_by_role("textbox", name=name, exact=True)
    )


def type_score(page: Page, name: str, score: int) -> None:
    """Type a score; a negative one is the minus toggle then the digits (no − on a keypad)."""
    block = seat(page, name)
    sign = block.get_by_role("checkbox")
    if (score < 0) != sign.is_checked():
        block.locator("label.sign").click()
    block.get_by_role("textbox", name=name, exact=True).fill(str(abs(score)))


def choose_closer(page: Page, name: str) -> None:
    """Tap the closer's chip (or Nobody)."""
    page.get_by_role("radio", name=name, exact=True).check()


def enter_round(
    page: Page, scores: dict[str, int], closer: str, *, preview: str | None = None
) -> None:
    """From the sheet: open the next round, type every score, pick the closer, save.

    `preview`, when given, is text the live preview must show before saving.
    """
    page.get_by_role("link", name=re.compile(r"Enter round \d+")).click()
    for name, score in scores.items():
        type_score(page, name, score)
    choose_closer(page, closer)
    if preview is not None:
        expect(page.locator("[data-preview]")).to_contain_text(preview)
    page.get_by_role("button", name=re.compile(r"^Save")).click()
    expect(page.locator("table.sheet, section.result").first).to_be_visible()


def expect_totals(page: Page, expected: Sequence[int]) -> None:
    """The sheet's totals row shows these numbers, in seat order."""
    expect(page.locator("tr.totals td")).to_have_text([str(n) for n in expected])
