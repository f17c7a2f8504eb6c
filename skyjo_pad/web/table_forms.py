"""The new-table form: who sits where (a person or a computer player), the rules, a deal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, FormField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional

from ..bots import BUILTIN
from ..engine.limits import MAX_PLAYERS, SEED_MAX, STALL_MAX
from ..engine.rules import FIRST_TIEBREAKS, NEXT_STARTERS, Rules
from ..i18n import LANGUAGES, current, number_later
from ..models import EMAIL_MAX, NAME_MAX
from ..services.online import Invitee
from ..services.players import UNPRINTABLE_NAME
from ..services.roster import COMPUTER_NAMES, free_name
from ..services.tables import SEED_LARGEST, SEED_PROBLEM, SeatChoice, Setup
from ..services.text import printable
from .forms import PadRuleFields, Rows, TextForm, WholeNumberField, choices, scoring_rules

PERSON = "person"
BOT_LABELS = {level: _l(name) for level, name in COMPUTER_NAMES.items()}
"""The label of each computer player a person can seat (`bots.BUILTIN`): the name its seat
gets when left blank."""
BOT_KINDS = [(name, BOT_LABELS[name]) for name in BUILTIN]
"""The computer players a person can seat, with their labels, in the registry's order."""
KINDS = [(PERSON, _l("Person")), *BOT_KINDS]
MAX_SEATS = MAX_PLAYERS
KIND_WORDS_BESIDE_NAME = 12
"""The longest kind label (letters) a phone shows beside a seat's name: "Medium bot" is."""
_DEFAULTS = Rules()
TIEBREAK_LABELS = {
    "highest_card": _l("the higher single card"),
    "seat": _l("the lower seat"),
    "random": _l("drawn by lot"),
}
STARTER_LABELS = {
    "closer": _l("who ended the last round"),
    "round_winner": _l("who scored lowest last round"),
    "highest_reveal": _l("the highest two cards, every round"),
}


class SeatForm(TextForm):
    """One seat: a name and who plays it."""

    class Meta:
        """A part of the new-table form: its token is the whole form's; its messages in
        the reader's language, as the whole form's are."""

        csrf = False

    name = StringField(_l("Name"), render_kw={"maxlength": NAME_MAX})
    kind = SelectField(_l("Plays"), choices=choices(KINDS), default=PERSON)
    email = StringField(_l("Email"), render_kw={"maxlength": EMAIL_MAX})
    """For an online table: where the seat's invitation goes (optional)."""
    language = SelectField(
        _l("Invitation language"), choices=choices(LANGUAGES.items()), default=current
    )
    """The language of the seat's invitation (the host's own to start with)."""


