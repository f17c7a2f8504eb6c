"""The rules page: SKYJO's rules and every rule option, written for each language."""

from __future__ import annotations

from flask import Blueprint, render_template

from .. import i18n

bp = Blueprint("rules", __name__)


@bp.get("/rules")
def page() -> str:
    """The rules in the reader's language (templates/rules/<language>.html)."""
    return render_template(f"rules/{i18n.current()}.html")
