"""The engine's reasons for refusing a move or a rule option reach the reader in their
language.

The engine says why a move is illegal as a `Reason`: English words, and the template
with its data. The API keeps the English in `error`; its `message`, the pages and an
imported record's refusal word the template from the catalogues, so a French or Swedish
player reads the whole sentence in their language (issue 14's last English words).
"""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from online_helpers import OnlineApi

from skyjo_pad.engine import IllegalMove, Reveal, apply, new_game

SAID = {
    "fr": "Chacun doit d’abord retourner 2 cartes.",
    "sv": "Alla måste först vända upp 2 kort.",
    "de": "Alle müssen zuerst 2 Karten aufdecken.",
}
FACE_UP = {  # the place in words, from 1, where `error` keeps the notation's [0, 0]
    "fr": "La carte (rangée 1, colonne 1) est déjà face visible.",
    "sv": "Kortet på rad 1, kolumn 1 är redan uppvänt.",
    "de": "Die Karte in Reihe 1, Spalte 1 ist schon offen.",
    "en": "The card at row 1, column 1 is already face up.",
}


def test_a_reason_keeps_its_english_words_and_its_template() -> None:
    game = apply(new_game(["Ann", "Bob"], seed=3), Reveal(0, (0, 0)))
    with pytest.raises(IllegalMove) as refused:
        apply(game, Reveal(0, (0, 0)))
    assert str(refused.value) == "the card at [0, 0] is already face up"
    reason = refused.value.reason
    assert reason.template == "the card at %(cell)s is already face up"
    assert reason.data == {"cell": "[0, 0]"}


def test_a_cards_place_is_said_in_words_on_the_page_in_english_too(
    app: Flask, client: FlaskClient
) -> None:
    """`error` keeps the notation an API client sends; `message`, what the play screen
    shows, says the place as a player counts it."""
    online = OnlineApi(app, client)
    table = online.create(seats=[{"name": "Ann"}, {"name": "Bob"}])
    game, ann = table["id"], table["seats"][0]["token"]
    reveal = {"action": "reveal", "seat": 0, "cell": [0, 0]}
    version = online.state(game, ann)["version"]
    assert online.move(game, ann, version, reveal).status_code == 200
    again = online.move(game, ann, version + 1, reveal).get_json()
    assert again["error"] == "The card at [0, 0] is already face up."
    assert again["message"] == FACE_UP["en"]
    early = online.move(game, ann, version + 1, {"action": "draw"}).get_json()
    assert "message" not in early  # worded alike: said once
    nowhere = {"action": "reveal", "seat": 0, "cell": [3, -375]}  # no place of a grid
    far = online.move(game, ann, version + 1, nowhere).get_json()
    assert far["error"].startswith("There is no cell [3, -375]") and "message" not in far


@pytest.mark.parametrize("language", sorted(SAID))
def test_an_illegal_move_is_refused_in_the_readers_language(
    app: Flask, client: FlaskClient, language: str
) -> None:
    online = OnlineApi(app, client)
    table = online.create(seats=[{"name": "Ann"}, {"name": "Bob"}])
    game, ann = table["id"], table["seats"][0]["token"]
    client.set_cookie("lang", language)
    before = online.fingerprint(game)
    version = online.state(game, ann)["version"]

    early = online.move(game, ann, version, {"action": "draw"})
    assert early.status_code == 422
    assert early.get_json()["error"] == "Everyone must first turn up 2 cards."
    assert early.get_json()["message"] == SAID[language]

    reveal = {"action": "reveal", "seat": 0, "cell": [0, 0]}
    assert online.move(game, ann, version, reveal).status_code == 200
    again = online.move(game, ann, version + 1, reveal)
    assert again.status_code == 422
    assert again.get_json()["message"] == FACE_UP[language]
    assert online.fingerprint(game) != before  # only the legal reveal changed the table

    unread = online.move(game, ann, version + 1, {"action": "reveal", "cell": [0, 1]})
    assert unread.status_code == 400
    assert unread.get_json()["message"].startswith(NOT_READ[language])


NOT_READ = {
    "fr": "Ce n’est pas un coup que la table sait lire\u00a0: ",
    "sv": "Det är inget drag bordet kan läsa: ",
    "de": "Das ist kein Zug, den der Tisch lesen kann: ",
}


RULES_SAID = {
    "fr": "L’option row_clear doit valoir true ou false.",
    "sv": "Alternativet row_clear måste vara true eller false.",
    "de": "Die Option row_clear muss true oder false sein.",
}


@pytest.mark.parametrize("language", sorted(RULES_SAID))
def test_a_refused_rule_option_is_worded_in_the_readers_language(
    client: FlaskClient, language: str
) -> None:
    client.set_cookie("lang", language)
    body = {"seats": [{"name": "Ann"}, {"name": "Bob"}], "rules": {"row_clear": "yes"}}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 422
    assert answer.get_json()["error"] == "The option row_clear must be true or false."
    assert answer.get_json()["message"] == RULES_SAID[language]
