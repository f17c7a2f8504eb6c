"""The lab's archive of games (benchmarks/results/lab, docs/bots.md "The lab's archive"):
every line well formed, one result a game, and the games of `hard` and of its judgement alone
replay as archived (so a later session can pair new games with them, and add games to a
line-up with `--first`)."""

from __future__ import annotations

import functools
import importlib.util
import json
import pickle
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from test_ev import RIVAL, table
from test_expert import PAIR

from skyjo_pad.bots.expert import EXPERT, HARD, Effort
from skyjo_pad.engine import view
from skyjo_pad.engine.compact import DISCARD, SWAP

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
ARCHIVE = BENCHMARKS / "results" / "lab"
FILES = sorted(ARCHIVE.glob("*.jsonl"))
SEED = 7
"""The lab's deals: the archived games are dealt from this run seed, but for a check on
the ladder's deals (`LADDER_SEED`, `simulate --seed 1`'s)."""
LADDER_SEED = 1
EARLIER = "bot=searching-hard,steps=20000,screen=128,probe=16,horizon=0"
"""The search of sessions 39 and 40: 20,000 steps, every candidate played in 16 worlds then
up to 128 before any is dropped, every rollout to the round's end."""
VARIANTS = {
    "expert": "budget=6000,horizon=5,early=8",
    "expert-horizon-2": "budget=6000,horizon=5,early=8,horizon_seats=2",
    "expert-6000": "budget=6000",
    "searching-hard": "bot=searching-hard",
    "searching-hard-twins": EARLIER,
    "searching-hard-sure1": EARLIER + ",twins=0",
    "searching-hard-sure2": EARLIER + ",sure=2,twins=0",
    "hard": "bot=hard",
}
"""Each file's player (the first part of its name) and the lab's variant that plays it:
today's `expert`; session 42's (its horizon at 2 players too); the `expert` of sessions 36
to 41 (6,000 rollouts, each to the round's end: today's at 2 players); today's `hard`;
session 40's (one of each set of twins, one standard error); session 40's first try (every
twin searched); the `hard` of session 39 (two standard errors); and its judgement alone
(the `hard` of sessions 1 to 38)."""


