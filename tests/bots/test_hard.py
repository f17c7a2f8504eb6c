"""`hard`'s two additions to `ev`'s sums: a bonus for flips while it has many face-down
cards, and a cost for handing the next player a card they want."""

from __future__ import annotations

from test_ev import ONE_TO_CLOSE, ONE_TO_CLOSE_RIVAL, RIVAL, table

from skyjo_pad.bots import EvBot, HardBot
from skyjo_pad.engine import Discard, Move, Position, Swap, legal_moves, view

#: Seat 0 shows an 8 and a 7, and hides ten cards.
MINE = [["8u", "6d", "4d", "3d"], ["2d", "7u", "1d", "0d"], ["9d", "11d", "12d", "-1d"]]
#: Seat 0 two face-down cards from closing, an 8 and a 7 among its face-up cards.
MINE_NEARLY_DONE = [["8u", "6u", "4u", "3u"], ["2u", "7u", "1u", "0d"], ["9u", "11d", "5u", "-1u"]]
#: A rival one face-down card from closing.
NEARLY_DONE = [["5u", "6u", "4u", "3u"], ["2u", "5u", "1u", "0u"], ["9u", "11d", "12u", "-1u"]]


def choices(position: Position) -> tuple[Move, Move]:
    """What `ev` and `hard` play for seat 0."""
    seen = view(position, 0)
    legal = legal_moves(position, 0)
    return EvBot(1).choose(seen, legal), HardBot(1).choose(seen, legal)


def test_early_in_the_round_it_throws_a_middling_draw_away_to_turn_a_card_up() -> None:
    # Swapping the 6 for the 8 saves ev a little; hard would rather see a new card.
    position = table([MINE, RIVAL], [10], held={"value": 6, "from": "draw"})
    assert choices(position) == (Swap((0, 0)), Discard())


def test_near_its_own_close_it_keeps_the_middling_draw() -> None:
    # Two face-down cards left: the bonus has faded, and `hard` keeps the 6 as `ev` does
    # (beside the 6 above it, over a face-down card).
    position = table([MINE_NEARLY_DONE, RIVAL], [10], held={"value": 6, "from": "draw"})
    assert choices(position) == (Swap((1, 1)), Swap((1, 1)))


def test_a_rival_near_its_close_does_not_stop_it_flipping_while_it_hides_many_cards() -> None:
    # The rival is one card from closing; seat 0 hides ten. The bonus fades by its own
    # cards (`hard.tempo`), so it still throws the 6 away to turn a card up.
    position = table([MINE, NEARLY_DONE], [10], held={"value": 6, "from": "draw"})
    assert choices(position) == (Swap((0, 0)), Discard())


def test_it_does_not_hand_the_next_player_the_card_that_clears_their_column() -> None:
    # The rival shows two 10s over a face-down card: the 10 ev throws out would clear it.
    rival = [["10u", "6d", "4d", "3d"], ["10u", "5u", "1d", "0d"], ["9d", "11d", "12d", "-1d"]]
    mine = [["10u", "6d", "4d", "3d"], ["2d", "9u", "1d", "0d"], ["9d", "11d", "12d", "-1d"]]
    position = table([mine, rival], [5], held={"value": 2, "from": "discard"})
    assert choices(position) == (Swap((0, 0)), Swap((1, 1)))


def test_one_card_from_closing_far_ahead_it_closes_rather_than_improve() -> None:
    # Seat 0 shows 11 points and hides one card; the rival shows 24 and hides two. By its
    # own score alone, `hard` would put the -2 on the 8 and play on; judged by the learned
    # values (its score against the rival's), it closes on the face-down card.
    mine, rival = ONE_TO_CLOSE, ONE_TO_CLOSE_RIVAL
    position = table([mine, rival], [10], held={"value": -2, "from": "draw"})
    seen, legal = view(position, 0), legal_moves(position, 0)
    assert HardBot(1, values_within=0).choose(seen, legal) == Swap((2, 1))
    assert HardBot(1).choose(seen, legal) == Swap((2, 2))


def test_when_a_close_would_end_the_game_lost_it_plays_on_for_the_chance_to_win() -> None:
    # The same grids, but the rival leads the game by 30 and seat 0's round will take it
    # past 100: closing wins the round and loses the game, so by the game's stakes it
    # improves a card and plays on.
    mine, rival = ONE_TO_CLOSE, ONE_TO_CLOSE_RIVAL
    position = table([mine, rival], [10], held={"value": -2, "from": "draw"}, totals=[90, 60])
    seen, legal = view(position, 0), legal_moves(position, 0)
    assert HardBot(1, stakes=None).choose(seen, legal) == Swap((2, 2))
    assert HardBot(1, stakes=8.0).choose(seen, legal) == Swap((2, 1))
    # Level on totals, the close that wins the round by a lot takes the game: it closes.
    position = table([mine, rival], [10], held={"value": -2, "from": "draw"}, totals=[70, 75])
    assert HardBot(1, stakes=8.0).choose(view(position, 0), legal) == Swap((2, 2))
