"""Entering, previewing, correcting and taking back rounds through the pages."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from web_helpers import (
    checked_value,
    counts,
    field_errors,
    flashes,
    grid_fields,
    input_value,
    is_checked,
    page_text,
    round_form,
    save_round,
    sheet,
    start_game,
    totals_shown,
)

from skyjo_pad.services.pad import SCORE_LIMIT

# The rulebook's example: Cy closes with 10, Ann has 8, so Cy's 10 is doubled to 20.
RULEBOOK = ([8, 50, 10], 2)
# Three 5s in the first column go; 16 is left (API.md's example grid).
COLUMN_CARDS = [5, 5, -1, "x", 5, 7, 2, "✕", 5, 0, 3, "x"]


def test_the_round_form_shows_every_player(client: FlaskClient, game_id: str) -> None:
    response = client.get(f"/games/{game_id}/rounds/new")
    assert response.status_code == 200
    text = page_text(response)
    assert all(name in text for name in ("Ann", "Bob", "Cy", "Nobody"))
    assert input_value(response, "version") == str(sheet_version(client, game_id))
    assert input_value(response, "seats-2-cards-11") == ""


def sheet_version(client: FlaskClient, game_id: str) -> int:
    """The version the API reports (the same number the form carries)."""
    data = client.get(f"/api/games/{game_id}").get_json()
    return int(data["version"])


def test_saving_a_round_doubles_the_closer(app: Flask, client: FlaskClient, game_id: str) -> None:
    response = save_round(client, game_id, *RULEBOOK)
    game = sheet(app, game_id)
    assert [r.final for r in game.rounds] == [(8, 50, 20)]
    assert game.rounds[0].doubled and game.totals == (8, 50, 20)
    page = client.get(response.headers["Location"])
    assert totals_shown(page) == [8, 50, 20]
    assert "Cy starts round 2" in page_text(page)


def test_after_a_round_nobody_closed_its_lowest_score_starts(
    client: FlaskClient, game_id: str
) -> None:
    """As the engine deals it (docs/formats.md): no closer, the round's lowest starts."""
    response = save_round(client, game_id, ["10", "5", "7"], "none")
    text = page_text(client.get(response.headers["Location"]))
    assert "Bob starts round 2 (lowest score of round 1)." in text, text
    assert "highest two face-up cards" not in text


