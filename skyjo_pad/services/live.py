"""Telling open event streams that their table moved, across worker processes.

Every open stream is a `Subscription` in this process's `HUB`, filed under its table.
`announce` (called by the services once a move is committed) wakes only the streams of
that table; `revoke` ends the streams opened with one token. A subscription is woken by
the function its stream gave: an asyncio stream hands the wake-up to its event loop
(`loop.call_soon_threadsafe`), a stream served by a plain WSGI server sets a
`threading.Event`. Nothing here holds a database connection while a stream waits.

On PostgreSQL each announcement is also a `NOTIFY`; each server process keeps ONE
listening connection (`listen`, an asyncio task on the process's event loop) that
feeds the hub of its process, so a move made through one worker reaches the streams of
every other. On SQLite there is one process, and the hub alone does it.

Payloads on the channel: `<game_id> <version>`, `<game_id> <version> closed` and
`<game_id> revoke <token digest>`.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy import text

from ..extensions import db
from .errors import Nn_, ServiceError
from .transaction import after_commit, transaction

CHANNEL = "skyjo_tables"
RECONNECT_SECONDS = 1.0
"""How long a lost PostgreSQL listener waits before it connects again."""
log = logging.getLogger(__name__)

TOO_MANY_FOR_LINK = Nn_(
    "This link already has %(num)s live connection open: close the table in another tab "
    "or on another phone, then try again.",
    "This link already has %(num)s live connections open: close the table in another tab "
    "or on another phone, then try again.",
)
TOO_MANY_FROM_HERE = Nn_(
    "Too many live connections from this network just now (%(num)s): close a table and "
    "try again in a minute.",
    "Too many live connections from this network just now (%(num)s): close some tables "
    "and try again in a minute.",
)


class TooManyStreams(ServiceError):
    """One more stream would pass a cap (per token, or per client address)."""

    status = 429


@dataclass(eq=False)
class Subscription:
    """One open stream: its table, the token it was opened with, and what it was told.

    `latest` is the newest version announced for the table since the stream subscribed;
    `ending` says why it must stop ("closed": the table is over, "revoked": its token was
    replaced or revoked, "gone": the client left, "resync": this process may have missed
    an announcement); `wake` tells its stream to look.

    A stream that pushes its token's answers (`answers`) also knows whose answer that is:
    the token's `role` and `seat` (as its opening found them), the reader's `locale`, and
    `answered`, the version of the last answer it pushed."""

    game_id: str
    digest: str
    address: str
    seen: int = 0
    latest: int = 0
    ending: str | None = None
    wake: Callable[[], None] = field(default=lambda: None)
    answers: bool = False
    role: str = ""
    seat: int | None = None
    locale: str = "en"
    answered: int = 0


class Hub:
    """This process's open streams, by table, with their counts per token and address."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tables: dict[str, set[Subscription]] = {}
        self._per_token: Counter[str] = Counter()
        self._per_address: Counter[str] = Counter()

    def subscribe(
        self, game_id: str, digest: str, address: str, per_token: int, per_address: int
    ) -> Subscription:
        """File a new stream under its table, or refuse it (429) past a cap."""
        with self._lock:
            if self._per_token[digest] >= per_token:
                raise TooManyStreams(TOO_MANY_FOR_LINK, num=per_token)
            if self._per_address[address] >= per_address:
                raise TooManyStreams(TOO_MANY_FROM_HERE, num=per_address)
            subscription = Subscription(game_id, digest, address)
            self._tables.setdefault(game_id, set()).add(subscription)
            self._per_token[digest] += 1
            self._per_address[address] += 1
            return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        """Forget a stream that ended (safe to call twice)."""
        with self._lock:
            streams = self._tables.get(subscription.game_id)
            if streams is None or subscription not in streams:
                return
            streams.discard(subscription)
            if not streams:
                del self._tables[subscription.game_id]
            for counts, key in (
                (self._per_token, subscription.digest),
                (self._per_address, subscription.address),
            ):
                counts[key] -= 1
                if counts[key] <= 0:
                    del counts[key]

    def post(self, game_id: str, version: int, closed: bool = False) -> None:
        """The table is at `version` (and over, if `closed`): wake its streams only."""
        for subscription in self._of(game_id):
            if version > subscription.latest:
                subscription.latest = version
            if closed and subscription.ending is None:
                subscription.ending = "closed"
            subscription.wake()

    def revoke(self, game_id: str, digest: str) -> None:
        """End the table's streams opened with the token of `digest`."""
        for subscription in self._of(game_id):
            if subscription.digest == digest:
                subscription.ending = "revoked"
                subscription.wake()

    def end_all(self, why: str) -> None:
        """End every open stream of this process (they reconnect and start afresh): each
        one not ending already is woken once, however often this is asked (a stopping
        server asks once per connection)."""
        for subscription in self.open_streams():
            if subscription.ending is None:
                subscription.ending = why
                subscription.wake()

    def open_streams(self) -> list[Subscription]:
        """Every open stream of this process (for the heartbeat's "seat online")."""
        with self._lock:
            return [s for streams in self._tables.values() for s in streams]

    def count(self, game_id: str | None = None) -> int:
        """Open streams of one table, or of the process."""
        with self._lock:
            if game_id is not None:
                return len(self._tables.get(game_id, ()))
            return sum(len(streams) for streams in self._tables.values())

    def _of(self, game_id: str) -> list[Subscription]:
        with self._lock:
            return list(self._tables.get(game_id, ()))


