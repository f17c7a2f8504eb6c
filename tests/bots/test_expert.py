"""`expert` and `hard`: hard's judgement checked by whole-round rollouts in sampled worlds,
within a budget (`expert`'s in rollouts, `hard`'s in steps of play)."""

from __future__ import annotations

import math
import subprocess
import sys
import time
from dataclasses import replace

import pytest
from bot_helpers import play
from test_ev import RIVAL, table

from skyjo_pad.bots import ExpertBot, HardBot, SearchingHardBot, ev, expert, make_bot
from skyjo_pad.bots.expert import (
    EXPERT,
    HARD,
    Effort,
    Verdict,
    best_of,
    candidates,
    search,
    to_search,
    twin,
)
from skyjo_pad.bots.rollouts import Rollouts
from skyjo_pad.bots.worlds import table_of
from skyjo_pad.engine import Phase, Position, Rules, Swap, View, legal_moves, view
from skyjo_pad.engine.compact import DISCARD, SWAP
from skyjo_pad.simulate import Setup, run

SMALL = Rules(stall_turns=1000, target=30)
#: Two 9s face up in the first column over a face-down card.
PAIR = [["9u", "6d", "4d", "3d"], ["9u", "7u", "1d", "0d"], ["9d", "11d", "12d", "-1d"]]


def test_it_completes_an_obvious_column() -> None:
    position = table([PAIR, RIVAL], [10], held={"value": 9, "from": "draw"})
    bot = ExpertBot(1, budget=2000, seconds=None)
    assert bot.choose(view(position, 0), legal_moves(position, 0)) == Swap((2, 0))


def test_the_search_sees_what_a_column_clear_is_worth() -> None:
    position = table([PAIR, RIVAL], [10], held={"value": 9, "from": "draw"})
    seen = view(position, 0)
    away, clear = search(seen, [DISCARD, SWAP + 8], 1, Effort(rollouts=2400))
    # Clearing the column now is worth more than throwing the 9 away (and hoping for
    # another 9 later), measured world by world in the same worlds.
    assert away.worlds == clear.worlds == 1200
    assert clear.gain == pytest.approx(clear.value - away.value, abs=0.5)
    assert clear.gain - 2 * clear.error > 1.5
    assert 0 < clear.error < 1


def test_hard_s_choice_stays_unless_beaten_clearly() -> None:
    base = Verdict(1, 0.0, 8)
    noisy = Verdict(2, 2.0, 8, gain=2.0, error=3.0)
    sure = Verdict(3, 1.5, 8, gain=1.5, error=0.5)
    assert best_of([base, noisy]) is base
    assert best_of([base, noisy, sure]) is sure


