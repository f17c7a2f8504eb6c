"""A sheet's stream served by `skyjo-pad serve` (uvicorn, the stream on the event loop)
behind the access password: a watch link opens it, a keeper link's round wakes it, a
revoke ends it; no log line shows a token. Real HTTP, a real server process."""

from __future__ import annotations

import base64
import http.client
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from databases import Databases
from servers import Server, call

PASSWORD = "table-secret"
BASIC = {"Authorization": "Basic " + base64.b64encode(f"x:{PASSWORD}".encode()).decode()}


@pytest.fixture
def server(databases: Databases, tmp_path: Path) -> Iterator[Server]:
    served = Server(
        databases.empty("share"), tmp_path / "server.log", environ={"SKYJO_PASSWORD": PASSWORD}
    )
    try:
        served.start()
        yield served
    finally:
        served.stop()


def test_a_watch_link_follows_the_sheet_behind_the_password(server: Server) -> None:
    status, game = call(
        server.base, "POST", "/api/games", {"players": ["Ann", "Bob"]}, headers=BASIC
    )
    assert status == 201
    path = f"/api/games/{game['id']}"
    made = {
        kind: call(server.base, "POST", path + "/shares", {"kind": kind}, headers=BASIC)[1]
        for kind in ("watch", "keeper")
    }
    assert call(server.base, "GET", path + "/events")[0] == 401  # no password, no link
    stream = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    stream.request(
        "GET", path + "/events", headers={"Authorization": f"Bearer {made['watch']['token']}"}
    )
    answer = stream.getresponse()
    assert answer.status == 200 and answer.headers["Content-Type"].startswith("text/event-stream")

    def next_version() -> int | None:
        while True:
            line = answer.readline().decode()  # the chunked body: "" when it ends
            if not line:
                return None
            if line.startswith("data: "):
                return int(json.loads(line[6:])["version"])

    assert next_version() == game["version"]
    keeper = {"Authorization": f"Bearer {made['keeper']['token']}"}
    status, saved = call(
        server.base, "POST", path + "/rounds", {"scores": [4, 9], "closer": 0}, headers=keeper
    )
    assert status == 201
    assert next_version() == saved["version"]
    page = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    page.request("GET", f"/s/{made['watch']['token']}")  # the link's page, no password
    assert page.getresponse().status == 200
    page.close()
    assert (
        call(server.base, "DELETE", f"{path}/shares/{made['watch']['id']}", headers=BASIC)[0] == 200
    )
    assert next_version() is None  # revoked: the stream ended
    stream.close()
    log = server.log.read_text()
    assert "/s/" in log and made["watch"]["token"] not in log
    assert made["keeper"]["token"] not in log
