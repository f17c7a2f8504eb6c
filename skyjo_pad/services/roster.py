"""The address book: list, add, rename, give an email, merge two entries of one person.

A player's games point at the player's id, so renaming keeps the whole history, and a
merge moves one entry's seats onto the other before the duplicate is removed.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import force_locale, get_babel, gettext
from sqlalchemy import and_, case, func, or_, select, update
from sqlalchemy.orm import aliased

from ..extensions import db
from ..models import EMAIL_MAX, Game, GameSeat, Player, held_by_a_person, name_key
from . import ratings, text
from .errors import N_, Conflict, Invalid, NotFound
from .players import alphabetical, clean_name
from .retry import retried
from .transaction import transaction

EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
MAILABLE = re.compile(
    r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}"
)
"""An address an invitation is sent to: plain ASCII, as every mail server reads it (one
in the address book may be looser: it is kept as it was typed)."""
NOT_AN_EMAIL = N_("That does not look like an email address (like ann@example.com).")
A_PERSONS_NAME = N_(
    "%(name)s is a person in the address book: give the computer player another name, "
    "or leave its name blank."
)
HAS_GAMES = N_(
    "%(name)s has played: their games keep them in the address book. If it is the same "
    "person as another entry, merge the two."
)
A_COMPUTERS_NAME = N_("%(name)s is a computer player's name: give this person another name.")
ANOTHER_LEVEL = N_(
    "%(name)s is the name of another level's computer player: give this one another name, "
    "or leave its name blank."
)
DEALT_TO_ANOTHER = N_(
    "its record deals seat %(seat)s to %(dealt)s, the game gives it to %(name)s: a computer "
    "player's seat is never another player's."
)
KEEPS_ITS_NAME = N_(
    "%(name)s is the name new tables give this computer player: it keeps it, so that its "
    "games stay together."
)
COMPUTER_NAMES = {
    "easy": N_("Easy bot"),
    "medium": N_("Medium bot"),
    "hard": N_("Hard bot"),
    "expert": N_("Expert bot"),
}
"""What a computer seat left blank is named, in the reader's language ("Svår dator"),
then "… 2", "… 3" while taken: never a person's name, in any language."""
NUMBERED = re.compile(r" \d+$")


@dataclass(frozen=True, slots=True)
class Entry:
    """A line of the address book."""

    id: int
    name: str
    email: str | None
    games: int
    wins: int
    computer: bool


def entries(computers: bool = False) -> list[Entry]:
    """Everyone in the address book by name, with games and wins; people only by default."""
    counts, games, computer = _seat_counts()
    query = select(Player.id, Player.name, Player.email, games, counts.c.wins, computer).outerjoin(
        counts, counts.c.player_id == Player.id
    )
    if not computers:
        query = query.where(~computer)
    found = [
        Entry(row[0], row[1], row[2], int(row[3]), int(row[4] or 0), bool(row[5]))
        for row in db.session.execute(query)
    ]
    return sorted(found, key=lambda entry: (alphabetical(entry.name), entry.id))


def check_seat_kinds(names: Sequence[str], bots: Sequence[str | None]) -> None:
    """Refuse a person seated under a computer player's name ("Hard bot", what a computer
    seat left blank is named, or the name a host gave one: "Robo"), or a computer player
    under the name of a person of the address book (one who played as a person, or was
    added by hand): each keeps a record of its own games."""
    for name, bot in zip(names, bots, strict=True):
        if bot is None and is_computer_name(name):
            raise Invalid(A_COMPUTERS_NAME, "players", name=name)
    check_computer_levels(names, bots)
    people = {name_key(name): name for name, bot in zip(names, bots, strict=True) if bot is None}
    machines = {
        name_key(name): name
        for name, bot in zip(names, bots, strict=True)
        if bot is not None and not is_computer_name(name)
    }
    counts, _games, computer = _seat_counts()
    clash = db.session.execute(
        select(Player.name_key, computer)
        .outerjoin(counts, counts.c.player_id == Player.id)
        .where(
            or_(
                and_(Player.name_key.in_(machines), ~computer),
                and_(Player.name_key.in_(people), computer),
            )
        )
        .limit(1)
    ).first()
    if clash is None:
        return
    key, is_a_computer = clash
    if is_a_computer:
        raise Invalid(A_COMPUTERS_NAME, "players", name=people[key])
    raise Invalid(A_PERSONS_NAME, "players", name=machines[key])


