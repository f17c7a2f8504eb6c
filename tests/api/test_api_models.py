"""Every request body declared once: the models read the bodies, word the refusals as
translatable sentences, and are the request schemas of the OpenAPI document."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from api_helpers import PadApi
from flask.testing import FlaskClient

from skyjo_pad.api.models.pad import NewGame, NewRoundBody, RoundBody
from skyjo_pad.api.models.reading import Body
from skyjo_pad.api.models.schemas import MODELS
from skyjo_pad.api.models.tables import NewOnlineTable
from skyjo_pad.api.openapi import DOCUMENT
from skyjo_pad.bots import BUILTIN
from skyjo_pad.engine.limits import MULTIPLIER_MAX, TARGET_MAX
from skyjo_pad.engine.notation import ACTIONS, move_from_json
from skyjo_pad.engine.rules import Rules, RulesError
from skyjo_pad.services.errors import Invalid, Malformed, ServiceError
from skyjo_pad.services.roster import COMPUTER_NAMES
from skyjo_pad.web.table_forms import BOT_KINDS


def schema_of(name: str) -> dict[str, Any]:
    """A request schema of the document, with the components its references name."""
    return {**DOCUMENT["components"]["schemas"][name], "components": DOCUMENT["components"]}


def test_the_document_holds_each_models_own_schema(client: FlaskClient) -> None:
    served = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    for model in MODELS:
        own = model.model_json_schema(ref_template="#/components/schemas/{model}")
        assert served[model.__name__]["properties"].keys() == own["properties"].keys()
        assert served[model.__name__].get("required") == own.get("required")
    assert served["PadRules"]["properties"]["target"]["maximum"] == TARGET_MAX
    assert served["PadRules"]["properties"]["multiplier"]["maximum"] == MULTIPLIER_MAX


@pytest.mark.parametrize(
    "body",
    [
        {"scores": [8, 50, 10], "closer": 2},
        {"scores": [8, 50, 10], "closer": None, "version": 3},
        {"grids": [[[1, 2, 3, None]] * 3] * 3, "closer": 0},
    ],
)
def test_what_the_document_allows_the_model_reads(body: dict[str, Any]) -> None:
    jsonschema.validate(body, schema_of("RoundBody"))
    assert RoundBody.read(body).entry().seats


@pytest.mark.parametrize(
    ("body", "error", "words"),
    [
        ({"scores": [1.0, 2, 3], "closer": None}, Malformed, "without a decimal point"),
        ({"scores": [8, "50", 10], "closer": 2}, Malformed, "The score of seat 1"),
        ({"scores": [8, 50, 10], "closer": 2, "round": 1}, Malformed, 'Unknown field "round"'),
        ({"scores": [8, 50, 10]}, Malformed, "null if nobody did"),
        ({"scores": [8, 10**30, 10], "closer": 1}, Invalid, "at most 1,000,000"),
        ({"scores": [8, 50, 10], "closer": -1}, Invalid, "at least 0"),
        ({"grids": [[[1]]], "closer": 0}, Malformed, "The grid of seat 0 must be 3 rows"),
        ({"closer": 0}, Malformed, "not both and not neither"),
    ],
)
def test_a_refusal_is_a_sentence_with_its_status(
    body: dict[str, Any], error: type[ServiceError], words: str
) -> None:
    with pytest.raises(ServiceError) as raised:
        NewRoundBody.read(body).entry()
    assert type(raised.value) is error
    assert words in raised.value.message
    sentence = raised.value.sentence
    assert "%(" in str(sentence.id) or sentence.english == sentence.id  # a message id


def test_an_unknown_field_inside_a_seat_is_told_with_what_a_seat_is() -> None:
    with pytest.raises(Malformed) as raised:
        NewOnlineTable.read({"seats": [{"name": "Ann", "x": 1}, {"name": "Bob"}]})
    assert raised.value.message == (
        'Unknown field "x". Each seat is {"name": …, "email": …} or {"bot": "hard"}.'
    )


def test_a_malformed_value_comes_before_one_out_of_range() -> None:
    with pytest.raises(Malformed, match="seat 2"):
        RoundBody.read({"scores": [8, 10**30, "x"], "closer": 1})


def test_a_whole_float_is_refused_by_the_api_as_its_document_says(
    client: FlaskClient, api: PadApi, game: dict[str, Any]
) -> None:
    url = f"/api/games/{game['id']}/rounds"
    message = api.refused(client.post(url, json={"scores": [1.0, 2, 3], "closer": None}), 400)
    assert "decimal point" in message
    assert (
        "2.0 is refused"
        in DOCUMENT["paths"]["/api/games"]["post"]["responses"]["400"]["description"]
    )


def test_an_unknown_parameter_of_a_take_back_is_refused(
    client: FlaskClient, api: PadApi, game: dict[str, Any]
) -> None:
    api.add_round(game["id"], {"scores": [1, 2, 3], "closer": None})
    url = f"/api/games/{game['id']}/rounds/1?versoin=2"
    assert "versoin" in api.refused(client.delete(url), 400)
    assert len(api.game(game["id"])["rounds"]) == 1


def test_a_blank_body_is_no_empty_body(
    client: FlaskClient, api: PadApi, game: dict[str, Any]
) -> None:
    """Blank lines are a body that is not JSON: refused, not taken for no body at all."""
    api.add_round(game["id"], {"scores": [1, 2, 3], "closer": None})
    url = f"/api/games/{game['id']}/rounds/1"
    blank = client.delete(url, data="\r\n", content_type="application/json")
    assert "empty" in api.refused(blank, 400)
    assert len(api.game(game["id"])["rounds"]) == 1


def test_unknown_rule_options_are_the_engines_to_refuse(client: FlaskClient, api: PadApi) -> None:
    body = {"players": ["Ann", "Bob"], "rules": {"speed": 3}}
    assert NewGame.read(body).rule_options() == {"speed": 3}
    assert "Unknown rule option" in api.refused(client.post("/api/games", json=body), 422)


def test_the_caps_of_a_new_game_live_in_the_rules() -> None:
    Rules(target=TARGET_MAX, multiplier=MULTIPLIER_MAX).check_caps()
    for rules in (Rules(target=TARGET_MAX + 1), Rules(multiplier=MULTIPLIER_MAX + 1)):
        with pytest.raises(RulesError):
            rules.check_caps()


def test_bot_and_move_names_have_one_home() -> None:
    assert [name for name, _label in BOT_KINDS] == list(BUILTIN)
    assert list(COMPUTER_NAMES) == list(BUILTIN)
    seat_enum = DOCUMENT["components"]["schemas"]["GiveSeat"]["properties"]["bot"]["enum"]
    assert seat_enum == [*BUILTIN, None]
    kinds = DOCUMENT["components"]["schemas"]["Move"]["anyOf"]
    assert [kind["properties"]["action"]["const"] for kind in kinds] == list(ACTIONS)
    for kind in kinds:  # the document's smallest move of each kind is one the notation reads
        move = {"action": kind["properties"]["action"]["const"], "seat": 0, "cell": [0, 0]}
        move_from_json({key: move[key] for key in kind["required"]})


def test_every_model_is_a_body() -> None:
    assert all(issubclass(model, Body) for model in MODELS)
