"""legal_moves and apply: what each phase allows, and the reasons given for refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skyjo_pad.engine import (
    Card,
    Deal,
    Discard,
    Draw,
    Flip,
    Held,
    HeldFrom,
    IllegalMove,
    Move,
    Phase,
    Position,
    Reveal,
    Rules,
    Swap,
    TakeDiscard,
    apply,
    legal_moves,
    mover,
    new_game,
    position_from_json,
    position_to_json,
)

ANN = [["5u", "3d", "7d", "1d"], ["8d", "10u", "2d", "6d"], ["4d", "0d", "11d", "9d"]]
BOB = [["2u", "2d", "3d", "4d"], ["5d", "6u", "7d", "8d"], ["9d", "1d", "0d", "3d"]]


def turn(**changes: object) -> Position:
    """Ann to play in the turn phase, with a short draw pile and discard pile."""
    data: dict[str, object] = {
        "players": ["Ann", "Bob"],
        "round": 1,
        "totals": [0, 0],
        "phase": "turn",
        "current": 0,
        "grids": [ANN, BOB],
        "draw": [4, 12],
        "discard": [-1, 6],
    }
    data.update(changes)
    return position_from_json(data)


def play(position: Position, *moves: Move) -> Position:
    for move in moves:
        position = apply(position, move)
    return position


def refused(position: Position, move: Move) -> str:
    with pytest.raises(IllegalMove) as caught:
        apply(position, move)
    return str(caught.value)


ALL_SWAPS = [Swap((r, c)) for r in range(3) for c in range(4)]


def test_a_turn_starts_with_take_or_draw() -> None:
    assert legal_moves(turn()) == [TakeDiscard(), Draw()]


def test_a_taken_discard_can_only_be_swapped() -> None:
    taken = apply(turn(), TakeDiscard())
    assert taken.held == Held(-1, HeldFrom.DISCARD)
    assert taken.discard == (6,)
    assert legal_moves(taken) == ALL_SWAPS
    assert refused(taken, Discard()) == "you must swap the card you took from the discard pile"
    assert refused(taken, Flip((0, 1))) == "you must swap the card you took from the discard pile"


def test_a_drawn_card_is_swapped_or_discarded() -> None:
    drawn = apply(turn(), Draw())
    assert drawn.held == Held(4, HeldFrom.DRAW)
    assert legal_moves(drawn) == [*ALL_SWAPS, Discard()]
    assert "swap the card you drew" in refused(drawn, Flip((0, 1)))


def test_discarding_a_drawn_card_owes_a_flip_of_a_face_down_card() -> None:
    owed = play(turn(), Draw(), Discard())
    assert owed.held == Held(None, HeldFrom.FLIP)
    assert owed.discard == (4, -1, 6)
    face_down = [(r, c) for r in range(3) for c in range(4) if (r, c) not in [(0, 0), (1, 1)]]
    assert legal_moves(owed) == [Flip(cell) for cell in face_down]
    assert "now turn up a face-down card" in refused(owed, Swap((0, 1)))
    assert "now turn up a face-down card" in refused(owed, Draw())
    assert refused(owed, Flip((1, 1))) == (
        "the card at [1, 1] is already face up: turn up a face-down card"
    )
    after = apply(owed, Flip((0, 1)))
    assert after.grids[0][0][1] == Card(3, True)
    assert (after.current, after.held, after.turns) == (1, None, 1)


def test_a_swap_puts_the_replaced_card_face_up_on_the_discard_pile() -> None:
    after = play(turn(), Draw(), Swap((2, 2)))
    assert after.grids[0][2][2] == Card(4, True)
    assert after.discard == (11, -1, 6)
    assert after.current == 1


def test_swapping_onto_a_face_up_card() -> None:
    after = play(turn(), TakeDiscard(), Swap((1, 1)))
    assert after.grids[0][1][1] == Card(-1, True)
    assert after.discard == (10, 6)


@pytest.mark.parametrize(
    ("moves", "move", "reason"),
    [
        ((), Swap((0, 0)), "you have no card to place: take the discard or draw a card first"),
        ((), Discard(), "you have no card to put on the discard pile: draw a card first"),
        ((), Flip((0, 1)), "only after putting a drawn card on the discard pile"),
        ((), Reveal(0, (0, 1)), "the opening reveals are over"),
        ((), Deal(), "a new round is dealt only once the round is over"),
        ((Draw(),), Draw(), "you already hold a card: put it in your grid first"),
        ((Draw(),), Swap((3, 0)), "there is no cell [3, 0]: rows go from 0 to 2"),
        ((Draw(),), Swap((0, 4)), "columns from 0 to 3"),
        ((Draw(), Discard()), Flip((-1, 0)), "there is no cell [-1, 0]"),
    ],
)
def test_refusals_say_why(moves: tuple[Move, ...], move: Move, reason: str) -> None:
    position = play(turn(), *moves)
    assert reason in refused(position, move)
    assert move not in legal_moves(position)


def test_a_refused_move_changes_nothing() -> None:
    position = turn()
    before = position_to_json(position)
    refused(position, Discard())
    assert position_to_json(position) == before
    with pytest.raises(AttributeError):
        position.current = 1  # type: ignore[misc]


def test_removed_cells_cannot_be_used() -> None:
    grid = [["__", "3d", "7d", "1d"], ["__", "10u", "2d", "6d"], ["__", "0d", "11u", "9d"]]
    drawn = apply(turn(grids=[grid, BOB]), Draw())
    assert Swap((0, 0)) not in legal_moves(drawn)
    assert "there is no card at [1, 0] any more" in refused(drawn, Swap((1, 0)))
    owed = apply(drawn, Discard())
    assert "there is no card at [2, 0] any more" in refused(owed, Flip((2, 0)))


def test_an_empty_discard_pile_cannot_be_taken() -> None:
    position = turn(discard=[])
    assert legal_moves(position) == [Draw()]
    assert refused(position, TakeDiscard()) == "the discard pile is empty"


def test_no_draw_without_cards_to_draw_or_reshuffle() -> None:
    position = turn(draw=[], discard=[6])
    assert legal_moves(position) == [TakeDiscard()]
    assert "the draw pile is empty" in refused(position, Draw())


def test_no_discard_without_a_face_down_card_to_turn_up() -> None:
    # With reveal_count 12 the first player starts with every card face up.
    game = new_game(["Ann", "Bob"], Rules(reveal_count=12), seed=4)
    assert game.phase is Phase.REVEAL
    for seat in (0, 1):
        for r in range(3):
            for c in range(4):
                game = apply(game, Reveal(seat, (r, c)))
    assert game.phase is Phase.TURN
    drawn = apply(game, Draw())
    assert Discard() not in legal_moves(drawn)
    assert "you must swap the card you drew" in refused(drawn, Discard())
    closed = apply(drawn, Swap((0, 0)))
    assert (closed.phase, closed.closer) == (Phase.FINAL_TURNS, game.current)


def test_reveals_any_seat_in_any_order() -> None:
    game = new_game(["Ann", "Bob", "Cy"], seed=9)
    assert {move.seat for move in legal_moves(game) if isinstance(move, Reveal)} == {0, 1, 2}
    assert legal_moves(game, seat=2) == [Reveal(2, (r, c)) for r in range(3) for c in range(4)]
    game = play(game, Reveal(2, (0, 0)), Reveal(2, (0, 1)))
    assert game.current == 0
    assert legal_moves(game, seat=2) == []
    assert refused(game, Reveal(2, (1, 1))) == "seat 2 has already turned up its 2 cards"
    assert refused(game, Reveal(3, (1, 1))) == "there is no seat 3: seats go from 0 to 2"
    game = apply(game, Reveal(0, (1, 1)))
    assert refused(game, Reveal(0, (1, 1))) == "the card at [1, 1] is already face up"
    assert refused(game, Draw()) == "everyone must first turn up 2 cards"


def test_an_opening_reveal_of_a_line_removed_meanwhile_is_refused() -> None:
    """With 4 opening cards, Ann's three 1s of column 1 go before she is done: revealing
    one of their places is refused in words (it raised a KeyError once)."""
    game = new_game(["Ann", "Bob"], seed=19, rules=Rules(reveal_count=4))
    game = play(game, Reveal(0, (0, 1)), Reveal(0, (1, 1)), Reveal(0, (2, 1)))
    assert [row[1] for row in game.grids[0]] == [None, None, None]
    for row in range(3):
        assert refused(game, Reveal(0, (row, 1))) == (
            f"there is no card at [{row}, 1] any more: its line was removed"
        )
    assert Reveal(0, (0, 1)) not in legal_moves(game, seat=0)
    assert apply(game, Reveal(0, (0, 0))).grids[0][0][0].face_up  # her fourth card


def test_round_over_allows_only_the_deal() -> None:
    data = position_to_json(turn())
    data.update(phase="round_over", grids=[[["__"] * 4] * 3] * 2, draw=[], discard=[])
    over = position_from_json(data)
    assert legal_moves(over) == [Deal()]
    assert refused(over, Draw()) == "the round is over: deal the next round"
    assert refused(over, Deal((1, 2, 3))) == "a deck has 150 cards, not 3"
    bad = tuple([0] * 150)
    assert refused(over, Deal(bad)) == "the deck has 0 cards of -2; it must have 5"


def test_nothing_is_legal_once_the_game_is_over() -> None:
    data = position_to_json(turn())
    data.update(phase="game_over", current=None, totals=[100, 3], grids=[[["__"] * 4] * 3] * 2)
    over = position_from_json(data)
    assert legal_moves(over) == []
    assert refused(over, Draw()) == "the game is over"
    assert refused(over, Deal()) == "a new round is dealt only once the round is over"


def test_mover_names_the_seat_that_moves() -> None:
    position = turn(current=1)
    assert mover(position, Draw()) == 1
    assert mover(position, Reveal(0, (0, 0))) == 0
    assert mover(position, Deal()) is None
    assert legal_moves(position, seat=0) == []
    assert legal_moves(position, seat=1) == [TakeDiscard(), Draw()]


def test_the_draw_pile_is_reshuffled_from_the_discards_with_the_seed() -> None:
    position = turn(draw=[], discard=[5, 3, 8, 1], seed=11)
    drawn = apply(position, Draw())
    assert drawn.discard == (5,)
    assert drawn.held is not None and drawn.held.value is not None
    assert sorted((drawn.held.value, *drawn.draw)) == [1, 3, 8]
    assert drawn.seed != 11
    assert apply(position, Draw()) == drawn
    # A position without a seed shuffles as if its seed were 0.
    assert apply(replace(position, seed=None), Draw()) == apply(replace(position, seed=0), Draw())
