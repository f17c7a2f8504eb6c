"""The coach's answers as JSON and words: "the expert would have …", "if you close now …".

Made from `services.table_coach`'s judgement and risks, which hold the asking seat's own
view and the coach's figures only. Each sentence is one whole message of the catalogues
(docs/translations.md), the move told as the table's hints tell it (`table_words`);
numbers are written the reader's language's way.
"""

from __future__ import annotations

from typing import Any

from flask_babel import format_decimal

from ..engine import Discard, Draw, Flip, Move, Reveal, Swap, TakeDiscard, View, move_to_json
from ..i18n import gettext as _
from ..i18n import whole_percent
from ..services.table_coach import Closing, Judgement, Risks
from . import table_words


def judgement_json(judged: Judgement) -> dict[str, Any]:
    """The answer about one move: the expert's move and the points it was worth, when
    the coach has a word to say; "good move" when the move was weighed and held up."""
    advice = judged.advice
    text = None
    if advice is not None:
        text = better(advice.better, judged.seen, advice.points)
    elif judged.weighed:
        text = _("Good move.")
    return {
        "move": judged.step,
        "seat": judged.seat,
        "weighed": judged.weighed,
        "better": None if advice is None else move_to_json(advice.better),
        "points": None if advice is None else round(advice.points, 1),
        "text": text,
    }


def risks_json(found: Risks) -> dict[str, Any]:
    """The answer before a close: each move that closes now, with its risk in words."""
    return {"seat": found.seat, "closes": [closing_json(close) for close in found.closes]}


def closing_json(close: Closing) -> dict[str, Any]:
    """One move that closes the round, its doubling chance and cost, and the same in words."""
    risk = close.risk
    return {
        "move": move_to_json(close.move),
        "chance": round(risk.chance, 3),
        "cost": round(risk.cost, 1),
        "score": round(risk.score, 1),
        "text": risk_words(close.move, risk.chance, risk.cost),
    }


def points(value: float) -> str:
    """Points to one decimal, always shown, the reader's way: "3.4", "3,4", "1.0" (so that
    "about 1.0 points" reads right, as "about 1 points" would not)."""
    return str(format_decimal(round(value, 1), format="#,##0.0"))


def better(move: Move, seen: View, gain: float) -> str:
    """ "The expert would have …" for `move` on `seen`, `gain` points better on average."""
    about = points(gain)
    if isinstance(move, TakeDiscard):
        return _(
            "The expert would have taken the %(card)s from the discard pile (about %(points)s "
            "points better on average).",
            card=table_words.number(seen.discard[0]),
            points=about,
        )
    if isinstance(move, Draw):
        return _(
            "The expert would have drawn a card (about %(points)s points better on average).",
            points=about,
        )
    if isinstance(move, Discard):
        return _(
            "The expert would have thrown the drawn card on the discard pile (about "
            "%(points)s points better on average).",
            points=about,
        )
    if isinstance(move, Swap):
        return _(
            "The expert would have put the card in %(place)s (about %(points)s points better "
            "on average).",
            place=table_words.place(move.cell),
            points=about,
        )
    if isinstance(move, Flip | Reveal):
        return _(
            "The expert would have turned up the card in %(place)s (about %(points)s points "
            "better on average).",
            place=table_words.place(move.cell),
            points=about,
        )
    return _(
        "The expert would have played otherwise (about %(points)s points better on average).",
        points=about,
    )


def risk_words(move: Move, chance: float, cost: float) -> str:
    """ "If you close now: …" for a close by `move`."""
    if isinstance(move, Swap):
        return _(
            "If you close now with this card: %(chance)s chance your score is doubled, "
            "costing about %(points)s points.",
            chance=whole_percent(chance),
            points=points(cost),
        )
    return _(
        "If you close now by turning up your last card: %(chance)s chance your score is "
        "doubled, costing about %(points)s points.",
        chance=whole_percent(chance),
        points=points(cost),
    )
