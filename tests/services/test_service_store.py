"""One way to write a game: the store keeps the seat summaries, a use case commits once,
and saving a round is one call that saves or says what needs confirming."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from skyjo_pad.extensions import db
from skyjo_pad.models import GameSeat, Player, Round
from skyjo_pad.services import history, pad, roster, summaries, transfer
from skyjo_pad.services.errors import Conflict
from skyjo_pad.services.pad import RoundEntry, Saved, SeatEntry, ToConfirm
from skyjo_pad.services.transaction import after_commit, transaction


def entry(scores: list[int], closer: int | None = None) -> RoundEntry:
    return RoundEntry(tuple(SeatEntry(score=s) for s in scores), closer)


def seat_rows(game_id: str) -> list[tuple[Any, ...]]:
    rows = db.session.execute(
        select(
            GameSeat.total,
            GameSeat.rounds,
            GameSeat.place,
            GameSeat.closed,
            GameSeat.doubled,
            GameSeat.best,
            GameSeat.worst,
        )
        .where(GameSeat.game_id == game_id)
        .order_by(GameSeat.seat)
    ).all()
    return [tuple(row) for row in rows]


def test_every_pad_write_leaves_the_summaries_a_full_recount_gives(ctx: Flask) -> None:
    game_id = pad.new_game(["Ann", "Bob"], {"target": 40}).id
    pad.add_round(game_id, entry([10, 3], 0))  # Ann closed without the lowest: doubled
    pad.add_round(game_id, entry([5, 9], 1))
    pad.replace_round(game_id, 2, entry([4, 12], 0))
    assert seat_rows(game_id) == [(24, 2, None, 2, 1, 4, 20), (15, 2, None, 0, 0, 3, 12)]
    pad.add_round(game_id, entry([1, 30], 0))  # Bob passes 40: the game ends
    written = seat_rows(game_id)
    assert [row[2] for row in written] == [1, 2]
    summaries.refresh(db.session.connection(), [game_id])
    assert seat_rows(game_id) == written
    pad.remove_last_round(game_id, 3)
    written = seat_rows(game_id)
    assert [row[:3] for row in written] == [(24, 2, None), (15, 2, None)]
    summaries.refresh(db.session.connection(), [game_id])
    assert seat_rows(game_id) == written


def test_a_round_with_warnings_is_handed_back_unsaved_until_confirmed(ctx: Flask) -> None:
    game = pad.new_game(["Ann", "Bob"])
    asked = pad.save_round(game.id, entry([150, 3]), confirmed=False)
    assert isinstance(asked, ToConfirm)
    assert asked.outcome.warnings and asked.outcome.totals == (150, 3)
    assert pad.get_sheet(game.id).rounds == () and pad.get_sheet(game.id).version == game.version
    saved = pad.save_round(game.id, entry([150, 3]), confirmed=True)
    assert isinstance(saved, Saved)
    assert saved.sheet.totals == (150, 3) and saved.before.version == game.version
    assert pad.get_sheet(game.id).version == game.version + 1


def test_a_round_without_warnings_is_saved_without_asking(ctx: Flask) -> None:
    game = pad.new_game(["Ann", "Bob"])
    saved = pad.save_round(game.id, entry([5, 7], 0), confirmed=False)
    assert isinstance(saved, Saved) and saved.sheet.totals == (5, 7)


def test_saving_a_round_reads_and_scores_once(ctx: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    game = pad.new_game(["Ann", "Bob", "Cy"])
    pad.add_round(game.id, entry([1, 2, 3], 0))
    calls: list[str] = []
    for name in ("read_sheet", "score_entry"):
        real = getattr(pad, name)
        monkeypatch.setattr(
            pad, name, lambda *a, real=real, name=name: (calls.append(name), real(*a))[1]
        )
    asked = pad.save_round(game.id, entry([150, 5, 6], 1), confirmed=False)
    assert isinstance(asked, ToConfirm) and calls == ["read_sheet", "score_entry"]
    calls.clear()
    saved = pad.save_round(game.id, entry([150, 5, 6], 1), confirmed=True)
    assert isinstance(saved, Saved) and calls == ["read_sheet", "score_entry"]


def test_a_save_on_an_old_sheet_is_a_conflict_and_writes_nothing(ctx: Flask) -> None:
    game = pad.new_game(["Ann", "Bob"])
    pad.add_round(game.id, entry([5, 7], 0))
    with pytest.raises(Conflict):
        pad.save_round(game.id, entry([1, 1], 0), expected_version=game.version)
    assert len(pad.get_sheet(game.id).rounds) == 1
    assert db.session.scalar(select(Round.id).where(Round.number == 2)) is None


def test_a_use_case_called_by_another_joins_its_transaction(ctx: Flask) -> None:
    @transaction
    def add_two_then_fail() -> None:
        roster.add("Dee")  # a use case of its own: it must not commit here
        roster.add("Eve")
        raise Conflict("Stop.")

    with pytest.raises(Conflict):
        add_two_then_fail()
    names = db.session.scalars(select(Player.name).where(Player.name.in_(["Dee", "Eve"])))
    assert list(names) == []


def test_what_waits_for_the_commit_runs_after_it_and_never_on_a_failure(ctx: Flask) -> None:
    told: list[str] = []

    @transaction
    def works() -> None:
        roster.add("Fay")
        after_commit(lambda: told.append("committed"))
        assert told == []

    @transaction
    def fails() -> None:
        after_commit(lambda: told.append("never"))
        raise Conflict("Stop.")

    works()
    with pytest.raises(Conflict):
        fails()
    assert told == ["committed"]
    db.session.rollback()
    assert db.session.scalar(select(Player.name).where(Player.name == "Fay")) == "Fay"


def test_an_imported_game_has_the_summaries_a_full_recount_gives(ctx: Flask) -> None:
    game_id = pad.new_game(["Ann", "Bob"], {"target": 30}).id
    pad.add_round(game_id, entry([10, 3], 0))
    pad.add_round(game_id, entry([2, 40], 0))  # Bob passes 30: the game ends
    before = seat_rows(game_id)
    exported = json.loads("".join(transfer.export_json()))
    history.delete(game_id)
    report = transfer.import_data(exported)
    assert report.added == 1
    imported = seat_rows(game_id)
    assert imported == before and [row[2] for row in imported] == [1, 2]
    summaries.refresh(db.session.connection(), [game_id])
    assert seat_rows(game_id) == imported
