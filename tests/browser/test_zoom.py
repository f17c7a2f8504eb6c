"""Issue 14: nothing is lost when a reader enlarges the text or narrows the screen.

Two WCAG 2.2 checks in real Chromium, over every main page and each phase of the play
screen (page_walk.py):

- Reflow (1.4.10): the page at 320 CSS px wide (what 1280 px at 400 % zoom leaves), at a
  device scale of 1.
- Resize text (1.4.4): the browser's own text size at 200 % (its default font size doubled,
  as a reader's font setting does: Chromium's `Page.setFontSizes`) on the 390 px phone.

Either fails when content is lost: the page scrolls sideways (the document wider than the
screen), or an element that hides its overflow cuts off text (wider or taller inside than
its box), or a list (a select) shows only part of its choice. Text fields, which scroll their
own text, and visually hidden labels aside.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import api
from page_walk import MainPages, visit
from playwright.sync_api import Browser, Page

LOST = r"""(screen) => {
  const SELECT_ARROW = 20;  // Chromium draws a list's arrow in about 20 px of its right
  const found = [];
  const page = Math.max(document.documentElement.scrollWidth, window.innerWidth);
  const name = (box) => {
    const classes = typeof box.className === "string" ? box.className.trim().split(/\s+/) : [];
    return [box.tagName.toLowerCase(), ...classes.filter(Boolean)].join(".");
  };
  const words = (box, most) => `"${box.innerText.trim().slice(0, most)}"`;
  const scrolled = (box) => {  // inside a box that scrolls sideways by design (a wide table)
    for (let up = box.parentElement; up; up = up.parentElement) {
      if (["auto", "scroll"].includes(getComputedStyle(up).overflowX)) return true;
    }
    return false;
  };
  const out = (box) => box.getBoundingClientRect().right > screen + 1;
  if (page > screen + 1) {  // name the boxes that stick out, innermost first
    const boxes = [...document.body.querySelectorAll("*")].filter((box) =>
      out(box) && !box.closest("svg") && !scrolled(box) && ![...box.children].some(out));
    const where = boxes.slice(0, 3).map((box) => `${name(box)} ${words(box, 30)}`);
    found.push(`the page is ${page}px wide on a ${screen}px screen: ${where.join(", ")}`);
  }
  const fields = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION", "SCRIPT", "STYLE"]);
  const hides = (overflow) => overflow === "hidden" || overflow === "clip";
  for (const box of document.body.querySelectorAll("*")) {
    if (fields.has(box.tagName) || box.closest("svg, .visually-hidden")) continue;
    const style = getComputedStyle(box);
    const rect = box.getBoundingClientRect();
    if (style.display === "none" || style.visibility === "hidden") continue;
    if (rect.width <= 2 || rect.height <= 2 || !box.innerText.trim()) continue;
    const [wide, tall, high] = [box.scrollWidth, box.scrollHeight, box.clientHeight];
    const cutsSideways = hides(style.overflowX) || style.textOverflow === "ellipsis";
    if (cutsSideways && wide > box.clientWidth + 1) {
      found.push(`${name(box)} cuts off ${words(box, 40)} (${wide}px in ${box.clientWidth}px)`);
    } else if (hides(style.overflowY) && tall > high + 1) {
      found.push(`${name(box)} cuts off ${words(box, 40)} (${tall}px tall in ${high}px)`);
    }
  }
  const measure = document.createElement("canvas").getContext("2d");
  for (const select of document.body.querySelectorAll("select")) {  // the choice shown whole
    const style = getComputedStyle(select);
    const chosen = select.selectedOptions[0];
    if (!chosen || style.display === "none" || select.closest(".visually-hidden")) continue;
    if (select.getBoundingClientRect().width <= 2) continue;
    measure.font = style.font;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - SELECT_ARROW;
    if (measure.measureText(chosen.text).width > room + 1) {
      found.push(`${name(select)} shows ${select.clientWidth}px of "${chosen.text}"`);
    }
  }
  return found;
}"""
REFLOW = {"width": 320, "height": 640}
PHONE = {"width": 390, "height": 844}
DOUBLE_TEXT = {"standard": 32, "fixed": 26}
"""Chromium's default font sizes (16 px, 13 px) doubled."""


def lost(page: Page, width: int) -> list[str]:
    """What the page, as it is now, hides from a reader whose screen is `width` CSS px wide
    (a phone's browser widens the page to fit what sticks out, so its own width is no test)."""
    found: list[str] = page.evaluate(LOST, width)
    return found


@pytest.mark.parametrize("check", ["reflow at 320 px", "text at 200 %"])
def test_no_content_is_lost(
    browser: Browser, browser_context_args: dict[str, Any], main_pages: MainPages, check: str
) -> None:
    reflow = check.startswith("reflow")
    viewport = REFLOW if reflow else PHONE
    screen = {"viewport": viewport, "device_scale_factor": 1}
    context = main_pages.context(browser, {**browser_context_args, **screen})
    page = context.new_page()
    if not reflow:
        context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": DOUBLE_TEXT})
    problems: dict[str, list[str]] = {}
    for stop in visit(page, main_pages.stops):
        found = lost(page, viewport["width"])
        text = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
        if text < (17 if reflow else 34):  # the body's 17 px, doubled: the text did grow
            found.append(f"the text is {text}px")
        if found:
            problems[stop.name] = found
    context.close()
    assert not problems, "\n".join(f"{name}: {found}" for name, found in problems.items())


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_hosts_page_loses_nothing_at_200_percent_in_long_languages(
    browser: Browser, browser_context_args: dict[str, Any], live_server: str, language: str
) -> None:
    """The level to give a seat to ("Mittlerer Computer" was cut) beside its button."""
    seats = [{"name": "Åsa"}, {"name": "Björn"}, {"bot": "easy"}]
    table = api(live_server, "POST", "/tables", {"seats": seats})
    screen = {"viewport": PHONE, "device_scale_factor": 1}
    context = browser.new_context(**{**browser_context_args, **screen})
    try:
        page = context.new_page()
        context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": DOUBLE_TEXT})
        page.goto(f"{live_server}/language/{language}?next=/t/{table['host_token']}")
        assert page.locator("select.kind").count() == 2
        assert lost(page, PHONE["width"]) == []
    finally:
        context.close()
