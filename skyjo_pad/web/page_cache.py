"""Rendered pages kept in memory, compressed once, keyed by everything they depend on.

A score sheet is read far more often than it changes (every phone at the table reloads
it after each round), so its page is drawn and compressed once per version of the game
and served from here until the game moves on. Each process keeps its own bounded store; a
key names the game's version and players, so a page never outlives the data it shows.
"""

from __future__ import annotations

import gzip
import hashlib
from collections import OrderedDict
from collections.abc import Hashable
from threading import Lock

import brotli
from flask import current_app, make_response, request
from werkzeug.wrappers import Response

ENCODINGS = ("br", "gzip")
"""The content encodings a cached page is offered in, best first."""


class Page:
    """One rendered page, with its compressed forms made as they are first asked for."""

    __slots__ = ("_bodies", "etag", "html")

    def __init__(self, html: str, key: Hashable) -> None:
        """The page `html`, stored under `key`."""
        self.html = html
        self.etag = hashlib.blake2b(repr(key).encode(), digest_size=12).hexdigest()
        self._bodies: dict[str, bytes] = {}

    def body(self, encoding: str) -> bytes:
        """The page's bytes in `encoding` ("identity", "br" or "gzip")."""
        found = self._bodies.get(encoding)
        if found is None:
            raw = self.html.encode()
            config = current_app.config
            if encoding == "br":
                found = brotli.compress(raw, quality=config.get("COMPRESS_BR_LEVEL", 4))
            elif encoding == "gzip":
                found = gzip.compress(raw, config.get("COMPRESS_LEVEL", 6))
            else:
                found = raw
            self._bodies[encoding] = found
        return found

    def response(self) -> Response:
        """The page for this request: compressed as the browser accepts, 304 if it has it."""
        encoding = request.accept_encodings.best_match(ENCODINGS) or "identity"
        response = make_response(self.body(encoding))
        response.content_type = "text/html; charset=utf-8"
        if encoding != "identity":
            response.headers["Content-Encoding"] = encoding
        response.vary.add("Accept-Encoding")
        response.set_etag(f"{self.etag}-{encoding}")
        response.headers["Cache-Control"] = "no-cache"
        return response.make_conditional(request)


class PageCache:
    """A bounded, thread-safe store of pages; the least recently used goes first."""

    def __init__(self, size: int = 256) -> None:
        """A store of at most `size` pages."""
        self.size = size
        self._pages: OrderedDict[Hashable, Page] = OrderedDict()
        self._lock = Lock()

    def get(self, key: Hashable) -> Page | None:
        """The page stored under `key`, if any."""
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
            return page

    def put(self, key: Hashable, html: str) -> Page:
        """Store `html` under `key` (forgetting the oldest page when full); the page."""
        page = Page(html, key)
        with self._lock:
            self._pages[key] = page
            self._pages.move_to_end(key)
            while len(self._pages) > self.size:
                self._pages.popitem(last=False)
        return page

    def clear(self) -> None:
        """Forget every page."""
        with self._lock:
            self._pages.clear()
