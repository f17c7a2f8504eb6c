"""Starting a game and reading a finished round: the entry points around the moves."""

from __future__ import annotations

from collections.abc import Sequence

from . import play
from .cards import deck_problem
from .errors import PositionError
from .limits import MAX_PLAYERS, MIN_PLAYERS
from .rules import Rules
from .scoring import RoundResult, score_grid, score_round
from .state import Phase, Position


def new_game(
    players: Sequence[str],
    rules: Rules | None = None,
    seed: int = 0,
    deck: Sequence[int] | None = None,
) -> Position:
    """Round 1, dealt from `deck` (150 cards, top first) or shuffled with `seed`.

    The position is in the reveal phase (or at the first turn if `reveal_count` is 0).

    >>> game = new_game(["Ann", "Bob"], seed=42)
    >>> game.phase, game.current, len(game.draw), len(game.discard)
    (<Phase.REVEAL: 'reveal'>, 0, 125, 1)
    """
    rules = rules or Rules()
    rules.validate()
    names = tuple(players)
    problem = players_problem(names, rules)
    if problem:
        raise PositionError(problem)
    if deck is not None:
        problem = deck_problem(deck)
        if problem:
            raise PositionError(problem)
    return play.new_table(names, rules, seed, deck).to_position()


def players_problem(players: Sequence[object], rules: Rules) -> str | None:
    """Why this list of player names cannot play under `rules`, or None."""
    if not MIN_PLAYERS <= len(players) <= rules.max_players:
        hint = (
            f" (max_players {MAX_PLAYERS} allows up to {MAX_PLAYERS})"
            if rules.max_players < MAX_PLAYERS
            else ""
        )
        return f"a game has {MIN_PLAYERS} to {rules.max_players} players{hint}, not {len(players)}"
    for seat, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            return f"player {seat} needs a name"
    return None


def round_result(position: Position) -> RoundResult | None:
    """The scores of the round just ended (round_over or game_over), else None.

    These are the numbers added to the totals; the score pad stores the same ones.
    """
    if position.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
        return None
    raw = [
        score_grid(
            tuple(tuple(None if c is None else c.value for c in row) for row in grid),
            position.rules.row_clear,
        ).raw
        for grid in position.grids
    ]
    return score_round(raw, position.closer, position.rules)


def game_winners(position: Position) -> tuple[int, ...]:
    """The seats sharing the lowest total once the game is over (a total reached the
    target, or the game reached `ROUNDS_MAX`), else ()."""
    if position.phase is not Phase.GAME_OVER:
        return ()
    lowest = min(position.totals)
    return tuple(seat for seat, total in enumerate(position.totals) if total == lowest)


def next_starter(position: Position) -> int | None:
    """The seat that starts the next round, once a round is over (None if reveals decide)."""
    return position.current if position.phase is Phase.ROUND_OVER else None
