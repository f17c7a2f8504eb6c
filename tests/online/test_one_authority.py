"""Issue 21: one authority for every table. The same refusal gets the same status and
words on a one-phone table and an online one; the host's new link shows no drawn card;
a chosen deal is told to every seat; a table over is read-only and closes its streams;
reads write nothing; an online table is made in one transaction."""

from __future__ import annotations

import hashlib
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from online_walk import bearer, create, kept, move, seat_tokens, state, until_drawn
from sqlalchemy import event, func, select
from table_forms import table_form

from skyjo_pad.extensions import db
from skyjo_pad.models import Game, TableState, TableToken
from skyjo_pad.services import live, online, table_thinkers, tables


def _phone_table(app: Flask, client: FlaskClient) -> tuple[str, dict[str, Any]]:
    """A one-phone table of Ann, Bob and a hard bot, played on `client`'s device."""
    with app.app_context():
        seats = [tables.SeatChoice("Ann"), tables.SeatChoice("Bob"), tables.SeatChoice("B", "hard")]
        game_id = tables.create(seats, {"target": 20})
    answer = client.get(f"/api/phone-tables/{game_id}")  # the first device to open it
    assert answer.status_code == 200
    return game_id, answer.get_json()


def _phone_move(client: FlaskClient, game_id: str, version: Any, made: Any) -> Any:
    return client.post(
        f"/api/phone-tables/{game_id}/moves", json={"version": version, "move": made}
    )


def _same(one: Any, other: Any) -> None:
    assert one.status_code == other.status_code, (one.json, other.json)
    assert one.get_json()["error"] == other.get_json()["error"]


def test_the_same_refusal_has_the_same_status_and_words_on_both_tables(
    app: Flask, client: FlaskClient
) -> None:
    game_id, screen = _phone_table(app, client)
    table = create(client)
    ann = seat_tokens(table)[0]
    seen = state(client, table, ann)
    # a stale version
    stale_phone = _phone_move(client, game_id, screen["version"] - 1, screen["moves"][0])
    stale_online = move(
        client, table, ann, {"version": seen["version"] - 1, "move": seen["moves"][0]}
    )
    assert stale_phone.status_code == 409
    _same(stale_phone, stale_online)
    # against the rules: drawing during the opening reveals
    draw = {"action": "draw"}
    illegal_phone = _phone_move(client, game_id, screen["version"], draw)
    illegal_online = move(client, table, ann, {"version": seen["version"], "move": draw})
    assert illegal_phone.status_code == 422
    _same(illegal_phone, illegal_online)
    # unreadable
    bad_phone = _phone_move(client, game_id, screen["version"], {"action": "dance"})
    bad_online = move(client, table, ann, {"version": seen["version"], "move": {"action": "dance"}})
    assert bad_phone.status_code == 400
    _same(bad_phone, bad_online)
    # another seat's card
    theirs = {"action": "reveal", "seat": 1, "cell": [0, 0]}
    theirs_phone = _phone_move(client, game_id, screen["version"], theirs)
    theirs_online = move(client, table, ann, {"version": seen["version"], "move": theirs})
    assert theirs_phone.status_code == 403
    _same(theirs_phone, theirs_online)
    # a table that is over
    assert client.post(f"/tables/{game_id}/abandon", data={"confirm": "yes"}).status_code == 302
    host = bearer(table["host_token"])
    gone = client.post(f"/api/tables/{table['id']}/abandon", json={"confirm": True}, headers=host)
    assert gone.status_code == 200 and gone.get_json()["status"] == "abandoned"
    over_phone = _phone_move(client, game_id, screen["version"], screen["moves"][0])
    over_online = move(client, table, ann, {"version": seen["version"], "move": seen["moves"][0]})
    assert over_phone.status_code == 409
    _same(over_phone, over_online)


