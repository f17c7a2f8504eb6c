"""Live-update streams against the real server (`skyjo-pad serve`; on PostgreSQL also
`serve --workers 2`): caps, revoked links, tables that end, hundreds of open streams
beside pages and round saves, the body limit, and an access log without tokens."""

from __future__ import annotations

import http.client
import json
import re
import resource
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from databases import ON_POSTGRES, Databases
from servers import Server, call

SERVE = ["--workers", "2"] if ON_POSTGRES else []
"""How the run's database is served: Gunicorn's workers on PostgreSQL, one process else."""
HELD = 300
"""Streams held open while pages and round saves are asked for."""


@pytest.fixture
def serve(databases: Databases, tmp_path: Path) -> Iterator[Any]:
    """Start `skyjo-pad serve` (options, settings) on a new database; stopped after."""
    started: list[Server] = []

    def start(*options: str, **environ: str) -> Server:
        server = Server(
            databases.empty(f"streams{len(started)}"),
            tmp_path / f"server{len(started)}.log",
            *options,
            environ={"SKYJO_STREAM_HEARTBEAT": "1", "SKYJO_RATE_LIMITS": "0", **environ},
        )
        started.append(server)
        server.start()
        return server

    yield start
    for server in started:
        server.stop()


def new_table(server: Server) -> dict[str, Any]:
    status, table = call(
        server.base, "POST", "/api/tables", {"seats": [{"name": "Ann"}, {"name": "Bob"}]}
    )
    assert status == 201, table
    return table


def tokens(table: dict[str, Any]) -> dict[str, str]:
    found = {seat["name"].lower(): seat["token"] for seat in table["seats"]}
    return {**found, "host": table["host_token"], "spectator": table["spectator_token"]}


class Stream:
    """One event stream read over its own connection."""

    def __init__(
        self, server: Server, table: str, token: str | None, timeout: float = 10, query: str = ""
    ):
        self.connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        self.connection.request("GET", f"/api/tables/{table}/events{query}", headers=headers)
        self.answer = self.connection.getresponse()
        self.status = self.answer.status

    def json(self) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.answer.read())
        return data

    def next_version(self) -> int:
        """The next version the stream tells."""
        while True:
            line = self.answer.fp.readline().decode()
            assert line, "the stream ended"
            if line.startswith("data: "):
                return int(json.loads(line[6:])["version"])

    def next_event(self) -> tuple[str, Any]:
        """The next event's name and data."""
        name = ""
        while True:
            line = self.answer.fp.readline().decode()
            assert line, "the stream ended"
            if line.startswith("event: "):
                name = line[7:].strip()
            elif line.startswith("data: "):
                return name, json.loads(line[6:])

    def rest(self) -> str:
        """Everything until the stream ends (raises TimeoutError if it does not): read raw,
        as `next_version` does, the last chunk being `0`."""
        said = []
        while (line := self.answer.fp.readline()) not in (b"", b"0\r\n"):
            said.append(line.decode())
        return "".join(said)

    def close(self) -> None:
        self.connection.close()


def versions(text: str) -> list[int]:
    return [int(v) for v in re.findall(r'data: \{"version": (\d+)\}', text)]


def test_streams_past_a_cap_are_refused_with_a_sentence(serve: Any) -> None:
    server = serve(SKYJO_STREAMS_PER_TOKEN="2", SKYJO_STREAMS_PER_ADDRESS="5")
    table = new_table(server)
    t = tokens(table)
    held = [Stream(server, table["id"], t["bob"]) for _ in range(2)]
    assert [s.status for s in held] == [200, 200]
    third = Stream(server, table["id"], t["bob"])
    assert third.status == 429
    assert "already has 2 live connections" in third.json()["error"]
    held += [Stream(server, table["id"], t[who]) for who in ("ann", "host", "spectator")]
    assert [s.status for s in held] == [200] * 5
    crowded = Stream(server, table["id"], t["ann"])
    assert crowded.status == 429 and "from this network" in crowded.json()["error"]
    held.pop().close()  # a stream that ends gives its place back
    time.sleep(0.5)
    again = Stream(server, table["id"], t["ann"])
    assert again.status == 200
    for stream in [*held, again]:
        stream.close()


