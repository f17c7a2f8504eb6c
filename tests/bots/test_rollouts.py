"""The C rollouts (`rollouts.py`, `_rollout.c`) against the Python they mirror: the same
policy move at every step, the same round played out, unbiased luck-adjusted worths."""

from __future__ import annotations

import random
import statistics
from array import array

import pytest
from test_ev import RIVAL, table
from test_expert import PAIR

from skyjo_pad.bots import CounterBot, HardBot, _rollout, ev, playout
from skyjo_pad.bots.rollouts import (
    PLAYOUT,
    RIVALS,
    SELF,
    Rollouts,
    policy_code,
    rules_of,
    state_of,
)
from skyjo_pad.bots.worlds import table_of
from skyjo_pad.engine import Rules, Swap, apply, view
from skyjo_pad.engine.compact import (
    DISCARD,
    FINAL,
    REVEAL,
    SWAP,
    TURN,
    CompactTable,
    legal_codes,
    new_table,
    step,
)

#: Rule options that change how a round plays or scores, beside the official ones.
VARIANTS = (
    Rules(),
    Rules(row_clear=True),
    Rules(tie_doubles=False, multiplier=3),
    Rules(double_only_positive=False),
    Rules(multiplier=1, target=40),
)


def mid_round(seed: int, players: int, rules: Rules, turns: int) -> CompactTable:
    """A table `turns` policy steps into its first round (opening reveals at random)."""
    t = new_table(tuple(f"P{seat}" for seat in range(players)), rules, seed)
    rng = random.Random(seed)
    while t.phase == REVEAL:
        step(t, rng.choice(list(legal_codes(t))))
    for _ in range(turns):
        if t.phase not in (TURN, FINAL):
            break
        step(t, playout.policy_code(t))
    return t


def test_the_c_policy_plays_the_python_policy_s_move_at_every_step() -> None:
    # The Python policy weighs the seat's view (its hidden cards placeholders), the C twin
    # the whole world: the same move, so the twin reads no face-down card either.
    steps = 0
    for game in range(24):
        t = mid_round(game, 2 + game % 5, VARIANTS[game % len(VARIANTS)], 0)
        while t.phase in (TURN, FINAL):
            expected = playout.policy_code(seen_table(t))
            assert policy_code(t) == expected, (game, t.turns)
            step(t, expected)
            steps += 1
    assert steps > 2000


def seen_table(t: CompactTable) -> CompactTable:
    """What the seat to move on `t` sees, as a table (hidden cards placeholders)."""
    return table_of(view(t.to_position(), t.current))


def test_a_round_played_out_in_c_ends_as_in_python() -> None:
    compared = 0
    for game in range(60):
        rules = VARIANTS[game % len(VARIANTS)]
        t = mid_round(game, 2 + game % 5, rules, game % 30)
        if t.phase not in (TURN, FINAL):
            continue
        twin = t.copy()
        state = state_of(t, hidden_draw=False)
        totals, closer, turns, cells = _rollout.play_out(
            state, rules_of(rules), PLAYOUT.settings(), 1
        )
        seed = twin.seed
        while twin.phase in (TURN, FINAL):  # each seat deciding from its view
            step(twin, playout.policy_code(seen_table(twin)))
        if twin.seed != seed:
            continue  # the draw pile ran out: the two reshuffle with different randomness
        assert (totals, closer, turns, cells) == (twin.totals, twin.closer, twin.turns, twin.cells)
        compared += 1
    assert compared > 40


def clear_or_throw(streams: bool = True) -> Rollouts:
    """Rollouts of the position where a held 9 completes a column of 9s."""
    seen = view(table([PAIR, RIVAL], [10], held={"value": 9, "from": "draw"}), 0)
    return Rollouts(seen, 3, streams=streams)


def test_worlds_are_the_same_for_every_move_and_every_call() -> None:
    whole, split = clear_or_throw(), clear_or_throw()
    whole.play([SWAP + 8, DISCARD], 40)
    split.play([SWAP + 8, DISCARD], 10)
    split.play([SWAP + 8, DISCARD], 30)
    assert whole.outcomes == split.outcomes
    alone = clear_or_throw()
    alone.play([DISCARD], 40)
    assert alone.outcomes[DISCARD] == whole.outcomes[DISCARD]


def test_the_luck_taken_out_moves_no_mean_and_takes_out_noise() -> None:
    rollouts = clear_or_throw()
    codes = [SWAP + 8, SWAP + 1, DISCARD]
    rollouts.play(codes, 1500)
    raw = [[outcome[1] - outcome[0] for outcome in outcomes(rollouts, code)] for code in codes]
    adjusted = rollouts.worths(codes)
    for before, after in zip(raw, adjusted, strict=True):
        error = statistics.stdev(before) / len(before) ** 0.5
        assert statistics.mean(after) == pytest.approx(statistics.mean(before), abs=3 * error)
        assert statistics.stdev(after) < 0.9 * statistics.stdev(before)
    # The column clear is worth more than throwing the 9 away, world by world (less than
    # its 27 points: this early in the round the pair would likely complete later).
    gains = [a - b for a, b in zip(adjusted[0], adjusted[2], strict=True)]
    assert 2 < statistics.mean(gains) < 10


def outcomes(rollouts: Rollouts, code: int) -> list[tuple[float, ...]]:
    """The raw numbers the C core reported for `code`, one tuple a world."""
    numbers = array("d")
    numbers.frombytes(bytes(rollouts.outcomes[code]))
    return [tuple(numbers[k : k + 11]) for k in range(0, len(numbers), 11)]


