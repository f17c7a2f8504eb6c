"""What makes the app installable and usable offline: its manifest and service worker."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import cast

from flask import Blueprint, current_app, g, jsonify, render_template, url_for
from werkzeug.wrappers import Response

bp = Blueprint("install", __name__)

SHELL_FILES = (
    "app.css",
    "app.js",
    "pad-count.js",
    "pad-rules.js",
    "pad-store.js",
    "pad-view.js",
    "pad-preview.js",
    "pad-sync.js",
    "pad-shell.js",
    "icon.svg",
    "icons/icon-192.png",
    "icons/apple-touch-icon.png",
)
"""The static files every pad page needs: kept by the service worker from the start."""
THEME = "#1d4e89"
BACKGROUND = "#f3f6fb"


def _asset(filename: str) -> str:
    """A static file's address with its content hash (the pages' own `asset` helper)."""
    asset = cast(Callable[[str], str], current_app.jinja_env.globals["asset"])
    return asset(filename)


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: name, icons, colours; it opens on the home page, full screen."""
    asset = _asset
    icons = [
        {"src": asset("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": asset("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": asset("icons/maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
        {"src": asset("icon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    response = jsonify(
        name="Skyjo Pad",
        short_name="Skyjo Pad",
        description="The score pad and digital table for SKYJO, beside the deck.",
        id="/",
        start_url="/",
        scope="/",
        display="standalone",
        orientation="any",
        theme_color=THEME,
        background_color=BACKGROUND,
        icons=icons,
    )
    response.mimetype = "application/manifest+json"
    return response


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, at the root so that it serves the whole app, with the addresses
    of the current shell written in (a new asset makes a new worker). It is the same for
    every browser: logging in or out installs no new worker (a page tells the worker
    instead, which fetches the shell again: static/sw.js)."""
    shell = [url_for(".offline"), *(_asset(name) for name in SHELL_FILES)]
    static = Path(current_app.static_folder or "static")
    source = (static / "sw.js").read_text(encoding="utf-8")
    version = hashlib.sha256((source + json.dumps(shell)).encode()).hexdigest()[:12]
    source = source.replace('const VERSION = "dev";', f'const VERSION = "{version}";', 1)
    source = source.replace("const SHELL = [];", f"const SHELL = {json.dumps(shell)};", 1)
    response = current_app.response_class(source, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.get("/offline")
def offline() -> str:
    """The pad's pages drawn on the phone (static/pad-shell.js) from the games it keeps:
    what the service worker shows for a pad page it cannot fetch (fetched in the background:
    the session cookie is left as it is)."""
    g.quiet_session = True
    return render_template("offline.html")
