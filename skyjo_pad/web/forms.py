"""The pad's forms: a new game, and a round (typed scores or counted cards)."""

from __future__ import annotations

import math
import re
from typing import Any

from flask import request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.datastructures import CombinedMultiDict
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    StringField,
)
from wtforms.fields.choices import SelectChoice
from wtforms.utils import unset_value
from wtforms.validators import InputRequired, NumberRange, StopValidation

from ..engine import scoring
from ..engine.limits import MULTIPLIER_MAX, TARGET_MAX
from ..engine.rules import Rules
from ..i18n import group_sign, number_later
from ..models import NAME_MAX
from ..presenters.problems import say
from ..services import pad_once, players
from ..services.players import MAX_PLAYERS as MAX_PLAYERS
from ..services.players import MIN_PLAYERS
from ..services.round_entry import SCORE_LIMIT, RoundEntry, SeatEntry

NOBODY = "none"
REMOVED_MARKS = {"x", "✕", "×", "*"}
MINUS_SIGNS = str.maketrans({"−": "-", "–": "-", "—": "-"})
FORM_EXPIRED = _l("This page was open too long or came from elsewhere: please try again.")
_DEFAULTS = Rules()

WHOLE_NUMBER = re.compile(r"\s*[-+]?\d+\s*")
"""Digits with an optional sign: what a whole number typed in a field looks like."""


def whole_number(text: str) -> int:
    """`text` read as a whole number; ValueError when it is not one (Python's `int` alone
    would read "1_0" as 10)."""
    if not WHOLE_NUMBER.fullmatch(text):
        raise ValueError(text)
    return int(text)


def button_number(text: str, digits: int = 3) -> int | None:
    """The number a button ("2": a row) or hidden field sends, of `digits` at most; else None."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= digits else None


def _version(field: HiddenField) -> int | None:
    """The sheet version a form was opened on: None if none sent, -1 (stale) if unreadable."""
    text = str(field.data or "").strip()
    number = button_number(text, digits=18) if text else None
    return -1 if text and number is None else number


def choices(pairs: Any) -> list[SelectChoice]:
    """A select's choices from (value, label) pairs, as WTForms wants them."""
    return [SelectChoice(value, label) for value, label in pairs]


HUGE_NUMBER = re.compile(r"[-+]?[0-9]{300,}")
"""A whole number far beyond any field's limits."""

SPACES = " \u00a0\u202f"
"""Spaces some write between groups of thousands (plain, no-break, narrow no-break)."""


def ungrouped(typed: str) -> str:
    """`typed` without the signs between its groups of thousands when it is a whole number
    written the reader's way ("10,000"; "10.000"; "10 000"), its minus sign made plain;
    anything else as it was (so "1.5" or "1,5" stays a number that is not whole)."""
    typed = typed.translate(MINUS_SIGNS)
    for sign in {group_sign(), *SPACES}:
        if re.fullmatch(rf"[-+]?[0-9]{{1,3}}(?:{re.escape(sign)}[0-9]{{3}})+", typed):
            return typed.replace(sign, "")
    return typed


class WholeNumberField(IntegerField):
    """An IntegerField whose message for text that is not a number is in player words."""

    data: Any
    """The number once validated (an infinity stands for hundreds of digits, refused)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Read the number; anything else leaves no value and a friendly message. A number
        of hundreds of digits (beyond a float, which WTForms' range check compares it as,
        or beyond what Python reads) stands as an infinity of its sign: out of every
        field's range, which the field then says."""
        typed = ungrouped(str(valuelist[0]).strip()) if valuelist else ""
        if HUGE_NUMBER.fullmatch(typed):
            self.data = -math.inf if typed.startswith("-") else math.inf
            return
        if not valuelist:
            return
        try:
            self.data = whole_number(typed)
        except ValueError as error:
            self.data = None
            raise ValueError(_("Give a whole number, like 100.")) from error

    def pre_validate(self, form: Any) -> None:
        """Text that is not a number has said so: no range to tell besides (a blank is
        the validators' to judge: required, or optional)."""
        if self.process_errors and self.raw_data and str(self.raw_data[0]).strip():
            raise StopValidation()

    @property
    def shown(self) -> str:
        """The field as typed, for a summary beside it ("…" when empty)."""
        if self.raw_data:  # posted: as typed
            return str(self.raw_data[0]).strip() or "…"
        return "…" if self.data is None else str(self.data)


