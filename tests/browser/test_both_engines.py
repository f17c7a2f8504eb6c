"""The pad's round entry in both browser engines: Chromium, and WebKit (Safari's engine).

Each test runs once per engine (the `phone` fixture, tests/browser/engines.py): in WebKit
through Playwright's own WebKit where it is installed, else Debian's WebKitGTK WebDriver.
"""

from __future__ import annotations

from browser_helpers import api, pad_game
from engines import Phone

THREE = ["Ann", "Ben", "Cy"]
FOUR = ["Ann", "Ben", "Cy", "Dee"]


def score(seat: int) -> str:
    return f'[data-seat="{seat}"] .score'


def minus(seat: int) -> str:
    return f'[data-seat="{seat}"] label.sign'


def closer(value: str) -> str:
    return f'input[name=closer][value="{value}"]'


def chip(value: str) -> str:
    return f"label.chip-radio:has({closer(value)})"


def test_the_minus_keeps_every_digit(phone: Phone, live_server: str) -> None:
    """Tap "−" then type 3: −3. Type 2, tap "−", type 1: −21. A typed "-" is the sign too.
    The typing stays in the score field whatever part of the "−" the finger lands on."""
    game = pad_game(live_server, THREE)
    phone.goto(f"{live_server}/games/{game}/rounds/new")
    phone.tap(minus(2), at=(6, 6))  # Cy's "−", near its corner
    assert phone.focused(score(2)), f"{phone.engine}: the typing left Cy's field"
    phone.keys("3")
    phone.tap(score(0))
    phone.keys("2")
    bottom_right = phone.box(minus(0))
    phone.tap(minus(0), at=(bottom_right["width"] - 6, bottom_right["height"] - 6))
    phone.keys("1")
    phone.tap(score(1))
    phone.keys("7-")
    for seat, digits in ((0, "21"), (1, "7"), (2, "3")):
        assert phone.value(score(seat)) == digits, f"{phone.engine}: seat {seat}"
        assert phone.checked(f'[data-seat="{seat}"] [data-sign]'), f"{phone.engine}: seat {seat}"
    phone.tap(minus(1))  # a second tap takes the sign off again
    assert not phone.checked('[data-seat="1"] [data-sign]')
    assert phone.value(score(1)) == "7" and phone.focused(score(1))


HIT = """
const [css, x, y] = arguments;
const el = document.querySelector(css);
el.scrollIntoView({block: "center"});
const r = el.getBoundingClientRect();
return document.elementFromPoint(r.x + x, r.y + y) === el;
"""
"""A tap at (x, y) from the element's corner lands on the element itself."""
SMALL = """
return [...document.querySelectorAll(arguments[0])]
  .map((el) => el.getBoundingClientRect())
  .filter((r) => r.width && (r.width < 44 || r.height < 44))
  .map((r) => `${Math.round(r.width)}x${Math.round(r.height)}`);
"""
"""The sizes of the visible elements matching a selector that are under 44 px."""


def test_every_entry_control_is_tapped_whole(phone: Phone, live_server: str) -> None:
    """The hidden checkbox under each "−" and the radio under each "who closed" chip cover
    their whole control (at least 44 px square), so a tap anywhere on it reaches them; the
    scores, "Cards", Save and the cards' keypad are 44 px or more each way."""
    game = pad_game(live_server, FOUR)
    phone.goto(f"{live_server}/games/{game}/rounds/new")
    pairs = [(f'[data-seat="{seat}"] [data-sign]', minus(seat)) for seat in range(4)]
    pairs += [(closer(value), chip(value)) for value in ("0", "1", "2", "3", "none")]
    for control, seen in pairs:
        inner, outer = phone.box(control), phone.box(seen)
        assert outer["width"] >= 44 and outer["height"] >= 44, f"{phone.engine}: {seen} {outer}"
        for side in ("x", "y", "width", "height"):
            assert abs(inner[side] - outer[side]) <= 1, (
                f"{phone.engine}: {control} is {inner}, its control {seen} is {outer}"
            )
        for corner in ((3, 3), (outer["width"] - 3, outer["height"] - 3)):
            hit = phone.js(HIT, control, *corner)
            assert hit, f"{phone.engine}: a tap at {corner} on {seen} misses {control}"
    phone.tap('[data-seat="3"] summary')  # the cards' keypad
    for css in (".score", "details.count summary", "[data-save]", ".keypad button"):
        small = phone.js(SMALL, css)
        assert not small, f"{phone.engine}: {css} smaller than 44 px: {small}"


