"""The lab's yardsticks: registered by name, and each plays its own style."""

from __future__ import annotations

from test_ev import RIVAL, table
from test_hard import MINE, NEARLY_DONE

from skyjo_pad.bots import NAMES, YARDSTICKS, make_bot
from skyjo_pad.engine import Discard, Move, Position, Swap, legal_moves, view


def choice(name: str, position: Position) -> Move:
    """What the bot `name` plays for seat 0."""
    return make_bot(name, 1).choose(view(position, 0), legal_moves(position, 0))


def test_the_yardsticks_are_made_by_name() -> None:
    assert YARDSTICKS == ("counter", "clearer", "racer")
    assert set(YARDSTICKS) <= set(NAMES) and "expert" in NAMES
    for name in YARDSTICKS:
        assert make_bot(name, 3).name == name  # type: ignore[attr-defined]


def test_the_racer_turns_cards_up_even_late_in_the_round() -> None:
    # Near the end the card counter keeps a middling 6 over its 8; the racer still flips.
    late = table([MINE, NEARLY_DONE], [10], held={"value": 6, "from": "draw"})
    assert choice("counter", late) == Swap((0, 0))
    assert choice("racer", late) == Discard()


def test_the_counter_flips_early_where_the_clearer_keeps_the_card() -> None:
    early = table([MINE, RIVAL], [10], held={"value": 6, "from": "draw"})
    assert choice("counter", early) == Discard()
    assert choice("clearer", early) == Swap((0, 0))


def test_every_yardstick_completes_an_obvious_column() -> None:
    # Two 9s face up in the first column: a drawn 9 goes under them.
    pair = [["9u", "6d", "4d", "3d"], ["9u", "7u", "1d", "0d"], ["9d", "11d", "12d", "-1d"]]
    position = table([pair, RIVAL], [10], held={"value": 9, "from": "draw"})
    for name in YARDSTICKS:
        assert choice(name, position) == Swap((2, 0)), name
