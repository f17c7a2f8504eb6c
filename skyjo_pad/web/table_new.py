"""The new-table page drawn from its form: the one-phone table's pages (`table`) and the
online table's line-up (`online`) both show it again with the form's problems."""

from __future__ import annotations

from flask import render_template

from ..services import players, roster
from .table_forms import BOT_KINDS, NewTableForm


def render_new(form: NewTableForm) -> str:
    """The new-table page with `form` as it is (and its problems)."""
    while len(form.seat) < 3:
        form.seat.append_entry()
    # the names computer seats get when left blank: not offered as people who played before
    known = [name for name in players.known_names() if not roster.is_computer_name(name)]
    # A computer seat's name when left blank, the name box's placeholder (the page's script
    # follows a changed kind with it).
    bot_names = {kind: str(label) for kind, label in BOT_KINDS}
    return render_template("table/new.html", form=form, known=known, bot_names=bot_names)
