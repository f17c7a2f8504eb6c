"""The skyjo-position/1 and skyjo-record/1 JSON notation, both ways (see docs/formats.md).

Reading checks the shape of the JSON (`NotationError`, naming where) and then the rules
of the game (`PositionError`, from `checks.check_position`). Writing gives plain JSON
data: dicts, lists, ints, strings, bools and None, ready for `json.dumps`.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Deal, Discard, Draw, Flip, Move, Reveal, Swap, TakeDiscard
from .checks import check_position
from .errors import NotationError
from .limits import COLUMNS, RECORD_MOVES_MAX, ROWS
from .rules import Rules
from .scoring import RoundResult
from .state import Card, CardGrid, Coord, Held, HeldFrom, Phase, Position
from .views import HIDDEN, Hidden, View, ViewCell

POSITION_FORMAT = "skyjo-position/1"
RECORD_FORMAT = "skyjo-record/1"
TOO_MANY_MOVES = f"a record holds at most {RECORD_MOVES_MAX:,} moves (no legal game has more)"

JSON = dict[str, Any]
"""A JSON object as Python data."""

_REQUIRED = ("players", "round", "totals", "phase", "current", "grids", "draw", "discard")
_OPTIONAL = ("format", "rules", "closer", "starter", "turns", "held", "seed")
_CELL = re.compile(r"(0|-?[1-9][0-9]?)([ud])")
"""A cell's value as the notation writes it: no leading zero, no "-0"."""
_CELLS: dict[str, Card | None] = {
    f"{value}{'u' if up else 'd'}": Card(value, up)
    for value in range(-2, 13)
    for up in (True, False)
}
"""Every cell a position may hold, read once (`_grid`'s quick way); "__" is an empty one."""
_CELLS["__"] = None
_TOKENS: dict[Card, str] = {card: token for token, card in _CELLS.items() if card is not None}
_VIEW_TOKENS: dict[ViewCell, str] = {card: token for card, token in _TOKENS.items()}
_VIEW_TOKENS.update({None: "__", HIDDEN: "?"})
_DEFAULT_RULES = Rules().to_dict()
_SIMPLE: dict[str, Move] = {
    "take_discard": TakeDiscard(),
    "draw": Draw(),
    "discard": Discard(),
}
MOVE_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "reveal": (("seat", "cell"), ()),
    "take_discard": ((), ()),
    "draw": ((), ()),
    "swap": (("cell",), ()),
    "discard": ((), ()),
    "flip": (("cell",), ()),
    "deal": ((), ("deck",)),
}
"""Each move's `action` name and the keys it takes besides: (required, optional)."""
ACTIONS: tuple[str, ...] = tuple(MOVE_KEYS)
"""Every move's `action` name, as `move_to_json` writes them and `move_from_json` reads."""


@dataclass(frozen=True, slots=True)
class Record:
    """A starting position and the moves played from it."""

    position: Position
    moves: tuple[Move, ...] = ()


# Positions ---------------------------------------------------------------------------


def position_to_json(position: Position) -> JSON:
    """The position as skyjo-position/1 data, secrets included.

    >>> from skyjo_pad.engine.game import new_game
    >>> data = position_to_json(new_game(["Ann", "Bob"], seed=5))
    >>> data["format"], data["phase"], data["grids"][0][0]
    ('skyjo-position/1', 'reveal', ['8d', '-1d', '1d', '-1d'])
    """
    data = _common(position.rules, position.players, position.round, position.totals)
    data.update(_state(position.phase, position.current, position.closer))
    if position.starter is not None:
        data["starter"] = position.starter
    if position.turns:
        data["turns"] = position.turns
    data["grids"] = [[[_cell(c) for c in row] for row in grid] for grid in position.grids]
    data["draw"] = list(position.draw)
    data["discard"] = list(position.discard)
    data["held"] = _held(position.held)
    if position.seed is not None:
        data["seed"] = position.seed
    return data


