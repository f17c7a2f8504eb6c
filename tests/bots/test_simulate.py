"""`skyjo-pad simulate`: the same seed gives the same results, and the figures are right."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from skyjo_pad.bots import EasyBot, HardBot, MediumBot
from skyjo_pad.cli import main
from skyjo_pad.engine import Rules
from skyjo_pad.simulate import (
    SAFETY_STALL_TURNS,
    GameResult,
    Setup,
    game_seed,
    play_bots,
    play_game,
    prepare,
    run,
    wilson,
)

FAST = Rules(target=40, stall_turns=SAFETY_STALL_TURNS)


def simulate(*args: str) -> tuple[int, str]:
    """Run `skyjo-pad simulate ARGS` in process; the exit status and the output."""
    result = CliRunner().invoke(main, ["simulate", *args])
    return result.exit_code, result.output


def same_results(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two reports agree on everything but the speed."""
    return {**a, "games_per_second": 0} == {**b, "games_per_second": 0}


def test_the_same_seed_gives_the_same_game() -> None:
    bots = ("medium", "easy", "medium")
    one = play_game(bots, FAST, 12345)
    assert play_game(bots, FAST, 12345) == one
    assert play_game(bots, FAST, 54321) != one


def test_hard_plays_the_same_game_from_the_same_seed() -> None:
    def game(seed: int) -> GameResult:
        bots = [HardBot(seed, worlds=3), MediumBot(seed + 1), EasyBot(seed + 2)]
        return play_bots(bots, FAST, seed)

    assert game(8) == game(8)
    assert game(8) != game(9)


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    setup = Setup(("medium", "easy", "easy"), FAST, 24, 9)
    alone, _ = run(setup, workers=1)
    pooled, _ = run(setup, workers=2)
    assert same_results(alone, pooled)
    other, _ = run(Setup(setup.bots, FAST, 24, 10), workers=1)
    assert not same_results(alone, other)


def test_the_report_matches_a_hand_count() -> None:
    bots = ("medium", "easy")
    setup = Setup(bots, FAST, 6, 3)
    report, tally = run(setup, workers=1)
    games = [play_game(bots, FAST, game_seed(3, number)) for number in range(6)]
    rounds = [scores for game in games for scores in game.round_scores]
    assert report["games"] == 6
    assert report["mean_rounds"] == pytest.approx(len(rounds) / 6, abs=1e-6)
    for seat in range(2):
        wins = sum(
            (1 / len(winners) if seat in winners else 0.0)
            for winners in (
                [s for s, t in enumerate(game.totals) if t == min(game.totals)] for game in games
            )
        )
        row = report["seats"][seat]
        assert row["seat"] == seat and row["bot"] == bots[seat]
        assert row["wins"] == pytest.approx(wins, abs=1e-6)
        assert row["win_rate"] == pytest.approx(wins / 6, abs=1e-6)
        assert row["win_rate_ci"] == pytest.approx(list(wilson(wins, 6)), abs=1e-6)
        assert row["mean_round_score"] == pytest.approx(
            sum(r[seat] for r in rounds) / len(rounds), abs=1e-6
        )
        assert row["mean_total"] == pytest.approx(sum(g.totals[seat] for g in games) / 6, abs=1e-6)
        assert row["closed"] == sum(g.closed[seat] for g in games)
        assert row["doubled"] == sum(g.doubled[seat] for g in games)
    assert sum(row["wins"] for row in report["seats"]) == pytest.approx(6)
    assert tally.games == 6


def test_a_round_score_is_what_the_totals_add_up_to() -> None:
    game = play_game(("medium", "medium", "easy"), FAST, 77)
    for seat in range(3):
        assert sum(scores[seat] for scores in game.round_scores) == game.totals[seat]
    assert max(game.totals) >= 40
    assert sum(game.wins) == pytest.approx(1.0)


