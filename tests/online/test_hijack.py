"""Issue 21: an online table is reached only through its tokens. A fresh browser (no
cookie, no token) that knows the table's id walks every route of the app that takes a
game id: nothing answers with the table, a card, a token or the seed, nothing changes,
and no browser becomes the table's one-phone owner."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from online_walk import FACE_DOWN, create, kept, seat_tokens, until_drawn

HISTORY_PAGES = {
    "history.game": {"GET"},
    "history.notes": {"POST"},
    "history.delete": {"GET"},
    "pad.sheet": {"GET"},
    "api.show_game": {"GET"},
}
"""The history's own pages of a game (its public rounds and scores), which the pages
link an online game to. Deleting a game from the history is the history's owner's to do
and is not walked."""
REFUSED = {401, 403, 404, 405}
"""Answers that give nothing: no table here, not without its token, not this way."""
PAD_ROUTES = ("pad.", "api.add_round", "api.replace_round", "api.remove_round")
"""The score pad's round routes, which refuse a table's game (a table's rounds are
played, not typed): any refusal (4xx), with no table data and nothing changed."""


def _path(app: Flask, endpoint: str, arguments: set[str], game_id: str) -> str:
    values: dict[str, Any] = {name: 0 for name in arguments}
    values["game_id"] = game_id
    values.update({k: 1 for k in ("number", "step") if k in arguments})
    adapter = app.url_map.bind("localhost")
    return adapter.build(endpoint, values)


def _secrets(table: dict[str, Any], seed: str) -> list[str]:
    return [*seat_tokens(table), table["host_token"], table["spectator_token"], seed]


def _check_body(text: str, secrets: list[str], where: str) -> None:
    for secret in secrets:
        assert secret not in text, f"{where}: a token or the seed"
    assert not FACE_DOWN.search(text), f"{where}: a face-down card"
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict):
        assert "view" not in data and "state" not in data, f"{where}: the table itself"


def test_a_fresh_browser_gets_nothing_of_an_online_table_on_any_route(
    app: Flask, client: FlaskClient
) -> None:
    table = create(client)
    game_id = table["id"]
    _acting, drawn = until_drawn(client, table)
    before = kept(app, game_id)
    assert before["online"] and before["owner"] is None
    secrets = _secrets(table, before["seed"])
    held = str(drawn["view"]["held"]["value"])

    stranger = app.test_client()
    rules = [r for r in app.url_map.iter_rules() if "game_id" in r.arguments]
    assert len(rules) >= 25, "the walk must see every route that takes a game id"
    walked = 0
    for rule in rules:
        path = _path(app, rule.endpoint, set(rule.arguments), game_id)
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            if rule.endpoint == "history.delete" and method == "POST":
                continue
            answer = stranger.open(path, method=method, json={"version": drawn["version"]})
            where = f"{method} {path} ({rule.endpoint})"
            walked += 1
            if method in HISTORY_PAGES.get(rule.endpoint, set()):
                assert answer.status_code < 500, where
            elif rule.endpoint.startswith(PAD_ROUTES):
                assert 200 <= answer.status_code < 500, f"{where}: {answer.status_code}"
            else:
                assert answer.status_code in REFUSED, f"{where}: {answer.status_code}"
            _check_body(answer.text, secrets, where)
            if rule.endpoint.startswith(("table.", "api.table_")):
                assert answer.status_code == 404, f"{where}: one-phone routes say no table"
                assert f'"value": {held}' not in answer.text

    assert walked >= 28
    again = stranger.get(f"/tables/new?again={game_id}")
    assert again.status_code == 200
    blank = stranger.get("/tables/new?again=nosuchgame").text.replace("nosuchgame", game_id)
    assert again.text == blank, "a form prefilled from the online table"
    after = kept(app, game_id)
    assert after == before, "the walk changed the table or made an owner of it"


def test_pages_link_an_online_game_to_its_history_never_to_the_one_phone_table(
    app: Flask, client: FlaskClient
) -> None:
    table = create(client)
    game_id = table["id"]
    for page in ("/", "/history", f"/history/{game_id}", f"/games/{game_id}"):
        text = client.get(page).text
        assert f"/tables/{game_id}" not in text, page
        assert f"/api/phone-tables/{game_id}" not in text, page
    assert f'href="/history/{game_id}"' in client.get("/history").text


def test_opening_the_one_phone_page_of_an_online_table_makes_no_owner(
    app: Flask, client: FlaskClient
) -> None:
    table = create(client)
    game_id = table["id"]
    before = kept(app, game_id)
    for path in (f"/tables/{game_id}", f"/api/phone-tables/{game_id}", f"/tables/{game_id}/replay"):
        assert client.get(path).status_code == 404
    assert kept(app, game_id) == before
    # and the seats still play as before
    ann = seat_tokens(table)[0]
    seen = client.get(f"/api/tables/{game_id}", headers={"Authorization": f"Bearer {ann}"})
    assert seen.status_code == 200 and seen.get_json()["moves"]


def test_an_online_table_that_is_over_replays_from_the_history_but_never_plays_here(
    app: Flask, client: FlaskClient
) -> None:
    """Once over, an online table's replay and record are the history's, as an imported
    copy's are; its one-phone page stays 404 (no device plays it)."""
    table = create(client)
    game_id = table["id"]
    host = {"Authorization": f"Bearer {table['host_token']}"}
    assert client.get(f"/api/phone-tables/{game_id}/record").status_code == 404  # played
    gone = client.post(f"/api/tables/{game_id}/abandon", json={"confirm": True}, headers=host)
    assert gone.status_code == 200
    page = client.get(f"/history/{game_id}").text
    assert f'href="/tables/{game_id}/replay"' in page
    assert f'href="/api/phone-tables/{game_id}/record"' in page
    replay = client.get(f"/tables/{game_id}/replay")
    assert replay.status_code == 200 and f'href="/history/{game_id}"' in replay.text
    record = client.get(f"/api/phone-tables/{game_id}/record").get_json()
    assert record["format"] == "skyjo-record/1"
    assert client.get(f"/api/phone-tables/{game_id}/replay/0").status_code == 200
    assert client.get(f"/tables/{game_id}").status_code == 404
