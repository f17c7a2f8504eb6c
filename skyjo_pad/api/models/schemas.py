"""The JSON Schemas of the request bodies and of the answers, generated from their models
for the OpenAPI document's `components.schemas` (each under its class name)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from .answers import ANSWERS
from .coach import COACH_ANSWERS
from .pad import (
    NewGame,
    NewRoundBody,
    PadRules,
    RoundBody,
    ScoreBody,
    ShareBody,
    TakeBackBody,
)
from .tables import (
    Abandon,
    AdvanceBody,
    GiveSeat,
    MoveBody,
    NewOnlineTable,
    NoFields,
    OnlineMove,
)

REF_TEMPLATE = "#/components/schemas/{model}"
MODELS: tuple[type[BaseModel], ...] = (
    PadRules,
    NewGame,
    RoundBody,
    NewRoundBody,
    TakeBackBody,
    ScoreBody,
    ShareBody,
    GiveSeat,
    Abandon,
    NoFields,
    NewOnlineTable,
    OnlineMove,
    MoveBody,
    AdvanceBody,
)
"""Every request body the document describes from its model (the models they hold,
`Move` and the seats, come with them)."""


def schemas() -> dict[str, Any]:
    """Each model's JSON Schema (and the models they hold), by name: the request bodies'
    and the answers'."""
    _, top = models_json_schema(
        [(model, "validation") for model in (*MODELS, *ANSWERS, *COACH_ANSWERS)],
        ref_template=REF_TEMPLATE,
    )
    defs: dict[str, Any] = top.get("$defs", {})
    for schema in defs.values():
        schema.pop("title", None)
    return defs
