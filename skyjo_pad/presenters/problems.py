"""Services' sentences in the reader's language: the message id translated, then filled
with its names and numbers (numbers in the reader's locale). The pages show them; the JSON
API adds one to its English `error` as `message` for a reader of another language."""

from __future__ import annotations

from datetime import date

from flask_babel import format_date, format_number, get_translations

from ..i18n import gettext
from ..services.errors import Plural, Sentence, ServiceError, Value


def say(sentence: Sentence) -> str:
    """A service's sentence (a refusal, a warning) in the reader's language."""
    data = {key: _shown(value) for key, value in sentence.data.items()}
    if isinstance(sentence.id, Plural):
        count = sentence.data["num"]
        assert isinstance(count, int), "a plural sentence counts with an int num"
        words = get_translations().ungettext(sentence.id.singular, sentence.id.plural, count)
        return sentence.finished(str(words) % data)  # `num` in the reader's locale too
    return sentence.finished(gettext(sentence.id, **data))


def why(error: ServiceError) -> str:
    """Why a service refused, in the reader's language."""
    return say(error.sentence)


def _shown(value: Value) -> str:
    """A name as it is; a number (with a true minus, as the sheet writes it), a day or a
    sentence in the reader's language."""
    if isinstance(value, Sentence):
        return say(value)
    if isinstance(value, date):
        return str(format_date(value, "medium"))
    return str(format_number(value)).replace("-", "\u2212") if isinstance(value, int) else value
