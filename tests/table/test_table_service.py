"""The table service: moves through the engine's check, versions, bots, rounds, the record."""

from __future__ import annotations

import json
from typing import Any

import pytest
from databases import Databases
from flask import Flask
from table_service_helpers import first_move, play_round, solo, tables

from skyjo_pad import create_app
from skyjo_pad.engine import position_to_json
from skyjo_pad.extensions import db
from skyjo_pad.models import Game, Round, TableState
from skyjo_pad.replay import replay_record
from skyjo_pad.services import online, online_seats, pad, table_store
from skyjo_pad.services.errors import Conflict, Invalid, Malformed, NotFound


def stored(game_id: str) -> dict[str, Any]:
    """What the store holds for a table, to compare before and after a refused request."""
    db.session.expire_all()
    state = db.session.get(TableState, game_id)
    game = db.session.get(Game, game_id)
    assert state is not None and game is not None
    return {
        "position": state.position,
        "moves": list(state.moves),
        "log": list(state.log),
        "version": game.version,
        "rounds": len(game.rounds),
    }


def test_a_new_table_is_dealt_and_shown_from_a_view(ctx: Flask) -> None:
    """Round 1 in the reveal phase; the screen is a seat's view, with no secret in it."""
    game_id = solo()
    screen = tables.screen(game_id)
    assert screen["view"]["phase"] == "reveal"
    assert screen["you"] == 0 and screen["actor"] == 0
    assert screen["info"]["now"] == "Ann: turn up 2 cards"
    text = json.dumps(screen)
    assert '"draw":' not in text and '"seed"' not in text
    assert all(cell == "?" for grid in screen["view"]["grids"] for row in grid for cell in row)
    assert {m["action"] for m in screen["moves"]} == {"reveal"}
    game = db.session.get(Game, game_id)
    assert game is not None and game.kind == "table"
    assert [seat.player.name for seat in game.seats] == ["Ann", "Easy bot", "Medium bot"]


@pytest.mark.parametrize(
    "move, reason",
    [
        ({"action": "draw"}, "Everyone must first turn up 2 cards."),
        ({"action": "swap", "cell": [0, 0]}, "Everyone must first turn up 2 cards."),
        ({"action": "reveal", "seat": 0, "cell": [5, 0]}, "There is no cell [5, 0]"),
        ({"action": "deal"}, "A new round is dealt only once the round is over."),
    ],
)
def test_an_illegal_move_is_refused_and_nothing_changes(
    ctx: Flask, move: dict[str, Any], reason: str
) -> None:
    """The engine's reason comes back; the position, record, log and version stay."""
    game_id = solo()
    before = stored(game_id)
    with pytest.raises(Invalid) as refused:
        tables.play(game_id, move, before["version"])
    assert refused.value.message.startswith(reason)
    assert stored(game_id) == before


def test_a_stale_or_missing_version_is_refused(ctx: Flask) -> None:
    """A move made on an older table is refused, and so is one that names no version."""
    game_id = solo()
    screen = tables.screen(game_id)
    reveal = screen["moves"][0]
    tables.play(game_id, reveal, screen["version"])
    before = stored(game_id)
    with pytest.raises(Conflict):
        tables.play(game_id, screen["moves"][1], screen["version"])
    with pytest.raises(Malformed):
        tables.play(game_id, screen["moves"][1], None)
    with pytest.raises(Conflict):
        tables.advance(game_id, screen["version"])
    assert stored(game_id) == before


def test_unreadable_moves_and_stacked_decks_are_refused(ctx: Flask) -> None:
    """A move that is not skyjo JSON, or a deal from a deck of the client's choosing."""
    game_id = solo()
    version = stored(game_id)["version"]
    for bad in ("draw", {"action": "jump"}, {"action": "swap", "cell": "a1"}, None):
        with pytest.raises(Malformed):
            tables.play(game_id, bad, version)
    with pytest.raises(Invalid, match="own shuffle"):
        tables.play(game_id, {"action": "deal", "deck": [0] * 150}, version)


def test_a_person_cannot_move_for_a_computer_player(ctx: Flask) -> None:
    """Reveals for a bot's seat are refused: the computer plays its own seat."""
    game_id = solo()
    version = stored(game_id)["version"]
    with pytest.raises(Invalid, match="the computer plays it"):
        tables.play(game_id, {"action": "reveal", "seat": 1, "cell": [0, 0]}, version)


