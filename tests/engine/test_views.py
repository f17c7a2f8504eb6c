"""Views: what a seat or a spectator may know, and nothing more."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from skyjo_pad.engine import (
    HIDDEN,
    Card,
    Draw,
    Held,
    HeldFrom,
    Phase,
    Position,
    TakeDiscard,
    apply,
    legal_moves,
    new_game,
    position_from_json,
    view,
    view_to_json,
)
from skyjo_pad.engine.state import CardGrid

TURN = {
    "players": ["Ann", "Bob"],
    "round": 1,
    "totals": [0, 0],
    "phase": "turn",
    "current": 0,
    "grids": [
        [["5u", "3d", "7d", "1d"], ["8d", "10u", "2d", "6d"], ["4d", "0d", "11d", "9d"]],
        [["2u", "2d", "__", "4d"], ["5d", "6u", "__", "8d"], ["9d", "1d", "__", "3d"]],
    ],
    "draw": [4, 12],
    "discard": [-1, 6],
    "seed": 99,
}


def test_a_view_hides_face_down_cards_the_draw_pile_and_the_seed() -> None:
    data = view_to_json(view(position_from_json(TURN), 1))
    assert data["viewer"] == 1
    assert data["grids"][0] == [["5u", "?", "?", "?"], ["?", "10u", "?", "?"], ["?"] * 4]
    assert data["grids"][1][2] == ["?", "?", "__", "?"]
    assert data["draw_count"] == 2
    assert data["discard"] == [-1, 6]
    assert "draw" not in data and "seed" not in data
    assert data["format"] == "skyjo-position/1"


def test_own_face_down_cards_are_hidden_too() -> None:
    own = view(position_from_json(TURN), 0)
    assert own.grids[0][0][1] is HIDDEN
    assert own.grids[0][0][0] == Card(5, True)


def test_a_drawn_card_shows_only_to_its_holder() -> None:
    drawn = apply(position_from_json(TURN), Draw())
    assert view(drawn, 0).held == Held(4, HeldFrom.DRAW)
    assert view(drawn, 1).held == Held(None, HeldFrom.DRAW)
    assert view(drawn, None).held == Held(None, HeldFrom.DRAW)
    assert view_to_json(view(drawn, None))["held"] == {"value": None, "from": "draw"}


def test_a_card_taken_from_the_discard_pile_shows_to_everyone() -> None:
    taken = apply(position_from_json(TURN), TakeDiscard())
    assert view(taken, 1).held == Held(-1, HeldFrom.DISCARD)
    assert view(taken, None).held == Held(-1, HeldFrom.DISCARD)


def test_a_spectator_view() -> None:
    spectator = view(position_from_json(TURN), None)
    assert spectator.viewer is None
    assert view_to_json(spectator)["viewer"] is None


def test_a_view_for_a_seat_that_does_not_exist_is_refused() -> None:
    with pytest.raises(ValueError, match="there is no seat 2"):
        view(position_from_json(TURN), 2)


def scramble(position: Position, rng: random.Random) -> Position:
    """The same public facts with every secret changed: hidden cards, draw pile, seed."""
    hidden = [c.value for g in position.grids for row in g for c in row if c and not c.face_up]
    pool = hidden + list(position.draw)
    rng.shuffle(pool)
    values = iter(pool)

    def swap_hidden(grid: CardGrid) -> CardGrid:
        return tuple(
            tuple(Card(next(values), False) if c and not c.face_up else c for c in row)
            for row in grid
        )

    grids = tuple(swap_hidden(grid) for grid in position.grids)
    return replace(position, grids=grids, draw=tuple(values), seed=rng.randrange(10**9))


def all_views(position: Position) -> list[str]:
    seats = [None, *position.seats]
    return [json.dumps(view_to_json(view(position, seat))) for seat in seats]


def test_views_do_not_depend_on_any_secret() -> None:
    """Across random games, changing every secret leaves every view exactly the same."""
    rng = random.Random(0)
    checked = 0
    for seed in range(12):
        position = new_game(["A", "B", "C"], seed=seed)
        while position.phase is not Phase.GAME_OVER:
            if position.held is None or position.held.source is not HeldFrom.DRAW:
                assert all_views(scramble(position, rng)) == all_views(position)
                checked += 1
            else:
                other = replace(
                    position, held=Held((position.held.value or 0) % 12 + 1, HeldFrom.DRAW)
                )
                holder = position.current
                for seat in [None, *position.seats]:
                    same = view_to_json(view(position, seat)) == view_to_json(view(other, seat))
                    assert same is (seat != holder)
            position = apply(position, rng.choice(legal_moves(position)))
    assert checked > 1000
