"""The table's words: what just happened, and what to do now, in one line each.

Only public facts are told: a drawn card is named once it lies face up (in a grid or on
the discard pile), never while only its holder may see it. `narrate` reads the positions
around a move on the server; `instruction` reads a seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import (
    Card,
    Deal,
    Discard,
    Draw,
    Flip,
    HeldFrom,
    Move,
    Phase,
    Position,
    Reveal,
    Swap,
    TakeDiscard,
    View,
)

OVER = (Phase.ROUND_OVER, Phase.GAME_OVER)


def card(value: int) -> str:
    """A card with its article: "a 7", "an 8", "an 11", "a −2".

    >>> card(8), card(11), card(-2), card(5)
    ('an 8', 'an 11', 'a −2', 'a 5')
    """
    return f"{'an' if value in (8, 11) else 'a'} {number(value)}"


def number(value: int) -> str:
    """A number as a card shows it, with a true minus sign."""
    return str(value).replace("-", "−")


def cards_word(count: int) -> str:
    """ "1 card", "2 cards"."""
    return f"{count} card{'' if count == 1 else 's'}"


def narrate(before: Position, move: Move, after: Position) -> str:
    """One sentence (or a few) telling everyone what `move` did."""
    if isinstance(move, Deal):
        return _dealt(after)
    seat = move.seat if isinstance(move, Reveal) else before.current
    assert seat is not None
    name = before.players[seat]
    parts = [_step(before, move, after, seat, name)]
    if isinstance(move, Reveal) and after.phase is Phase.TURN:
        parts.append(starter_reason(after))
    if before.closer is None and after.closer is not None:
        parts.append(f"{after.players[after.closer]} ended the round: one last turn each")
    if after.phase in OVER and before.phase not in OVER:
        parts.append(f"Round {after.round} is over: every card is turned up")
    return ". ".join(part[0].upper() + part[1:] for part in parts) + "."


def _step(before: Position, move: Move, after: Position, seat: int, name: str) -> str:
    held = before.held
    if isinstance(move, TakeDiscard):
        return f"{name} took the {number(before.discard[0])} from the discard pile"
    if isinstance(move, Draw):
        return f"{name} drew a card"
    if isinstance(move, Discard):
        assert held is not None and held.value is not None
        return f"{name} drew {card(held.value)} and threw it away"
    cleared = (
        _cleared(before, after, seat, move.cell) if isinstance(move, Reveal | Flip | Swap) else ""
    )
    if isinstance(move, Reveal):
        return _joined(name, [f"turned up {card(_value(before, seat, move.cell))}", cleared])
    if isinstance(move, Flip):
        thrown = f"threw the {number(before.discard[0])} away"
        return _joined(
            name, [thrown, f"turned up {card(_value(before, seat, move.cell))}", cleared]
        )
    assert isinstance(move, Swap) and held is not None and held.value is not None
    old = before.grids[seat][move.cell[0]][move.cell[1]]
    assert old is not None
    replaced = f"the {number(old.value)}" if old.face_up else f"a face-down {number(old.value)}"
    if held.source is HeldFrom.DISCARD:
        steps = [f"took the {number(held.value)}"]
    else:
        steps = [f"drew {card(held.value)}", "kept it"]
    if cleared:
        return _joined(name, [*steps, cleared])
    return _joined(name, steps) + f", in place of {replaced}"


def _joined(name: str, steps: Sequence[str]) -> str:
    """ "Ann drew a 9, kept it and cleared a column of 9s"."""
    done = [step for step in steps if step]
    if len(done) == 1:
        return f"{name} {done[0]}"
    return f"{name} {', '.join(done[:-1])} and {done[-1]}"


def _value(position: Position, seat: int, cell: tuple[int, int]) -> int:
    found = position.grids[seat][cell[0]][cell[1]]
    assert found is not None
    return found.value


def _cleared(before: Position, after: Position, seat: int, cell: tuple[int, int]) -> str:
    """ "cleared a column of 5s" when the move removed the line through `cell`, else ""."""
    row, column = cell
    grid_before, grid_after = before.grids[seat], after.grids[seat]
    if all(grid_after[r][column] is None for r in range(3)) and any(
        grid_before[r][column] is not None for r in range(3)
    ):
        others = [grid_before[r][column] for r in range(3) if r != row]
        return f"cleared a column of {number(_line_value(others, after))}s"
    if all(c is None for c in grid_after[row]) and any(c is not None for c in grid_before[row]):
        others = [c for k, c in enumerate(grid_before[row]) if k != column]
        return f"cleared a row of {number(_line_value(others, after))}s"
    return ""


def _line_value(others: Sequence[Card | None], after: Position) -> int:
    """The value of a cleared line: that of its other cards, which were all face up."""
    for c in others:
        if c is not None and c.face_up:
            return c.value
    return after.discard[0]


def _dealt(after: Position) -> str:
    needed = after.rules.reveal_count
    text = f"Round {after.round} is dealt"
    if after.phase is Phase.REVEAL:
        text += f": everyone turns up {cards_word(needed)}"
    if after.starter is not None:
        text += f"; {after.players[after.starter]} will start ({_fixed_reason(after)})"
    return text + "."


def _fixed_reason(position: Position) -> str:
    if position.rules.next_starter == "round_winner":
        return "the lowest score last round"
    return "ended the last round"


def starter_reason(position: Position) -> str:
    """Who starts the turns, and why (once the opening reveals are done)."""
    starter = position.current
    assert starter is not None
    name = position.players[starter]
    if position.starter is not None:
        return f"{name} starts: {_fixed_reason(position)}"
    ups = [
        [c.value for row in grid for c in row if c is not None and c.face_up]
        for grid in position.grids
    ]
    sums = [sum(up) for up in ups]
    best = sums[starter]
    tied = [seat for seat, total in enumerate(sums) if total == best]
    shown = cards_word(len(ups[starter]))
    if len(tied) == 1:
        return f"{name} starts: {shown} adding up to {number(best)}, the highest"
    others = " and ".join(position.players[s] for s in tied if s != starter)
    rule = position.rules.first_tiebreak
    if rule == "highest_card":
        why = f"the highest single card ({number(max(ups[starter]))})"
    elif rule == "seat":
        why = "the first seat of those tied"
    else:
        why = "drawn by lot among those tied"
    return f"{name} starts: {number(best)}, tied with {others}, and {why}"


def instruction(seen: View, bots: Sequence[str | None]) -> str:
    """What has to happen now, for the seat to act (or the table)."""
    if seen.phase is Phase.GAME_OVER:
        return _winners(seen)
    if seen.phase is Phase.ROUND_OVER:
        return f"Round {seen.round} is over: look at the scores, then deal round {seen.round + 1}"
    actor = seen.current
    assert actor is not None
    name = seen.players[actor]
    if bots[actor] is not None:
        doing = "turns up cards" if seen.phase is Phase.REVEAL else "is playing"
        who = name if "bot" in name.casefold() else f"{name} (computer)"
        return f"{who} {doing}…"
    if seen.phase is Phase.REVEAL:
        up = sum(1 for row in seen.grids[actor] for c in row if isinstance(c, Card))
        left = seen.rules.reveal_count - up
        more = " more" if up else ""
        return f"{name}: turn up {left}{more} card{'' if left == 1 else 's'}"
    last = "Last turn! " if seen.phase is Phase.FINAL_TURNS else ""
    return last + name + ": " + _turn_hint(seen, actor)


def _turn_hint(seen: View, actor: int) -> str:
    held = seen.held
    if held is None:
        if seen.discard:
            return f"take the {number(seen.discard[0])} or draw"
        return "draw a card"
    if held.source is HeldFrom.FLIP:
        return "turn up a face-down card"
    if held.source is HeldFrom.DISCARD:
        return f"place the {number(held.value or 0)} in your grid"
    hidden = any(
        c is not None and not isinstance(c, Card) for row in seen.grids[actor] for c in row
    )
    shown = f"the {number(held.value)}" if held.value is not None else "the card"
    if hidden:
        return f"place {shown} in your grid, or discard it"
    return f"place {shown} in your grid"


def _winners(seen: View) -> str:
    lowest = min(seen.totals)
    names = [seen.players[s] for s, total in enumerate(seen.totals) if total == lowest]
    if len(names) == 1:
        return f"Game over: {names[0]} wins with {number(lowest)}"
    return f"Game over: {' and '.join(names)} share the win with {number(lowest)}"


ROW_WORDS = ("top", "middle", "bottom")


def place(cell: Sequence[int]) -> str:
    """Where a cell is, in words: "the top row, column 2".

    >>> place((2, 0))
    'the bottom row, column 1'
    """
    return f"the {ROW_WORDS[cell[0]]} row, column {cell[1] + 1}"


def advice(move: dict[str, object], seen: View) -> str:
    """A hint in words: the move a strong player would make (`move` as JSON)."""
    action = move["action"]
    cell = move.get("cell")
    where = place(cell) if isinstance(cell, list) else ""
    if action == "reveal":
        return f"Turn up the card in {where}"
    if action == "take_discard":
        return f"Take the {number(seen.discard[0])} from the discard pile"
    if action == "draw":
        return "Draw a card"
    if action == "discard":
        return "Throw the drawn card on the discard pile"
    if action == "flip":
        return f"Turn up the card in {where}"
    return f"Put your card in place of the one in {where}"
