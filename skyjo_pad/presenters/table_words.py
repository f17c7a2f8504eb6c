"""The table's words: what just happened, and what to do now, in one line each.

Only public facts are told: a drawn card is named once it lies face up (in a grid or on
the discard pile), never while only its holder may see it. `told` reads a move's public
event (`services/table_events.py`: the spectator's views and the engine's reasons);
`instruction` reads a seat's view.

Every sentence is one whole message of the catalogues (docs/translations.md), with
placeholders for names and cards: a language puts the words in its own order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Card, HeldFrom, Phase, Rules, StartRule, View
from ..engine.limits import ROUND_TURNS_MAX, ROUNDS_MAX
from ..i18n import N_, join_names, ngettext
from ..i18n import gettext as _
from ..services import roster


def card(value: int) -> str:
    """A card with its article: "a 7", "an 8", "an 11", "a −2".

    >>> card(8), card(11), card(-2), card(5)
    ('an 8', 'an 11', 'a −2', 'a 5')
    """
    if value in (8, 11):
        return _("an %(card)s", card=number(value))
    return _("a %(card)s", card=number(value))


def number(value: int) -> str:
    """A number as a card shows it, with a true minus sign."""
    return str(value).replace("-", "−")


REVEALED_AND_CLEARED = {
    "column": N_("%(name)s turned up %(card)s and cleared a column of %(value)ss."),
    "row": N_("%(name)s turned up %(card)s and cleared a row of %(value)ss."),
    "column_and_row": N_(
        "%(name)s turned up %(card)s and cleared a column and a row of %(value)ss."
    ),
}
"""An opening reveal that completed a line, by the line (`engine.Line`'s values)."""
FLIPPED_AND_CLEARED = {
    "column": N_(
        "%(name)s threw the %(top)s away, turned up %(card)s and cleared a column of %(value)ss."
    ),
    "row": N_(
        "%(name)s threw the %(top)s away, turned up %(card)s and cleared a row of %(value)ss."
    ),
    "column_and_row": N_(
        "%(name)s threw the %(top)s away, turned up %(card)s and cleared a column and a row of "
        "%(value)ss."
    ),
}
TOOK_AND_CLEARED = {
    "column": N_("%(name)s took the %(card)s and cleared a column of %(value)ss."),
    "row": N_("%(name)s took the %(card)s and cleared a row of %(value)ss."),
    "column_and_row": N_(
        "%(name)s took the %(card)s and cleared a column and a row of %(value)ss."
    ),
}
KEPT_AND_CLEARED = {
    "column": N_("%(name)s drew %(card)s, kept it and cleared a column of %(value)ss."),
    "row": N_("%(name)s drew %(card)s, kept it and cleared a row of %(value)ss."),
    "column_and_row": N_(
        "%(name)s drew %(card)s, kept it and cleared a column and a row of %(value)ss."
    ),
}


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
        parts.append(starter_reason(event["start"], players) + ".")
    if event.get("closed") is not None:
        parts.append(
            _("%(name)s ended the round: one last turn each.", name=players[event["closed"]])
        )
    if event.get("ended") is not None:
        parts.append(_("Round %(round)s is over: every card is turned up.", round=event["ended"]))
    if event.get("limit") == "turns":
        parts.append(
            _("Nobody ended it: a round ends after %(num)s turns.", num=number(ROUND_TURNS_MAX))
        )
    elif event.get("limit") == "rounds":
        parts.append(
            _("That was the last round: a game ends after %(num)s.", num=number(ROUNDS_MAX))
        )
    return " ".join(part[0].upper() + part[1:] for part in parts)


def _step(event: dict[str, Any], action: str, name: str) -> str:
    """The move itself, as one sentence."""
    if action == "take_discard":
        return _(
            "%(name)s took the %(card)s from the discard pile.",
            name=name,
            card=number(event["top"]),
        )
    if action == "draw":
        return _("%(name)s drew a card.", name=name)
    shown = event["shown"]
    if action == "discard":
        return _("%(name)s drew %(card)s and threw it away.", name=name, card=card(shown))
    cleared = event.get("cleared")
    line = cleared["line"] if cleared else None
    gone = number(cleared["value"]) if cleared else ""
    if action == "reveal":
        if line:
            return _(REVEALED_AND_CLEARED[line], name=name, card=card(shown), value=gone)
        return _("%(name)s turned up %(card)s.", name=name, card=card(shown))
    if action == "flip":
        top = number(event["top"])
        if line:
            return _(FLIPPED_AND_CLEARED[line], name=name, top=top, card=card(shown), value=gone)
        return _(
            "%(name)s threw the %(top)s away and turned up %(card)s.",
            name=name,
            top=top,
            card=card(shown),
        )
    return _swapped(event, name, shown, line, gone)


def _swapped(event: dict[str, Any], name: str, shown: int, line: str | None, gone: str) -> str:
    """A swap, from the discard pile or the draw pile, with what it replaced or cleared."""
    old = number(event["replaced"])
    if event["from"] == "discard":
        if line:
            return _(TOOK_AND_CLEARED[line], name=name, card=number(shown), value=gone)
        if event["replaced_face_up"]:
            return _(
                "%(name)s took the %(card)s, in place of the %(old)s.",
                name=name,
                card=number(shown),
                old=old,
            )
        return _(
            "%(name)s took the %(card)s, in place of a face-down %(old)s.",
            name=name,
            card=number(shown),
            old=old,
        )
    if line:
        return _(KEPT_AND_CLEARED[line], name=name, card=card(shown), value=gone)
    if event["replaced_face_up"]:
        return _(
            "%(name)s drew %(card)s and kept it, in place of the %(old)s.",
            name=name,
            card=card(shown),
            old=old,
        )
    return _(
        "%(name)s drew %(card)s and kept it, in place of a face-down %(old)s.",
        name=name,
        card=card(shown),
        old=old,
    )


def _dealt(event: dict[str, Any], players: Sequence[str], rules: Rules) -> str:
    """A new round: dealt, how many cards to turn up, who will start and why."""
    number_ = event["round"]
    count = rules.reveal_count
    start = event.get("start")
    if start is None:
        if event["reveal"]:
            return ngettext(
                "Round %(round)s is dealt: everyone turns up %(num)s card.",
                "Round %(round)s is dealt: everyone turns up %(num)s cards.",
                count,
                round=number_,
            )
        return _("Round %(round)s is dealt.", round=number_)
    name = players[start["seat"]]
    lowest = start["rule"] == StartRule.ROUND_WINNER.value
    if event["reveal"]:
        if lowest:
            return ngettext(
                "Round %(round)s is dealt: everyone turns up %(num)s card; %(name)s will start (the lowest score last round).",
                "Round %(round)s is dealt: everyone turns up %(num)s cards; %(name)s will start (the lowest score last round).",
                count,
                round=number_,
                name=name,
            )
        return ngettext(
            "Round %(round)s is dealt: everyone turns up %(num)s card; %(name)s will start (ended the last round).",
            "Round %(round)s is dealt: everyone turns up %(num)s cards; %(name)s will start (ended the last round).",
            count,
            round=number_,
            name=name,
        )
    if lowest:
        return _(
            "Round %(round)s is dealt; %(name)s will start (the lowest score last round).",
            round=number_,
            name=name,
        )
    return _(
        "Round %(round)s is dealt; %(name)s will start (ended the last round).",
        round=number_,
        name=name,
    )


def starter_reason(start: dict[str, Any], players: Sequence[str]) -> str:
    """Who starts the turns, and why: the engine's reason (`table_events.start_data`)."""
    name = players[start["seat"]]
    rule = StartRule(start["rule"])
    if rule is StartRule.CLOSER:
        return _("%(name)s starts: ended the last round", name=name)
    if rule is StartRule.ROUND_WINNER:
        return _("%(name)s starts: the lowest score last round", name=name)
    best = number(start["total"])
    if not start["tied"]:
        return ngettext(
            "%(name)s starts: %(num)s card adding up to %(total)s, the highest",
            "%(name)s starts: %(num)s cards adding up to %(total)s, the highest",
            start["shown"],
            name=name,
            total=best,
        )
    others = join_names([players[s] for s in start["tied"]])
    if rule is StartRule.HIGHEST_CARD:
        return _(
            "%(name)s starts: %(total)s, tied with %(others)s, and the highest single card (%(card)s)",
            name=name,
            total=best,
            others=others,
            card=number(start["card"]),
        )
    if rule is StartRule.SEAT:
        return _(
            "%(name)s starts: %(total)s, tied with %(others)s, and the first seat of those tied",
            name=name,
            total=best,
            others=others,
        )
    return _(
        "%(name)s starts: %(total)s, tied with %(others)s, and drawn by lot among those tied",
        name=name,
        total=best,
        others=others,
    )


def instruction(seen: View, bots: Sequence[str | None]) -> str:
    """What has to happen now, for the seat to act (or the table)."""
    if seen.phase is Phase.GAME_OVER:
        return _winners(seen)
    if seen.phase is Phase.ROUND_OVER:
        return _(
            "Round %(round)s is over: look at the scores, then deal round %(next)s",
            round=seen.round,
            next=seen.round + 1,
        )
    actor = seen.current
    assert actor is not None
    name = seen.players[actor]
    if bots[actor] is not None:
        named = "bot" in name.casefold() or roster.is_computer_name(name)
        if seen.phase is Phase.REVEAL:
            if named:
                return _("%(name)s turns up cards…", name=name)
            return _("%(name)s (computer) turns up cards…", name=name)
        if named:
            return _("%(name)s is playing…", name=name)
        return _("%(name)s (computer) is playing…", name=name)
    if seen.phase is Phase.REVEAL:
        up = sum(1 for row in seen.grids[actor] for c in row if isinstance(c, Card))
        left = seen.rules.reveal_count - up
        if up:
            return ngettext(
                "%(name)s: turn up %(num)s more card",
                "%(name)s: turn up %(num)s more cards",
                left,
                name=name,
            )
        return ngettext(
            "%(name)s: turn up %(num)s card", "%(name)s: turn up %(num)s cards", left, name=name
        )
    hint = _turn_hint(seen, actor, name)
    if seen.phase is Phase.FINAL_TURNS:
        return _("Last turn! %(instruction)s", instruction=hint)
    return hint


def waiting_for_the_deal(seen: View) -> str:
    """A round over, told to a phone that cannot deal the next one (a spectator, the host,
    a seat a computer plays): a player's phone deals it."""
    return _(
        "Round %(round)s is over: waiting for a player to deal round %(next)s",
        round=seen.round,
        next=seen.round + 1,
    )


def told_to(seen: View, bots: Sequence[str | None], seat: int | None) -> str:
    """`instruction`, said to `seat`'s own phone when the turn is its own ("Your turn,
    Ben: take the 6 or draw"); every other phone is told what the player on turn is doing
    ("Ben is placing the 6 in his grid"), the computer's turns and the rest as they are."""
    current = seen.current
    if seen.phase not in (Phase.TURN, Phase.FINAL_TURNS) or current is None:
        return instruction(seen, bots)
    if bots[current] is not None:
        return instruction(seen, bots)
    last = seen.phase is Phase.FINAL_TURNS
    if seat == current:
        hint = _turn_hint(seen, seat, seen.players[seat])
        if last:
            return _("Your last turn, %(instruction)s", instruction=hint)
        return _("Your turn, %(instruction)s", instruction=hint)
    hint = _watched_hint(seen, current, seen.players[current])
    return _("Last turn! %(instruction)s", instruction=hint) if last else hint


def _watched_hint(seen: View, actor: int, name: str) -> str:
    """What the player on turn is doing, told to everyone else."""
    return _hint(WATCHED, seen, actor, name)


def _turn_hint(seen: View, actor: int, name: str) -> str:
    """What the player on turn can do, as one sentence."""
    return _hint(TOLD, seen, actor, name)


TOLD = {
    "take": N_("%(name)s: take the %(card)s or draw"),
    "draw": N_("%(name)s: draw a card"),
    "flip": N_("%(name)s: turn up a face-down card"),
    "place": N_("%(name)s: place the %(card)s in your grid"),
    "place_or_discard": N_("%(name)s: place the %(card)s in your grid, or discard it"),
    "place_unseen": N_("%(name)s: place the card in your grid"),
    "place_unseen_or_discard": N_("%(name)s: place the card in your grid, or discard it"),
}
"""A turn's moment said to the player on turn (their own phone, or the one passed round)."""
WATCHED = {
    "take": N_("%(name)s takes the %(card)s or draws…"),
    "draw": N_("%(name)s draws a card…"),
    "flip": N_("%(name)s turns up a face-down card…"),
    "place": N_("%(name)s places the %(card)s…"),
    "place_or_discard": N_("%(name)s places the %(card)s or discards it…"),
    "place_unseen": N_("%(name)s places the drawn card…"),
    "place_unseen_or_discard": N_("%(name)s places the drawn card or discards it…"),
}
"""The same moments told to every other phone."""


def _hint(words: dict[str, str], seen: View, actor: int, name: str) -> str:
    """The moment of the turn of `actor`, in `words`: nothing in hand yet (take the
    discard or draw), a card to turn up, or a card to place (and may it go to the discard
    pile: a drawn card may, while a face-down card is left; a card seen by nobody else is
    not named)."""
    held = seen.held
    if held is None:
        if seen.discard:
            return _(words["take"], name=name, card=number(seen.discard[0]))
        return _(words["draw"], name=name)
    if held.source is HeldFrom.FLIP:
        return _(words["flip"], name=name)
    if held.source is HeldFrom.DISCARD:
        return _(words["place"], name=name, card=number(held.value or 0))
    hidden = any(
        c is not None and not isinstance(c, Card) for row in seen.grids[actor] for c in row
    )
    kind = "place" if held.value is not None else "place_unseen"
    kind += "_or_discard" if hidden else ""
    if held.value is None:
        return _(words[kind], name=name)
    return _(words[kind], name=name, card=number(held.value))


def _winners(seen: View) -> str:
    lowest = min(seen.totals)
    names = [seen.players[s] for s, total in enumerate(seen.totals) if total == lowest]
    if len(names) == 1:
        return _("Game over: %(name)s wins with %(total)s", name=names[0], total=number(lowest))
    return _(
        "Game over: %(names)s share the win with %(total)s",
        names=join_names(names),
        total=number(lowest),
    )


def place(cell: Sequence[int]) -> str:
    """Where a cell is, in words: "the top row, column 2".

    >>> place((2, 0))
    'the bottom row, column 1'
    """
    column = cell[1] + 1
    if cell[0] == 0:
        return _("the top row, column %(column)s", column=column)
    if cell[0] == 1:
        return _("the middle row, column %(column)s", column=column)
    return _("the bottom row, column %(column)s", column=column)


def advice(move: dict[str, object], seen: View) -> str:
    """A hint in words: the move a strong player would make (`move` as JSON)."""
    action = move["action"]
    cell = move.get("cell")
    where = place(cell) if isinstance(cell, list) else ""
    if action in ("reveal", "flip"):
        return _("Turn up the card in %(place)s", place=where)
    if action == "take_discard":
        return _("Take the %(card)s from the discard pile", card=number(seen.discard[0]))
    if action == "draw":
        return _("Draw a card")
    if action == "discard":
        return _("Throw the drawn card on the discard pile")
    return _("Put your card in place of the one in %(place)s", place=where)
