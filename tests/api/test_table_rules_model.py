"""A table's rule options as the OpenAPI document states them (`TableRules`, made from the
engine's `Rules`) are the ones the engine takes: every option, each range's ends in, one
beyond them out."""

from __future__ import annotations

import dataclasses

import pytest

from skyjo_pad.api.models.tables import RANGES, TableRules
from skyjo_pad.engine.rules import SEATINGS, Rules
from skyjo_pad.services.errors import Invalid
from skyjo_pad.services.tables import table_rules


def test_every_option_of_the_engine_is_documented_with_its_default() -> None:
    official = Rules()
    assert set(TableRules.model_fields) == {option.name for option in dataclasses.fields(Rules)}
    for name, field in TableRules.model_fields.items():
        assert field.default == getattr(official, name)


@pytest.mark.parametrize("option", sorted(RANGES))
def test_each_documented_range_is_the_engines(option: str) -> None:
    low, high = RANGES[option]
    for value in (low, high):
        assert getattr(table_rules({option: value}), option) == value
        TableRules.model_validate({option: value})
    for value in (low - 1, high + 1):
        with pytest.raises(Invalid):
            table_rules({option: value})


def test_the_seatings_are_the_engines() -> None:
    for seats in SEATINGS:
        assert table_rules({"max_players": seats}).max_players == seats
    with pytest.raises(Invalid):
        table_rules({"max_players": 10})