def test_bots_advance_one_step_or_all_until_a_person_acts(ctx: Flask) -> None:
    """One step per request, or every step up to the person's next move ("skip ahead")."""
    game_id = solo()
    screen = tables.screen(game_id)
    for _ in range(2):
        screen = tables.play(game_id, screen["moves"][0], screen["version"])
    assert screen["actor"] == 1 and screen["info"]["now"] == "Easy bot turns up cards…"
    assert screen["moves"] == []
    one = tables.advance(game_id, screen["version"])
    assert len(stored(game_id)["moves"]) == 3
    assert one["info"]["then"].startswith("Easy bot turned up")
    everything = tables.advance(game_id, one["version"], all_steps=True)
    assert everything["bots"][everything["actor"]] is None  # Ann's turn now
    assert "starts:" in " ".join(everything["log"])
    # Nothing to do for the computer: asking again changes nothing.
    before = stored(game_id)
    assert tables.advance(game_id, everything["version"])["version"] == before["version"]
    assert stored(game_id) == before


def test_a_drawn_card_stays_secret_from_the_other_seats(ctx: Flask) -> None:
    """While a bot holds a drawn card, the person's screen shows that a card is held, not which."""
    game_id = solo(seed=5)
    screen = tables.screen(game_id)
    while screen["view"]["phase"] == "reveal" or screen["actor"] == 0:
        if screen["actor"] == 0:
            screen = tables.play(game_id, first_move(screen), screen["version"])
        else:
            screen = tables.advance(game_id, screen["version"])
    for _ in range(40):  # step the bots until one holds a drawn card
        held = screen["view"]["held"]
        if held is not None and held["from"] == "draw" and screen["actor"] != 0:
            break
        if screen["actor"] == 0:
            screen = tables.play(game_id, first_move(screen), screen["version"])
        else:
            screen = tables.advance(game_id, screen["version"])
    assert screen["view"]["held"] == {"value": None, "from": "draw"}
    assert screen["you"] == 0
    assert screen["info"]["then"].endswith("drew a card.")


def test_a_finished_round_is_stored_like_a_pad_round(ctx: Flask) -> None:
    """Round rows with raw, final and the final grids; the pad's sheet adds them up the same."""
    game_id = solo()
    screen = play_round(game_id)
    summary = screen["summary"]
    assert summary["round"] == 1
    assert "?" not in json.dumps(screen["view"]["grids"])  # every card turned up
    rows = db.session.scalars(db.select(Round).where(Round.game_id == game_id)).all()
    assert len(rows) == 1
    row = rows[0]
    assert row.closer == summary["closer"] and row.doubled == summary["doubled"]
    assert [s.raw for s in row.scores] == summary["raw"]
    assert [s.final for s in row.scores] == summary["final"]
    for score, grid in zip(row.scores, screen["view"]["grids"], strict=True):
        cells = [None if c == "__" else int(c[:-1]) for line in grid for c in line]
        assert [c for line in (score.grid or []) for c in line] == cells
    sheet = pad.get_sheet(game_id)
    assert sheet.kind == "table" and list(sheet.totals) == screen["view"]["totals"]
    # The next round is dealt on request, by the table's own shuffle.
    dealt = tables.play(game_id, {"action": "deal"}, screen["version"])
    assert dealt["view"]["round"] == 2 and dealt["view"]["phase"] == "reveal"
    assert dealt["summary"] is None


def test_a_game_plays_to_the_end_and_its_record_replays(ctx: Flask) -> None:
    """The winner, the finished game in the history, a record that replays to the same end."""
    game_id = solo(seed=8, target=30)
    screen = play_round(game_id)
    while not screen["summary"]["game_over"]:
        screen = tables.play(game_id, {"action": "deal"}, screen["version"])
        screen = play_round(game_id)
    assert screen["status"] == "finished" and screen["summary"]["winners"]
    assert screen["info"]["now"].startswith("Game over: ")
    assert game_id in [s.id for s in pad.recent_games(finished=True)]
    with pytest.raises(Conflict, match="over"):
        tables.play(game_id, {"action": "deal"}, screen["version"])
    record = tables.record(game_id)
    report, status = replay_record(record)
    assert status == 0 and report["game_over"]
    state = db.session.get(TableState, game_id)
    assert state is not None and report["position"] == state.position
    assert report["totals"] == screen["view"]["totals"]
    assert [r["final"] for r in report["rounds"]] == [
        [s.final for s in r.scores] for r in pad_rounds(game_id)
    ]


