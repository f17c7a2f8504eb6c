"""The history list (filters, pages), a game's page data, notes, deletion, and the ratings."""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import func, select
from test_history_stats import pid

from skyjo_pad.extensions import db
from skyjo_pad.models import Game, GameSeat, Rating, Round
from skyjo_pad.services import history, ratings
from skyjo_pad.services.errors import Invalid, NotFound


def names(page: history.HistoryPage) -> list[str]:
    return [",".join(s.name for s in g.seats) for g in page.games]


def test_all_games_newest_first_with_winners_and_status(fixed: dict[str, str]) -> None:
    page = history.history(history.Filters())
    assert page.total == 4
    assert [g.id for g in page.games] == [fixed[k] for k in ("P3", "T1", "P2", "P1")]
    assert [g.status for g in page.games] == ["playing", "finished", "finished", "finished"]
    assert [[w.name for w in g.winners] for g in page.games] == [
        [],
        ["Ann"],
        ["Ann", "Bob"],
        ["Cy"],
    ]
    assert [g.rounds for g in page.games] == [1, 1, 2, 3]
    assert page.games[1].kind == "table" and page.games[1].seats[1].bot == "easy"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ({"player": "Cy"}, ["P3", "P1"]),
        ({"kind": "table"}, ["T1"]),
        ({"status": "unfinished"}, ["P3"]),
        ({"status": "finished", "kind": "pad"}, ["P2", "P1"]),
        ({"from": "2026-02-01", "to": "2026-03-15"}, ["T1", "P2"]),
    ],
)
def test_filters(fixed: dict[str, str], args: dict[str, str], expected: list[str]) -> None:
    if "player" in args:
        args = {**args, "player": str(pid(args["player"]))}
    page = history.history(history.parse_filters(args))
    assert [g.id for g in page.games] == [fixed[k] for k in expected]
    assert page.total == len(expected)


def test_pages(fixed: dict[str, str]) -> None:
    first = history.history(history.Filters(), per_page=3)
    second = history.history(history.Filters(page=2), per_page=3)
    beyond = history.history(history.Filters(page=9), per_page=3)
    assert (first.pages, len(first.games), len(second.games)) == (2, 3, 1)
    assert second.games[0].id == fixed["P1"] and beyond.page == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"from": "31/05/2026"}, "The first day must be a date like 2026-05-31."),
        ({"to": "2026-02-30"}, "The last day must be a date like 2026-05-31."),
        ({"from": "2026-05-02", "to": "2026-05-01"}, "The first day comes after the last day"),
        ({"player": "Ann"}, "The player must be a whole number."),
        ({"kind": "chess"}, "Choose the score pad, digital tables or both."),
        ({"page": "0"}, "There is no such page."),
        ({"page": "9" * 23}, "There is no such page."),  # a number still, past any page
        ({"player": "9" * 23}, "There is no such player."),
    ],
)
def test_bad_filters_are_refused_in_words(ctx: object, args: dict[str, str], message: str) -> None:
    with pytest.raises(Invalid, match=message):
        history.parse_filters(args)
    assert date(2026, 1, 1)  # the dates above are checked as dates, not as text


def test_game_page_data_for_a_digital_game(fixed: dict[str, str]) -> None:
    detail = history.game(fixed["T1"])
    assert detail.status == "finished" and detail.has_record and detail.has_state
    assert detail.bots == (None, "easy") and detail.cleared == (1, 0)
    assert detail.sheet.totals == (15, 19) and detail.sheet.rounds[0].closer == 0


def test_notes_and_place_are_kept_and_checked(fixed: dict[str, str]) -> None:
    history.set_notes(fixed["P1"], "  Cy's first win!\r\nCake by Bob.  ", " Grandma's  kitchen ")
    detail = history.game(fixed["P1"])
    assert (detail.notes, detail.place) == ("Cy's first win!\nCake by Bob.", "Grandma's kitchen")
    with pytest.raises(Invalid, match="too long"):
        history.set_notes(fixed["P1"], "x" * 2001, "")
    with pytest.raises(Invalid, match="control characters"):
        history.set_notes(fixed["P1"], "", "bell\x07")
    db.session.rollback()
    assert history.game(fixed["P1"]).place == "Grandma's kitchen"
    # A direction control would show the text backwards: dropped, as from a name.
    history.set_notes(fixed["P1"], "\u202eCake\u202c by Bob", "\u202eGrandma's kitchen")
    detail = history.game(fixed["P1"])
    assert (detail.notes, detail.place) == ("Cake by Bob", "Grandma's kitchen")


def test_delete_a_game_takes_its_rounds_and_its_numbers(fixed: dict[str, str]) -> None:
    before = ratings.leaderboard()
    history.delete(fixed["T1"])
    assert db.session.get(Game, fixed["T1"]) is None
    assert (
        db.session.scalar(
            select(func.count()).select_from(Round).where(Round.game_id == fixed["T1"])
        )
        == 0
    )
    assert (
        db.session.scalar(
            select(func.count()).select_from(GameSeat).where(GameSeat.game_id == fixed["T1"])
        )
        == 0
    )
    with pytest.raises(NotFound):
        history.game(fixed["T1"])
    after = {s.name: s.games for s in ratings.leaderboard()}
    assert {s.name: s.games for s in before}["Ann"] == 3 and after["Ann"] == 2


def test_leaderboard_rates_won_games_and_counts_them(fixed: dict[str, str]) -> None:
    board = ratings.leaderboard()
    games = {s.name: s.games for s in board}
    assert games == {"Ann": 3, "Bob": 2, "Cy": 1}  # P3 is not over; Robo is a computer
    assert board[0].name == "Ann" and board[0].rank == 1  # the only one with 3 games
    assert [s.rank for s in board[1:]] == [None, None]
    with_computers = ratings.leaderboard(computers=True)
    robo = next(s for s in with_computers if s.name == "Robo")
    assert robo.computer and robo.games == 1


def test_ratings_are_replayed_after_a_change_to_a_rated_game(fixed: dict[str, str]) -> None:
    ratings.leaderboard()
    stored = {r.player_id: (r.mu, r.games) for r in db.session.scalars(select(Rating))}
    history.delete(fixed["P1"])
    ratings.bring_up_to_date()
    after = {r.player_id: (r.mu, r.games) for r in db.session.scalars(select(Rating))}
    assert pid("Cy") not in after  # Cy's only won game is gone
    assert after[pid("Ann")][1] == stored[pid("Ann")][1] - 1
