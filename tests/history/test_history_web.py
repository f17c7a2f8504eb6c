"""The history and players pages through the test client: what they say, and no 500s."""

from __future__ import annotations

import html
import io
import json
import re

import pytest
from exports import zero_rounds_export
from flask.testing import FlaskClient
from flask_babel import refresh
from test_history_stats import pid

from skyjo_pad.extensions import db
from skyjo_pad.models import Game
from skyjo_pad.services import roster, tables
from skyjo_pad.services.errors import Invalid


def text(response: object) -> str:
    body = response.get_data(as_text=True)  # type: ignore[attr-defined]
    body = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", body, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split()).replace(" ,", ",")


def test_history_page_lists_the_games(client: FlaskClient, fixed: dict[str, str]) -> None:
    page = text(client.get("/history"))
    assert "4 games" in page
    assert page.index("Bob, Cy") < page.index("Ann, Robo") < page.index("Ann, Bob, Cy")
    assert "In progress" in page and "Digital" in page
    past = client.get("/history?kind=pad&page=99")  # past the last page: the last
    assert past.status_code == 302 and past.location == "/history?kind=pad&page=1"


def test_a_filter_to_the_first_or_last_day_there_is(
    client: FlaskClient, fixed: dict[str, str]
) -> None:
    assert "4 games" in text(client.get("/history?from=0001-01-01&to=9999-12-31"))
    assert "1 game" in text(client.get("/history?from=2026-03-15&to=2026-03-15"))  # T1's day
    assert "No game matches these filters." in text(client.get("/history?player=0"))
    everything = "/history?from=0001-01-01&to=9999-12-31&tz="
    assert "4 games" in text(client.get(everything + "Pacific/Auckland"))
    assert "4 games" in text(client.get(everything + "America/Anchorage"))


def test_the_days_filtered_are_the_phones_own(client: FlaskClient, fixed: dict[str, str]) -> None:
    """T1 began at 19:30 UTC on 15 March: in Auckland (UTC+13) on the 16th, the day its
    phone shows it on, and the day the filter finds it on there; a zone the server does
    not know counts the days of UTC."""
    in_auckland = "/history?from={0}&to={0}&tz=Pacific/Auckland"
    assert "1 game" in text(client.get(in_auckland.format("2026-03-16")))
    assert "No game matches these filters." in text(client.get(in_auckland.format("2026-03-15")))
    for odd in ("Not/AZone", "../../etc/passwd", "x" * 100):
        found = client.get(
            "/history", query_string={"from": "2026-03-15", "to": "2026-03-15", "tz": odd}
        )
        assert found.status_code == 200 and "1 game" in text(found)
    kept = client.get("/history?tz=Pacific/Auckland&from=2026-01-01").text  # the form keeps it
    assert 'name="tz" value="Pacific/Auckland"' in kept


@pytest.mark.parametrize("tool", ["rounds/1/edit", "rounds/1/delete", "rounds/new"])
def test_a_digital_games_rounds_are_not_the_pads_to_change(
    client: FlaskClient, fixed: dict[str, str], tool: str
) -> None:
    """Opened by hand, the pad's round tools send a digital table's game back to its
    sheet, saying why (never a 500)."""
    address = f"/games/{fixed['T1']}/{tool}"
    for answer in (client.get(address), client.post(address, data={"confirm": "yes"})):
        assert answer.status_code == 302, answer.status_code
    shown = text(client.get(answer.headers["Location"]))
    assert "This game is played at a digital table: its rounds are scored there" in shown


def test_a_games_page_says_every_rule_it_was_played_by(
    client: FlaskClient, fixed: dict[str, str]
) -> None:
    """The pad's four rules always, a table's other options where not the official ones."""
    options = {"tie_doubles": False, "multiplier": 3, "row_clear": True, "reveal_count": 3}
    options |= {"next_starter": "round_winner"}
    seats = [tables.SeatChoice("Ann"), tables.SeatChoice("Easy bot", "easy")]
    table = tables.create(seats, options, seed=4)
    page = text(client.get(f"/history/{table}"))
    assert (
        "Rules: to 100; closer ×3, ties do not double. Later rounds: who scored lowest starts;"
        " 3 cards turned up to begin; four equal cards in a row are removed too." in page
    )
    official = text(client.get(f"/history/{fixed['T1']}"))
    assert "Rules: to 10; closer ×2, ties double. The rules" in official


@pytest.mark.parametrize("name", ["Expert bot 5", "Svår dator", "hard BOT"])
def test_a_person_is_never_added_or_renamed_under_a_computers_name(
    fixed: dict[str, str], name: str
) -> None:
    with pytest.raises(Invalid, match="is a computer player's name"):
        roster.add(name)
    with pytest.raises(Invalid, match="is a computer player's name"):
        roster.update_player(
            roster.add("Quill").id if name == "Expert bot 5" else pid("Ann"), name, None
        )


