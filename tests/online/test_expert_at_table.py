"""The expert at a digital table: offered with the other levels, its turns searched
outside any transaction (on one phone before the step's transaction; online by a
background thread after the person's move committed), a stale search never played, and
an online table whose thinker was lost set thinking again when it is next opened."""

from __future__ import annotations

import logging
import re
from contextlib import ExitStack
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from online_walk import bearer, state
from sqlalchemy.orm.exc import StaleDataError

from skyjo_pad.bots import BUILTIN, ExpertBot
from skyjo_pad.engine import Move, Phase, View
from skyjo_pad.extensions import db
from skyjo_pad.models import Game, TableState
from skyjo_pad.presenters.table_screen import screen_json
from skyjo_pad.services import table_play, table_store, table_thinkers, tables
from skyjo_pad.services.errors import Busy, Conflict


def _screen(game_id: str) -> dict[str, Any]:
    return screen_json(tables.screen(game_id))


def _play(game_id: str, move: object, version: object) -> dict[str, Any]:
    return screen_json(tables.play(game_id, move, version))


def _advance(game_id: str, version: object) -> dict[str, Any]:
    return screen_json(tables.advance(game_id, version))


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Whether a transaction was open at each of the expert's searches (a quick search:
    the tests check where it runs, not how well)."""
    seen: list[bool] = []
    choose = ExpertBot.choose

    def watched(self: ExpertBot, view: View, legal: Any) -> Move:
        if view.phase is Phase.TURN:
            seen.append(db.session().in_transaction())
        self.budget = 200
        return choose(self, view, legal)

    monkeypatch.setattr(ExpertBot, "choose", watched)
    return seen


def _move_count(game_id: str) -> int:
    db.session.expire_all()
    state = db.session.get(TableState, game_id)
    assert state is not None
    return len(state.moves)


def _person_plays_until_expert_turn(game_id: str) -> dict[str, Any]:
    """Ann's plain moves and the quick steps until the expert must take a turn."""
    screen = _screen(game_id)
    for _ in range(200):
        if screen["bots"][screen["actor"]] == "expert" and screen["view"]["phase"] == "turn":
            return screen
        if screen["bots"][screen["actor"]] is None:
            moves = screen["moves"]
            made = {"action": "draw"} if {"action": "draw"} in moves else moves[0]
            screen = _play(game_id, made, screen["version"])
        else:
            screen = _advance(game_id, screen["version"])
    raise AssertionError("the expert never came to play")


def test_the_new_table_form_offers_the_expert_last(client: FlaskClient) -> None:
    page = client.get("/tables/new").get_data(as_text=True)
    seat = re.search(r'<select[^>]*id="seat-0-kind"[^>]*>(.*?)</select>', page, re.S)
    assert seat is not None, page
    offered = re.findall(r'<option[^>]*value="(\w+)"[^>]*>([^<]+)</option>', seat.group(1))
    assert [value for value, _ in offered] == ["person", *BUILTIN]
    assert offered[-1] == ("expert", "Expert bot")


def test_a_one_phone_step_of_the_expert_is_searched_outside_the_transaction(
    ctx: Flask, searches: list[bool]
) -> None:
    game_id = tables.create(
        [tables.SeatChoice("Ann"), tables.SeatChoice("Max", "expert")], {"target": 50}, seed=5
    )
    screen = _person_plays_until_expert_turn(game_id)
    before = _move_count(game_id)
    stepped = _advance(game_id, screen["version"])
    assert _move_count(game_id) == before + 1
    assert stepped["version"] == screen["version"] + 1
    assert searches and not any(searches)
    # A step asked on a version that has moved on is refused before any search.
    with pytest.raises(Conflict, match="moved on"):
        _advance(game_id, screen["version"])
    assert _move_count(game_id) == before + 1 and len(searches) == 1


