"""The history format (skyjo-pad-history/1): its typed values and the check of a file.

`read_file` turns parsed JSON into a `HistoryFile` of `ImportedGame`s, every game checked
whole before anything is written (a pad game's rounds are scored again by the engine, a
digital game's record is replayed move by move): a file with one bad game is refused
with a sentence naming the game and what is wrong. Every limit is a named constant (the
engine's, the store's columns'), never a number written beside it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from ..bots import BUILTIN
from ..engine import (
    IllegalMove,
    NotationError,
    Phase,
    PositionError,
    move_from_json,
    outcome,
    position_from_json,
    position_to_json,
    scoring,
)
from ..engine.limits import COLUMNS, MAX_PLAYERS, PAD_ROUNDS_MAX, RECORD_MOVES_MAX, ROWS, SEED_MAX
from ..engine.notation import RECORD_FORMAT
from ..engine.rules import PAD_RULE_KEYS, Rules
from ..models import FINISHED, GAME_ID_LENGTH, PLAYING, STATUSES, name_key
from . import history
from . import players as player_book
from .errors import N_, Invalid, Malformed, Nn_, Sentence, ServiceError, refused
from .pad import pad_rules
from .roster import check_dealt_seats, check_seat_names, clean_email, is_computer_name
from .round_entry import SCORE_LIMIT, is_closer, is_score, is_whole
from .tables import table_rules

FORMAT = "skyjo-pad-history/1"
MAX_GAMES = 100_000
"""Games one file may hold."""
PAD, TABLE = "pad", "table"
KINDS = (PAD, TABLE)
FUTURE_SLACK = timedelta(days=1)
"""How far ahead of this server's clock a game's time may be (another's clock may be fast)."""
MOMENT_CHARS_MAX = 40
"""The longest date and time text read (ISO 8601 with fractions and an offset fits)."""


@dataclass(frozen=True, slots=True)
class ImportedRound:
    """A round of a file, checked: who closed, whether doubled, each seat's scores and
    final grid (None where none was entered)."""

    closer: int | None
    doubled: bool
    raw: list[int]
    final: list[int]
    grids: list[Any]


@dataclass(frozen=True, slots=True)
class ImportedGame:
    """A game of the file, checked and ready to store."""

    id: str
    kind: str
    created_at: datetime
    finished_at: datetime | None
    finished: bool
    status: str
    rules: dict[str, Any]
    players: list[str]
    bots: list[str | None]
    rounds: list[ImportedRound]
    notes: str | None
    place: str | None
    table: dict[str, Any] | None
    """A digital game's table state (start, moves, position, seed); None for the rest."""


@dataclass(frozen=True, slots=True)
class HistoryFile:
    """A checked file: its games, and its address book (each name with its email)."""

    games: list[ImportedGame]
    emails: dict[str, str | None]


def read_file(data: object) -> HistoryFile:
    """Check a parsed export whole; Malformed or Invalid naming the first problem."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise Malformed(
            N_('This file is not a Skyjo Pad export (its "format" is not "%(format)s").'),
            format=FORMAT,
        )
    games_data = data.get("games")
    people = data.get("players", [])
    if not isinstance(games_data, list):
        raise Malformed(N_("This export has no list of games."))
    if not isinstance(people, list):
        raise Malformed(N_("This export's address book (its players) is not a list."))
    if len(games_data) > MAX_GAMES:
        raise Invalid(
            Nn_("An export holds at most %(num)s game.", "An export holds at most %(num)s games."),
            num=MAX_GAMES,
        )
    emails = _emails(people)
    games: list[ImportedGame] = []
    seen: set[str] = set()
    for index, item in enumerate(games_data):
        try:
            game = _check_game(item)
        except ServiceError as error:
            named = _readable_id(item)
            raise type(error)(
                N_("Game %(number)s of the file (%(id)s): %(problem)s")
                if named
                else N_("Game %(number)s of the file: %(problem)s"),
                number=index + 1,
                id=named,
                problem=error.sentence,
            ) from error
        if game.id in seen:
            raise Invalid(
                "Game %(number)s of the file: the id %(id)s appears twice.",
                number=index + 1,
                id=game.id,
            )
        seen.add(game.id)
        games.append(game)
    return HistoryFile(games, emails)


def _emails(people: list[Any]) -> dict[str, str | None]:
    """The export's address book: each name (one per person) with its email, if any."""
    found: dict[str, str | None] = {}
    keys: set[str] = set()
    for person in people:
        if not isinstance(person, dict) or not isinstance(person.get("name"), str):
            raise Malformed(N_("Each player of the export's address book needs a name."))
        name = player_book.clean_name(person["name"])
        if is_computer_name(name):  # a computer seat's: its games bring it, as a computer
            continue
        if name_key(name) not in keys:
            keys.add(name_key(name))
            found[name] = clean_email(person.get("email"))
    return found


def _rule_options(item: Mapping[str, Any]) -> dict[str, Any] | None:
    """A game's rule options as the file gives them (None: the official rules)."""
    options = item.get("rules")
    if options is not None and not isinstance(options, dict):
        raise Invalid("its rules must be an object of rule options, or null.")
    return options


def _readable_id(item: object) -> str:
    """A game's id as the file gives it, to name the game in a refusal ("" if unreadable)."""
    game_id = item.get("id") if isinstance(item, dict) else None
    if not isinstance(game_id, str) or len(game_id) > GAME_ID_LENGTH:
        return ""
    return game_id if game_id.isascii() and game_id.isalnum() else ""


def _check_game(item: object) -> ImportedGame:
    """One game of the file, checked (refused with what is wrong with it)."""
    if not isinstance(item, dict):
        raise Malformed(N_("a game must be a JSON object."))
    game_id = _readable_id(item).lower()
    if not game_id:
        raise Invalid("its id must be up to %(max)s letters and digits.", max=GAME_ID_LENGTH)
    kind = item.get("kind")
    if kind not in KINDS:
        raise Invalid('its kind must be "pad" or "table".')
    names = player_book.check_names(item.get("players"), maximum=MAX_PLAYERS)
    bots = item.get("bots") or [None] * len(names)
    if not isinstance(bots, list) or len(bots) != len(names):
        raise Invalid("it needs one entry in bots per player.")
    if any(b is not None and b not in BUILTIN for b in bots) or (kind == PAD and any(bots)):
        raise Invalid(
            "a computer player is one of %(levels)s, at a digital table only.",
            levels=", ".join(BUILTIN),
        )
    check_seat_names(names, bots)
    created = _moment(item.get("created_at"), "created_at")
    assert created is not None
    finished_at = _moment(item.get("finished_at"), "finished_at", optional=True)
    if finished_at is not None and finished_at < created:
        raise Invalid("its finished_at is before its created_at.")
    notes = history.clean_text(item.get("notes"), "notes")
    place = history.clean_text(item.get("place"), "place")
    if kind == PAD:
        rules = pad_rules(_rule_options(item))
        rounds = _scored_rounds(item.get("rounds"), len(names), rules)
        totals = scoring.totals([r.final for r in rounds], len(names))
        finished = bool(rounds) and bool(scoring.winners(totals, rules))
        status, table = (FINISHED if finished else PLAYING), None
        if (said := _status(item.get("status", status))) != status:  # a hand-edited file
            raise Invalid('its rounds do not end as its status "%(status)s" says.', status=said)
        stored_rules = rules.to_dict(PAD_RULE_KEYS)
    else:
        rules = table_rules(_rule_options(item))
        player_book.check_names(names, maximum=rules.max_players)  # as its table was made
        if all(bot is not None for bot in bots):
            raise Invalid("At least one seat needs a person.")
        status = _status(item.get("status"))
        rounds, table = _table_rounds(item, names, status, rules)
        if table is not None:
            check_dealt_seats(table["start"]["players"], names, bots)
        finished = status != PLAYING
        stored_rules = rules.to_dict()
    if finished and finished_at is None:
        finished_at = created
    return ImportedGame(
        id=game_id,
        kind=kind,
        created_at=created,
        finished_at=finished_at if finished else None,
        finished=finished,
        status=status,
        rules=stored_rules,
        players=names,
        bots=bots,
        rounds=rounds,
        notes=notes,
        place=place,
        table=table,
    )


def _status(value: object) -> str:
    """A game's status as the file gives it: one of `STATUSES`."""
    if value not in STATUSES:
        raise Invalid("its status must be one of %(statuses)s.", statuses=", ".join(STATUSES))
    return str(value)


def _moment(value: object, what: str, optional: bool = False) -> datetime | None:
    if value is None and optional:
        return None
    try:
        if not isinstance(value, str) or len(value) > MOMENT_CHARS_MAX:
            raise ValueError
        moment = datetime.fromisoformat(value)
        if moment.tzinfo is not None:  # stored times are UTC without an offset
            moment = moment.astimezone(UTC).replace(tzinfo=None)
    except (ValueError, OverflowError) as error:  # overflow: an offset past year 1 or 9999
        raise Invalid(
            "its %(key)s must be a date and time like 2026-05-31T20:15:00.", key=what
        ) from error
    if moment > datetime.now(UTC).replace(tzinfo=None) + FUTURE_SLACK:
        raise Invalid("its %(key)s is in the future.", key=what)
    return moment


def _round_list(data: object) -> list[Any]:
    """A game's rounds: a list, of no more than a pad's game holds."""
    if not isinstance(data, list):
        raise Invalid("its rounds must be a list.")
    if len(data) > PAD_ROUNDS_MAX:
        raise Invalid(
            Nn_(
                "it has more rounds than a game holds (%(num)s round at most).",
                "it has more rounds than a game holds (%(num)s rounds at most).",
            ),
            num=PAD_ROUNDS_MAX,
        )
    return data


def _scored_rounds(data: object, seats: int, rules: Rules) -> list[ImportedRound]:
    """A game's rounds as listed (a pad game's, or a digital game's still in play, which has
    no record yet), scored again by the engine: a file whose sums are off is refused."""
    rounds: list[ImportedRound] = []
    for number, item in enumerate(_round_list(data), start=1):
        listed = item.get("number", number) if isinstance(item, dict) else None
        if not is_whole(listed) or listed != number:
            raise Invalid("round %(number)s is missing or out of order.", number=number)
        raw = item.get("raw")
        if isinstance(raw, list) and any(is_whole(v) and not is_score(v) for v in raw):
            raise Invalid(
                "round %(number)s holds a score too large: each lies within ±%(limit)s.",
                number=number,
                limit=SCORE_LIMIT,
            )
        if not isinstance(raw, list) or len(raw) != seats or not all(map(is_score, raw)):
            raise Invalid(
                "round %(number)s needs one whole-number score per player.", number=number
            )
        closer = item.get("closer")
        if not is_closer(closer, seats):
            raise Invalid(
                "round %(number)s's closer must be one of the players, or nobody.", number=number
            )
        result = scoring.score_round(raw, closer, rules)
        if item.get("final", list(result.final)) != list(result.final) or (
            item.get("doubled", result.doubled) is not result.doubled
        ):
            raise Invalid(
                "round %(number)s's scores do not add up under the game's rules.", number=number
            )
        grids = item.get("grids") or [None] * seats
        if not isinstance(grids, list) or len(grids) != seats:
            raise Invalid("round %(number)s needs one grid (or null) per player.", number=number)
        for seat, grid in enumerate(grids):
            if grid is not None:
                _check_grid(grid, raw[seat], number, seat, rules)
        if any(scoring.game_over(t, rules) for t in _running(rounds, seats)):
            raise Invalid("round %(number)s follows the end of the game.", number=number)
        rounds.append(ImportedRound(closer, result.doubled, list(raw), list(result.final), grids))
    return rounds


def _running(rounds: Sequence[ImportedRound], seats: int) -> list[tuple[int, ...]]:
    """The totals after the last round so far (empty when there is none)."""
    if not rounds:
        return []
    return [scoring.totals([r.final for r in rounds], seats)]


def _table_rounds(
    item: Mapping[str, Any], names: list[str], status: str, rules: Rules
) -> tuple[list[ImportedRound], dict[str, Any] | None]:
    """A digital game's rounds, replayed from its record (a game still in play has none)."""
    record = item.get("record")
    if status == PLAYING:
        return _scored_rounds(item.get("rounds"), len(names), rules), None
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise Invalid(
            "a digital game that is over needs its %(format)s record.", format=RECORD_FORMAT
        )
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise Invalid("its record has no list of moves.")
    if len(moves) > RECORD_MOVES_MAX:  # checked before any move is replayed
        raise Invalid(
            Nn_(
                "its record has more moves than any game can have (%(num)s move at most).",
                "its record has more moves than any game can have (%(num)s moves at most).",
            ),
            num=RECORD_MOVES_MAX,
        )
    try:
        position = position_from_json(record.get("position"))
        start = record["position"]
        if len(position.players) != len(names):  # its names may be older: a rename, a merge
            raise Invalid(
                "its record seats %(record)s players, the game %(game)s.",
                record=len(position.players),
                game=len(names),
            )
        if position.rules != rules:  # the game's own options are what its pages show
            raise Invalid("its record was played under other rules than the game's.")
        rounds: list[ImportedRound] = []
        for index, raw in enumerate(moves):
            try:
                played = outcome(position, move_from_json(raw))
            except (IllegalMove, NotationError) as error:
                raise Invalid(
                    "move %(number)s of its record is not legal: %(problem)s.",
                    number=index + 1,
                    problem=_why(error),
                ) from error
            ended = played.ended
            if ended is not None:
                result = ended.result
                grids = [[list(line) for line in grid] for grid in ended.grids]
                rounds.append(
                    ImportedRound(
                        result.closer, result.doubled, list(result.raw), list(result.final), grids
                    )
                )
            position = played.position
    except (NotationError, PositionError, ValueError) as error:
        if isinstance(error, ServiceError):
            raise
        problem = str(error).rstrip(".")  # the sentence ends with its own full stop
        raise Invalid("its record cannot be read: %(problem)s.", problem=problem) from error
    if item.get("rounds") and not _as_listed(item["rounds"], rounds):  # [] lists none
        raise Invalid("its rounds are not the ones its record plays.")
    if (status == FINISHED) != (position.phase is Phase.GAME_OVER):
        raise Invalid(
            'its record does not end the way its status "%(status)s" says.', status=status
        )
    seed = item.get("seed", 0)
    if not is_whole(seed) or not 0 <= seed <= SEED_MAX:
        raise Invalid("its deal number must be a whole number from 0 to %(max)s.", max=SEED_MAX)
    table = {
        "start": start,
        "moves": moves,
        "position": position_to_json(position),
        "seed": str(seed),
    }
    return rounds, table


def _as_listed(listed: object, rounds: list[ImportedRound]) -> bool:
    """Whether the rounds a file lists beside a record (the export writes both) are the
    ones the record's replay scored: closers, scores, doublings."""
    scored = [
        {"number": n, "closer": r.closer, "doubled": r.doubled, "raw": r.raw, "final": r.final}
        for n, r in enumerate(rounds, start=1)
    ]
    return (
        isinstance(listed, list)
        and len(listed) == len(scored)
        and all(
            isinstance(line, dict) and all(line.get(key, v) == v for key, v in want.items())
            for line, want in zip(listed, scored, strict=True)
        )
    )


def _check_grid(grid: object, raw: int, number: int, seat: int, rules: Rules) -> None:
    """A round's grid of cards: well formed, and adding up to the seat's raw score."""
    try:
        cards = scoring.score_grid(scoring.parse_grid(grid), rules.row_clear).raw
    except (scoring.GridError, TypeError, ValueError) as error:
        raise Invalid(
            "round %(number)s has a grid that is not %(rows)s rows of %(columns)s.",
            number=number,
            rows=ROWS,
            columns=COLUMNS,
        ) from error
    if cards != raw:
        raise Invalid(
            "round %(number)s: the cards of player %(seat)s add up to %(cards)s, not %(raw)s.",
            number=number,
            seat=seat + 1,
            cards=cards,
            raw=raw,
        )


def _why(error: IllegalMove | NotationError) -> Sentence | str:
    """An engine's refusal as a sentence for the reader (a record's notation error stays
    as the engine words it: it names JSON keys)."""
    return refused(error) if isinstance(error, IllegalMove) else str(error)
