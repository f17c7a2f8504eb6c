"""The pages: blueprints, friendly error pages, template helpers."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Flask, make_response, redirect, render_template, request
from flask_babel import format_decimal
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from ..i18n import whole_percent
from ..presenters import problems
from ..presenters.rules_words import table_rule_words
from ..services import pad as pad_service
from ..services.stats import half_up
from ..unavailable import DATABASE_AWAY, database_away
from . import access, js_strings
from .health import bp as health_bp
from .history import bp as history_bp
from .install import bp as install_bp
from .online import bp as online_bp
from .pad import bp as pad_bp
from .pad_share import bp as pad_share_bp
from .players import bp as players_bp
from .rules import bp as rules_bp
from .sessions import ReusedSignerSessions
from .table import bp as table_bp
from .table import is_online

YEAR = 365 * 24 * 60 * 60
"""Seconds a browser may keep a static file asked for by its content hash."""
ERROR_TEXT = {
    400: (_l("Not understood"), _l("The app could not read this request. Go back and try again.")),
    401: (_l("Not allowed"), _l("This page needs its secret link or the password.")),
    403: (_l("Not yours to do"), _l("This is not for this link or this phone.")),
    409: (_l("Not now"), _l("The game has moved on: this cannot be done now.")),
    422: (_l("Against the rules"), _l("That is not allowed by the rules of the game.")),
    404: (
        _l("Not found"),
        _l("There is nothing here: the link may be mistyped, or what it showed deleted."),
    ),
    405: (_l("Not allowed"), _l("That page cannot be used this way.")),
    500: (
        _l("Something went wrong"),
        _l("The app hit a problem. Nothing was saved from this request."),
    ),
    503: (
        _l("Try again in a moment"),
        _l("The app could not reach its database just now. Nothing was saved from this request."),
    ),
}


def register(app: Flask) -> None:
    """Register the page blueprints, error pages and template helpers."""
    app.session_interface = ReusedSignerSessions()
    app.register_blueprint(pad_bp)
    app.register_blueprint(pad_share_bp)
    app.register_blueprint(table_bp)
    app.register_blueprint(online_bp)
    app.register_blueprint(history_bp)
    app.register_blueprint(players_bp)
    app.register_blueprint(install_bp)
    app.register_blueprint(rules_bp)
    app.register_blueprint(health_bp)

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> tuple[str, int]:
        return render_template(
            "error.html",
            title=_l("Please try again"),
            text=_l("This page was open too long or came from elsewhere. Reload it and try again."),
        ), 400

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int] | HTTPException:
        if request.path.startswith("/api/"):
            return error
        code = error.code or 500
        title, text = ERROR_TEXT.get(code, ERROR_TEXT[500])
        if error.description != type(error).description:  # the page's own reason, worded
            text = error.description or text
        return render_template("error.html", title=title, text=text), code

    def database_away_page(error: Exception) -> Response:
        """A page saying to try again (the API says it in JSON: `api.errors`)."""
        title, text = ERROR_TEXT[503]
        page = make_response(render_template("error.html", title=title, text=text))
        return database_away(error, page)

    for kind in DATABASE_AWAY:
        app.register_error_handler(kind, database_away_page)

    static = Path(app.static_folder or "static")

    @lru_cache(maxsize=256)  # the app's files; bounded, as a request may name others
    def fingerprint(filename: str) -> str:
        return hashlib.sha256((static / filename).read_bytes()).hexdigest()[:10]

    @app.template_global()
    def asset(filename: str) -> str:
        """A static file's URL with its content hash, so browsers may cache it for long."""
        from flask import url_for

        return url_for("static", filename=filename, v=fingerprint(filename))

    @app.after_request
    def cache_fingerprinted(response: Response) -> Response:
        """A static file asked for by its current content hash never changes at that
        address: browsers may keep it a year without asking again."""
        filename = (request.view_args or {}).get("filename")
        if (
            request.endpoint == "static"
            and response.status_code == 200
            and isinstance(filename, str)
            and request.args.get("v") == fingerprint(filename)
        ):
            response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
        return response

    app.add_template_global(lambda: problems.why(pad_service.game_full()), "game_full_words")
    app.add_template_global(js_strings.catalogue, "js_strings")
    app.add_template_global(js_strings.limits, "js_limits")
    app.add_template_global(js_strings.level_word, "level_word")
    app.add_template_filter(true_minus, "score")
    app.add_template_filter(one_decimal, "decimal")
    app.add_template_filter(percent_or_dash, "percent")
    app.add_template_global(problems.say, "say")
    app.add_template_global(is_online, "online_table")
    app.add_template_global(table_rule_words, "table_rule_words")
    app.add_template_global(invalid, "invalid")
    app.add_template_global(access.let_in, "let_in")

    @app.get("/favicon.ico")
    def favicon() -> Response:
        """Browsers that ask for the old icon address get the app's icon."""
        return redirect(asset("icon.svg"), 301)


def true_minus(value: object) -> str:
    """A score as the sheet writes it: a true minus sign (−3), never a hyphen (-3)."""
    return str(value).replace("-", "\u2212")


def one_decimal(value: float | None) -> str:
    """A statistic as the reader writes numbers, with a true minus: an average or a rating
    to one decimal (6.3, 6,3, −7.9), a count or a score whole (−4, 1,200); a dash for none."""
    if value is None:
        return "—"
    if isinstance(value, int):
        return true_minus(format_decimal(value))
    rounded = half_up(value, 1)
    return true_minus(format_decimal(abs(rounded) if rounded == 0 else rounded, format="#,##0.0"))


def percent_or_dash(value: float | None) -> str:
    """A share as a whole percentage the reader's way (25%, 25 %); a dash for none."""
    return "—" if value is None else whole_percent(value)


def invalid(field: Any) -> dict[str, str]:
    """A field's attributes when it holds an error: marked invalid, and pointing to its
    message (`_errors.html` names it `<field id>-error`)."""
    if not field.errors:
        return {}
    return {"aria-invalid": "true", "aria-describedby": f"{field.id}-error"}