def test_the_player_filter_names_whom_it_is_on(client: FlaskClient, fixed: dict[str, str]) -> None:
    """One in the address book with no game yet is shown as chosen (not "Anyone"); a number
    nobody has (a player merged into another) is said to be one."""
    quinn = roster.add("Quinn").id
    page = client.get(f"/history?player={quinn}")
    assert page.status_code == 200 and "No game matches these filters." in text(page)
    assert re.search(
        rf'<option value="{quinn}" selected>Quinn</option>', page.get_data(as_text=True)
    )
    gone = client.get(f"/history?player={quinn + 100}")
    assert gone.status_code == 400
    assert "No player has this number: merged into another, or removed." in text(gone)


def test_a_refused_filter_keeps_what_was_chosen(client: FlaskClient, fixed: dict[str, str]) -> None:
    refused = client.get("/history?from=2026-12-31&to=2026-01-01&kind=pad")
    assert refused.status_code == 400 and "swap them" in text(refused)
    page = refused.get_data(as_text=True)
    assert 'name="from" value="2026-12-31"' in page and 'name="to" value="2026-01-01"' in page
    assert re.search(r'<option value="pad"[^>]* selected', page)
    assert "No game matches these filters." in text(refused)  # not every game instead


def test_game_page_has_chart_sheet_closers_and_replay(
    client: FlaskClient, fixed: dict[str, str]
) -> None:
    response = client.get(f"/history/{fixed['P1']}")
    body = response.get_data(as_text=True)
    assert response.status_code == 200 and '<svg class="chart"' in body
    words = text(response)
    assert "Cy wins with 29" in words
    assert "closed · 12×2" in words  # Ann closed round 3 and was doubled
    assert "3 rounds closed, 1 with the closer doubled" in words
    table = text(client.get(f"/history/{fixed['T1']}"))
    assert (
        "Replay" in table and "Record file" in table and "Columns cleared: Ann 1, Robo 0" in table
    )
    assert "Robo 🤖 easy" in table  # the computer player and its level


def test_notes_delete_and_their_refusals(client: FlaskClient, fixed: dict[str, str]) -> None:
    response = client.post(
        f"/history/{fixed['P2']}/notes", data={"notes": "Tied!", "place": "Lyon"}
    )
    assert response.status_code == 302
    assert "Tied!" in text(client.get(f"/history/{fixed['P2']}"))
    refused = client.post(
        f"/history/{fixed['P2']}/notes", data={"notes": "x" * 3000, "place": "Lyon, at Bo's"}
    )
    assert refused.status_code == 422 and "The notes are too long" in text(refused)
    page = html.unescape(refused.get_data(as_text=True))
    assert "x" * 3000 in page and 'value="Lyon, at Bo\'s"' in page  # kept as typed
    assert "Tied!" in text(client.get(f"/history/{fixed['P2']}"))  # the saved notes stay
    assert "cannot be undone" in text(client.get(f"/history/{fixed['P2']}/delete"))
    assert client.post(f"/history/{fixed['P2']}/delete").status_code == 302
    assert db.session.get(Game, fixed["P2"]) is None
    assert client.get(f"/history/{fixed['P2']}").status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/history?from=yesterday",
        "/history?player=%00",
        "/history?page=99999999999",
        "/history/..%2f",
        "/history/nosuchgame",
        "/players/0",
        "/players/99999999999",
        "/players/1/versus?other=abc",
        "/players/1/versus?other=424242",
    ],
)
def test_bad_addresses_get_words_not_500(
    client: FlaskClient, fixed: dict[str, str], path: str
) -> None:
    response = client.get(path)
    assert response.status_code in (302, 400, 404), path


def test_players_pages(client: FlaskClient, fixed: dict[str, str]) -> None:
    book = text(client.get("/players"))
    assert "Ann 3 games · 2 wins" in book and "Robo" not in book
    assert "Robo 🤖 computer" in text(client.get("/players?computers=1"))
    ann = text(client.get(f"/players/{pid('Ann')}"))
    for shown in ("2 wins of 3", "67% win rate", "Best round 5", "Worst round 30"):
        assert shown in ann
    assert "Closing paid off 2 (67%)" in ann and "Columns cleared 1" in ann
    chart = re.search(
        r'role="img" aria-label="(Final totals[^"]+)"', client.get(f"/players/{pid('Ann')}").text
    )
    assert chart and "Oldest first: 64 (place 3 of 3), 30 (won), 15 (won)." in chart[1], chart
    alone = client.get(f"/players/{pid('Ann')}/versus?other={pid('Ann')}", follow_redirects=True)
    assert "Choose someone else to compare with." in text(alone)
    assert "There is nothing here: the link may be mistyped" in text(client.get("/players/0"))
    versus = text(client.get(f"/players/{pid('Ann')}/versus?other={pid('Bob')}"))
    assert "Games together 2" in versus and "1 level" in versus
    board = text(client.get("/leaderboard"))
    assert re.search(r"1 Ann −?\d+\.\d 3 games", board)
    # averages and ratings as the reader writes numbers: a decimal comma in German
    averages = re.findall(r"<dd>(−?[\d.,]+)</dd>", client.get(f"/players/{pid('Ann')}").text)
    refresh()  # the test's own app context kept the first request's language
    german = client.get(f"/players/{pid('Ann')}", headers={"Accept-Language": "de"}).text
    refresh()
    assert re.findall(r"<dd>(−?[\d.,]+)</dd>", german) == [a.replace(".", ",") for a in averages]
    assert any("." in a for a in averages)