def position_from_json(data: object) -> Position:
    """Read and check skyjo-position/1 data; errors name what is wrong and where."""
    obj = _object(data, "the position")
    if "viewer" in obj or "draw_count" in obj:
        raise NotationError("this is a player's view, not a position: it hides cards")
    fmt = obj.get("format", POSITION_FORMAT)
    if fmt != POSITION_FORMAT:
        raise NotationError(
            f"the position's format must be {shown(POSITION_FORMAT)}, not {shown(fmt)}"
        )
    _keys(obj, _REQUIRED, _OPTIONAL, "the position")
    position = Position(
        rules=Rules.from_dict(_object(obj.get("rules", {}), "rules")),
        players=_names(obj["players"]),
        round=_whole(obj["round"], "round"),
        totals=tuple(
            _whole(t, f"totals[{i}]") for i, t in enumerate(_list(obj["totals"], "totals"))
        ),
        phase=_phase(obj["phase"]),
        current=_seat(obj["current"], "current"),
        closer=_seat(obj.get("closer"), "closer"),
        grids=tuple(_grid(g, f"grids[{i}]") for i, g in enumerate(_list(obj["grids"], "grids"))),
        draw=_numbers(obj["draw"], "draw"),
        discard=_numbers(obj["discard"], "discard"),
        held=_held_from(obj.get("held")),
        seed=None if obj.get("seed") is None else _whole(obj["seed"], "seed"),
        starter=_seat(obj.get("starter"), "starter"),
        turns=_whole(obj.get("turns", 0), "turns"),
    )
    check_position(position)
    return position


def view_to_json(view: View) -> JSON:
    """A view as JSON: a position with `?` cells, `draw_count`, no seed, and `viewer`."""
    data: JSON = {"format": POSITION_FORMAT, "viewer": view.viewer}
    data.update(_common(view.rules, view.players, view.round, view.totals))
    data.update(_state(view.phase, view.current, view.closer))
    if view.starter is not None:
        data["starter"] = view.starter
    if view.turns:
        data["turns"] = view.turns
    data["grids"] = [[[_view_cell(c) for c in row] for row in grid] for grid in view.grids]
    data["draw_count"] = view.draw_count
    data["discard"] = list(view.discard)
    data["held"] = _held(view.held)
    return data


# Moves and records -------------------------------------------------------------------


def move_to_json(move: Move) -> JSON:
    """One move as JSON.

    >>> move_to_json(Swap((1, 3)))
    {'action': 'swap', 'cell': [1, 3]}
    """
    if isinstance(move, Reveal):
        return {"action": "reveal", "seat": move.seat, "cell": list(move.cell)}
    if isinstance(move, Swap | Flip):
        return {"action": "swap" if isinstance(move, Swap) else "flip", "cell": list(move.cell)}
    if isinstance(move, Deal):
        return {"action": "deal"} if move.deck is None else {"action": "deal", "deck": [*move.deck]}
    name = {TakeDiscard: "take_discard", Draw: "draw", Discard: "discard"}[type(move)]
    return {"action": name}


def move_from_json(data: object) -> Move:
    """Read one move.

    >>> move_from_json({"action": "flip", "cell": [2, 0]})
    Flip(cell=(2, 0))
    """
    obj = _object(data, "a move")
    action = obj.get("action")
    if isinstance(action, str) and action in MOVE_KEYS:
        required, optional = MOVE_KEYS[action]
        _keys(obj, ("action", *required), optional, f"a {action} move")
    if isinstance(action, str) and action in _SIMPLE:
        return _SIMPLE[action]
    if action == "reveal":
        return Reveal(_whole(obj["seat"], "seat"), _coord(obj["cell"]))
    if action in ("swap", "flip"):
        return Swap(_coord(obj["cell"])) if action == "swap" else Flip(_coord(obj["cell"]))
    if action == "deal":
        if "deck" not in obj:
            return Deal()
        deck = _list(obj["deck"], "deck")
        return Deal(tuple(_whole(card, f"deck[{i}]") for i, card in enumerate(deck)))
    known = ", ".join(ACTIONS)
    raise NotationError(f"unknown action {shown(action)}: a move's action is one of {known}")


