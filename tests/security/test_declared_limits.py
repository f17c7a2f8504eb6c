"""The rate limits are declared on their views (`rate_limits.limited`): which views carry
one, and that the app wraps each of them whatever its endpoint is called."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Blueprint, Flask

from skyjo_pad import rate_limits
from skyjo_pad.rate_limits import group_of, limited

DECLARED = {
    "pad.new_game": "create",
    "table.new_table": "create",
    "api.create_game": "create",
    "api.create_table": "create",
    "history.import_file": "import",
    "pad_share.share": "create",
    "api.make_share": "create",
    "table.replay": "replay",
    "api.table_replay": "replay",
    "api.table_replay_step": "replay",
    "api.online_replay": "replay",
    "api.table_coach": "coach",
    "api.table_coach_close": "coach",
    "api.online_coach": "coach",
    "api.online_coach_close": "coach",
}
"""Creating games, tables and links, imports, the replay's steps, the coach's answers:
pages and API."""


def test_the_views_that_create_import_replay_or_coach_declare_their_limit(app: Flask) -> None:
    marked = {
        endpoint: group
        for endpoint, view in app.view_functions.items()
        if (group := group_of(view)) is not None
    }
    assert marked == DECLARED
    for endpoint in DECLARED:  # wrapped by the limiter, the mark kept
        assert hasattr(app.view_functions[endpoint], "__wrapped__"), endpoint


def test_a_view_under_any_name_keeps_its_limit(
    app_with: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    extra = Blueprint("renamed", __name__)

    @extra.get("/whatever-it-is-called")
    @limited("replay")
    def some_new_name() -> str:
        return "ok"

    monkeypatch.setitem(rate_limits.RATE_LIMITS, "replay", "2 per minute")
    real = Flask.register_blueprint

    def with_extra(self: Flask, blueprint: Blueprint, **options: object) -> None:
        real(self, blueprint, **options)
        if blueprint.name == "api":
            real(self, extra)

    monkeypatch.setattr(Flask, "register_blueprint", with_extra)
    client = app_with(RATELIMIT_ENABLED=True).test_client()
    codes = [client.get("/whatever-it-is-called").status_code for _ in range(3)]
    assert codes == [200, 200, 429]


def test_an_unknown_group_is_refused_at_once() -> None:
    with pytest.raises(ValueError, match="no rate limit group"):
        limited("everything")
