"""The new game page: players in seat order, the rule options, every refusal in place."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from web_helpers import (
    counts,
    field_errors,
    game_form,
    input_value,
    is_checked,
    page_text,
    player_rows,
    save_round,
    sheet,
    start_game,
    words,
)

from skyjo_pad.engine.limits import MULTIPLIER_MAX, TARGET_MAX

NAMES = [f"Player {n}" for n in range(1, 13)]


def test_the_form_shows_the_official_rules(client: FlaskClient) -> None:
    response = client.get("/games/new")
    assert response.status_code == 200
    text = page_text(response)
    assert [input_value(response, f"player-{i}") for i in range(4)] == ["", "", "", ""]
    assert input_value(response, "target") == "100"
    assert input_value(response, "multiplier") == "2"
    assert is_checked(response, "tie_doubles")
    assert is_checked(response, "double_only_positive")
    assert "Official: 100" in text and "Official: 2" in text


@pytest.mark.parametrize("count", [2, 12])
def test_two_to_twelve_players_start_a_game(app: Flask, client: FlaskClient, count: int) -> None:
    game_id = start_game(client, NAMES[:count])
    game = sheet(app, game_id)
    assert game.players == tuple(NAMES[:count])
    assert game.rounds == () and game.totals == (0,) * count
    assert client.get(f"/games/{game_id}").status_code == 200


def test_names_are_tidied_and_blank_fields_skipped(app: Flask, client: FlaskClient) -> None:
    data = game_form(["  Ann   Lee ", "", "Bob", "   "])
    response = client.post("/games/new", data=data)
    assert response.status_code == 302
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    assert sheet(app, game_id).players == ("Ann Lee", "Bob")


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ([], "A game needs 2 to 12 players: you have 0."),
        (["", "   ", ""], "A game needs 2 to 12 players: you have 0."),
        (["Ann"], "A game needs 2 to 12 players: you have 1."),
        ([*NAMES, "Thirteen"], "A game needs 2 to 12 players: you have 13."),
    ],
)
def test_the_number_of_players_is_checked(
    app: Flask, client: FlaskClient, names: list[str], message: str
) -> None:
    before = counts(app)
    response = client.post("/games/new", data=game_form(names))
    assert response.status_code == 200
    assert message in field_errors(response)
    assert counts(app) == before


@pytest.mark.parametrize(
    ("names", "bad_seat", "message"),
    [
        (["Ann", "Bob", "ann "], 2, "ann is already playing: give each player a different name."),
        (["Ann", "ANN", "Bob"], 1, "ANN is already playing: give each player a different name."),
        (["Ann", "x" * 41], 1, "is too long: 40 characters at most."),
        (["Ann", "Bo\x00b"], 1, "not control characters"),
        (["Ann", "Bob\x07"], 1, "not control characters"),
        (["Ann", "\u200b"], 1, "Every player needs a name."),
    ],
)
def test_a_wrong_name_gets_its_message_next_to_it(
    app: Flask, client: FlaskClient, names: list[str], bad_seat: int, message: str
) -> None:
    before = counts(app)
    response = client.post("/games/new", data=game_form(names))
    assert response.status_code == 200
    rows = player_rows(response)
    assert message in rows[bad_seat]
    assert all("field-error" not in row for i, row in enumerate(rows) if i != bad_seat)
    assert input_value(response, f"player-{bad_seat}") is not None
    assert counts(app) == before


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("target", "0", f"The game must end at a score from 1 to {TARGET_MAX:,}."),
        ("target", str(TARGET_MAX + 1), f"The game must end at a score from 1 to {TARGET_MAX:,}."),
        ("target", "9" * 40, f"The game must end at a score from 1 to {TARGET_MAX:,}."),
        ("target", "9" * 309, f"The game must end at a score from 1 to {TARGET_MAX:,}."),
        ("multiplier", "-" + "9" * 400, "The multiplier is a whole number from 1 to"),
        ("target", "ten", "Give a whole number, like 100."),
        ("target", "1_5", "Give a whole number, like 100."),
        ("target", "", "Give the score that ends the game."),
        ("multiplier", "0", f"The multiplier is a whole number from 1 to {MULTIPLIER_MAX}."),
        ("multiplier", str(MULTIPLIER_MAX + 1), "The multiplier is a whole number from 1 to"),
        ("multiplier", "1" * 5000, "The multiplier is a whole number from 1 to"),
    ],
)
def test_rule_options_out_of_range_are_refused(
    app: Flask, client: FlaskClient, field: str, value: str, message: str
) -> None:
    before = counts(app)
    response = client.post("/games/new", data=game_form(["Ann", "Bob"], **{field: value}))
    assert response.status_code == 200
    assert any(message in error for error in field_errors(response)), field_errors(response)
    assert counts(app) == before


@pytest.mark.parametrize(
    ("typed", "summary"), [("1e3", "1e3"), ("50.5", "50.5"), ("", "…"), ("5o", "5o")]
)
def test_a_target_that_is_not_a_number_is_told_once_and_shown_as_typed(
    client: FlaskClient, typed: str, summary: str
) -> None:
    response = client.post("/games/new", data=game_form(["Ann", "Bob"], target=typed))
    assert len(field_errors(response)) == 1, field_errors(response)
    assert f"Rules: to {summary}, closer ×2" in words(response)
    # A text box with a number pad: a browser keeps "5o" to send (Safari empties a number
    # field holding it, then the form would say no score was given).
    for path in ("/games/new", "/tables/new"):
        boxes = re.findall(
            r"<input[^>]*\bid=\"(?:target|multiplier)\"[^>]*>", client.get(path).text
        )
        assert len(boxes) == 2 and all('type="text"' in box for box in boxes), boxes


@pytest.mark.parametrize(
    ("language", "typed", "target"),
    [
        ("en", "10,000", 10_000),
        ("de", "10.000", 10_000),
        ("sv", "10 000", 10_000),
        ("fr", "10\u202f000", 10_000),
        ("fr", "1 000", 1_000),
    ],
)
def test_a_target_written_with_thousands_grouped_is_read_the_readers_way(
    app: Flask, client: FlaskClient, language: str, typed: str, target: int
) -> None:
    """A German player writes ten thousand "10.000", a French one "10 000": the number."""
    client.set_cookie("lang", language)
    game_id = start_game(client, ["Ann", "Bob"], target=typed)
    assert sheet(app, game_id).rules.target == target


@pytest.mark.parametrize(("language", "typed"), [("en", "1.000"), ("de", "1,000"), ("en", "10,00")])
def test_a_target_grouped_another_way_is_not_guessed(
    app: Flask, client: FlaskClient, language: str, typed: str
) -> None:
    """ "1.000" is one with three decimals in English: refused as not whole, nothing made."""
    client.set_cookie("lang", language)
    before = counts(app)
    response = client.post("/games/new", data=game_form(["Ann", "Bob"], target=typed))
    assert len(field_errors(response)) == 1, field_errors(response)
    assert counts(app) == before


def test_a_refused_field_points_to_its_message(client: FlaskClient) -> None:
    """A screen reader hears the message with the field: aria-invalid, and aria-describedby
    naming the message's id."""
    page = page_text(client.post("/games/new", data=game_form(["Ann", "Bob"], target="0")))
    field = re.search(r'<input[^>]*name="target"[^>]*>', page)
    assert field and 'aria-invalid="true"' in field[0]
    described = re.search(r'aria-describedby="([^"]+)"', field[0])
    assert described and re.search(
        rf'id="{described[1]}">The game must end at a score from 1 to', page
    )