def test_the_clearly_worse_are_dropped_and_the_rest_searched_further() -> None:
    searched = 0
    for number, (position, seat) in enumerate(searched_decisions(8)):
        seen = view(position, seat)
        codes = candidates(seen)
        verdicts = search(seen, codes, 1, Effort(rollouts=2000))
        worlds = [v.worlds for v in verdicts]
        # Every candidate is screened in the same worlds; what is left of the budget goes
        # to the first (hard's choice) and the ones still in doubt, never beyond it.
        assert min(worlds) == min(128, 2000 // len(codes))
        assert worlds[0] == max(worlds)
        assert sum(worlds) <= 2000
        searched += max(worlds) > min(worlds)
        if number < 3:  # in chunks between looks at a clock that never runs out: the same
            later = time.perf_counter() + 3600
            assert search(seen, codes, 1, Effort(rollouts=2000), later) == verdicts
    assert searched > 2


def searched_decisions(count: int) -> list[tuple[Position, int]]:
    """Positions from a game of four `hard` where the expert searches (two or more
    candidates), seat 0 to move."""
    found: list[tuple[Position, int]] = []

    def watch(position: Position, seat: int, move: object) -> None:
        if len(found) < count and seat == 0 and position.phase is Phase.TURN:
            seen = view(position, seat)
            owed = position.held is not None and position.held.source.value == "flip"
            if not owed and len(candidates(seen)) > 1:
                found.append((position, seat))

    play([HardBot(k) for k in range(4)], 8, SMALL, watch=watch)
    assert len(found) == count
    return found


def test_the_same_seed_and_view_give_the_same_move() -> None:
    for position, seat in searched_decisions(4):
        seen = view(position, seat)
        legal = legal_moves(position, seat)
        first = ExpertBot(5, budget=300, seconds=None).choose(seen, legal)
        assert ExpertBot(5, budget=300, seconds=None).choose(seen, legal) == first


def test_simulate_runs_it_with_the_lab_budget() -> None:
    setup = Setup(("expert", "hard"), Rules(stall_turns=1000, target=15), 1, 4, budget=2)
    data, tally = run(setup, workers=1)
    assert data["games"] == 1 and sum(tally.wins) == 1
    assert make_bot("expert", 1, budget=2).effort.rollouts == 2  # type: ignore[attr-defined]
    assert make_bot("expert", 1).seconds == 0.9  # type: ignore[attr-defined]


def test_a_decision_keeps_to_its_time_cap_under_load(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every candidate kept in doubt: the search runs until its cap.
    monkeypatch.setattr(expert, "DROP", math.inf)
    monkeypatch.setattr(expert, "HOPE", math.inf)
    position, seat = searched_decisions(1)[0]
    load = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        bot = ExpertBot(1, budget=100_000, seconds=0.25)
        legal = legal_moves(position, seat)
        for _ in range(3):
            start, worked = time.perf_counter(), time.thread_time()
            move = bot.choose(view(position, seat), legal)
            took, worked = time.perf_counter() - start, time.thread_time() - worked
            # It searched until its cap and stopped: its own work stays within twice the cap
            # (the clock on the wall also counts the time other work on a busy machine,
            # such as the rest of the suite beside this test, kept it waiting).
            assert took >= 0.25 and worked <= 0.5, (took, worked)
            assert took <= 2.0, took
            assert move in legal
    finally:
        for process in load:
            process.kill()
            process.wait()


def test_with_no_time_left_it_plays_hard_s_choice() -> None:
    position = table([PAIR, RIVAL], [10], held={"value": 9, "from": "draw"})
    seen = view(position, 0)
    verdicts = search(seen, [DISCARD, SWAP + 8], 1, Effort(rollouts=400), time.perf_counter())
    assert [v.worlds for v in verdicts] == [0, 0]
    assert best_of(verdicts).code == DISCARD


def rollouts_bought(seen: View, codes: list[int], effort: Effort) -> int:
    """The rollouts `effort.steps` buy for `codes` at search seed 1, priced as the search
    prices them: by the steps of its first `effort.probe` worlds (the same worlds)."""
    probe = Rollouts(seen, 1, expert.GAME_POINTS)
    probe.play(codes, effort.probe)
    return effort.steps * effort.probe * len(codes) // probe.steps


def test_hard_searches_with_the_same_steps_early_and_late_in_a_round() -> None:
    """A budget in steps of play: the rollouts' count follows from the first `probe`
    worlds, so a decision early in a round (long rollouts) gets fewer worlds than one near
    its end, and none gets more than its steps buy."""
    effort = replace(HARD, steps=6000, horizon=0)  # every rollout to the round's end
    bought = {}
    for position, seat in searched_decisions(23)[::7]:
        seen = view(position, seat)
        codes = candidates(seen, HARD.margin)
        if len(codes) < 2:
            continue
        budget = rollouts_bought(seen, codes, effort)
        worlds = [v.worlds for v in search(seen, codes, 1, effort)]
        assert min(worlds) >= effort.probe
        assert sum(worlds) <= max(budget, effort.probe * len(codes))
        bought[sum(table_of(seen).down)] = budget / len(codes)
    assert len(bought) >= 2
    early, late = max(bought), min(bought)  # the most face-down cards left, the fewest
    assert bought[early] < bought[late]


def test_hard_stops_searching_once_no_other_move_is_in_doubt() -> None:
    """After its first worlds a candidate clearly worse than the judgement's move is
    dropped, and with none left in doubt the search ends short of its budget."""
    effort = replace(HARD, horizon=0)  # every rollout to the round's end, as the probe's
    short = 0
    for position, seat in searched_decisions(23):
        seen = view(position, seat)
        codes = to_search(seen, candidates(seen, effort.margin)[0], effort)
        if len(codes) < 2:
            continue
        bought = rollouts_bought(seen, codes, effort)
        worlds = [v.worlds for v in search(seen, codes, 1, effort)]
        assert min(worlds) >= effort.probe and sum(worlds) <= max(bought, effort.probe * len(codes))
        # Ended after its first worlds (or one doubling of them) where they buy far more.
        short += sum(worlds) <= 2 * effort.screen * len(codes) < bought / 4
    assert short >= 5


@pytest.mark.parametrize(
    "effort", [HARD, replace(EXPERT, rollouts=64)], ids=["hard", "expert (fewer rollouts)"]
)
def test_rollouts_stop_early_only_in_a_young_round(
    monkeypatch: pytest.MonkeyPatch, effort: Effort
) -> None:
    """With `early` of its own cards face down or more, a rollout of `hard`'s or `expert`'s
    search stops after `horizon` laps of the table; later it plays to the round's end."""
    assert effort.horizon > 0 and effort.early <= 8
    horizons: dict[int, int] = {}  # the rollouts' horizon (turns) by own face-down cards

    class Noted(Rollouts):
        def __init__(self, seen: View, seed: int, points: float, horizon: int = 0) -> None:
            super().__init__(seen, seed, points, horizon=horizon)
            board = table_of(seen)
            assert board.n == 4
            horizons[board.down[board.current]] = horizon

    monkeypatch.setattr(expert, "Rollouts", Noted)
    for position, seat in searched_decisions(23):
        seen = view(position, seat)
        search(seen, candidates(seen, effort.margin)[:2], 1, effort)
    young = [down for down in horizons if down >= effort.early]
    assert young and len(horizons) > len(young)
    for down, horizon in horizons.items():
        assert horizon == (effort.horizon * 4 if down >= effort.early else 0)  # laps of 4 seats


def test_at_two_players_only_hard_s_rollouts_stop_at_the_horizon() -> None:
    """A young 2-player round: `hard`'s rollouts stop after 5 laps; `expert`'s play to the
    round's end, its search the same as with no horizon at all (the `expert` of sessions
    36 to 41, whose 2-player games are its own)."""
    position = table([PAIR, RIVAL], [10], held={"value": 9, "from": "draw"})
    seen = view(position, 0)
    assert table_of(seen).down[0] >= EXPERT.early  # young
    codes = [DISCARD, SWAP + 8, SWAP + 1]
    expert_effort = replace(EXPERT, rollouts=300)
    whole = replace(expert_effort, horizon=0, early=Effort().early)
    assert search(seen, codes, 3, expert_effort) == search(seen, codes, 3, whole)
    hard_effort = replace(HARD, steps=0, rollouts=300)
    cut = search(seen, codes, 3, hard_effort)
    assert cut != search(seen, codes, 3, replace(hard_effort, horizon=0))


def test_expert_searches_every_place_within_its_margin_with_hard_s_horizon() -> None:
    """`expert`: thousands of rollouts among every place within `MARGIN` points (twins
    too), a time cap at the table, a young round's rollouts cut as `hard`'s are."""
    bot = make_bot("expert", 3)
    assert isinstance(bot, ExpertBot) and bot.effort == EXPERT and bot.seconds == expert.SECONDS
    assert EXPERT.rollouts == expert.BUDGET and EXPERT.margin == expert.MARGIN
    assert not EXPERT.twins and (EXPERT.horizon, EXPERT.early) == (HARD.horizon, HARD.early)
    assert (EXPERT.horizon_seats, HARD.horizon_seats) == (3, 2)


def test_hard_is_its_judgement_checked_by_a_small_search_without_a_clock() -> None:
    bot = make_bot("hard", 3)
    assert isinstance(bot, SearchingHardBot) and bot.name == "hard"
    assert bot.effort == HARD and bot.seconds is None
    assert HARD.steps > 0 and HARD.margin < expert.MARGIN  # a budget in steps, fewer places
    # Where its judgement is clearly right the search keeps it: the column of 9s.
    position = table([PAIR, RIVAL], [10], held={"value": 9, "from": "draw"})
    assert bot.choose(view(position, 0), legal_moves(position, 0)) == Swap((2, 0))


#: Seat 0's grid early in a round: a 5 face up in each of the first two columns, the
#: other two columns wholly face down (cell k is row k // 4, column k % 4).
EARLY = RIVAL
CLASSES = [{SWAP + 0, SWAP + 5}, {SWAP + 4, SWAP + 8, SWAP + 1, SWAP + 9}]
CLASSES += [{SWAP + k for k in (2, 3, 6, 7, 10, 11)}, {DISCARD}]
"""The held card's places in `EARLY` that the rules cannot tell apart: replacing a 5 in a
column with two face-down cards; uncovering beside a face-up 5; uncovering in a column of
face-down cards; throwing it away."""


def test_places_the_rules_cannot_tell_apart_are_twins() -> None:
    seen = view(table([EARLY, PAIR], [10], held={"value": 3, "from": "draw"}), 0)
    board = table_of(seen)
    for kind in CLASSES:
        assert len({twin(board, code) for code in kind}) == 1
    assert len({twin(board, min(kind)) for kind in CLASSES}) == len(CLASSES)


def test_hard_searches_one_place_of_each_kind_its_judgement_first() -> None:
    position = table([EARLY, PAIR], [10], held={"value": 3, "from": "draw"})
    seen = view(position, 0)
    wide = replace(HARD, margin=99.0)
    codes = to_search(seen, SWAP + 7, wide)
    assert codes[0] == SWAP + 7 and len(codes) == len(CLASSES)
    assert [sum(code in kind for code in codes) for kind in CLASSES] == [1, 1, 1, 1]
    # `expert` searches every place; so does `hard` when rows clear too (they tell apart).
    assert len(to_search(seen, SWAP + 7, replace(wide, twins=False))) == 13
    rows = view(
        table([EARLY, PAIR], [10], held={"value": 3, "from": "draw"}, rules={"row_clear": True}), 0
    )
    assert len(to_search(rows, SWAP + 7, wide)) == 13


def test_twins_are_worth_the_same_by_the_sums() -> None:
    seen = view(table([EARLY, PAIR], [10], held={"value": 3, "from": "draw"}), 0)
    board = table_of(seen)
    odds = ev.odds_of(seen)
    scores = {code: score for score, code in ev.options(board, odds, 2.0)}
    for kind in CLASSES:
        assert len({round(scores[code], 9) for code in kind}) == 1
    assert len({round(scores[min(kind)], 9) for kind in CLASSES}) > 1


def test_a_search_ends_once_the_one_candidate_left_has_clearly_won() -> None:
    """With `settle`, a search with one candidate left beside the judgement's move that
    beats it by more than `STAY` points plus `settle` standard errors ends there: the same
    choice as playing on to the budget, in fewer worlds."""
    position = table([PAIR, RIVAL], [10], held={"value": 9, "from": "draw"})
    seen = view(position, 0)
    codes = [DISCARD, SWAP + 8]  # throwing the 9 away first, clearing the column second
    effort = Effort(rollouts=2400, settle=3.0)
    played_on = search(seen, codes, 1, replace(effort, settle=0.0))
    settled = search(seen, codes, 1, effort)
    assert [v.worlds for v in played_on] == [1200, 1200]
    worlds = [v.worlds for v in settled]
    assert worlds[0] == worlds[1] < 1200
    chosen = best_of(settled)
    assert chosen.code == best_of(played_on).code == SWAP + 8
    assert chosen.gain - 3 * chosen.error > expert.STAY
    # Without a clear winner it plays on as before: the same worlds, the same verdicts.
    close = search(seen, [SWAP + 1, SWAP + 2], 1, effort)
    assert close == search(seen, [SWAP + 1, SWAP + 2], 1, replace(effort, settle=0.0))
