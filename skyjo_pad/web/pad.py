"""The score pad's pages: new game, the sheet, entering and correcting rounds."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from .. import i18n
from ..presenters.problems import why
from ..rate_limits import limited
from ..services import pad, pad_once, players, sheets
from ..services.errors import Conflict, NotFound, ServiceError
from . import access, new_game_form, round_words
from .forms import FORM_EXPIRED, MAX_PLAYERS, ConfirmForm, NewGameForm, RoundForm
from .page_cache import PageCache

bp = Blueprint("pad", __name__)


@bp.route("/")
def home() -> str:
    """Start a game, resume one, or look at the last ones played."""
    return render_template(
        "home.html",
        playing=pad.recent_games(finished=False, limit=20),
        finished=pad.recent_games(finished=True, limit=10),
    )


@bp.route("/games/new", methods=["GET", "POST"])
@limited("create")
def new_game() -> str | Response:
    """Pick the players and the rules; `?again=<id>` starts with that game's players."""
    form = NewGameForm()
    rows = 4  # a fresh form offers four rows; a rematch just its players
    if request.method == "GET":
        if new_game_form.prefill_again(form, request.args.get("again", "")):
            rows = len(form.player)
    elif new_game_form.rearrange(form):
        pass  # a no-JavaScript button moved or added a player: show the form again
    elif form.validate_on_submit() & form.validate_names():
        try:  # sent again after a lost answer (its client_id): started once, its sheet shown
            sheet, _started = pad_once.new_game(form.names(), form.rules(), _game_id_sent())
        except ServiceError as error:
            rule_field = {"target": form.target, "multiplier": form.multiplier}.get(
                error.field or ""
            )
            if rule_field is not None:
                rule_field.errors = [why(error)]
            else:
                form.players_message = why(error)
        else:
            return redirect(url_for("pad.sheet", game_id=sheet.id))
    else:
        rows = max(4, len(form.names()) + 1)
    while len(form.player) < min(max(rows, 2), MAX_PLAYERS):
        form.player.append_entry()
    playing = {name.lower() for name in form.names()}
    client_id = _game_id_sent() or pad_once.new_client_id()
    return render_template(
        "new_game.html",
        form=form,
        known=players.known_names(),
        playing=playing,
        client_id=client_id,
    )


def _game_id_sent() -> str | None:
    """The new game's id the form was sent with (None if it is not one)."""
    sent = request.form.get("client_id", "")
    return sent if pad_once.CLIENT_ID.fullmatch(sent) else None


@bp.route("/games/<game_id>")
def sheet(game_id: str) -> Response:
    """The score sheet: a row per round, a column per player, totals on top.

    Drawn once per version of the game and then served from memory (or answered 304 to a
    browser that has it), unless a message waits to be shown with it.
    """
    stamp = sheets.sheet_stamp(game_id)
    if stamp is None:
        abort(404)
    if "_flashes" in session or round_words.CHANGED in session:
        changed = round_words.changed_cells(game_id)
        return make_response(_sheet_html(game_id, changed=changed)[1])
    key = (game_id, *stamp, i18n.current(), access.let_in())  # a link's holder: no way out
    page = sheet_pages().get(key)
    if page is None:
        drawn, html = _sheet_html(game_id)
        if (drawn.version, drawn.players) != stamp[:2]:  # changed meanwhile: draw it next time
            return make_response(html)
        page = sheet_pages().draw(key, html)
    return page.response()


def _sheet_html(game_id: str, **context: Any) -> tuple[pad.Sheet, str]:
    """The sheet and its page, which gives the phone the cards counted for its rounds
    (kept there for a correction made offline)."""
    drawn = _sheet(game_id)
    cards = pad.counted_cards(game_id) if drawn.typed else []
    return drawn, render_template("sheet.html", sheet=drawn, cards=cards, **context)


@bp.route("/games/<game_id>/rounds/new", methods=["GET", "POST"])
def new_round(game_id: str) -> str | Response:
    """Enter the next round's scores."""
    sheet = _sheet(game_id)
    if not sheet.typed:
        return _scored_at_table(game_id)
    if sheet.finished or sheet.full:
        over = _("This game is over. Correct a round, or play again.")
        flash(over if sheet.finished else why(pad.game_full()), "info")
        if request.method == "POST":  # another phone's round ended it: nothing typed is lost
            _flash_typed(sheet, _("The round you typed was not saved: %(scores)s."))
        return redirect(url_for("pad.sheet", game_id=game_id))
    return _round_page(sheet, None)


