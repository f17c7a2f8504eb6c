"""Two requests at the same moment, on real threads and a real SQLite file.

A barrier holds each thread at the worst moment (all about to save, none has read the
sheet), so the race is the same on every run instead of a matter of luck.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select
from threads import WAIT, arrive_together, run_at_once

from skyjo_pad.engine import move_to_json
from skyjo_pad.extensions import db
from skyjo_pad.models import Game, GameSeat, Player, Round, TableState
from skyjo_pad.services import (
    history,
    move_writes,
    online,
    online_seats,
    pad,
    pad_shares,
    players,
    roster,
    table_store,
)
from skyjo_pad.services.errors import Conflict, NotFound, Unauthorized
from skyjo_pad.services.pad import RoundEntry, SeatEntry
from skyjo_pad.services.table_view import Screen

"""Seconds a thread waits for the other before the test fails (never on a healthy run)."""


def entry(scores: list[int], closer: int | None) -> RoundEntry:
    """A round of typed scores."""
    return RoundEntry(seats=tuple(SeatEntry(score=s) for s in scores), closer=closer)


def new_game(app: Flask, names: list[str]) -> pad.Sheet:
    """Start a game in a context of its own."""
    with app.app_context():
        return pad.new_game(names)


def test_two_saves_of_the_same_round_keep_one(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(app, ["Ann", "Bob", "Cy"])
    arrive_together(monkeypatch)
    results = run_at_once(
        app,
        [
            lambda: pad.add_round(game.id, entry([8, 50, 10], 2), game.version),
            lambda: pad.add_round(game.id, entry([1, 2, 3], 0), game.version),
        ],
    )
    saved = [r for r in results if isinstance(r, tuple)]
    refused = [r for r in results if isinstance(r, Conflict)]
    assert len(saved) == 1 and len(refused) == 1, results
    assert "The sheet changed" in refused[0].message
    with app.app_context():
        sheet = pad.get_sheet(game.id)
        assert len(sheet.rounds) == 1
        assert sheet.rounds[0].raw == saved[0][0].rounds[0].raw
        assert db.session.scalar(select(func.count()).select_from(Round)) == 1


def test_many_phones_saving_round_one_keep_one(app: Flask) -> None:
    game = new_game(app, ["Ann", "Bob"])
    calls = [
        (lambda n=n: pad.add_round(game.id, entry([n, 10], None), game.version)) for n in range(6)
    ]
    results = run_at_once(app, calls)
    assert sum(isinstance(r, tuple) for r in results) == 1, results
    assert sum(isinstance(r, Conflict) for r in results) == 5, results
    with app.app_context():
        assert len(pad.get_sheet(game.id).rounds) == 1


def test_phones_saving_without_a_version_at_once_keep_every_round(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A round sent without a version goes on the sheet as it is then: four at the same
    moment are four rounds, none refused as "changed since you opened it"."""
    game = new_game(app, ["Ann", "Bob"])
    arrive_together(monkeypatch, saves=4)
    calls = [(lambda n=n: pad.add_round(game.id, entry([n, 10], None))) for n in range(4)]
    results = run_at_once(app, calls)
    assert all(isinstance(r, tuple) for r in results), results
    with app.app_context():
        sheet = pad.get_sheet(game.id)
        assert sorted(r.raw[0] for r in sheet.rounds) == [0, 1, 2, 3]
        assert sheet.version == game.version + 4


