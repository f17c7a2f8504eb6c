"""The round form and the sheet for a reader with large text (200 %) and on a 320 px screen,
in both engines: nothing sideways, the save bar a small part of the screen, Save and every
total wholly on the screen (above the bar) once scrolled to, each "−" beside its score."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import DOCS_SCREENSHOTS, REFRESH_DOCS, SCREENSHOTS, pad_game
from engines import ENGINES, Phone, PlaywrightPhone, open_phone

NAMES = ["Ann", "Dawit", "Cy", "Dee"]
ROUNDS = [([20, 30, 61, 10], 3), ([30, 15, 25, 12], 3)]  # Cy on 86
SHOWN = """
const css = arguments[0];
const dock = document.querySelector(".dock");
const floor = dock ? dock.getBoundingClientRect().top : innerHeight;
const found = [];
for (const el of document.querySelectorAll(css)) {
  el.scrollIntoView({block: "center"});
  const r = el.getBoundingClientRect();
  const across = r.left >= -0.5 && r.right <= innerWidth + 0.5;
  const seen = across && r.top >= -0.5 && r.bottom <= floor + 0.5;
  const whole = el.scrollWidth <= el.clientWidth + 1;
  if (!seen || !whole) {
    const [x, y, w, h] = [r.left, r.top, r.width, r.height].map(Math.round);
    found.push(`${css} "${el.innerText.trim()}" at ${x},${y} ${w}x${h}` +
      ` (screen ${innerWidth}x${Math.round(floor)})`);
  }
}
return found;
"""
"""Each element matching the selector, scrolled to: inside the screen, above the fixed
bar, and not cut inside its own box. Returns what is not."""
BAR = 0.3
"""The fixed bar at the foot takes at most this part of the screen's height."""
SCREENS = [
    pytest.param((200, 390, 844), id="text 200%"),
    pytest.param((100, 320, 640), id="320 px"),
]


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(params=SCREENS)
def reader(request: pytest.FixtureRequest, engine: str) -> Iterator[Phone]:
    """A phone with the reader's text size and screen width."""
    scale, width, height = request.param
    phone = open_phone(request, engine, text_scale=scale)
    if scale != 100 and isinstance(phone, PlaywrightPhone) and engine != "chromium":
        phone.close()
        pytest.skip("Playwright's WebKit has no setting for the default font size")
    phone.resize(width, height)
    yield phone
    phone.close()


def sideways(phone: Phone) -> float:
    """How far the page reaches past the screen's right edge (0: not at all)."""
    wide = phone.js("return document.documentElement.scrollWidth - innerWidth")
    return float(wide)


def test_the_round_form(reader: Phone, live_server: str) -> None:
    game = pad_game(live_server, NAMES, ROUNDS)
    reader.goto(f"{live_server}/games/{game}/rounds/new")
    screen = reader.viewport()
    text = reader.js("return parseFloat(getComputedStyle(document.body).fontSize)")
    assert text >= 17 * screen["width"] / 390 * 0.99 or screen["width"] == 320, text
    reader.tap('input[name=closer][value="3"]')
    reader.tap('[data-seat="0"] .score')
    for digits in ("5", "2", "45"):
        reader.keys(digits)
        reader.enter()
    reader.keys("12")
    reader.enter()
    reader.wait(lambda: "Dee 12 → 24" in reader.text("form"), "the doubling")
    assert sideways(reader) <= 0, f"{reader.engine}: the page is wider than the screen"
    dock = reader.box("[data-dock]")
    assert dock["height"] <= BAR * screen["height"], f"{reader.engine}: the bar is {dock}"
    for seat in range(4):
        sign, score = (
            reader.box(f'[data-seat="{seat}"] label.sign'),
            reader.box(f'[data-seat="{seat}"] .score'),
        )
        assert sign["width"] >= 44 and sign["x"] + sign["width"] <= score["x"], (sign, score)
    round_form_fits(reader, screen)
    if reader.engine == "chromium" and screen["width"] == 390:
        reader.js("document.querySelector('.preview-table').scrollIntoView({block: 'start'})")
        shoot_docs(reader, "round-200")


def round_form_fits(reader: Phone, screen: dict[str, float]) -> None:
    """The preview's totals and names whole, Save whole on screen once scrolled down, and
    the round's new totals (55, 47, 131, 46) shown."""
    problems = reader.js(SHOWN, ".preview-table td.total")
    problems += reader.js(SHOWN, ".preview-table th[scope=row]")
    reader.js("window.scrollTo(0, document.documentElement.scrollHeight)")
    save = reader.box("[data-save]")
    if save["y"] < 0 or save["y"] + save["height"] > screen["height"] + 0.5:
        problems.append(f"Save at {save} on a {screen} screen")
    assert not problems, f"{reader.engine}: {problems}"
    totals = reader.js(
        "return [...document.querySelectorAll('.preview-table td.total')].map((c) => c.innerText)"
    )
    assert totals == ["55", "47", "131", "46"]


def test_the_sheet(reader: Phone, live_server: str) -> None:
    game = pad_game(live_server, NAMES, ROUNDS)
    reader.goto(f"{live_server}/games/{game}")
    assert sideways(reader) <= 0, f"{reader.engine}: the page is wider than the screen"
    problems = reader.js(SHOWN, ".totals-strip li")
    problems += reader.js(SHOWN, "tr.totals td")  # the table scrolls sideways to each
    assert not problems, f"{reader.engine}: {problems}"
    strip = reader.js(
        "return [...document.querySelectorAll('.totals-strip .pts')].map((c) => c.innerText)"
    )
    assert strip == ["50", "45", "86", "22"]
    dock, screen = reader.box(".dock"), reader.viewport()
    assert dock["height"] <= BAR * screen["height"], f"{reader.engine}: {dock}"
    assert dock["y"] + dock["height"] <= screen["height"] + 0.5 and dock["x"] >= 0


def shoot_docs(phone: Phone, name: str) -> None:
    """The screen as tests/screenshots/NAME.png (and docs/screenshots/ when refreshing)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(SCREENSHOTS / f"{name}.png")
    if REFRESH_DOCS:
        phone.screenshot(Path(DOCS_SCREENSHOTS) / f"{name}.png")
