"""The phone's copies of the rules agree with the engine: static/pad-rules.js on the shared
table of cases (tests/rules_cases.json, which the engine passes too), and the card count
(SkyjoPad.cardTotal) on grids."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from skyjo_pad.engine.rules import Rules
from skyjo_pad.engine.scoring import score_grid
from skyjo_pad.services.round_entry import RoundEntry, SeatEntry, score_entry

CASES_FILE = Path(__file__).resolve().parents[1] / "rules_cases.json"

PLAY_CASES = """cases => cases.map(c => {
  const seats = c.rounds[0].raw.length;
  const s = window.PadRules.sheet(c.rounds, c.rules, seats);
  return {
    rounds: s.rounds.map(r => ({final: r.final, doubled: r.doubled, why: r.why})),
    totals: s.totals, finished: s.finished, winners: s.winners,
  };
})"""


def test_the_phones_rules_give_what_every_case_expects(page: Page, live_server: str) -> None:
    """Every doubling reason, ties, negatives, the target and the multiplier: the same
    answers as the engine (tests/engine/test_rules_cases.py checks the engine on this file)."""
    cases: list[dict[str, Any]] = json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]
    page.goto(live_server + "/")
    answers = page.evaluate(PLAY_CASES, cases)
    for case, answer in zip(cases, answers, strict=True):
        assert answer == case["expect"], case["name"]


def test_a_correction_that_ends_the_game_early_is_seen_on_the_phone(
    page: Page, live_server: str
) -> None:
    """The server refuses a correction that would end the game before later rounds; the
    phone's rules see it too (the round after which it would have ended)."""
    page.goto(live_server + "/")
    rounds = [{"raw": [120, 3], "closer": 1}, {"raw": [5, 6], "closer": 0}]
    assert page.evaluate("r => window.PadRules.endedEarly(r, {}, 2)", rounds) == 1
    assert page.evaluate("r => window.PadRules.endedEarly(r.slice(1), {}, 2)", rounds) is None


def random_grid(rng: random.Random) -> list[int | None]:
    """12 cards with the awkward cases made likely: equal columns, removed cards."""
    cells: list[int | None] = [rng.randint(-2, 12) for _ in range(12)]
    for column in range(4):
        if rng.random() < 0.35:
            value = rng.choice([-2, -1, 0, 5, 12])
            for row in range(3):
                cells[row * 4 + column] = value
        if rng.random() < 0.2:
            for row in range(3):
                cells[row * 4 + column] = None
        elif rng.random() < 0.2:
            cells[rng.randrange(3) * 4 + column] = None
    return cells


def test_the_browsers_card_count_agrees_with_the_engine(page: Page, live_server: str) -> None:
    """SkyjoPad.cardTotal (what the phone shows while counting) and the engine's score_grid
    (what is saved) give the same score and removed columns for every grid."""
    rng = random.Random(10)
    grids: list[list[int | None]] = [
        [-2] * 12,
        [-2, 1, 2, 3, -2, 4, 5, 6, -2, 7, 8, 9],
        [None, 5, 5, 0, None, 5, 5, 0, None, 5, 6, 0],
        [None] * 12,
        [7, None, 0, -1, 7, None, 0, -1, 7, None, 0, -1],
        [12] * 12,
        [-1, -2, 0, 3, None, -2, 0, 3, -1, -2, 0, 3],
        *(random_grid(rng) for _ in range(200)),
    ]
    page.goto(live_server + "/")
    answers = page.evaluate("grids => grids.map(g => window.SkyjoPad.cardTotal(g))", grids)
    for cells, answer in zip(grids, answers, strict=True):
        engine = score_grid(tuple(tuple(cells[r * 4 : r * 4 + 4]) for r in range(3)))
        assert (answer["raw"], tuple(answer["removed"])) == (
            engine.raw,
            engine.removed_columns,
        ), cells


UNUSUAL = """([cases, limits]) => cases.map(c => window.PadRules.unusual(c.raw, c.grids, limits))"""


