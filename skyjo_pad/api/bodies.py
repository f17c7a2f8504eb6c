"""Reading API requests: JSON bodies and query values into the service's types.

Every refusal raises a ServiceError with a sentence a person understands: `Malformed`
(400) for a body that cannot be read or has the wrong types, `Invalid` (422) for a well
formed value outside what the pad can keep. Nothing here touches the database.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, NoReturn, TypeGuard

from flask import request

from ..engine.limits import COLUMNS, MAX_CARD, MIN_CARD, ROWS
from ..engine.scoring import Grid, GridError, parse_grid
from ..services.errors import Invalid, Malformed
from ..services.pad import SCORE_LIMIT, RoundEntry, SeatEntry

MAX_BODY_BYTES = 64 * 1024
"""The largest request body read; a round of 12 grids is far below this."""
NUMBER_LIMIT = SCORE_LIMIT
"""Any number in a body must lie within ± this (the pad's tighter limits apply after)."""

ROUND_FIELDS = ("scores", "grids", "closer", "version")
NEW_ROUND_FIELDS = (*ROUND_FIELDS, "client_id")
NEW_GAME_FIELDS = ("players", "rules", "client_id")
TAKE_BACK_FIELDS = ("version",)
CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
"""A client-made id (API.md): 8 to 64 letters, digits, - or _; a UUID fits."""
SCORE_FIELDS = ("grid",)
WHOLE_RULES = ("target", "multiplier")
BOOLEAN_RULES = ("tie_doubles", "double_only_positive")


def json_object() -> dict[str, Any]:
    """The request body as a JSON object, or Malformed saying what is wrong with it."""
    if not request.is_json:
        raise Malformed("Send the body as JSON, with the header Content-Type: application/json.")
    length = request.content_length
    if length is not None and length > MAX_BODY_BYTES:
        raise Malformed(_too_large())
    raw = request.get_data(cache=True)
    if len(raw) > MAX_BODY_BYTES:
        raise Malformed(_too_large())
    if not raw.strip():
        raise Malformed("The request body is empty: send a JSON object.")
    try:
        data = json.loads(raw, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as error:
        raise Malformed("The request body is not valid JSON.") from error
    if not isinstance(data, dict):
        raise Malformed('The request body must be a JSON object, like {"key": value}.')
    return data


def new_game(data: Mapping[str, Any]) -> tuple[list[str], dict[str, Any] | None]:
    """The players' names and the rule options of a new game body."""
    _only_fields(data, NEW_GAME_FIELDS, "a new game")
    if "players" not in data:
        raise Malformed('Give the players, like {"players": ["Ann", "Bob", "Cy"]}.')
    players = data["players"]
    if not isinstance(players, list):
        raise Malformed('The players must be a list of names, like ["Ann", "Bob", "Cy"].')
    for seat, name in enumerate(players):
        if not isinstance(name, str):
            raise Malformed(f"The name at seat {seat} is {_show(name)}, not text.")
    return players, rules(data.get("rules"))


def rules(data: object) -> dict[str, Any] | None:
    """Rule options as given (null: the defaults), with their types checked.

    Which options exist and which values the rules allow is the engine's to say.
    """
    if data is None:
        return None
    if not isinstance(data, dict):
        raise Malformed('The rules must be an object, like {"target": 100}.')
    for key in WHOLE_RULES:
        if key in data:
            _whole(data[key], f"The rule option {key}")
    for key in BOOLEAN_RULES:
        if key in data and not isinstance(data[key], bool):
            raise Malformed(f"The rule option {key} must be true or false.")
    return data


def client_id(data: Mapping[str, Any]) -> str | None:
    """The optional `client_id` of a body: the key that makes a retry change nothing."""
    value = data.get("client_id")
    if value is None:
        return None
    if not isinstance(value, str) or not CLIENT_ID.fullmatch(value):
        raise Malformed(
            f"The client_id is {_show(value)}: it must be 8 to 64 letters, digits, - or _ "
            "(a UUID is fine)."
        )
    return value


def round_entry(
    data: Mapping[str, Any], fields: Iterable[str] = ROUND_FIELDS
) -> tuple[RoundEntry, int | None]:
    """The round a body describes, and the sheet version it was made against (if given).

    `fields`: the fields this request may carry (a new round may also carry a client_id).
    """
    _only_fields(data, fields, "a round")
    has_scores, has_grids = "scores" in data, "grids" in data
    if has_scores == has_grids:
        raise Malformed(
            "Give either scores (one whole number per player) or grids (one 3×4 grid "
            "per player), not both and not neither."
        )
    seats = _scores(data["scores"]) if has_scores else _grids(data["grids"])
    if "closer" not in data:
        raise Malformed(
            "Say who closed the round: closer is the seat number of that player "
            "(from 0), or null if nobody did."
        )
    closer = data["closer"]
    if closer is not None:
        closer = _whole(closer, "The closer", limit=False)
    version = data.get("version")
    if version is not None:
        version = _whole(version, "The version", limit=False)
    return RoundEntry(seats=seats, closer=closer), version


def grid_body(data: Mapping[str, Any]) -> Grid:
    """The grid of a POST /api/score body."""
    _only_fields(data, SCORE_FIELDS, "a grid to score")
    if "grid" not in data:
        raise Malformed('Give the grid, as 3 rows of 4 cards: {"grid": [[…], […], […]]}.')
    return grid(data["grid"], "the grid")


def grid(data: object, label: str) -> Grid:
    """A grid of card values: a wrong shape or type is Malformed, a wrong card Invalid.

    `label` names the grid in the middle of a sentence, like "the grid of seat 1".
    """
    if not _grid_shaped(data):
        raise Malformed(
            f"{label[:1].upper()}{label[1:]} must be 3 rows of 4 cards, each a whole number "
            f"from {MIN_CARD} to {MAX_CARD} or null."
        )
    try:
        return parse_grid(data)
    except GridError as error:
        raise Invalid(f"In {label}, {error}") from error


def version_arg() -> int | None:
    """The optional version of a take-back: `?version=` or a JSON body `{"version": n}`."""
    text = request.args.get("version")
    if text is None:
        if not request.get_data(cache=True).strip():
            return None
        data = json_object()
        _only_fields(data, TAKE_BACK_FIELDS, "a take-back")
        version = data.get("version")
        return None if version is None else _whole(version, "The version", limit=False)
    try:
        return int(text.strip(), 10)
    except ValueError as error:
        raise Malformed("The version in the address must be a whole number.") from error


def _scores(data: object) -> tuple[SeatEntry, ...]:
    if not isinstance(data, list):
        raise Malformed("The scores must be a list of whole numbers, one per player.")
    return tuple(
        SeatEntry(score=_whole(value, f"The score of seat {seat}"))
        for seat, value in enumerate(data)
    )


def _grids(data: object) -> tuple[SeatEntry, ...]:
    if not isinstance(data, list):
        raise Malformed("The grids must be a list of grids (3 rows of 4 cards), one per player.")
    return tuple(
        SeatEntry(grid=grid(value, f"the grid of seat {seat}")) for seat, value in enumerate(data)
    )


def _whole(value: object, label: str, limit: bool = True) -> int:
    """`value` if it is a whole number (not a boolean), within the limit if asked."""
    if not _is_whole(value):
        if isinstance(value, float) and value.is_integer():
            raise Malformed(
                f"{label} is {_show(value)}: write whole numbers without a decimal point."
            )
        raise Malformed(f"{label} is {_show(value)}, not a whole number.")
    if limit and abs(value) > NUMBER_LIMIT:
        raise Invalid(
            f"{label} is too large: it must lie between -{NUMBER_LIMIT} and {NUMBER_LIMIT}."
        )
    return value


def _only_fields(data: Mapping[str, Any], allowed: Iterable[str], what: str) -> None:
    known = tuple(allowed)
    for key in data:
        if key not in known:
            raise Malformed(
                f"Unknown field {_show(key)} in {what}; the fields are {', '.join(known)}."
            )


def _grid_shaped(data: object) -> bool:
    """Whether `data` is 3 lists of 4 whole numbers or nulls (whatever their values)."""
    return (
        isinstance(data, list)
        and len(data) == ROWS
        and all(
            isinstance(row, list)
            and len(row) == COLUMNS
            and all(cell is None or _is_whole(cell) for cell in row)
            for row in data
        )
    )


def _is_whole(value: object) -> TypeGuard[int]:
    """Whether a JSON value is a whole number (JSON's true and false are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: object, width: int = 24) -> str:
    """A short JSON rendering of a value for a message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (ValueError, TypeError, RecursionError):
        text = "that value"
    return text if len(text) <= width else text[: width - 1] + "…"


def _too_large() -> str:
    return f"The request body is too large: at most {MAX_BODY_BYTES // 1024} KB."


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")