def record_to_json(record: Record) -> JSON:
    """A record as skyjo-record/1 data."""
    return {
        "format": RECORD_FORMAT,
        "position": position_to_json(record.position),
        "moves": [move_to_json(move) for move in record.moves],
    }


def record_from_json(data: object) -> Record:
    """Read a whole record; a bad move is reported with its index (from 0)."""
    position, raw_moves = split_record(data)
    moves: list[Move] = []
    for index, raw in enumerate(raw_moves):
        try:
            moves.append(move_from_json(raw))
        except NotationError as error:
            raise NotationError(f"move {index}: {error}") from error
    return Record(position, tuple(moves))


def split_record(data: object) -> tuple[Position, list[object]]:
    """Check a record's outer shape and read its position; the moves stay unread (a
    record of more moves than any legal game has, `RECORD_MOVES_MAX`, is refused).

    Other top-level keys (a "description", say) are the record's own business and left
    alone.
    """
    obj = _object(data, "the record")
    fmt = obj.get("format")
    if fmt != RECORD_FORMAT:
        raise NotationError(f"a record's format must be {shown(RECORD_FORMAT)}, not {shown(fmt)}")
    for key in ("position", "moves"):
        if key not in obj:
            raise NotationError(f"the record has no {key!r}")
    moves = _list(obj["moves"], "moves")
    if len(moves) > RECORD_MOVES_MAX:  # refused before a move is read or played
        raise NotationError(f"{TOO_MANY_MOVES}, not {len(moves):,}")
    return position_from_json(obj["position"]), moves


def too_many_moves(text: str) -> bool:
    """A quick look at a record's JSON text before it is parsed: more `"action"` keys than
    any legal game has moves (a key written with escapes is only caught once parsed).

    >>> too_many_moves('{"moves": [{"action": "draw"}]}')
    False
    """
    return text.count('"action"') > RECORD_MOVES_MAX


def round_to_json(number: int, result: RoundResult) -> JSON:
    """One finished round as replay reports it (and as the score pad stores it)."""
    return {
        "round": number,
        "closer": result.closer,
        "raw": list(result.raw),
        "final": list(result.final),
        "doubled": result.doubled,
    }


# Writing helpers ----------------------------------------------------------------------


def _common(rules: Rules, players: tuple[str, ...], number: int, totals: tuple[int, ...]) -> JSON:
    return {
        "format": POSITION_FORMAT,
        "rules": dict(_changed_rules(rules)),
        "players": list(players),
        "round": number,
        "totals": list(totals),
    }


@functools.lru_cache(maxsize=256)
def _changed_rules(rules: Rules) -> JSON:
    """The options of `rules` that differ from the official ones (worked out once per
    set of rules: every view written says them; callers copy it)."""
    return {k: v for k, v in rules.to_dict().items() if v != _DEFAULT_RULES[k]}


def _state(phase: Phase, current: int | None, closer: int | None) -> JSON:
    return {"phase": phase.value, "current": current, "closer": closer}


def _cell(card: Card | None) -> str:
    if card is None:
        return "__"
    token = _TOKENS.get(card)
    return token if token is not None else f"{card.value}{'u' if card.face_up else 'd'}"


def _view_cell(cell: ViewCell) -> str:
    token = _VIEW_TOKENS.get(cell)  # every usual cell: one look-up
    if token is not None:
        return token
    return "?" if isinstance(cell, Hidden) else _cell(cell)


def _held(held: Held | None) -> JSON | None:
    return None if held is None else {"value": held.value, "from": held.source.value}


# Reading helpers ----------------------------------------------------------------------


