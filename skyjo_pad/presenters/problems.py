"""Services' sentences in the reader's language: the message id translated, then filled
with its names and numbers (numbers in the reader's locale, a card's place in words). The
pages show them; the JSON API adds one to its English `error` as `message` when it says it
otherwise (another language, or a card's place)."""

from __future__ import annotations

import re
from datetime import date

from flask_babel import format_date, format_number, get_translations

from ..i18n import gettext
from ..services.errors import Plural, Sentence, ServiceError, Value

HUGE = 10**18
"""A number this large (someone's typing, never a score) is written out ungrouped."""
CELL = re.compile(r"\[([0-2]), ([0-3])\]")
"""A card's place as the engine's reasons write it (the notation's `[row, column]`, from 0)."""


def say(sentence: Sentence) -> str:
    """A service's sentence (a refusal, a warning) in the reader's language; a card's place
    in words, counted from 1 ("row 1, column 1", not the notation's "[0, 0]")."""
    data = {
        key: _place(value) if key == "cell" else _shown(value)
        for key, value in sentence.data.items()
    }
    if isinstance(sentence.id, Plural):
        count = sentence.data["num"]
        assert isinstance(count, int), "a plural sentence counts with an int num"
        words = get_translations().ungettext(sentence.id.singular, sentence.id.plural, count)
        return sentence.finished(str(words) % data)  # `num` in the reader's locale too
    return sentence.finished(gettext(sentence.id, **data))


def why(error: ServiceError) -> str:
    """Why a service refused, in the reader's language."""
    return say(error.sentence)


def says_a_place(sentence: Sentence) -> bool:
    """Whether `say` words a card's place in `sentence` otherwise than its English does."""
    cell = sentence.data.get("cell")
    return isinstance(cell, str) and CELL.fullmatch(cell) is not None


def _place(value: Value) -> str:
    """A card's place in the reader's words, when it is one."""
    found = CELL.fullmatch(value) if isinstance(value, str) else None
    if found is None:
        return _shown(value)
    row, column = int(found[1]) + 1, int(found[2]) + 1
    return gettext("row %(row)s, column %(column)s", row=row, column=column)


def _shown(value: Value) -> str:
    """A name as it is; a number (with a true minus, as the sheet writes it), a day or a
    sentence in the reader's language."""
    if isinstance(value, Sentence):
        return say(value)
    if isinstance(value, date):
        return str(format_date(value, "medium"))
    if not isinstance(value, int):
        return value
    grouped = abs(value) < HUGE  # Babel's decimals stop at 28 digits: a huge one as it is
    return (str(format_number(value)) if grouped else str(value)).replace("-", "\u2212")