def test_a_revoked_links_open_stream_ends_within_a_second(serve: Any) -> None:
    server = serve()
    table = new_table(server)
    game, t = table["id"], tokens(table)
    stream = Stream(server, game, t["bob"], timeout=5)
    assert stream.status == 200 and stream.next_version() == 1
    status, seats = call(
        server.base,
        "GET",
        f"/api/tables/{game}/seats",
        headers={"Authorization": f"Bearer {t['host']}"},
    )
    assert status == 200 and seats["seats"][1]["online"] is True, seats  # marked when opened
    began = time.monotonic()
    status, fresh = call(
        server.base,
        "POST",
        f"/api/tables/{game}/seats/1/token",
        {},
        headers={"Authorization": f"Bearer {t['host']}"},
    )
    assert status == 200, fresh
    stream.rest()  # ends (a TimeoutError after 5 s would fail the test)
    assert time.monotonic() - began < 1.5
    assert Stream(server, game, t["bob"]).status == 401
    renewed = Stream(server, game, fresh["token"])
    assert renewed.status == 200
    renewed.close()


def test_streams_push_each_tokens_own_answer_across_processes(serve: Any) -> None:
    """`?answers=1`: after each version, the token's answer, as its GET gives it (on
    PostgreSQL the streams are spread over two workers: the one the move did not go
    through reads the table once, on NOTIFY)."""
    server = serve(*SERVE)
    table = new_table(server)
    game, t = table["id"], tokens(table)
    streams = {who: Stream(server, game, t[who], query="?answers=1") for who in t}

    def asked(who: str) -> dict[str, Any]:
        auth = {"Authorization": f"Bearer {t[who]}"}
        status, answer = call(server.base, "GET", f"/api/tables/{game}", headers=auth)
        assert status == 200
        return answer

    for who, stream in streams.items():
        assert stream.next_event() == ("version", {"version": 1})
        assert stream.next_event() == ("answer", asked(who))
    for turn in range(3):
        mover = ("ann", "bob")[turn % 2]
        seen = asked(mover)
        body = {"version": seen["version"], "move": seen["moves"][0]}
        auth = {"Authorization": f"Bearer {t[mover]}"}
        status, moved = call(server.base, "POST", f"/api/tables/{game}/moves", body, headers=auth)
        assert status == 200, moved
        for who, stream in streams.items():
            assert stream.next_event() == ("version", {"version": moved["version"]})
            name, pushed = stream.next_event()
            assert name == "answer" and pushed == asked(who), who
    for stream in streams.values():
        stream.close()


def test_an_abandoned_tables_streams_end_and_do_not_come_back(serve: Any) -> None:
    server = serve()
    table = new_table(server)
    game, t = table["id"], tokens(table)
    watching = [Stream(server, game, t[who], timeout=5) for who in ("bob", "spectator")]
    assert [s.next_version() for s in watching] == [1, 1]
    status, done = call(
        server.base,
        "POST",
        f"/api/tables/{game}/abandon",
        {"confirm": True},
        headers={"Authorization": f"Bearer {t['host']}"},
    )
    assert status == 200 and done["status"] == "abandoned"
    for stream in watching:
        assert versions(stream.rest()) == [done["version"]]  # the last version, then the end
    reconnect = Stream(server, game, t["bob"])
    assert reconnect.status == 204  # EventSource stops reconnecting
    assert Stream(server, game, "not-a-token").status == 401


