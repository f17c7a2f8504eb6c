"""Issue 21: a replay step is worked out from the snapshot before it, not from move 0,
and it is the same table as replaying every move from the first deal."""

from __future__ import annotations

import pytest
from flask import Flask
from sqlalchemy import func, select
from table_service_helpers import play_round, solo, tables

from skyjo_pad.engine import move_from_json, outcome, position_from_json, view, view_to_json
from skyjo_pad.extensions import db
from skyjo_pad.models import TableSnapshot, TableState
from skyjo_pad.services import table_store


def test_every_replay_step_equals_replaying_from_the_first_deal(
    ctx: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = solo(seed=11, target=100)
    play_round(game_id)
    state = db.session.get(TableState, game_id)
    assert state is not None
    total = len(state.moves)
    every = table_store.SNAPSHOT_EVERY
    assert total > 3 * every, "a long enough table to need several snapshots"
    kept = db.session.scalar(
        select(func.count()).select_from(TableSnapshot).where(TableSnapshot.game_id == game_id)
    )
    assert kept == total // every

    replayed: list[int] = []
    real = table_store.outcome

    def counting(position, move):  # type: ignore[no-untyped-def]
        replayed.append(1)
        return real(position, move)

    position = position_from_json(state.start)
    for step in range(total + 1):
        if step:
            position = outcome(position, move_from_json(state.moves[step - 1])).position
        monkeypatch.setattr(table_store, "outcome", counting)
        replayed.clear()
        shown = tables.replay(game_id, step)
        monkeypatch.setattr(table_store, "outcome", real)
        assert len(replayed) <= every, f"step {step} replayed {len(replayed)} moves"
        assert shown["view"] == view_to_json(view(position, None)), step
        assert shown["step"] == step and shown["steps"] == total


def test_a_table_kept_before_snapshots_still_replays(ctx: Flask) -> None:
    game_id = solo(seed=5)
    play_round(game_id)
    db.session.execute(TableSnapshot.__table__.delete())
    db.session.commit()
    state = db.session.get(TableState, game_id)
    assert state is not None
    total = len(state.moves)
    position = position_from_json(state.start)
    for data in state.moves:
        position = outcome(position, move_from_json(data)).position
    assert tables.replay(game_id, total)["view"] == view_to_json(view(position, None))
