"""The playouts' short horizon: a lap of the others' turns, then a judge of the grids."""

from __future__ import annotations

from test_ev import RIVAL, table
from test_expert import PAIR

from skyjo_pad.bots.playout import expected_scores, play_laps, public_odds
from skyjo_pad.bots.worlds import table_of
from skyjo_pad.engine import Rules, view
from skyjo_pad.engine.compact import (
    DOWN,
    EMPTY,
    FINAL,
    NOBODY,
    SWAP,
    TURN,
    legal_codes,
    new_table,
    step,
)


def test_the_judge_never_reads_a_face_down_card() -> None:
    seen = view(table([PAIR, RIVAL], [10]), 0)
    low = table_of(seen, [-2] * 40)
    high = table_of(seen, [12] * 40)
    assert expected_scores(low) == expected_scores(high)
    assert public_odds(low).probs == public_odds(high).probs


def test_the_judge_counts_face_up_cards_and_pairs() -> None:
    t = table_of(view(table([PAIR, RIVAL], [10]), 0))
    two_nines = expected_scores(t)[0]
    t.cells[8] = 9  # the third 9 of the column: it clears
    assert expected_scores(t)[0] < two_nines - 3
    t.cells[8] = 12 + DOWN
    t.cells[0] = 12  # a 12 face up where a 9 was: more to pay, the pair lost
    assert expected_scores(t)[0] > two_nines


def test_a_lap_ends_when_the_seat_is_to_move_again() -> None:
    for seed in range(6):
        t = new_table(("A", "B", "C"), Rules(), seed)
        while t.phase != TURN:
            step(t, legal_codes(t)[0])
        me = t.current
        step(t, legal_codes(t)[-1])
        play_laps(t, me, 1)
        if t.phase == TURN:
            assert t.current == me and t.source == EMPTY and t.closer == NOBODY
        else:  # a round that ended in the lap was played out to its end
            assert t.phase != FINAL


def test_a_close_in_the_lap_is_played_to_the_end_of_the_round() -> None:
    last = [["5u", "6u", "4u", "3u"], ["2u", "5u", "1u", "0u"], ["9u", "11d", "12u", "-1u"]]
    seen = view(table([last, RIVAL], [10], held={"value": 1, "from": "draw"}), 0)
    t = table_of(seen, list(range(1, 13)) * 4)
    step(t, SWAP + 9)  # onto its last face-down card: seat 0 closes
    assert t.closer == 0 and t.phase == FINAL
    play_laps(t, 1, 1)  # seat 1's turn comes round at once, but it is its last: played
    assert t.phase not in (TURN, FINAL)  # and the round is scored