def test_an_entry_that_never_played_can_be_removed(
    client: FlaskClient, fixed: dict[str, str]
) -> None:
    """A name typed wrong into the address book goes from its page; one who played stays,
    told why; the words count games right."""
    assert client.post("/players", data={"name": "Zeo", "email": ""}).status_code == 302
    page = text(client.get(f"/players/{pid('Zeo')}"))
    assert "All 0 games" not in page and "Zeo has not played yet" in page
    removed = client.post(f"/players/{pid('Zeo')}/remove", follow_redirects=True)
    assert "Zeo is no longer in the address book." in text(removed)
    assert client.get("/players/999999").status_code == 404
    kept = client.post(f"/players/{pid('Ann')}/remove", follow_redirects=True)
    assert "Ann has played: their games keep them in the address book." in text(kept)
    assert "All 3 games of Ann" in text(kept)
    assert client.post("/players/999999/remove").status_code == 404


def test_add_rename_and_merge_through_the_forms(client: FlaskClient, fixed: dict[str, str]) -> None:
    assert client.post("/players", data={"name": "Zoe", "email": ""}).status_code == 302
    refused = client.post("/players", data={"name": "zoe", "email": ""})
    assert refused.status_code == 400 and "Zoe is already in the address book" in text(refused)
    renamed = client.post(
        f"/players/{pid('Cy')}/edit", data={"name": "Cyril", "email": ""}, follow_redirects=True
    )
    assert "Cyril" in text(renamed) and "2 games" in text(renamed)
    asked = client.post(f"/players/{pid('Cyril')}/merge", data={"other": str(pid("Zoe"))})
    assert "Merge Zoe into Cyril?" in text(asked) and "cannot be undone" in text(asked)
    assert pid("Zoe")  # nothing merged until confirmed
    merged = client.post(
        f"/players/{pid('Cyril')}/merge",
        data={"other": str(pid("Zoe")), "confirm": "yes"},
        follow_redirects=True,
    )
    assert "Zoe merged into Cyril" in text(merged)
    shared = client.post(
        f"/players/{pid('Cyril')}/merge", data={"other": str(pid("Bob"))}, follow_redirects=True
    )
    assert "played in the same game" in text(shared)


def test_export_and_import_pages(client: FlaskClient, fixed: dict[str, str]) -> None:
    exported = client.get("/history/export.json")
    assert "attachment" in exported.headers["Content-Disposition"]
    assert exported.headers["Cache-Control"] == "no-store"  # the phone's cache keeps none
    data = json.loads(exported.get_data(as_text=True))
    assert len(data["games"]) == 4
    assert (
        client.get("/history/export.csv").get_data(as_text=True).startswith("\ufeffgame,date,kind")
    )
    again = client.post(
        "/history/import",
        data={"file": (io.BytesIO(exported.get_data()), "history.json")},
        content_type="multipart/form-data",
    )
    assert "Imported: 0 games. 4 games were already here" in text(again)
    bad = client.post(
        "/history/import",
        data={"file": (io.BytesIO(b"hello"), "x.json")},
        content_type="multipart/form-data",
    )
    assert bad.status_code == 400 and "Nothing was imported" in text(bad)
    field = re.search(r'<input type="file"[^>]*>', bad.get_data(as_text=True))
    assert field and 'aria-invalid="true" aria-describedby="import-problem"' in field[0]
    none = client.post("/history/import", data={}, content_type="multipart/form-data")
    assert none.status_code == 400 and "Choose an export file" in text(none)


def test_a_sheet_holding_all_its_rounds_offers_a_new_game(client: FlaskClient) -> None:
    export = zero_rounds_export("fullgame01", ["Ann", "Bob"], 1000)
    upload = {"file": (io.BytesIO(json.dumps(export).encode()), "full.json")}
    assert client.post("/history/import", data=upload).status_code == 200
    sheet = text(client.get("/games/fullgame01"))
    assert "A game holds at most 1,000 rounds: start a new game." in sheet
    assert "Enter round 1001" not in sheet and "Play again" in sheet
    asked = client.get("/games/fullgame01/rounds/new")
    assert asked.status_code == 302 and asked.location == "/games/fullgame01"


def test_a_page_number_below_1_is_named_as_such(client: FlaskClient) -> None:
    response = client.get("/history?page=-1")
    assert response.status_code == 400
    assert "The page number must be a whole number from 1." in response.get_data(as_text=True)