def test_the_rule_options_are_kept(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(
        client,
        ["Ann", "Bob"],
        target=str(TARGET_MAX),
        multiplier="3",
        tie_doubles=None,
        double_only_positive=None,
    )
    rules = sheet(app, game_id).rules
    assert (rules.target, rules.multiplier) == (TARGET_MAX, 3)
    assert (rules.tie_doubles, rules.double_only_positive) == (False, False)
    text = page_text(client.get(f"/games/{game_id}"))
    assert f"to {TARGET_MAX}; closer ×3, ties do not double, negative scores doubled too" in text


def test_play_again_fills_in_the_players_and_rules(client: FlaskClient) -> None:
    game_id = start_game(client, ["Cy", "Ann", "Bob"], target="10", multiplier="3")
    save_round(client, game_id, [12, 3, 4], 1)
    response = client.get(f"/games/new?again={game_id}")
    assert response.status_code == 200
    assert [input_value(response, f"player-{i}") for i in range(3)] == ["Cy", "Ann", "Bob"]
    assert input_value(response, "target") == "10"
    assert input_value(response, "multiplier") == "3"
    assert "Play again" in page_text(client.get(f"/games/{game_id}"))


def test_play_again_opens_the_rules_where_a_house_rule_was_chosen(client: FlaskClient) -> None:
    """The rules' summary names the target and the multiplier only: a house rule carried
    over (ties do not double) shows the rules open, never hidden behind "to 30, ×3"."""
    official = start_game(client, ["Ann", "Bob"], target="30", multiplier="3")
    house = start_game(client, ["Ann", "Bob"], target="30", tie_doubles=None)
    for game_id, opened in ((official, False), (house, True)):
        page = client.get(f"/games/new?again={game_id}").text
        assert bool(re.search(r'<details class="rules"\s+open', page)) is opened, game_id


def test_a_closer_times_one_is_said_to_double_nobody(client: FlaskClient) -> None:
    game_id = start_game(client, ["Ann", "Bob"], multiplier="1")
    text = page_text(client.get(f"/games/{game_id}"))
    assert "Rules: to 100; nobody is doubled (closer ×1)." in text and "ties double" not in text


def test_play_again_with_an_unknown_game_shows_an_empty_form(client: FlaskClient) -> None:
    response = client.get("/games/new?again=nosuchgame")
    assert response.status_code == 200
    assert input_value(response, "player-0") == ""


def test_the_same_player_is_found_again_whatever_the_case(app: Flask, client: FlaskClient) -> None:
    start_game(client, ["Ann", "Bob"])
    start_game(client, ["ANN", "Cy"])
    assert counts(app)[1] == 3
    assert "Ann" in page_text(client.get("/games/new"))  # offered as a known player


def test_the_buttons_move_add_and_remove_players(client: FlaskClient) -> None:
    start_game(client, ["Ann", "Bob"])
    data = game_form(["Bob", "Cy", "Dee"])
    del data["start"]
    moved = client.post("/games/new", data={**data, "up": "2"})
    assert [input_value(moved, f"player-{i}") for i in range(3)] == ["Bob", "Dee", "Cy"]
    removed = client.post("/games/new", data={**data, "remove": "0"})
    assert [input_value(removed, f"player-{i}") for i in range(2)] == ["Cy", "Dee"]
    added = client.post("/games/new", data={**data, "add": "Ann"})
    assert [input_value(added, f"player-{i}") for i in range(4)] == ["Bob", "Cy", "Dee", "Ann"]
    for response in (moved, removed, added):
        assert response.status_code == 200 and field_errors(response) == []


def test_with_twelve_names_in_the_form_says_there_is_no_room(client: FlaskClient) -> None:
    start_game(client, ["Zed", "Yan"])  # so that known players are offered
    data = game_form(NAMES)
    del data["start"]
    page = client.post("/games/new", data={**data, "add": "Zed"})
    assert [input_value(page, f"player-{i}") for i in range(12)] == NAMES
    text = page_text(page)
    shown = re.search(r"<p [^>]*data-full-hint([^>]*)>([^<]*)<", text)
    assert shown and "hidden" not in shown.group(1)
    assert shown.group(2).startswith("12 players is the most")
    assert re.search(r"<div [^>]*data-known[^>]*\bhidden\b", text)


def test_start_sent_twice_with_the_forms_game_id_starts_one_game(
    app: Flask, client: FlaskClient
) -> None:
    """The form carries its game's own id: a Start sent again after a lost answer (the
    phone's offline pages send it under that id too) opens the game started the first time."""
    client_id = input_value(client.get("/games/new"), "client_id")
    assert client_id and len(client_id) >= 8
    data = {**game_form(["Ann", "Bob"]), "client_id": client_id}
    first = client.post("/games/new", data=data)
    again = client.post("/games/new", data=data)
    assert first.status_code == again.status_code == 302
    assert first.headers["Location"] == again.headers["Location"]
    assert counts(app)[0] == 1
    other = client.post("/games/new", data={**data, "client_id": "x"})  # not an id: a new game
    assert other.status_code == 302 and counts(app)[0] == 2