def test_a_step_waits_for_a_search_slot_then_is_told_the_computer_is_busy(
    ctx: Flask, searches: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = tables.create(
        [tables.SeatChoice("Ann"), tables.SeatChoice("Max", "expert")], {"target": 50}, seed=5
    )
    screen = _person_plays_until_expert_turn(game_id)
    before = _move_count(game_id)
    monkeypatch.setattr(table_thinkers, "WAIT", 0.2)
    with ExitStack() as held:  # other tables' searches hold every slot of the process
        for other in range(table_thinkers.AT_ONCE):
            held.enter_context(table_thinkers.search_slot(f"other table {other}"))
        with pytest.raises(Busy, match="thinking at other tables") as refused:
            tables.advance(game_id, screen["version"])
    assert refused.value.status == 503
    searching = table_thinkers.search_slot(game_id)  # a step of this table is searched
    with searching, pytest.raises(Busy, match="already thinking about this move"):
        tables.advance(game_id, screen["version"])
    assert _move_count(game_id) == before and searches == []
    assert _advance(game_id, screen["version"])["version"] == screen["version"] + 1


def test_a_stale_search_is_never_played(ctx: Flask, searches: list[bool]) -> None:
    game_id = tables.create(
        [tables.SeatChoice("Ann"), tables.SeatChoice("Max", "expert")], {"target": 50}, seed=5
    )
    _person_plays_until_expert_turn(game_id)
    game, state_row = db.session.get(Game, game_id), db.session.get(TableState, game_id)
    assert game is not None and state_row is not None
    planned = table_play.plan(game, state_row, None)
    assert planned is not None and searches == [False]
    before = _move_count(game_id)
    table_play._play_planned(game_id, table_play.Planned(planned.version - 1, planned.move))
    assert _move_count(game_id) == before
    table_play._play_planned(game_id, planned)
    assert _move_count(game_id) == before + 1


def _online(client: FlaskClient) -> tuple[str, str]:
    """An online table of Ann and the expert: its id and Ann's token."""
    answer = client.post(
        "/api/tables",
        json={"seats": [{"name": "Ann"}, {"bot": "expert"}], "rules": {"target": 50}, "seed": 5},
    )
    assert answer.status_code == 201, answer.json
    table = answer.get_json()
    return table["id"], next(s["token"] for s in table["seats"] if "token" in s)


def _ann_plays(
    client: FlaskClient, game_id: str, token: str, seen: dict[str, Any], query: str = ""
) -> dict[str, Any]:
    """Ann's plain move on the table she `seen` (a draw when she may, else her first move);
    its answer (`query`: "?wait=0" to have it at once)."""
    moves = seen["moves"]
    made = {"action": "draw"} if {"action": "draw"} in moves else moves[0]
    answer = client.post(
        f"/api/tables/{game_id}/moves{query}",
        json={"version": seen["version"], "move": made},
        headers=bearer(token),
    )
    assert answer.status_code == 200, answer.json
    played: dict[str, Any] = answer.get_json()
    return played


def _ann_moves_until_the_expert_is_to_act(
    client: FlaskClient, game_id: str, token: str
) -> dict[str, Any]:
    """Ann's plain moves until her move hands the turn to the expert; that move's answer,
    asked for at once (`?wait=0`, the page's way)."""
    table = {"id": game_id}
    seen = state(client, table, token)
    for _ in range(100):
        assert seen["moves"], seen["info"]
        seen = _ann_plays(client, game_id, token, seen, "?wait=0")
        if seen["actor"] == 1 and seen["view"]["phase"] == "turn":
            return seen
        assert table_thinkers.wait_idle(60)
        seen = state(client, table, token)
    raise AssertionError("the expert never came to play")


def test_online_the_expert_plays_after_the_persons_move_committed(
    app: Flask, client: FlaskClient, searches: list[bool]
) -> None:
    game_id, token = _online(client)
    handed = _ann_moves_until_the_expert_is_to_act(client, game_id, token)
    # The person's answer comes at once, with the expert still to act ...
    assert handed["bots"][1] == "expert" and handed["view"]["phase"] == "turn"
    # ... and a thread plays its turn after the commit, outside any transaction.
    assert table_thinkers.wait_idle(60)
    after = state(client, {"id": game_id}, token)
    assert after["version"] > handed["version"]
    assert after["actor"] == 0 or after["view"]["phase"] != "turn"
    assert searches and not any(searches)


def test_online_a_move_is_answered_after_the_experts_turn_unless_asked_at_once(
    app: Flask, client: FlaskClient, searches: list[bool]
) -> None:
    """API.md: the answer comes "after every move the computer seats then make", the
    expert's searched turn too; the page asks for it at once and hears the rest."""
    game_id, token = _online(client)
    handed = _ann_moves_until_the_expert_is_to_act(client, game_id, token)
    assert handed["actor"] == 1
    assert table_thinkers.wait_idle(60)
    for _ in range(100):  # Ann's next moves, answered the way API.md says
        seen = state(client, {"id": game_id}, token)
        if seen["status"] != "playing" or not seen["moves"]:
            break
        after = _ann_plays(client, game_id, token, seen)
        assert not (after["actor"] == 1 and after["view"]["phase"] == "turn"), after["info"]
        assert not table_thinkers.busy()
        if after["version"] >= seen["version"] + 3:  # the expert played within the answer
            return
    raise AssertionError("the expert never played within a move's answer")


def test_online_a_table_whose_thinker_was_lost_thinks_again_when_opened(
    app: Flask, client: FlaskClient, searches: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, token = _online(client)
    with monkeypatch.context() as lost:  # as if the process had stopped mid-thought
        lost.setattr(table_thinkers, "start", lambda *_args: None)
        handed = _ann_moves_until_the_expert_is_to_act(client, game_id, token)
    assert table_thinkers.wait_idle(1)
    still = state(client, {"id": game_id}, token)  # opening the table sets it thinking
    assert still["version"] == handed["version"] and still["actor"] == 1
    assert table_thinkers.wait_idle(60)
    assert state(client, {"id": game_id}, token)["version"] > handed["version"]


def test_a_search_whose_table_moved_on_at_its_write_looks_again_quietly(
    app: Flask,
    client: FlaskClient,
    searches: list[bool],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The host's change committed between the thinker's look and its write: the thinker
    searches the table as it is now and plays, logging no error."""
    game_id, token = _online(client)
    with monkeypatch.context() as held:  # its thinker set going below
        held.setattr(table_thinkers, "start", lambda *_args: None)
        handed = _ann_moves_until_the_expert_is_to_act(client, game_id, token)
    flush, met = table_store.flush, []

    def meets_the_host_once() -> None:
        if not met:
            met.append(True)
            db.session.rollback()
            raise Conflict(table_store.STALE) from StaleDataError("the table moved on")
        flush()

    monkeypatch.setattr(table_store, "flush", meets_the_host_once)
    assert state(client, {"id": game_id}, token)["version"] == handed["version"]
    assert table_thinkers.wait_idle(60)  # opening the table set it thinking
    assert met and len(searches) >= 2
    assert state(client, {"id": game_id}, token)["version"] > handed["version"]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
