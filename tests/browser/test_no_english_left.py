"""Issue 14: every main page in Swedish, German and French shows no English left over.

Each language walks every main page (page_walk.py) in one page of its own, with the
language chosen by the switch's cookie, and reads what a person sees and hears: the
visible text, the title, and the labels, titles and placeholders a screen reader or a
field shows. A word of the English messages that is no word of that language's
translations either is English left untranslated, unless the allow-list or a player's
name holds it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from browser_helpers import shoot
from page_walk import MainPages, visit
from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "skyjo_pad" / "translations"
ALLOWED = {"skyjo", "pad", "json", "openskill", "plackett", "luce", "javascript", "mu"}
"""English (or international) words that stay: the app's name, formats, names of methods."""
ALSO_NATIVE = {"sv": set(), "de": set(), "fr": {"but"}}
"""Words of the language itself that are English words too ("le but": the aim)."""
SEEN_TEXT = """() => {
  const body = document.body.cloneNode(true);
  // Text marked as another language (the switch's names) and code (option keys) stay.
  for (const node of body.querySelectorAll("code, script, [lang]")) node.remove();
  const parts = [document.title, body.innerText];
  for (const node of document.querySelectorAll("[aria-label], [title], [placeholder], [alt]")) {
    if (node.closest("[lang]:not(html)")) continue;
    for (const name of ["aria-label", "title", "placeholder", "alt"]) {
      const value = node.getAttribute(name);
      if (value) parts.push(value);
    }
  }
  return parts.join("\\n");
}"""
SHOTS = {"sheet": "sheet", "play: a turn": "table"}
"""Pages pictured in each language (the Swedish ones in docs/screenshots)."""
PLACEHOLDER = re.compile(r"%\(\w+\)s")


def words(text: str) -> set[str]:
    """The words of a text, lower case, three letters or more."""
    return {w.casefold() for w in re.findall(r"[^\W\d_]{3,}", PLACEHOLDER.sub(" ", text))}


def catalogue_words(language: str) -> tuple[set[str], set[str]]:
    """The words of the English messages, and of their translations in `language`."""
    path = CATALOGUES / language / "LC_MESSAGES" / "messages.po"
    with open(path, "rb") as source:
        cat = read_po(source, locale=language)
    english: set[str] = set()
    translated: set[str] = set()
    for message in cat:
        if not message.id:
            continue
        for text in message.id if isinstance(message.id, tuple) else [message.id]:
            english |= words(text)
        for text in message.string if isinstance(message.string, tuple) else [message.string]:
            translated |= words(text)
    return english, translated


def player_names(page: Page, base: str) -> set[str]:
    """Every name in the address book (other tests' players too): data, not words."""
    page.goto(base + "/players?computers=1")
    return words(" ".join(page.locator(".person .who").all_inner_texts()))


@pytest.mark.parametrize("language", ["sv", "de", "fr"])
def test_no_english_is_left_on_the_main_pages(
    browser: Browser,
    browser_context_args: dict[str, Any],
    live_server: str,
    main_pages: MainPages,
    language: str,
) -> None:
    context = main_pages.context(browser, browser_context_args)
    context.add_cookies([{"name": "lang", "value": language, "url": live_server}])
    page = context.new_page()
    english, translated = catalogue_words(language)
    allowed = translated | ALLOWED | ALSO_NATIVE[language] | player_names(page, live_server)
    left: dict[str, set[str]] = {}
    for stop in visit(page, main_pages.stops):
        assert page.locator("html").get_attribute("lang") == language, stop.name
        if stop.name in SHOTS:
            shoot(page, f"{SHOTS[stop.name]}-{language}", docs=language == "sv")
        found = (words(page.evaluate(SEEN_TEXT)) & english) - allowed
        if found:
            left[stop.name] = found
    context.close()
    assert not left, f"English left on the {language} pages: {left}"
