"""Issue 14: what a service refuses reaches the page in the reader's language.

Services say why as a message id and its data (`services/errors.py`); the pages word it
with the catalogues (`web/problems.py`). Each case provokes a real refusal through a page,
in French and in Swedish, and reads the sentence the player sees: the translation, with
its names, numbers and days filled in, and not the English the JSON API keeps.
"""

from __future__ import annotations

import html
import io
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from werkzeug.test import TestResponse

from skyjo_pad.extensions import db
from skyjo_pad.models import Player
from skyjo_pad.services import online

LANGUAGES = ("fr", "sv")


def words(response: TestResponse) -> str:
    """What the page says: its text without tags, spaces tidied."""
    text = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", response.text, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


def player_id(app: Flask, name: str) -> int:
    with app.app_context():
        found = db.session.scalar(select(Player.id).where(Player.name == name))
    assert found is not None
    return found


def start_game(client: FlaskClient, names: list[str]) -> str:
    data = {"target": "100", "multiplier": "2", "start": "1"}
    data |= {f"player-{seat}": name for seat, name in enumerate(names)}
    answer = client.post("/games/new", data=data)
    assert answer.status_code == 302
    return answer.headers["Location"].rsplit("/", 1)[1]


NAME_TAKEN = {
    "fr": "Zoé est déjà dans le carnet d’adresses.",
    "sv": "Zoé finns redan i adressboken.",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_name_already_in_the_address_book(client: FlaskClient, language: str) -> None:
    client.set_cookie("lang", language)
    assert client.post("/players", data={"name": "Zoé", "email": ""}).status_code == 302
    refused = client.post("/players", data={"name": "ZOÉ", "email": ""})
    assert refused.status_code == 400
    assert NAME_TAKEN[language] in words(refused)
    assert "already in the address book" not in words(refused)


MERGE_REFUSED = {
    "fr": r"Ann et Bob ont joué dans la même partie \(le \d+ \w+\.? 20\d\d\) : ce sont donc "
    r"deux personnes, pas de fusion\.",
    "sv": r"Ann och Bob spelade i samma spel \(den \d+ \w+\.? 20\d\d\), så de är två "
    r"personer: inte sammanslagna\.",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_two_people_of_one_game_are_not_merged(
    app: Flask, client: FlaskClient, language: str
) -> None:
    """The refusal names both players and the day, in the reader's own date format."""
    start_game(client, ["Ann", "Bob"])
    client.set_cookie("lang", language)
    ann, bob = player_id(app, "Ann"), player_id(app, "Bob")
    page = client.post(f"/players/{ann}/merge", data={"other": str(bob)}, follow_redirects=True)
    assert re.search(MERGE_REFUSED[language], words(page)), words(page)[:600]
    assert "played in the same game" not in words(page)


BAD_DAY = {
    "fr": "Le premier jour doit être une date comme 2026-05-31.",
    "sv": "Den första dagen måste vara ett datum som 2026-05-31.",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_history_filter_that_cannot_be_read(client: FlaskClient, language: str) -> None:
    page = client.get("/history", query_string={"from": "yesterday"}, headers=_accept(language))
    assert BAD_DAY[language] in words(page)
    assert "must be a date" not in words(page)


NOT_IMPORTED = {
    "fr": "Rien n’a été importé. Ce fichier n’est pas un export de Skyjo Pad : ce n’est pas "
    "du JSON.",
    "sv": "Inget importerades. Filen är inte en export från Skyjo Pad: den är inte JSON.",
}
NESTED = {
    "fr": "Rien n’a été importé. Partie 1 du fichier : son identifiant doit compter au plus "
    "10 lettres et chiffres.",
    "sv": "Inget importerades. Spel 1 i filen: dess id måste vara högst 10 bokstäver och siffror.",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_import_refused(client: FlaskClient, language: str) -> None:
    """The page's own sentence and the service's, and a game's reason inside the file's."""
    client.set_cookie("lang", language)
    bad = client.post(
        "/history/import",
        data={"file": (io.BytesIO(b"hello"), "x.json")},
        content_type="multipart/form-data",
    )
    assert bad.status_code == 400 and NOT_IMPORTED[language] in words(bad)
    export = b'{"format": "skyjo-pad-history/1", "games": [{"id": "not an id!"}]}'
    nested = client.post(
        "/history/import",
        data={"file": (io.BytesIO(export), "x.json")},
        content_type="multipart/form-data",
    )
    assert nested.status_code == 400 and NESTED[language] in words(nested)
    assert "Nothing was imported" not in words(bad) + words(nested)


TAKE_BACK = {
    "fr": "Seule la dernière manche (manche 2) peut être annulée.",
    "sv": "Bara den sista rundan (runda 2) kan tas tillbaka.",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_only_the_last_round_is_taken_back(client: FlaskClient, language: str) -> None:
    game = start_game(client, ["Ann", "Bob"])
    for version in (1, 2):
        saved = client.post(
            f"/games/{game}/rounds/new",
            data={"seats-0-score": "10", "seats-1-score": "20", "closer": "none"}
            | {"action": "save", "version": str(version)},
        )
        assert saved.status_code == 302
    client.set_cookie("lang", language)
    page = client.post(
        f"/games/{game}/rounds/1/delete", data={"version": "3"}, follow_redirects=True
    )
    assert TAKE_BACK[language] in words(page), words(page)[:600]
    assert "can be taken back" not in words(page)


NO_SEAT = {
    "fr": ("Contraire aux règles", "Cette place n’existe pas à cette table."),
    "sv": ("Mot reglerna", "Den platsen finns inte vid det här bordet."),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_online_hosts_refused_request(app: Flask, client: FlaskClient, language: str) -> None:
    """A refusal of a host's tool: back on the host's page, the service's sentence."""
    with app.app_context():
        table = online.create([online.Invitee("Ann"), online.Invitee("Bob")])
    refused = client.post(f"/t/{table.host_token}/seats/7/link", headers=_accept(language))
    assert refused.status_code == 303 and refused.location == f"/t/{table.host_token}"
    page = client.get(refused.location, headers=_accept(language))
    _title, sentence = NO_SEAT[language]
    assert sentence in words(page)
    assert "There is no such seat" not in words(page) and "Unprocessable" not in words(page)


def _accept(language: str) -> dict[str, str]:
    """The browser's language, no cookie: the other way a reader's language is chosen."""
    return {"Accept-Language": f"{language};q=0.9, en;q=0.5"}


def test_the_api_adds_the_readers_sentence_and_keeps_its_english_error(
    client: FlaskClient,
) -> None:
    """What the play screen and the pad's offline sending show: `message`, when the reader
    reads another language; `error` stays the English sentence the API documents."""
    english = client.get("/api/games/nosuchgame")
    assert english.status_code == 404
    assert english.get_json() == {"error": "There is no game with that id."}
    client.set_cookie("lang", "fr")
    french = client.get("/api/games/nosuchgame").get_json()
    assert french == {
        "error": "There is no game with that id.",
        "message": "Il n’y a pas de partie avec cet identifiant.",
    }
    client.delete_cookie("lang")
    swedish = client.get("/api/games/nosuchgame", headers=_accept("sv"))
    assert swedish.get_json()["message"] == "Det finns inget spel med det id:t."