class NewTableForm(PadRuleFields, TextForm):
    """Seats in turn order, every rule option with its official default, an optional deal."""

    seat = Rows(FormField(SeatForm), min_entries=2)
    first_tiebreak = RadioField(
        _l("Round 1, equal opening cards: who starts"),
        choices=choices((k, TIEBREAK_LABELS[k]) for k in FIRST_TIEBREAKS),
        default=_DEFAULTS.first_tiebreak,
    )
    next_starter = RadioField(
        _l("Later rounds: who starts"),
        choices=choices((k, STARTER_LABELS[k]) for k in NEXT_STARTERS),
        default=_DEFAULTS.next_starter,
    )
    reveal_count = WholeNumberField(
        _l("Cards each player turns up to begin"),
        default=_DEFAULTS.reveal_count,
        validators=[
            InputRequired(_l("Give a number from 0 to 12.")),
            NumberRange(0, 12, _l("Give a number from 0 to 12.")),
        ],
    )
    row_clear = BooleanField(_l("Four equal cards in a row are removed too"), default=False)
    extended = BooleanField(_l("Up to 12 players (one deck, 9 to 12 seats)"), default=False)
    stall_turns = WholeNumberField(
        _l("End a round after this many turns"),
        validators=[
            Optional(),
            NumberRange(
                1, STALL_MAX, _l("From 1 to %(max)s, or empty.", max=number_later(STALL_MAX))
            ),
        ],
    )
    seed = WholeNumberField(
        _l("Deal number"),
        validators=[Optional(), NumberRange(0, SEED_MAX, _l(SEED_PROBLEM, max=SEED_LARGEST))],
    )
    problem = ""
    """A message about the table as a whole, shown above the seats."""
    focus = ""
    """The id of what the page's keyboard focus goes to once drawn again (a seat added,
    removed or filled: its own field or button, never the page's top)."""

    @staticmethod
    def long_kinds() -> bool:
        """Whether the kinds' words, in the reader's language, are long ("Mittlerer
        Computer"): on a phone the page then puts each seat's kind under its name."""
        return max(len(str(label)) for _kind, label in KINDS) > KIND_WORDS_BESIDE_NAME

    def seats(self) -> list[SeatChoice]:
        """The seats filled in: a typed name, or a computer player (named if left blank)."""
        chosen: list[SeatChoice] = []
        used: set[str] = {" ".join((e.form.name.data or "").split()).casefold() for e in self.seat}
        for entry in self.seat:
            typed = printable(entry.form.name.data or "", UNPRINTABLE_NAME, "players", lines=True)
            name = " ".join(typed.split())
            kind = entry.form.kind.data
            bot = None if kind == PERSON else kind
            if not name and bot is None:
                continue
            if not name:
                name = free_name(str(BOT_LABELS.get(str(bot), bot)), used)
            chosen.append(SeatChoice(name, bot))
        return chosen

    def invitees(self) -> list[Invitee]:
        """The seats of an online table: `seats()` with each person's email, if given, and
        the language of their invitation."""
        emails = {
            " ".join((e.form.name.data or "").split()): e.form.email.data or None  # checked there
            for e in self.seat
            if e.form.kind.data == PERSON
        }
        languages = self.invitation_languages()
        return [
            Invitee(s.name, emails.get(s.name), s.bot, languages.get(s.name)) for s in self.seats()
        ]

    def invitation_languages(self) -> dict[str, str]:
        """The language of each person's invitation, by name."""
        return {
            " ".join((e.form.name.data or "").split()): e.form.language.data
            for e in self.seat
            if e.form.kind.data == PERSON and e.form.language.data in LANGUAGES
        }

    def rules(self) -> dict[str, Any]:
        """The rule options as the table service takes them."""
        return {
            **scoring_rules(self),
            "first_tiebreak": self.first_tiebreak.data,
            "next_starter": self.next_starter.data,
            "max_players": 12 if self.extended.data else 8,
            "reveal_count": self.reveal_count.data,
            "row_clear": bool(self.row_clear.data),
            "stall_turns": self.stall_turns.data,
        }

    def fill(self, setup: Setup) -> None:
        """Show a table's seats, rules and (once it is over) its deal, to play it again."""
        set_seats(self, [(s.name, s.bot or PERSON) for s in setup.seats])
        rules = setup.rules
        self.target.data, self.multiplier.data = rules.target, rules.multiplier
        self.tie_doubles.data = rules.tie_doubles
        self.double_only_positive.data = rules.double_only_positive
        self.first_tiebreak.data, self.next_starter.data = rules.first_tiebreak, rules.next_starter
        self.reveal_count.data, self.row_clear.data = rules.reveal_count, rules.row_clear
        self.extended.data, self.stall_turns.data = rules.max_players == 12, rules.stall_turns
        self.seed.data = setup.seed


def set_seats(form: NewTableForm, seats: Sequence[tuple[str, ...]]) -> None:
    """Replace the seat rows with these (name, kind[, email[, language]]) rows, in order."""
    form.seat.entries = []
    form.seat.last_index = -1
    for name, kind, *more in seats:
        email, language = (*more, "", "")[:2]
        form.seat.append_entry(
            {"name": name, "kind": kind, "email": email, "language": language or current()}
        )
