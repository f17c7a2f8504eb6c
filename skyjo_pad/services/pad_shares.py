"""A score pad game shown on other phones: secret watch and keeper links (issue 23).

A link is a token of 192 random bits, shown once when made; the store keeps only its
SHA-256 digest (`PadShareLink`). A `watch` link reads the sheet and follows it live; a
`keeper` link may also enter, correct and take back rounds, under the pad's usual version
rules. Revoking a link deletes its row and ends the streams opened with it at once.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, select, update

from ..engine import scoring
from ..engine.scoring import RoundResult
from ..extensions import db
from ..models import Game, PadShareLink, utcnow
from . import live
from .errors import N_, Conflict, Forbidden, Invalid, NotFound, Unauthorized
from .sheets import Sheet as Sheet  # the pages name it pad_shares.Sheet
from .sheets import plausible_id, read_sheet
from .streams import release
from .table_policy import TOKEN_MAX, digest
from .transaction import transaction

WATCH, KEEPER = "watch", "keeper"
PAD = "pad"
"""The kind of game a sheet's links and stream are for."""
KINDS = (WATCH, KEEPER)
TOKEN_BYTES = 24
"""Random bytes in a token: 192 bits (API.md asks for at least 128)."""
LINK_ID_MAX = 2**31 - 1
"""The largest link id the store can hold (a larger one names no link)."""
LINKS_MAX = 20
"""Live links one game may have at once."""
NO_LINK = N_("This link to a score sheet is missing, or it was revoked.")
WATCH_ONLY = N_("This link only shows the sheet: ask the scorekeeper for a keeper link.")
NOT_PAD = N_("Only a score pad game can be shown on other phones.")
TOO_MANY = N_("This game already has %(num)s links: revoke one first.")
NO_SUCH_LINK = N_("This game has no such link (it may have been revoked already).")
UNKNOWN_KIND = N_('The kind of link must be "watch" or "keeper".')


@dataclass(frozen=True, slots=True)
class Link:
    """A stored link, without its token: its id, game, kind and when it was made and
    last opened."""

    id: int
    game_id: str
    kind: str
    digest: str
    created_at: datetime
    opened_at: datetime | None

    @property
    def keeper(self) -> bool:
        """Whether the link may enter and correct rounds."""
        return self.kind == KEEPER


@dataclass(frozen=True, slots=True)
class Made:
    """A link just made: the token is in here, and never again."""

    link: Link
    token: str


@dataclass(frozen=True, slots=True)
class StreamStart:
    """Where a sheet's event stream starts: its version, and the key it is counted and
    revoked by (the link's digest, or the game's own key for the sheet's owner)."""

    version: int
    key: str
    link: bool


def _link(row: PadShareLink) -> Link:
    return Link(row.id, row.game_id, row.kind, row.digest, row.created_at, row.opened_at)


def pad_sheet(game_id: str) -> Sheet:
    """The game's sheet, if it is a score pad game (NotFound otherwise: a table has no
    sheet to share, and an online table's id must reveal nothing)."""
    sheet = read_sheet(game_id)
    if not sheet.typed:
        raise NotFound(NOT_PAD)
    return sheet


def last_round(sheet: Sheet) -> RoundResult | None:
    """The engine's answer for the sheet's last round (who closed, doubled or not, and
    why), for the sentence the big screen shows; None before the first round."""
    if not sheet.rounds:
        return None
    last = sheet.rounds[-1]
    return scoring.score_round(last.raw, last.closer, sheet.rules)


@transaction
def make(game_id: str, kind: str) -> Made:
    """Make a new link of `kind` (watch or keeper) to a score pad game."""
    pad_sheet(game_id)
    if kind not in KINDS:
        raise Invalid(UNKNOWN_KIND, field="kind")
    # Links made at the same moment take turns, so none counts before another is written:
    # PostgreSQL by the game's row, SQLite by the write (its lock), taken before the count.
    db.session.execute(select(Game.id).where(Game.id == game_id).with_for_update())
    token = secrets.token_urlsafe(TOKEN_BYTES)
    row = PadShareLink(game_id=game_id, kind=kind, digest=digest(token), created_at=utcnow())
    db.session.add(row)
    db.session.flush()
    count = db.session.scalar(
        select(func.count()).select_from(PadShareLink).where(PadShareLink.game_id == game_id)
    )
    if (count or 0) > LINKS_MAX:
        raise Conflict(TOO_MANY, num=LINKS_MAX)  # the new one is rolled back
    return Made(_link(row), token)


def links(game_id: str) -> list[Link]:
    """The game's live links, the oldest first (NotFound for no such pad game)."""
    pad_sheet(game_id)
    rows = db.session.scalars(
        select(PadShareLink).where(PadShareLink.game_id == game_id).order_by(PadShareLink.id)
    )
    return [_link(row) for row in rows]


@transaction
def revoke(game_id: str, link_id: int) -> Link:
    """Revoke a link: it stops at once, its open streams included (told with the
    commit)."""
    pad_sheet(game_id)
    gone = _delete(game_id, link_id)
    live.revoke(game_id, gone.digest)
    return gone


@transaction
def _delete(game_id: str, link_id: int) -> Link:
    if not 0 < link_id <= LINK_ID_MAX or not plausible_id(game_id):
        raise NotFound(NO_SUCH_LINK)
    row = db.session.scalar(
        select(PadShareLink).where(PadShareLink.id == link_id, PadShareLink.game_id == game_id)
    )
    if row is None:
        raise NotFound(NO_SUCH_LINK)
    gone = _link(row)
    db.session.execute(delete(PadShareLink).where(PadShareLink.id == link_id))
    return gone


def find(token: str | None) -> Link | None:
    """The live link `token` opens, if any (nothing is written)."""
    if not token or len(token) > TOKEN_MAX:
        return None
    row = db.session.scalar(select(PadShareLink).where(PadShareLink.digest == digest(token)))
    return None if row is None else _link(row)


def allowed(game_id: str, token: str | None, keeper: bool = False) -> Link:
    """The link `token` opens at `game_id`: 401 when it opens nothing there, 403 when a
    keeper link is needed and this one only watches."""
    found = find(token)
    if found is None or found.game_id != game_id:
        raise Unauthorized(NO_LINK)
    if keeper and not found.keeper:
        raise Forbidden(WATCH_ONLY)
    return found


@transaction
def opened(link_id: int) -> None:
    """Note that a phone opened the link's page (a use case of its own: reading a link
    writes nothing)."""
    db.session.execute(
        update(PadShareLink).where(PadShareLink.id == link_id).values(opened_at=utcnow())
    )


def stream_start(game_id: str, token: str | None) -> StreamStart:
    """The version a sheet's stream starts from; with a token, the link must open this
    game (401), without one the caller is the sheet's owner (already let in). NotFound for
    no such game. The connection is given back before the stream waits."""
    try:
        key = f"pad:{game_id}"
        if token is not None:
            key = allowed(game_id, token).digest
        row = (
            db.session.execute(select(Game.version, Game.kind).where(Game.id == game_id)).first()
            if plausible_id(game_id)
            else None
        )
        if row is None:
            raise NotFound("There is no game with that id.")
        if row.kind != PAD:  # a digital table's game has its own stream (and its own links)
            raise NotFound(NOT_PAD)
        return StreamStart(int(row.version), key, token is not None)
    finally:
        release()
