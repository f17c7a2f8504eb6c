"""A move made through one server process reaches the event streams held by another
(PostgreSQL LISTEN/NOTIFY): two servers on one database, real HTTP."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from databases import ON_POSTGRES, Databases
from servers import Server, call

pytestmark = pytest.mark.skipif(
    not ON_POSTGRES, reason="several server processes on one database: PostgreSQL"
)


@pytest.fixture
def two_servers(databases: Databases, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    url = databases.empty("live")
    first, second = Server(url, tmp_path / "a.log"), Server(url, tmp_path / "b.log")
    try:
        first.start()
        second.start()
        yield first, second
    finally:
        first.stop()
        second.stop()


def test_a_move_through_one_process_reaches_a_stream_on_another(
    two_servers: tuple[Server, Server],
) -> None:
    first, second = two_servers
    status, table = call(
        first.base, "POST", "/api/tables", {"seats": [{"name": "Ann"}, {"name": "Bob"}]}
    )
    assert status == 201
    ann, bob = (seat["token"] for seat in table["seats"])
    stream = http.client.HTTPConnection("127.0.0.1", second.port, timeout=20)
    stream.request(
        "GET", f"/api/tables/{table['id']}/events", headers={"Authorization": f"Bearer {bob}"}
    )
    answer = stream.getresponse()
    assert answer.status == 200

    def next_version() -> int:
        while True:
            line = answer.fp.readline().decode()
            if line.startswith("data: "):
                return int(json.loads(line[6:])["version"])

    version = next_version()  # the version now, told first
    move = {"version": version, "move": {"action": "reveal", "seat": 0, "cell": [0, 0]}}
    request = http.client.HTTPConnection("127.0.0.1", first.port, timeout=20)
    body = json.dumps(move)
    headers = {"Authorization": f"Bearer {ann}", "Content-Type": "application/json"}
    request.request("POST", f"/api/tables/{table['id']}/moves", body=body, headers=headers)
    moved = request.getresponse()
    assert moved.status == 200
    after = json.loads(moved.read())["version"]
    assert next_version() == after  # told by the other process, through PostgreSQL
    stream.close()


def test_a_pad_round_and_a_revoked_link_reach_a_watcher_on_another_process(
    two_servers: tuple[Server, Server],
) -> None:
    first, second = two_servers
    status, game = call(first.base, "POST", "/api/games", {"players": ["Ann", "Bob"]})
    assert status == 201
    status, link = call(first.base, "POST", f"/api/games/{game['id']}/shares", {"kind": "watch"})
    assert status == 201
    stream = http.client.HTTPConnection("127.0.0.1", second.port, timeout=20)
    headers = {"Authorization": f"Bearer {link['token']}"}
    stream.request("GET", f"/api/games/{game['id']}/events", headers=headers)
    answer = stream.getresponse()
    assert answer.status == 200

    def next_version() -> int | None:
        while True:
            line = answer.readline().decode()  # the chunked body: "" when it ends
            if not line:
                return None  # the stream ended
            if line.startswith("data: "):
                return int(json.loads(line[6:])["version"])

    assert next_version() == game["version"]
    round_ = {"scores": [3, 12], "closer": 0}
    status, saved = call(first.base, "POST", f"/api/games/{game['id']}/rounds", round_)
    assert status == 201
    assert next_version() == saved["version"]  # told by the other process
    status, _ = call(first.base, "DELETE", f"/api/games/{game['id']}/shares/{link['id']}")
    assert status == 200
    assert next_version() is None  # revoked through the first process: the stream ended
    stream.close()
