"""The answers an event stream pushes: each token's own table answer, so its phone need
not ask for it.

A stream opened with `?answers=1` sends, after each `version` event, an `answer` event
whose data is what `GET /api/tables/<id>` answers its token at that version (or a later
one) - in the language the stream was opened in. It is made from the table at that
version (`services.live_tables`: kept by the move's own process, read once per version
by any other) through `table_view.screen_of` for the stream's own actor (its token's
kind and seat, as the opening found them): the same view, and so the same secrets kept,
as the GET's. Each distinct answer (table, version, kind, seat, language) is made once
per process, however many streams push it.
"""

from __future__ import annotations

import functools
import json
import logging
import threading
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from babel import Locale
from flask import Flask
from flask_babel import force_locale

from ..presenters.online_screen import online_json
from ..services import live_tables, streams
from ..services.live import Subscription
from ..services.table_policy import Actor
from ..services.table_view import Table, screen_of
from ..unavailable import log_failure

THREADS = 2
"""Threads that make answers (CPU work under one lock: more would not be faster)."""
KEEP = 8192
"""Answers kept per process (a few KB each)."""
EXTENSION = "skyjo_stream_answers"
log = logging.getLogger(__name__)

Made = tuple[int, str]
"""An answer made: its table's version and its `answer` event's text."""


class Answers:
    """The answers of one app's streams in this process, made once and kept a while."""

    def __init__(self, app: Flask, threads: int = THREADS) -> None:
        self.app = app
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="stream-answer")
        self._lock = threading.Lock()
        self._made: OrderedDict[tuple[Any, ...], str] = OrderedDict()
        self.renders = 0
        """Answers made (for the tests and the benchmarks)."""

    def submit(self, subscription: Subscription) -> Future[Made | None]:
        """`made` for `subscription`, in a thread of this pool."""
        return self.pool.submit(self.made, subscription)

    def ready(self, subscription: Subscription) -> Made | None:
        """`made` when it needs no database (the table is kept in this process: it made
        the move), so the event loop may make it at once; None otherwise."""
        table = live_tables.TABLES.kept(subscription.game_id, subscription.seen)
        if table is None:
            return None
        try:
            return table.version, self._answer(table, subscription)
        except Exception as error:
            log_failure(log, "Live updates: an answer could not be made; the phone asks.", error)
            return None

    def made(self, subscription: Subscription) -> Made | None:
        """The stream's answer at its latest version told or later; None when there is
        none to push (the table is gone, or it could not be made: the phone asks)."""
        try:
            with self.app.app_context():
                try:
                    table = live_tables.TABLES.latest(subscription.game_id, subscription.seen)
                finally:
                    streams.release()
                if table is None:
                    return None
                return table.version, self._answer(table, subscription)
        except Exception as error:
            log_failure(log, "Live updates: an answer could not be made; the phone asks.", error)
            return None

    def _answer(self, table: Table, subscription: Subscription) -> str:
        key = (table.id, table.version, subscription.role, subscription.seat, subscription.locale)
        with self._lock:
            text = self._made.get(key)
            if text is not None:
                self._made.move_to_end(key)
                return text
        actor = Actor(subscription.role, subscription.seat, subscription.digest)
        with self.app.app_context(), force_locale(_locale(subscription.locale)):
            text = event(online_json(screen_of(table, actor)))
        with self._lock:
            self.renders += 1
            self._made[key] = text
            while len(self._made) > KEEP:
                self._made.popitem(last=False)
        return text

    def close(self) -> None:
        """Stop the pool (the server is stopping)."""
        self.pool.shutdown(wait=False, cancel_futures=True)


@functools.cache
def _locale(code: str) -> Locale:
    """A language's babel locale, parsed once."""
    return Locale.parse(code)


def of(app: Flask) -> Answers:
    """The app's answers (made on first use)."""
    found = app.extensions.get(EXTENSION)
    if found is None:
        found = app.extensions.setdefault(EXTENSION, Answers(app))
    assert isinstance(found, Answers)
    return found


def event(answer: dict[str, Any]) -> str:
    """One `answer` event: the token's answer as one line of JSON."""
    return f"event: answer\ndata: {json.dumps(answer, separators=(',', ':'))}\n\n"


def due(subscription: Subscription) -> bool:
    """Whether the stream should push an answer now: it asked for them, a version newer
    than its last answer was told, and its token was not revoked."""
    return (
        subscription.answers
        and subscription.ending != "revoked"
        and subscription.seen > subscription.answered
    )


def said(subscription: Subscription, made: Made | None) -> str:
    """What the stream says of an answer made for it: its event, unless it is not newer
    than the last one pushed or the token was revoked meanwhile."""
    if made is None or subscription.ending == "revoked" or made[0] <= subscription.answered:
        return ""
    subscription.answered = made[0]
    return made[1]
