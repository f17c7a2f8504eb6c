"""The table's words: what just happened, and what to do now, in one line each.

Only public facts are told: a drawn card is named once it lies face up (in a grid or on
the discard pile), never while only its holder may see it. `narrate` reads the spectator's
views around a move and the engine's reasons; `instruction` reads a seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import (
    Card,
    Cleared,
    Deal,
    Discard,
    Draw,
    Flip,
    HeldFrom,
    Move,
    Phase,
    Reasons,
    Reveal,
    Start,
    StartRule,
    Swap,
    TakeDiscard,
    View,
)


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


def narrate(before: View, move: Move, after: View, reasons: Reasons) -> str:
    """One sentence (or a few) telling everyone what `move` did.

    Told from the views around the move and the engine's reasons only, so no secret
    can slip into the words.
    """
    if isinstance(move, Deal):
        return _dealt(after, reasons.dealt_start)
    seat = reasons.seat
    assert seat is not None
    name = before.players[seat]
    parts = [_step(before, move, reasons, name)]
    if reasons.start is not None:
        parts.append(starter_reason(after, reasons.start))
    if reasons.closed is not None:
        parts.append(f"{after.players[reasons.closed]} ended the round: one last turn each")
    if reasons.ended is not None:
        parts.append(f"Round {reasons.ended.number} is over: every card is turned up")
    return ". ".join(part[0].upper() + part[1:] for part in parts) + "."


def _step(before: View, move: Move, reasons: Reasons, name: str) -> str:
    if isinstance(move, TakeDiscard):
        return f"{name} took the {number(before.discard[0])} from the discard pile"
    if isinstance(move, Draw):
        return f"{name} drew a card"
    shown = reasons.shown
    assert shown is not None
    if isinstance(move, Discard):
        return f"{name} drew {card(shown)} and threw it away"
    cleared = _cleared(reasons.cleared)
    if isinstance(move, Reveal):
        return _joined(name, [f"turned up {card(shown)}", cleared])
    if isinstance(move, Flip):
        thrown = f"threw the {number(before.discard[0])} away"
        return _joined(name, [thrown, f"turned up {card(shown)}", cleared])
    assert isinstance(move, Swap) and before.held is not None and reasons.seat is not None
    old = before.grids[reasons.seat][move.cell[0]][move.cell[1]]
    assert reasons.replaced is not None
    face_up = isinstance(old, Card)
    replaced = f"{'the' if face_up else 'a face-down'} {number(reasons.replaced)}"
    if before.held.source is HeldFrom.DISCARD:
        steps = [f"took the {number(shown)}"]
    else:
        steps = [f"drew {card(shown)}", "kept it"]
    if cleared:
        return _joined(name, [*steps, cleared])
    return _joined(name, steps) + f", in place of {replaced}"


def _joined(name: str, steps: Sequence[str]) -> str:
    """ "Ann drew a 9, kept it and cleared a column of 9s"."""
    done = [step for step in steps if step]
    if len(done) == 1:
        return f"{name} {done[0]}"
    return f"{name} {', '.join(done[:-1])} and {done[-1]}"


def _cleared(cleared: Cleared | None) -> str:
    """ "cleared a column of 5s" when the move removed a line, else ""."""
    if cleared is None:
        return ""
    return f"cleared a {cleared.line.value} of {number(cleared.value)}s"


def _dealt(after: View, start: Start | None) -> str:
    needed = after.rules.reveal_count
    text = f"Round {after.round} is dealt"
    if after.phase is Phase.REVEAL:
        text += f": everyone turns up {cards_word(needed)}"
    if start is not None:
        text += f"; {after.players[start.seat]} will start ({_fixed_reason(start)})"
    return text + "."


def _fixed_reason(start: Start) -> str:
    if start.rule is StartRule.ROUND_WINNER:
        return "the lowest score last round"
    return "ended the last round"


def starter_reason(seen: View, start: Start) -> str:
    """Who starts the turns, and why (the engine's reason, once the reveals are done)."""
    name = seen.players[start.seat]
    if start.rule in (StartRule.CLOSER, StartRule.ROUND_WINNER):
        return f"{name} starts: {_fixed_reason(start)}"
    assert start.total is not None
    best = number(start.total)
    if not start.tied:
        return f"{name} starts: {cards_word(start.shown)} adding up to {best}, the highest"
    others = " and ".join(seen.players[s] for s in start.tied)
    if start.rule is StartRule.HIGHEST_CARD:
        assert start.card is not None
        why = f"the highest single card ({number(start.card)})"
    elif start.rule is StartRule.SEAT:
        why = "the first seat of those tied"
    else:
        why = "drawn by lot among those tied"
    return f"{name} starts: {best}, tied with {others}, and {why}"


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