class _NoToken:
    """Stands in for the CSRF field when CSRF is off (tests): renders nothing, never wrong."""

    errors: tuple[str, ...] = ()

    def __call__(self, **_attributes: Any) -> Markup:
        return Markup("")

    def __html__(self) -> str:
        return ""

    def __str__(self) -> str:
        return ""


class Rows(FieldList):
    """A FieldList whose blank rows, added to reach `min_entries`, stay blank: WTForms reads
    them from the form again after renumbering the rows sent, so a form with a gap in its
    numbers ("player-1" without "player-0") showed one name twice."""

    def _add_entry(self, formdata: Any = None, data: Any = unset_value, index: Any = None) -> Any:
        return super()._add_entry(None if index is None else formdata, data, index)


class TextForm(FlaskForm):
    """A FlaskForm that reads only the text fields posted: a file sent where a name or a
    score belongs counts as that field left out, never as its text."""

    class Meta:
        """How the posted fields are read."""

        def wrap_formdata(self, form: Any, formdata: Any) -> Any:
            """The request's text fields (Flask-WTF would add its files to them)."""
            wrapped = super().wrap_formdata(form, formdata)  # type: ignore[misc]
            return request.form if isinstance(wrapped, CombinedMultiDict) else wrapped


class PadForm(TextForm):
    """A FlaskForm whose `csrf_token` exists even with CSRF off, so its page still renders."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not hasattr(self, "csrf_token"):
            self.csrf_token = _NoToken()


class ConfirmForm(PadForm):
    """A confirmation: only the CSRF token and the sheet version it was made on."""

    version = HiddenField()

    def expected_version(self) -> int | None:
        """The sheet version the page was opened on."""
        return _version(self.version)


class PadRuleFields:
    """The score pad's rule options (RULES.md) as form fields, with their limits from the
    engine: a new game's and a new table's (each form declares its other fields)."""

    target = WholeNumberField(
        _l("Game ends at"),
        default=_DEFAULTS.target,
        validators=[
            InputRequired(_l("Give the score that ends the game.")),
            NumberRange(
                min=1,
                max=TARGET_MAX,
                message=_l(
                    "The game must end at a score from 1 to %(max)s.", max=number_later(TARGET_MAX)
                ),
            ),
        ],
    )
    multiplier = WholeNumberField(
        _l("Closer’s penalty: score ×"),
        default=_DEFAULTS.multiplier,
        validators=[
            InputRequired(_l("Give the closer’s multiplier (1 turns it off).")),
            NumberRange(
                min=1,
                max=MULTIPLIER_MAX,
                message=_l(
                    "The multiplier is a whole number from 1 to %(max)s.", max=MULTIPLIER_MAX
                ),
            ),
        ],
    )
    tie_doubles = BooleanField(_l("A tie with the closer doubles the closer"), default=True)
    double_only_positive = BooleanField(_l("Only a score above 0 is doubled"), default=True)


class NewGameForm(PadRuleFields, PadForm):
    """Players in seat order and the pad's rule options."""

    player = Rows(StringField(_l("Player"), render_kw={"maxlength": NAME_MAX}), min_entries=4)
    players_message = ""
    """A message about the players as a whole (how many), shown above the list."""

    def names(self) -> list[str]:
        """The names typed in, blanks dropped, spaces tidied."""
        return [" ".join((f.data or "").split()) for f in self.player if (f.data or "").strip()]

    def validate_names(self) -> bool:
        """Check 2 to 12 names, none repeated; put each message next to its field."""
        filled = [field for field in self.player if (field.data or "").strip()]
        problems = players.name_problems([field.data or "" for field in filled])
        for field, problem in zip(filled, problems, strict=True):
            if problem is not None:
                field.errors = [_name_problem(problem)]
        count = len(filled)
        self.players_message = ""
        if players.wrong_count(count):
            self.players_message = _(
                "A game needs %(min)s to %(max)s players: you have %(count)s.",
                min=MIN_PLAYERS,
                max=MAX_PLAYERS,
                count=count,
            )
        return not self.players_message and not any(problems)

    def rules(self) -> dict[str, Any]:
        """The rule options as the pad service takes them."""
        return scoring_rules(self)


