"""Several server processes on one database (PostgreSQL in the PostgreSQL run): what one
saves, every other shows at once, although each keeps its own sheets and pages in memory.

One server runs Gunicorn with two worker processes (`skyjo-pad serve --workers 2`), the
other one uvicorn process (`skyjo-pad serve`): three processes, each with its own memory.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from databases import Databases
from servers import Server, call, page

NO_ROUNDS = ("no rounds yet",)
"""What the sheet page shows before the first round (no totals row)."""
READS = 6
"""Reads through the Gunicorn server after each change: enough to reach both workers."""


@pytest.fixture
def servers(databases: Databases, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """(Gunicorn with two workers, one uvicorn process), both on one new database."""
    url = databases.empty("shared")
    workers = Server(url, tmp_path / "gunicorn.log", "--workers", "2", "--threads", "2")
    single = Server(url, tmp_path / "uvicorn.log")
    try:
        workers.start()
        single.start()
        yield workers, single
    finally:
        workers.stop()
        single.stop()


def totals_seen(server: Server, game_id: str) -> set[tuple[int, ...]]:
    """The totals the server answers, through the API and on the sheet page, read
    several times (so every worker answers)."""
    seen = set()
    for _ in range(READS):
        status, game = call(server.base, "GET", f"/api/games/{game_id}")
        assert status == 200, game
        seen.add(tuple(game["totals"]))
        html = page(server.base, f"/games/{game_id}")
        cells = re.findall(r'data-total="\d+">(-?\d+)</td>', html)
        seen.add(tuple(int(cell) for cell in cells) or NO_ROUNDS)
    return seen


def test_a_save_through_one_process_shows_through_every_other(
    servers: tuple[Server, Server],
) -> None:
    workers, single = servers
    status, game = call(workers.base, "POST", "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    assert status == 201, game
    game_id = game["id"]
    assert totals_seen(single, game_id) == {(0, 0, 0), NO_ROUNDS}  # now every process keeps it
    assert totals_seen(workers, game_id) == {(0, 0, 0), NO_ROUNDS}

    body = {"scores": [8, 50, 10], "closer": 2}
    assert call(single.base, "POST", f"/api/games/{game_id}/rounds", body)[0] == 201
    assert totals_seen(workers, game_id) == {(8, 50, 20)}
    assert totals_seen(single, game_id) == {(8, 50, 20)}

    body = {"scores": [1, 2, 3], "closer": 0}
    assert call(workers.base, "PUT", f"/api/games/{game_id}/rounds/1", body)[0] == 200
    assert totals_seen(single, game_id) == {(1, 2, 3)}
    assert totals_seen(workers, game_id) == {(1, 2, 3)}

    assert call(single.base, "DELETE", f"/api/games/{game_id}/rounds/1")[0] == 200
    assert totals_seen(workers, game_id) == {(0, 0, 0), NO_ROUNDS}
    status, again = call(workers.base, "POST", f"/api/games/{game_id}/rounds", body)
    assert status == 201 and again["totals"] == [1, 2, 3]
    assert totals_seen(single, game_id) == {(1, 2, 3)}
