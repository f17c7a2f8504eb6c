"""POST, PUT and DELETE of rounds: scoring, corrections, the end, and every refusal."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import RULEBOOK_ROUND, PadApi
from flask import Flask
from flask.testing import FlaskClient

from skyjo_pad.services import pad

Game = dict[str, Any]

# The rulebook's closer: 15 in positive cards and -5 in negative ones make 10 (no column).
RULEBOOK_CLOSER_GRID = [[5, 4, 5, 0], [-1, -1, -1, 0], [-2, 0, 0, 1]]
# API.md's grid: the first column of three 5s goes, 16 remains.
COLUMN_GRID = [[5, 5, -1, None], [5, 7, 2, None], [5, 0, 3, None]]
ANN_GRID = [[1, 1, 1, 1], [1, 1, 1, 1], [0, 0, 0, 0]]  # 8, no column
BOB_GRID = [[12, 12, 12, 2], [12, 12, 12, 3], [12, 12, 12, 3]]  # three columns of 12: 8


def rounds_url(game: Game, number: int | None = None) -> str:
    """The address of a game's rounds, or of one round."""
    url = f"/api/games/{game['id']}/rounds"
    return url if number is None else f"{url}/{number}"


class TestAddRound:
    def test_rulebook_example(self, client: FlaskClient, api: PadApi, game: Game) -> None:
        response = client.post(rounds_url(game), json=RULEBOOK_ROUND)
        assert response.status_code == 201
        after = api.json(response)
        assert after["rounds"] == [
            {"number": 1, "closer": 2, "raw": [8, 50, 10], "final": [8, 50, 20], "doubled": True}
        ]
        assert after["totals"] == [8, 50, 20]
        assert after["finished"] is False
        assert "warnings" not in after
        assert api.game(game["id"]) == after

    def test_rulebook_example_with_grids(self, api: PadApi, game: Game) -> None:
        body = {"grids": [ANN_GRID, BOB_GRID, RULEBOOK_CLOSER_GRID], "closer": 2}
        after = api.add_round(game["id"], body)
        assert after["rounds"][0]["raw"] == [8, 8, 10]
        assert after["rounds"][0]["final"] == [8, 8, 20]  # 10 doubled to 20, not 25
        assert after["rounds"][0]["doubled"] is True

    def test_grids_apply_the_column_rule(self, api: PadApi, game: Game) -> None:
        body = {"grids": [COLUMN_GRID, BOB_GRID, ANN_GRID], "closer": 1}
        after = api.add_round(game["id"], body)
        assert after["rounds"][0]["raw"] == [16, 8, 8]
        assert after["rounds"][0]["final"] == [16, 16, 8]  # Bob ties Cy: doubled

    def test_closer_null_doubles_nobody(self, api: PadApi, game: Game) -> None:
        after = api.add_round(game["id"], {"scores": [8, 50, 10], "closer": None})
        assert after["rounds"][0] == {
            "number": 1,
            "closer": None,
            "raw": [8, 50, 10],
            "final": [8, 50, 10],
            "doubled": False,
        }

    def test_lowest_closer_is_not_doubled(self, api: PadApi, game: Game) -> None:
        after = api.add_round(game["id"], {"scores": [8, 50, 10], "closer": 0})
        assert after["rounds"][0]["final"] == [8, 50, 10]

    def test_rules_of_the_game_apply(self, api: PadApi) -> None:
        game = api.new_game(multiplier=3, tie_doubles=False)
        after = api.add_round(game["id"], {"scores": [10, 50, 10], "closer": 2})
        assert after["rounds"][0]["final"] == [10, 50, 10]  # a tie does not double
        after = api.add_round(game["id"], {"scores": [8, 50, 10], "closer": 2})
        assert after["rounds"][1]["final"] == [8, 50, 30]

    def test_out_of_bounds_scores_are_kept_with_warnings(self, api: PadApi, game: Game) -> None:
        after = api.add_round(game["id"], {"scores": [-20, 141, 5], "closer": None})
        assert after["rounds"][0]["raw"] == [-20, 141, 5]
        assert len(after["warnings"]) == 2
        assert all(isinstance(w, str) and w for w in after["warnings"])
        assert "Ann" in after["warnings"][0] and "Bob" in after["warnings"][1]
        assert "warnings" not in api.game(game["id"])

    def test_warnings_come_in_the_readers_language_too(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        """English in `warnings` (API.md), the same sentences beside them in French."""
        client.set_cookie("lang", "fr")
        after = api.add_round(game["id"], {"scores": [-20, 5, 5], "closer": None})
        assert after["warnings"] == [
            "Ann's -20 is outside -17 to 140, impossible under the official rules."
        ]
        assert after["warning_messages"] == [
            "Le −20 d’Ann est hors de −17 à 140, impossible selon les règles officielles."
        ]
        client.set_cookie("lang", "en")
        english = api.add_round(game["id"], {"scores": [-20, 5, 5], "closer": None})
        assert "warning_messages" not in english and english["warnings"]

    def test_cards_no_deck_holds_are_kept_with_warnings(self, api: PadApi, game: Game) -> None:
        """Twelve 12s tapped in twice (a card mistyped, most likely), a column removed in
        part: kept as typed, each said."""
        twelves = [[12] * 4] * 3
        part = [[None, 2, 3, 4], [1, 5, 3, 4], [1, 2, 6, 5]]
        after = api.add_round(game["id"], {"grids": [twelves, twelves, part], "closer": 2})
        assert after["rounds"][0]["raw"] == [0, 0, 36]
        assert after["warnings"] == [
            "24 cards of 12 among the cards tapped in: the deck has only 10.",
            "Cy's column 1 is removed in part: a column goes whole, its three cards at once.",
        ]
        ones_twelves = [[1, 12, 1, 12], [12, 1, 12, 1], [1, 12, 1, 12]]
        more = [[1, 12, 1, 12], [12, 1, 12, 1], [1, 12, 5, 5]]
        body = {"grids": [ones_twelves, more, twelves], "closer": 0}
        said = api.add_round(game["id"], body)["warnings"]
        assert said[:2] == [  # every card over its count, not the first alone
            "11 cards of 1 among the cards tapped in: the deck has only 10.",
            "23 cards of 12 among the cards tapped in: the deck has only 10.",
        ]

    def test_reaching_the_target_ends_the_game(self, api: PadApi, game: Game) -> None:
        api.add_round(game["id"], {"scores": [40, 60, 40], "closer": None})
        after = api.add_round(game["id"], {"scores": [5, 40, 5], "closer": None})
        assert after["totals"] == [45, 100, 45]
        assert after["finished"] is True
        assert after["winners"] == [0, 2]  # shared victory

    def test_version_changes_with_every_save(self, api: PadApi, game: Game) -> None:
        after = api.add_round(game["id"], {**RULEBOOK_ROUND, "version": game["version"]})
        assert after["version"] != game["version"]


class TestAddRoundRefused:
    def test_on_a_finished_game_is_409(self, client: FlaskClient, api: PadApi) -> None:
        game = api.new_game(target=10)
        finished = api.add_round(game["id"], {"scores": [20, 0, 0], "closer": None})
        assert finished["finished"] is True
        api.refused(client.post(rounds_url(game), json=RULEBOOK_ROUND), 409)
        assert api.game(game["id"]) == finished

    def test_stale_version_is_409(self, client: FlaskClient, api: PadApi, game: Game) -> None:
        saved = api.add_round(game["id"], {**RULEBOOK_ROUND, "version": game["version"]})
        body = {**RULEBOOK_ROUND, "version": game["version"]}  # the other phone
        message = api.refused(client.post(rounds_url(game), json=body), 409)
        assert "changed" in message
        assert api.game(game["id"]) == saved

    def test_unknown_game_is_404(self, client: FlaskClient, api: PadApi) -> None:
        before = api.counts()
        api.refused(client.post("/api/games/nosuchgame/rounds", json=RULEBOOK_ROUND), 404)
        assert api.counts() == before

    @pytest.mark.parametrize(
        "body",
        [
            pytest.param({"closer": 2}, id="no scores nor grids"),
            pytest.param({"scores": [8, 50, 10]}, id="no closer"),
            pytest.param({"scores": [8, 50, 10], "grids": [], "closer": 2}, id="both"),
            pytest.param({"scores": "8 50 10", "closer": 2}, id="scores text"),
            pytest.param({"scores": {"Ann": 8}, "closer": 2}, id="scores object"),
            pytest.param({"scores": [8, "50", 10], "closer": 2}, id="score text"),
            pytest.param({"scores": [8, None, 10], "closer": 2}, id="score null"),
            pytest.param({"scores": [8, True, 10], "closer": 2}, id="score bool"),
            pytest.param({"scores": [8, 50.0, 10], "closer": 2}, id="score float 50.0"),
            pytest.param({"scores": [8, 50.5, 10], "closer": 2}, id="score float 50.5"),
            pytest.param({"scores": [8, [50], 10], "closer": 2}, id="score nested"),
            pytest.param({"scores": [8, 50, 10], "closer": "Cy"}, id="closer text"),
            pytest.param({"scores": [8, 50, 10], "closer": True}, id="closer bool"),
            pytest.param({"scores": [8, 50, 10], "closer": 2.0}, id="closer float"),
            pytest.param({"scores": [8, 50, 10], "closer": [2]}, id="closer list"),
            pytest.param({"scores": [8, 50, 10], "closer": 2, "version": "3"}, id="version text"),
            pytest.param({"scores": [8, 50, 10], "closer": 2, "round": 1}, id="unknown field"),
            pytest.param({"score": [8, 50, 10], "closer": 2}, id="misspelt field"),
            pytest.param({"grids": "none", "closer": 2}, id="grids text"),
            pytest.param({"grids": [COLUMN_GRID, COLUMN_GRID, None], "closer": 2}, id="grid null"),
            pytest.param({"grids": [COLUMN_GRID, COLUMN_GRID, [[1]]], "closer": 2}, id="small"),
            pytest.param(
                {"grids": [COLUMN_GRID, COLUMN_GRID, [[1, 2, 3, "4"]] * 3], "closer": 2},
                id="card text",
            ),
            pytest.param(
                {"grids": [COLUMN_GRID, COLUMN_GRID, [[1, 2, 3, 4.0]] * 3], "closer": 2},
                id="card float",
            ),
            pytest.param(
                {"grids": [COLUMN_GRID, COLUMN_GRID, [[[[[]]]]] * 3], "closer": 2},
                id="nested garbage",
            ),
        ],
    )
    def test_malformed_is_400_and_changes_nothing(
        self, client: FlaskClient, api: PadApi, game: Game, body: dict[str, Any]
    ) -> None:
        api.add_round(game["id"], {"scores": [1, 2, 3], "closer": None})
        before = api.game(game["id"])
        api.refused(client.post(rounds_url(game), json=body), 400)
        assert api.game(game["id"]) == before

    @pytest.mark.parametrize(
        "body",
        [
            pytest.param({"scores": [8, 50], "closer": 1}, id="too few scores"),
            pytest.param({"scores": [8, 50, 10, 4], "closer": 1}, id="too many scores"),
            pytest.param({"scores": [], "closer": None}, id="no score"),
            pytest.param({"scores": [8, 50, 10], "closer": 3}, id="closer not a seat"),
            pytest.param({"scores": [8, 50, 10], "closer": -1}, id="closer negative"),
            pytest.param({"scores": [8, 50, 10], "closer": 10**40}, id="closer huge"),
            pytest.param({"scores": [8, 10**30, 10], "closer": 1}, id="score huge"),
            pytest.param({"scores": [8, -(10**19), 10], "closer": 1}, id="score huge negative"),
            pytest.param({"scores": [8, 1_000_001, 10], "closer": 1}, id="score past limit"),
            pytest.param({"grids": [COLUMN_GRID, COLUMN_GRID], "closer": 1}, id="too few grids"),
            pytest.param(
                {"grids": [COLUMN_GRID, COLUMN_GRID, [[13, 0, 0, 0]] * 3], "closer": 1},
                id="card 13",
            ),
            pytest.param(
                {"grids": [COLUMN_GRID, COLUMN_GRID, [[-3, 0, 0, 0]] * 3], "closer": 1},
                id="card -3",
            ),
        ],
    )
    def test_invalid_is_422_and_changes_nothing(
        self, client: FlaskClient, api: PadApi, game: Game, body: dict[str, Any]
    ) -> None:
        before = api.game(game["id"])
        api.refused(client.post(rounds_url(game), json=body), 422)
        assert api.game(game["id"]) == before

    def test_message_names_bad_score(self, client: FlaskClient, api: PadApi, game: Game) -> None:
        body = {"scores": [8, "fifty", 10], "closer": 2}
        message = api.refused(client.post(rounds_url(game), json=body), 400)
        assert "seat 1" in message and "whole number" in message

    def test_too_few_grids_are_counted_as_grids(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        for body, counted in (
            ({"grids": [COLUMN_GRID, COLUMN_GRID], "closer": 0}, "grid"),
            ({"scores": [1, 2], "closer": 0}, "score"),
        ):
            message = api.refused(client.post(rounds_url(game), json=body), 422)
            assert message == f"Give one {counted} for each of the 3 players."

    def test_message_names_the_bad_card(self, client: FlaskClient, api: PadApi, game: Game) -> None:
        body = {"grids": [COLUMN_GRID, [[13, 0, 0, 0]] * 3, COLUMN_GRID], "closer": 2}
        message = api.refused(client.post(rounds_url(game), json=body), 422)
        assert "seat 1" in message and "13" in message

    def test_missing_closer_says_null_means_nobody(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        message = api.refused(client.post(rounds_url(game), json={"scores": [1, 2, 3]}), 400)
        assert "null" in message


class TestReplaceRound:
    def test_correction_flows_into_later_totals(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        api.add_round(game["id"], RULEBOOK_ROUND)
        api.add_round(game["id"], {"scores": [1, 2, 3], "closer": 0})
        response = client.put(rounds_url(game, 1), json={"scores": [8, 50, 5], "closer": 2})
        assert response.status_code == 200
        after = api.json(response)
        assert after["rounds"][0]["final"] == [8, 50, 5]
        assert after["rounds"][0]["doubled"] is False
        assert after["totals"] == [9, 52, 8]
        assert api.game(game["id"]) == after

    def test_correction_with_grids(self, client: FlaskClient, api: PadApi, game: Game) -> None:
        api.add_round(game["id"], RULEBOOK_ROUND)
        body = {"grids": [ANN_GRID, BOB_GRID, COLUMN_GRID], "closer": None}
        after = api.json(client.put(rounds_url(game, 1), json=body))
        assert after["rounds"][0]["raw"] == [8, 8, 16]

    def test_a_correction_by_scores_keeps_the_cards_of_a_score_it_leaves(
        self, app: Flask, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        """A phone offline knows only the scores: correcting Cy's, it sends Ann's and Bob's
        again, and their counted cards stay (Cy's, changed, go)."""
        api.add_round(game["id"], {"grids": [ANN_GRID, BOB_GRID, COLUMN_GRID], "closer": None})
        body = {"scores": [8, 8, 20], "closer": None}
        assert client.put(rounds_url(game, 1), json=body).status_code == 200
        with app.app_context():
            grids = pad.get_sheet(game["id"], with_grids=True).rounds[0].grids
        assert grids[0] is not None and grids[1] is not None and grids[2] is None

    def test_correction_can_unfinish_the_game(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        finished = api.add_round(game["id"], {"scores": [100, 0, 5], "closer": None})
        assert finished["finished"] is True and finished["winners"] == [1]
        response = client.put(rounds_url(game, 1), json={"scores": [50, 0, 5], "closer": None})
        assert response.status_code == 200
        after = api.json(response)
        assert after["finished"] is False
        assert after["winners"] == []
        assert api.add_round(game["id"], RULEBOOK_ROUND)["totals"] == [58, 50, 25]

    def test_correction_can_finish_the_game(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        api.add_round(game["id"], {"scores": [50, 0, 5], "closer": None})
        response = client.put(rounds_url(game, 1), json={"scores": [120, 0, 5], "closer": None})
        assert api.json(response)["finished"] is True
        assert api.json(response)["winners"] == [1]

    def test_correction_warns_out_of_bounds(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        api.add_round(game["id"], RULEBOOK_ROUND)
        response = client.put(rounds_url(game, 1), json={"scores": [8, 50, 200], "closer": 2})
        assert response.status_code == 200
        assert len(api.json(response)["warnings"]) == 1

    def test_correction_ending_the_game_early_is_409(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        api.add_round(game["id"], {"scores": [10, 0, 5], "closer": None})
        before = api.add_round(game["id"], {"scores": [10, 0, 5], "closer": None})
        body = {"scores": [100, 0, 5], "closer": None}
        api.refused(client.put(rounds_url(game, 1), json=body), 409)
        assert api.game(game["id"]) == before

    def test_stale_version_is_409(self, client: FlaskClient, api: PadApi, game: Game) -> None:
        api.add_round(game["id"], RULEBOOK_ROUND)
        before = api.add_round(game["id"], RULEBOOK_ROUND)
        body = {**RULEBOOK_ROUND, "version": game["version"]}
        api.refused(client.put(rounds_url(game, 1), json=body), 409)
        assert api.game(game["id"]) == before

    def test_current_version_is_accepted(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        saved = api.add_round(game["id"], RULEBOOK_ROUND)
        body = {"scores": [1, 2, 3], "closer": None, "version": saved["version"]}
        assert client.put(rounds_url(game, 1), json=body).status_code == 200

    @pytest.mark.parametrize("number", [0, 2, 99, 10**30])
    def test_unknown_round_is_404(
        self, client: FlaskClient, api: PadApi, game: Game, number: int
    ) -> None:
        before = api.add_round(game["id"], RULEBOOK_ROUND)
        api.refused(client.put(rounds_url(game, number), json=RULEBOOK_ROUND), 404)
        assert api.game(game["id"]) == before

    def test_unknown_game_is_404(self, client: FlaskClient, api: PadApi) -> None:
        api.refused(client.put("/api/games/nosuchgame/rounds/1", json=RULEBOOK_ROUND), 404)

    @pytest.mark.parametrize(
        ("body", "status"),
        [
            ({"scores": [1, 2], "closer": None}, 422),
            ({"scores": [1, 2, 3], "closer": 7}, 422),
            ({"scores": [1, 2, "3"], "closer": None}, 400),
            ({"scores": [1, 2, 3]}, 400),
            ({"grids": [COLUMN_GRID] * 3, "closer": None, "extra": 1}, 400),
        ],
    )
    def test_bad_body_changes_nothing(
        self,
        client: FlaskClient,
        api: PadApi,
        game: Game,
        body: dict[str, Any],
        status: int,
    ) -> None:
        before = api.add_round(game["id"], RULEBOOK_ROUND)
        api.refused(client.put(rounds_url(game, 1), json=body), status)
        assert api.game(game["id"]) == before


class TestRemoveRound:
    def test_last_round_is_taken_back(self, client: FlaskClient, api: PadApi, game: Game) -> None:
        first = api.add_round(game["id"], RULEBOOK_ROUND)
        api.add_round(game["id"], {"scores": [1, 2, 3], "closer": 0})
        response = client.delete(rounds_url(game, 2))
        assert response.status_code == 200
        after = api.json(response)
        assert after["rounds"] == first["rounds"]
        assert after["totals"] == first["totals"]
        assert api.game(game["id"]) == after

    def test_taking_back_the_final_round_unfinishes(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        assert api.add_round(game["id"], {"scores": [120, 0, 0], "closer": None})["finished"]
        after = api.json(client.delete(rounds_url(game, 1)))
        assert after["finished"] is False
        assert after["winners"] == []
        assert after["rounds"] == []

    def test_not_the_last_round_is_409(self, client: FlaskClient, api: PadApi, game: Game) -> None:
        api.add_round(game["id"], RULEBOOK_ROUND)
        before = api.add_round(game["id"], RULEBOOK_ROUND)
        message = api.refused(client.delete(rounds_url(game, 1)), 409)
        assert "round 2" in message
        assert api.game(game["id"]) == before

    @pytest.mark.parametrize("number", [0, 3, 10**25])
    def test_unknown_round_is_404(
        self, client: FlaskClient, api: PadApi, game: Game, number: int
    ) -> None:
        api.add_round(game["id"], RULEBOOK_ROUND)
        before = api.add_round(game["id"], RULEBOOK_ROUND)
        api.refused(client.delete(rounds_url(game, number)), 404)
        assert api.game(game["id"]) == before

    def test_no_round_yet_is_404(self, client: FlaskClient, api: PadApi, game: Game) -> None:
        api.refused(client.delete(rounds_url(game, 1)), 404)
        assert api.game(game["id"]) == game

    def test_unknown_game_is_404(self, client: FlaskClient, api: PadApi) -> None:
        api.refused(client.delete("/api/games/nosuchgame/rounds/1"), 404)

    def test_current_version_is_accepted(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        saved = api.add_round(game["id"], RULEBOOK_ROUND)
        response = client.delete(rounds_url(game, 1) + f"?version={saved['version']}")
        assert response.status_code == 200

    def test_stale_version_is_409(self, client: FlaskClient, api: PadApi, game: Game) -> None:
        before = api.add_round(game["id"], RULEBOOK_ROUND)
        api.refused(client.delete(rounds_url(game, 1) + f"?version={game['version']}"), 409)
        assert api.game(game["id"]) == before

    def test_two_versions_that_differ_are_409(
        self, client: FlaskClient, api: PadApi, game: Game
    ) -> None:
        before = api.add_round(game["id"], RULEBOOK_ROUND)
        url = rounds_url(game, 1) + f"?version={before['version']}"
        refused = client.delete(url, json={"version": game["version"]})
        api.refused(refused, 409)
        assert "differ" in refused.get_json()["error"]
        assert api.game(game["id"]) == before
        assert client.delete(url, json={"version": before["version"]}).status_code == 200

    @pytest.mark.parametrize(
        "version", ["", "two", "1.5", "9" * 5000, "1_0", "٣", "--1", "\x1f", "\x1c-"]
    )
    def test_bad_version_is_400(
        self, client: FlaskClient, api: PadApi, game: Game, version: str
    ) -> None:
        before = api.add_round(game["id"], RULEBOOK_ROUND)
        api.refused(client.delete(rounds_url(game, 1) + f"?version={version}"), 400)
        assert api.game(game["id"]) == before


def test_a_whole_game_to_the_target(client: FlaskClient, api: PadApi, game: Game) -> None:
    """Enter, correct and take back rounds until someone reaches 100."""
    api.add_round(game["id"], RULEBOOK_ROUND)  # 8 50 20
    api.add_round(game["id"], {"grids": [COLUMN_GRID, ANN_GRID, BOB_GRID], "closer": 1})
    api.add_round(game["id"], {"scores": [30, 30, 30], "closer": 0})  # tie: Ann doubled
    assert api.game(game["id"])["totals"] == [84, 96, 58]
    assert client.delete(rounds_url(game, 3)).status_code == 200
    body = {"scores": [3, 8, 12], "closer": 0}
    assert client.put(rounds_url(game, 2), json=body).status_code == 200  # Ann lowest
    after = api.add_round(game["id"], {"scores": [40, 45, -5], "closer": 2})
    assert after["totals"] == [51, 103, 27]
    assert after["finished"] is True and after["winners"] == [2]
    api.refused(client.post(rounds_url(game), json=RULEBOOK_ROUND), 409)