def test_a_round_with_negatives_and_enter(phone: Phone, live_server: str) -> None:
    """Four scores typed with Enter between them, two negative, the closer by its chip:
    the preview shows the doubling, Save saves exactly what was typed."""
    game = pad_game(live_server, FOUR, [([20, 30, 80, 10], 3)])
    phone.goto(f"{live_server}/games/{game}/rounds/new")
    phone.tap(chip("3"))
    phone.tap(score(0))
    phone.keys("5")
    phone.enter()
    assert phone.focused(score(1)), f"{phone.engine}: Enter did not move on to Ben"
    phone.tap(minus(1))
    phone.keys("2")
    phone.enter()
    phone.keys("25")
    phone.enter()
    phone.keys("12")
    phone.enter()  # the last field: the preview, nothing saved, the focus on Save
    assert phone.focused("[data-save]"), f"{phone.engine}: Enter did not go on to Save"
    verdict = "[data-verdict]"
    phone.wait(lambda: "Dee 12 → 24" in phone.text(verdict), "the doubling in the save bar")
    assert api(live_server, "GET", f"/games/{game}")["rounds"][1:] == []
    phone.tap("[data-save]")
    phone.wait(lambda: "Ann wins" in phone.text("h1"), "the end of the game")
    assert api(live_server, "GET", f"/games/{game}")["rounds"][1]["raw"] == [5, -2, 25, 12]


CLEAR_OF_THE_BAR = """
const bar = [...document.querySelectorAll(".dock")].find((d) => d.getClientRects().length);
return document.activeElement.getBoundingClientRect().bottom <= bar.getBoundingClientRect().top;
"""


def test_enter_brings_each_score_clear_of_the_save_bar(phone: Phone, live_server: str) -> None:
    """Eight players, Enter from score to score: each score taking the focus shows whole
    above the save bar (Safari does not scroll a field partly on screen by itself)."""
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    game = pad_game(live_server, names)
    phone.goto(f"{live_server}/games/{game}/rounds/new")
    phone.tap(score(0))
    for seat in range(1, len(names)):
        phone.keys("5")
        phone.enter()
        assert phone.focused(score(seat)), f"{phone.engine}: Enter did not go on to {names[seat]}"
        assert phone.js(CLEAR_OF_THE_BAR), f"{phone.engine}: {names[seat]} is under the bar"


def test_counting_cards(phone: Phone, live_server: str) -> None:
    """Dee's 12 cards tapped in on the keypad: the count, the removed column, her score."""
    game = pad_game(live_server, FOUR)
    phone.goto(f"{live_server}/games/{game}/rounds/new")
    phone.tap('[data-seat="3"] summary')
    for value in ["5", "5", "1", "2", "5", "-1", "0", "3", "5", "4", "-2", "1"]:
        label = value.replace("-", "−")
        phone.js(
            "[...document.querySelectorAll('[data-seat=\"3\"] .keypad button')]"
            ".find((b) => b.textContent === arguments[0]).dataset.pick = '1'",
            label,
        )
        phone.tap('[data-seat="3"] .keypad button[data-pick]')
        phone.js("document.querySelector('[data-pick]').removeAttribute('data-pick')")
    assert phone.text('[data-seat="3"] .grid-sum') == "Count: 13, 1 column removed"
    assert phone.value(score(3)) == "13"