def computers_among(names: set[str]) -> set[str]:
    """The name keys of `names` that are computer players' entries of the address book."""
    keys = sorted({name_key(name) for name in names})
    counts, _games, computer = _seat_counts()
    found: set[str] = set()
    for start in range(0, len(keys), 500):
        found |= set(
            db.session.scalars(
                select(Player.name_key)
                .outerjoin(counts, counts.c.player_id == Player.id)
                .where(Player.name_key.in_(keys[start : start + 500]), computer)
            )
        )
    return found


def free_name(base: str, used: set[str]) -> str:
    """`base`, or `base 2`, `base 3` … whichever nobody at the table has yet (`used`:
    the table's names so far, casefolded; the one chosen is added)."""
    name, n = base, 1
    while name.casefold() in used:
        n += 1
        name = f"{base} {n}"
    used.add(name.casefold())
    return name


def check_computer_levels(names: Sequence[str], bots: Sequence[str | None]) -> None:
    """Refuse a computer seat under another level's own name (an easy one named "Hard
    bot"): that name keeps the record of the level it names."""
    for name, bot in zip(names, bots, strict=True):
        level = computer_level(name)
        if bot is not None and level is not None and level != bot:
            raise Invalid(ANOTHER_LEVEL, "players", name=name)


def check_seat_names(names: Sequence[str], bots: Sequence[str | None]) -> None:
    """Refuse a person under a computer player's name (the name keeps the computer's
    record), and a computer under another level's."""
    for name, bot in zip(names, bots, strict=True):
        if bot is None and is_computer_name(name):
            raise Invalid(A_COMPUTERS_NAME, name=name)
    check_computer_levels(names, bots)


def check_dealt_seats(
    dealt: Sequence[str], names: Sequence[str], bots: Sequence[str | None]
) -> None:
    """Refuse a game whose record dealt a seat to a computer player and whose seats give it
    to a person or to another level, or the other way round (a hand-edited file: its
    results would go to another player)."""
    for seat, (was, name, bot) in enumerate(zip(dealt, names, bots, strict=True), start=1):
        level = computer_level(was)
        if (level is not None and level != bot) or computer_level(name) not in (None, level):
            raise Invalid(DEALT_TO_ANOTHER, "players", seat=seat, dealt=was, name=name)


def is_computer_name(name: str) -> bool:
    """Whether `name` is a computer player's own (`COMPUTER_NAMES`, in any language, with
    or without its number)."""
    return computer_level(name) is not None


def computer_level(name: str) -> str | None:
    """The level whose own name `name` is (`COMPUTER_NAMES`, in any language, with or
    without its number: "Svår dator 2" is "hard"), or None."""
    return _every_computer_name().get(NUMBERED.sub("", " ".join(name.split())).casefold())


@functools.cache
def _every_computer_name() -> dict[str, str]:
    """`COMPUTER_NAMES` in every language of the app, casefolded, with their levels."""
    levels = {name.casefold(): level for level, name in COMPUTER_NAMES.items()}
    for language in get_babel().instance.list_translations():  # the app's, from its catalogues
        with force_locale(str(language)):
            levels |= {gettext(name).casefold(): lvl for lvl, name in COMPUTER_NAMES.items()}
    return levels


