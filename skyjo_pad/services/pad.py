"""The score pad: games whose rounds are typed in, scored by the engine, kept safely."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload
from sqlalchemy.orm.exc import StaleDataError

from ..engine import scoring
from ..engine.rules import PAD_RULE_KEYS, Rules, RulesError
from ..engine.scoring import Grid, GridError, RoundResult
from ..extensions import db
from ..models import GAME_ID_LENGTH, Game, GameSeat, Round, RoundScore, utcnow
from . import players as player_book
from .errors import Conflict, Invalid, NotFound

STALE_SHEET = "The sheet changed since you opened it (a round was saved on another phone)."
NEAR_TARGET_PERCENT = 80
"""A total at this percentage of the target or more gets a warning on the sheet."""
SCORE_LIMIT = 1_000_000
"""A round score must lie within ± this: far beyond any house rule, well within the store."""
TARGET_MAX = 10_000
"""The highest target a new game may have (the official one is 100)."""
MULTIPLIER_MAX = 100
"""The highest closer's multiplier a new game may have (the official one is 2)."""
SAVE_ATTEMPTS = 3
"""How often a new game is tried when another request adds one of its new players first."""


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """What was entered for one seat: a typed score, or the 12 cards of the grid."""

    score: int | None = None
    grid: Grid | None = None

    def raw(self, name: str = "Each player") -> int:
        """The raw round score: the typed number, or the grid after the column rule.

        Refused (naming `name`) when the score is missing, not a whole number or beyond
        ±SCORE_LIMIT, or the grid is not 3 rows of 4 cards.
        """
        if self.grid is not None:
            try:
                grid = scoring.parse_grid(self.grid)
            except GridError as error:
                raise Invalid(f"In {name}'s cards: {error}", field="scores") from error
            return scoring.score_grid(grid).raw
        if self.score is None:
            raise Invalid("Every player needs a score.", field="scores")
        if isinstance(self.score, bool) or not isinstance(self.score, int):
            raise Invalid(f"{name}'s score must be a whole number.", field="scores")
        if abs(self.score) > SCORE_LIMIT:
            raise Invalid(
                f"{name}'s score is too large: a round score lies between "
                f"{-SCORE_LIMIT:,} and {SCORE_LIMIT:,}.",
                field="scores",
            )
        return self.score


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """A round as entered: one SeatEntry per seat, and who closed it (or None)."""

    seats: tuple[SeatEntry, ...]
    closer: int | None


