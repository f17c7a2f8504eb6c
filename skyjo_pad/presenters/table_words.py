"""The table's words: what just happened, and what to do now, in one line each.

Only public facts are told: a drawn card is named once it lies face up (in a grid or on
the discard pile), never while only its holder may see it. `told` reads a move's public
event (`services/table_events.py`: the spectator's views and the engine's reasons);
`instruction` reads a seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Card, HeldFrom, Phase, Rules, StartRule, View


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


def told(event: dict[str, Any] | str, players: Sequence[str], rules: Rules) -> str:
    """One sentence (or a few) telling everyone what a move did, from its public event.

    A table kept before events were stored holds its words already: they are told as they
    are.

    >>> told({"move": {"action": "draw"}, "seat": 1}, ["Ann", "Bob"], Rules())
    'Bob drew a card.'
    """
    if isinstance(event, str):
        return event
    action = event["move"]["action"]
    if action == "deal":
        return _dealt(event, players, rules)
    name = players[event["seat"]]
    parts = [_step(event, action, name)]
    if event.get("start") is not None:
        parts.append(starter_reason(event["start"], players))
    if event.get("closed") is not None:
        parts.append(f"{players[event['closed']]} ended the round: one last turn each")
    if event.get("ended") is not None:
        parts.append(f"Round {event['ended']} is over: every card is turned up")
    return ". ".join(part[0].upper() + part[1:] for part in parts) + "."


def _step(event: dict[str, Any], action: str, name: str) -> str:
    if action == "take_discard":
        return f"{name} took the {number(event['top'])} from the discard pile"
    if action == "draw":
        return f"{name} drew a card"
    shown = event["shown"]
    if action == "discard":
        return f"{name} drew {card(shown)} and threw it away"
    cleared = _cleared(event.get("cleared"))
    if action == "reveal":
        return _joined(name, [f"turned up {card(shown)}", cleared])
    if action == "flip":
        thrown = f"threw the {number(event['top'])} away"
        return _joined(name, [thrown, f"turned up {card(shown)}", cleared])
    article = "the" if event["replaced_face_up"] else "a face-down"
    replaced = f"{article} {number(event['replaced'])}"
    if event["from"] == "discard":
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


def _cleared(cleared: dict[str, Any] | None) -> str:
    """ "cleared a column of 5s" when the move removed a line, else ""."""
    if cleared is None:
        return ""
    return f"cleared a {cleared['line']} of {number(cleared['value'])}s"


def _dealt(event: dict[str, Any], players: Sequence[str], rules: Rules) -> str:
    text = f"Round {event['round']} is dealt"
    if event["reveal"]:
        text += f": everyone turns up {cards_word(rules.reveal_count)}"
    start = event.get("start")
    if start is not None:
        text += f"; {players[start['seat']]} will start ({_fixed_reason(start)})"
    return text + "."


def _fixed_reason(start: dict[str, Any]) -> str:
    if start["rule"] == StartRule.ROUND_WINNER.value:
        return "the lowest score last round"
    return "ended the last round"


def starter_reason(start: dict[str, Any], players: Sequence[str]) -> str:
    """Who starts the turns, and why: the engine's reason (`table_events.start_data`)."""
    name = players[start["seat"]]
    rule = StartRule(start["rule"])
    if rule in (StartRule.CLOSER, StartRule.ROUND_WINNER):
        return f"{name} starts: {_fixed_reason(start)}"
    best = number(start["total"])
    if not start["tied"]:
        return f"{name} starts: {cards_word(start['shown'])} adding up to {best}, the highest"
    others = " and ".join(players[s] for s in start["tied"])
    if rule is StartRule.HIGHEST_CARD:
        why = f"the highest single card ({number(start['card'])})"
    elif rule is StartRule.SEAT:
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
