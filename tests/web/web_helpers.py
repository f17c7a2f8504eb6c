"""What the page tests share: filling the forms, reading pages, counting what is stored."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select
from werkzeug.test import TestResponse

from skyjo_pad.extensions import db
from skyjo_pad.models import Game, Player, Round
from skyjo_pad.services import pad

Scores = Sequence[int | str]
"""One entry per seat: a number, or the text typed in the score field."""


def game_form(names: Sequence[str], **rules: str | None) -> dict[str, str]:
    """The new game form's fields: these names, and the rule options as typed.

    Every rule option starts at its official value; None leaves a field out (a checkbox
    not ticked).
    """
    data: dict[str, str | None] = {
        "target": "100",
        "multiplier": "2",
        "tie_doubles": "y",
        "double_only_positive": "y",
        "start": "1",
    }
    data.update(rules)
    data.update({f"player-{seat}": name for seat, name in enumerate(names)})
    return {key: value for key, value in data.items() if value is not None}


def round_form(
    scores: Scores, closer: int | str | None, version: int | None = None, **extra: str
) -> dict[str, str]:
    """The round form's fields: each seat's typed score, the closer ("none": Nobody)."""
    data = {f"seats-{seat}-score": str(score) for seat, score in enumerate(scores)}
    if closer is not None:
        data["closer"] = str(closer)
    if version is not None:
        data["version"] = str(version)
    data["action"] = "save"
    data.update(extra)
    return data


def grid_fields(seat: int, cards: Sequence[int | str]) -> dict[str, str]:
    """The 12 card fields of one seat, row by row."""
    assert len(cards) == 12
    return {f"seats-{seat}-cards-{i}": str(card) for i, card in enumerate(cards)}


def start_game(client: FlaskClient, names: Sequence[str], **rules: str | None) -> str:
    """Start a game through the form; return its id."""
    response = client.post("/games/new", data=game_form(names, **rules))
    assert response.status_code == 302, page_text(response)[:500]
    match = re.search(r"/games/(\w+)$", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def save_round(
    client: FlaskClient, game_id: str, scores: Scores, closer: int | str | None, **extra: str
) -> TestResponse:
    """Save a round through the form, which must accept it (a redirect to the sheet)."""
    version = extra.pop("version", None)
    response = client.post(
        f"/games/{game_id}/rounds/new",
        data=round_form(scores, closer, int(version) if version else None, **extra),
    )
    assert response.status_code == 302, page_text(response)[:800]
    assert response.headers["Location"].startswith(f"/games/{game_id}")
    return response


def page_text(response: TestResponse) -> str:
    """A page's HTML as text, entities decoded."""
    return html.unescape(response.get_data(as_text=True))


def words(response: TestResponse) -> str:
    """What a page says: its text without tags, spaces tidied (icons' labels kept out)."""
    text = re.sub(
        r"<(script|style|svg)\b.*?</\1>", " ", response.get_data(as_text=True), flags=re.S
    )
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def field_errors(response: TestResponse) -> list[str]:
    """The messages shown next to fields (and the players message) on a page."""
    return re.findall(r'class="field-error"[^>]*>(.*?)</p>', page_text(response))


def player_rows(response: TestResponse) -> list[str]:
    """The new game page's player rows, each with its field and its message (if any)."""
    return re.findall(r'<li class="player-row">(.*?)</li>', page_text(response), re.S)


def input_value(response: TestResponse, name: str) -> str | None:
    """The value of the input called `name` on a page (None: no such input)."""
    for tag in re.findall(r"<input[^>]*>", response.get_data(as_text=True)):
        if f'name="{name}"' in tag:
            value = re.search(r'value="([^"]*)"', tag)
            return html.unescape(value.group(1)) if value else ""
    return None


def is_checked(response: TestResponse, name: str) -> bool:
    """Whether a checkbox or radio button called `name` is ticked on a page."""
    return checked_value(response, name) is not None


def checked_value(response: TestResponse, name: str) -> str | None:
    """The value of the ticked checkbox or radio button called `name` (None: none ticked)."""
    for tag in re.findall(r"<input[^>]*>", response.get_data(as_text=True)):
        if f'name="{name}"' in tag and re.search(r"\bchecked\b", tag):
            value = re.search(r'value="([^"]*)"', tag)
            return html.unescape(value.group(1)) if value else "on"
    return None


def counts(app: Flask) -> tuple[int, int, int]:
    """How many games, players and rounds the store holds."""
    with app.app_context():
        return tuple(  # type: ignore[return-value]
            db.session.scalar(select(func.count()).select_from(model))
            for model in (Game, Player, Round)
        )


def sheet(app: Flask, game_id: str) -> pad.Sheet:
    """The game as the service reads it from the store."""
    with app.app_context():
        return pad.get_sheet(game_id, with_grids=True)


def flashes(response: TestResponse) -> list[str]:
    """The flash messages on a page."""
    return re.findall(r'<p class="flash[^"]*"[^>]*>(.*?)</p>', page_text(response))


def totals_shown(response: TestResponse) -> list[int]:
    """The totals row of a sheet page."""
    cells = re.findall(r'data-total="\d+">\s*(-?\d+)\s*<', response.get_data(as_text=True))
    return [int(cell) for cell in cells]
