"""Other phones following a score sheet (API.md, "other phones following a sheet"): the
sheet's event stream and its secret watch and keeper links, on SQLite and PostgreSQL."""

from __future__ import annotations

import base64
import threading
import time
from typing import Any

from api_helpers import RULEBOOK_ROUND, PadApi
from flask import Flask
from online_helpers import StreamReader, versions_in
from sqlalchemy import select

from skyjo_pad.accesslog import redact
from skyjo_pad.extensions import db
from skyjo_pad.models import PadShareLink
from skyjo_pad.services import history, live

PASSWORD = "table-secret"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def make_link(api: PadApi, game_id: str, kind: str) -> dict[str, Any]:
    answer = api.client.post(f"/api/games/{game_id}/shares", json={"kind": kind})
    assert answer.status_code == 201, answer.json
    return api.json(answer)


def test_a_link_is_shown_once_and_kept_as_a_digest(
    app: Flask, api: PadApi, game: dict[str, Any]
) -> None:
    watch = make_link(api, game["id"], "watch")
    keeper = make_link(api, game["id"], "keeper")
    for made in (watch, keeper):
        assert len(made["token"]) >= 32  # 192 random bits, URL-safe
        assert made["link"].endswith("/s/" + made["token"])
    assert watch["kind"] == "watch" and keeper["kind"] == "keeper"
    listed = api.json(api.client.get(f"/api/games/{game['id']}/shares"))["links"]
    assert [(x["id"], x["kind"]) for x in listed] == [
        (watch["id"], "watch"),
        (keeper["id"], "keeper"),
    ]
    assert "token" not in str(listed) and watch["token"] not in str(listed)
    with app.app_context():
        kept = db.session.scalars(select(PadShareLink.digest)).all()
    assert len(kept) == 2 and not {watch["token"], keeper["token"]} & set(kept)


def test_making_a_link_refuses_what_it_cannot_make(api: PadApi, game: dict[str, Any]) -> None:
    before = api.counts()
    api.refused(api.client.post(f"/api/games/{game['id']}/shares", json={"kind": "boss"}), 422)
    api.refused(api.client.post(f"/api/games/{game['id']}/shares", json={"kind": 3}), 400)
    api.refused(api.client.post(f"/api/games/{game['id']}/shares", json={"who": "x"}), 400)
    api.refused(api.client.post("/api/games/nosuchgame/shares", json={"kind": "watch"}), 404)
    api.refused(api.client.delete(f"/api/games/{game['id']}/shares/999"), 404)
    assert api.counts() == before
    assert api.json(api.client.get(f"/api/games/{game['id']}/shares"))["links"] == []


def test_a_watch_link_reads_and_a_keeper_link_also_writes(
    api: PadApi, game: dict[str, Any]
) -> None:
    gid = game["id"]
    watch, keeper = make_link(api, gid, "watch")["token"], make_link(api, gid, "keeper")["token"]
    assert api.json(api.client.get(f"/api/games/{gid}", headers=bearer(watch)))["id"] == gid
    refused = api.refused(
        api.client.post(f"/api/games/{gid}/rounds", json=RULEBOOK_ROUND, headers=bearer(watch)),
        403,
    )
    assert "only shows the sheet" in refused
    assert api.game(gid)["rounds"] == []
    saved = api.client.post(f"/api/games/{gid}/rounds", json=RULEBOOK_ROUND, headers=bearer(keeper))
    assert saved.status_code == 201 and api.json(saved)["totals"] == [8, 50, 20]
    correction = {"scores": [1, 2, 3], "closer": 0}
    fixed = api.client.put(f"/api/games/{gid}/rounds/1", json=correction, headers=bearer(keeper))
    assert fixed.status_code == 200 and api.json(fixed)["totals"] == [1, 2, 3]
    api.refused(api.client.delete(f"/api/games/{gid}/rounds/1", headers=bearer(watch)), 403)
    taken = api.client.delete(f"/api/games/{gid}/rounds/1", headers=bearer(keeper))
    assert taken.status_code == 200 and api.json(taken)["rounds"] == []
    other = api.new_game(["Dee", "Eve"])
    api.refused(api.client.get(f"/api/games/{other['id']}", headers=bearer(keeper)), 401)
    api.refused(api.client.get(f"/api/games/{gid}", headers=bearer("x" * 40)), 401)


