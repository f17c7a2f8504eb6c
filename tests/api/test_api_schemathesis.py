"""The API fuzzed from its own OpenAPI document (schemathesis): requests that follow the
document and requests that break it, for every operation. Whatever they hold: no 500, an
answer that matches the document, every refusal a sentence in `error`, and a refused
request changes nothing."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
import schemathesis
from api_helpers import RULEBOOK_ROUND, PadApi
from databases import fuzz_cases
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi import checks as openapi_checks
from sqlalchemy import func, select

from skyjo_pad.api.openapi import DOCUMENT
from skyjo_pad.extensions import db
from skyjo_pad.models import Game, Player, Round, RoundScore

RULES_BEYOND_THE_SCHEMA = ["422"]
"""A body the document allows may still break a rule it cannot state (a score for each
player of that game, distinct names): 422. Never 400: what the document allows is never
malformed (positive_data_acceptance), and what it refuses is never accepted
(negative_data_rejection)."""
ACCEPTED = ["2xx", "401", "403", "404", "409", "429", *RULES_BEYOND_THE_SCHEMA]
"""The answers to a request the document allows."""
CONFIG = SchemathesisConfig.from_dict(
    {"checks": {"positive_data_acceptance": {"expected-statuses": ACCEPTED}}}
)
SCHEMA = schemathesis.openapi.from_dict(DOCUMENT, config=CONFIG)
OPERATIONS = [result.ok() for result in SCHEMA.get_all_operations()]
NOTHING_TO_BREAK = {
    "GET /api/openapi.json",
    "GET /api/tables/{game_id}",
    "GET /api/tables/{game_id}/events",
    "GET /api/tables/{game_id}/record",
    "GET /api/tables/{game_id}/seats",
    "GET /api/games/{game_id}",
    "GET /api/games/{game_id}/events",
    "GET /api/games/{game_id}/shares",
    "GET /api/phone-tables/{game_id}",
    "GET /api/phone-tables/{game_id}/record",
    "GET /api/phone-tables/{game_id}/replay",
}
"""Operations no request can break the document of (no body; any text is an id)."""
CASES_TO_RUN = [
    (operation, mode)
    for operation in OPERATIONS
    for mode in schemathesis.GenerationMode
    if mode is schemathesis.GenerationMode.POSITIVE or operation.label not in NOTHING_TO_BREAK
]
JSON = "application/json"
OWN_TOKENS = [openapi_checks.ignored_auth]
"""schemathesis's guess that its own made-up token should be refused: the cases here carry
real tokens (and none, and made-up ones), and the online tests check every refusal."""
EXAMPLES = fuzz_cases(60)
"""Cases per operation and mode: a second or two each."""
CASES_PROPERTY = "schemathesis_cases"
"""The report's property with the count of cases a test ran (the run's total is printed
at its end, tests/conftest.py)."""


ONLINE: dict[str, Any] = {}
"""The online table of the running test's app (its tokens are shown once only)."""


