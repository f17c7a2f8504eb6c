"""One phone kept per test process: a browser context and its page, lent to each test that
asks for `page` or `context` and made fresh again before the next one.

A new context and page cost Chromium about half a second of CPU (a renderer process
started, Playwright's setup); navigating the kept page costs a fifth of that. Between two
tests the kept phone forgets what a test could leave in it: other pages closed, the page on
`about:blank`, cookies, permissions, every origin's storage (local and session storage,
IndexedDB, Cache Storage, service workers), the HTTP cache, the network back on, routes,
extra headers, geolocation, the viewport, the emulated media, the listeners the test added,
the timeouts. What no call can take back (an init script, a bound function, Playwright's
clock, a CDP session's emulation), a closed page or a failed test makes the phone spent:
the next test gets a new context and page. tests/browser/test_kept_phone.py proves that a
phone made fresh holds nothing of the test before.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Error, Frame, Page

LASTING_ON_CONTEXT = ("add_init_script", "expose_binding", "expose_function", "new_cdp_session")
"""What a test can do to a context that no call undoes: the context is spent."""
LASTING_ON_PAGE = ("add_init_script", "expose_binding", "expose_function")
"""The same for the page."""
CLOCK = ("install", "fast_forward", "pause_at", "resume", "run_for", "set_fixed_time")
"""Playwright's clock, which stays installed in the context once any of these ran."""
LISTENED = ("on", "once")
"""How a test adds a listener to the page (removed again when the test ends)."""
DEFAULT_TIMEOUT_MS = 30_000
"""Playwright's own timeout for actions and navigations."""


def origin(url: str) -> str | None:
    """The origin of an http(s) URL (scheme://host:port), or None for about: and data:."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}"


class KeptPhone:
    """A context and a page kept for the whole test process (see the module's docstring)."""

    def __init__(self, browser: Browser, context_args: dict[str, Any]) -> None:
        self.browser = browser
        self.context_args = context_args
        self.context: BrowserContext | None = None
        self.page: Page | None = None
        self.spent = False
        self.origins: set[str] = set()
        """The origins of every document opened in the context since it was cleaned."""
        self.page_origins: set[str] = set()
        """The same, of the kept page alone."""
        self.listeners: list[tuple[str, Callable[..., Any]]] = []
        self.made = 0
        """How many contexts this process made (a test can see that a spent one was replaced)."""

    def lend(self) -> tuple[BrowserContext, Page]:
        """The kept context and page, fresh: made anew when spent, else cleaned."""
        if self.context is None or self.page is None or self.spent or self.page.is_closed():
            self._make()
        else:
            try:
                cleaned = self._clean()
            except Error:  # the page would not leave (or the context went)
                cleaned = False
            if not cleaned:
                self._make()
        assert self.context is not None and self.page is not None
        return self.context, self.page

    def take_back(self, failed: bool) -> None:
        """The test is over: a failed test's phone is not lent again (what it left there
        could fail the next test too)."""
        if failed:
            self.spent = True

    def close(self) -> None:
        """Close the kept context (at the end of the test process)."""
        if self.context is not None:
            with suppress(Error):  # already closed by a test
                self.context.close()
        self.context = self.page = None

    def _make(self) -> None:
        """A new context and page, watched for what would spend them."""
        self.close()
        context = self.browser.new_context(**self.context_args)
        page = context.new_page()
        self.context, self.page = context, page
        self.spent = False
        self.origins = set()
        self.page_origins = set()
        self.listeners = []
        self.made += 1
        page.on("framenavigated", self._seen_here)
        context.on("page", lambda other: other.on("framenavigated", self._seen))
        context.on("close", lambda _: self._spend())
        for name in LASTING_ON_CONTEXT:
            self._spend_on(context, name)
        for name in LASTING_ON_PAGE:
            self._spend_on(page, name)
        for name in CLOCK:
            self._spend_on(context.clock, name)
        for name in LISTENED:
            self._record_listeners(page, name)

    def _clean(self) -> bool:
        """Forget everything the last test left (the module's docstring lists it); False
        when that cannot be done."""
        context, page = self.context, self.page
        assert context is not None and page is not None
        # Session storage belongs to the page (per origin), and only a document of that
        # origin can empty it: the page's own, before it leaves. A page that went through
        # other origins is not cleaned but made again.
        here = origin(page.url)
        if self.page_origins - {here}:
            return False
        if here is not None:
            page.evaluate("() => sessionStorage.clear()")
        page.goto("about:blank")
        for other in context.pages:
            if other is not page:
                other.close()
        for event, handler in self.listeners:
            with suppress(KeyError, ValueError):  # a `once` listener already called
                page.remove_listener(event, handler)
        self.listeners = []
        context.clear_cookies()
        context.clear_permissions()
        context.set_offline(False)
        context.unroute_all(behavior="ignoreErrors")
        page.unroute_all(behavior="ignoreErrors")
        context.set_extra_http_headers({})
        page.set_extra_http_headers({})
        context.set_geolocation(None)
        for kept in (context, page):
            kept.set_default_timeout(DEFAULT_TIMEOUT_MS)
            kept.set_default_navigation_timeout(DEFAULT_TIMEOUT_MS)
        page.set_viewport_size(self.context_args["viewport"])
        page.emulate_media(
            media="null",
            color_scheme=self.context_args.get("color_scheme", "light"),
            reduced_motion=self.context_args.get("reduced_motion", "no-preference"),
            forced_colors=self.context_args.get("forced_colors", "none"),
        )
        # Chromium's own calls (not `context.new_cdp_session`, which spends the phone).
        session = type(context).new_cdp_session(context, page)
        try:
            for seen in sorted(self.origins):
                session.send("Storage.clearDataForOrigin", {"origin": seen, "storageTypes": "all"})
            session.send("Network.clearBrowserCache")
        finally:
            session.detach()
        self.origins = set()
        self.page_origins = set()
        return True

    def _seen(self, frame: Frame) -> None:
        """Note the origin of every document any page of the context opened."""
        found = origin(frame.url)
        if found:
            self.origins.add(found)

    def _seen_here(self, frame: Frame) -> None:
        """Note the origin of every document the kept page opened."""
        self._seen(frame)
        found = origin(frame.url)
        if found:
            self.page_origins.add(found)

    def _spend(self) -> None:
        self.spent = True

    def _spend_on(self, owner: Any, name: str) -> None:
        """Make `owner.name` spend the phone before it does what it does."""
        method = getattr(owner, name)

        def spending(*args: Any, **kwargs: Any) -> Any:
            self.spent = True
            return method(*args, **kwargs)

        setattr(owner, name, spending)

    def _record_listeners(self, page: Page, name: str) -> None:
        """Make `page.on` / `page.once` note the listener, to remove it after the test."""
        method = getattr(page, name)

        def recording(event: str, handler: Callable[..., Any]) -> None:
            self.listeners.append((event, handler))
            method(event, handler)

        setattr(page, name, recording)
