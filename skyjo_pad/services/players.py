"""The address book: players found or added by name."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import func, or_, select

from ..engine.limits import MAX_PLAYERS as MAX_PLAYERS  # the forms read them here
from ..engine.limits import MIN_PLAYERS as MIN_PLAYERS
from ..extensions import db
from ..models import NAME_MAX, GameSeat, Player, name_key
from . import text
from .errors import N_, Invalid, Malformed, Nn_, Sentence

INVISIBLE = frozenset(
    "\u00ad\u061c\u180e\u200b\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
    "\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\ufeff"
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u2800\u3164\uffa0"
    "\ufe00\ufe01\ufe02\ufe03\ufe04\ufe05\ufe06\ufe07"
    "\ufe08\ufe09\ufe0a\ufe0b\ufe0c\ufe0d\ufe0e\ufe0f"
)
"""Zero-width and text-direction controls, the characters that draw nothing though they
count as letters or symbols (Hangul fillers, the blank Braille pattern, the grapheme
joiner), and the variation selectors (a phone adds U+FE0F to an emoji by itself): dropped
from a name (they can make one name look like another, or a name look empty, or turn the
text around it)."""
UNPRINTABLE_NAME = N_(
    "A name can hold letters, numbers, spaces and symbols, not control characters."
)
TWICE = N_("%(name)s is in the game twice: give each player a different name.")
VISIBLE_CATEGORIES = frozenset("LNPS")
"""A name needs at least one letter, number, punctuation mark or symbol."""


def without_invisible(text: str) -> str:
    """`text` without the `INVISIBLE` characters."""
    return "".join(char for char in text if char not in INVISIBLE)


def clean_name(name: object) -> str:
    """A name with its spaces tidied; refused if not text, empty, too long or unprintable."""
    if not isinstance(name, str):
        raise Malformed("Each player's name must be text.", field="players")
    text.printable(name, UNPRINTABLE_NAME, "players", lines=True)  # spaces tidied below
    cleaned = unicodedata.normalize("NFC", without_invisible(name))
    cleaned = " ".join(cleaned.split())
    if not any(unicodedata.category(char)[0] in VISIBLE_CATEGORIES for char in cleaned):
        raise Invalid("Every player needs a name.", field="players")
    if len(cleaned) > NAME_MAX:
        raise Invalid(
            Nn_(
                "“%(name)s…” is too long: %(num)s character at most.",
                "“%(name)s…” is too long: %(num)s characters at most.",
            ),
            "players",
            name=cleaned[:20],
            num=NAME_MAX,
        )
    return cleaned


PLAYER_COUNT = N_("A game needs %(min)s to %(max)s players: you have %(count)s.")
"""Refuses a game's number of players; it takes `min`, `max` and `count`."""


def check_names(names: object, minimum: int = MIN_PLAYERS, maximum: int = MAX_PLAYERS) -> list[str]:
    """Clean a game's names: 2 to 12 texts, none empty, none twice."""
    if isinstance(names, str | bytes) or not isinstance(names, Sequence):
        raise Malformed("The players must be a list of names.", field="players")
    if wrong_count(len(names), minimum, maximum):
        raise Invalid(
            PLAYER_COUNT,
            field="players",
            min=minimum,
            max=maximum,
            count=len(names),
        )
    for seat, name in enumerate(names):
        if not isinstance(name, str):
            raise Malformed(
                N_("The name of player %(number)s is not text."), field="players", number=seat + 1
            )
    problem = next((p for p in name_problems(names) if p is not None), None)
    if problem is not None:
        raise Invalid(problem.sentence, field="players")
    return [clean_name(name) for name in names]


@dataclass(frozen=True, slots=True)
class NameProblem:
    """What is wrong with one name of a game."""

    name: str
    """The name as typed (tidied when it could be)."""
    sentence: Sentence
    """The reason."""
    twice: bool = False
    """The same player as a name before it."""


def name_problems(names: Sequence[str]) -> list[NameProblem | None]:
    """What is wrong with each name of a game (None for a good one): not a name, or the
    same player as a name before it (`name_key`: case, spacing and look-alikes aside)."""
    seen: set[str] = set()
    problems: list[NameProblem | None] = []
    for name in names:
        try:
            cleaned = clean_name(name)
        except (Invalid, Malformed) as error:
            problems.append(NameProblem(name, error.sentence))
            continue
        key = name_key(cleaned)
        twice = key in seen
        problems.append(
            NameProblem(cleaned, Sentence(TWICE, {"name": cleaned}), True) if twice else None
        )
        seen.add(key)
    return problems


def alphabetical(name: str) -> str:
    """How names are put in order: accents and case aside ("Émilie" beside "Emilie", not
    after "Zoë", as SQL's lower() would have it).

    >>> sorted(["Zoë", "Émilie", "emma", "Eve"], key=alphabetical)
    ['Émilie', 'emma', 'Eve', 'Zoë']
    """
    plain = unicodedata.normalize("NFKD", name.casefold())
    return "".join(char for char in plain if not unicodedata.combining(char))


def wrong_count(count: int, minimum: int = MIN_PLAYERS, maximum: int = MAX_PLAYERS) -> bool:
    """Whether a game of `count` players has too few or too many."""
    return not minimum <= count <= maximum


def find_or_add(names: Sequence[str]) -> list[Player]:
    """The players with these names, adding to the address book the ones it lacks.

    New players are only added to the session: a caller that commits may meet another
    request that added the same new name first (an IntegrityError on `name_key`); it
    should roll back and call this again, which then finds that player.
    """
    keys = [name_key(name) for name in names]
    known = {
        p.name_key: p for p in db.session.scalars(select(Player).where(Player.name_key.in_(keys)))
    }
    players = []
    for name, key in zip(names, keys, strict=True):
        player = known.get(key)
        if player is None:
            player = Player(name=name, name_key=key)
            db.session.add(player)
            known[key] = player
        players.append(player)
    return players


def known_names(limit: int = 24) -> list[str]:
    """Names in the address book, those who played the most games first.

    Players who only ever sat as a digital table's computer player are left out.
    """
    last_played = (
        select(
            GameSeat.player_id,
            func.count().label("games"),
            func.count(GameSeat.bot).label("as_bot"),
        )
        .group_by(GameSeat.player_id)
        .subquery()
    )
    games = func.coalesce(last_played.c.games, 0)
    rows = db.session.execute(
        select(Player.name)
        .outerjoin(last_played, last_played.c.player_id == Player.id)
        .where(or_(games == 0, last_played.c.as_bot < games))
        .order_by(games.desc(), Player.name)
        .limit(limit)
    )
    return [row.name for row in rows]


def email_of(name: str) -> str | None:
    """The address book's email for `name` (for the host's new-table form only)."""
    if text.unprintable(name):  # never asked of the database (PostgreSQL refuses a NUL)
        return None
    found: str | None = db.session.scalar(
        select(Player.email).where(Player.name_key == name_key(name))
    )
    return found
