"""One phone, two browser engines: the same steps in Chromium and in WebKit.

A `Phone` is a page on a 390×844 phone that a test drives by CSS selectors: tap, type,
Enter, read a value or a box, and the console's warnings. `PlaywrightPhone` drives
Chromium (and Playwright's own WebKit, where `playwright install webkit` could fetch it);
`WebKitGTKPhone` drives Debian's WebKitGTK through its WebDriver (`WebKitWebDriver`, package
webkit2gtk-driver) with Selenium, in `webkit_phone.py` (a bare phone-sized window) under an
Xvfb display of the tests' own. `webkit_missing()` says why neither WebKit can run here.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
PHONE_BROWSER = HERE / "webkit_phone.py"
SYSTEM_PYTHON = "/usr/bin/python3"
"""The phone browser runs on the system's Python: Debian's PyGObject and WebKit bindings."""
WEBKIT_BINDINGS = (
    "import gi; gi.require_version('WebKit2', '4.1'); from gi.repository import WebKit2"
)
PHONE = {"width": 390, "height": 844}
CONSOLE = re.compile(r"(^| )CONSOLE (\w+ )?(WARN|WARNING|ERROR)\b", re.IGNORECASE)
"""WebKitGTK's console lines on standard output: `URL:line:col: CONSOLE [SOURCE] LEVEL text`."""


class Phone:
    """A page on a phone, driven by CSS selectors; what both engines share."""

    engine = "?"

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def js(self, script: str, *args: Any) -> Any:
        """Run `script` as a function body (arguments in `arguments`); its return value."""
        raise NotImplementedError

    def tap(self, css: str, at: tuple[float, float] | None = None) -> None:
        """A finger on the element (at a point from its top-left corner, or its middle)."""
        raise NotImplementedError

    def keys(self, text: str) -> None:
        """Typed into whatever has the focus, one key at a time."""
        raise NotImplementedError

    def enter(self) -> None:
        """The keyboard's Enter (Go / Next)."""
        raise NotImplementedError

    def resize(self, width: int, height: int) -> None:
        """The page's viewport becomes this size."""
        raise NotImplementedError

    def warnings(self) -> list[str]:
        """The console's warnings and errors since the phone started."""
        raise NotImplementedError

    def offline(self, gone: bool) -> None:
        """Take the network away, or give it back."""
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        """The visible screen as a PNG."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def value(self, css: str) -> str:
        return str(self.js("return document.querySelector(arguments[0]).value", css))

    def checked(self, css: str) -> bool:
        return bool(self.js("return document.querySelector(arguments[0]).checked", css))

    def text(self, css: str) -> str:
        found = self.js(
            "const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", css
        )
        return str(found)

    def focused(self, css: str) -> bool:
        """The element has the focus (where typing lands)."""
        return bool(
            self.js("return document.activeElement === document.querySelector(arguments[0])", css)
        )

    def box(self, css: str) -> dict[str, float]:
        """The element's box on the screen, in CSS px (x, y, width, height)."""
        found: dict[str, float] = self.js(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return {x: r.x, y: r.y, width: r.width, height: r.height}",
            css,
        )
        return found

    def selection(self, css: str) -> tuple[int, int]:
        """The field's selected characters (start, end)."""
        start, end = self.js(
            "const e = document.querySelector(arguments[0]);"
            "return [e.selectionStart, e.selectionEnd]",
            css,
        )
        return int(start), int(end)

    def viewport(self) -> dict[str, float]:
        found: dict[str, float] = self.js("return {width: innerWidth, height: innerHeight}")
        return found

    def wait(self, check: Callable[[], Any], what: str, timeout: float = 10) -> Any:
        """Poll until `check()` is truthy; fail naming `what`."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                found = check()
            except Exception:  # the page is between two documents: look again
                found = None
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.engine}: waited {timeout} s for {what}")
            time.sleep(0.05)


class PlaywrightPhone(Phone):
    """A Playwright page: Chromium, or Playwright's own WebKit."""

    def __init__(
        self, browser: Any, context_args: dict[str, Any], engine: str, text_scale: int = 100
    ) -> None:
        self.engine = engine
        self.context = browser.new_context(**context_args)
        self.page = self.context.new_page()
        self.console: list[str] = []
        self.page.on("console", self._heard)
        if text_scale != 100 and engine == "chromium":  # the reader's font setting
            sizes = {"standard": 16 * text_scale // 100, "fixed": 13 * text_scale // 100}
            self.context.new_cdp_session(self.page).send("Page.setFontSizes", {"fontSizes": sizes})

    def _heard(self, message: Any) -> None:
        if message.type in ("warning", "error"):
            self.console.append(f"{message.type}: {message.text}")

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def js(self, script: str, *args: Any) -> Any:
        return self.page.evaluate(
            f"(args) => (function () {{ {script} }}).apply(null, args)", list(args)
        )

    def tap(self, css: str, at: tuple[float, float] | None = None) -> None:
        position = None if at is None else {"x": at[0], "y": at[1]}
        self.page.locator(css).tap(position=position)

    def keys(self, text: str) -> None:
        self.page.keyboard.type(text)

    def enter(self) -> None:
        self.page.keyboard.press("Enter")

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})

    def warnings(self) -> list[str]:
        return list(self.console)

    def offline(self, gone: bool) -> None:
        self.context.set_offline(gone)

    def screenshot(self, path: Path) -> None:
        path.write_bytes(self.page.screenshot(animations="disabled", caret="hide", scale="css"))

    def close(self) -> None:
        self.context.close()


