"""A player's numbers, head to head and the seat summaries, against the hand-worked history.

The history (history_helpers): P1 Ann 64 (closed round 3, doubled 12→24), Bob 40, Cy 29
wins; P2 Ann 30 and Bob 30 share; T1 Ann 15 (closed, a column of 5s cleared) beats
Robo 19 (the easy bot); P3 Bob 3, Cy 7 unfinished.
"""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from skyjo_pad.extensions import db
from skyjo_pad.models import Player
from skyjo_pad.services import pad, players, stats
from skyjo_pad.services.errors import NotFound


def pid(name: str) -> int:
    """A player's id by name."""
    found = db.session.scalar(select(Player.id).where(Player.name == name))
    assert found is not None, name
    return found


def test_ann_across_pad_and_digital_games(fixed: dict[str, str]) -> None:
    ann = stats.player_stats(pid("Ann"))
    assert (ann.games, ann.decided, ann.wins) == (3, 3, 2)  # P2 shared, T1
    assert ann.win_rate == pytest.approx(2 / 3)
    assert ann.rounds == 6
    assert ann.round_average == 18.2  # (64 + 30 + 15) / 6
    assert (ann.best_round, ann.worst_round) == (5, 30)
    assert ann.final_average == 36.3  # (64 + 30 + 15) / 3
    assert (ann.closed, ann.closed_paid, ann.doubled) == (3, 2, 1)
    assert ann.closing_rate == pytest.approx(2 / 3)
    assert ann.cleared == 1  # the column of 5s at the digital table
    assert not ann.computer


def test_bob_counts_an_unfinished_game_but_not_its_total(fixed: dict[str, str]) -> None:
    bob = stats.player_stats(pid("Bob"))
    assert (bob.games, bob.decided, bob.wins) == (3, 2, 1)
    assert bob.rounds == 6 and bob.round_average == 12.2  # (40 + 30 + 3) / 6
    assert (bob.best_round, bob.worst_round) == (3, 20)
    assert bob.final_average == 35.0  # (40 + 30) / 2: P3 is not over
    assert (bob.closed, bob.closed_paid, bob.doubled) == (2, 2, 0)
    assert bob.cleared is None  # never sat at a digital table


def test_the_computer_player_is_marked_and_kept_out_of_the_known_names(
    fixed: dict[str, str],
) -> None:
    robo = stats.player_stats(pid("Robo"))
    assert robo.computer and (robo.games, robo.wins, robo.cleared) == (1, 0, 0)
    assert "Robo" not in players.known_names()
    assert {"Ann", "Bob", "Cy"} <= set(players.known_names())


def test_a_player_without_games_has_no_averages(fixed: dict[str, str]) -> None:
    pad.new_game(["Dee", "Eve"])
    dee = stats.player_stats(pid("Dee"))
    assert (dee.games, dee.decided, dee.win_rate, dee.round_average, dee.best_round) == (
        1,
        0,
        None,
        None,
        None,
    )
    assert dee.closing_rate is None


def test_recent_results_oldest_first(fixed: dict[str, str]) -> None:
    results = stats.recent_results(pid("Ann"))
    assert [(r.total, r.place, r.players) for r in results] == [(64, 3, 3), (30, 1, 2), (15, 1, 2)]


def test_head_to_head(fixed: dict[str, str]) -> None:
    record = stats.head_to_head(pid("Ann"), pid("Bob"))
    assert (record.games, record.decided) == (2, 2)
    assert (record.first_ahead, record.second_ahead, record.level) == (0, 1, 1)
    assert (record.first_wins, record.second_wins) == (1, 1)
    assert (record.first_average, record.second_average) == (47.0, 35.0)
    never = stats.head_to_head(pid("Cy"), pid("Robo"))
    assert never.games == 0 and never.first_average is None


def test_unknown_players_are_not_found(fixed: dict[str, str]) -> None:
    with pytest.raises(NotFound):
        stats.player_stats(9999)
    with pytest.raises(NotFound):
        stats.head_to_head(pid("Ann"), 9999)


def test_a_correction_on_the_pad_updates_the_numbers(fixed: dict[str, str]) -> None:
    pad.replace_round(fixed["P1"], 3, pad_entry([12, 20, 13], 0))  # Ann lowest: not doubled
    ann = stats.player_stats(pid("Ann"))
    assert (ann.closed_paid, ann.doubled) == (3, 0)
    assert ann.worst_round == 30 and ann.final_average == 32.3  # (52 + 30 + 15) / 3
    pad.remove_last_round(fixed["P2"], 2)  # P2 is no longer over
    ann = stats.player_stats(pid("Ann"))
    assert (ann.decided, ann.wins) == (2, 1)


def pad_entry(scores: list[int], closer: int | None) -> pad.RoundEntry:
    return pad.RoundEntry(tuple(pad.SeatEntry(score=s) for s in scores), closer)


def test_a_half_is_rounded_up_as_people_round(ctx: Flask, client: FlaskClient) -> None:
    """Rounds of 1, 1, 1 and 6: an average of 2.25 shows 2.3 (Python's round gave 2.2);
    one win in eight games shows 13 % (Babel gave 12 %)."""
    game = pad.new_game(["Rx", "Ry"], {"target": 10})
    for scores in ([1, 2], [1, 2], [1, 2], [6, 8]):
        pad.add_round(game.id, pad_entry(scores, None))
    rx = stats.player_stats(pid("Rx"))
    assert rx.round_average == 2.3 and rx.wins == 1
    for _ in range(7):  # Ry wins the next seven
        lost = pad.new_game(["Rx", "Ry"], {"target": 10})
        pad.add_round(lost.id, pad_entry([20, 5], None))
    page = client.get(f"/players/{pid('Rx')}").text
    assert ">13%<" in page.replace(" ", "")