def _seat_counts() -> tuple[Any, Any, Any]:
    """Each player's games and wins (a subquery by `player_id`), with the expressions of
    their number of games and of whether they are a computer player's entry: one that only
    ever sat where a computer played, and never at a seat with a link of its own (a person
    whose seat the host handed to a computer player had one)."""
    counts = (
        select(
            GameSeat.player_id,
            func.count().label("games"),
            func.sum(case((GameSeat.place == 1, 1), else_=0)).label("wins"),
            func.sum(case((held_by_a_person(), 1), else_=0)).label("as_person"),
        )
        .group_by(GameSeat.player_id)
        .subquery()
    )
    games = func.coalesce(counts.c.games, 0)
    return counts, games, (games > 0) & (func.coalesce(counts.c.as_person, 0) == 0)


def names() -> list[tuple[int, str]]:
    """(id, name) of everyone in the address book, by name (for choosing one)."""
    rows = db.session.execute(select(Player.id, Player.name))
    return sorted(((row.id, row.name) for row in rows), key=lambda r: (alphabetical(r[1]), r[0]))


def merge_choices(player_id: int) -> list[tuple[int, str]]:
    """(id, name) of the entries `player_id` may be merged with: the other people, or for
    a computer player the other computer players' entries."""
    player = get(player_id)  # NotFound for no such entry
    everyone = entries(computers=True)
    computer = {entry.id: entry.computer or is_computer_name(entry.name) for entry in everyone}
    level = computer_level(player.name)  # a level's own name takes no other level's games
    elsewhere = set(
        db.session.scalars(
            select(GameSeat.player_id)
            .where(GameSeat.bot.is_not(None), GameSeat.bot != level)
            .distinct()
        )
        if level
        else ()
    )
    return [
        (entry.id, entry.name)
        for entry in everyone
        if entry.id != player_id
        and computer[entry.id] == computer[player_id]
        and entry.id not in elsewhere
    ]


def _check_one_level(keep: Player, drop: Player) -> None:
    """Refuse a merge that would put another level's games under a level's own name
    ("Hard bot" taking the medium computer's): each level keeps a record of its own."""
    level = computer_level(keep.name)
    if level is None:
        return
    other = db.session.scalar(
        select(GameSeat.bot)
        .where(GameSeat.player_id == drop.id, GameSeat.bot.is_not(None), GameSeat.bot != level)
        .limit(1)
    )
    if other is not None:
        raise Conflict(
            "%(name)s keeps the games of its own level, and %(other)s played at another: "
            "not merged.",
            field="other",
            name=keep.name,
            other=drop.name,
        )


def is_computer(player: Player) -> bool:
    """Whether the entry is a computer player's: under a computer player's own name, or
    one that only ever played as a computer player."""
    if is_computer_name(player.name):
        return True
    games, as_person = db.session.execute(
        select(func.count(), func.sum(case((held_by_a_person(), 1), else_=0))).where(
            GameSeat.player_id == player.id
        )
    ).one()
    return bool(games) and not as_person


def get(player_id: int) -> Player:
    """A player, or NotFound."""
    valid = isinstance(player_id, int) and 0 < player_id < 2**31
    player = db.session.get(Player, player_id) if valid else None
    if player is None:
        raise NotFound("There is no such player.")
    return player


def clean_email(email: object) -> str | None:
    """An email address tidied, or None for none; refused if it cannot be one."""
    if email is None:
        return None
    if not isinstance(email, str):
        raise Invalid("The email address must be text.", field="email")
    email = text.printable(email, NOT_AN_EMAIL, "email", lines=True).strip()
    if not email:
        return None
    if len(email) > EMAIL_MAX or not EMAIL.fullmatch(email):
        raise Invalid(NOT_AN_EMAIL, "email")
    return email


def mailable_email(email: object) -> str | None:
    """`clean_email`, and an address a mail can be sent to as it is written: no display
    name, no encoded word (the sender would decode it into another address)."""
    address = clean_email(email)
    if address is not None and (not MAILABLE.fullmatch(address) or "=?" in address):
        raise Invalid(NOT_AN_EMAIL, "email")
    return address


