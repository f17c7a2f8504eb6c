"""Outside bots plug in by name (`package.module:factory`) and speak the JSON notation."""

from __future__ import annotations

import pytest
from bot_helpers import RULES, play

from skyjo_pad.bots import LEVELS, BotError, MediumBot, OutsideBot, ask, make_bot
from skyjo_pad.bots.plugin import view_from_json
from skyjo_pad.engine import (
    Draw,
    Position,
    Reveal,
    Rules,
    Swap,
    apply,
    new_game,
    view,
    view_to_json,
)


def test_an_outside_bot_loads_by_name_and_plays_whole_games() -> None:
    for seed in range(5):
        bot = make_bot("outside_bot:make")
        assert isinstance(bot, OutsideBot)
        result = play([bot, MediumBot(seed)], seed, Rules(stall_turns=1000, target=60))
        assert max(result.totals) >= 60


def test_the_factory_is_called_anew_for_each_bot() -> None:
    first = make_bot("outside_bot:make")
    second = make_bot("outside_bot:make")
    assert isinstance(first, OutsideBot) and isinstance(second, OutsideBot)
    assert first.inner is not second.inner


def test_a_move_the_bot_was_not_offered_is_refused_clearly() -> None:
    position = new_game(["A", "B"], RULES, seed=2)
    with pytest.raises(BotError, match=r"'outside_bot:cheater' returned .*swap.*not one of"):
        ask(make_bot("outside_bot:cheater"), position, 0)


def test_a_cell_given_back_as_a_tuple_is_understood() -> None:
    bot = make_bot("outside_bot:tuples")
    position = new_game(["A", "B"], RULES, seed=2)
    assert ask(bot, position, 0) == Reveal(0, (0, 0))


def test_the_answer_maps_back_to_the_engine_move() -> None:
    position = new_game(["A", "B"], Rules(reveal_count=0), seed=2)
    bot = make_bot("outside_bot:tuples")
    move = bot.choose(view(position, position.current or 0), [Draw()])
    assert move == Draw()
    position = apply(position, Draw())
    seat = position.current or 0
    assert bot.choose(view(position, seat), [Swap((1, 2))]) == Swap((1, 2))


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("clever", "unknown bot 'clever'"),
        ("no_such_module_here:make", "cannot import 'no_such_module_here'"),
        ("outside_bot:missing", "has no 'missing'"),
        ("outside_bot:NOT_A_FACTORY", "is not callable"),
        (":make", "package.module:factory"),
        ("skyjo_pad.engine.cards:new_deck", "has no choose"),
        ("skyjo_pad.engine.cards:shuffle", "must be a factory taking no arguments"),
    ],
)
def test_bad_names_are_refused_clearly(name: str, message: str) -> None:
    with pytest.raises(BotError, match=message):
        make_bot(name)


def test_built_in_names() -> None:
    assert LEVELS == ("random", "easy", "medium", "ev", "hard")
    for name in LEVELS:
        assert make_bot(name, 3).name == name  # type: ignore[attr-defined]


@pytest.mark.parametrize("level", LEVELS)
def test_each_built_in_level_plays_through_the_plug_in_interface(level: str) -> None:
    """`skyjo_pad.bots.plugin:<level>` speaks only JSON, and plays as the level itself."""
    bot = make_bot(f"skyjo_pad.bots.plugin:{level}")
    assert isinstance(bot, OutsideBot)
    moves: list[tuple[object, object]] = []
    result = play(
        [bot, MediumBot(1)],
        4,
        Rules(stall_turns=1000, target=30),
        watch=lambda position, seat, move: moves.append((position, move)) if seat == 0 else None,
    )
    assert max(result.totals) >= 30
    same = make_bot(level, 0)
    for position, move in moves[:: max(1, len(moves) // 40)]:
        assert isinstance(position, Position)
        assert ask(same, position, 0) == move


def test_a_view_read_back_from_json_is_the_view() -> None:
    position = new_game(["A", "B", "C"], RULES, seed=9)
    seen: list[Position] = []
    play([MediumBot(1), MediumBot(2), MediumBot(3)], 9, Rules(stall_turns=1000, target=30),
         watch=lambda p, seat, move: seen.append(p))  # fmt: skip
    for p in [position, *seen[::5]]:
        for seat in (0, 1, 2, None):
            assert view_from_json(view_to_json(view(p, seat))) == view(p, seat)
