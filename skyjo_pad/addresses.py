"""The app's addresses: path parts without control characters, and safe places to go back to.

Every `<name>` in a route (a game id, a token, a language code) is a `PrintableSegment`:
an address with a control character in it (`/tables/%00`) matches no route and answers
404, so such text never reaches a view or a query. `safe_target` is the one check of a
`next` address a page goes back to (after logging in, after switching the language).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import Flask, current_app, url_for
from werkzeug.routing import BaseConverter

from .services.text import REFUSED, unprintable


class PrintableSegment(BaseConverter):
    """One part of a path (no `/`) with no control character and no lone surrogate."""

    regex = f"[^/{REFUSED}]+"


def install(app: Flask) -> None:
    """Make `PrintableSegment` the converter of every plain `<name>` (before any route)."""
    app.url_map.converters["default"] = PrintableSegment
    app.url_map.converters["string"] = PrintableSegment


def safe_target(target: str, fallback: str = "/") -> str:
    """`target` if it is a path of this site that a redirect can carry, else `fallback`:
    never another site (`//evil.example`, `https:…`, `/\\evil`), never a control
    character (a line break would split the answer's headers).

    >>> safe_target("/history?page=2"), safe_target("//evil.example"), safe_target("/a\\nb")
    ('/history?page=2', '/', '/')
    """
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        return fallback
    if unprintable(target):
        return fallback
    parts = urlsplit(target)
    return fallback if parts.scheme or parts.netloc else target


def shared_link(endpoint: str, **values: Any) -> str:
    """The whole address of a page the app hands out to share (a seat's link, a sheet's):
    under `SKYJO_PUBLIC_URL` when it is set (a request's Host then names no other server
    in a mail the app sends), else the address the request came to."""
    base = current_app.config.get("PUBLIC_URL")
    if not base:
        return url_for(endpoint, _external=True, **values)
    return f"{base}{url_for(endpoint, **values)}"


def table_link(token: str) -> str:
    """The whole address a table's token opens (a seat's, the host's, the spectators')."""
    return shared_link("online.page", token=token)