@transaction
def add(name: object, email: object = None) -> Player:
    """Add a person to the address book (never under a computer player's own name)."""
    cleaned = clean_name(name)
    if is_computer_name(cleaned):
        raise Invalid(A_COMPUTERS_NAME, "name", name=cleaned)
    address = clean_email(email)
    known = db.session.scalar(select(Player.name).where(Player.name_key == name_key(cleaned)))
    if known is not None:
        raise Conflict("%(name)s is already in the address book.", field="name", name=known)
    player = Player(name=cleaned, name_key=name_key(cleaned), email=address)
    db.session.add(player)
    db.session.flush()  # its id, for the caller
    return player


@transaction
def update_player(player_id: int, name: object, email: object) -> Player:
    """Rename a player and set their email; every game they played keeps them."""
    player = get(player_id)
    cleaned = clean_name(name)
    if is_computer_name(cleaned) and not is_computer_name(player.name):  # a person stays one
        raise Invalid(A_COMPUTERS_NAME, "name", name=cleaned)
    if is_computer_name(player.name) and name_key(cleaned) != player.name_key:
        raise Invalid(KEEPS_ITS_NAME, "name", name=player.name)
    address = clean_email(email)
    key = name_key(cleaned)
    other = db.session.scalar(select(Player).where(Player.name_key == key, Player.id != player.id))
    if other is not None:
        raise Conflict(
            "%(name)s is already in the address book. If they are the same person, "
            "merge the two instead.",
            field="name",
            name=other.name,
        )
    player.name, player.name_key, player.email = cleaned, key, address
    return player


@transaction
def remove(player_id: int) -> str:
    """Take out of the address book an entry that never played (a typo, say); its name.
    Refused once it has a game: its games keep it (merge it into the right entry)."""
    player = get(player_id)
    played = db.session.scalar(select(GameSeat.game_id).where(GameSeat.player_id == player.id))
    if played is not None:
        raise Conflict(HAS_GAMES, name=player.name)
    name = player.name
    db.session.delete(player)
    return name


def merge(keep_id: int, drop_id: int) -> Player:
    """Make `drop_id`'s games `keep_id`'s and remove the duplicate entry.

    Refused when both sat at one game: then they are two people. Should another merge of
    either entry be made at the same moment, this one looks again (and says what it finds:
    an entry gone, say).
    """
    return retried(lambda: _merge(keep_id, drop_id))


@transaction
def _merge(keep_id: int, drop_id: int) -> Player:
    keep, drop = mergeable(keep_id, drop_id)
    db.session.execute(
        update(GameSeat).where(GameSeat.player_id == drop.id).values(player_id=keep.id)
    )
    if not keep.email and drop.email:
        keep.email = drop.email
    db.session.delete(drop)
    ratings.mark_stale()
    return keep


def mergeable(keep_id: int, drop_id: int) -> tuple[Player, Player]:
    """The two entries `merge` would join, or its refusal (before anyone confirms it)."""
    keep, drop = get(keep_id), get(drop_id)
    if keep.id == drop.id:
        raise Invalid("Choose two different entries to merge.", field="other")
    if is_computer(keep) != is_computer(drop):
        computer, person = (keep, drop) if is_computer(keep) else (drop, keep)
        raise Conflict(
            "%(computer)s is a computer player and %(person)s a person: not merged.",
            field="other",
            computer=computer.name,
            person=person.name,
        )
    _check_one_level(keep, drop)
    a, b = aliased(GameSeat), aliased(GameSeat)
    shared = db.session.execute(
        select(Game.created_at)
        .join(a, a.game_id == Game.id)
        .join(b, b.game_id == Game.id)
        .where(a.player_id == keep.id, b.player_id == drop.id)
        .order_by(Game.created_at.desc())
        .limit(1)
    ).first()
    if shared is not None:
        raise Conflict(
            "%(name)s and %(other)s played in the same game "
            "(on %(day)s), so they are two people: not merged.",
            field="other",
            name=keep.name,
            other=drop.name,
            day=shared[0].date(),
        )
    return keep, drop
