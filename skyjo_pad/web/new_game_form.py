"""The new-game form's own work: a rematch's players and rules, and the form's buttons
that work without JavaScript (add a known player, move one up, remove one, one more row)."""

from __future__ import annotations

from flask import request

from ..services import pad
from ..services.errors import NotFound
from .forms import MAX_PLAYERS, NewGameForm, button_number, set_names


def prefill_again(form: NewGameForm, game_id: str) -> bool:
    """Fill the form with a finished game's players and rules, for a rematch (True if so)."""
    if not game_id:
        return False
    try:
        previous = pad.get_sheet(game_id)
    except NotFound:
        return False
    set_names(form, list(previous.players))
    rules = previous.rules
    form.target.data, form.multiplier.data = rules.target, rules.multiplier
    form.tie_doubles.data, form.double_only_positive.data = (
        rules.tie_doubles,
        rules.double_only_positive,
    )
    return True


def rearrange(form: NewGameForm) -> bool:
    """Handle the form's own buttons (add a known player, move up, remove)."""
    names = [f.data or "" for f in form.player]
    if "add" in request.form:
        blanks = [i for i, n in enumerate(names) if not n.strip()]
        added = request.form["add"]
        if blanks:
            names[blanks[0]] = added
        else:
            names.append(added)
    elif "up" in request.form:
        i = button_number(request.form["up"])
        if i is not None and 0 < i < len(names):
            names[i - 1], names[i] = names[i], names[i - 1]
    elif "remove" in request.form:
        i = button_number(request.form["remove"])
        if i is not None and 0 <= i < len(names):
            del names[i]
    elif "more" in request.form:
        names.append("")
    else:
        return False
    set_names(form, names[:MAX_PLAYERS])
    return True