def raise_open_files(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def open_raw(server: Server, game: str, token: str) -> socket.socket:
    """A stream held open by a bare socket (hundreds of them cost the test little)."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    sock.sendall(
        f"GET /api/tables/{game}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n".encode()
    )
    return sock


def first_event(sock: socket.socket) -> bytes:
    seen = b""
    while b"data: " not in seen:
        chunk = sock.recv(4096)
        assert chunk, seen
        seen += chunk
    return seen


def test_hundreds_of_open_streams_leave_pages_and_round_saves_answering(serve: Any) -> None:
    raise_open_files(4 * HELD)
    server = serve(*SERVE, SKYJO_STREAMS_PER_ADDRESS="10000", SKYJO_STREAMS_PER_TOKEN="1000")
    tables = [new_table(server) for _ in range(10)]
    held: list[socket.socket] = []
    try:
        for n in range(HELD):
            table = tables[n % len(tables)]
            held.append(open_raw(server, table["id"], table["seats"][n % 2]["token"]))
        for sock in held:
            assert first_event(sock).startswith(b"HTTP/1.1 200")
        began = time.monotonic()
        home = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        home.request("GET", "/")
        assert home.getresponse().status == 200
        status, game = call(server.base, "POST", "/api/games", {"players": ["Ann", "Bob"]})
        assert status == 201, game
        body = {"scores": [5, 12], "closer": 0}
        status, saved = call(server.base, "POST", f"/api/games/{game['id']}/rounds", body)
        assert status == 201 and saved["totals"] == [5, 12]
        print(f"\n{HELD} streams open: a page and a round save in {time.monotonic() - began:.3f} s")
        table = tables[0]
        move = {"version": 1, "move": {"action": "reveal", "seat": 0, "cell": [0, 0]}}
        headers = {"Authorization": f"Bearer {table['seats'][0]['token']}"}
        status, moved = call(
            server.base, "POST", f"/api/tables/{table['id']}/moves", move, headers=headers
        )
        assert status == 200, moved
        # A stream of that table hears it (after any heartbeat already on its way).
        wanted, told = f'"version": {moved["version"]}'.encode(), b""
        deadline = time.monotonic() + 5
        while wanted not in told and time.monotonic() < deadline:
            told += held[0].recv(4096)
        assert wanted in told, told
    finally:
        for sock in held:
            sock.close()


def test_a_body_over_the_limit_is_refused_before_it_is_read(serve: Any) -> None:
    server = serve()
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    began = time.monotonic()
    sock.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b'Content-Length: 1000000000\r\n\r\n{"players": '
    )
    answer = b""
    while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
        chunk = sock.recv(4096)
        if not chunk:
            break
        answer += chunk
    assert time.monotonic() - began < 2
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413")
    assert "too large" in json.loads(body)["error"]
    sock.close()
    # a chunked body is refused once past a limit (test_asgi.py: the count itself)
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    sock.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    piece = b"x" * 65536
    answer = b""
    try:
        for _ in range(40):  # 2.5 MB, over the 1 MB limit
            sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
    except (BrokenPipeError, ConnectionResetError):
        pass
    sock.settimeout(5)
    try:
        while chunk := sock.recv(4096):
            answer += chunk
    except (ConnectionResetError, TimeoutError):
        pass
    assert answer.startswith((b"HTTP/1.1 413", b"HTTP/1.1 400")), answer[:200]  # 64 KB for JSON
    sock.close()
    # an address over the head's 16 KB: refused before the app, in JSON all the same
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    sock.sendall(b"GET /api/games/%s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % (b"a" * 20000))
    answer = b""
    while chunk := sock.recv(4096):
        answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 431") and b"content-type: application/json" in head.lower()
    assert json.loads(body) == {"error": "The address or the headers of this request are too long."}
    sock.close()
    assert call(server.base, "GET", "/api/openapi.json")[0] == 200  # still serving


def test_the_access_log_of_gunicorns_workers_holds_no_token(serve: Any, tmp_path: Path) -> None:
    server = serve("--workers", "2")
    table = new_table(server)
    t = tokens(table)
    for who in ("ann", "host", "spectator"):
        page = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        page.request("GET", f"/t/{t[who]}")
        assert page.getresponse().status == 200
        page.close()
    server.stop()
    log = server.log.read_text()
    assert "GET /t/…" in log  # the lines are there, without their tokens
    for token in t.values():
        assert token not in log


def test_idle_and_slow_connections_neither_stall_the_server_nor_stay(serve: Any) -> None:
    server = serve(SKYJO_HEADER_TIMEOUT="1")
    idle = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(150)]
    slow = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest
    try:
        page = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        page.request("GET", "/")
        assert page.getresponse().status == 200
        page.close()
        began = time.monotonic()
        assert slow.recv(100) == b""  # closed by the server, its head never finished
        assert idle[0].recv(100) == b""
        assert time.monotonic() - began < 3
    finally:
        for sock in [*idle, slow]:
            sock.close()


def test_a_stream_asked_for_right_behind_another_request_is_not_cut(serve: Any) -> None:
    """A stream whose request came before the one ahead of it on the connection had
    finished (as when a phone reuses it the moment the last byte arrives) lives past the
    head timeout and gets its events."""
    server = serve(SKYJO_HEADER_TIMEOUT="1")
    status, game = call(server.base, "POST", "/api/games", {"players": ["Ann", "Bob"]})
    assert status == 201, game
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    head = "Host: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    sock.sendall(  # both at once: the second is read while the first is being answered
        f"GET /api/games/{game['id']} HTTP/1.1\r\n{head}"
        f"GET /api/games/{game['id']}/events HTTP/1.1\r\n{head}".encode()
    )
    seen = b""
    while b"text/event-stream" not in seen:
        seen += sock.recv(65536)
    time.sleep(2.5)  # past the head timeout
    status, _ = call(
        server.base, "POST", f"/api/games/{game['id']}/rounds", {"scores": [5, 9], "closer": 0}
    )
    assert status == 201
    while b'"version": 2' not in seen and b'"version":2' not in seen:
        part = sock.recv(65536)
        assert part, f"the stream was cut: {seen[-300:]!r}"
        seen += part
    sock.close()


def test_without_the_password_a_body_is_refused_before_it_is_sent(serve: Any) -> None:
    server = serve(SKYJO_PASSWORD="table-secret")
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    began = time.monotonic()
    sock.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b'Content-Length: 900000\r\n\r\n{"players": '  # under the limit, and never finished
    )
    answer = sock.recv(65536)
    assert time.monotonic() - began < 2
    assert answer.startswith(b"HTTP/1.1 401"), answer[:200]
    sock.close()


def test_a_head_over_16_kb_is_refused(serve: Any) -> None:
    server = serve()
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"a" * 20_000 + b"\r\n\r\n")
    answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 431"), answer[:100]
    sock.close()
    # a head under the limit, sent in the same packets as a larger body, is fine
    body = json.dumps({"players": ["Ann", "Bob"]}).encode() + b" " * 30_000
    post = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    post.request("POST", "/api/games", body=body, headers={"Content-Type": "application/json"})
    assert post.getresponse().status == 201
    post.close()


def test_a_server_that_stops_ends_its_streams_at_once(serve: Any) -> None:
    server = serve()
    table = new_table(server)
    streams = [Stream(server, table["id"], seat["token"]) for seat in table["seats"]]
    assert [s.next_version() for s in streams] == [1, 1]
    began = time.monotonic()
    server.stop()
    assert time.monotonic() - began < 3  # not the 5 s of uvicorn's graceful timeout
    for stream in streams:
        stream.rest()  # ended, not cut


def test_slow_bodies_hold_no_thread(serve: Any) -> None:
    server = serve("--threads", "2", SKYJO_HEADER_TIMEOUT="2")
    slow = []
    for _ in range(10):  # five times the threads, each sending a bit of its body, then nothing
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        sock.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b'Content-Length: 500\r\n\r\n{"players": '
        )
        slow.append(sock)
    try:
        status, game = call(server.base, "POST", "/api/games", {"players": ["Ann", "Bob"]})
        assert status == 201, game
        assert call(server.base, "GET", f"/api/games/{game['id']}")[0] == 200
        answer = slow[0].recv(4096)  # after the 2 s the body had for its next part
        assert answer.startswith(b"HTTP/1.1 408"), answer[:100]
    finally:
        for sock in slow:
            sock.close()
