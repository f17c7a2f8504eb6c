"""Issue 14: every main page meets WCAG 2.2 AA as axe-core measures it, light and dark.

axe-core (tests/vendor/axe-core, from the npm registry) is injected into each main page
and each phase of the play screen (page_walk.py) and run for the WCAG 2.0, 2.1 and 2.2
A and AA rules; a serious or critical finding fails the test, with where it is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import api, pad_game
from page_walk import MainPages, visit
from playwright.sync_api import Browser, Page

AXE = Path(__file__).resolve().parents[1] / "vendor" / "axe-core" / "axe.min.js"
SCHEMES = ("light", "dark")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
RUN = """async (tags) => {
  // resultTypes: only the violations are gathered in full (passes are not needed here).
  const only = { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] };
  const result = await axe.run(document, only);
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => {
      const where = v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ");
      return `${v.id} (${v.impact}): ${v.help} at ${where}`;
    });
}"""


def findings(page: Page) -> list[str]:
    """axe-core's serious and critical WCAG findings on the page as it is now."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(RUN, TAGS)
    return found


def test_every_main_page_passes_axe_light_and_dark(
    browser: Browser, browser_context_args: dict[str, Any], main_pages: MainPages
) -> None:
    """Each page is opened once and measured in both colour schemes: the dark one is CSS
    alone (prefers-color-scheme), so switching the emulated scheme redraws the page."""
    context = main_pages.context(browser, browser_context_args)
    page = context.new_page()
    problems: dict[str, list[str]] = {}
    for stop in visit(page, main_pages.stops):
        for scheme in SCHEMES:
            page.emulate_media(color_scheme=scheme)
            found = findings(page)
            if found:
                problems[f"{stop.name} ({scheme})"] = found
    context.close()
    assert not problems, "\n".join(f"{name}: {found}" for name, found in problems.items())


def test_a_sheet_wider_than_the_phone_scrolls_with_the_keyboard_too(
    page: Page, live_server: str
) -> None:
    """Twelve players' columns scroll sideways: the box that scrolls takes the focus (a
    keyboard scrolls it) on every page that draws a sheet, the ones with no link inside."""
    names = [f"Player {n}" for n in range(1, 13)]
    game = pad_game(live_server, names, [(list(range(12)), 0)])
    share = api(live_server, "POST", f"/games/{game}/shares", {"kind": "watch"})
    for path in (f"/history/{game}", f"/games/{game}", f"/s/{share['token']}"):
        page.goto(live_server + path)
        box = page.locator(".sheet-scroll").first
        assert box.evaluate("(el) => el.scrollWidth > el.clientWidth"), path
        assert not [f for f in findings(page) if f.startswith("scrollable-region")], path
        box.focus()
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "() => document.querySelector('.sheet-scroll').scrollLeft > 0", timeout=2000
        )
