"""Bots never attempt an illegal move, over thousands of seeded games.

Every move goes through `ask`, which refuses one that is not among the legal moves; the
fast bots play thousands of games with 2 to 8 players and varied rules, hard a few at a
low work level.
"""

from __future__ import annotations

import random

import pytest
from bot_helpers import play

from skyjo_pad.bots import Bot, EasyBot, EvBot, HardBot, MediumBot, RandomBot, make_bot
from skyjo_pad.bots.policy import Belief, Style, act
from skyjo_pad.engine import Rules
from skyjo_pad.engine import play as play_
from skyjo_pad.engine.cards import COUNTS, DECK_SIZE
from skyjo_pad.engine.compact_table import FINAL, GAME_OVER, TURN

RULE_SETS: list[Rules] = [
    Rules(stall_turns=1000, target=1),
    Rules(stall_turns=1000, target=30),
    Rules(stall_turns=1000, target=1, row_clear=True, reveal_count=0),
    Rules(stall_turns=1000, target=1, reveal_count=4, next_starter="round_winner"),
    Rules(stall_turns=60, target=1, multiplier=3, double_only_positive=False),
    Rules(stall_turns=1000, target=1, reveal_count=12, max_players=12),
]


def seated(seed: int) -> tuple[list[Bot], Rules]:
    """A seeded table of easy and medium bots (2 to 8 seats) and its rules."""
    rng = random.Random(seed)
    count = rng.choice([2, 2, 3, 3, 4, 5, 8])
    bots: list[Bot] = [
        (EasyBot if rng.random() < 0.5 else MediumBot)(seed * 10 + seat) for seat in range(count)
    ]
    return bots, RULE_SETS[seed % len(RULE_SETS)]


@pytest.mark.parametrize("block", range(4))
def test_easy_and_medium_play_thousands_of_legal_games(block: int) -> None:
    """1,200 games, most of them one round long (target 1) to keep the suite quick."""
    for seed in range(block * 300, block * 300 + 300):
        bots, rules = seated(seed)
        result = play(bots, seed, rules)
        assert max(result.totals) >= rules.target


@pytest.mark.parametrize("block", range(2))
def test_ev_and_random_play_legal_games(block: int) -> None:
    """Every table mixes `ev` and `random` with the others, under every rule set."""
    for seed in range(block * 150, block * 150 + 150):
        bots, rules = seated(seed)
        bots[0] = EvBot(seed)
        bots[-1] = RandomBot(seed)
        result = play(bots, seed, rules)
        assert max(result.totals) >= rules.target


@pytest.mark.parametrize("seed", range(3))
def test_hard_plays_legal_games(seed: int) -> None:
    bots: list[Bot] = [HardBot(seed, worlds=2), MediumBot(seed), EasyBot(seed)]
    result = play(bots, seed, Rules(stall_turns=1000, target=40))
    assert max(result.totals) >= 40


def test_hard_at_its_default_level_plays_a_legal_round() -> None:
    bots = [make_bot("hard", 5), make_bot("medium", 6)]
    result = play(bots, 5, Rules(stall_turns=1000, target=1))
    assert len(result.round_scores) >= 1


def test_the_heuristic_picks_a_legal_step_in_odd_positions() -> None:
    """Random play reaches positions bots rarely make (removed lines, empty piles)."""
    belief = Belief(unseen_probabilities())
    style = Style()
    checked = 0
    for seed in range(150):
        rng = random.Random(seed)
        rules = RULE_SETS[seed % len(RULE_SETS)]
        t = play_.new_table(tuple(f"P{i}" for i in range(rng.randint(2, 6))), rules, seed)
        while t.phase != GAME_OVER:
            codes = play_.legal_codes(t)
            if t.phase in (TURN, FINAL):
                assert act(t, belief, style) in codes
                checked += 1
            play_.step(t, rng.choice(codes))
    assert checked > 10_000


def unseen_probabilities() -> list[tuple[int, float]]:
    """The chances of a card drawn from a full deck."""
    return [(value, count / DECK_SIZE) for value, count in COUNTS.items()]