def engine_warnings(raw: list[int], grids: list[list[int | None] | None]) -> list[dict[str, int]]:
    """What round_entry.score_entry warns of, in the phone's terms (seats for names)."""
    names = [f"P{seat}" for seat in range(len(raw))]
    seats = tuple(
        SeatEntry(grid=tuple(tuple(g[r * 4 : r * 4 + 4]) for r in range(3)))
        if g is not None
        else SeatEntry(score=score)
        for score, g in zip(raw, grids, strict=True)
    )
    _result, sentences = score_entry(RoundEntry(seats, None), names, Rules())
    found: list[dict[str, int]] = []
    for sentence in sentences:
        data = {key: int(v) if key != "name" else v for key, v in sentence.data.items()}
        if "deck" in data:
            found.append({"kind": "deck", "value": data["value"], "count": data["count"]})
            found[-1]["deck"] = int(data["deck"])
        else:
            seat = names.index(str(data.pop("name")))
            kind = "column" if "column" in data else "score"
            found.append({"kind": kind, "seat": seat, kind: int(data[kind])})
    return found


def test_the_phones_warnings_are_the_engines(page: Page, live_server: str) -> None:
    """PadRules.unusual (the round form with no network) warns of what the server's form
    does, in the same order: a score outside the bounds, more cards of a value than the
    deck holds, a column removed in part."""
    rng = random.Random(12)
    cases = []
    for _ in range(150):
        seats = rng.randint(2, 6)
        grids = [random_grid(rng) if rng.random() < 0.6 else None for _ in range(seats)]
        raw = [
            score_grid(tuple(tuple(g[r * 4 : r * 4 + 4]) for r in range(3))).raw
            if g is not None
            else rng.choice([rng.randint(-20, 150), rng.randint(0, 40)])
            for g in grids
        ]
        cases.append({"raw": raw, "grids": grids})
    cases.append({"raw": [0, 0], "grids": [[12] * 12, [12] * 12]})  # 24 twelves
    page.goto(live_server + "/")
    limits = page.evaluate("JSON.parse(document.getElementById('js-limits').textContent)")
    answers = page.evaluate(UNUSUAL, [cases, limits])
    assert any(answers), "some cases warn"
    for case, answer in zip(cases, answers, strict=True):
        assert answer == engine_warnings(case["raw"], case["grids"]), case


FILL_THE_PHONE = """async () => {
  for (let i = 0; i < window.PadSync.KEEP + 5; i++) {
    const round = { op: "add", id: "o", clientId: "c0000000", scores: [1, 2], closer: 0 };
    const waiting = i === 0 ? [round] : [];
    await window.PadStore.put({ key: `g${i}`, id: `g${i}`, players: ["A", "B"], rules: {},
      server: { rounds: [], version: 1 }, ops: waiting, setAside: [], seen: 1000 + i });
  }
  await window.PadSync.forgetOld();
  return (await window.PadStore.all()).map((g) => g.key).sort();
}"""


def test_the_phone_forgets_old_games_but_never_one_with_changes_waiting(
    page: Page, live_server: str
) -> None:
    """Beyond the KEEP games seen last, older ones go, except one whose round waits."""
    page.goto(live_server + "/history")
    kept = page.evaluate(FILL_THE_PHONE)
    keep = page.evaluate("window.PadSync.KEEP")
    assert len(kept) == keep + 1
    assert "g0" in kept  # the oldest, but a round of it waits to be sent
    assert not {"g1", "g2", "g3", "g4"} & set(kept)


def test_the_phones_words_elide_french_as_the_server_does(page: Page, live_server: str) -> None:
    """A French page: "de" and "que" before a name with a vowel are elided by the scripts'
    words too (the table's "Cartes d’Alice"), never inside the name ("Ana de Oliveira");
    an English page leaves them."""
    said = """window.fillWords("Cartes de %(a)s, de %(b)s, vérifiez-le et que %(c)s",
      {a: "Ana de Oliveira", b: "Bob", c: "Émile"})"""
    page.goto(live_server + "/language/fr?next=/")
    assert page.evaluate(said) == "Cartes d’Ana de Oliveira, de Bob, vérifiez-le et qu’Émile"
    page.goto(live_server + "/language/en?next=/")
    assert page.evaluate(said) == "Cartes de Ana de Oliveira, de Bob, vérifiez-le et que Émile"
