"""Rendered pages kept in memory, compressed once, keyed by everything they depend on.

A score sheet is read far more often than it changes (every phone at the table reloads
it after each round), so its page is drawn and compressed once per version of the game
and served from here until the game moves on. Each process keeps its own bounded store; a
key names the game's version and players, so a page never outlives the data it shows.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Hashable

import brotli
from flask import current_app, request
from werkzeug.wrappers import Response

from ..memo import LRU

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
        etag = f"{self.etag}-{encoding}"
        headers = {
            "ETag": f'"{etag}"',
            "Cache-Control": "no-cache",
            "Vary": "Accept-Encoding, Accept-Language, Cookie",
        }
        if encoding != "identity":
            headers["Content-Encoding"] = encoding
        if etag in request.if_none_match:
            return Response(status=304, headers=headers)
        return Response(self.body(encoding), headers=headers, mimetype="text/html")


class PageCache(LRU[Hashable, Page]):
    """A bounded, thread-safe store of drawn pages."""

    def __init__(self, size: int = 256) -> None:
        """A store of at most `size` pages."""
        super().__init__(size)

    def draw(self, key: Hashable, html: str) -> Page:
        """Keep `html` as the page under `key`; the page."""
        return self.put(key, Page(html, key))
