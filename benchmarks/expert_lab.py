"""Paired A/B screens for `expert` and `hard` settings: the same deals for every variant.

    nice -n 19 .venv/bin/python benchmarks/expert_lab.py --variant 'budget=3000,MARGIN=4' \
        --against counter,counter,counter --games 100 --seed 7 --out lab.jsonl

Seat 0 plays the variant, the other seats the named bots. The variant is an `ExpertBot`
with `budget` rollouts a decision (never cut by the clock; or `steps=N`, a budget in steps
of play), `sure=X`, `margin=Y`, `settle=Z`, `screen=N`, `probe=N`, `twins=1`, `horizon=N`,
`early=N` and `horizon_seats=N` (its `Effort`, each the plain search's when not given:
`SURE`, `MARGIN`, `SCREEN` too; today's `expert`, `expert.EXPERT`, is
`budget=6000,horizon=5,early=8`), and any of `expert.py`'s other settings named in capitals
(`DROP`, `HOPE`, `STAY`, `GAME_POINTS`: one variant a process); or `bot=NAME` for any
registered bot, but: `bot=searching-hard` is today's `hard` (its judgement and a small
search; `steps=`, `sure=`, `margin=`, `settle=`, `screen=`, `probe=`, `horizon=`, `early=`,
`horizon_seats=`, `twins=0` change it),
`bot=hard` its judgement alone (`HardBot`, the `hard` of sessions 1 to 38, whose games the
archive keeps); `bot=hard,within=N,tempo=X,stakes=S` for that judgement by the learned
values with N face-down cards or fewer (`stakes=S`: by the chance to win the game when the
round may end it, spread S; `stakes=none`: off; `flip=F,feed=X`: its flip bonus and feeding
share; `spread=X,shift=Y`: its `OUTLOOK`); `bot=valued,tempo=X,hidden=0` for the all-values
bot, tempo earned by flips only. Game `k` is dealt with `simulate.game_seed(seed, k)`
whatever the variant, so two variants' lines of results pair game by game (`lab_pair.py`).
Each game's line (seat 0's win share, its mean round score, the others' mean) is appended
to `--out` as JSON, and a summary is printed.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import time
from typing import Any

from skyjo_pad.bots import ExpertBot, HardBot, SearchingHardBot, ValuedBot, expert, make_bot
from skyjo_pad.bots.base import Bot, mix
from skyjo_pad.bots.hard import STAKES_SPREAD, VALUES_WITHIN
from skyjo_pad.engine import Rules
from skyjo_pad.simulate import SAFETY_STALL_TURNS, game_seed, play_bots


def settings_of(text: str) -> dict[str, Any]:
    """`key=value,...` as keyword settings (numbers read as numbers, `none` as None)."""
    found: dict[str, Any] = {}
    for part in filter(None, text.split(",")):
        key, value = part.split("=")
        if value == "none":
            found[key] = None
        else:
            try:
                found[key] = int(value)
            except ValueError:
                try:
                    found[key] = float(value)
                except ValueError:
                    found[key] = value
    return found


def seat_zero(settings: dict[str, Any], seed: int) -> Bot:
    """The bot under test, made with `seed`."""
    name = settings.pop("bot", "expert")
    if name == "valued" and settings.pop("closing", 0):  # the values one card from closing
        return HardBot(seed, values_within=1, values_tempo=1.0)
    if name == "valued":
        hidden = bool(settings.pop("hidden", 1))
        return ValuedBot(seed, tempo=settings.pop("tempo", 1.0), hidden_tempo=hidden)
    if name == "hard":
        within = settings.pop("within", VALUES_WITHIN)
        stakes = settings.pop("stakes", STAKES_SPREAD)
        tempo = settings.pop("tempo", 1.0)
        if "spread" in settings or "shift" in settings:
            settings["outlook"] = (settings.pop("spread", 0.0), settings.pop("shift", 0.0))
        return HardBot(seed, values_within=within, values_tempo=tempo, stakes=stakes, **settings)
    if name == "searching-hard" and not settings:  # today's `hard`: judgement and search
        return SearchingHardBot(seed)
    if name == "searching-hard":  # other knobs (the archive's earlier `hard`s, `VARIANTS`)
        return ExpertBot(seed, seconds=None, effort=hard_effort(settings))
    if name != "expert":
        return make_bot(name, seed)
    for alias in ("SURE", "MARGIN", "SCREEN"):  # the effort's, spelt as the module's
        if alias in settings:
            settings[alias.lower()] = settings.pop(alias)
    plain = expert.Effort(rollouts=settings.pop("budget", 3000))
    for name in [key for key in settings if key.isupper()]:
        setattr(expert, name, settings.pop(name))  # one variant a process: a lab knob
    return ExpertBot(seed, seconds=None, effort=changed(plain, settings, "expert"))


#: The search settings (`expert.Effort`) that are counts, and those that are standard errors
#: or points.
COUNTS = ("rollouts", "steps", "screen", "probe", "horizon", "early", "horizon_seats")
MEASURES = ("sure", "margin", "settle")


def changed(base: expert.Effort, settings: dict[str, Any], who: str) -> expert.Effort:
    """`base` with the `settings` (`settings_of`) changed; every one must be known."""
    knobs: dict[str, Any] = {key: int(settings.pop(key)) for key in COUNTS if key in settings}
    knobs |= {key: float(settings.pop(key)) for key in MEASURES if key in settings}
    if "twins" in settings:
        knobs["twins"] = bool(settings.pop("twins"))
    if settings:
        raise SystemExit(f"unknown {who} settings: {', '.join(settings)}")
    return dataclasses.replace(base, **knobs)


def hard_effort(settings: dict[str, Any]) -> expert.Effort:
    """`expert.HARD` with the `settings` (`settings_of`) changed; every one must be known."""
    return changed(expert.HARD, settings, "searching-hard")


def game_line(variant: str, against: str, seed: int, number: int) -> dict[str, Any]:
    """Game `number` of the run `seed`: seat 0 the `variant`, the others the bots named in
    `against` (comma-separated); the line `--out` gets (seat 0's win share, its mean round
    score, the others' mean)."""
    rivals = against.split(",")
    dealt = game_seed(seed, number)
    bots = [seat_zero(settings_of(variant), mix(dealt, 0))]
    bots += [make_bot(name, mix(dealt, seat + 1)) for seat, name in enumerate(rivals)]
    result = play_bots(bots, Rules(stall_turns=SAFETY_STALL_TURNS), dealt)
    rounds = result.round_scores
    own = sum(r[0] for r in rounds) / len(rounds)
    rest = sum(sum(r[1:]) for r in rounds) / (len(rounds) * len(rivals))
    line = {"variant": variant, "against": against, "game": number}
    return line | {"win": result.wins[0], "mine": own, "others": rest}


def main() -> None:
    """Play the screen and print its summary."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--variant", default="")
    parser.add_argument("--against", default="counter,counter,counter")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    wins = mine = others = 0.0
    start = time.perf_counter()
    for number in range(args.first, args.first + args.games):
        line = game_line(args.variant, args.against, args.seed, number)
        wins += line["win"]
        mine += line["mine"]
        others += line["others"]
        if args.out:
            with open(args.out, "a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")
    n = args.games
    p = wins / n
    half = 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / n)
    print(
        f"{args.variant or 'expert'} vs {args.against}: {n} games, wins {p:.1%} (±{half:.1%}),"
        f" round score {mine / n:.2f} vs {others / n:.2f}, {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