def pad_rounds(game_id: str) -> list[Round]:
    """The stored rounds of a game, in order."""
    game = db.session.get(Game, game_id)
    assert game is not None
    return list(game.rounds)


def test_the_record_waits_for_the_end_and_abandoning_ends_it(ctx: Flask) -> None:
    """No record while playing (it shows every card); an abandoned table keeps its rounds."""
    game_id = solo()
    with pytest.raises(Conflict, match="every card"):
        tables.record(game_id)
    assert tables.setup(game_id).seed is None
    screen = play_round(game_id)
    tables.abandon(game_id)
    with pytest.raises(Conflict, match="abandoned"):
        tables.play(game_id, {"action": "deal"}, screen["version"])
    assert tables.screen(game_id)["status"] == "abandoned"
    assert len(tables.record(game_id)["moves"]) == len(stored(game_id)["moves"])
    assert tables.setup(game_id).seed == 3
    assert len(pad_rounds(game_id)) == 1
    game = db.session.get(Game, game_id)
    assert game is not None and game.finished


def test_a_hint_is_a_legal_move_in_words(ctx: Flask) -> None:
    """The hard bot's advice for the person to act; none for the computer's turn."""
    game_id = solo()
    screen = tables.screen(game_id)
    hint = tables.hint(game_id, screen["version"])
    assert hint["move"] in screen["moves"]
    assert hint["text"].startswith("Turn up the card in the ")
    for _ in range(2):
        screen = tables.play(game_id, screen["moves"][0], screen["version"])
    with pytest.raises(Conflict):
        tables.hint(game_id, screen["version"])


def test_the_replay_shows_spectator_views_step_by_step(ctx: Flask) -> None:
    """Every step from the deal to the last move, with nothing hidden revealed."""
    game_id = solo()
    screen = tables.screen(game_id)
    for _ in range(2):
        screen = tables.play(game_id, screen["moves"][0], screen["version"])
    step = tables.replay(game_id, 1)
    assert step["steps"] == 2 and step["view"]["viewer"] is None
    assert step["text"].startswith("Ann turned up")
    assert '"draw":' not in json.dumps(step)
    with pytest.raises(NotFound):
        tables.replay(game_id, 3)


@pytest.mark.parametrize(
    "seats, rules, seed, message",
    [
        ([("Ann", None)], {}, None, "A game needs 2 to 8 players: you have 1."),
        ([("Ann", None), ("Ann", "easy")], {}, None, "Ann is in the game twice"),
        ([("A", "easy"), ("B", "hard")], {}, None, "At least one seat needs a person."),
        ([("A", None), ("B", "clever")], {}, None, "There is no computer player 'clever'"),
        ([("A", None), ("B", None)], {"target": 0}, None, "The target must be"),
        ([("A", None), ("B", None)], {"reveal_count": 13}, None, "reveal_count must be"),
        ([("A", None), ("B", None)], {"max_players": 12.0}, None, "max_players must be 8 or"),
        ([("A", None), ("B", None)], {"max_players": True}, None, "max_players must be 8 or"),
        ([("A", None), ("B", None)], {"colour": "red"}, None, "Unknown rule option"),
        ([("A", None), ("B", None)], {}, -1, "The deal number is a whole number"),
    ],
)
def test_a_table_that_cannot_be_played_is_refused(
    ctx: Flask,
    seats: list[tuple[str, str | None]],
    rules: dict[str, Any],
    seed: int | None,
    message: str,
) -> None:
    """Each refusal says what to change; nothing is stored."""
    with pytest.raises(Invalid) as refused:
        tables.create([tables.SeatChoice(n, b) for n, b in seats], rules, seed)
    assert refused.value.message.startswith(message)
    assert db.session.scalars(db.select(Game)).all() == []