@bp.route("/games/<game_id>/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit_round(game_id: str, number: int) -> str | Response:
    """Correct a past round."""
    sheet = _sheet(game_id, with_grids=True)
    opened = request.method == "POST" and "opened_round" in request.form  # its form was shown
    if sheet.typed and opened and number > len(sheet.rounds):
        return _round_gone(sheet, number)
    if not 1 <= number <= len(sheet.rounds):
        abort(404)
    if not sheet.typed:
        return _scored_at_table(game_id)
    return _round_page(sheet, number)


def _round_gone(sheet: pad.Sheet, number: int) -> Response:
    """A correction sent for a round the sheet no longer has (another phone took it back):
    nothing saved, and the sheet says so, with what was typed."""
    flash(
        _(
            "Round %(round)s is not on the sheet any more: another phone took it back. Your "
            "correction was not saved.",
            round=number,
        ),
        "error",
    )
    _flash_typed(sheet, _("Your correction was: %(scores)s."))
    return redirect(url_for("pad.sheet", game_id=sheet.id))


def _flash_typed(sheet: pad.Sheet, sentence: str) -> None:
    """Say the round form's scores in words (`sentence`'s `%(scores)s`), when they read:
    a round that could not be saved stays on the screen, to type again or compare."""
    form = RoundForm().setup(sheet.players)
    entry = form.entry() if form.validate_on_submit() else None
    try:
        typed = [seat.raw() for seat in entry.seats] if entry else None
    except ServiceError:
        typed = None
    if entry and typed:
        flash(
            sentence % {"scores": round_words.in_words(sheet.players, typed, entry.closer)}, "info"
        )


@bp.route("/games/<game_id>/rounds/preview", methods=["POST"])
def preview(game_id: str) -> str:
    """The live preview fragment: doubling and new totals, nothing saved."""
    sheet = _sheet(game_id)
    number = request.args.get("number", type=int)
    form = RoundForm().setup(sheet.players)
    entry = form.entry()
    fragment = {"sheet": sheet, "form": form, "number": number}
    if entry is None:
        return render_template(
            "_preview.html", outcome=None, problem=_typing_problem(form, sheet), **fragment
        )
    try:
        outcome = pad.preview(game_id, entry, number)
    except ServiceError as error:
        return render_template("_preview.html", outcome=None, problem=why(error), **fragment)
    return render_template("_preview.html", outcome=outcome, problem=None, **fragment)


def _typing_problem(form: RoundForm, sheet: pad.Sheet) -> str | None:
    """The first thing typed that cannot be read (a blank score is not a problem yet)."""
    for name, seat_field in zip(sheet.players, form.seats, strict=True):
        errors = [*seat_field.form.score.errors, *seat_field.form.cards.errors]
        typed = (seat_field.form.score.data or "").strip()
        if errors and (typed or seat_field.form.cards.errors):
            return str(_("%(name)s: %(problem)s", name=name, problem=errors[0]))
    return None


@bp.route("/games/<game_id>/rounds/<int:number>/delete", methods=["GET", "POST"])
def delete_round(game_id: str, number: int) -> str | Response:
    """Take back the last round, after a confirmation."""
    sheet = _sheet(game_id)
    if not sheet.typed:
        return _scored_at_table(game_id)
    if request.method == "GET":
        if number != len(sheet.rounds):
            abort(404)
        return render_template("confirm_delete.html", sheet=sheet, number=number)
    form = ConfirmForm()
    if not form.validate_on_submit():
        flash(FORM_EXPIRED, "error")
        return redirect(url_for("pad.sheet", game_id=game_id))
    try:
        pad.remove_last_round(game_id, number, form.expected_version())
        flash(_("Round %(round)s taken back.", round=number), "info")
    except ServiceError as error:
        flash(why(error), "error")
    return redirect(url_for("pad.sheet", game_id=game_id))


def _round_page(sheet: pad.Sheet, number: int | None) -> str | Response:
    """Show, preview or save the round form (a new round when `number` is None)."""
    form = RoundForm().setup(sheet.players)
    if request.method == "GET":
        form.version.data = str(sheet.version)
        if number is None:
            form.client_id.data = pad_once.new_client_id()
            form.opened_as.data = str(len(sheet.rounds) + 1)
            return _render_round(sheet, form, number, None)
        row = sheet.rounds[number - 1]
        form.fill(row.raw, row.grids, row.closer)
        form.note_opened(row.raw, row.closer, pad.stored_round(sheet.id, number))
        entry = form.entry()
        outcome = pad.preview(sheet.id, entry, number) if entry else None
        return _render_round(sheet, form, number, outcome)
    entry = form.entry() if form.validate_on_submit() else None
    if entry is None:
        return _render_round(sheet, form, number, None)
    try:
        if request.form.get("action") == "preview":
            return _render_round(sheet, form, number, pad.preview(sheet.id, entry, number))
        version, confirmed = form.expected_version(), bool(form.keep_unusual.data)
        if number is None:  # sent again after a lost answer: saved once, the sheet shown
            saved = pad_once.save_new_round(sheet.id, entry, version, form.round_id(), confirmed)
        else:
            saved = pad.save_round(sheet.id, entry, number, version, confirmed=confirmed)
        typed_since = _typed_since(sheet.id, form, entry) if saved is None and not number else None
        if typed_since is not None:
            return _typed_after_saving(form, *typed_since)
        if saved is None:
            return redirect(url_for("pad.sheet", game_id=sheet.id, _anchor="totals"))
        if isinstance(saved, pad.ToConfirm):  # the box that keeps it is where the hand goes
            return _render_round(sheet, form, number, saved.outcome, focus=form.keep_unusual.id)
        if number is not None:
            outcome = saved.outcome
            round_words.say_corrected(saved.before, number, outcome.result, outcome.finished)
    except Conflict as error:
        if number is not None and error.message != pad.STALE_SHEET:  # this correction's own
            return _render_round(sheet, form, number, None, problem=why(error))
        return _saved_meanwhile(sheet.id, form, number, error)
    except ServiceError as error:
        if error.field == "closer":
            form.closer.errors = [why(error)]
            return _render_round(sheet, form, number, None)
        return _render_round(sheet, form, number, None, problem=why(error))
    return redirect(url_for("pad.sheet", game_id=sheet.id, _anchor="totals"))


def _typed_since(
    game_id: str, form: RoundForm, entry: pad.RoundEntry
) -> tuple[pad.Sheet, int] | None:
    """A new round's form whose id is saved already: None when it holds that round as
    saved (sent again after a lost answer); else the sheet now and that round's number
    (scores typed since, on a page that stayed on the form while its first Save went
    through)."""
    client_id = form.round_id()
    number = pad_once.saved_as(game_id, client_id) if client_id else None
    if number is None:
        return None
    sheet = pad.get_sheet(game_id)
    return None if pad.same_round(sheet, entry, number) == number else (sheet, number)


def _typed_after_saving(form: RoundForm, sheet: pad.Sheet, number: int) -> str:
    """The form again, as the next round's, what was typed kept, saying why it was not
    saved: round `number` was, by its first Save, with what was typed then."""
    form.client_id.data = pad_once.new_client_id()
    form.version.data = str(sheet.version)
    problem = _(
        "Round %(round)s was saved by this form's first Save, with the scores it had then "
        "(the sheet shows it). What is typed here now was not saved: check it, then save it "
        "as round %(next)s.",
        round=number,
        next=len(sheet.rounds) + 1,
    )
    return _render_round(sheet, form, None, None, problem=problem)


def _saved_meanwhile(
    game_id: str, form: RoundForm, number: int | None, error: Conflict
) -> str | Response:
    """Someone saved from another phone first: nothing was saved, and nothing typed is
    lost. The form comes back with what was typed, on the sheet as it is now, to check
    and save again (or, when there is no such round any more, the sheet). A new round the
    other phone saved with the same scores is that round, typed twice: the sheet."""
    fresh = _sheet(game_id, with_grids=number is not None)
    entry = form.entry()
    same = pad.same_round(fresh, entry, form.opened_number()) if number is None and entry else None
    if same is not None:
        flash(
            _(
                "Another phone saved round %(round)s with these same scores meanwhile: it is "
                "on the sheet once, nothing more to save.",
                round=same,
            ),
            "info",
        )
        return redirect(url_for("pad.sheet", game_id=game_id, _anchor="totals"))
    if ((fresh.finished or fresh.full) and number is None) or (number or 0) > len(fresh.rounds):
        flash(_("%(problem)s Here is the sheet as it is now.", problem=why(error)), "error")
        return redirect(url_for("pad.sheet", game_id=game_id))
    form.version.data, form.opened_as.data = str(fresh.version), str(len(fresh.rounds) + 1)
    taken = _take_their_changes(form, entry, fresh, number) if number and entry else []
    if taken is None:
        flash(
            _(
                "Round %(round)s was taken back on another phone and entered again: what you "
                "typed corrects the round before it. It is still here: check it against the "
                "round now, then save again.",
                round=number,
            ),
            "error",
        )
    elif taken:
        flash(
            _(
                "%(problem)s Their changes (%(what)s) are in the form now, with yours: check "
                "it, then save again.",
                problem=why(error),
                what=i18n.join_names(taken),
            ),
            "error",
        )
        entry = form.entry()
    else:
        flash(
            _(
                "%(problem)s What you typed is still here, now as round %(next)s: save it only "
                "if it is another round.",
                problem=why(error),
                next=len(fresh.rounds) + 1,
            )
            if number is None
            else _(
                "%(problem)s What you typed is still here: check it against the new totals, "
                "then save again.",
                problem=why(error),
            ),
            "error",
        )
    shown = number or len(fresh.rounds)  # what the other phone made of it, or saved last
    if shown:
        row = fresh.rounds[shown - 1]
        there = round_words.in_words(fresh.players, row.raw, row.closer)
        flash(_("Round %(round)s on the sheet now: %(scores)s.", round=shown, scores=there), "info")
    try:
        outcome = pad.preview(fresh.id, entry, number) if entry else None
    except ServiceError:
        outcome = None
    return _render_round(fresh, form, number, outcome)


def _take_their_changes(
    form: RoundForm, entry: pad.RoundEntry, fresh: pad.Sheet, number: int
) -> list[str] | None:
    """A correction refused because another phone corrected round `number` first: each
    score (and the closer) this form left as it was opened takes the other phone's value;
    what this phone changed stays. What was taken, in words ("Ann", "who closed"); None
    when the round was taken back there and entered again (nothing of it is mixed in)."""
    opened = form.opened()
    if opened is None:
        return []
    raw, closer, made = opened
    theirs, now = fresh.rounds[number - 1], pad.stored_round(fresh.id, number)
    if made is not None and made != now:
        form.note_opened(theirs.raw, theirs.closer, now)
        return None
    taken = []
    for seat, (typed, before) in enumerate(zip(entry.seats, raw, strict=True)):
        if typed.raw() == before != theirs.raw[seat]:
            form.fill_seat(seat, theirs.raw[seat], theirs.grids[seat])
            taken.append(fresh.players[seat])
    if entry.closer == closer != theirs.closer:
        form.fill_closer(theirs.closer)
        taken.append(_("who closed"))
    form.note_opened(theirs.raw, theirs.closer, now)  # what the next Save is told apart from
    return taken


def _render_round(
    sheet: pad.Sheet,
    form: RoundForm,
    number: int | None,
    outcome: pad.Preview | None,
    problem: str | None = None,
    focus: str | None = None,
) -> str:
    """The round form, with the preview of `outcome` or the `problem` that stopped it;
    `focus`: the id of what the keyboard's focus goes to once it is drawn."""
    return render_template(
        "round_form.html",
        sheet=sheet,
        form=form,
        number=number,
        outcome=outcome,
        problem=problem,
        focus=focus,
    )


def sheet_pages() -> PageCache:
    """This app's drawn sheets, by game, version and players: drawn once per change."""
    pages: PageCache = current_app.extensions.setdefault("skyjo_sheet_pages", PageCache())
    return pages


def _scored_at_table(game_id: str) -> Response:
    """A digital table's game asked for the pad's round tools: back to its sheet, saying
    why (its rounds are scored at the table)."""
    flash(_(pad.SCORED_AT_TABLE), "info")
    return redirect(url_for("pad.sheet", game_id=game_id))


def _sheet(game_id: str, with_grids: bool = False) -> pad.Sheet:
    try:
        return pad.get_sheet(game_id, with_grids)
    except NotFound:
        abort(404)
