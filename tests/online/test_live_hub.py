"""The hub of open streams (`services/live.py`): woken per table, caps, revoke, closing,
the NOTIFY payloads of other processes; and the log filter that hides tokens."""

from __future__ import annotations

import asyncio
import logging

import pytest
from coroutines import run as run_coroutine

from skyjo_pad.accesslog import Redact, redact
from skyjo_pad.services.live import Hub, Subscription, TooManyStreams, heard


def woken_log(hub: Hub, game_id: str, digest: str, address: str = "1.2.3.4") -> tuple:
    """A subscription that notes each time it is woken."""
    subscription = hub.subscribe(game_id, digest, address, 4, 64)
    wakes: list[int] = []
    subscription.wake = lambda: wakes.append(subscription.latest)
    return subscription, wakes


def test_a_move_on_one_table_wakes_only_that_tables_streams() -> None:
    hub = Hub()
    a1, woken_a1 = woken_log(hub, "table-a", "ann")
    a2, woken_a2 = woken_log(hub, "table-a", "bob")
    b1, woken_b1 = woken_log(hub, "table-b", "cy")
    hub.post("table-a", 7)
    assert woken_a1 == [7] and woken_a2 == [7]
    assert woken_b1 == [] and b1.latest == 0
    hub.post("table-a", 5)  # an older version, arriving late, takes nothing back
    assert a1.latest == 7
    hub.post("table-b", 3, closed=True)
    assert woken_b1 == [3] and b1.ending == "closed" and a1.ending is None and a2.ending is None


def test_revoke_ends_only_the_streams_of_that_token_at_that_table() -> None:
    hub = Hub()
    mine, woken_mine = woken_log(hub, "t", "old")
    again, _ = woken_log(hub, "t", "old")
    other, woken_other = woken_log(hub, "t", "new")
    elsewhere, _ = woken_log(hub, "u", "old")
    hub.revoke("t", "old")
    assert mine.ending == again.ending == "revoked" and woken_mine
    assert other.ending is None and woken_other == []
    assert elsewhere.ending is None


def test_ending_every_stream_wakes_each_once_and_keeps_why_one_ends() -> None:
    """A stopping server asks once per open connection: each stream is woken once (not
    once per connection, which made a stop with thousands of streams take half a minute);
    a stream already ending keeps its reason."""
    hub = Hub()
    streams = [woken_log(hub, "t", f"seat-{n}") for n in range(50)]
    revoked, woken_revoked = woken_log(hub, "t", "old")
    hub.revoke("t", "old")
    for _connection in range(51):
        hub.end_all("shutdown")
    assert all(s.ending == "shutdown" and len(woken) == 1 for s, woken in streams)
    assert revoked.ending == "revoked" and len(woken_revoked) == 1


def test_caps_per_token_and_per_address_refuse_with_a_sentence() -> None:
    hub = Hub()
    held = [hub.subscribe("t", "tok", f"10.0.0.{n}", 2, 3) for n in range(2)]
    with pytest.raises(TooManyStreams) as refused:
        hub.subscribe("t", "tok", "10.0.0.9", 2, 3)
    assert refused.value.status == 429 and "2 live connections" in refused.value.message
    hub.subscribe("t", "other", "10.0.0.0", 2, 3)
    hub.subscribe("t", "third", "10.0.0.0", 2, 3)
    with pytest.raises(TooManyStreams) as crowded:
        hub.subscribe("t", "fourth", "10.0.0.0", 2, 3)
    assert "from this network" in crowded.value.message
    hub.unsubscribe(held[0])
    hub.unsubscribe(held[0])  # twice is harmless
    assert hub.subscribe("t", "tok", "10.0.0.5", 2, 3).digest == "tok"
    assert hub.count("t") == 4 and hub.count() == 4


def test_payloads_of_other_processes() -> None:
    hub = Hub()
    s, woken = woken_log(hub, "g1", "d1")
    heard("g1 4", hub)
    heard("g2 9", hub)
    assert woken == [4] and s.ending is None
    heard("g1 revoke d2", hub)
    assert s.ending is None
    heard("g1 5 closed", hub)
    assert s.latest == 5 and s.ending == "closed"
    t, _ = woken_log(hub, "g1", "d2")
    heard("g1 revoke d2", hub)
    assert t.ending == "revoked"
    heard("nonsense", hub)  # ignored


def test_an_asyncio_stream_is_woken_from_another_thread() -> None:
    """announce runs in a request thread; the stream waits on the event loop."""
    hub = Hub()

    async def wait_for_move() -> int:
        loop = asyncio.get_running_loop()
        woken = asyncio.Event()
        subscription: Subscription = hub.subscribe("g", "d", "a", 4, 64)
        subscription.wake = lambda: loop.call_soon_threadsafe(woken.set)
        await loop.run_in_executor(None, hub.post, "g", 12)
        await asyncio.wait_for(woken.wait(), 2)
        return subscription.latest

    assert run_coroutine(wait_for_move()) == 12


def test_logs_never_show_a_token() -> None:
    assert redact("GET /t/abcDEF-123_x HTTP/1.1") == "GET /t/… HTTP/1.1"
    assert redact("/t/abc/seats/1/link?x=1") == "/t/…/seats/1/link?x=1"
    assert redact("/api/x?token=secret&y=2") == "/api/x?token=…&y=2"
    assert redact("/tables/abc") == "/tables/abc"
    for doubled in ("/t//", "/s//", "/t/%20", "/t/%2F/", "/t/%2B", "/t/?", "/T/", "/t%5C"):
        assert redact(f'"GET {doubled}2LWAeBsSGENKge1msJ8 HTTP/1.1" 308') == (
            f'"GET {doubled}… HTTP/1.1" 308'
        )
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        "",
        0,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5", "GET", "/t/SECRET", "1.1", 200),
        None,
    )
    assert Redact().filter(record)
    assert record.args == ("127.0.0.1:5", "GET", "/t/…", "1.1", 200)  # the shape uvicorn needs
    assert "SECRET" not in record.getMessage()


def test_a_lost_listener_ends_every_stream_so_none_misses_a_move() -> None:
    hub = Hub()
    a, woken_a = woken_log(hub, "g1", "d1")
    b, woken_b = woken_log(hub, "g2", "d2")
    hub.end_all("resync")
    assert a.ending == b.ending == "resync" and woken_a and woken_b