def test_wilson_interval() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.27 < high < 0.28
    low, high = wilson(10, 10)
    assert 0.72 < low < 0.73 and high == pytest.approx(1.0)
    assert wilson(2.5, 10)[0] < 0.25 < wilson(2.5, 10)[1]


def test_the_command_prints_one_json_object() -> None:
    status, output = simulate(
        "--players", "3", "--bots", "medium,easy,outside_bot:make", "--games", "4",
        "--seed", "2", "--rules", '{"target": 40}', "--workers", "1", "--json",
    )  # fmt: skip
    assert status == 0, output
    data = json.loads(output)
    assert list(data) == ["games", "seats", "mean_rounds", "games_per_second"]
    assert data["games"] == 4 and len(data["seats"]) == 3
    assert list(data["seats"][0]) == [
        "seat", "bot", "wins", "win_rate", "win_rate_ci", "mean_round_score", "mean_total",
        "closed", "doubled",
    ]  # fmt: skip
    assert data["seats"][2]["bot"] == "outside_bot:make"
    again = json.loads(simulate("--players", "3", "--bots", "medium,easy,outside_bot:make",
                                "--games", "4", "--seed", "2", "--rules", '{"target": 40}',
                                "--workers", "2", "--json")[1])  # fmt: skip
    assert same_results(data, again)


def test_the_command_prints_a_table_for_people() -> None:
    status, output = simulate(
        "--players", "2", "--bots", "medium,easy", "--games", "3", "--rules", '{"target": 30}',
        "--workers", "1",
    )  # fmt: skip
    assert status == 0, output
    assert "win rate (95% CI)" in output and "3 games" in output
    assert "medium" in output and "easy" in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "3", "--bots", "medium,easy"], "2 bots for 3 players"),
        (["--players", "2", "--bots", "medium,genius"], "unknown bot 'genius'"),
        (["--players", "2", "--bots", "medium,nowhere_module:make"], "cannot import"),
        (["--players", "2", "--bots", "medium,easy", "--rules", "{target: 5}"], "not valid JSON"),
        (["--players", "2", "--bots", "medium,easy", "--rules", "[1]"], "JSON object"),
        (["--players", "2", "--bots", "medium,easy", "--rules", '{"target": 0}'], "target"),
        (["--players", "2", "--bots", "medium,easy", "--rules", '{"colour": 1}'], "colour"),
        (["--players", "9", "--bots", ",".join(["easy"] * 9)], "2 to 8 players"),
        (["--players", "2", "--bots", "easy,easy", "--games", "0"], "--games"),
        (["--players", "2", "--bots", "expert,easy", "--budget", "-1"], "--budget"),
    ],
)
def test_bad_settings_exit_with_status_2_and_a_message(args: list[str], message: str) -> None:
    status, output = simulate(*args)
    assert status == 2
    assert message in output


def test_prepare_keeps_a_stall_limit_given() -> None:
    setup = prepare(2, "easy,medium", 5, 1, '{"stall_turns": 50}')
    assert setup.rules.stall_turns == 50
    assert prepare(2, "easy,medium", 5, 1, None).rules.stall_turns == SAFETY_STALL_TURNS


def test_a_bot_that_cheats_stops_the_run_with_status_2() -> None:
    status, output = simulate("--players", "2", "--bots", "outside_bot:cheater,easy",
                              "--games", "2", "--workers", "1")  # fmt: skip
    assert status == 2
    assert "not one of the legal moves" in output


def test_the_command_plays_expert_with_the_lab_budget() -> None:
    args = ["--players", "2", "--bots", "expert,easy", "--games", "1", "--workers", "1"]
    args += ["--budget", "2", "--rules", '{"target": 15}', "--json", "--seed", "4"]
    status, output = simulate(*args)
    assert status == 0, output
    data = json.loads(output)
    assert data["games"] == 1 and [seat["bot"] for seat in data["seats"]] == ["expert", "easy"]
    status, again = simulate(*args)
    assert same_results(json.loads(again), data)