HUB = Hub()


@transaction
def announce(game_id: str, version: int, *, closed: bool = False) -> None:
    """Tell every stream of `game_id` that its version is now `version`: part of the
    running use case's transaction (its own, when none runs). On PostgreSQL a NOTIFY
    tells the other processes, with the commit; this process's streams are told once it
    committed. `closed`: the table is over (finished or abandoned), so its streams end
    once told."""
    announce_at_commit(game_id, version, closed=closed)
    after_commit(lambda: told(game_id, version, closed=closed))


def announce_at_commit(game_id: str, version: int, *, closed: bool = False) -> None:
    """Like `announce`, in two halves around the caller's own commit: call this inside the
    transaction (on PostgreSQL the NOTIFY goes out with the commit, in commit order, and
    not at all if it fails), then `told` once it committed (this process's streams)."""
    _notify(f"{game_id} {version}{' closed' if closed else ''}")


def told(game_id: str, version: int, *, closed: bool = False) -> None:
    """Wake this process's streams of `game_id` (after `announce_at_commit`'s commit)."""
    HUB.post(game_id, version, closed)


@transaction
def revoke(game_id: str, token_digest: str) -> None:
    """Close every open stream of `game_id` opened with the token whose digest is
    `token_digest`: part of the running use case's transaction (its own, when none runs),
    like `announce`."""
    _notify(f"{game_id} revoke {token_digest}")
    after_commit(lambda: revoked(game_id, token_digest))


def revoked(game_id: str, token_digest: str) -> None:
    """Close this process's streams opened with that token (after the commit that
    replaced it: a stream opened since `revoke_at_commit` ends too)."""
    HUB.revoke(game_id, token_digest)


def revoke_at_commit(game_id: str, token_digest: str) -> None:
    """Like `revoke`, inside the transaction that replaces the token: this process's
    streams of it end now and on PostgreSQL the NOTIFY goes out with the commit, so no
    move committed after it reaches them first (call `HUB.revoke` again after the commit:
    a stream opened meanwhile ends too)."""
    _notify(f"{game_id} revoke {token_digest}")
    HUB.revoke(game_id, token_digest)


def _notify(payload: str) -> None:
    """On PostgreSQL, NOTIFY the other processes with the running transaction's commit."""
    if db.engine.dialect.name == "postgresql":
        db.session.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": CHANNEL, "payload": payload},
        )


def heard(payload: str, hub: Hub = HUB) -> None:
    """Pass one NOTIFY payload of another process to `hub`."""
    game_id, _, rest = payload.partition(" ")
    word, _, detail = rest.partition(" ")
    if word == "revoke" and detail:
        hub.revoke(game_id, detail)
    elif word.isdigit():
        hub.post(game_id, int(word), closed=detail == "closed")


def listener_url() -> str | None:
    """The PostgreSQL address to LISTEN on (None on SQLite: one process, no listener)."""
    if db.engine.dialect.name != "postgresql":
        return None
    return db.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


async def listen(url: str, hub: Hub = HUB, ready: asyncio.Event | None = None) -> None:
    """LISTEN on one asyncio connection and feed `hub` until cancelled (reconnects after a
    lost connection; `ready` is set once listening)."""
    import psycopg  # only on PostgreSQL

    first = True
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
                await connection.execute(f"LISTEN {CHANNEL}")
                if ready is not None:
                    ready.set()
                if not first:  # what was announced meanwhile is lost: start the streams afresh
                    hub.end_all("resync")
                first = False
                async for note in connection.notifies():
                    heard(note.payload, hub)
        except asyncio.CancelledError:
            raise
        except Exception:  # the server went away: listen again shortly
            log.warning("Live updates: lost the PostgreSQL listener; reconnecting.")
            await asyncio.sleep(RECONNECT_SECONDS)
