"""The worked examples in docs/rules-options.md are what the scoring really does."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from skyjo_pad.engine.rules import Rules
from skyjo_pad.engine.scoring import score_round

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules-options.md"
RAW = ([10, 10], [10, 12], [-3, -5])  # the closer sits in seat 0 in each example column


def example_rows() -> list[tuple[dict[str, object], list[int]]]:
    """The rows of the examples table: the options set, and the closer's final scores."""
    text = DOC.read_text(encoding="utf-8").split("## Examples", 1)[1]
    rows = []
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) != 4 or not re.fullmatch(r"-?\d+", cells[1].replace("−", "-")):
            continue
        options = {} if cells[0] == "official" else json.loads("{" + cells[0].strip("`") + "}")
        rows.append((options, [int(cell.replace("−", "-")) for cell in cells[1:]]))
    return rows


def test_the_examples_table_is_found() -> None:
    assert len(example_rows()) == 5


@pytest.mark.parametrize(("options", "expected"), example_rows())
def test_documented_example(options: dict[str, object], expected: list[int]) -> None:
    rules = Rules.from_dict(options)
    assert [score_round(raw, 0, rules).final[0] for raw in RAW] == expected
