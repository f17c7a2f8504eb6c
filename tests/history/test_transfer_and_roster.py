"""Export, import into another installation, import again; rename and merge players."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from databases import Databases
from exports import zero_rounds_export
from flask import Flask
from history_helpers import t1_export
from sqlalchemy import func, select
from test_history_stats import pid

from skyjo_pad import create_app
from skyjo_pad.extensions import db
from skyjo_pad.models import Game, Player, Round, RoundScore, TableState
from skyjo_pad.services import history, pad, roster, stats, tables, transfer
from skyjo_pad.services.errors import Conflict, Invalid, Malformed, ServiceError


def exported() -> dict[str, Any]:
    data = json.loads("".join(transfer.export_json()))
    assert isinstance(data, dict)
    return data


def store_counts() -> tuple[int, ...]:
    return tuple(
        db.session.scalar(select(func.count()).select_from(model)) or 0
        for model in (Game, Player, Round, RoundScore, TableState)
    )


@pytest.fixture
def other(databases: Databases) -> Flask:
    """A second, empty installation."""
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "other",
            "SQLALCHEMY_DATABASE_URI": databases.copy("other"),
            "AUTO_MIGRATE": False,
        }
    )


def test_export_holds_every_game_with_the_digital_record(fixed: dict[str, str]) -> None:
    data = exported()
    assert data["format"] == "skyjo-pad-history/1"
    games = {g["id"]: g for g in data["games"]}
    assert set(games) == set(fixed.values())
    p1 = games[fixed["P1"]]
    assert p1["players"] == ["Ann", "Bob", "Cy"] and p1["status"] == "finished"
    assert [r["final"] for r in p1["rounds"]] == [[10, 20, 5], [30, 12, 15], [24, 8, 9]]
    t1 = games["t1digital0"]
    assert t1["record"]["format"] == "skyjo-record/1" and len(t1["record"]["moves"]) == 6
    assert t1["bots"] == [None, "easy"]


def test_csv_has_a_line_per_player_and_round(fixed: dict[str, str]) -> None:
    rows = list(csv.DictReader(io.StringIO("".join(transfer.export_csv()))))
    assert len(rows) == 9 + 4 + 2 + 2  # P1, P2, T1, P3
    doubled = [r for r in rows if r["doubled"] == "yes"]
    assert [(r["player"], r["raw"], r["final"], r["total"]) for r in doubled] == [
        ("Ann", "12", "24", "64")
    ]


def test_import_into_another_installation_then_again(fixed: dict[str, str], other: Flask) -> None:
    data = exported()
    ann = stats.player_stats(pid("Ann"))
    with other.app_context():
        first = transfer.import_data(data)
        assert (first.added, first.already_here, first.players_added) == (4, 0, 4)
        counts = store_counts()
        copy = stats.player_stats(pid("Ann"))
        assert (copy.games, copy.wins, copy.final_average, copy.cleared, copy.doubled) == (
            ann.games,
            ann.wins,
            ann.final_average,
            ann.cleared,
            ann.doubled,
        )
        assert stats.player_stats(pid("Robo")).computer
        again = transfer.import_data(data)
        assert (again.added, again.already_here, again.players_added) == (0, 4, 0)
        assert store_counts() == counts
        db.session.remove()


def test_a_renamed_players_digital_game_moves_to_another_installation(
    fixed: dict[str, str], other: Flask
) -> None:
    """The record keeps the names of the deal; the game, the name of today."""
    t1 = next(g for g in exported()["games"] if g["id"] == "t1digital0")
    human = t1["players"][0]
    roster.update_player(pid(human), "Renamed", None)
    data = exported()
    with other.app_context():
        assert transfer.import_data(data).added == 4
        assert history.game("t1digital0").sheet.players[0] == "Renamed"
        assert tables.replay("t1digital0", 6).ended is not None
        db.session.remove()


def test_a_digital_game_imported_replays_to_its_record(ctx: Flask) -> None:
    transfer.import_data(t1_export())
    record = tables.record("t1digital0")
    assert record["moves"] == t1_export()["games"][0]["record"]["moves"]
    assert tables.replay("t1digital0", 6).ended is not None


def broken(change: dict[str, Any]) -> dict[str, Any]:
    data = t1_export()
    pad_game = {
        "id": "padgame001",
        "kind": "pad",
        "created_at": "2026-05-01T20:00:00",
        "rules": {"target": 100},
        "players": ["Ann", "Bob"],
        "rounds": [{"number": 1, "closer": 0, "raw": [5, 9], "final": [5, 9], "doubled": False}],
    }
    data["games"] = [pad_game | change, *data["games"]]
    return data


def broken_table(change: dict[str, Any]) -> dict[str, Any]:
    data = t1_export()
    data["games"][0] |= change
    return data


PLAYING_TABLE = {"status": "playing", "record": None, "seed": None}


def dealt(record_players: list[str], change: dict[str, Any]) -> dict[str, Any]:
    """T1 edited by hand: its record deals the seats to `record_players`."""
    data = broken_table(change)
    data["games"][0]["record"]["position"]["players"] = record_players
    return data


NINE = [f"P{n}" for n in range(1, 10)]
GRID_OF_53 = [[12, 11, 10, 9], [1, 2, 3, 4], [0, 0, 0, 1]]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"format": "something-else"}, "not a Skyjo Pad export"),
        (
            broken_table(
                PLAYING_TABLE | {"rounds": [{"closer": 0, "raw": [5, 3], "final": [999999, 3]}]}
            ),
            "round 1's scores do not add up",
        ),
        (
            broken({"rounds": [{"closer": 0, "raw": [5, 9], "grids": [GRID_OF_53, None]}]}),
            "round 1: the cards of player 1 add up to 53, not 5",
        ),
        (
            broken_table(PLAYING_TABLE | {"players": NINE, "bots": [None] * 9}),
            "A game needs 2 to 8 players: you have 9",
        ),
        (broken_table({"bots": ["easy", "easy"]}), "At least one seat needs a person"),
        (broken_table({"rules": {"target": 11}}), "played under other rules than the game's"),
        (broken_table({"rules": {}}), "played under other rules than the game's"),
        ({"format": "skyjo-pad-history/1", "games": "none"}, "no list of games"),
        (broken({"id": "../etc"}), "Game 1 of the file: its id must be up to 10 letters"),
        (broken({"rules": [1]}), r"Game 1 of the file \(padgame001\): its rules must be an object"),
        (
            broken({"rounds": [{"number": True, "closer": 0, "raw": [5, 9]}]}),
            "round 1 is missing or out of order",
        ),
        (broken({"kind": "chess"}), 'its kind must be "pad" or "table"'),
        (broken({"players": ["Ann", "Easy bot"]}), "Easy bot is a computer player's name"),
        (broken_table({"players": ["Ann", "Hard bot 2"], "bots": [None, None]}), "computer"),
        (
            broken_table({"players": ["Ann", "Hard bot 2"], "bots": [None, "easy"]}),
            "Hard bot 2 is the name of another level's computer player",
        ),
        (
            dealt(["Ann", "Easy bot"], {"players": ["Easy bot", "Ann"], "bots": ["easy", None]}),
            "its record deals seat 1 to Ann, the game gives it to Easy bot",
        ),
        (
            dealt(["Ann", "Easy bot"], {"players": ["Ann", "Hard bot"], "bots": [None, "hard"]}),
            "its record deals seat 2 to Easy bot, the game gives it to Hard bot",
        ),
        (
            broken({"finished_at": "2026-04-30T20:00:00"}),
            "its finished_at is before its created_at",
        ),
        ({"format": "skyjo-pad-history/1", "games": [], "players": None}, "address book"),
        (broken({"players": ["Ann", "ann"]}), "(?i)ann is in the game twice"),
        (broken({"created_at": "yesterday"}), "its created_at must be a date and time"),
        (
            broken({"created_at": "0001-01-01T00:00:00+01:00"}),
            "its created_at must be a date and time",
        ),
        (
            broken({"created_at": "9999-12-31T23:59:59-05:00"}),
            "its created_at must be a date and time",
        ),
        (broken({"created_at": "2999-01-01T20:00:00"}), "its created_at is in the future"),
        (
            broken({"rounds": [{"closer": 0, "raw": [12, 9], "final": [12, 9]}]}),
            "round 1's scores do not add up",
        ),
        (
            broken({"rounds": [{"closer": 0, "raw": [5, 9], "final": [5, 9], "doubled": True}]}),
            "round 1's scores do not add up",
        ),
        (broken({"status": "finished"}), 'its rounds do not end as its status "finished" says'),
        (broken({"status": "won"}), "its status must be one of playing, finished, abandoned"),
        (broken_table({"seed": 2**200}), "its deal number must be a whole number from 0 to 680"),
        (broken_table({"status": "won"}), "its status must be one of playing, finished, abandoned"),
        (
            broken_table({"rounds": [{"number": 1, "closer": 0, "raw": [99, 99]}]}),
            "its rounds are not the ones its record plays",
        ),
        (broken({"rounds": [{"closer": 5, "raw": [1, 2]}]}), "closer must be one of the players"),
        (broken({"rounds": [{"raw": [1, "two"]}]}), "one whole-number score per player"),
        (
            broken({"rounds": [{"closer": 0, "raw": [2_000_000, 10**20]}]}),
            "round 1 holds a score too large: each lies within ±1,000,000",
        ),
        (
            broken({"rounds": [{"closer": None, "raw": [0, 0]}] * 1001, "rules": {"target": 1}}),
            r"more rounds than a game holds \(1,000 rounds at most\)",
        ),
    ],
)
def test_bad_files_are_refused_whole(ctx: Flask, data: dict[str, Any], message: str) -> None:
    before = store_counts()
    with pytest.raises(ServiceError, match=message):
        transfer.import_data(data)
    assert store_counts() == before == (0, 0, 0, 0, 0)


def test_an_import_never_seats_a_person_under_a_computer_players_name_here(ctx: Flask) -> None:
    """ "Robo" is a computer player here (a host named it): a file that seats a person Robo
    is refused whole, naming the game; a file whose games are all here already changes
    nothing and is not refused."""
    transfer.import_data(t1_export())  # Ann against the computer Robo
    before = store_counts()
    data = broken({"players": ["Ann", "Robo"]})
    with pytest.raises(
        Invalid,
        match=r"^Game 1 of the file \(padgame001\): Robo is a computer player's name: give this",
    ):
        transfer.import_data(data)
    assert store_counts() == before
    assert transfer.import_data(t1_export()).already_here == 1


def test_a_computer_seat_dealt_under_its_levels_name_in_any_language_imports(
    ctx: Flask,
) -> None:
    """A record that dealt a seat to "Lätt dator" (the easy computer in Swedish) imports
    with the game giving that seat to "Easy bot": the same computer player."""
    data = dealt(["Ann", "Lätt dator"], {"players": ["Ann", "Easy bot"], "bots": [None, "easy"]})
    data["players"] = [{"name": "Ann"}]
    assert transfer.import_data(data).added == 1


def test_a_bad_game_late_in_the_file_leaves_nothing_half_imported(ctx: Flask) -> None:
    data = t1_export()
    data["games"][0]["record"]["moves"][2] = {"action": "flip", "cell": [0, 0]}  # face up
    data["games"].insert(0, broken({})["games"][0])
    with pytest.raises(
        Invalid, match="Game 2 of the file \\(t1digital0\\): move 3 of its record is not legal"
    ):
        transfer.import_data(data)
    assert store_counts() == (0, 0, 0, 0, 0)


def test_a_pad_game_holds_as_many_rounds_as_a_file_may_list(ctx: Flask) -> None:
    """Its 1,000th round in, the pad refuses another: the file of it imports again."""
    transfer.import_data(zero_rounds_export("padgame001", ["Ann", "Bob"], 1000))
    with pytest.raises(Conflict, match="A game holds at most 1,000 rounds"):
        pad.add_round("padgame001", pad.RoundEntry((pad.SeatEntry(0), pad.SeatEntry(0)), None))
    db.session.rollback()
    assert len(history.game("padgame001").sheet.rounds) == 1000


def test_not_json_is_refused(ctx: Flask) -> None:
    with pytest.raises(Malformed, match="not JSON"):
        transfer.import_text(b"\x89PNG...")
    huge = json.dumps(t1_export()).replace('"seed": 5', '"seed": ' + "9" * 5000)
    with pytest.raises(Malformed, match="a number in it has thousands of digits"):
        transfer.import_text(huge)
    assert store_counts() == (0, 0, 0, 0, 0)


def test_a_computers_entry_of_an_address_book_is_not_made_a_person(
    ctx: Flask, other: Flask
) -> None:
    """An export lists the computer players' entries too: imported, they are not made
    people (a chip to seat, "Hard bot" among the players); their games bring them."""
    data = broken({})
    data["players"] = [{"name": "Hard bot"}, {"name": "Starker Computer"}, {"name": "Ann"}]
    with other.app_context():
        transfer.import_data(data)
        assert [name for _id, name in roster.names()] == ["Ann", "Bob", "Robo"]  # Robo: easy
        # nor does a computer here take an email an address book gives its name
        transfer.import_data({**data, "players": [{"name": "Robo", "email": "r@example.org"}]})
        robo = next(p for p in roster.entries(computers=True) if p.name == "Robo")
        assert robo.computer and robo.email is None


def test_a_digital_game_still_played_elsewhere_is_left_out(ctx: Flask, other: Flask) -> None:
    """A table being played has its cards on the server that dealt it: another installation
    leaves it out and says so (the rest of the file goes in); its own keeps it as it is."""
    ann = tables.create([tables.SeatChoice("Ann"), tables.SeatChoice("Easy bot", "easy")], seed=3)
    data = exported()
    assert [game["status"] for game in data["games"]] == ["playing"]
    data["games"].append(broken({})["games"][0])
    assert transfer.import_data(data).already_here == 2 - 1  # the pad game is new here
    with other.app_context():
        report = transfer.import_data(data)
        assert (report.added, report.left_out, report.already_here) == (1, 1, 0)
        assert db.session.get(Game, ann) is None


def test_rename_keeps_the_history_and_refuses_a_taken_name(fixed: dict[str, str]) -> None:
    roster.update_player(pid("Bob"), "  Robert  ", "bob@example.com")
    robert = stats.player_stats(pid("Robert"))
    assert (robert.games, robert.wins, robert.email) == (3, 1, "bob@example.com")
    assert history.game(fixed["P1"]).sheet.players == ("Ann", "Robert", "Cy")
    with pytest.raises(Conflict, match="Ann is already in the address book"):
        roster.update_player(pid("Robert"), "ANN", None)
    db.session.rollback()
    with pytest.raises(Invalid, match="does not look like an email address"):
        roster.update_player(pid("Robert"), "Robert", "bob at home")


def test_merge_two_entries_of_one_person(fixed: dict[str, str]) -> None:
    roster.add("Annie", "annie@example.com")

    game = pad.new_game(["Annie", "Cy"], {"target": 10})
    pad.add_round(game.id, pad.RoundEntry((pad.SeatEntry(2), pad.SeatEntry(12)), 0))
    kept = roster.merge(pid("Ann"), pid("Annie"))
    assert kept.email == "annie@example.com"
    assert db.session.scalar(select(Player).where(Player.name == "Annie")) is None
    ann = stats.player_stats(pid("Ann"))
    assert (ann.games, ann.wins, ann.closed) == (4, 3, 4)
    assert history.game(game.id).sheet.players == ("Ann", "Cy")


def test_merge_refuses_two_people_who_shared_a_game(fixed: dict[str, str]) -> None:
    with pytest.raises(Conflict, match="Ann and Bob played in the same game"):
        roster.merge(pid("Ann"), pid("Bob"))
    db.session.rollback()
    assert stats.player_stats(pid("Bob")).games == 3
    with pytest.raises(Invalid, match="two different entries"):
        roster.merge(pid("Ann"), pid("Ann"))


def test_a_person_and_a_computer_player_are_never_merged(fixed: dict[str, str]) -> None:
    """Merged, a person would sit at tables as a computer (the history's own export then
    refused) or a computer's rounds count as a person's: refused both ways, not offered."""
    for keep, drop in (("Robo", "Cy"), ("Cy", "Robo")):
        with pytest.raises(Conflict, match="Robo is a computer player and Cy a person"):
            roster.merge(pid(keep), pid(drop))
        db.session.rollback()
    assert "Robo" not in dict(roster.merge_choices(pid("Cy"))).values()
    assert "Cy" not in dict(roster.merge_choices(pid("Robo"))).values()
    assert stats.player_stats(pid("Cy")).games == 2  # as before


def test_computer_players_of_two_levels_are_never_merged_under_a_levels_name(
    ctx: Flask,
) -> None:
    """ "Medium bot" keeps the medium computer's games: the hard one's are not merged into
    it (its export would then seat a hard computer as "Medium bot"), nor offered; a
    computer the host named may take another's games."""
    tables.create([tables.SeatChoice("Ann"), tables.SeatChoice("Medium bot", "medium")], seed=3)
    tables.create([tables.SeatChoice("Eve"), tables.SeatChoice("Hard bot", "hard")], seed=4)
    tables.create([tables.SeatChoice("Bea"), tables.SeatChoice("Robo", "hard")], seed=5)
    assert "Hard bot" not in dict(roster.merge_choices(pid("Medium bot"))).values()
    assert "Medium bot" not in dict(roster.merge_choices(pid("Hard bot"))).values()
    assert "Robo" not in dict(roster.merge_choices(pid("Medium bot"))).values()  # hard games
    assert "Hard bot" in dict(roster.merge_choices(pid("Robo"))).values()  # a host's name
    for keep, drop in (("Medium bot", "Hard bot"), ("Medium bot", "Robo")):
        with pytest.raises(Conflict, match=f"{keep} keeps the games of its own level, and {drop}"):
            roster.merge(pid(keep), pid(drop))
        db.session.rollback()
    assert roster.merge(pid("Robo"), pid("Hard bot")).name == "Robo"


def test_a_computer_player_keeps_the_name_new_tables_find_it_by(ctx: Flask) -> None:
    tables.create([tables.SeatChoice("Ann"), tables.SeatChoice("Hard bot", "hard")], seed=3)
    with pytest.raises(Invalid, match="Hard bot is the name new tables give"):
        roster.update_player(pid("Hard bot"), "Robot", None)
    db.session.rollback()
    assert roster.update_player(pid("Hard bot"), " hard  bot ", None).name == "hard bot"
