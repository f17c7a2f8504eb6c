"""The history: every game, score pad and digital alike, newest first, and one game's page.

Lists are filtered and paginated in SQL; a page reads only its own games' seat summaries
(see `summaries`), never the rounds of the whole history.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

from sqlalchemy import Select, exists, func, or_, select, update
from sqlalchemy.orm.exc import StaleDataError

from ..extensions import db
from ..models import (
    ABANDONED,
    FINISHED,
    NOTES_MAX,
    PLACE_MAX,
    PLAYING,
    Game,
    GameSeat,
    Player,
    TableState,
)
from . import live, pad, ratings
from .errors import N_, Invalid, Nn_, NotFound, Plural
from .players import alphabetical, without_invisible
from .retry import retried
from .text import printable
from .transaction import transaction

PER_PAGE = 20
KINDS = {"pad": "Score pad", "table": "Digital table"}
STATUSES = {"finished": "Finished", "unfinished": "Not finished"}
"""The filters' labels, in English: the page shows them through the catalogues."""
PAGE_MAX = 100_000
TEXT_ONLY = {"notes": N_("The notes must be text."), "place": N_("The place must be text.")}
PRINTABLE_ONLY = {
    "notes": N_("The notes can hold letters, numbers and symbols, not control characters."),
    "place": N_("The place can hold letters, numbers and symbols, not control characters."),
}
TOO_LONG: dict[str, Plural] = {
    "notes": Nn_(
        "The notes are too long: %(num)s character at most.",
        "The notes are too long: %(num)s characters at most.",
    ),
    "place": Nn_(
        "The place is too long: %(num)s character at most.",
        "The place is too long: %(num)s characters at most.",
    ),
}
"""A game's notes or place refused, a sentence for each."""
Q = TypeVar("Q", bound=Select)  # type: ignore[type-arg]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Filters:
    """What the history list is narrowed to (None: no filter)."""

    player: int | None = None
    since: date | None = None
    until: date | None = None
    kind: str | None = None
    status: str | None = None
    page: int = 1
    zone: str | None = None
    """The phone's time zone (IANA), whose calendar days `since` and `until` are: the days
    the list shows its games on (None: UTC's, as a page without scripts shows them)."""

    def args(self, **changes: Any) -> dict[str, str]:
        """The query string of these filters (with `changes`), for links."""
        current = replace(self, **changes)
        values = {
            "player": current.player,
            "from": current.since.isoformat() if current.since else None,
            "to": current.until.isoformat() if current.until else None,
            "kind": current.kind,
            "status": current.status,
            "page": current.page if current.page != 1 else None,
            "tz": current.zone,
        }
        return {key: str(value) for key, value in values.items() if value is not None}

    @property
    def active(self) -> bool:
        """Whether any filter narrows the list."""
        chosen = (self.player, self.since, self.until, self.kind, self.status)
        return any(value is not None for value in chosen)  # player 0 is chosen too


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One player of a game in a list."""

    player_id: int
    name: str
    total: int
    place: int | None
    bot: str | None


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game in the history list."""

    id: str
    kind: str
    created_at: datetime
    status: str
    """finished, playing or abandoned."""
    rounds: int
    seats: tuple[SeatLine, ...]
    place: str | None

    @property
    def winners(self) -> tuple[SeatLine, ...]:
        """The seats that won (ties share), once finished."""
        return tuple(s for s in self.seats if s.place == 1)


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """One page of the history."""

    games: tuple[GameLine, ...]
    total: int
    page: int
    pages: int
    filters: Filters


@dataclass(frozen=True, slots=True)
class GameDetail:
    """A game's page: its sheet, its seats' summaries and what the history adds."""

    sheet: pad.Sheet
    status: str
    notes: str | None
    place: str | None
    bots: tuple[str | None, ...]
    player_ids: tuple[int, ...]
    cleared: tuple[int | None, ...]
    has_state: bool
    """A digital game whose table is kept (replay); an imported unfinished one has none."""
    has_record: bool
    finished_at: datetime | None


def parse_filters(args: Mapping[str, str]) -> Filters:
    """Filters from a query string; a value that cannot be read is refused in words."""
    filters, problems = _read_filters(args)
    if problems:
        raise problems[0]
    return filters


def filters_still_readable(args: Mapping[str, str]) -> Filters:
    """The filters of a refused query string with each value that can be read kept, so
    that the form shows them again (days in the wrong order match no game)."""
    return _read_filters(args)[0]


