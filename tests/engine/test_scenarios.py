"""Fixed-position scenarios, one rule each, written as record files in scenarios/.

Each file is a skyjo-record/1 that `skyjo-pad replay` accepts as it is; its extra keys
say what the replay must give: "expect" after all the moves, and "checkpoints" after
the first few. An expected "..." matches anything, a list ending in "..." matches a
list that starts with the rest, and null matches a key that is left out.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skyjo_pad.replay import FAILED, replay_record

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.json"), key=lambda path: path.name)
ANY = "..."


def matches(actual: Any, expected: Any, where: str = "") -> list[str]:
    """Where `actual` differs from the (partial) `expected`; empty if it matches."""
    if expected == ANY:
        return []
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where}: expected an object, got {actual!r}"]
        return [
            problem
            for key, value in expected.items()
            for problem in matches(actual.get(key), value, f"{where}.{key}")
        ]
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return [f"{where}: expected a list, got {actual!r}"]
        if expected and expected[-1] == ANY:
            expected = expected[:-1]
            actual = actual[: len(expected)]
        if len(actual) != len(expected):
            return [f"{where}: expected {expected!r}, got {actual!r}"]
        return [
            problem
            for i, (a, e) in enumerate(zip(actual, expected, strict=True))
            for problem in matches(a, e, f"{where}[{i}]")
        ]
    return [] if actual == expected else [f"{where}: expected {expected!r}, got {actual!r}"]


def check(report: dict[str, Any], status: int, expect: dict[str, Any]) -> None:
    """Compare one replay with its expectation, errors included."""
    if "error_contains" in expect:
        assert status == FAILED
        assert expect["error_contains"] in report["error"]
        assert "move" not in report
        return
    if "error" in expect:
        assert status == FAILED
        assert report == expect
        return
    assert status == 0, report
    problems = matches(report, expect)
    assert not problems, "\n".join(problems)


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 30


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_scenario(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["description"]
    check(*replay_record(data), data["expect"])
    for checkpoint in data.get("checkpoints", []):
        early = {**data, "moves": data["moves"][: checkpoint["moves"]]}
        check(*replay_record(early), checkpoint["expect"])


def test_the_matcher() -> None:
    assert matches({"a": [1, 2, 3], "b": None}, {"a": [1, ANY], "b": ANY}) == []
    assert matches({"a": 1}, {"b": None}) == []
    assert matches({"a": [1, 2]}, {"a": [1]}) == [".a: expected [1], got [1, 2]"]
    assert matches([["x"]], [["y"]]) == ["[0][0]: expected 'y', got 'x'"]
