"""Reading API requests: the JSON body, and a take-back's version from the address.

A body that cannot be read as a JSON object is refused (`Malformed`, 400) with a sentence
a person understands; its fields are then read by its model (`api/models/`). Nothing here
touches the database.
"""

from __future__ import annotations

import json
import re
from typing import Any, NoReturn

from flask import request

from ..services.errors import N_, Conflict, Malformed, Sentence
from .models.pad import TakeBackBody
from .models.reading import show
from .models.tables import NoFields

MAX_BODY_BYTES = 64 * 1024
"""The largest request body read; a round of 12 grids is far below this."""


def json_object() -> dict[str, Any]:
    """The request body as a JSON object, or Malformed saying what is wrong with it."""
    if not request.is_json:
        raise Malformed(
            N_("Send the body as JSON, with the header Content-Type: application/json.")
        )
    length = request.content_length
    if length is not None and length > MAX_BODY_BYTES:
        raise Malformed(_too_large())
    raw = request.get_data(cache=True)
    if len(raw) > MAX_BODY_BYTES:
        raise Malformed(_too_large())
    if not raw.strip():
        raise Malformed(N_("The request body is empty: send a JSON object."))
    try:
        data = json.loads(raw, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as error:
        raise Malformed(N_("The request body is not valid JSON.")) from error
    if not isinstance(data, dict):
        raise Malformed(N_('The request body must be a JSON object, like {"key": value}.'))
    return data


def no_body() -> None:
    """Check the body of a request that takes none: nothing (no byte at all: blank lines
    are a body that is not JSON), or `{}` (NoFields)."""
    if request.get_data(cache=True):
        NoFields.read(json_object())


def version_arg() -> int | None:
    """The optional version of a take-back: `?version=` or a JSON body `{"version": n}`
    (another parameter in the address is refused)."""
    for name in request.args:
        if name != "version":
            raise Malformed(
                N_("Unknown parameter %(name)s in the address; the only one is version."),
                name=show(name),
            )
    text = request.args.get("version")
    in_body = TakeBackBody.read(json_object()).version if request.get_data(cache=True) else None
    if text is None:
        return in_body
    typed = text.strip()
    if not re.fullmatch(r"-?[0-9]{1,4300}", typed):  # not "1_0" nor other scripts' digits
        raise Malformed(N_("The version in the address must be a whole number."))
    in_address = int(typed)
    if in_body is not None and in_body != in_address:  # one of them is stale
        raise Conflict(N_("The version in the address and the one in the body differ."))
    return in_address


def _too_large() -> Sentence:
    return Sentence(
        N_("The request body is too large: at most %(size)s KB."), {"size": MAX_BODY_BYTES // 1024}
    )


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a JSON number")
