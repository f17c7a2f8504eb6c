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