def test_two_phones_saving_the_same_round_give_one_round_and_a_clear_word(
    api: PadApi, game: dict[str, Any]
) -> None:
    gid = game["id"]
    keeper = make_link(api, gid, "keeper")["token"]
    version = api.game(gid)["version"]
    body = {**RULEBOOK_ROUND, "version": version}
    results: list[Any] = []

    def save(headers: dict[str, str]) -> None:
        with api.app.test_client() as client:
            results.append(client.post(f"/api/games/{gid}/rounds", json=body, headers=headers))

    phones = [threading.Thread(target=save, args=(h,)) for h in (bearer(keeper), {})]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join()
    assert sorted(r.status_code for r in results) == [201, 409]
    loser = next(r for r in results if r.status_code == 409)
    assert "another phone" in api.refused(loser, 409)
    assert len(api.game(gid)["rounds"]) == 1


def test_the_sheets_stream_tells_every_saved_round(
    app: Flask, api: PadApi, game: dict[str, Any]
) -> None:
    gid = game["id"]
    watch = make_link(api, gid, "watch")["token"]
    first = api.client.get(f"/api/games/{gid}/events", headers=bearer(watch))
    assert first.status_code == 200 and first.mimetype == "text/event-stream"
    assert versions_in(first.text) == [game["version"]]
    owner = api.client.get(f"/api/games/{gid}/events")  # the sheet's own phone, no password
    assert versions_in(owner.text) == [game["version"]]
    api.refused(api.client.get(f"/api/games/{gid}/events", headers=bearer("y" * 40)), 401)
    api.refused(api.client.get("/api/games/nosuchgame/events"), 404)
    app.config["STREAM_SECONDS"] = 6  # room for two saves on a busy machine
    stream = api.client.get(f"/api/games/{gid}/events", headers=bearer(watch), buffered=False)
    told = StreamReader(stream.response)
    assert told.until(game["version"]) == [game["version"]]
    one = api.add_round(gid, RULEBOOK_ROUND)
    assert told.until(one["version"]) == [game["version"], one["version"]]
    two = api.add_round(gid, {"scores": [1, 1, 1], "closer": None})
    assert told.until(two["version"]) == [game["version"], one["version"], two["version"]]
    stream.close()
    assert live.HUB.count(gid) == 0  # the closed stream left the hub


def opened(gid: str) -> bool:
    """Whether a stream of the game is open: subscribed, and the sheet's version read
    after (until then a change can still refuse it, as a game deleted meanwhile)."""
    return any(s.seen > 0 for s in live.HUB.open_streams() if s.game_id == gid)


def follow_in_background(api: PadApi, gid: str, token: str) -> tuple[threading.Thread, list[float]]:
    """A phone following the sheet's stream with `token` on a thread of its own, once the
    stream is open; the list gets the moment the stream ended after a well-formed answer."""
    ended: list[float] = []

    def follow() -> None:
        got = api.app.test_client().get(f"/api/games/{gid}/events", headers=bearer(token))
        if got.status_code == 200 and got.text.startswith("retry"):
            ended.append(time.monotonic())

    reader = threading.Thread(target=follow)
    reader.start()
    deadline = time.monotonic() + 10
    while not opened(gid) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert live.HUB.count(gid) == 1 and opened(gid)
    return reader, ended


