"""The engine answers with its reasons: the line removed, who closed, who starts and why,
the round ended and why the closer was or was not doubled."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skyjo_pad.engine import (
    Cleared,
    Deal,
    Doubling,
    Line,
    Outcome,
    Rules,
    StartRule,
    apply,
    doubling,
    outcome,
    record_from_json,
    round_result,
)
from skyjo_pad.engine.scoring import score_grid, score_round

SCENARIOS = Path(__file__).parent / "scenarios"


def played(name: str) -> list[Outcome]:
    """Every move of a scenario, played with its reasons (and checked against `apply`)."""
    data = json.loads((SCENARIOS / f"{name}.json").read_text())
    record = record_from_json({k: v for k, v in data.items() if k not in ("expect", "checkpoints")})
    position, outcomes = record.position, []
    for move in record.moves:
        told = outcome(position, move)
        assert told.position == apply(position, move)
        outcomes.append(told)
        position = told.position
    return outcomes


def test_a_column_cleared_by_a_swap_names_the_column_and_its_value() -> None:
    cleared = [o.reasons.cleared for o in played("column_completed_by_a_swap")]
    assert cleared[-1] == Cleared(seat=0, line=Line.COLUMN, index=cleared[-1].index, value=7)
    assert cleared[:-1] == [None] * (len(cleared) - 1)


def test_a_row_cleared_under_row_clear_is_a_row() -> None:
    lines = [o.reasons.cleared for o in played("row_clear") if o.reasons.cleared is not None]
    assert lines and lines[0].line is Line.ROW


def test_a_column_and_a_row_cleared_by_one_card_are_both_named() -> None:
    cleared = played("row_and_column_cleared_at_once")[-1].reasons.cleared
    assert cleared == Cleared(seat=0, line=Line.COLUMN_AND_ROW, index=3, value=5, row=0)


@pytest.mark.parametrize(
    "scenario, rule",
    [
        ("first_starter_highest_card_breaks_the_tie", StartRule.HIGHEST_CARD),
        ("first_starter_seat_breaks_the_tie", StartRule.SEAT),
        ("first_starter_random_tiebreak", StartRule.RANDOM),
        ("first_starter_negative_sums", StartRule.HIGHEST),
    ],
)
def test_who_starts_and_why(scenario: str, rule: StartRule) -> None:
    starts = [o for o in played(scenario) if o.reasons.start is not None]
    assert len(starts) == 1
    start = starts[0].reasons.start
    assert start is not None and start.rule is rule
    assert start.seat == starts[0].position.current
    assert (start.tied == ()) == (rule is StartRule.HIGHEST)


@pytest.mark.parametrize(
    "scenario, rule",
    [
        ("next_starter_closer", StartRule.CLOSER),
        ("next_starter_round_winner", StartRule.ROUND_WINNER),
    ],
)
def test_a_deal_says_who_will_start_under_next_starter(scenario: str, rule: StartRule) -> None:
    dealt = [o.reasons.dealt_start for o in played(scenario) if o.reasons.dealt_start is not None]
    assert dealt and dealt[0].rule is rule


def test_the_round_ended_is_scored_with_its_final_grids() -> None:
    outcomes = played("final_reveal_column_doubles_the_closer")
    ended = [o.ended for o in outcomes if o.ended is not None]
    assert len(ended) == 1
    result = ended[0].result
    assert result == round_result(outcomes[-1].position)
    assert result.doubled and result.why in (Doubling.BEATEN, Doubling.TIED)
    assert [score_grid(grid).raw for grid in ended[0].grids] == list(result.raw)
    assert [o.reasons.closed for o in outcomes].count(result.closer) == 1


@pytest.mark.parametrize(
    "raw, closer, rules, why",
    [
        ([8, 50, 10], 2, Rules(), Doubling.BEATEN),
        ([10, 10], 0, Rules(), Doubling.TIED),
        ([10, 10], 0, Rules(tie_doubles=False), Doubling.TIE_NOT_DOUBLED),
        ([0, -3], 0, Rules(double_only_positive=False), Doubling.ZERO),
        ([3, 4], 0, Rules(), Doubling.LOWEST),
        ([0, -3], 0, Rules(), Doubling.NOT_POSITIVE),
        ([-2, -5], 0, Rules(double_only_positive=False), Doubling.BEATEN),
        ([10, 8], 0, Rules(multiplier=1), Doubling.MULTIPLIER_OFF),
        ([40, 1], None, Rules(), Doubling.NO_CLOSER),
    ],
)
def test_why_the_closer_is_or_is_not_doubled(
    raw: list[int], closer: int | None, rules: Rules, why: Doubling
) -> None:
    assert doubling(raw, closer, rules) is why
    result = score_round(raw, closer, rules)
    assert result.why is why and result.doubled is why.doubles


def test_a_round_nobody_closed_is_started_next_by_its_lowest_score() -> None:
    """Under next_starter closer, a round ended by stall_turns has no closer to start."""
    last = played("stall_turns_end_the_round")[-1]
    assert last.ended is not None and last.ended.result.closer is None
    assert last.ended.result.why is Doubling.NO_CLOSER
    dealt = outcome(last.position, Deal())
    start = dealt.reasons.dealt_start
    assert start is not None and start.rule is StartRule.ROUND_WINNER
    final = last.ended.result.final
    assert start.seat == final.index(min(final)) == dealt.position.starter
