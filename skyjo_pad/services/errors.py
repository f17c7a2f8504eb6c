"""Why a service refused a request, in words a player understands.

A refusal carries its sentence as a message id (English, with `%(name)s` placeholders)
and the data that fills it, so each side words it for its reader: the JSON API answers
the English `message`; the pages (and the API, beside it) translate the id into the
reader's language (`skyjo_pad/presenters/problems.py`). `make messages` extracts the
sentences where the errors are raised (docs/translations.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import NamedTuple, TypeAlias

from ..engine import Refusal

Value: TypeAlias = "str | int | date | Sentence"
"""What fills a placeholder: a name, a number, a day or a sentence (each worded for its
reader)."""


class Plural(NamedTuple):
    """A sentence whose words follow a count (`%(num)s`): its singular and plural ids."""

    singular: str
    plural: str


def N_(message: str) -> str:
    """Mark a sentence for the catalogues; it is translated where it is shown."""
    return message


def Nn_(singular: str, plural: str) -> Plural:
    """Mark a sentence with a count (`%(num)s`) for the catalogues, both forms."""
    return Plural(singular, plural)


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence for a person: its message id (English, `%(name)s` placeholders; a
    `Plural` when `data["num"]` counts something) and the names and numbers it takes."""

    id: str | Plural
    data: Mapping[str, Value] = field(default_factory=dict)
    clause: bool = False
    """The id is a clause (the engine's reasons): worded, it gets a capital and a full stop."""

    @property
    def english(self) -> str:
        """The sentence in English, filled as gettext fills it (only when there is data),
        numbers with thousands separators ("1,000"), days as "31 May 2026"."""
        text = self.id
        if isinstance(text, Plural):
            text = text.singular if self.data["num"] == 1 else text.plural
        shown = {key: _english(value) for key, value in self.data.items()}
        return self.finished(text % shown if shown else text)

    def finished(self, words: str) -> str:
        """The worded sentence, made whole when its id is a clause."""
        return f"{words[:1].upper()}{words[1:]}." if self.clause and words else words


def refused(error: Refusal, clause: bool = False) -> Sentence:
    """The engine's reason for refusing a move or a rule option as a sentence for its
    reader (its template and data; `clause`: worded whole, with a capital and a full stop,
    as a move's reasons need)."""
    return Sentence(error.reason.template, error.reason.data, clause)


def _english(value: Value) -> str:
    if isinstance(value, Sentence):
        return value.english
    if isinstance(value, date):
        return f"{value:%d %b %Y}"
    return f"{value:,}" if isinstance(value, int) else value


class ServiceError(Exception):
    """A refused request. Nothing was changed. `status` is the HTTP status it maps to.

    `sentence` says why (a message id and its data, or a whole `Sentence`, as for the
    engine's reasons), `message` in English.
    """

    status = 400

    def __init__(
        self, sentence: str | Plural | Sentence, field: str | None = None, **data: Value
    ) -> None:
        self.sentence = sentence if isinstance(sentence, Sentence) else Sentence(sentence, data)
        self.message = self.sentence.english
        self.field = field
        """The form field the message belongs next to, if any."""
        super().__init__(self.message)


class Malformed(ServiceError):
    """The request cannot be read (wrong shape or types)."""

    status = 400


class Forbidden(ServiceError):
    """Not this person's to do (another seat's cards, another device's table)."""

    status = 403


class NotFound(ServiceError):
    """No such game, round or player."""

    status = 404


class Conflict(ServiceError):
    """The request does not fit the current state (stale sheet, finished game)."""

    status = 409


class Invalid(ServiceError):
    """Well formed, but against the rules of the game or the pad."""

    status = 422


class Unauthorized(ServiceError):
    """No token, or a token that opens nothing (unknown, or replaced by a new one)."""

    status = 401


class Busy(ServiceError):
    """Every search slot of this process is taken: ask again in a moment."""

    status = 503
