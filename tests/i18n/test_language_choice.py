"""Issue 14: the browser's language chooses, a switch remembered in a cookie overrides it,
and the pages, form errors, the table's sentences and the rules read in that language."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from skyjo_pad.engine import Rules
from skyjo_pad.presenters import table_words
from skyjo_pad.web import one_decimal

NEW_GAME = {"en": "New game", "sv": "Nytt spel", "de": "Neues Spiel", "fr": "Nouvelle partie"}


@pytest.mark.parametrize("language", list(NEW_GAME))
def test_the_browsers_language_chooses(client: FlaskClient, language: str) -> None:
    page = client.get("/", headers={"Accept-Language": f"{language}-XX;q=0.9, ja;q=0.5"}).text
    assert f'<html lang="{language}">' in page
    assert NEW_GAME[language] in page


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("en-US,de;q=0.9", "en"),
        ("de-CH,en-GB;q=0.8,en;q=0.7", "de"),
        ("de-AT,en;q=0.5", "de"),
        ("sv-FI,en;q=0.9", "sv"),
        ("fr-CA,en-US;q=0.9,en;q=0.8", "fr"),
        ("ja,fr;q=0.2,de;q=0", "fr"),
    ],
)
def test_the_browsers_first_language_of_ours_chooses(
    client: FlaskClient, header: str, language: str
) -> None:
    """A regional tag is its language, in the reader's order (an exact match further down
    the list never comes first)."""
    page = client.get("/", headers={"Accept-Language": header}).text
    assert f'<html lang="{language}">' in page


def test_an_unknown_language_gets_english(client: FlaskClient) -> None:
    page = client.get("/", headers={"Accept-Language": "ja, zh;q=0.8"}).text
    assert '<html lang="en">' in page and "New game" in page


def test_the_switch_is_remembered_over_the_browsers_language(client: FlaskClient) -> None:
    answer = client.get("/language/sv?next=/games/new", headers={"Accept-Language": "fr"})
    assert answer.status_code == 302 and answer.headers["Location"] == "/games/new"
    assert "lang=sv" in answer.headers["Set-Cookie"]
    page = client.get("/games/new", headers={"Accept-Language": "fr"}).text
    assert "Spelare, i turordning" in page
    # Every page offers the switch, each language named in itself.
    for name in ("English", "Svenska", "Deutsch", "Français"):
        assert f">{name}</a>" in page


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "javascript:x"])
def test_the_switch_only_goes_back_to_this_app(client: FlaskClient, target: str) -> None:
    answer = client.get("/language/de", query_string={"next": target})
    assert answer.headers["Location"] == "/"


def test_an_unknown_language_code_changes_nothing(client: FlaskClient) -> None:
    answer = client.get("/language/xx?next=/")
    assert answer.status_code == 302 and "Set-Cookie" not in answer.headers


def test_form_errors_come_in_the_readers_language(client: FlaskClient) -> None:
    client.set_cookie("lang", "de")
    page = client.post("/games/new", data={"player-0": "Ann", "start": "1"}).text
    assert re.search(r"Ein Spiel braucht 2 bis 12 Spieler: du hast 1\.", page)


def test_the_rules_page_explains_every_option_in_each_language(client: FlaskClient) -> None:
    options = ("target", "multiplier", "tie_doubles", "double_only_positive", "first_tiebreak")
    options += ("next_starter", "max_players", "reveal_count", "row_clear", "stall_turns")
    titles = {"en": "The rules of SKYJO", "sv": "Reglerna för SKYJO"}
    titles |= {"de": "Die Regeln von SKYJO", "fr": "Les règles de SKYJO"}
    for language, title in titles.items():
        client.set_cookie("lang", language)
        page = client.get("/rules").text
        assert title in page
        for option in options:
            assert f"<code>{option}</code>" in page, (language, option)


def test_the_tables_sentences_are_whole_sentences_in_each_language(app: Flask) -> None:
    event = {"move": {"action": "swap", "cell": [0, 1]}, "seat": 0, "shown": 8, "from": "draw"}
    event |= {"replaced": 5, "replaced_face_up": False, "cleared": None}
    players = ["Åsa", "Björn"]
    expected = {
        "en": "Åsa drew an 8 and kept it, in place of a face-down 5.",
        "sv": "Åsa drog en 8:a och behöll den i stället för en nedvänd 5.",
        "de": "Åsa hat eine 8 gezogen und behalten, anstelle einer verdeckten 5.",
        "fr": "Åsa a pioché un 8 et l’a gardé, à la place d’un 5 face cachée.",
    }
    for language, sentence in expected.items():
        with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
            assert table_words.told(event, players, Rules()) == sentence
    dealt = {"move": {"action": "deal"}, "round": 2, "reveal": True, "start": None}
    with app.test_request_context("/", headers={"Cookie": "lang=fr"}):
        one = table_words.told(dealt, players, Rules(reveal_count=1))
        two = table_words.told(dealt, players, Rules())
    assert one == "La manche 2 est distribuée\u00a0: chacun retourne 1 carte."
    assert two == "La manche 2 est distribuée\u00a0: chacun retourne 2 cartes."


def test_a_statistic_is_written_as_the_reader_writes_numbers(app: Flask) -> None:
    """One decimal, a true minus, the reader's decimal sign; a rating that rounds to
    nothing is 0.0, never "−0.0"."""
    expected = {"en": ["6.3", "−7.9", "0.0", "1,200"], "de": ["6,3", "−7,9", "0,0", "1.200"]}
    for language, written in expected.items():
        with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
            assert [one_decimal(v) for v in (6.26, -7.94, -0.04, 1200)] == written
