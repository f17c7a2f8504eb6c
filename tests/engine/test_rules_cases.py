"""The engine's scoring against the shared table of cases (tests/rules_cases.json), which
the phone's copy of the rules (static/pad-rules.js) is checked against in Chromium too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skyjo_pad.engine import scoring
from skyjo_pad.engine.rules import PAD_RULE_KEYS, Rules

CASES_FILE = Path(__file__).resolve().parents[1] / "rules_cases.json"
CASES: list[dict[str, Any]] = json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]


def played(case: dict[str, Any]) -> dict[str, Any]:
    """What the engine makes of a case's rounds, in the shape of its `expect`."""
    rules = Rules.from_dict(case["rules"], allowed=PAD_RULE_KEYS)
    rounds = [scoring.score_round(r["raw"], r["closer"], rules) for r in case["rounds"]]
    seats = len(case["rounds"][0]["raw"])
    totals = scoring.totals([r.final for r in rounds], seats)
    return {
        "rounds": [
            {"final": list(r.final), "doubled": r.doubled, "why": r.why.value} for r in rounds
        ],
        "totals": list(totals),
        "finished": scoring.game_over(totals, rules),
        "winners": list(scoring.winners(totals, rules)),
    }


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_engine_gives_what_the_case_expects(case: dict[str, Any]) -> None:
    assert played(case) == case["expect"]


def test_the_cases_cover_every_doubling_reason_and_option() -> None:
    reasons = {r["why"] for case in CASES for r in case["expect"]["rounds"]}
    assert reasons == {reason.value for reason in scoring.Doubling}
    options = {key for case in CASES for key in case["rules"]}
    assert options == {"target", "multiplier", "tie_doubles", "double_only_positive"}
    assert any(len(case["expect"]["winners"]) > 1 for case in CASES)
    assert any(min(case["expect"]["totals"]) < 0 for case in CASES)