def test_a_correction_says_what_changed(phone: Phone, live_server: str) -> None:
    """Correcting round 2: tap Dawit's 15 and type 3 (the tap selects the whole number):
    the save bar, then the sheet, say "Dawit, round 2: 15 → 3", and Ann's 10 that her close
    now doubles, "Ann, round 2: 10 → 20"; the sheet marks those two cells."""
    names = ["Ann", "Dawit", "Cy"]
    game = pad_game(live_server, names, [([4, 6, 9], 0), ([10, 15, 12], 0)])
    phone.goto(f"{live_server}/games/{game}/rounds/2/edit")
    phone.tap(score(1))
    phone.wait(lambda: phone.selection(score(1)) == (0, 2), "the whole 15 selected")
    phone.keys("3")
    assert phone.value(score(1)) == "3"
    change = "Dawit, round 2: 15 → 3"
    phone.wait(lambda: change in phone.text("[data-verdict]"), "the change beside Save")
    phone.tap("[data-save]")
    on_sheet = "return !!document.querySelector('table.sheet td.changed')"
    phone.wait(lambda: phone.js(on_sheet), "the sheet with the changed cell marked")
    said = phone.text("main")  # the sheet's lines, one per score changed
    assert change in said and "Ann, round 2: 10 → 20" in said, f"{phone.engine}: {said[:200]}"
    cells = "[...document.querySelectorAll('table.sheet td.changed')]"
    marked = phone.js(f"return {cells}.map((td) => [td.cellIndex, td.firstChild.data.trim()])")
    assert marked == [[1, "20"], [2, "3"]], f"{phone.engine}: marked {marked!r}"
    assert api(live_server, "GET", f"/games/{game}")["rounds"][1]["raw"] == [10, 3, 12]


def test_the_console_stays_quiet(phone: Phone, live_server: str) -> None:
    """The main pages of the pad, a sheet and a round form log no warning or error (the
    CSP, the viewport and the scripts as every engine reads them)."""
    game = pad_game(live_server, FOUR, [([20, 30, 8, 10], 2)])
    pages = ["/games/new", "/history", "/players", f"/history/{game}", "/rules", "/tables/new"]
    for path in [*pages, "/", f"/games/{game}", f"/games/{game}/rounds/new"]:
        phone.goto(live_server + path)
        phone.wait(lambda: phone.js("return document.readyState") == "complete", "the page")
    phone.tap(chip("1"))
    phone.tap(score(0))
    for digits in ("4", "7", "11"):
        phone.keys(digits)
        phone.enter()
    phone.keys("2")
    phone.enter()
    phone.wait(lambda: "Dee" in phone.text("[data-preview] tbody"), "the preview")
    assert phone.warnings() == [], f"{phone.engine}: {phone.warnings()}"
    # Chromium is still asked to shrink the page above the keyboard; WebKit never sees the key.
    meta = phone.js("return document.querySelector('meta[name=viewport]').content")
    assert ("interactive-widget=resizes-content" in meta) == (phone.engine == "chromium"), meta


KEYBOARD = """
const [height] = arguments;
const view = window.visualViewport;
if (height === null) { delete view.height; delete view.offsetTop; }
else {
  Object.defineProperty(view, "height", {get: () => height, configurable: true});
  Object.defineProperty(view, "offsetTop", {get: () => 0, configurable: true});
}
view.dispatchEvent(new Event("resize"));
"""
"""The phone's keyboard as Safari shows it: the visible part of the page (visualViewport)
shrinks, the page itself (innerHeight) does not; null takes it away."""


def test_the_save_bar_rides_above_the_keyboard(phone: Phone, live_server: str) -> None:
    """With a keyboard covering the lower 336 px, the save bar sits just above it, and the
    last score can still be scrolled above the bar; without it, the bar is back at the foot."""
    game = pad_game(live_server, FOUR)
    phone.goto(f"{live_server}/games/{game}/rounds/new")
    screen = phone.viewport()
    visible = screen["height"] - 336
    phone.js(KEYBOARD, visible)
    bar = phone.box("[data-dock]")
    assert abs(bar["y"] + bar["height"] - visible) <= 1, f"{phone.engine}: the bar is at {bar}"
    phone.js("window.scrollTo(0, document.documentElement.scrollHeight)")
    last = phone.box(score(3))
    assert last["y"] + last["height"] <= bar["y"], f"{phone.engine}: Dee's score {last}"
    phone.js(KEYBOARD, None)

    def back_at_the_foot() -> bool:  # WebKit may still be scrolling from the step above
        bar = phone.box("[data-dock]")
        return abs(bar["y"] + bar["height"] - screen["height"]) <= 1

    phone.wait(back_at_the_foot, "the save bar back at the foot of the screen", timeout=3)