def test_a_revoked_link_stops_at_once_its_open_stream_too(
    app: Flask, api: PadApi, game: dict[str, Any]
) -> None:
    gid = game["id"]
    made = make_link(api, gid, "watch")
    app.config["STREAM_SECONDS"] = 30
    reader, ended = follow_in_background(api, gid, made["token"])
    revoked_at = time.monotonic()
    answer = api.client.delete(f"/api/games/{gid}/shares/{made['id']}")
    assert api.json(answer) == {"revoked": made["id"]}
    reader.join(5)
    assert ended and ended[0] - revoked_at < 1.0
    api.refused(api.client.get(f"/api/games/{gid}", headers=bearer(made["token"])), 401)
    api.refused(api.client.get(f"/api/games/{gid}/events", headers=bearer(made["token"])), 401)
    assert api.json(api.client.get(f"/api/games/{gid}/shares"))["links"] == []


def test_links_work_when_the_access_password_is_set(make_app: Any) -> None:
    app = make_app(ACCESS_PASSWORD=PASSWORD)
    api = PadApi(app, app.test_client())
    basic = {"Authorization": "Basic " + base64.b64encode(b"x:" + PASSWORD.encode()).decode()}
    created = api.client.post("/api/games", json={"players": ["Ann", "Bob", "Cy"]}, headers=basic)
    gid = api.json(created)["id"]
    made = api.client.post(f"/api/games/{gid}/shares", json={"kind": "watch"}, headers=basic)
    watch = api.json(made)["token"]
    made = api.client.post(f"/api/games/{gid}/shares", json={"kind": "keeper"}, headers=basic)
    keeper = api.json(made)["token"]
    api.refused(api.client.get(f"/api/games/{gid}"), 401)
    assert api.client.get(f"/api/games/{gid}", headers=bearer(watch)).status_code == 200
    assert api.client.get(f"/api/games/{gid}/events", headers=bearer(watch)).status_code == 200
    rounds = f"/api/games/{gid}/rounds"
    assert api.client.post(rounds, json=RULEBOOK_ROUND, headers=bearer(keeper)).status_code == 201
    api.refused(
        api.client.post(f"/api/games/{gid}/rounds", json=RULEBOOK_ROUND, headers=bearer(watch)), 403
    )
    # a link never makes links, lists them, or opens another game or page
    api.refused(api.client.get(f"/api/games/{gid}/shares", headers=bearer(keeper)), 401)
    api.refused(
        api.client.post(f"/api/games/{gid}/shares", json={"kind": "x"}, headers=bearer(keeper)), 401
    )
    api.refused(api.client.get("/api/games/other12345", headers=bearer(keeper)), 401)
    assert api.client.get("/history", headers=bearer(keeper)).status_code in (302, 303)


def test_no_log_line_shows_a_sheets_link() -> None:
    line = '127.0.0.1 - "GET /s/AbC_dEf-123456789/tv/part HTTP/1.1" 200'
    assert "AbC_dEf" not in redact(line) and "/s/…/tv/part" in redact(line)
    encoded = '"GET /language/fr?next=%2Ft%2FILp_2SZ-5c&x=1 HTTP/1.1" 302'  # re-encoded by hand
    assert redact(encoded) == '"GET /language/fr?next=%2Ft%2F…&x=1 HTTP/1.1" 302'


def test_a_digital_tables_game_has_no_sheet_stream_or_links(api: PadApi) -> None:
    table = api.client.post("/api/tables", json={"seats": [{"name": "Ann"}, {"name": "Bob"}]})
    gid = api.json(table)["id"]
    for refused in (
        api.client.get(f"/api/games/{gid}/events"),
        api.client.post(f"/api/games/{gid}/shares", json={"kind": "watch"}),
    ):
        assert api.refused(refused, 404) == "Only a score pad game can be shown on other phones."


def test_deleting_a_game_ends_the_streams_that_follow_it(
    app: Flask, api: PadApi, game: dict[str, Any]
) -> None:
    gid = game["id"]
    watch = make_link(api, gid, "watch")["token"]
    app.config["STREAM_SECONDS"] = 30
    reader, ended = follow_in_background(api, gid, watch)
    with app.app_context():
        history.delete(gid)
    deleted_at = time.monotonic()
    reader.join(5)
    assert ended and ended[0] - deleted_at < 1.0
    api.refused(api.client.get(f"/api/games/{gid}/events", headers=bearer(watch)), 401)