@dataclass(frozen=True, slots=True)
class SheetRound:
    """A scored round as the sheet shows it."""

    number: int
    closer: int | None
    raw: tuple[int, ...]
    final: tuple[int, ...]
    doubled: bool
    totals: tuple[int, ...]
    """Each seat's total after this round."""
    grids: tuple[Grid | None, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    """A game as read from the store, with everything derived from its rounds."""

    id: str
    kind: str
    players: tuple[str, ...]
    rules: Rules
    rounds: tuple[SheetRound, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    version: int
    created_at: datetime

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats with the lowest total, once a round is scored."""
        if not self.rounds:
            return ()
        lowest = min(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == lowest)

    @property
    def near_target(self) -> tuple[int, ...]:
        """Seats close to ending the game, while it goes on."""
        if self.finished:
            return ()
        line = -(-self.rules.target * NEAR_TARGET_PERCENT // 100)  # exact ceiling, any size
        return tuple(seat for seat, total in enumerate(self.totals) if total >= line)

    @property
    def next_starter(self) -> int | None:
        """Who starts the next round: the last round's closer (None: the cards decide)."""
        if self.finished or not self.rounds:
            return None
        return self.rounds[-1].closer

    def standings(self) -> list[tuple[int, int, int]]:
        """(place, seat, total) from lowest total up; tied totals share a place."""
        order = sorted(range(len(self.players)), key=lambda seat: (self.totals[seat], seat))
        ranked: list[tuple[int, int, int]] = []
        for index, seat in enumerate(order):
            tied = ranked and ranked[-1][2] == self.totals[seat]
            place = ranked[-1][0] if tied else index + 1
            ranked.append((place, seat, self.totals[seat]))
        return ranked

    def to_api(self) -> dict[str, Any]:
        """The game as API.md describes it."""
        return {
            "id": self.id,
            "kind": self.kind,
            "players": list(self.players),
            "rules": self.rules.to_dict(PAD_RULE_KEYS),
            "rounds": [
                {
                    "number": r.number,
                    "closer": r.closer,
                    "raw": list(r.raw),
                    "final": list(r.final),
                    "doubled": r.doubled,
                }
                for r in self.rounds
            ],
            "totals": list(self.totals),
            "finished": self.finished,
            "winners": list(self.winners),
            "version": self.version,
        }


@dataclass(frozen=True, slots=True)
class Preview:
    """What saving a round would give, computed without saving."""

    result: RoundResult
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    warnings: tuple[str, ...] = field(default=())


def pad_rules(data: Mapping[str, Any] | None) -> Rules:
    """The pad's rule options from JSON-like data, defaults for what is left out.

    Beyond what the engine allows, a new game's target is at most TARGET_MAX and its
    multiplier at most MULTIPLIER_MAX; the refusal names the option in its `field`.
    """
    try:
        rules = Rules.from_dict(data, allowed=PAD_RULE_KEYS)
    except (RulesError, TypeError) as error:
        raise Invalid(
            str(error) if isinstance(error, RulesError) else "Unknown rule option.",
            _rule_field(str(error)),
        ) from error
    if rules.target > TARGET_MAX:
        raise Invalid(f"The target must be a whole number from 1 to {TARGET_MAX:,}.", "target")
    if rules.multiplier > MULTIPLIER_MAX:
        raise Invalid(
            f"The multiplier must be a whole number from 1 to {MULTIPLIER_MAX}.", "multiplier"
        )
    return rules


def _rule_field(message: str) -> str:
    """The rule option a refusal is about (for a form to show it there), else "rules"."""
    for key in ("target", "multiplier"):
        if message.startswith(f"The {key} "):
            return key
    return "rules"


def new_game(names: Sequence[str], rules_data: Mapping[str, Any] | None = None) -> Sheet:
    """Start a score pad game for these players (2 to 12, distinct names).

    When another request adds one of the same new players at the same moment, the
    address book refuses the second copy; the game is then tried again with that player.
    """
    rules = pad_rules(rules_data)
    cleaned = player_book.check_names(names)
    attempt = 1
    while True:
        game = Game(kind="pad", rules=rules.to_dict(PAD_RULE_KEYS))
        for seat, player in enumerate(player_book.find_or_add(cleaned)):
            game.seats.append(GameSeat(seat=seat, player=player))
        db.session.add(game)
        try:
            db.session.commit()
            return sheet_of(game)
        except IntegrityError as error:
            db.session.rollback()
            if attempt >= SAVE_ATTEMPTS:
                raise Conflict("The game could not be saved just now: please try again.") from error
            attempt += 1


def get_sheet(game_id: str) -> Sheet:
    """The sheet of a game, or NotFound."""
    return sheet_of(_load(game_id))


def preview(game_id: str, entry: RoundEntry, number: int | None = None) -> Preview:
    """Score an entry as round `number` (default: a new round) without saving it."""
    game = _load(game_id, typed=True)
    if number is not None:
        _round_index(game, number)
    return _preview(game, entry, number)


def add_round(
    game_id: str, entry: RoundEntry, expected_version: int | None = None
) -> tuple[Sheet, Preview]:
    """Save a new round at the end of the sheet."""
    game = _load(game_id, typed=True)
    _check_version(game, expected_version)
    if game.finished:
        raise Conflict("This game is over: start a new game or correct a round.")
    outcome = _preview(game, entry, None)
    game.rounds.append(_round_row(len(game.rounds) + 1, outcome.result, entry))
    return _save(game), outcome


def replace_round(
    game_id: str, number: int, entry: RoundEntry, expected_version: int | None = None
) -> tuple[Sheet, Preview]:
    """Correct a past round; later totals, the end and the winners follow."""
    game = _load(game_id, typed=True)
    _check_version(game, expected_version)
    index = _round_index(game, number)
    outcome = _preview(game, entry, number)
    row = game.rounds[index]
    row.closer, row.doubled = outcome.result.closer, outcome.result.doubled
    for score, seat_entry, raw, final in zip(
        row.scores, entry.seats, outcome.result.raw, outcome.result.final, strict=True
    ):
        score.raw, score.final, score.grid = raw, final, _grid_json(seat_entry.grid)
    return _save(game), outcome


def remove_last_round(game_id: str, number: int, expected_version: int | None = None) -> Sheet:
    """Take back the last round (only the last one)."""
    game = _load(game_id, typed=True)
    _check_version(game, expected_version)
    index = _round_index(game, number)
    if index != len(game.rounds) - 1:
        raise Conflict(f"Only the last round (round {len(game.rounds)}) can be taken back.")
    game.rounds.pop()
    return _save(game)


def recent_games(finished: bool, limit: int = 10) -> list[Sheet]:
    """Games in progress or finished, the most recent first."""
    games = db.session.scalars(
        select(Game)
        .where(Game.finished == finished)
        .order_by(Game.created_at.desc())
        .limit(limit)
        .options(selectinload(Game.seats), selectinload(Game.rounds))
    )
    return [sheet_of(game) for game in games]


def sheet_of(game: Game) -> Sheet:
    """Derive the sheet (totals, end, winners) of a stored game."""
    rules = Rules.from_dict(game.rules)
    seats = len(game.seats)
    running = [0] * seats
    rounds = []
    for row in game.rounds:
        raw = tuple(s.raw for s in row.scores)
        final = tuple(s.final for s in row.scores)
        running = [t + f for t, f in zip(running, final, strict=True)]
        grids = tuple(scoring.parse_grid(s.grid) if s.grid else None for s in row.scores)
        rounds.append(
            SheetRound(row.number, row.closer, raw, final, row.doubled, tuple(running), grids)
        )
    totals = tuple(running)
    winners = scoring.winners(totals, rules) if rounds else ()
    return Sheet(
        id=game.id,
        kind=game.kind,
        players=tuple(s.player.name for s in game.seats),
        rules=rules,
        rounds=tuple(rounds),
        totals=totals,
        finished=bool(winners),
        winners=winners,
        version=game.version,
        created_at=game.created_at,
    )


def _load(game_id: str, typed: bool = False) -> Game:
    """The stored game, or NotFound; with `typed`, only a game whose rounds are typed in."""
    plausible = (  # never ask the database about a NUL: PostgreSQL refuses it with an error
        isinstance(game_id, str) and len(game_id) <= GAME_ID_LENGTH and "\x00" not in game_id
    )
    game = db.session.get(Game, game_id) if plausible else None
    if game is None:
        raise NotFound("There is no game with that id.")
    if typed and game.kind != "pad":
        raise Conflict(
            "This game is played at a digital table: its rounds are scored there, "
            "not typed in or changed on the score pad."
        )
    return game


def _check_version(game: Game, expected: int | None) -> None:
    """Refuse a change to a digital table's rounds, or one made on an older sheet."""
    if game.kind != "pad":
        raise Conflict("This game is played at the digital table: its rounds come from the cards.")
    if expected is not None and expected != game.version:
        raise Conflict(STALE_SHEET)


def _round_index(game: Game, number: int) -> int:
    if not 1 <= number <= len(game.rounds):
        raise NotFound(f"This game has no round {number}.")
    return number - 1


def _preview(game: Game, entry: RoundEntry, number: int | None) -> Preview:
    """Score `entry` in place of round `number` (or as a new round)."""
    rules = Rules.from_dict(game.rules)
    names = [seat.player.name for seat in game.seats]
    result, warnings = _score_entry(entry, names, rules)
    finals = [tuple(s.final for s in row.scores) for row in game.rounds]
    if number is None:
        finals.append(result.final)
    else:
        finals[number - 1] = result.final
        _check_end_stays_last(finals, rules, number)
    totals = scoring.totals(finals, len(names))
    winners = scoring.winners(totals, rules)
    return Preview(result, totals, bool(winners), winners, tuple(warnings))


def _check_end_stays_last(finals: list[tuple[int, ...]], rules: Rules, number: int) -> None:
    """Refuse a correction that would have ended the game before rounds that follow it."""
    seats = len(finals[0])
    for index in range(number - 1, len(finals) - 1):
        if scoring.game_over(scoring.totals(finals[: index + 1], seats), rules):
            raise Conflict(
                f"With this change the game would have ended after round {index + 1}, "
                f"but later rounds follow: take them back first."
            )


def _score_entry(
    entry: RoundEntry, names: list[str], rules: Rules
) -> tuple[RoundResult, list[str]]:
    if len(entry.seats) != len(names):
        raise Invalid(f"Give one score for each of the {len(names)} players.", field="scores")
    closer = entry.closer
    if closer is not None and (
        isinstance(closer, bool) or not isinstance(closer, int) or not 0 <= closer < len(names)
    ):
        raise Invalid("The closer must be one of the players, or nobody.", field="closer")
    raw = [seat.raw(name) for seat, name in zip(entry.seats, names, strict=True)]
    warnings = [
        f"{name}'s {score} is outside {scoring.RAW_MIN} to {scoring.RAW_MAX}, "
        "impossible under the official rules."
        for name, score in zip(names, raw, strict=True)
        if scoring.raw_out_of_bounds(score)
    ]
    return scoring.score_round(raw, entry.closer, rules), warnings


def _round_row(number: int, result: RoundResult, entry: RoundEntry) -> Round:
    row = Round(number=number, closer=result.closer, doubled=result.doubled)
    for seat, (raw, final, seat_entry) in enumerate(
        zip(result.raw, result.final, entry.seats, strict=True)
    ):
        row.scores.append(
            RoundScore(seat=seat, raw=raw, final=final, grid=_grid_json(seat_entry.grid))
        )
    return row


def _grid_json(grid: Grid | None) -> list[list[int | None]] | None:
    return [list(row) for row in grid] if grid is not None else None


def _save(game: Game) -> Sheet:
    """Bring the game's end up to date and commit; a concurrent change is a Conflict."""
    sheet = sheet_of(game)
    if sheet.finished != game.finished:
        game.finished = sheet.finished
        game.finished_at = utcnow() if sheet.finished else None
    game.updated_at = utcnow()  # always bumps the version, so a stale writer is refused
    _commit()
    return sheet_of(game)


def _commit() -> None:
    try:
        db.session.commit()
    except (IntegrityError, StaleDataError) as error:
        db.session.rollback()
        raise Conflict(STALE_SHEET) from error
