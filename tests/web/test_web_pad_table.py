"""The pad at a real table, page side: the save bar's words, the correction preview,
the rematch form, the install files, and markup a strict CSP allows."""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient
from web_helpers import page_text, player_rows, round_form, save_round, start_game, words


def test_the_save_bar_says_what_save_will_do(client: FlaskClient) -> None:
    """The fragment's verdict names the doubling and the end, and the Save label follows."""
    game = start_game(client, ["Ann", "Bob"], target="20")
    save_round(client, game, [15, 2], 1)
    preview = client.post(f"/games/{game}/rounds/preview", data=round_form([3, 9], 1))
    text = words(preview)
    assert "Bob 9 → 18 : closed but not the lowest alone" in text
    assert "This round ends the game: Ann wins." in text
    assert "Save round 2 — ends the game" in text
    # Without JavaScript, the Preview button shows the same beside Save.
    page = client.post(f"/games/{game}/rounds/new", data=round_form([3, 9], 1, action="preview"))
    assert re.search(r"data-save>\s*Save round 2 — ends the game\s*<", page_text(page))


def test_an_empty_score_shows_no_grey_zero(client: FlaskClient) -> None:
    """A blank score field is blank: no "0" placeholder beside "Enter a score"."""
    game = start_game(client, ["Ann", "Bob"])
    assert 'placeholder="0"' not in page_text(client.get(f"/games/{game}/rounds/new"))


def test_an_unreadable_score_is_named_while_typing(client: FlaskClient) -> None:
    """ "1e5" gets its word in the live preview, before Save."""
    game = start_game(client, ["Ann", "Bob"])
    preview = client.post(f"/games/{game}/rounds/preview", data=round_form(["1e5", ""], 0))
    assert "Ann: “1e5” is not a whole number." in words(preview)
    blank = client.post(f"/games/{game}/rounds/preview", data=round_form(["", ""], 0))
    assert "not a whole number" not in words(blank)
    assert "Enter every score" in words(blank)


def test_the_keep_box_comes_with_the_warning(client: FlaskClient) -> None:
    """The preview that warns of an unusual score offers the "keep" box at once."""
    game = start_game(client, ["Ann", "Bob"])
    preview = client.post(f"/games/{game}/rounds/preview", data=round_form([150, 2], 1))
    assert 'name="keep_unusual"' in page_text(preview)


def test_the_correction_page_opens_with_its_preview(client: FlaskClient) -> None:
    """Correcting a round shows the round's doubling and totals before anything is edited."""
    game = start_game(client, ["Ann", "Bob", "Cy"])
    save_round(client, game, [8, 50, 10], 2)
    text = words(client.get(f"/games/{game}/rounds/1/edit"))
    assert "Cy 10 → 20" in text
    assert re.search(r"Cy 10 → 20 20\b", text)  # the preview table: round, then total


def test_play_again_has_just_the_players(client: FlaskClient) -> None:
    """A rematch form lists the players and no blank row, and no empty "Tap to add" line."""
    game = start_game(client, ["Ann", "Bob", "Cy"], target="5")
    save_round(client, game, [8, 1, 2], "none")
    page = client.get(f"/games/new?again={game}")
    rows = player_rows(page)
    assert len(rows) == 3
    assert re.search(r"<p class=\"hint\" data-known-hint hidden", page_text(page))


def test_the_sheet_lists_rounds_oldest_first(client: FlaskClient) -> None:
    """Round 1 on top, as on paper and in the history."""
    game = start_game(client, ["Ann", "Bob"])
    for score in (1, 2, 3):
        save_round(client, game, [score, 9], 0)
    numbers = re.findall(r"Correct round (\d+)", page_text(client.get(f"/games/{game}")))
    assert numbers == ["1", "2", "3"]


def test_install_files(client: FlaskClient) -> None:
    """The manifest names PNG icons that exist; the service worker lists a shell that exists."""
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    for icon in json.loads(manifest.get_data())["icons"]:
        assert client.get(icon["src"]).status_code == 200
    worker = client.get("/sw.js")
    assert worker.mimetype == "text/javascript"
    assert worker.headers["Cache-Control"] == "no-cache"
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", worker.get_data(as_text=True))[1])
    assert "/offline" in shell
    for url in shell:
        assert client.get(url).status_code == 200


def test_pad_pages_are_ready_for_a_strict_csp(client: FlaskClient) -> None:
    """No inline script, style attribute or on…= handler on the pad's pages."""
    game = start_game(client, [f"P{n}" for n in range(12)])
    save_round(client, game, list(range(12)), 0)
    for url in (
        "/",
        "/games/new",
        f"/games/{game}",
        f"/games/{game}/rounds/new",
        f"/games/{game}/rounds/1/edit",
    ):
        html = page_text(client.get(url))
        # Scripts come from files; a JSON data block (the scripts' words) is not code.
        assert not re.search(r"<script(?![^>]*\b(?:src=|type=\"application/json\"))", html), url
        assert not re.search(r"\sstyle=", html), url
        assert not re.search(r"\son[a-z]+=", html), url
