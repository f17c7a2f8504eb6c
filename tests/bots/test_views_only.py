"""A bot's input never holds hidden information: it receives a view, and its choice
depends on nothing else."""

from __future__ import annotations

import random
from dataclasses import replace

from bot_helpers import Spy, play

from skyjo_pad.bots import (
    ClearerBot,
    CounterBot,
    EasyBot,
    EvBot,
    ExpertBot,
    HardBot,
    MediumBot,
    RacerBot,
    RandomBot,
    SearchingHardBot,
    ValuedBot,
    make_bot,
)
from skyjo_pad.bots.adapter import OutsideBot
from skyjo_pad.bots.expert import HARD
from skyjo_pad.engine import (
    Card,
    HeldFrom,
    Hidden,
    Phase,
    Position,
    Rules,
    View,
    legal_moves,
    new_game,
    view,
)

RULES = Rules(stall_turns=1000, target=30)


def assert_no_secret(seen: object) -> None:
    """`seen` is a View: face-down cards are Hidden, no draw pile, no seed, no foreign card."""
    assert isinstance(seen, View)
    assert not hasattr(seen, "draw") and not hasattr(seen, "seed")
    for grid in seen.grids:
        for row in grid:
            for cell in row:
                assert (
                    cell is None
                    or isinstance(cell, Hidden)
                    or (isinstance(cell, Card) and cell.face_up)
                )
    held = seen.held
    if held is not None and held.source is HeldFrom.DRAW and seen.viewer != seen.current:
        assert held.value is None


def test_built_in_bots_receive_views_only() -> None:
    spies = [
        Spy(EasyBot(1)),
        Spy(MediumBot(2)),
        Spy(HardBot(3, worlds=2)),
        Spy(EvBot(4)),
        Spy(RandomBot(5)),
    ]
    play(spies, 7, RULES)
    for spy in spies:
        assert spy.seen
        for seen, _ in spy.seen:
            assert_no_secret(seen)


def test_the_yardsticks_and_the_expert_receive_views_only() -> None:
    spies = [
        Spy(CounterBot(1, worlds=2)),
        Spy(ClearerBot(2, worlds=2)),
        Spy(RacerBot(3, worlds=2)),
        Spy(ExpertBot(4, budget=2, seconds=None)),
        Spy(ValuedBot(5, worlds=2)),
        # `hard`'s search, on a tenth of its steps: the same code, a game in a second.
        Spy(ExpertBot(6, seconds=None, effort=replace(HARD, steps=HARD.steps // 10))),
    ]
    play(spies, 5, RULES)
    for spy in spies:
        assert spy.seen
        for seen, _ in spy.seen:
            assert_no_secret(seen)


def test_each_view_is_the_view_of_the_seat_asked() -> None:
    asked: list[tuple[Position, int]] = []
    spies = [Spy(MediumBot(seat)) for seat in range(3)]
    play(spies, 11, RULES, watch=lambda position, seat, move: asked.append((position, seat)))
    inputs = [item for spy in spies for item in spy.seen]
    assert len(inputs) == len(asked)
    for position, seat in asked[:300]:
        spy = spies[seat]
        expected = view(position, seat)
        assert any(seen == expected for seen, _ in spy.seen)
        assert tuple(legal_moves(position, seat)) in [moves for _, moves in spy.seen]


def test_an_outside_bot_receives_json_views_only() -> None:
    bot = make_bot("outside_bot:make")
    assert isinstance(bot, OutsideBot)
    play([bot, MediumBot(1)], 3, RULES)
    inner = bot.inner
    assert inner.views
    for data in inner.views:
        assert "draw" not in data and "seed" not in data
        assert set(data) >= {"viewer", "draw_count", "grids", "discard", "held"}
        for seat, grid in enumerate(data["grids"]):
            for row in grid:
                for token in row:
                    assert token == "?" or token == "__" or token.endswith("u"), (seat, token)


def shuffle_hidden(position: Position, seed: int) -> Position:
    """The same position with its hidden cards (face-down cards and draw pile) permuted."""
    rng = random.Random(seed)
    hidden = [c.value for g in position.grids for row in g for c in row if c and not c.face_up]
    hidden += position.draw
    rng.shuffle(hidden)
    values = iter(hidden)
    grids = tuple(
        tuple(
            tuple(Card(next(values), False) if c is not None and not c.face_up else c for c in row)
            for row in grid
        )
        for grid in position.grids
    )
    return replace(position, grids=grids, draw=tuple(values))


def test_choices_do_not_depend_on_hidden_cards() -> None:
    positions: list[Position] = []
    bots = [MediumBot(1), MediumBot(2), MediumBot(3)]
    play(bots, 21, RULES, watch=lambda position, seat, move: positions.append(position))
    checked = 0
    for k, position in enumerate(positions[::7]):
        if position.phase not in (Phase.TURN, Phase.FINAL_TURNS):
            continue
        seat = position.current
        assert seat is not None
        twin = shuffle_hidden(position, k)
        assert view(twin, seat) == view(position, seat)
        for bot in (
            EasyBot(k),
            MediumBot(k),
            HardBot(k, worlds=2),
            EvBot(k),
            RandomBot(k),
            CounterBot(k, worlds=2),
            ClearerBot(k, worlds=2),
            RacerBot(k, worlds=2),
            ExpertBot(k, budget=4, seconds=None),
            ValuedBot(k, worlds=2),
            SearchingHardBot(k),
        ):
            moves = legal_moves(position, seat)
            assert bot.choose(view(position, seat), moves) == bot.choose(view(twin, seat), moves)
        checked += 1
    assert checked > 10


def test_a_fresh_deal_shows_no_card_but_the_discard() -> None:
    position = new_game(["A", "B"], RULES, seed=1)
    seen = view(position, 0)
    assert_no_secret(seen)
    assert all(isinstance(c, Hidden) for row in seen.grids[0] for c in row)
