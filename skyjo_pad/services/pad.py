"""The score pad: games whose rounds are typed in, scored by the engine, kept safely."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError

from ..engine import scoring
from ..engine.limits import PAD_ROUNDS_MAX
from ..engine.rules import PAD_RULE_KEYS, Rules, RulesError
from ..engine.scoring import RoundResult
from ..extensions import db
from ..models import Game, GameSeat
from . import games_store, live, roster
from . import players as player_book
from .errors import N_, Busy, Conflict, Invalid, Nn_, NotFound, Sentence, refused
from .retry import retried
from .round_entry import SCORE_LIMIT as SCORE_LIMIT  # re-exported: the pad's callers name
from .round_entry import RoundEntry as RoundEntry  # these pad.RoundEntry and so on
from .round_entry import SeatEntry as SeatEntry
from .round_entry import score_entry
from .sheets import Sheet as Sheet  # re-exported: the pad's callers name it pad.Sheet
from .sheets import (
    StoredRound,
    read_sheet,
    recent_sheets,
    remember,
    rounds_with_grids,
    stored_rounds,
    with_rounds,
)
from .transaction import after_commit, transaction

STALE_SHEET = N_(
    "The sheet changed since you opened it (another phone saved, corrected or took back a round)."
)
SCORED_AT_TABLE = N_(
    "This game is played at a digital table: its rounds are scored there, "
    "not typed in or changed on the score pad."
)
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Preview:
    """What saving a round would give, computed without saving."""

    result: RoundResult
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    warnings: tuple[Sentence, ...] = field(default=())


def pad_rules(data: Mapping[str, Any] | None) -> Rules:
    """The pad's rule options from JSON-like data, defaults for what is left out.

    Beyond what the engine allows, a new game's options are capped (`capped`); the
    refusal names the option in its `field`.
    """
    try:
        rules = Rules.from_dict(data, allowed=PAD_RULE_KEYS)
    except (RulesError, TypeError) as error:
        raise Invalid(
            refused(error) if isinstance(error, RulesError) else "Unknown rule option.",
            _rule_field(str(error)),
        ) from error
    return capped(rules)


def capped(rules: Rules) -> Rules:
    """`rules` if within the caps of a new game (`Rules.check_caps`), else Invalid naming
    the option in its `field` (target, multiplier, else "rules")."""
    try:
        rules.check_caps()
    except RulesError as error:
        raise Invalid(refused(error), str(error.reason.data.get("option", "rules"))) from error
    return rules


def _rule_field(message: str) -> str:
    """The rule option a refusal is about (for a form to show it there), else "rules"."""
    for key in ("target", "multiplier"):
        if message.startswith(f"The {key} "):
            return key
    return "rules"


@transaction
def new_game(
    names: Sequence[str], rules_data: Mapping[str, Any] | None = None, client_id: str | None = None
) -> Sheet:
    """Start a score pad game for these players (2 to 12, distinct names).

    When another request adds one of the same new players at the same moment, the
    address book refuses the second copy; the game is then tried again with that player.
    `client_id` (the phone's id for the game) is stored unique: a clash is a Conflict at
    once (services/pad_once.py then answers with the game that holds it).
    """
    rules = pad_rules(rules_data)
    cleaned = player_book.check_names(names)
    roster.check_seat_kinds(cleaned, [None] * len(cleaned))  # no one named "Hard bot"

    def start() -> Sheet:
        game = Game(kind="pad", rules=rules.to_dict(PAD_RULE_KEYS), client_id=client_id)
        for seat, player in enumerate(player_book.find_or_add(cleaned)):
            game.seats.append(GameSeat(seat=seat, player=player))
        db.session.add(game)
        db.session.flush()  # a clash shows here, before anything else is read
        return read_sheet(game.id)

    def taken(_error: Exception) -> bool:
        return client_id is not None and games_store.game_with_client_id(client_id) is not None

    try:
        return retried(start, give_up=taken)
    except IntegrityError as error:
        raise Conflict("The game could not be saved just now: please try again.") from error


def counted_cards(game_id: str) -> list[dict[str, Any]]:
    """The rounds whose cards were counted, with their grids (the sheet's page gives them
    to the phone, whose offline correction form then shows the cards)."""
    stored = rounds_with_grids([game_id]).get(game_id, [])
    return [r.to_json() for r in stored if any(r.grids)]


def get_sheet(game_id: str, with_grids: bool = False) -> Sheet:
    """The sheet of a game, or NotFound; `with_grids`: with the cards entered."""
    return read_sheet(game_id, with_grids)


def stored_round(game_id: str, number: int) -> int | None:
    """Which stored round is round `number` now (the same through corrections, another
    once it was taken back and entered again); None if there is none."""
    return games_store.round_made(game_id, number)


def recent_games(finished: bool, limit: int = 10) -> list[Sheet]:
    """Games in progress or finished, the most recent first."""
    return recent_sheets(finished, limit)


def preview(game_id: str, entry: RoundEntry, number: int | None = None) -> Preview:
    """Score an entry as round `number` (default: a new round) without saving it."""
    sheet = _typed_sheet(game_id)
    if number is not None:
        _round_index(sheet, number)
    return _preview(sheet, entry, number)


@dataclass(frozen=True, slots=True)
class Saved:
    """A round saved: the sheet before and after, and how the round scored."""

    before: Sheet
    sheet: Sheet
    outcome: Preview


@dataclass(frozen=True, slots=True)
class ToConfirm:
    """Nothing saved: the round scores as `outcome` says, but its warnings need a yes."""

    sheet: Sheet
    outcome: Preview


def save_round(
    game_id: str,
    entry: RoundEntry,
    number: int | None = None,
    expected_version: int | None = None,
    client_id: str | None = None,
    confirmed: bool = True,
) -> Saved | ToConfirm:
    """Save a round: a new one at the end of the sheet (`number` None), or a correction
    of round `number` (later totals, the end and the winners follow). The sheet is read
    and the entry scored once; with `confirmed` False, a round that scores with warnings
    is not saved but handed back to confirm. `client_id`: the phone's id for a new round.

    Without `expected_version` the round goes on the sheet as it is when it is saved: a
    save that meets another one made at the same moment is made again on the new sheet
    (with a version, that is the conflict the version is there to find)."""
    return _as_it_is_now(
        lambda: _save_round(game_id, entry, number, expected_version, client_id, confirmed),
        expected_version,
    )


def _as_it_is_now(write: Callable[[], T], expected_version: int | None) -> T:
    """`write` once when it carries a version (a clash is the conflict the version is
    there to find); without one, again on the new sheet each time another phone's write got
    there first, and if they keep at it, Busy (503, try again), never "since you opened it"."""
    try:
        return retried(
            write,
            attempts=1 if expected_version is not None else VERSIONLESS_ATTEMPTS,
            clash=_met_another,
        )
    except Conflict as error:
        if expected_version is None and _met_another(error):
            raise Busy(CROWDED) from error
        raise


CROWDED = N_("Other phones are saving on this sheet at this very moment: try again.")


def _met_another(error: Exception) -> bool:
    """Whether a save was refused because another one got there first (`_clash_is_stale`)."""
    return isinstance(error, Conflict) and isinstance(
        error.__cause__, games_store.Stale | IntegrityError
    )


VERSIONLESS_ATTEMPTS = 8
"""How often a save without a version is tried while other saves keep getting there first."""


@transaction
def _save_round(
    game_id: str,
    entry: RoundEntry,
    number: int | None,
    expected_version: int | None,
    client_id: str | None,
    confirmed: bool,
) -> Saved | ToConfirm:
    games_store.hold(game_id)
    sheet = _typed_sheet(game_id)
    _check_version(sheet, expected_version)
    if number is None and sheet.finished:
        raise Conflict("This game is over: start a new game or correct a round.")
    if number is None and sheet.full:
        raise game_full()
    index = len(sheet.rounds) if number is None else _round_index(sheet, number)
    outcome = _preview(sheet, entry, number)
    if outcome.warnings and not confirmed:
        return ToConfirm(sheet, outcome)
    stored = _stored(index + 1, outcome.result, entry)
    if number is not None:
        stored = _keeping_cards(game_id, stored)
    rounds = stored_rounds(sheet)
    rounds[index:] = [stored.without_grids(), *rounds[index + 1 :]]
    after = with_rounds(sheet, rounds, sheet.version + 1)
    with _clash_is_stale():
        if number is None:
            games_store.add_round(sheet, stored, after, client_id)
        else:
            games_store.replace_round(sheet, stored, after)
    _announce(after)
    return Saved(sheet, after, outcome)


def game_full() -> Conflict:
    """The refusal of a round after the last one a game may hold."""
    return Conflict(
        Nn_(
            "A game holds at most %(num)s round: start a new game.",
            "A game holds at most %(num)s rounds: start a new game.",
        ),
        num=PAD_ROUNDS_MAX,
    )


def add_round(
    game_id: str,
    entry: RoundEntry,
    expected_version: int | None = None,
    client_id: str | None = None,
) -> tuple[Sheet, Preview]:
    """Save a new round at the end of the sheet (`client_id`: the phone's id for it)."""
    saved = save_round(game_id, entry, None, expected_version, client_id)
    assert isinstance(saved, Saved)  # confirmed: never handed back
    return saved.sheet, saved.outcome


def replace_round(
    game_id: str, number: int, entry: RoundEntry, expected_version: int | None = None
) -> tuple[Sheet, Preview]:
    """Correct a past round; later totals, the end and the winners follow."""
    saved = save_round(game_id, entry, number, expected_version)
    assert isinstance(saved, Saved)  # confirmed: never handed back
    return saved.sheet, saved.outcome


def remove_last_round(game_id: str, number: int, expected_version: int | None = None) -> Sheet:
    """Take back the last round (only the last one); without `expected_version`, of the
    sheet as it is when it is taken back (`_as_it_is_now`)."""
    return _as_it_is_now(
        lambda: _remove_last_round(game_id, number, expected_version), expected_version
    )


@transaction
def _remove_last_round(game_id: str, number: int, expected_version: int | None) -> Sheet:
    games_store.hold(game_id)
    sheet = _typed_sheet(game_id)
    _check_version(sheet, expected_version)
    index = _round_index(sheet, number)
    if index != len(sheet.rounds) - 1:
        raise Conflict(
            "Only the last round (round %(number)s) can be taken back.", number=len(sheet.rounds)
        )
    after = with_rounds(sheet, stored_rounds(sheet)[:index], sheet.version + 1)
    with _clash_is_stale():
        games_store.delete_round(sheet, number, after)
    _announce(after)
    return after


def _typed_sheet(game_id: str) -> Sheet:
    """The sheet of a game whose rounds are typed in, or NotFound, or Conflict."""
    sheet = read_sheet(game_id)
    if not sheet.typed:
        raise Conflict(SCORED_AT_TABLE)
    return sheet


def _check_version(sheet: Sheet, expected: int | None) -> None:
    """Refuse a change made on an older sheet."""
    if expected is not None and expected != sheet.version:
        raise Conflict(STALE_SHEET)


def _round_index(sheet: Sheet, number: int) -> int:
    if not 1 <= number <= len(sheet.rounds):
        raise NotFound("This game has no round %(number)s.", number=number)
    return number - 1


def _preview(sheet: Sheet, entry: RoundEntry, number: int | None) -> Preview:
    """Score `entry` in place of round `number` (or as a new round)."""
    result, warnings = score_entry(entry, list(sheet.players), sheet.rules)
    finals = sheet.finals()
    if number is None:
        finals.append(result.final)
    else:
        finals[number - 1] = result.final
        _check_end_stays_last(finals, sheet.rules, number)
    totals = scoring.totals(finals, len(sheet.players))
    winners = scoring.winners(totals, sheet.rules)
    return Preview(result, totals, bool(winners), winners, tuple(warnings))


def _check_end_stays_last(finals: list[tuple[int, ...]], rules: Rules, number: int) -> None:
    """Refuse a correction that would have ended the game before rounds that follow it."""
    seats = len(finals[0])
    for index in range(number - 1, len(finals) - 1):
        if scoring.game_over(scoring.totals(finals[: index + 1], seats), rules):
            raise Conflict(
                "With this change the game would have ended after round %(number)s, "
                "but later rounds follow: take them back first.",
                number=index + 1,
            )


def _stored(number: int, result: RoundResult, entry: RoundEntry) -> StoredRound:
    """The round to store for a scored entry."""
    grids = tuple(
        scoring.parse_grid(seat.grid) if seat.grid is not None else None for seat in entry.seats
    )
    return StoredRound(number, result.closer, result.doubled, result.raw, result.final, grids)


def _keeping_cards(game_id: str, corrected: StoredRound) -> StoredRound:
    """A correction keeps the cards counted for each seat whose score it leaves as it was
    and gives no cards for (a phone offline knows only the scores: correcting another
    seat's, it sends this one's score again)."""
    before = rounds_with_grids([game_id])[game_id][corrected.number - 1]
    grids = tuple(
        kept if new is None and score == was else new
        for new, kept, score, was in zip(
            corrected.grids, before.grids, corrected.raw, before.raw, strict=True
        )
    )
    return replace(corrected, grids=grids)


@contextmanager
def _clash_is_stale() -> Iterator[None]:
    """A write that meets another phone's (the game moved on, or a unique key refused a
    row): Conflict, nothing saved."""
    try:
        yield
    except (games_store.Stale, IntegrityError) as error:
        raise Conflict(STALE_SHEET) from error


def _announce(after: Sheet) -> None:
    """Tell the phones following the sheet (issue 23) with the write's commit, and once it
    is committed keep the new sheet."""
    after_commit(lambda: remember(after))
    live.announce(after.id, after.version)  # NOTIFY with the commit; this process's after


def same_round(sheet: Sheet, entry: RoundEntry, first: int | None) -> int | None:
    """The round from `first` on (the sheet's last, if unknown) that `entry` holds as saved
    (the same scores and closer): a round typed on two phones, or sent twice."""
    typed = tuple(seat.raw(name) for seat, name in zip(entry.seats, sheet.players, strict=True))
    for saved in sheet.rounds[max(1, first or len(sheet.rounds)) - 1 :]:
        if (typed, entry.closer) == (tuple(saved.raw), saved.closer):
            return saved.number
    return None
