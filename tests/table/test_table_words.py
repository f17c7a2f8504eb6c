"""The information line's words and the seat the phone shows, on fixed positions."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from skyjo_pad.engine import (
    Draw,
    Move,
    Phase,
    Position,
    Rules,
    apply,
    legal_moves,
    new_game,
    outcome,
    record_from_json,
    view,
)
from skyjo_pad.presenters import table_words as table_story
from skyjo_pad.services import table_events, tables

SCENARIOS = Path(__file__).resolve().parents[1] / "engine" / "scenarios"


def told(name: str) -> list[str]:
    """What the table says after each move of an engine scenario."""
    data = json.loads((SCENARIOS / f"{name}.json").read_text())
    record = record_from_json({k: v for k, v in data.items() if k != "expect"})
    position, lines = record.position, []
    for move in record.moves:
        lines.append(narrate(position, move))
        position = apply(position, move)
    return lines


def narrate(before: Position, move: Move) -> str:
    """The words for a move, made as the table makes them: from views and reasons only."""
    played = outcome(before, move)
    after = view(played.position, None)
    event = table_events.event(view(before, None), move, after, played.reasons)
    return table_story.told(event, before.players, before.rules)


def test_a_column_cleared_by_a_swap_and_by_a_flip() -> None:
    """The line names the card taken and the column it cleared."""
    assert told("column_completed_by_a_swap") == [
        "Ann took the 7 from the discard pile.",
        "Ann took the 7 and cleared a column of 7s.",
    ]
    assert told("column_completed_by_a_flip")[-1] == (
        "Ann threw the 12 away, turned up a 3 and cleared a column of 3s."
    )


def test_a_row_cleared_and_a_column_and_a_row_cleared_at_once() -> None:
    """Under `row_clear`, the line says what went: a row, or a column and a row."""
    assert told("row_clear")[-1] == "Ann drew a 4, kept it and cleared a row of 4s."
    assert told("row_and_column_cleared_at_once")[-1] == (
        "Ann drew a 5, kept it and cleared a column and a row of 5s."
    )


def test_the_closer_and_the_end_of_the_round_are_told() -> None:
    """Who ended the round; every other seat's last turn; the round over."""
    lines = told("final_turns")
    assert (
        lines[2]
        == "Ann threw the 12 away and turned up a 1. Ann ended the round: one last turn each."
    )
    assert lines[1] == "Ann drew a 12 and threw it away."
    assert lines[-1] == (
        "Cy drew a 0 and kept it, in place of a face-down 2. "
        "Round 1 is over: every card is turned up."
    )


def test_a_drawn_card_is_not_named_until_it_is_placed() -> None:
    """Drawing says only that a card was drawn; the holder's own line names it."""
    lines = told("final_turns")
    assert lines[0] == "Ann drew a card."
    data = json.loads((SCENARIOS / "final_turns.json").read_text())
    record = record_from_json({k: v for k, v in data.items() if k != "expect"})
    drawn = apply(record.position, record.moves[0])
    assert drawn.held is not None and drawn.held.value is not None
    mine = table_story.instruction(view(drawn, 0), [None, None, None])
    theirs = table_story.instruction(view(drawn, 1), [None, None, None])
    shown = table_story.number(drawn.held.value)
    assert mine == f"Ann: place the {shown} in your grid, or discard it"
    assert theirs == "Ann: place the card in your grid, or discard it"


def test_other_phones_are_told_what_the_player_on_turn_is_doing() -> None:
    """Her own phone tells Ann what to do; the others, what Ann is doing (not "your grid")."""
    data = json.loads((SCENARIOS / "final_turns.json").read_text())
    record = record_from_json({k: v for k, v in data.items() if k != "expect"})
    before = record.position
    people = [None, None, None]
    assert before.held is None and before.current == 0
    top = table_story.number(before.discard[0])
    assert table_story.told_to(view(before, 0), people, 0).startswith("Your turn, Ann: take")
    assert table_story.told_to(view(before, 1), people, 1) == f"Ann takes the {top} or draws…"
    assert table_story.told_to(view(before, None), people, None).startswith("Ann takes the")
    drawn = apply(before, record.moves[0])
    watched = table_story.told_to(view(drawn, 1), people, 1)
    assert watched == "Ann places the drawn card or discards it…"
    assert table_story.told_to(view(drawn, 0), people, 0).startswith("Your turn, Ann: place")


def test_the_opening_names_who_starts_and_why() -> None:
    """After the last reveal, the line names the starter and the sum that made it start."""
    position = new_game(["Ann", "Bob"], seed=1)
    while position.phase is Phase.REVEAL:
        before, move = position, legal_moves(position)[0]
        position = apply(position, move)
    starter = position.players[position.current or 0]
    text = narrate(before, move)
    assert re.search(
        rf"\. {starter} starts: (2 cards adding up to −?\d+, the highest|.* tied with )", text
    )


@pytest.mark.parametrize(
    "phase, current, closer, expected",
    [
        (Phase.TURN, 0, None, 0),
        (Phase.TURN, 1, None, 0),  # the computer plays: the phone stays with Ann
        (Phase.TURN, 2, None, 2),
        (Phase.ROUND_OVER, 1, 0, 2),  # Cy played the last turn before Ann, the closer
        (Phase.ROUND_OVER, 0, 2, 0),  # the computer played last: Ann has the phone
    ],
)
def test_the_phone_shows_the_person_to_act_or_who_acted_last(
    phase: Phase, current: int, closer: int | None, expected: int
) -> None:
    """Seats: Ann (person), a bot, Cy (person)."""
    position = replace(
        new_game(["Ann", "Bot", "Cy"], seed=2), phase=phase, current=current, closer=closer
    )
    assert tables.holder(position, [None, "easy", None]) == expected


def test_a_log_kept_in_words_before_events_is_told_as_it_is() -> None:
    assert table_story.told("Ann drew a card.", ["Ann", "Bob"], Rules()) == "Ann drew a card."


def test_an_event_holds_no_drawn_card_before_it_is_placed() -> None:
    """The event of a draw is public facts only: no value until the card lies face up."""
    position = new_game(["Ann", "Bob"], seed=5)
    while position.phase is Phase.REVEAL:
        position = apply(position, legal_moves(position)[0])
    played = outcome(position, Draw())
    assert played.position.held is not None and played.position.held.value is not None
    event = table_events.event(
        view(position, None), Draw(), view(played.position, None), played.reasons
    )
    assert event == {
        "move": {"action": "draw"},
        "seat": position.current,
        "top": position.discard[0],
        "shown": None,
        "start": None,
        "closed": None,
        "ended": None,
    }