UNCOVER = """
const el = arguments[0];
const r = el.getBoundingClientRect();
const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
const reached = hit && (el === hit || el.contains(hit) || hit.control === el);
if (!reached) el.scrollIntoView({block: "center"});
"""


class WebKitGTKPhone(Phone):
    """Debian's WebKitGTK through WebKitWebDriver and Selenium, in webkit_phone.py."""

    engine = "webkit"

    def __init__(self, display: str, folder: Path, text_scale: int = 100) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.log = folder / "webkit-console.log"
        options = Options()
        options.binary_location = str(PHONE_BROWSER)
        options.set_capability("browserName", "SkyjoPhone")  # webkit_phone.py's own name
        if text_scale != 100:
            options.add_argument(f"--text-scale={text_scale}")
        env = {
            **os.environ,
            "DISPLAY": display,
            "SKYJO_WEBKIT_DATA": str(folder / "profile"),
            # The web process's sandbox needs user namespaces, which root in a container
            # (CI) does not get; these pages are the tests' own.
            "WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS": "1",
        }
        service = Service(
            executable_path=shutil.which("WebKitWebDriver"), log_output=str(self.log), env=env
        )
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_window_rect(width=PHONE["width"], height=PHONE["height"])

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def tap(self, css: str, at: tuple[float, float] | None = None) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By

        element = self.driver.find_element(By.CSS_SELECTOR, css)
        # As a finger would: scroll what is hidden (under the save bar, off screen) to the
        # middle first; WebDriver alone scrolls it only to the bottom edge.
        self.js(UNCOVER, element)
        if at is None:
            element.click()
            return
        box = self.box(css)  # Selenium's offsets are from the element's middle
        dx, dy = at[0] - box["width"] / 2, at[1] - box["height"] / 2
        ActionChains(self.driver).move_to_element_with_offset(
            element, int(dx), int(dy)
        ).click().perform()

    def keys(self, text: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(text).perform()

    def enter(self) -> None:
        from selenium.webdriver.common.keys import Keys

        self.keys(Keys.ENTER)

    def resize(self, width: int, height: int) -> None:
        self.driver.set_window_rect(width=width, height=height)

    def warnings(self) -> list[str]:
        lines = self.log.read_text(errors="replace").splitlines() if self.log.exists() else []
        return [line for line in lines if CONSOLE.search(line)]

    def screenshot(self, path: Path) -> None:
        time.sleep(0.3)  # WebKitGTK's snapshot can lag the last change by a frame
        path.write_bytes(self.driver.get_screenshot_as_png())

    def offline(self, gone: bool) -> None:
        """Take the network away (every request fails) or give it back; navigator.onLine
        stays true, as WebKitGTK has no switch for it."""
        flag = self.log.parent / "profile" / "offline"
        if gone:
            flag.touch()
        else:
            flag.unlink(missing_ok=True)
        time.sleep(0.2)  # the browser looks every 50 ms

    def close(self) -> None:
        self.driver.quit()
        shutil.rmtree(self.log.parent, ignore_errors=True)


def playwright_webkit(playwright: Any) -> bool:
    """Playwright's own WebKit is installed here (`playwright install webkit`)."""
    try:
        return Path(playwright.webkit.executable_path).exists()
    except Exception:  # no build for this platform
        return False


def webkit_missing() -> str | None:
    """Why the WebKitGTK route cannot run here, or None when it can."""
    if not shutil.which("WebKitWebDriver"):
        return "no WebKitWebDriver (apt-get install webkit2gtk-driver)"
    if not shutil.which("Xvfb"):
        return "no Xvfb (apt-get install xvfb)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "no Selenium (pip install -e '.[test]')"
    if not Path(SYSTEM_PYTHON).exists():
        return f"no {SYSTEM_PYTHON} for the phone browser"
    probe = subprocess.run(
        [SYSTEM_PYTHON, "-c", WEBKIT_BINDINGS], capture_output=True, timeout=30, check=False
    )
    if probe.returncode != 0:
        return "no WebKit2 4.1 bindings (apt-get install python3-gi gir1.2-webkit2-4.1)"
    return None


class Xvfb:
    """A virtual display of the tests' own (the phone browser needs an X server)."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as answer:
            number = answer.readline().strip()
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def new_folder() -> Path:
    """A throwaway folder for one phone's profile and console."""
    return Path(tempfile.mkdtemp(prefix="skyjo-webkit-"))


ENGINES = ["chromium", "webkit"]


@pytest.fixture(scope="session")
def xvfb_display() -> Iterator[str]:
    """An X display for the WebKitGTK phone, started once (skips when WebKit is missing)."""
    missing = webkit_missing()
    if missing and os.environ.get("CI") == "true":
        pytest.fail(f"WebKit cannot run in CI: {missing}; .ci/run should have installed it")
    if missing:
        pytest.skip(f"WebKit cannot run here: {missing}; .ci/run installs it")
    screen = Xvfb()
    try:
        yield screen.display
    finally:
        screen.stop()


def open_phone(request: pytest.FixtureRequest, engine: str, text_scale: int = 100) -> Phone:
    """A new phone (its own profile) in `engine`: Chromium through Playwright; WebKit through
    Playwright's own where installed, else WebKitGTK's WebDriver."""
    args = {**request.getfixturevalue("browser_context_args"), "bypass_csp": False}
    if engine == "chromium":
        return PlaywrightPhone(request.getfixturevalue("browser"), args, engine, text_scale)
    playwright = request.getfixturevalue("playwright")
    if playwright_webkit(playwright):
        browser = request.getfixturevalue("playwright_webkit_browser")
        return PlaywrightPhone(browser, args, engine, text_scale)
    return WebKitGTKPhone(request.getfixturevalue("xvfb_display"), new_folder(), text_scale)


@pytest.fixture(scope="session")
def playwright_webkit_browser(playwright: Any) -> Iterator[Any]:
    """Playwright's own WebKit, launched once, where it is installed."""
    browser = playwright.webkit.launch()
    yield browser
    browser.close()


@pytest.fixture(params=ENGINES)
def phone(request: pytest.FixtureRequest) -> Iterator[Phone]:
    """A phone at 390×844 under the app's real CSP, in each engine in turn."""
    opened = open_phone(request, request.param)
    yield opened
    opened.close()
