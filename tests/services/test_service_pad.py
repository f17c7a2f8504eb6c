"""The pad service called directly: its limits, its refusals, and what a refusal leaves."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select

from skyjo_pad.engine.limits import MULTIPLIER_MAX, TARGET_MAX
from skyjo_pad.extensions import db
from skyjo_pad.models import Game, Player, Round
from skyjo_pad.services import pad
from skyjo_pad.services.errors import Conflict, Invalid, Malformed, NotFound, ServiceError
from skyjo_pad.services.pad import SCORE_LIMIT, RoundEntry, SeatEntry

PLAYERS = ["Ann", "Bob", "Cy"]


def entry(scores: list[Any], closer: Any = None) -> RoundEntry:
    """A round of typed scores."""
    return RoundEntry(seats=tuple(SeatEntry(score=s) for s in scores), closer=closer)


def stored() -> tuple[int, int, int]:
    """How many games, players and rounds the store holds."""
    return tuple(  # type: ignore[return-value]
        db.session.scalar(select(func.count()).select_from(model))
        for model in (Game, Player, Round)
    )


def refused(error: type[ServiceError], call: Any, *args: Any, **kwargs: Any) -> ServiceError:
    """Check `call` is refused with `error`, a sentence, and nothing changed in the store."""
    before = stored()
    with pytest.raises(error) as caught:
        call(*args, **kwargs)
    db.session.rollback()
    assert stored() == before
    message = caught.value.message
    assert message.endswith((".", "!", "?")) and "Traceback" not in message
    return caught.value


class TestNewGame:
    def test_defaults(self, ctx: Flask) -> None:
        sheet = pad.new_game(PLAYERS)
        assert sheet.players == tuple(PLAYERS)
        assert (sheet.rules.target, sheet.rules.multiplier) == (100, 2)
        assert sheet.version == 1 and not sheet.finished

    @pytest.mark.parametrize(
        ("rules", "field"),
        [
            ({"target": 0}, "target"),
            ({"target": TARGET_MAX + 1}, "target"),
            ({"target": 10**30}, "target"),
            ({"target": "100"}, "target"),
            ({"multiplier": 0}, "multiplier"),
            ({"multiplier": MULTIPLIER_MAX + 1}, "multiplier"),
            ({"multiplier": 10**19}, "multiplier"),
            ({"multiplier": True}, "multiplier"),
            ({"row_clear": True}, "rules"),
            ({"tie_doubles": "yes"}, "rules"),
        ],
    )
    def test_rule_options_out_of_range(self, ctx: Flask, rules: dict[str, Any], field: str) -> None:
        error = refused(Invalid, pad.new_game, PLAYERS, rules)
        assert error.field == field
        if field != "rules":
            assert field in error.message

    def test_the_largest_options_are_allowed(self, ctx: Flask) -> None:
        sheet = pad.new_game(PLAYERS, {"target": TARGET_MAX, "multiplier": MULTIPLIER_MAX})
        assert (sheet.rules.target, sheet.rules.multiplier) == (TARGET_MAX, MULTIPLIER_MAX)

    @pytest.mark.parametrize(
        ("names", "error", "words"),
        [
            ("AnnBob", Malformed, "list of names"),
            (None, Malformed, "list of names"),
            (["Ann", 7], Malformed, "player 2 is not text"),
            (["Ann", None], Malformed, "player 2 is not text"),
            (["Ann", b"Bob"], Malformed, "player 2 is not text"),
            (["Ann", ["Bob"]], Malformed, "player 2 is not text"),
            (["Ann"], Invalid, "2 to 12 players"),
            ([f"P{n}" for n in range(13)], Invalid, "2 to 12 players"),
            (["Ann", "  "], Invalid, "needs a name"),
            (["Ann", "\u200b\u200d"], Invalid, "needs a name"),
            (["Ann", "Bo\x00b"], Invalid, "control characters"),
            (["Ann", "Bob\x1b[31m"], Invalid, "control characters"),
            (["Ann", "Bob\ud800"], Invalid, "control characters"),
            (["Ann", "x" * 41], Invalid, "40 characters at most"),
            (["Ann", "ANN"], Invalid, "twice"),
            (["Straße", "STRASSE"], Invalid, "twice"),
        ],
    )
    def test_names_are_checked(
        self, ctx: Flask, names: Any, error: type[ServiceError], words: str
    ) -> None:
        caught = refused(error, pad.new_game, names)
        assert words in caught.message and caught.field == "players"

    def test_a_name_whose_key_is_longer_than_the_name(self, ctx: Flask) -> None:
        long_name = "ΐ" * 40  # each folds to three characters: a key of 120
        sheet = pad.new_game([long_name, "ß" * 40])
        assert sheet.players == (long_name, "ß" * 40)
        assert pad.new_game([long_name, "Bob"]).players[0] == long_name
        assert stored()[1] == 3  # found again by its long key

    def test_known_players_are_found_again(self, ctx: Flask) -> None:
        pad.new_game(["Ann", "Bob"])
        pad.new_game(["  ann ", "Cy"])
        names = set(db.session.scalars(select(Player.name)))
        assert names == {"Ann", "Bob", "Cy"}


class TestRounds:
    @pytest.fixture
    def game(self, ctx: Flask) -> pad.Sheet:
        return pad.new_game(PLAYERS)

    @pytest.mark.parametrize(
        "score",
        [SCORE_LIMIT + 1, -SCORE_LIMIT - 1, 10**19, pytest.param(10**5000, id="5001 digits")],
    )
    def test_a_score_beyond_the_limit_is_refused(self, game: pad.Sheet, score: int) -> None:
        error = refused(Invalid, pad.add_round, game.id, entry([1, score, 3], 0))
        assert error.field == "scores"
        assert "Bob's score" in error.message and f"{SCORE_LIMIT:,}" in error.message

    def test_a_score_at_the_limit_is_kept_with_a_warning(self, game: pad.Sheet) -> None:
        sheet, outcome = pad.add_round(game.id, entry([SCORE_LIMIT, -SCORE_LIMIT, 0], 0))
        assert sheet.totals == (2 * SCORE_LIMIT, -SCORE_LIMIT, 0)
        assert len(outcome.warnings) == 2
        assert pad.get_sheet(game.id).totals == sheet.totals

    def test_the_largest_product_fits_the_store(self, ctx: Flask) -> None:
        game = pad.new_game(PLAYERS, {"multiplier": MULTIPLIER_MAX, "target": TARGET_MAX})
        sheet, _ = pad.add_round(game.id, entry([SCORE_LIMIT, -SCORE_LIMIT, SCORE_LIMIT], 0))
        assert sheet.rounds[0].final[0] == SCORE_LIMIT * MULTIPLIER_MAX
        db.session.expire_all()
        assert pad.get_sheet(game.id).totals == sheet.totals

    @pytest.mark.parametrize("score", [True, 2.0, "8", None, [8]])
    def test_a_score_that_is_not_a_whole_number_is_refused(
        self, game: pad.Sheet, score: Any
    ) -> None:
        refused(Invalid, pad.add_round, game.id, entry([1, score, 3], 0))

    @pytest.mark.parametrize("closer", [True, False, 3, -1, 10**30, "0", 1.0])
    def test_a_closer_who_is_not_a_seat_is_refused(self, game: pad.Sheet, closer: Any) -> None:
        error = refused(Invalid, pad.add_round, game.id, entry([1, 2, 3], closer))
        assert error.field == "closer"

    def test_the_wrong_number_of_scores_is_refused(self, game: pad.Sheet) -> None:
        error = refused(Invalid, pad.add_round, game.id, entry([1, 2], 0))
        assert "each of the 3 players" in error.message

    @pytest.mark.parametrize(
        "grid",
        [
            ((13, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)),
            ((0, 0, 0), (0, 0, 0), (0, 0, 0)),
            "not a grid",
            ((True, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)),
        ],
    )
    def test_a_wrong_grid_is_refused(self, game: pad.Sheet, grid: Any) -> None:
        seats = (SeatEntry(grid=grid), SeatEntry(score=1), SeatEntry(score=2))
        error = refused(Invalid, pad.add_round, game.id, RoundEntry(seats=seats, closer=None))
        assert "Ann's cards" in error.message

    def test_a_grid_is_scored_with_the_column_rule(self, game: pad.Sheet) -> None:
        grid = ((5, 5, -1, None), (5, 7, 2, None), (5, 0, 3, None))
        seats = (SeatEntry(grid=grid), SeatEntry(score=20), SeatEntry(score=30))
        sheet, _ = pad.add_round(game.id, RoundEntry(seats=seats, closer=0))
        assert sheet.rounds[0].raw == (16, 20, 30)
        assert pad.get_sheet(game.id, with_grids=True).rounds[0].grids[0] == grid

    def test_a_stale_version_is_a_conflict(self, game: pad.Sheet) -> None:
        pad.add_round(game.id, entry([1, 2, 3], 0), expected_version=game.version)
        refused(Conflict, pad.add_round, game.id, entry([1, 2, 3], 0), game.version)
        refused(Conflict, pad.replace_round, game.id, 1, entry([4, 5, 6]), game.version)
        refused(Conflict, pad.remove_last_round, game.id, 1, game.version)

    def test_unknown_games_and_rounds(self, game: pad.Sheet) -> None:
        refused(NotFound, pad.get_sheet, "nosuchgame")
        refused(NotFound, pad.get_sheet, 12)
        refused(NotFound, pad.replace_round, game.id, 1, entry([1, 2, 3]))
        refused(NotFound, pad.remove_last_round, game.id, 10**30)

    def test_every_version_is_new(self, game: pad.Sheet) -> None:
        versions = [game.version]
        sheet, _ = pad.add_round(game.id, entry([1, 2, 3]))
        versions.append(sheet.version)
        sheet, _ = pad.replace_round(game.id, 1, entry([3, 2, 1]))
        versions.append(sheet.version)
        versions.append(pad.remove_last_round(game.id, 1).version)
        assert len(set(versions)) == 4


class TestNearTarget:
    def test_the_line_is_the_exact_ceiling(self, ctx: Flask) -> None:
        game = pad.new_game(PLAYERS, {"target": 101})  # 80 % of 101 is 80.8
        sheet, _ = pad.add_round(game.id, entry([81, 80, 0]))
        assert sheet.near_target == (0,)

    def test_a_huge_stored_target_does_not_break_the_sheet(self, ctx: Flask) -> None:
        game = pad.new_game(PLAYERS)
        row = db.session.get(Game, game.id)
        assert row is not None
        row.rules = {**row.rules, "target": 10**400}  # a game stored before the limit
        db.session.commit()
        sheet, _ = pad.add_round(game.id, entry([50, 60, 70]))
        assert sheet.near_target == () and not sheet.finished
        assert sheet.to_api()["rules"]["target"] == 10**400

    def test_nobody_is_near_once_the_game_is_over(self, ctx: Flask) -> None:
        game = pad.new_game(PLAYERS, {"target": 10})
        sheet, _ = pad.add_round(game.id, entry([9, 10, 1]))
        assert sheet.finished and sheet.near_target == ()


def test_a_digital_table_game_is_not_typed_into(ctx: Flask) -> None:
    game = pad.new_game(PLAYERS)
    pad.add_round(game.id, entry([1, 2, 3]))
    row = db.session.get(Game, game.id)
    assert row is not None
    row.kind = "table"
    db.session.commit()
    version = pad.get_sheet(game.id).version
    for call, args in [
        (pad.add_round, (game.id, entry([1, 2, 3]))),
        (pad.replace_round, (game.id, 1, entry([1, 2, 3]))),
        (pad.remove_last_round, (game.id, 1)),
        (pad.preview, (game.id, entry([1, 2, 3]))),
    ]:
        error = refused(Conflict, call, *args)
        assert "digital table" in error.message
    assert pad.get_sheet(game.id).version == version


@pytest.mark.parametrize("game_id", ["", "\x00", "abc\x00defgh", "a" * 300, None, 7])
def test_an_impossible_game_id_is_not_found(ctx: Flask, game_id: Any) -> None:
    refused(NotFound, pad.get_sheet, game_id)
    refused(NotFound, pad.add_round, game_id, entry([1, 2, 3]))