def test_the_host_cannot_reissue_the_link_of_a_seat_holding_a_drawn_card(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    revoked: list[tuple[str, str]] = []
    monkeypatch.setattr(live, "revoke", lambda game, old: revoked.append((game, old)))
    table = create(client)
    game_id, host = table["id"], bearer(table["host_token"])
    acting, drawn = until_drawn(client, table)
    before = kept(app, game_id)
    refused = client.post(f"/api/tables/{game_id}/seats/{acting}/token", headers=host)
    assert refused.status_code == 409
    assert "wait until it is placed" in refused.get_json()["error"]
    assert kept(app, game_id) == before and revoked == []
    old = seat_tokens(table)[acting]
    assert state(client, table, old)["seat"] == acting  # the old link still works
    host_page = f"/t/{table['host_token']}"
    for form in ({}, {"confirm": "yes"}):  # refused before the host confirms it too
        page = client.post(f"{host_page}/seats/{acting}/link", data=form)
        assert page.status_code == 303 and page.location == host_page
        assert "wait until it is placed" in client.get(host_page).text
    assert kept(app, game_id) == before and revoked == []
    # the other seat may get a new link; its old one stops and its streams are closed
    other = 1 - acting
    fresh = client.post(f"/api/tables/{game_id}/seats/{other}/token", headers=host)
    assert fresh.status_code == 200
    old_other = seat_tokens(table)[other]
    assert revoked == [(game_id, hashlib.sha256(old_other.encode()).hexdigest())]
    assert client.get(f"/api/tables/{game_id}", headers=bearer(old_other)).status_code == 401
    # once the card is placed, the acting seat's link may be reissued too
    now = state(client, table, old)["version"]  # the other seat's new link moved it on
    assert now == drawn["version"] + 1
    placed = move(client, table, old, {"version": now, "move": {"action": "discard"}})
    assert placed.status_code == 200, placed.json
    again = client.post(f"/api/tables/{game_id}/seats/{acting}/token", headers=host)
    assert again.status_code == 200
    assert state(client, table, again.get_json()["token"])["seat"] == acting


def test_a_seat_handed_to_a_computer_holding_its_drawn_card_shows_that_card_to_no_link(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The person on turn drew a card; the host hands the seat to the expert, who thinks
    (here: never done). No new link, no old link and no give-back shows the card."""
    monkeypatch.setattr(table_thinkers, "start", lambda game_id, work: None)
    table = create(client)
    game_id, host = table["id"], bearer(table["host_token"])
    acting, _drawn = until_drawn(client, table)
    seats = f"/api/tables/{game_id}/seats/{acting}"
    handed = client.post(f"{seats}/player", json={"bot": "expert"}, headers=host)
    assert handed.status_code == 200, handed.json
    old = seat_tokens(table)[acting]
    assert state(client, table, old)["view"]["held"]["value"] is None
    before = kept(app, game_id)
    assert client.post(f"{seats}/token", headers=host).status_code == 409
    back = client.post(f"{seats}/player", json={"bot": None}, headers=host)
    assert back.status_code == 409 and "wait until it is placed" in back.get_json()["error"]
    assert kept(app, game_id) == before
    host_page = f"/t/{table['host_token']}"
    page = client.post(f"{host_page}/seats/{acting}/player", data={})
    assert page.status_code == 303 and page.location == host_page
    assert "wait until it is placed" in client.get(host_page).text
    assert kept(app, game_id) == before


def test_a_chosen_deal_is_told_to_every_seat(app: Flask, client: FlaskClient) -> None:
    chosen = create(client, seed=42)
    wide = create(client, seed=(1 << 128) | 5)  # as wide as a secret deal, but chosen
    secret = create(client)
    for table in (chosen, wide):
        for token in (*seat_tokens(table), table["host_token"], table["spectator_token"]):
            assert state(client, table, token)["chosen_deal"] is True
    for token in (*seat_tokens(secret), secret["spectator_token"]):
        assert state(client, secret, token)["chosen_deal"] is False
    notice = "The host chose this deal's number: they can know every card."
    assert notice in client.get(f"/t/{seat_tokens(chosen)[1]}").text
    assert notice not in client.get(f"/t/{seat_tokens(secret)[1]}").text


def test_a_deal_number_typed_in_the_form_is_told_to_every_seat(
    app: Flask, client: FlaskClient
) -> None:
    form = table_form(("Ann", "person"), ("Bob", "person"), seed="42", confirm_online="1")
    page = client.post("/tables/new", data=form, follow_redirects=True)
    assert page.status_code == 200
    links = sorted(set(re.findall(r"/t/([A-Za-z0-9_-]{43})", page.text)))
    assert len(links) == 4  # two seats, the spectators, the host
    notice = "The host chose this deal's number: they can know every card."
    with app.app_context():
        state_row = db.session.scalar(select(TableState))
        assert state_row is not None and state_row.chosen_deal and state_row.online
    seats = [token for token in links if client.get(f"/t/{token}").status_code == 200]
    told = [token for token in seats if notice in client.get(f"/t/{token}").text]
    assert len(told) == 3  # both seats and the spectators (not the host: it chose it)


def test_a_table_over_opens_read_only_through_its_links_and_closes_its_streams(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[tuple[str, int, bool]] = []
    real = live.told  # a move announces at its commit, then tells this process's streams

    def announce(game_id: str, version: int, *, closed: bool = False) -> None:
        told.append((game_id, version, closed))
        real(game_id, version, closed=closed)

    monkeypatch.setattr(live, "told", announce)
    table = create(client)
    ann = seat_tokens(table)[0]
    seen = state(client, table, ann)
    assert (
        move(client, table, ann, {"version": seen["version"], "move": seen["moves"][0]}).status_code
        == 200
    )
    assert told and told[-1][2] is False
    host = bearer(table["host_token"])
    client.post(f"/api/tables/{table['id']}/abandon", json={"confirm": True}, headers=host)
    assert told[-1][2] is True
    final = state(client, table, ann)
    assert final["status"] == "abandoned" and final["moves"] == [] and not final["can_deal"]
    assert client.get(f"/t/{ann}").status_code == 200
    refused = move(client, table, ann, {"version": final["version"], "move": {"action": "draw"}})
    assert refused.status_code == 409


def test_reads_write_nothing(app: Flask, client: FlaskClient) -> None:
    table = create(client)
    ann = seat_tokens(table)[0]
    with app.app_context():
        seats = [tables.SeatChoice("Ann"), tables.SeatChoice("Bob")]
        game_id = tables.create(seats, {})
        tables.screen(game_id, "some device")
        online.screen(table["id"], ann)
        online.identify(table["id"], ann)
        db.session.remove()
        assert db.session.get(TableState, game_id).owner is None
        row = db.session.scalar(select(TableToken).where(TableToken.seat == 0))
        assert row is not None and row.opened_at is None
        db.session.remove()
    client.get(f"/api/tables/{table['id']}", headers=bearer(ann))  # the explicit `opened`
    client.get(f"/tables/{game_id}")  # the explicit `claim`
    with app.app_context():
        assert db.session.get(TableState, game_id).owner is not None
        row = db.session.scalar(select(TableToken).where(TableToken.seat == 0))
        assert row is not None and row.opened_at is not None


def test_a_link_opened_before_is_read_in_two_statements_and_commits_nothing(
    app: Flask, client: FlaskClient
) -> None:
    """The phones of an online table ask for its state after every move: once a link was
    opened (noted the first time), such a read sends two statements (the token with its
    game and its state; the game's seats and players) and no commit."""
    table = create(client)
    ann = seat_tokens(table)[0]
    url = f"/api/tables/{table['id']}"
    assert client.get(url, headers=bearer(ann)).status_code == 200  # noted as opened
    with app.app_context():
        engine = db.engine
    sent: list[str] = []
    commits: list[object] = []

    def statement(_conn: Any, _cursor: Any, text: str, *_rest: Any) -> None:
        sent.append(text.lstrip().split(None, 1)[0].upper())

    def commit(conn: Any) -> None:
        commits.append(conn)

    event.listen(engine, "before_cursor_execute", statement)
    event.listen(engine, "commit", commit)
    try:
        answer = client.get(url, headers=bearer(ann))
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        event.remove(engine, "commit", commit)
    assert answer.status_code == 200 and answer.get_json()["version"] >= 0
    assert sent == ["SELECT", "SELECT"] and commits == []


def test_a_failed_online_create_leaves_nothing_behind(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[str] = []
    real = online.new_token

    def failing() -> str:
        if len(made) == 3:
            raise RuntimeError("the tokens ran out")
        made.append(real())
        return made[-1]

    monkeypatch.setattr(online, "new_token", failing)
    with app.app_context(), pytest.raises(RuntimeError):
        online.create(
            [online.Invitee("Ann"), online.Invitee("Bob"), online.Invitee("C", bot="easy")]
        )
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Game)) == 0
        assert db.session.scalar(select(func.count()).select_from(TableState)) == 0
        assert db.session.scalar(select(func.count()).select_from(TableToken)) == 0
