"""The JSON Schemas of the request bodies, generated from their models for the OpenAPI
document's `components.schemas` (each under its class name)."""

from __future__ import annotations

from typing import Any

from pydantic.json_schema import models_json_schema

from .pad import (
    NewGame,
    NewRoundBody,
    PadRules,
    RoundBody,
    ScoreBody,
    ShareBody,
    TakeBackBody,
)
from .reading import Body
from .tables import Abandon, GiveSeat, NoFields

REF_TEMPLATE = "#/components/schemas/{model}"
MODELS: tuple[type[Body], ...] = (
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
)
"""Every request body the document describes from its model."""


def schemas() -> dict[str, Any]:
    """Each model's JSON Schema (and the models they hold), by name."""
    _, top = models_json_schema(
        [(model, "validation") for model in MODELS], ref_template=REF_TEMPLATE
    )
    defs: dict[str, Any] = top.get("$defs", {})
    for schema in defs.values():
        schema.pop("title", None)
    return defs