def _name_problem(problem: players.NameProblem) -> str:
    """A name's problem in the reader's language (the address book's other reasons as it
    gives them)."""
    if problem.twice:
        return str(
            _("%(name)s is already playing: give each player a different name.", name=problem.name)
        )
    return say(problem.sentence)


def set_names(form: NewGameForm, names: list[str]) -> None:
    """Replace the player fields with these names, in this order."""
    form.player.entries = []
    form.player.last_index = -1
    for name in names:
        form.player.append_entry(name)


class SeatForm(Form):
    """One player's part of a round: a typed score, or the 12 cards counted."""

    score = StringField(_l("Score"), render_kw={"inputmode": "numeric", "autocomplete": "off"})
    negative = BooleanField(_l("minus"))
    cards = Rows(StringField(_l("Card")), min_entries=12, max_entries=12)


class RoundForm(PadForm):
    """A round: each seat's entry, who closed it, the sheet version it was made on."""

    seats = Rows(FormField(SeatForm))
    closer = RadioField(_l("Who closed the round?"), choices=[], validate_choice=False)
    version = HiddenField()
    client_id = HiddenField()
    """A new round's id, made with the page: sent twice (a lost answer), it is saved once."""
    opened_as = HiddenField()
    """The number the new round had when its form was opened."""
    opened_round = HiddenField()
    """A correction's scores, closer and stored round as its form was opened ("8,50,10;2;17"):
    what this phone changed is told apart from what another phone changed meanwhile, and a
    round corrected there from one taken back and entered again."""
    keep_unusual = BooleanField(_l("Keep these scores anyway (house rules)"))

    def setup(self, players: tuple[str, ...]) -> RoundForm:
        """Size the form for the game's players."""
        while len(self.seats) < len(players):
            self.seats.append_entry()
        while len(self.seats) > len(players):
            self.seats.pop_entry()
        self.closer.choices = choices([(str(i), name) for i, name in enumerate(players)])
        self.closer.choices.append(SelectChoice(NOBODY, _("Nobody")))
        return self

    def fill(
        self, raw: tuple[int, ...], grids: tuple[scoring.Grid | None, ...], closer: int | None
    ) -> None:
        """Show a stored round, for correcting it (then `note_opened`)."""
        for seat, (score, grid) in enumerate(zip(raw, grids, strict=True)):
            self.fill_seat(seat, score, grid)
        self.fill_closer(closer)

    def note_opened(self, raw: tuple[int, ...], closer: int | None, made: int | None) -> None:
        """Keep a correction's round as it stands when its form is shown (`opened`)."""
        who, stored = NOBODY if closer is None else str(closer), "" if made is None else made
        self.opened_round.data = ",".join(map(str, raw)) + f";{who};{stored}"

    def fill_seat(self, seat: int, score: int, grid: scoring.Grid | None) -> None:
        """Show one seat's stored score (and its cards, if they were counted)."""
        seat_form = self.seats[seat].form
        seat_form.score.data = str(abs(score))
        seat_form.negative.data = score < 0
        cells = [cell for row in grid for cell in row] if grid is not None else [""] * 12
        for card, cell in zip(seat_form.cards, cells, strict=True):  # as the keypad writes
            card.data = "✕" if cell is None else str(cell).replace("-", "−")

    def fill_closer(self, closer: int | None) -> None:
        """Show who closed a stored round."""
        self.closer.data = NOBODY if closer is None else str(closer)

    def opened(self) -> tuple[tuple[int, ...], int | None, int | None] | None:
        """A correction's scores, closer and stored round (when first saved, if sent) as its
        form was opened; None when the form sent none."""
        scores, closer, made = [*str(self.opened_round.data or "").split(";", 2), "", ""][:3]
        try:
            raw = tuple(whole_number(score) for score in scores.split(","))
            who = None if closer == NOBODY else whole_number(closer)
            stored = whole_number(made) if made else None
        except ValueError:
            return None
        return (raw, who, stored) if len(raw) == len(self.seats) else None

    def expected_version(self) -> int | None:
        """The sheet version the form was opened on."""
        return _version(self.version)

    def opened_number(self) -> int | None:
        """The number the new round had when its form was opened (None if not sent)."""
        return _version(self.opened_as)

    def round_id(self) -> str | None:
        """The new round's id as sent (None if it is not one)."""
        sent = self.client_id.data
        return sent if isinstance(sent, str) and pad_once.CLIENT_ID.fullmatch(sent) else None

    def entry(self) -> RoundEntry | None:
        """The round as entered, or None with messages put next to the fields."""
        seats = [_seat_entry(seat_form.form) for seat_form in self.seats]
        closer = self.closer.data
        if closer in (None, "", "None"):
            self.closer.errors = [_("Choose who closed the round, or Nobody.")]
        elif closer != NOBODY and closer not in {str(i) for i in range(len(self.seats))}:
            self.closer.errors = [_("Choose one of the players, or Nobody.")]
        if self.closer.errors or any(seat is None for seat in seats):
            return None
        return RoundEntry(
            seats=tuple(s for s in seats if s is not None),
            closer=None if closer == NOBODY else int(str(closer)),
        )