def online_table(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """An online table of Ann, Bob and a computer player, made once per test."""
    if ONLINE.get("app") is not app:
        body = {"seats": [{"name": "Ann"}, {"name": "Bob"}, {"bot": "easy"}], "seed": 5}
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 201
        ONLINE.update(app=app, table=answer.get_json())
    table: dict[str, Any] = ONLINE["table"]
    return table


def with_token(
    case: Any, chooser: random.Random, app: Flask, client: FlaskClient
) -> dict[str, str]:
    """An online table's operation: most cases go to a real table with one of its tokens
    (a seat's, the host's, the spectator's), some with none or a made-up one."""
    table = online_table(app, client)
    if chooser.random() < 0.8:
        case.path_parameters["game_id"] = table["id"]
    pick = chooser.choice(["seat", "seat", "other seat", "host", "spectator", "none", "junk"])
    token = {
        "seat": table["seats"][0]["token"],
        "other seat": table["seats"][1]["token"],
        "host": table["host_token"],
        "spectator": table["spectator_token"],
        "junk": "junk-" + str(chooser.getrandbits(64)),
    }.get(pick)
    if "version" in (case.body if isinstance(case.body, dict) else {}) and chooser.random() < 0.5:
        case.body["version"] = 2  # sometimes the table's version, so a move can be played
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def negated(case: Any) -> set[str]:
    """Where schemathesis broke the document in a negative case (nothing: a positive one)."""
    if case.meta is None or case.meta.generation.mode.is_positive:
        return {"positive"}
    return {str(loc.value) for loc, info in case.meta.components.items() if info.mode.is_negative}


def rewritten(case: Any, made: tuple[Any, dict[str, Any]]) -> set[str]:
    """What this test sent instead of what schemathesis made: always its own headers (a
    table's token, or none) and the client's cookies; the path and the body when it
    pointed the case at a real game or table version."""
    body, path = made
    sent = {"header", "cookie"}
    if path != case.path_parameters:
        sent.add("path")
    if body != case.body:
        sent.add("body")
    return sent


def whole_float(body: object) -> bool:
    """Whether a body holds a number like 2.0: JSON Schema's `integer` takes it (no
    keyword can tell 2.0 from 2), the API refuses it (400, "write whole numbers without a
    decimal point"), as its document says in words."""
    if isinstance(body, float):
        return body.is_integer()
    if isinstance(body, dict):
        return any(whole_float(value) for value in body.values())
    if isinstance(body, list):
        return any(whole_float(value) for value in body)
    return False


COUNTS = select(
    *(
        select(func.count()).select_from(model).scalar_subquery()
        for model in (Game, Player, Round, RoundScore)
    )
)
VERSIONS = select(Game.id, Game.version).order_by(Game.id)


def store(app: Flask) -> tuple[Any, ...]:
    """Everything a request could change: the rows of each kind, and every game's version
    (read in one go: the test reads them two or three times a case)."""
    with app.app_context(), db.engine.connect() as connection:
        counts = tuple(connection.execute(COUNTS).one())
        versions = tuple(tuple(row) for row in connection.execute(VERSIONS))
    return counts, versions


@pytest.mark.parametrize(
    ("operation", "mode"), CASES_TO_RUN, ids=[f"{o.label} {m.value}" for o, m in CASES_TO_RUN]
)
def test_the_api_keeps_its_contract_whatever_it_is_sent(
    app: Flask,
    client: FlaskClient,
    api: PadApi,
    operation: Any,
    mode: Any,
    record_property: Callable[[str, object], None],
) -> None:
    """Up to EXAMPLES cases of the operation, each checked by `check_one_case`; at least
    one ran (their count goes into the report: CASES_PROPERTY, summed at the end)."""
    ran: list[str] = []

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    @given(data=st.data())
    def fuzz(data: Any) -> None:
        check_one_case(app, client, api, data.draw(operation.as_strategy(generation_mode=mode)))
        ran.append(operation.label)

    fuzz()
    record_property(CASES_PROPERTY, len(ran))
    assert ran, f"no case of {operation.label} ran"


def check_one_case(app: Flask, client: FlaskClient, api: PadApi, case: Any) -> None:
    """Send one case: no 500, an answer that matches the document, a refusal with a
    sentence in `error` that changed nothing."""
    app.config["STREAM_SECONDS"] = 0.02  # an event stream answers at once and ends
    known = store(app)[1]
    if not known:  # a game with one round, which most cases are pointed at
        game = api.new_game()
        api.add_round(game["id"], RULEBOOK_ROUND)
        known = store(app)[1]
    chooser = random.Random(repr(case.body) + repr(case.path_parameters))
    made = (copy.deepcopy(case.body), dict(case.path_parameters))
    headers: dict[str, str] = {}
    if case.formatted_path.startswith("/api/tables/"):
        headers = with_token(case, chooser, app, client)
    elif "game_id" in case.path_parameters and chooser.random() < 0.7:
        case.path_parameters["game_id"] = known[0][0]
    if "number" in case.path_parameters and chooser.random() < 0.5:
        case.path_parameters["number"] = 1
    before = store(app)
    kwargs: dict[str, Any] = {"query_string": case.query or None, "headers": headers}
    if isinstance(case.body, bytes):  # not JSON at all
        kwargs |= {"data": case.body, "content_type": case.media_type or JSON}
    elif case.body is not schemathesis.core.NOT_SET:
        kwargs |= {"data": json.dumps(case.body), "content_type": case.media_type or JSON}
    response = client.open(case.formatted_path, method=case.method, **kwargs)
    assert response.status_code < 500, response.text[:300]
    excluded = OWN_TOKENS
    if set(negated(case)) <= rewritten(case, made):  # what broke the document was not sent
        excluded = [*OWN_TOKENS, openapi_checks.negative_data_rejection]
    positive = case.meta is not None and case.meta.generation.mode.is_positive
    if positive and response.status_code == 400 and whole_float(case.body):
        refusal = response.get_json()["error"]  # the one refusal a document allows
        assert "decimal point" in refusal or "whole number" in refusal, refusal
        excluded = [*OWN_TOKENS, openapi_checks.positive_data_acceptance]
    case.validate_response(response, excluded_checks=excluded)
    if response.status_code >= 400:
        answer = response.get_json()
        assert isinstance(answer["error"], str) and answer["error"]
        assert set(answer) <= {"error", "state", "message"}  # a table's refusal: its screen
        if "message" in answer:  # in English, only to say a card's place in words
            assert re.search(r"row \d, column \d", answer["message"]), answer
        assert store(app) == before, "a refused request changed something"