def _read_filters(args: Mapping[str, str]) -> tuple[Filters, list[Invalid]]:
    problems: list[Invalid] = []

    def read(parse: Callable[[], T]) -> T | None:
        try:
            return parse()
        except Invalid as problem:
            problems.append(problem)
            return None

    player = read(
        lambda: _whole(
            args.get("player"),
            N_("The player must be a whole number."),
            N_("There is no such player."),
            "player",
        )
    )
    page = read(lambda: _page(args.get("page")))
    since = read(
        lambda: _date(args.get("from"), N_("The first day must be a date like 2026-05-31."))
    )
    until = read(lambda: _date(args.get("to"), N_("The last day must be a date like 2026-05-31.")))
    if since and until and since > until:
        problems.append(Invalid("The first day comes after the last day: swap them.", field="from"))
    kind = read(lambda: _choice(args.get("kind"), KINDS, CHOOSE_KIND, "kind"))
    status = read(lambda: _choice(args.get("status"), STATUSES, CHOOSE_STATUS, "status"))
    return Filters(player, since, until, kind, status, page or 1, _zone(args.get("tz"))), problems


ZONE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_+\-]*(/[A-Za-z0-9_+\-]+){0,2}")


def _zone(name: str | None) -> str | None:
    """A time zone the server knows by that name, else None (the days are UTC's): a phone
    sends its own, never a reader's typing, so an odd one is not worth a refusal."""
    if not name or len(name) > 64 or not ZONE_NAME.fullmatch(name):
        return None
    try:
        ZoneInfo(name)
    except (ValueError, OSError, KeyError):  # unknown, or no time zone database here
        return None
    return name


def _day_start(day: date, zone: str | None) -> datetime:
    """When `day` begins in `zone`, as the store keeps times (UTC, without a zone)."""
    local = datetime.combine(day, time.min, tzinfo=ZoneInfo(zone) if zone else UTC)
    try:
        return local.astimezone(UTC).replace(tzinfo=None)
    except OverflowError:  # the first day there is, in a zone ahead of UTC
        return datetime.min


CHOOSE_KIND = N_("Choose the score pad, digital tables or both.")
CHOOSE_STATUS = N_("Choose finished games, games not finished, or both.")
NO_PAGE = N_("There is no such page.")


def _page(text: str | None) -> int:
    page = _whole(text, N_("The page number must be a whole number from 1."), NO_PAGE, "page")
    if page is not None and not 1 <= page <= PAGE_MAX:
        raise Invalid(NO_PAGE, field="page")
    return page or 1


def _choice(text: str | None, known: Mapping[str, str], problem: str, field: str) -> str | None:
    if text and text not in known:
        raise Invalid(problem, field=field)
    return text or None


def _whole(text: str | None, problem: str, none_such: str, field: str) -> int | None:
    """The number typed, or None; `problem` if it is not one, `none_such` past 9 digits
    (no player or page has such a number)."""
    if text is None or text == "":
        return None
    if not (text.isascii() and text.isdigit()):
        raise Invalid(problem, field=field)
    if len(text) > 9:
        raise Invalid(none_such, field=field)
    return int(text)


def _date(text: str | None, sentence: str) -> date | None:
    if not text:
        return None
    problem = Invalid(sentence, field="date")
    if len(text) != 10:
        raise problem
    try:
        return date.fromisoformat(text)
    except ValueError as error:
        raise problem from error


def _filtered(query: Q, filters: Filters) -> Q:
    """`query` over games, narrowed by the filters."""
    if filters.player is not None:
        seated = select(GameSeat.game_id).where(GameSeat.player_id == filters.player)
        query = query.where(Game.id.in_(seated))
    if filters.since is not None:
        query = query.where(Game.created_at >= _day_start(filters.since, filters.zone))
    if filters.until is not None and filters.until < date.max:  # the last day there is: none
        next_day = _day_start(filters.until + timedelta(days=1), filters.zone)
        query = query.where(Game.created_at < next_day)
    if filters.kind is not None:
        query = query.where(Game.kind == filters.kind)
    if filters.status is not None:
        abandoned = select(TableState.game_id).where(TableState.status == ABANDONED)
        decided = Game.finished.is_(True) & Game.id.not_in(abandoned)
        query = query.where(decided if filters.status == "finished" else ~decided)
    return query