def test_a_person_and_a_computer_player_never_share_a_name(ctx: Flask) -> None:
    """A computer seated as Bea, a person of the address book, would have its games
    counted as hers; a person seated as "Easy bot", a computer player's own name, would
    mix the two records: both are refused, and so is a computer under another level's own
    name. What is not a person's record stays free."""
    pad.new_game(["Bea", "Cal"])  # Bea and Cal play the score pad: people
    solo()  # "Easy bot" and "Medium bot" have played: computer players
    before = len(db.session.scalars(db.select(Game)).all())
    with pytest.raises(Invalid) as refused:
        tables.create([tables.SeatChoice("Ann"), tables.SeatChoice("bea", "hard")])
    assert refused.value.message == (
        "bea is a person in the address book: give the computer player another name, "
        "or leave its name blank."
    )
    for name in ("Easy Bot", "medium bot 2", "Expert bot"):
        with pytest.raises(Invalid, match="is a computer player's name"):
            tables.create([tables.SeatChoice(name), tables.SeatChoice("Cal")])
    assert len(db.session.scalars(db.select(Game)).all()) == before
    assert tables.create([tables.SeatChoice("Bea"), tables.SeatChoice("Easy bot", "easy")])
    with pytest.raises(Invalid, match="Easy bot is the name of another level's computer"):
        tables.create([tables.SeatChoice("Bea"), tables.SeatChoice("Easy bot", "hard")])


def test_a_seat_handed_to_the_computer_or_back_names_nobody_wrongly(ctx: Flask) -> None:
    """Zoe's seat handed to the computer keeps her a person for her next table; a computer
    seat handed to a person (by name) leaves its name ("Expert bot") to the computer
    players."""
    table = online.create(
        [online.Invitee("Zoe"), online.Invitee("Cal"), online.Invitee("Expert bot", bot="expert")]
    )
    online_seats.give_seat(table.id, table.host_token, 0, "easy")
    online_seats.give_seat(table.id, table.host_token, 2, None, "Dee")
    assert (
        tables.create([tables.SeatChoice("Zoe"), tables.SeatChoice("Hard bot", "hard")]) is not None
    )
    assert tables.create([tables.SeatChoice("Cal"), tables.SeatChoice("Expert bot", "expert")])


def test_twelve_seats_need_the_extended_option(ctx: Flask) -> None:
    """Nine to twelve players play with max_players 12."""
    seats = [tables.SeatChoice(f"P{i}") for i in range(12)]
    with pytest.raises(Invalid, match=r"2 to 8 players: you have 12\. Up to 12 play with"):
        tables.create(seats)
    game_id = tables.create(seats, {"max_players": 12})
    assert len(tables.screen(game_id)["view"]["players"]) == 12


def test_the_same_deal_number_deals_the_same_cards(ctx: Flask) -> None:
    """Play this deal again: the same seats, rules and number give the same first deal."""
    one, two = solo(seed=99), solo(seed=99)
    first = [db.session.get(TableState, g) for g in (one, two)]
    assert first[0] is not None and first[1] is not None
    assert first[0].start == first[1].start


def test_a_table_survives_an_app_restart(databases: Databases) -> None:
    """A second app on the same database finds the table exactly as it was, and plays on."""
    config = {
        "TESTING": True,
        "SECRET_KEY": "test",
        "SQLALCHEMY_DATABASE_URI": databases.empty("restart"),
    }
    first = create_app(config)
    with first.app_context():
        game_id = solo()
        screen = tables.screen(game_id)
        for _ in range(2):
            screen = tables.play(game_id, screen["moves"][0], screen["version"])
        screen = tables.advance(game_id, screen["version"], all_steps=True)
        db.session.remove()
        db.engine.dispose()
    second = create_app(config)
    with second.app_context():
        again = tables.screen(game_id)
        assert again == screen
        played = tables.play(game_id, first_move(again), again["version"])
        assert played["version"] > again["version"]
        state = db.session.get(TableState, game_id)
        assert state is not None
        assert state.position == position_to_json(table_store.position_of(state))
        db.session.remove()
        db.engine.dispose()


def test_the_score_pad_cannot_change_a_table_games_rounds(ctx: Flask) -> None:
    """A table's rounds come from its cards: adding, correcting or taking one back is refused."""
    game_id = solo()
    play_round(game_id)
    entry = pad.RoundEntry(seats=(pad.SeatEntry(1), pad.SeatEntry(2), pad.SeatEntry(3)), closer=0)
    for change in (
        lambda: pad.add_round(game_id, entry),
        lambda: pad.replace_round(game_id, 1, entry),
        lambda: pad.remove_last_round(game_id, 1),
    ):
        with pytest.raises(Conflict, match="digital table"):
            change()
    assert len(pad_rounds(game_id)) == 1