def test_minus_signs_and_the_minus_box_make_negative_scores(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    save_round(client, game_id, ["−3", "2", "0"], "none", **{"seats-1-negative": "y"})
    assert sheet(app, game_id).rounds[0].raw == (-3, -2, 0)


def test_nobody_closing_doubles_nobody(app: Flask, client: FlaskClient, game_id: str) -> None:
    save_round(client, game_id, [8, 50, 10], "none")
    game = sheet(app, game_id)
    assert game.rounds[0].closer is None and game.totals == (8, 50, 10)


@pytest.mark.parametrize(
    ("scores", "closer", "message"),
    [
        (["8", "", "10"], "2", "Enter a score."),
        (["8", "fifty", "10"], "2", "“fifty” is not a whole number."),
        (["8", "5.5", "10"], "2", "“5.5” is not a whole number."),
        (["8", "1_0", "10"], "2", "“1_0” is not a whole number."),
        (["8", "50", "10"], None, "Choose who closed the round, or Nobody."),
        (["8", "50", "10"], "7", "Choose one of the players, or Nobody."),
        (["8", str(SCORE_LIMIT + 1), "10"], "2", "That number is far too large for a round"),
        (["8", "9" * 5000, "10"], "2", "That number is far too large for a round"),
        (["8", "-" + "9" * 30, "10"], "2", "That number is far too large for a round"),
    ],
)
def test_a_round_that_cannot_be_read_is_refused(
    app: Flask,
    client: FlaskClient,
    game_id: str,
    scores: list[str],
    closer: str | None,
    message: str,
) -> None:
    before = counts(app)
    response = client.post(f"/games/{game_id}/rounds/new", data=round_form(scores, closer))
    assert response.status_code == 200
    assert any(message in error for error in field_errors(response)), field_errors(response)
    assert counts(app) == before


def test_an_unusual_score_asks_first_then_can_be_kept(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    data = round_form([8, 150, 10], 2)
    asked = client.post(f"/games/{game_id}/rounds/new", data=data)
    assert asked.status_code == 200
    text = page_text(asked)
    assert "Bob's 150 is outside −17 to 140" in text
    assert input_value(asked, "keep_unusual") is not None
    assert not is_checked(asked, "keep_unusual")
    assert counts(app)[2] == 0
    kept = client.post(f"/games/{game_id}/rounds/new", data={**data, "keep_unusual": "y"})
    assert kept.status_code == 302
    assert sheet(app, game_id).rounds[0].raw == (8, 150, 10)


def test_the_biggest_allowed_score_can_be_kept(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    data = round_form([-SCORE_LIMIT, SCORE_LIMIT, 0], 1, keep_unusual="y")
    assert client.post(f"/games/{game_id}/rounds/new", data=data).status_code == 302
    assert sheet(app, game_id).totals == (-SCORE_LIMIT, 2 * SCORE_LIMIT, 0)


def test_preview_saves_nothing(app: Flask, client: FlaskClient, game_id: str) -> None:
    scores, closer = RULEBOOK
    data = round_form(scores, closer, action="preview")
    response = client.post(f"/games/{game_id}/rounds/new", data=data)
    assert response.status_code == 200
    assert "10 → 20" in page_text(response)
    fragment = client.post(f"/games/{game_id}/rounds/preview", data=data)
    assert fragment.status_code == 200 and "10 → 20" in page_text(fragment)
    assert counts(app)[2] == 0


def test_counted_cards_follow_the_column_rule(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    data = {
        **round_form(["", "12", "20"], 0),
        **grid_fields(0, COLUMN_CARDS),
    }
    assert client.post(f"/games/{game_id}/rounds/new", data=data).status_code == 302
    game = sheet(app, game_id)
    assert game.rounds[0].raw == (16, 12, 20)
    assert game.rounds[0].final == (32, 12, 20)  # Ann closed with 16, Bob had 12: doubled
    stored = game.rounds[0].grids[0]
    assert stored == ((5, 5, -1, None), (5, 7, 2, None), (5, 0, 3, None))
    edit = client.get(f"/games/{game_id}/rounds/1/edit")
    assert input_value(edit, "seats-0-cards-0") == "5"
    assert input_value(edit, "seats-0-cards-3") == "✕"  # as the keypad writes it


@pytest.mark.parametrize("bad_card", ["13", "-3", "", "five"])
def test_a_grid_with_a_wrong_or_missing_card_is_refused(
    app: Flask, client: FlaskClient, game_id: str, bad_card: str
) -> None:
    cards: list[int | str] = list(COLUMN_CARDS)
    cards[6] = bad_card
    data = {**round_form(["", "12", "20"], 0), **grid_fields(0, cards)}
    response = client.post(f"/games/{game_id}/rounds/new", data=data)
    assert response.status_code == 200
    said = (
        "Fill in all 12 cards" if not bad_card else f"Row 2, column 3: “{bad_card}” is not a card"
    )
    assert any(said in error for error in field_errors(response)), field_errors(response)
    cell = re.search(r'<input[^>]*name="seats-0-cards-6"[^>]*>', page_text(response))
    assert cell and 'aria-invalid="true"' in cell[0]  # the cell itself marked, then focused
    assert counts(app)[2] == 0


class TestCorrections:
    def test_a_correction_changes_the_totals(
        self, app: Flask, client: FlaskClient, game_id: str
    ) -> None:
        save_round(client, game_id, *RULEBOOK)
        save_round(client, game_id, [1, 2, 3], 0)
        response = client.get(f"/games/{game_id}/rounds/1/edit")
        assert input_value(response, "seats-1-score") == "50"
        assert checked_value(response, "closer") == "2"
        data = round_form([8, 50, 5], 2, version=sheet(app, game_id).version)
        saved = client.post(f"/games/{game_id}/rounds/1/edit", data=data)
        assert saved.status_code == 302
        game = sheet(app, game_id)
        assert [r.final for r in game.rounds] == [(8, 50, 5), (1, 2, 3)]
        assert game.totals == (9, 52, 8)

    def test_a_correction_says_which_scores_changed_and_marks_them_once(
        self, app: Flask, client: FlaskClient, game_id: str
    ) -> None:
        save_round(client, game_id, *RULEBOOK)
        save_round(client, game_id, [1, 15, 3], 0)
        data = round_form([4, 3, 3], 0, version=sheet(app, game_id).version)
        data["seats-0-negative"] = "y"  # Ann's 1 becomes −4
        shown = client.post(f"/games/{game_id}/rounds/2/edit", data=data, follow_redirects=True)
        assert [r.raw for r in sheet(app, game_id).rounds][1] == (-4, 3, 3)
        assert flashes(shown) == ["Ann, round 2: 1 → −4", "Bob, round 2: 15 → 3"]
        html = shown.get_data(as_text=True)
        marked = re.findall(r'<td class="[^"]*\bchanged\b[^"]*" data-changed>\s*([−-]?\d+)', html)
        assert marked == ["−4", "3"]  # Ann's and Bob's round 2; Cy's 3 is as it was
        again = client.get(f"/games/{game_id}")
        assert "data-changed" not in again.get_data(as_text=True) and not flashes(again)

    def test_a_correction_names_its_changes_before_it_is_saved(
        self, app: Flask, client: FlaskClient, game_id: str
    ) -> None:
        save_round(client, game_id, [1, 15, 3], 0)
        data = round_form([1, 315, 3], 0, action="preview")
        shown = client.post(f"/games/{game_id}/rounds/preview?number=1", data=data)
        text = page_text(shown)
        assert "Bob, round 1: 15 → 315" in text and "Ann, round 1" not in text
        same = client.post(
            f"/games/{game_id}/rounds/preview?number=1", data=round_form([1, 15, 3], 0)
        )
        assert "round 1:" not in page_text(same)
        assert [r.raw for r in sheet(app, game_id).rounds] == [(1, 15, 3)]  # nothing saved

    def test_a_correction_that_doubles_its_closer_says_the_score_the_sheet_shows(
        self, app: Flask, client: FlaskClient, game_id: str
    ) -> None:
        """Bob closed on −2; corrected to 15, more than Ann's 8: doubled. The preview and
        the sheet say −2 → 30, what his cell shows, not the 15 typed."""
        save_round(client, game_id, [8, -2, 10], 1)
        preview = client.post(
            f"/games/{game_id}/rounds/preview?number=1", data=round_form([8, 15, 10], 1)
        )
        assert "Bob, round 1: −2 → 30" in page_text(preview)
        data = round_form([8, 15, 10], 1, version=sheet(app, game_id).version)
        shown = client.post(f"/games/{game_id}/rounds/1/edit", data=data, follow_redirects=True)
        assert flashes(shown) == ["Bob, round 1: −2 → 30"]
        assert sheet(app, game_id).rounds[0].final == (8, 30, 10)

    def test_a_correction_that_changes_no_score_says_so(
        self, app: Flask, client: FlaskClient, game_id: str
    ) -> None:
        save_round(client, game_id, [8, 5, 10], 0)  # Ann closed, Bob lower: 8 → 16
        data = round_form([8, 5, 10], 1, version=sheet(app, game_id).version)
        shown = client.post(f"/games/{game_id}/rounds/1/edit", data=data, follow_redirects=True)
        assert flashes(shown) == ["Ann, round 1: 16 → 8"]  # Bob closed: no longer doubled
        data = round_form([8, 5, 10], 1, version=sheet(app, game_id).version)
        shown = client.post(f"/games/{game_id}/rounds/1/edit", data=data, follow_redirects=True)
        assert flashes(shown) == ["Round 1 corrected: no score changed."]
        assert "data-changed" not in shown.get_data(as_text=True)

    def test_a_correction_can_end_the_game_and_undo_the_end(
        self, app: Flask, client: FlaskClient
    ) -> None:
        game_id = start_game(client, ["Ann", "Bob", "Cy"], target="20")
        save_round(client, game_id, [5, 3, 4], 1)
        save_round(client, game_id, [3, 2, 1], 2)
        assert not sheet(app, game_id).finished
        client.post(f"/games/{game_id}/rounds/2/edit", data=round_form([15, 2, 0], 2))
        game = sheet(app, game_id)
        assert game.finished and game.winners == (2,) and game.totals == (20, 5, 4)
        client.post(f"/games/{game_id}/rounds/2/edit", data=round_form([15, 2, 1], 2))
        game = sheet(app, game_id)
        assert game.finished and game.winners == (1, 2) and game.totals == (20, 5, 5)
        client.post(f"/games/{game_id}/rounds/2/edit", data=round_form([3, 2, 1], 2))
        assert not sheet(app, game_id).finished
        assert client.get(f"/games/{game_id}/rounds/new").status_code == 200

    def test_a_correction_that_would_end_the_game_early_is_refused(
        self, app: Flask, client: FlaskClient
    ) -> None:
        game_id = start_game(client, ["Ann", "Bob"], target="20")
        save_round(client, game_id, [5, 3], 1)
        save_round(client, game_id, [3, 2], 1)
        before = sheet(app, game_id)
        response = client.post(
            f"/games/{game_id}/rounds/1/edit", data=round_form([25, 3], 1), follow_redirects=True
        )
        assert response.status_code == 200
        text = page_text(response)  # said as this correction's own problem, at the form
        assert "would have ended after round 1" in text
        assert "What you typed is still here" not in text and "on the sheet now" not in text
        after = sheet(app, game_id)
        assert after.rounds == before.rounds and after.version == before.version

    def test_a_correction_that_undoes_the_end_says_the_game_goes_on(
        self, app: Flask, client: FlaskClient
    ) -> None:
        """The last round of a game over, corrected so that no total reaches the target:
        the preview and the sheet after saving say the game is no longer over (its winner
        goes), not only the scores that changed."""
        game_id = start_game(client, ["Ann", "Bob"], target="20")
        save_round(client, game_id, [5, 9], 0)
        save_round(client, game_id, [15, 2], 1)  # Ann reaches 20: over
        assert sheet(app, game_id).finished
        said = "The game is no longer over: no total reaches 20 now."
        preview = client.post(
            f"/games/{game_id}/rounds/preview?number=2", data=round_form([3, 2], 1)
        )
        assert said in page_text(preview)
        data = round_form([3, 2], 1, version=sheet(app, game_id).version)
        shown = client.post(f"/games/{game_id}/rounds/2/edit", data=data, follow_redirects=True)
        assert flashes(shown)[-1] == said and not sheet(app, game_id).finished

    def test_a_past_round_of_a_game_over_keeps_it_over_and_says_the_doubling_it_changes(
        self, app: Flask, client: FlaskClient
    ) -> None:
        """Round 1 of a game over after round 2: the correction does not end the game (it
        stays over, the winner may change); Cy's doubled 12 that is no longer doubled is
        named with the score the Ann typed differently."""
        game_id = start_game(client, ["Ann", "Bob", "Cy"], target="20")
        save_round(client, game_id, [5, 9, 6], 2)  # Cy closed, Ann lower: 6 → 12
        save_round(client, game_id, [15, 2, 1], 1)  # Ann reaches 20: over
        assert sheet(app, game_id).finished
        preview = client.post(
            f"/games/{game_id}/rounds/preview?number=1", data=round_form([7, 9, 6], 2)
        )
        text = page_text(preview)
        assert "The game stays over:" in text and "This round ends the game" not in text
        assert "Save the correction" in text and "ends the game" not in text
        assert "Cy, round 1: 12 → 6" in text and "Ann, round 1: 5 → 7" in text
        data = round_form([7, 9, 6], 2, version=sheet(app, game_id).version)
        shown = client.post(f"/games/{game_id}/rounds/1/edit", data=data, follow_redirects=True)
        assert flashes(shown) == ["Ann, round 1: 5 → 7", "Cy, round 1: 12 → 6"]
        marked = re.findall(
            r'<td class="[^"]*\bchanged\b[^"]*" data-changed>\s*([−-]?\d+)', page_text(shown)
        )
        assert len(marked) == 2

    def test_two_phones_correcting_one_round_keep_each_others_changes(
        self, app: Flask, client: FlaskClient, game_id: str
    ) -> None:
        """Phone A changes Ann, phone B (opened before) changes Cy: B's refused Save brings
        A's change into B's form beside its own; saved again, both changes stand."""
        save_round(client, game_id, [15, 2, 25], 0)
        url = f"/games/{game_id}/rounds/1/edit"
        opened = client.get(url)
        fields = {name: input_value(opened, name) or "" for name in ("version", "opened_round")}
        assert re.fullmatch(r"15,2,25;0;\d+", fields["opened_round"])  # the round as opened
        assert client.post(url, data={**round_form([3, 2, 25], 0), **fields}).status_code == 302
        refused = client.post(url, data={**round_form([15, 2, 20], 0), **fields})
        assert refused.status_code == 200
        assert any("Their changes (Ann) are in the form now" in m for m in flashes(refused))
        typed = [input_value(refused, f"seats-{seat}-score") for seat in range(3)]
        assert typed == ["3", "2", "20"]
        again = {
            **round_form(typed, checked_value(refused, "closer")),
            "version": input_value(refused, "version") or "",
            "opened_round": input_value(refused, "opened_round") or "",
        }
        assert client.post(url, data=again).status_code == 302
        assert sheet(app, game_id).rounds[0].raw == (3, 2, 20)

    def test_a_round_taken_back_and_entered_again_is_not_mixed_into_a_correction(
        self, app: Flask, client: FlaskClient, game_id: str
    ) -> None:
        """Phone B corrects round 1 (Cy 25 → 20) while phone A takes it back and enters
        another round 1: B's Save is refused, its form keeps only what B typed (nothing of
        A's round is mixed in, as if it were a correction) and says why."""
        save_round(client, game_id, [15, 2, 25], 0)
        url = f"/games/{game_id}/rounds/1/edit"
        opened = client.get(url)
        fields = {name: input_value(opened, name) or "" for name in ("version", "opened_round")}
        version = sheet(app, game_id).version
        client.post(f"/games/{game_id}/rounds/1/delete", data={"version": version})
        save_round(client, game_id, [1, 40, 30], 1)  # phone A's new round 1
        refused = client.post(url, data={**round_form([15, 2, 20], 0), **fields})
        assert refused.status_code == 200
        assert any(
            "Round 1 was taken back on another phone and entered again" in m
            for m in flashes(refused)
        )
        typed = [input_value(refused, f"seats-{seat}-score") for seat in range(3)]
        assert typed == ["15", "2", "20"] and checked_value(refused, "closer") == "0"
        assert sheet(app, game_id).rounds[0].raw == (1, 40, 30)

    def test_a_correction_of_a_round_taken_back_meanwhile_says_so_with_what_was_typed(
        self, app: Flask, client: FlaskClient, game_id: str
    ) -> None:
        save_round(client, game_id, *RULEBOOK)
        save_round(client, game_id, [1, 2, 3], 0)
        opened = client.get(f"/games/{game_id}/rounds/2/edit")
        version = input_value(opened, "version")
        taken = client.post(f"/games/{game_id}/rounds/2/delete", data={"version": version})
        assert taken.status_code == 302  # another phone took round 2 back
        sent = round_form([1, 2, 9], 0, version=int(version or 0))
        sent["opened_round"] = input_value(opened, "opened_round") or ""
        response = client.post(f"/games/{game_id}/rounds/2/edit", data=sent, follow_redirects=True)
        assert response.status_code == 200
        assert flashes(response)[-2:] == [
            "Round 2 is not on the sheet any more: another phone took it back. Your "
            "correction was not saved.",
            "Your correction was: Ann 1 (closed), Bob 2, Cy 9.",
        ]
        assert len(sheet(app, game_id).rounds) == 1

    def test_a_round_typed_while_another_phone_ended_the_game_is_said_in_words(
        self, app: Flask, client: FlaskClient, game_id: str
    ) -> None:
        opened = client.get(f"/games/{game_id}/rounds/new")
        version = int(input_value(opened, "version") or 0)
        save_round(client, game_id, [120, 2, 3], 1)  # another phone: Ann passes 100
        sent = round_form([5, 10, 20], 0, version=version)
        response = client.post(f"/games/{game_id}/rounds/new", data=sent, follow_redirects=True)
        assert response.status_code == 200
        assert flashes(response)[-2:] == [
            "This game is over. Correct a round, or play again.",
            "The round you typed was not saved: Ann 5 (closed), Bob 10, Cy 20.",
        ]
        assert len(sheet(app, game_id).rounds) == 1

    def test_an_unknown_round_is_not_found(self, client: FlaskClient, game_id: str) -> None:
        save_round(client, game_id, *RULEBOOK)
        assert client.get(f"/games/{game_id}/rounds/2/edit").status_code == 404
        assert client.get(f"/games/{game_id}/rounds/0/edit").status_code == 404
        response = client.post(f"/games/{game_id}/rounds/9/edit", data=round_form(*RULEBOOK))
        assert response.status_code == 404


class TestTakeBack:
    def test_the_last_round_is_taken_back(
        self, app: Flask, client: FlaskClient, game_id: str
    ) -> None:
        save_round(client, game_id, *RULEBOOK)
        save_round(client, game_id, [1, 2, 3], 0)
        confirm = client.get(f"/games/{game_id}/rounds/2/delete")
        assert confirm.status_code == 200 and "Take back round 2?" in page_text(confirm)
        version = input_value(confirm, "version")
        response = client.post(
            f"/games/{game_id}/rounds/2/delete", data={"version": version}, follow_redirects=True
        )
        assert "Round 2 taken back." in flashes(response)
        assert sheet(app, game_id).totals == (8, 50, 20)
        assert totals_shown(response) == [8, 50, 20]

    def test_only_the_last_round_can_be_taken_back(
        self, app: Flask, client: FlaskClient, game_id: str
    ) -> None:
        save_round(client, game_id, *RULEBOOK)
        save_round(client, game_id, [1, 2, 3], 0)
        assert client.get(f"/games/{game_id}/rounds/1/delete").status_code == 404
        response = client.post(f"/games/{game_id}/rounds/1/delete", follow_redirects=True)
        assert any("Only the last round (round 2)" in m for m in flashes(response))
        assert len(sheet(app, game_id).rounds) == 2

    def test_taking_back_from_a_stale_page_is_refused(
        self, app: Flask, client: FlaskClient, game_id: str
    ) -> None:
        save_round(client, game_id, *RULEBOOK)
        stale = input_value(client.get(f"/games/{game_id}/rounds/1/delete"), "version")
        save_round(client, game_id, [1, 2, 3], 0)
        response = client.post(
            f"/games/{game_id}/rounds/2/delete", data={"version": stale}, follow_redirects=True
        )
        assert any("The sheet changed" in m for m in flashes(response))
        assert len(sheet(app, game_id).rounds) == 2


@pytest.mark.parametrize("version", ["x", "1.0", "-", "9" * 400, "9" * 5000])
def test_a_form_whose_version_cannot_be_read_is_refused_as_stale(
    app: Flask, client: FlaskClient, game_id: str, version: str
) -> None:
    """A version field that is not a number stands for no sheet (not for "no version"):
    the sheet's change meanwhile is said, nothing saved over it, nothing taken back."""
    save_round(client, game_id, *RULEBOOK)
    late = client.post(
        f"/games/{game_id}/rounds/new",
        data={**round_form([1, 2, 3], 0), "version": version},
        follow_redirects=True,
    )
    assert any("The sheet changed since you opened it" in m for m in flashes(late))
    assert len(sheet(app, game_id).rounds) == 1
    back = client.post(
        f"/games/{game_id}/rounds/1/delete", data={"version": version}, follow_redirects=True
    )
    assert any("The sheet changed" in m for m in flashes(back))
    assert len(sheet(app, game_id).rounds) == 1


def test_two_phones_saving_the_same_round(app: Flask, client: FlaskClient, game_id: str) -> None:
    first = client.get(f"/games/{game_id}/rounds/new")
    second = client.get(f"/games/{game_id}/rounds/new")
    version = input_value(first, "version")
    assert version and version == input_value(second, "version")
    saved = client.post(
        f"/games/{game_id}/rounds/new", data=round_form(*RULEBOOK, version=int(version))
    )
    assert saved.status_code == 302
    late = client.post(
        f"/games/{game_id}/rounds/new",
        data=round_form([1, 2, 3], 0, version=int(version)),
        follow_redirects=True,
    )
    assert late.status_code == 200
    assert any("The sheet changed since you opened it" in m for m in flashes(late))
    assert any("now as round 2: save it only if it is another round" in m for m in flashes(late))
    assert "Round 1 on the sheet now: Ann 8, Bob 50, Cy 10 (closed)." in flashes(late)
    game = sheet(app, game_id)
    assert len(game.rounds) == 1 and game.totals == (8, 50, 20)
    # Nothing typed is lost: the form is back with it, as round 2 on the sheet as it is now.
    assert [input_value(late, f"seats-{seat}-score") for seat in range(3)] == ["1", "2", "3"]
    assert input_value(late, "version") == str(game.version)
    assert "Save round 2" in page_text(late)
    again = client.post(
        f"/games/{game_id}/rounds/new", data=round_form([1, 2, 3], 0, version=game.version)
    )
    assert again.status_code == 302 and len(sheet(app, game_id).rounds) == 2


def test_two_phones_typing_the_same_round_save_it_once(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    """Both phones typed the round just played: the second is told it is on the sheet
    already, and is not led to save it again as the next round."""
    version = int(input_value(client.get(f"/games/{game_id}/rounds/new"), "version") or 0)
    url = f"/games/{game_id}/rounds/new"
    assert client.post(url, data=round_form(*RULEBOOK, version=version)).status_code == 302
    late = client.post(url, data=round_form(*RULEBOOK, version=version), follow_redirects=True)
    assert late.request.path == f"/games/{game_id}"
    assert (
        "Another phone saved round 1 with these same scores meanwhile: it is on the sheet "
        "once, nothing more to save."
    ) in flashes(late)
    assert len(sheet(app, game_id).rounds) == 1
    # the other phone saved the same round 2, then round 3: still round 2, said as such
    page = client.get(url)
    version = int(input_value(page, "version") or 0)
    opened = {"opened_as": input_value(page, "opened_as")}
    assert opened["opened_as"] == "2"
    assert client.post(url, data=round_form([1, 2, 3], 0, version=version)).status_code == 302
    assert client.post(url, data=round_form([4, 4, 4], "none")).status_code == 302
    late = client.post(
        url, data={**round_form([1, 2, 3], 0, version=version), **opened}, follow_redirects=True
    )
    assert "Another phone saved round 2 with these same scores meanwhile" in " ".join(flashes(late))
    assert len(sheet(app, game_id).rounds) == 3


def test_a_round_sent_again_after_a_lost_answer_is_saved_once(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    """The browser (or the phone, later) sends the form again when no answer came: the
    round's id, made with the page, finds the round saved the first time."""
    page = client.get(f"/games/{game_id}/rounds/new")
    version, round_id = input_value(page, "version"), input_value(page, "client_id")
    assert (
        version
        and round_id
        and round_id != input_value(client.get(f"/games/{game_id}/rounds/new"), "client_id")
    )
    form = round_form(*RULEBOOK, version=int(version), client_id=round_id)
    assert client.post(f"/games/{game_id}/rounds/new", data=form).status_code == 302
    again = client.post(f"/games/{game_id}/rounds/new", data=form)
    assert again.status_code == 302 and again.headers["Location"].startswith(f"/games/{game_id}")
    game = sheet(app, game_id)
    assert len(game.rounds) == 1 and game.totals == (8, 50, 20)
    # the phone sending it through the API later (the page's answer never came) finds it too
    sent = client.post(
        f"/api/games/{game_id}/rounds",
        json={"scores": RULEBOOK[0], "closer": RULEBOOK[1], "client_id": round_id},
    )
    assert sent.status_code == 200 and len(sheet(app, game_id).rounds) == 1
    # a round of the same scores typed anew is a round of its own
    save_round(
        client,
        game_id,
        *RULEBOOK,
        client_id=input_value(client.get(f"/games/{game_id}/rounds/new"), "client_id") or "",
    )
    assert len(sheet(app, game_id).rounds) == 2


def test_scores_typed_on_a_form_whose_round_was_saved_meanwhile_are_not_lost(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    """The first Save went through unseen (a reload at the wrong moment); the page still
    shows the form, and the next round is typed on it: not taken for the first round sent
    again, nothing dropped unseen, the form offered again as the next round's."""
    page = client.get(f"/games/{game_id}/rounds/new")
    version, round_id = input_value(page, "version"), input_value(page, "client_id")
    first = round_form(*RULEBOOK, version=int(version or 0), client_id=round_id or "")
    assert client.post(f"/games/{game_id}/rounds/new", data=first).status_code == 302
    typed = round_form([9, 2, 2], 1, version=int(version or 0), client_id=round_id or "")
    again = client.post(f"/games/{game_id}/rounds/new", data=typed)
    assert again.status_code == 200
    assert "Round 1 was saved by this form's first Save" in page_text(again)
    assert "save it as round 2" in page_text(again)
    assert [input_value(again, f"seats-{seat}-score") for seat in range(3)] == ["9", "2", "2"]
    assert checked_value(again, "closer") == "1"
    assert len(sheet(app, game_id).rounds) == 1
    fresh = input_value(again, "client_id")
    assert fresh and fresh != round_id
    resent = round_form(
        [9, 2, 2], 1, version=int(input_value(again, "version") or 0), client_id=fresh
    )
    assert client.post(f"/games/{game_id}/rounds/new", data=resent).status_code == 302
    assert [r.raw for r in sheet(app, game_id).rounds] == [(8, 50, 10), (9, 2, 2)]


def test_two_phones_correcting_the_same_round(
    app: Flask, client: FlaskClient, game_id: str
) -> None:
    save_round(client, game_id, *RULEBOOK)
    version = input_value(client.get(f"/games/{game_id}/rounds/1/edit"), "version")
    assert version
    url = f"/games/{game_id}/rounds/1/edit"
    assert client.post(url, data=round_form([8, 50, 5], 2, version=int(version))).status_code == 302
    late = client.post(url, data=round_form([1, 1, 1], 0, version=int(version)))
    assert late.status_code == 200
    assert any("The sheet changed since you opened it" in m for m in flashes(late))
    # what the other phone saved is said, and what was typed is previewed on it
    assert "Round 1 on the sheet now: Ann 8, Bob 50, Cy 5 (closed)." in flashes(late)
    assert "data-doubling" in late.text  # the preview of what was typed, on the new sheet
    assert [input_value(late, f"seats-{seat}-score") for seat in range(3)] == ["1", "1", "1"]
    assert sheet(app, game_id).rounds[0].raw == (8, 50, 5)


@pytest.mark.parametrize("number", ["2", "0", "-1", "99999999999999999999", "x"])
def test_the_preview_of_a_round_that_does_not_exist(
    app: Flask, client: FlaskClient, game_id: str, number: str
) -> None:
    save_round(client, game_id, *RULEBOOK)
    response = client.post(
        f"/games/{game_id}/rounds/preview?number={number}", data=round_form([1, 2, 3], 0)
    )
    assert response.status_code == 200
    text = page_text(response)
    assert "This game has no round" in text or "1 → 2" not in text
    assert len(sheet(app, game_id).rounds) == 1


@pytest.mark.parametrize(
    "options, scores, expected",
    [
        ({}, [8, 50, 10], "Cy 10 → 20: closed but not the lowest alone, so the score is ×2."),
        ({}, [8, 50, 0], "Cy closed with 0: a score of 0 or less is never doubled."),
        ({}, [8, 50, 3], "Cy closed with the lowest score: not doubled."),
        ({"multiplier": "1"}, [8, 50, 10], "Cy closed: with a multiplier of 1 nobody is doubled."),
        (
            {"tie_doubles": None},
            [10, 50, 10],
            "Cy closed tied for the lowest score: ties do not double here.",
        ),
        ({"double_only_positive": None}, [8, -2, 0], "Cy closed with 0: nothing to double."),
    ],
)
def test_the_preview_tells_the_engines_reason_for_the_doubling(
    client: FlaskClient, options: dict[str, str | None], scores: list[int], expected: str
) -> None:
    game_id = start_game(client, ["Ann", "Bob", "Cy"], **options)
    data = round_form(scores, 2, action="preview")
    fragment = client.post(f"/games/{game_id}/rounds/preview", data=data)
    assert expected in " ".join(re.sub(r"<[^>]+>", "", page_text(fragment)).split())