def test_the_luck_of_the_cards_averages_to_nothing() -> None:
    rollouts = clear_or_throw()
    rollouts.play([DISCARD], 4000)
    rows = outcomes(rollouts, DISCARD)
    for column in range(3, 11):
        luck = [row[column] for row in rows]
        error = statistics.stdev(luck) / len(luck) ** 0.5
        assert abs(statistics.mean(luck)) < 4 * error + 1e-9, column


def test_bad_input_is_refused_with_a_value_error() -> None:
    t = mid_round(1, 2, Rules(), 4)
    settings, rules = PLAYOUT.settings(), rules_of(t.rules)

    def refused(state: tuple[object, ...], unseen: list[int] | None = None) -> None:
        counts = unseen if unseen is not None else [0] * 15
        with pytest.raises((ValueError, TypeError)):
            _rollout.search(state, rules, settings, settings, counts, [DISCARD], 4, 0, 1, True)
        if unseen is None:
            with pytest.raises((ValueError, TypeError)):
                _rollout.policy(state, rules, settings)

    good = state_of(t)
    _rollout.policy(good, rules, settings)  # the good state is read
    refused(good[:3])  # too short
    refused((13, *good[1:]))  # thirteen seats
    refused(good, [1] * 14)  # fourteen unseen counts
    refused(good, [0] * 14 + [11])  # eleven 12s unseen
    cells = list(t.cells)
    cells[0] = 300  # beyond a byte
    refused((*good[:8], cells, *good[9:]))
    cells[0] = 60  # no card code
    refused((*good[:8], cells, *good[9:]))
    refused((*good[:9], 200, good[10]))  # more cards than a deck
    refused((good[0], 3, *good[2:]))  # the round is over


def test_the_c_policies_play_counter_s_and_hard_s_judgement() -> None:
    # In the round's turns, RIVALS is counter's judgement and SELF is hard's sums (hard
    # without its learned close, which judges one card from closing).
    counter, hard = CounterBot(1), HardBot(1, values_within=0)
    steps = 0
    for game in range(16):
        t = mid_round(game, 2 + game % 4, VARIANTS[game % len(VARIANTS)], 0)
        while t.phase == TURN:
            seen = view(t.to_position(), t.current)
            assert policy_code(t, RIVALS) == counter.judge(seen, seen_table(t)), game
            assert policy_code(t, SELF) == hard.judge(seen, seen_table(t)), game
            step(t, policy_code(t, RIVALS if t.current % 2 else SELF))
            steps += 1
    assert steps > 1000


def test_a_stream_a_seat_plays_the_same_game_with_less_noise_between_moves() -> None:
    codes = [SWAP + 8, SWAP + 1, DISCARD]
    shared, streams = clear_or_throw(streams=False), clear_or_throw()
    for rollouts in (shared, streams):
        rollouts.play(codes, 1000)
    for code in codes:  # the same game: the same outcome on average
        before = [row[1] - row[0] for row in outcomes(shared, code)]
        after = [row[1] - row[0] for row in outcomes(streams, code)]
        error = (statistics.variance(before) / 1000 + statistics.variance(after) / 1000) ** 0.5
        assert statistics.mean(after) == pytest.approx(statistics.mean(before), abs=4 * error)
    # Between two moves, on a 4-player table in its round's turns, the noise is less.
    spreads = {False: 0.0, True: 0.0}
    for game in range(4):
        t = mid_round(game, 4, Rules(), 24)
        seen = view(t.to_position(), t.current)
        codes = list(legal_codes(t))
        for streams in spreads:
            rollouts = Rollouts(seen, 5, streams=streams)
            rollouts.play(codes, 300)
            worths = rollouts.worths(codes)
            gaps = (a - b for a, b in zip(worths[0], worths[1], strict=True))
            spreads[streams] += statistics.stdev(gaps)
    assert spreads[True] < 0.9 * spreads[False]


def test_a_rollout_stopped_at_its_horizon_is_scored_by_the_sums() -> None:
    """With a horizon of one turn, the move is played and every grid scored by `ev`'s
    sums (`ev.grid_sums`) under the odds of the cards not yet shown: replacing a face-up
    7 with the held 9 shows nothing new, so every world scores the same, as Python does."""
    position = table([PAIR, RIVAL], [10], held={"value": 9, "from": "draw"})
    after = apply(position, Swap((1, 1)))  # the 9 in place of the 7, row 1, column 1
    seen = view(after, 0)
    sums = ev.grid_sums(table_of(seen), ev.odds_of(seen))
    stopped = Rollouts(view(position, 0), 3, horizon=1)
    stopped.play([SWAP + 5], 20)
    assert stopped.steps == 20  # the move itself, then nothing
    for row in outcomes(stopped, SWAP + 5):
        assert row[0] == pytest.approx(sums[0], abs=1e-9)
        assert row[1] == pytest.approx(sums[1], abs=1e-9)
        assert row[2] == -1  # the game goes on


def test_a_horizon_cuts_a_young_round_s_rollouts_and_their_noise() -> None:
    codes = [SWAP + 8, SWAP + 1, DISCARD]
    whole, cut = clear_or_throw(), clear_or_throw()
    cut.horizon = 8  # four turns of each of the two seats
    whole.play(codes, 400)
    cut.play(codes, 400)
    assert cut.steps < whole.steps / 2
    for full, short in zip(whole.worths(codes), cut.worths(codes), strict=True):
        assert statistics.stdev(short) < statistics.stdev(full)
    # The column clear still comes first, world by world.
    gains = [a - b for a, b in zip(*cut.worths([SWAP + 8, DISCARD]), strict=True)]
    assert statistics.mean(gains) > 2