def test_two_corrections_of_the_same_round_keep_one(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = new_game(app, ["Ann", "Bob"])
    with app.app_context():
        version = pad.add_round(game.id, entry([5, 6], 0))[0].version
    arrive_together(monkeypatch)
    results = run_at_once(
        app,
        [
            lambda: pad.replace_round(game.id, 1, entry([7, 8], 0), version),
            lambda: pad.replace_round(game.id, 1, entry([9, 1], 1), version),
        ],
    )
    assert sum(isinstance(r, tuple) for r in results) == 1, results
    assert sum(isinstance(r, Conflict) for r in results) == 1, results
    with app.app_context():
        kept = pad.get_sheet(game.id).rounds[0].raw
        assert kept in {(7, 8), (9, 1)}


def test_two_games_adding_the_same_new_player_both_start(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    both_looked = threading.Barrier(2, timeout=WAIT)
    first_look = threading.local()
    looks: list[str] = []
    find_or_add = players.find_or_add

    def find_then_wait(names: list[str]) -> list[Player]:
        found = find_or_add(names)
        looks.append(threading.current_thread().name)
        if not getattr(first_look, "done", False):
            first_look.done = True
            both_looked.wait()  # neither knows Zoë yet; both will add her
        return found

    monkeypatch.setattr(players, "find_or_add", find_then_wait)
    results = run_at_once(
        app,
        [lambda: pad.new_game(["Zoë", "Ann"]), lambda: pad.new_game(["Bob", "zoë"])],
    )
    assert all(isinstance(r, pad.Sheet) for r in results), results
    assert len(looks) == 3  # the second game looked again after the address book refused
    with app.app_context():
        zoe = db.session.scalars(select(Player).where(Player.name_key == "zoë")).all()
        assert len(zoe) == 1
        seats = db.session.scalars(select(GameSeat).where(GameSeat.player_id == zoe[0].id))
        assert sorted(seat.game_id for seat in seats) == sorted(r.id for r in results)
        assert db.session.scalar(select(func.count()).select_from(Player)) == 3


def test_two_moves_on_the_same_version_of_a_table_keep_one(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two seats turning up a card at once, both past the version check: the table's
    own write (`table_store`'s plain UPDATEs, the path of most moves) lets one through."""
    with app.app_context():
        table = online.create([online.Invitee("Ann"), online.Invitee("Bob")])
    tokens = [seat.token for seat in table.seats]
    both_checked = threading.Barrier(2, timeout=WAIT)
    check_version = table_store.check_version
    written = move_writes.write_moves_only
    plain_writes: list[bool] = []

    def check_then_wait(game: Any, expected: object) -> None:
        check_version(game, expected)
        both_checked.wait()

    def counted() -> bool:
        plain_writes.append(written())
        return plain_writes[-1]

    monkeypatch.setattr(table_store, "check_version", check_then_wait)
    monkeypatch.setattr(move_writes, "write_moves_only", counted)
    results = run_at_once(
        app,
        [
            lambda seat=seat, token=token: online.play(
                table.id, token, {"action": "reveal", "seat": seat, "cell": [0, 0]}, 1
            )
            for seat, token in enumerate(tokens)
        ],
    )
    assert sum(isinstance(r, Screen) for r in results) == 1, results
    assert sum(isinstance(r, Conflict) for r in results) == 1, results
    assert True in plain_writes
    with app.app_context():
        state = db.session.get(TableState, table.id)
        assert state is not None and len(state.moves) == 1
        assert db.session.get(Game, table.id).version == 2


def both_read_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hold each of two threads after its first read of a table (not a retry's) until the
    other has read it too: both then act on the table as it was."""
    both_read = threading.Barrier(2, timeout=WAIT)
    waited: set[int] = set()
    load = table_store.load

    def load_then_wait(game_id: str) -> Any:
        loaded = load(game_id)
        if threading.get_ident() not in waited:
            waited.add(threading.get_ident())
            both_read.wait()
        return loaded

    monkeypatch.setattr(table_store, "load", load_then_wait)


@pytest.mark.parametrize("tool", ["give_seat", "abandon"])
def test_a_host_tool_at_the_moment_of_a_move_is_done(
    app: Flask, monkeypatch: pytest.MonkeyPatch, tool: str
) -> None:
    """The host hands a seat to the computer (or abandons) while a seat plays, both past
    their read: the host's tool carries no version, so it is never refused as stale; it
    looks again and is done. The move is played, or refused as stale if it came second."""
    with app.app_context():
        table = online.create([online.Invitee("Ann"), online.Invitee("Bob")])
    both_read_first(monkeypatch)
    host_tool = {
        "give_seat": lambda: online_seats.give_seat(table.id, table.host_token, 1, "medium"),
        "abandon": lambda: online.abandon(table.id, table.host_token),
    }[tool]
    reveal = {"action": "reveal", "seat": 0, "cell": [0, 0]}
    move = lambda: online.play(table.id, table.seats[0].token, reveal, 1)  # noqa: E731
    done, played = run_at_once(app, [host_tool, move])
    assert done is None, done
    assert isinstance(played, Screen | Conflict), played
    with app.app_context():
        state = db.session.get(TableState, table.id)
        assert state is not None
        if tool == "give_seat":
            assert state.bots == [None, "medium"]
        else:
            assert state.status == "abandoned"
        ann_moved = any(move.get("seat") == 0 for move in state.moves)
        assert ann_moved == isinstance(played, Screen)


def test_a_new_link_at_the_moment_its_seat_draws_never_shows_the_drawn_card(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host makes a new link for the seat to play while it draws from the pile, both
    past their read: one of the two is done, never both (the new link would show the host
    the drawn card), whichever gets there first."""
    with app.app_context():
        table = online.create([online.Invitee("Ann"), online.Invitee("Bob")], seed=11)
        for seat in table.seats:
            for _ in range(2):  # the opening reveals
                screen = online.screen(table.id, seat.token)
                online.play(table.id, seat.token, move_to_json(screen.moves[0]), screen.version)
        screen = online.screen(table.id, table.host_token)
    actor = screen.actor
    assert actor is not None
    both_read_first(monkeypatch)
    token = table.seats[actor].token
    draw = {"action": "draw"}
    drawn, fresh = run_at_once(
        app,
        [
            lambda: online.play(table.id, token, draw, screen.version),
            lambda: online_seats.reissue(table.id, table.host_token, actor),
        ],
    )
    assert isinstance(drawn, Screen) != isinstance(fresh, str), (drawn, fresh)
    # the one refused: the draw as stale, or by its link replaced meanwhile; or the new link
    assert isinstance(drawn, Conflict | Unauthorized) or isinstance(fresh, Conflict), (drawn, fresh)
    monkeypatch.undo()
    with app.app_context():
        state = db.session.get(TableState, table.id)
        assert state is not None
        held = table_store.position_of(state).held
        assert (held is not None) == isinstance(drawn, Screen)


def test_links_made_at_the_same_moment_never_pass_the_limit(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four phones make a link of a game that has 18 of its 20, all four past their first
    look at it: two are made, two refused."""
    game = new_game(app, ["Ann", "Bob"])
    with app.app_context():
        for _ in range(pad_shares.LINKS_MAX - 2):
            pad_shares.make(game.id, "watch")
    all_looked = threading.Barrier(4, timeout=WAIT)
    pad_sheet = pad_shares.pad_sheet

    def look_then_wait(game_id: str) -> Any:
        sheet = pad_sheet(game_id)
        all_looked.wait()
        return sheet

    monkeypatch.setattr(pad_shares, "pad_sheet", look_then_wait)
    results = run_at_once(app, [lambda: pad_shares.make(game.id, "watch")] * 4)
    assert sum(isinstance(r, pad_shares.Made) for r in results) == 2, results
    assert sum(isinstance(r, Conflict) for r in results) == 2, results
    monkeypatch.undo()
    with app.app_context():
        assert len(pad_shares.links(game.id)) == pad_shares.LINKS_MAX


def test_a_game_deleted_while_a_round_is_saved_is_deleted(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The delete read the game, then another phone saved a round (a new version of it):
    the game is deleted all the same, and neither request fails."""
    game = new_game(app, ["Ann", "Bob"])
    round_saved = threading.Event()
    load = history._load

    def load_then_wait(game_id: str) -> Any:
        row = load(game_id)
        if not round_saved.is_set():
            assert round_saved.wait(WAIT)
        return row

    def save_round() -> object:
        try:
            return pad.add_round(game.id, entry([5, 9], 0))
        finally:
            round_saved.set()

    monkeypatch.setattr(history, "_load", load_then_wait)
    results = run_at_once(app, [lambda: history.delete(game.id), save_round])
    assert results[0] is None and isinstance(results[1], tuple), results
    with app.app_context():
        assert db.session.get(Game, game.id) is None
        assert db.session.scalar(select(func.count()).select_from(Round)) == 0


def test_two_entries_merged_into_each_other_at_once_end_as_one(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two phones merge Ann into Annie and Annie into Ann at the same moment: one merge is
    made, the other says in words that its entry is gone; every game keeps its player."""
    with app.app_context():
        ann, annie = (pad.new_game([name, "Cy"]).id for name in ("Ann", "Annie"))
        ids = [
            db.session.scalar(select(Player.id).where(Player.name == n)) for n in ("Ann", "Annie")
        ]
    both_read = threading.Barrier(2, timeout=WAIT)
    waited = threading.local()
    check = roster.mergeable

    def check_then_wait(keep_id: int, drop_id: int) -> Any:
        found = check(keep_id, drop_id)
        if not getattr(waited, "once", False):  # a second look (a retry) waits for no one
            waited.once = True
            both_read.wait()
        return found

    monkeypatch.setattr(roster, "mergeable", check_then_wait)
    results = run_at_once(
        app, [lambda: roster.merge(ids[0], ids[1]).name, lambda: roster.merge(ids[1], ids[0]).name]
    )
    merged = [r for r in results if isinstance(r, str)]
    refused = [r for r in results if isinstance(r, NotFound)]
    assert len(merged) == 1 and len(refused) == 1, results
    with app.app_context():
        names = {pad.get_sheet(game).players[0] for game in (ann, annie)}
        assert names == set(merged)
        assert (
            db.session.scalar(select(func.count()).select_from(Player).where(Player.name != "Cy"))
            == 1
        )
