"""Starting games, dealing rounds, choosing starters and reading round results."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from engine_helpers import deck_counter, position_cards

from skyjo_pad.engine import (
    Deal,
    Phase,
    Position,
    PositionError,
    Reveal,
    Rules,
    apply,
    game_winners,
    legal_moves,
    new_game,
    next_starter,
    round_result,
)
from skyjo_pad.engine.cards import COUNTS, DECK_SIZE, DECK_SUM, deck_problem, new_deck, shuffle


def test_the_deck() -> None:
    deck = new_deck()
    assert (len(deck), sum(deck)) == (DECK_SIZE, DECK_SUM)
    assert Counter(deck) == Counter(COUNTS)
    assert deck_problem(deck) is None
    assert deck_problem((*deck[:-1], 13)) == "13 is not a card: cards go from -2 to 12"


def test_shuffles_are_seeded() -> None:
    assert shuffle(new_deck(), 1) == shuffle(new_deck(), 1)
    assert shuffle(new_deck(), 1)[0] != shuffle(new_deck(), 2)[0]
    assert shuffle(new_deck(), None) == shuffle(new_deck(), 0)
    assert shuffle(new_deck(), 1)[1] < 2**53


@pytest.mark.parametrize(("count", "max_players"), [(2, 8), (5, 8), (8, 8), (9, 12), (12, 12)])
def test_a_new_game_deals_every_card(count: int, max_players: int) -> None:
    game = new_game([f"P{i}" for i in range(count)], Rules(max_players=max_players), seed=count)
    assert game.phase is Phase.REVEAL
    assert (game.round, game.current, game.closer, game.starter) == (1, 0, None, None)
    assert game.totals == (0,) * count
    assert all(game.face_down(seat) == 12 for seat in game.seats)
    assert len(game.discard) == 1
    assert len(game.draw) == DECK_SIZE - 12 * count - 1
    assert Counter(position_cards(game)) == deck_counter()


def test_new_games_are_reproducible_from_their_seed() -> None:
    assert new_game(["A", "B"], seed=5) == new_game(["A", "B"], seed=5)
    assert new_game(["A", "B"], seed=5).grids != new_game(["A", "B"], seed=6).grids
    assert new_game(["A", "B"], seed=5).seed != 5


def test_a_new_game_from_a_given_deck() -> None:
    deck = new_deck()[::-1]
    game = new_game(["A", "B"], deck=deck)
    assert [card and card.value for card in game.grids[0][0]] == [12, 12, 12, 12]
    assert game.discard == (deck[24],)
    assert game.draw == deck[25:]
    with pytest.raises(PositionError, match="a deck has 150 cards"):
        new_game(["A", "B"], deck=deck[1:])


@pytest.mark.parametrize(
    ("players", "rules", "message"),
    [
        (["A"], Rules(), "a game has 2 to 8 players (max_players 12 allows up to 12), not 1"),
        ([f"P{i}" for i in range(9)], Rules(), "not 9"),
        ([f"P{i}" for i in range(13)], Rules(max_players=12), "a game has 2 to 12 players, not 13"),
        (["A", " "], Rules(), "player 1 needs a name"),
    ],
)
def test_new_game_refuses(players: list[str], rules: Rules, message: str) -> None:
    with pytest.raises(PositionError) as caught:
        new_game(players, rules)
    assert message in str(caught.value)


def test_new_game_checks_the_rules() -> None:
    with pytest.raises(ValueError, match="target"):
        new_game(["A", "B"], Rules(target=0))


def test_reveal_count_zero_starts_the_turns_at_once() -> None:
    game = new_game(["A", "B", "C"], Rules(reveal_count=0, first_tiebreak="seat"), seed=1)
    assert (game.phase, game.current) == (Phase.TURN, 0)


def reveal_all(game: Position, rng: random.Random) -> Position:
    while game.phase is Phase.REVEAL:
        game = apply(game, rng.choice(legal_moves(game)))
    return game


def test_a_reveal_can_complete_a_column() -> None:
    deck = list(new_deck())
    # Seat 0's first column: cells 0, 4 and 8 of the deal get three 12s.
    for k, cell in enumerate((0, 4, 8)):
        deck[cell], deck[-1 - k] = deck[-1 - k], deck[cell]
    game = new_game(["A", "B"], Rules(reveal_count=3), deck=deck)
    for r in range(3):
        game = apply(game, Reveal(0, (r, 0)))
    assert [row[0] for row in game.grids[0]] == [None, None, None]
    assert game.discard[:3] == (12, 12, 12)
    assert game.current == 1


def test_random_tiebreak_depends_only_on_the_seed() -> None:
    rules = Rules(first_tiebreak="random", reveal_count=0)
    starters = {new_game(["A", "B", "C", "D"], rules, seed=s).current for s in range(40)}
    assert starters == {0, 1, 2, 3}
    assert new_game(["A", "B"], rules, seed=3) == new_game(["A", "B"], rules, seed=3)


def finish_round(game: Position, rng: random.Random) -> Position:
    while game.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
        game = apply(game, rng.choice(legal_moves(game)))
    return game


def test_a_round_result_matches_the_totals_and_the_next_deal_uses_the_seed() -> None:
    rng = random.Random(1)
    game = new_game(["A", "B", "C"], Rules(target=1000), seed=8)
    assert round_result(game) is None
    over = finish_round(game, rng)
    result = round_result(over)
    assert result is not None and over.phase is Phase.ROUND_OVER
    assert over.totals == result.final
    assert next_starter(over) == over.current == over.closer == result.closer
    assert game_winners(over) == ()
    dealt = apply(over, Deal())
    assert dealt == apply(over, Deal())
    assert (dealt.round, dealt.phase, dealt.starter, dealt.totals) == (
        2,
        Phase.REVEAL,
        over.closer,
        over.totals,
    )
    assert Counter(position_cards(dealt)) == deck_counter()
    started = reveal_all(dealt, rng)
    assert started.current == over.closer


def test_the_game_ends_with_winners() -> None:
    rng = random.Random(2)
    game = new_game(["A", "B"], Rules(target=1), seed=8)
    over = finish_round(game, rng)
    assert over.phase is Phase.GAME_OVER
    assert over.current is None and next_starter(over) is None
    assert game_winners(over) == tuple(
        seat for seat in over.seats if over.totals[seat] == min(over.totals)
    )


def test_without_a_closer_the_next_starter_is_the_round_winner() -> None:
    rng = random.Random(3)
    game = new_game(["A", "B", "C"], Rules(stall_turns=2, target=1000), seed=1)
    over = finish_round(game, rng)
    result = round_result(over)
    assert result is not None
    assert over.closer is None and result.closer is None and not result.doubled
    assert over.turns == 2
    assert over.current == result.final.index(min(result.final))


def test_highest_reveal_names_no_starter_until_the_reveals() -> None:
    rng = random.Random(4)
    game = new_game(["A", "B"], Rules(next_starter="highest_reveal", target=1000), seed=2)
    over = finish_round(reveal_all(game, rng), rng)
    assert over.current is None and next_starter(over) is None
    dealt = apply(over, Deal())
    assert dealt.starter is None
    started = reveal_all(dealt, rng)
    sums = [sum(c.value for row in g for c in row if c and c.face_up) for g in started.grids]
    assert sums[started.current or 0] == max(sums)


def test_positions_compare_by_value() -> None:
    game = new_game(["A", "B"], seed=1)
    assert replace(game, seed=game.seed) == game
    assert hash(game) == hash(replace(game))