def history(filters: Filters, per_page: int = PER_PAGE) -> HistoryPage:
    """One page of games, newest first, narrowed by `filters`."""
    total = db.session.scalar(_filtered(select(func.count()).select_from(Game), filters)) or 0
    pages = max(1, -(-total // per_page))
    page = min(filters.page, pages)
    rows = db.session.execute(
        _filtered(
            select(
                Game.id, Game.kind, Game.created_at, Game.finished, Game.place, TableState.status
            ).outerjoin(TableState, TableState.game_id == Game.id),
            filters,
        )
        .order_by(Game.created_at.desc(), Game.id.desc())
        .limit(per_page)
        .offset((page - 1) * per_page)
    ).all()
    seats = _seat_lines([row.id for row in rows])
    games = []
    for row in rows:
        lines = seats.get(row.id, [])
        rounds = lines[0][1] if lines else 0
        games.append(
            GameLine(
                id=row.id,
                kind=row.kind,
                created_at=row.created_at,
                status=_status(row.finished, row.status, [s for s, _r in lines]),
                rounds=rounds,
                seats=tuple(s for s, _r in lines),
                place=row.place,
            )
        )
    return HistoryPage(tuple(games), total, page, pages, replace(filters, page=page))


def _status(finished: bool, table_status: str | None, seats: list[SeatLine]) -> str:
    if table_status == ABANDONED:
        return ABANDONED
    if finished and any(s.place is not None for s in seats):
        return FINISHED
    return PLAYING


def _seat_lines(game_ids: list[str]) -> dict[str, list[tuple[SeatLine, int]]]:
    """The seats of these games in seat order, each with the game's round count."""
    found: dict[str, list[tuple[SeatLine, int]]] = defaultdict(list)
    if not game_ids:
        return found
    rows = db.session.execute(
        select(
            GameSeat.game_id,
            GameSeat.player_id,
            Player.name,
            GameSeat.total,
            GameSeat.place,
            GameSeat.bot,
            GameSeat.rounds,
        )
        .join(Player, Player.id == GameSeat.player_id)
        .where(GameSeat.game_id.in_(game_ids))
        .order_by(GameSeat.game_id, GameSeat.seat)
    )
    for row in rows:
        line = SeatLine(row.player_id, row.name, row.total, row.place, row.bot)
        found[row.game_id].append((line, row.rounds))
    return found


def game(game_id: str) -> GameDetail:
    """A game's page data, or NotFound."""
    sheet = pad.get_sheet(game_id)
    row = db.session.get(Game, game_id)
    assert row is not None
    state = db.session.get(TableState, game_id) if row.kind == "table" else None
    seats = db.session.execute(
        select(GameSeat.bot, GameSeat.player_id, GameSeat.cleared, GameSeat.place)
        .where(GameSeat.game_id == game_id)
        .order_by(GameSeat.seat)
    ).all()
    status = ABANDONED if state is not None and state.status == ABANDONED else None
    lines = [SeatLine(s.player_id, "", 0, s.place, s.bot) for s in seats]
    return GameDetail(
        sheet=sheet,
        status=status or _status(row.finished, None, lines),
        notes=row.notes,
        place=row.place,
        bots=tuple(s.bot for s in seats),
        player_ids=tuple(s.player_id for s in seats),
        cleared=tuple(s.cleared for s in seats),
        has_state=state is not None,
        has_record=state is not None and state.status != PLAYING,
        finished_at=row.finished_at,
    )


@transaction
def set_notes(game_id: str, notes: object, place: object) -> None:
    """Keep a game's notes and place (empty text clears them)."""
    row = _load(game_id)
    values = {"notes": clean_text(notes, "notes"), "place": clean_text(place, "place")}
    # A plain UPDATE: the notes are not play, so the game's version (a table's) stays.
    db.session.execute(
        update(Game).where(Game.id == row.id).values(**values),
        execution_options={"synchronize_session": False},
    )


def clean_text(value: object, which: str) -> str | None:
    """Tidy a game's notes or place (as a name: no direction controls); refuse the rest."""
    multiline = which == "notes"
    limit = NOTES_MAX if multiline else PLACE_MAX
    if value is None:
        return None
    if not isinstance(value, str):
        raise Invalid(TEXT_ONLY[which], field="notes")
    text = without_invisible(printable(value, PRINTABLE_ONLY[which], "notes", lines=multiline))
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    if not multiline:
        text = " ".join(text.split())
    if len(text) > limit:
        raise Invalid(TOO_LONG[which], field="notes", num=limit)
    return text or None


def delete(game_id: str) -> None:
    """Delete a game for good: its rounds, its table and its record go with it. A round
    saved at the same moment (a new version of the game) does not stop it."""
    retried(lambda: _delete(game_id), clash=lambda error: isinstance(error, StaleDataError))


@transaction
def _delete(game_id: str) -> None:
    row = _load(game_id)
    state = db.session.get(TableState, game_id)
    if state is not None:
        db.session.delete(state)
    if row.finished_at is not None:
        ratings.mark_stale()  # the ratings are replayed without it
    version = row.version
    db.session.delete(row)
    # once it is gone, the phones following it stop (issue 23)
    live.announce(game_id, version + 1, closed=True)


def _load(game_id: str) -> Game:
    row = db.session.get(Game, game_id) if _plausible(game_id) else None
    if row is None:
        raise NotFound("There is no game with that id.")
    return row


def _plausible(game_id: object) -> bool:
    return isinstance(game_id, str) and 0 < len(game_id) <= 10 and game_id.isalnum()


def players_for_filter(chosen: int | None = None) -> list[tuple[int, str]]:
    """(id, name) of every player who sat at a game, by name, for the player filter, and
    the `chosen` one's even with no game (so the filter shows whom it is on)."""
    rows = db.session.execute(
        select(Player.id, Player.name).where(
            or_(exists().where(GameSeat.player_id == Player.id), Player.id == chosen)
        )
    )
    return sorted(((row.id, row.name) for row in rows), key=lambda r: (alphabetical(r[1]), r[0]))
