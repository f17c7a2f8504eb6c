"""The address book: names checked and tidied, keys long enough for any name."""

from __future__ import annotations

import sys

import pytest
from flask import Flask

from skyjo_pad.models import NAME_KEY_MAX, NAME_MAX, Player, name_key
from skyjo_pad.services import players
from skyjo_pad.services.errors import Invalid, Malformed


def test_names_are_tidied() -> None:
    assert players.clean_name("  Ann \t Lee\n") == "Ann Lee"
    assert players.check_names(["Ann", " Bob "]) == ["Ann", "Bob"]


@pytest.mark.parametrize("name", ["Zoë", "李雷", "O'Brien", "Ann-Marie", "👩‍👧 Mum", "R2-D2"])
def test_names_of_every_kind_are_welcome(name: str) -> None:
    assert players.clean_name(name) == name


@pytest.mark.parametrize("value", [7, None, b"Ann", ["Ann"], 1.5])
def test_a_name_that_is_not_text_is_refused(value: object) -> None:
    with pytest.raises(Malformed):
        players.clean_name(value)
    with pytest.raises(Malformed, match="player 2 is not text"):
        players.check_names(["Ann", value])


@pytest.mark.parametrize("char", ["\x00", "\x01", "\x07", "\x1b", "\x7f", "\x9b", "\ud83d"])
def test_control_characters_are_refused(char: str) -> None:
    with pytest.raises(Invalid, match="control characters"):
        players.clean_name(f"An{char}n")


def test_no_name_folds_beyond_the_key_column() -> None:
    longest = max(len(chr(code).casefold()) for code in range(sys.maxunicode + 1))
    assert NAME_MAX * longest <= NAME_KEY_MAX
    assert Player.__table__.c.name_key.type.length == NAME_KEY_MAX
    assert len(name_key("ΐ" * NAME_MAX)) == 3 * NAME_MAX


def test_find_or_add_reuses_known_players(ctx: Flask) -> None:
    from skyjo_pad.extensions import db

    first = players.find_or_add(["Ann", "Bob"])
    db.session.commit()
    again = players.find_or_add(["BOB", "Cy"])
    assert again[0] is first[1]
    assert again[1].id is None  # added to the session, not yet stored
    db.session.rollback()