@functools.cache
def script(name: str) -> ModuleType:
    """A benchmark script, imported by its path (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_archive_holds_the_goal_line_ups() -> None:
    names = {path.name for path in FILES}
    for who in ("expert-6000", "searching-hard-sure2", "hard"):
        for against in ("counter-counter-counter", "counter", "counter-clearer-racer"):
            assert f"{who}_{against}_seed{SEED}.jsonl" in names


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_each_line_is_one_game_of_its_line_up(path: Path) -> None:
    who, against, seed = path.stem.split("_")
    rows = lines(path)
    assert rows and seed in (f"seed{SEED}", f"seed{LADDER_SEED}")
    games = [row["game"] for row in rows]
    assert len(games) == len(set(games))  # one line a game (in any order)
    for row in rows:
        assert set(row) == {"variant", "against", "game", "win", "mine", "others"}
        assert row["against"] == against.replace("-", ",")
        assert row["variant"] == VARIANTS[who]
        assert 0 <= row["win"] <= 1 and row["mine"] >= -24 and row["others"] >= -24


REPLAYED = [p for p in FILES if p.name.startswith("hard_")] + [
    ARCHIVE / f"searching-hard_counter-counter-counter_seed{SEED}.jsonl"  # 5 s of CPU
]


@pytest.mark.parametrize("path", REPLAYED, ids=lambda p: p.stem)
def test_hards_first_game_replays_as_archived(path: Path) -> None:
    lab = script("expert_lab")
    archived = lines(path)[0]
    again = lab.game_line(archived["variant"], archived["against"], SEED, archived["game"])
    assert again == archived


def test_a_file_is_summed_up_and_two_are_paired(tmp_path: Path) -> None:
    pair = script("lab_pair")
    rows = [
        {"variant": "v", "against": "counter", "game": g, "win": w, "mine": m, "others": 10.0}
        for g, w, m in ((0, 1.0, 8.0), (1, 0.0, 12.0), (3, 0.5, 10.0))
    ]
    base = tmp_path / "base.jsonl"
    base.write_text("".join(json.dumps(row) + "\n" for row in rows))
    summed = pair.summary(pair.load(str(base)))
    assert summed.startswith("3 games (numbers 0 to 3, 1 missing): wins 50.0% (")
    assert summed.endswith("round score 10.00 against the others' 10.00")
    better = [row | {"win": 1.0, "mine": row["mine"] - 2} for row in rows[:2]]
    cand = tmp_path / "cand.jsonl"
    cand.write_text("".join(json.dumps(row) + "\n" for row in better))
    paired = pair.compare(pair.load(str(base)), pair.load(str(cand)))
    assert paired.splitlines()[-1].startswith("2 games: wins +50.0 ± ")
    assert "round score - others -2.00 ± 0.00, 1 games changed" in paired


def test_a_search_s_regret_is_measured_against_an_oracle() -> None:
    """`search_regret.py`: the oracle plays every candidate, and a search that finds the
    column of 9s its judgement missed has no regret where keeping the judgement has some."""
    regret = script("search_regret")
    seen = view(table([PAIR, RIVAL], [10], held={"value": 9, "from": "draw"}), 0)
    missed = (seen, [DISCARD, SWAP + 8])  # a judgement that would throw the 9 away
    worths = regret.oracle((0, missed, 300))
    assert len(worths) > 2 and max(worths, key=worths.__getitem__) == SWAP + 8
    assert worths[SWAP + 8] - worths[DISCARD] > 1
    searched, cpu = regret.regrets((0, missed, worths, regret.effort_of(""), 2))
    assert searched == 0 and cpu > 0
    assert regret.effort_of("sure=2,steps=30000") == replace(HARD, sure=2.0, steps=30000)


def test_the_experts_are_made_as_they_played() -> None:
    """Today's `expert` and the ones before it, as the archive's labels make them."""
    lab = script("expert_lab")
    assert lab.seat_zero(lab.settings_of(VARIANTS["expert"]), 1).effort == EXPERT
    plain = lab.seat_zero(lab.settings_of(VARIANTS["expert-6000"]), 1).effort
    assert plain == replace(EXPERT, horizon=0, early=Effort().early)
    two = lab.seat_zero(lab.settings_of(VARIANTS["expert-horizon-2"]), 1).effort
    assert two == replace(EXPERT, horizon_seats=2)


def test_the_earlier_hards_are_made_as_they_played() -> None:
    """The labels of the earlier `hard`s name every setting today's `hard` changed since,
    so their games still replay as archived."""
    lab = script("expert_lab")
    earlier = replace(HARD, steps=20_000, screen=128, probe=16, horizon=0)
    made = {
        who: lab.seat_zero(lab.settings_of(variant), 1)
        for who, variant in VARIANTS.items()
        if who.startswith("searching-hard-")
    }
    assert made["searching-hard-twins"].effort == earlier
    assert made["searching-hard-sure1"].effort == replace(earlier, twins=False)
    assert made["searching-hard-sure2"].effort == replace(earlier, sure=2.0, twins=False)
    assert lab.seat_zero({"bot": "searching-hard"}, 1).effort == HARD


def test_a_search_s_speed_comes_with_a_fingerprint_of_its_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`search_speed.py`: the same positions give the same fingerprint run after run, and
    other results another."""
    speed = script("search_speed")
    seen = view(table([PAIR, RIVAL], [10], held={"value": 9, "from": "draw"}), 0)

    def printed(first: int) -> str:
        cache = tmp_path / f"positions{first}.pkl"
        cache.write_bytes(pickle.dumps(([(seen, [first])], [{}])))
        monkeypatch.setattr("sys.argv", ["search_speed", "--cache", str(cache), "--effort", "hard"])
        speed.main()
        line = capsys.readouterr().out.strip()
        assert line.startswith("hard: 1 searches, ") and "ms a search" in line
        return line.rsplit("fingerprint ", 1)[1]

    # The judgement's move first, then the others: the verdicts' gains are against it.
    assert printed(DISCARD) == printed(DISCARD) != printed(SWAP + 8)