def _seat_entry(form: SeatForm) -> SeatEntry | None:
    """One seat's entry; None with the message on the field when it cannot be read."""
    cells = [(card.data or "").strip().lower() for card in form.cards]
    if any(cells):
        grid = _grid(cells)
        if grid is None:
            wrong = next(i for i, cell in enumerate(cells) if not _card(cell)[0])
            form.cards[wrong].errors = [""]  # the cell marked, the message below the grid
            if cells[wrong]:
                form.cards.errors = [
                    _(
                        "Row %(row)s, column %(column)s: “%(text)s” is not a card: a number "
                        "from −2 to 12, or ✕ for a removed card.",
                        row=wrong // 4 + 1,
                        column=wrong % 4 + 1,
                        text=cells[wrong][:4],
                    )
                ]
            else:
                form.cards.errors = [
                    _("Fill in all 12 cards: a number from −2 to 12, or ✕ for a removed card.")
                ]
            return None
        return SeatEntry(grid=grid)
    text = (form.score.data or "").strip().translate(MINUS_SIGNS).replace(" ", "")
    if not text:
        form.score.errors = [_("Enter a score.")]
        return None
    try:
        value: int | None = whole_number(text)
    except ValueError:  # not a number, or one of thousands of digits
        value = None
    if value is None and not text.removeprefix("-").removeprefix("+").isdecimal():
        shown = "".join(char for char in text[:12] if char.isprintable())
        form.score.errors = [_("“%(text)s” is not a whole number.", text=shown)]
        return None
    if value is None or abs(value) > SCORE_LIMIT:
        form.score.errors = [
            _(
                "That number is far too large for a round: at most %(max)s either way.",
                max=number_later(SCORE_LIMIT),
            )
        ]
        return None
    return SeatEntry(score=-abs(value) if form.negative.data else value)


def _grid(cells: list[str]) -> scoring.Grid | None:
    """The 12 cells as a grid, or None if one is missing or not a card."""
    read = [_card(cell) for cell in cells]
    if not all(ok for ok, _value in read):
        return None
    values = [value for _ok, value in read]
    return tuple(tuple(values[r * 4 : r * 4 + 4]) for r in range(3))


def _card(cell: str) -> tuple[bool, int | None]:
    """Whether a cell holds a card, and its value (None for a card already removed)."""
    if cell in REMOVED_MARKS:
        return True, None
    try:
        value = whole_number(cell.translate(MINUS_SIGNS))
    except ValueError:
        return False, None
    return scoring.MIN_CARD <= value <= scoring.MAX_CARD, value


def scoring_rules(form: Any) -> dict[str, Any]:
    """The scoring options (target, closer's multiplier, ties, negative scores) of a form
    that has their four fields: the pad's new game, the table's."""
    return {
        "target": form.target.data,
        "multiplier": form.multiplier.data,
        "tie_doubles": bool(form.tie_doubles.data),
        "double_only_positive": bool(form.double_only_positive.data),
    }