def _object(data: object, what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise NotationError(f"{what} must be a JSON object")
    return data


def _list(data: object, what: str) -> list[object]:
    if not isinstance(data, list):
        raise NotationError(f"{what} must be a list")
    return data


def _keys(
    obj: Mapping[str, Any], required: tuple[str, ...], optional: tuple[str, ...], what: str
) -> None:
    for key in required:
        if key not in obj:
            raise NotationError(f"{what} has no {key!r}")
    for key in obj:
        if key not in required and key not in optional:
            raise NotationError(f"{what} has an unknown key {key!r}")


def shown(value: object, width: int = 40) -> str:
    """A value as the JSON it was read from (`true`, `null`, `"5x"`), cut short if long."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def _whole(value: object, what: str) -> int:
    if type(value) is not int:
        raise NotationError(f"{what} must be a whole number, not {shown(value)}")
    return value


def _names(value: object) -> tuple[str, ...]:
    names = _list(value, "players")
    for seat, name in enumerate(names):
        if not isinstance(name, str):
            raise NotationError(f"players[{seat}] must be a name (a string), not {shown(name)}")
    return tuple(str(name) for name in names)


def _seat(value: object, what: str) -> int | None:
    return None if value is None else _whole(value, what)


def _phase(value: object) -> Phase:
    for phase in Phase:
        if phase.value == value:
            return phase
    names = ", ".join(phase.value for phase in Phase)
    raise NotationError(f"phase must be one of {names}, not {shown(value)}")


def _numbers(value: object, what: str) -> tuple[int, ...]:
    numbers = _list(value, what)
    if all(type(card) is int for card in numbers):  # the usual case, checked at once
        return tuple(numbers)  # type: ignore[arg-type]
    return tuple(_whole(card, f"{what}[{i}]") for i, card in enumerate(_list(value, what)))


def _grid(value: object, where: str) -> CardGrid:
    rows = _list(value, where)
    if len(rows) != ROWS:
        raise NotationError(f"{where} must have {ROWS} rows, not {len(rows)}")
    grid: list[tuple[Card | None, ...]] = []
    for r, row in enumerate(rows):
        cells = _list(row, f"{where}[{r}]")
        if len(cells) != COLUMNS:
            raise NotationError(f"{where}[{r}] must have {COLUMNS} cells, not {len(cells)}")
        known = [_CELLS.get(cell, False) if type(cell) is str else False for cell in cells]
        if False not in known:  # every cell a usual one: no need to say where
            grid.append(tuple(known))  # type: ignore[arg-type]
            continue
        grid.append(tuple(_card(cell, f"{where}[{r}][{c}]") for c, cell in enumerate(cells)))
    return tuple(grid)


def _card(token: object, where: str) -> Card | None:
    if token == "__":
        return None
    if token == "?":
        raise NotationError(f"{where} is '?': a position gives every card ('?' is for views)")
    match = _CELL.fullmatch(token) if isinstance(token, str) else None
    if match is None:
        raise NotationError(
            f'{where} is {shown(token)}: a cell is a value and u or d (like "5u" or "-2d"), or "__"'
        )
    value = int(match.group(1))
    if not -2 <= value <= 12:
        raise NotationError(f"{where} is {shown(token)}, but cards go from -2 to 12")
    return Card(value, match.group(2) == "u")


def _held_from(value: object) -> Held | None:
    if value is None:
        return None
    obj = _object(value, "held")
    _keys(obj, ("value", "from"), (), "held")
    for source in HeldFrom:
        if source.value == obj["from"]:
            card = obj["value"]
            return Held(None if card is None else _whole(card, "held value"), source)
    raise NotationError(f'held "from" must be draw, discard or flip, not {shown(obj["from"])}')


def _coord(value: object) -> Coord:
    cell = _list(value, "cell")
    if len(cell) != 2:
        raise NotationError(f"cell must be [row, column], not {shown(value)}")
    return _whole(cell[0], "the cell's row"), _whole(cell[1], "the cell's column")
