"""A round in words on the pad's pages: its scores ("Ann 9, Bob 3 (closed)"), and after a
correction which scores changed ("Dawit, round 2: 15 → 3"), said once and marked on the
sheet's cells."""

from __future__ import annotations

from collections.abc import Sequence

from flask import flash, session
from flask_babel import gettext as _

from ..engine import RoundResult
from ..services import pad

CHANGED = "pad_changed"
"""The session's note of the cells the last correction changed: {game, round, seats}."""


def say_corrected(sheet: pad.Sheet, number: int, result: RoundResult, finished: bool) -> None:
    """After a correction, the sheet says which scores changed, as its cells show them
    ("Dawit, round 2: 15 → 3"; a closer now doubled, "Ben, round 1: −2 → 30"; one no
    longer doubled, "Ben, round 7: 6 → 3"), and marks their cells, once."""
    before = sheet.rounds[number - 1]
    seats = []
    for seat, name in enumerate(sheet.players):
        if before.raw[seat] == result.raw[seat] and before.final[seat] == result.final[seat]:
            continue
        old, new = before.final[seat], result.final[seat]
        seats.append(seat)
        flash(
            _(
                "%(name)s, round %(round)s: %(old)s → %(new)s",
                name=name,
                round=number,
                old=signed(old),
                new=signed(new),
            ),
            "info",
        )
    if not seats:
        flash(_("Round %(round)s corrected: no score changed.", round=number), "info")
    if sheet.finished and not finished:
        target = sheet.rules.target
        flash(
            _("The game is no longer over: no total reaches %(target)s now.", target=target), "info"
        )
    session[CHANGED] = {"game": sheet.id, "round": number, "seats": seats}


def signed(score: int) -> str:
    """A score as the sheet shows it, with a true minus sign."""
    return str(score).replace("-", "−")


def changed_cells(game_id: str) -> dict[int, list[int]]:
    """The cells the correction just saved changed ({round: [seat, …]}), taken once."""
    note = session.pop(CHANGED, None)
    if not isinstance(note, dict) or note.get("game") != game_id:
        return {}
    return {int(note.get("round", 0)): [int(seat) for seat in note.get("seats", [])]}


def in_words(players: tuple[str, ...], raw: Sequence[int], closer: int | None) -> str:
    """A round's scores in words: "Ann 9, Bob 3 (closed), Cy 12"."""
    return ", ".join(
        f"{name} {signed(score)}" + (f" ({_('closed')})" if seat == closer else "")
        for seat, (name, score) in enumerate(zip(players, raw, strict=True))
    )
