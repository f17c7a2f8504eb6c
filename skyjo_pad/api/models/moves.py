"""A move's JSON (skyjo-position/1, docs/formats.md), declared from the notation.

The engine's notation names every move's `action` and the keys each takes
(`MOVE_KEYS`); one model per action is made from it here, so the OpenAPI document's
`Move` is the notation's own. The notation still reads each move (`move_from_json`): its
refusals are the engine's sentences.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel, create_model

from ...engine.notation import ACTIONS, MOVE_KEYS

KEY_TYPES: dict[str, Any] = {
    "seat": Annotated[int, Field(ge=0)],
    "cell": Annotated[list[int], Field(min_length=2, max_length=2)],
    "deck": list[int],
}
"""What each key of a move holds besides its action (the notation says which it takes)."""
MOVE_DESCRIPTION = (
    'One move of skyjo-position/1 (docs/formats.md), like {"action": "swap", "cell": [1, 3]}.'
)


def _model(action: str) -> type[BaseModel]:
    """The model of one kind of move: its action and exactly the keys it takes."""
    required, optional = MOVE_KEYS[action]
    fields: dict[str, Any] = {"action": (Literal[action], ...)}
    fields |= {key: (KEY_TYPES[key], ...) for key in required}
    fields |= {key: (KEY_TYPES[key], None) for key in optional}
    name = "".join(part.capitalize() for part in action.split("_")) + "Move"
    return create_model(name, __config__=ConfigDict(extra="forbid", strict=True), **fields)


ACTION_MODELS: tuple[type[BaseModel], ...] = tuple(_model(action) for action in ACTIONS)


def _any_of(schema: dict[str, Any]) -> None:
    """The Move schema: any one of the actions' models, inlined (no name of their own)."""
    schema.clear()
    schema["description"] = MOVE_DESCRIPTION
    schema["anyOf"] = [_inline(model) for model in ACTION_MODELS]


def _inline(model: type[BaseModel]) -> dict[str, Any]:
    """One action's schema, without the title pydantic gives it."""
    schema = model.model_json_schema()
    schema.pop("title", None)
    for value in schema.get("properties", {}).values():
        value.pop("title", None)
        if "default" in value:  # optional: it may be left out, not sent as null
            del value["default"]
    return schema


class Move(RootModel[dict[str, Any]]):
    """One move of skyjo-position/1 (docs/formats.md), like {"action": "swap", "cell": [1, 3]}."""

    model_config = ConfigDict(json_schema_extra=_any_of)

    """A move in a body: a JSON object (`root`), read by the notation."""
