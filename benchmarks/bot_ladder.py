"""The bot ladder: every built-in level against every other, 2 and 4 players, and a rating.

For each pair of levels (A before B in `LEVELS`, roughly weakest first) it plays
`skyjo-pad simulate` games (the same games: `simulate.play_game` with `simulate.game_seed`,
official rules) in two line-ups: `B,A` (2 players) and `B,A,A,A` (4 players: one B
against three A). It prints, and with `--write` puts into docs/bots.md between the ladder
markers: win rates with 95% intervals, mean round scores, an Elo rating per level fitted
to every game (Bradley-Terry on each pair of seats of different levels), and think times
(`bot_speed.py`'s measure: every decision of each level in games against three `ev`, one
core).

Results are kept in `benchmarks/ladder_results.json`, pairing by pairing and in blocks of
games, so that an interrupted run resumes where it stopped; `--fresh` starts over, and
`--forget REGEX` drops the line-ups of bots that have changed (once, not when resuming).
Every line-up is first brought to 200 games, then 500, then `--games` (`--passes`), so
that a run stopped early still has every line-up, each with its sample size shown.

Usage (at 2,000 games a line-up the line-ups of today's `hard`, which searches a little
every decision, take about 6.5 hours of two cores here, the others about an hour, and
`expert`'s at `--budget 6000` some 10 to 15 s of one core a game; run it niced):
    nice -n 15 python benchmarks/bot_ladder.py [--games 2000] [--max-games-slow N]
        [--workers 2] [--write] [--only-report]
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import re
import sys
import time
from pathlib import Path
from typing import Any

from skyjo_pad.bots import LEVELS, YARDSTICKS
from skyjo_pad.engine import Rules
from skyjo_pad.simulate import (
    SAFETY_STALL_TURNS,
    GameResult,
    Setup,
    Tally,
    game_seed,
    play_game,
    report,
)

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "ladder_results.json"
DOCS = ROOT / "docs" / "bots.md"
BEGIN = "<!-- ladder:begin (benchmarks/bot_ladder.py --write) -->"
END = "<!-- ladder:end -->"
RULES = Rules(stall_turns=SAFETY_STALL_TURNS)
SEED = 1
BLOCK = 50
#: Elo points of a level's rating are anchored so that `ev`, the yardstick, is 1500.
ANCHOR = ("ev", 1500.0)
#: The results key of the think times.
TIMES = "think_times"
#: The searching bot: its line-ups are played with the lab's `--budget` and kept apart.
EXPERT = "expert"
#: Every bot on the ladder, weakest first (the yardsticks and `expert` after the levels).
BOTS: tuple[str, ...] = (*LEVELS, *YARDSTICKS, EXPERT)
#: The strong bots the yardsticks and `expert` are paired with (not the weak levels).
STRONG: tuple[str, ...] = ("ev", "hard", *YARDSTICKS)
#: Mixed 4-player tables: the first bot against one of each yardstick.
MIXES: tuple[tuple[str, ...], ...] = (
    ("hard", *YARDSTICKS),
    (EXPERT, *YARDSTICKS),
)


def lineups() -> list[tuple[str, ...]]:
    """Every pairing: (B, A) for 2 players and (B, A, A, A) for 4, B after A in BOTS
    (the levels with each other; the yardsticks and `expert` with the strong bots and
    each other), and the mixed tables."""
    pairs = [(b, a) for a, b in itertools.combinations(LEVELS, 2)]
    pairs += [
        (b, a)
        for a, b in itertools.combinations((*STRONG, EXPERT), 2)
        if b not in LEVELS and (a, b) != ("ev", EXPERT)
    ]
    pairs += [("hard", y) for y in YARDSTICKS]
    return [(b, a) for b, a in pairs] + [(b, a, a, a) for b, a in pairs] + list(MIXES)


def cost(bots: tuple[str, ...]) -> int:
    """Which line-ups to play first in each pass: hard against ev (the yardstick), the
    quick ones without hard, hard against random or easy, hard against medium; then the
    yardsticks' line-ups; `expert`'s last (its games are the slowest)."""
    if EXPERT in bots:
        return 5
    if any(bot in YARDSTICKS for bot in bots):
        return 4
    if "hard" not in bots:
        return 1
    if bots[1] == "ev":
        return 0
    return 2 if bots[1] in ("random", "easy") else 3


def key(bots: tuple[str, ...]) -> str:
    """The results key of a line-up."""
    return ",".join(bots)


def _play(args: tuple[tuple[str, ...], int, int | None]) -> GameResult:
    bots, number, budget = args
    return play_game(bots, RULES, game_seed(SEED, number), budget)


def pairwise(bots: tuple[str, ...], game: GameResult) -> dict[str, float]:
    """Wins of seats of one level over seats of the other, a tie counting half each."""
    wins: dict[str, float] = {}
    for i, j in itertools.combinations(range(len(bots)), 2):
        if bots[i] == bots[j]:
            continue
        a, b = game.totals[i], game.totals[j]
        if a == b:
            wins[bots[i]] = wins.get(bots[i], 0.0) + 0.5
            wins[bots[j]] = wins.get(bots[j], 0.0) + 0.5
        else:
            winner = bots[i] if a < b else bots[j]
            wins[winner] = wins.get(winner, 0.0) + 1.0
    return wins


def empty(bots: tuple[str, ...]) -> dict[str, Any]:
    """A line-up with no game played yet."""
    tally = Tally(len(bots))
    return {"games": 0, "seconds": 0.0, "tally": _tally_json(tally), "pairwise": {}}


def _tally_json(tally: Tally) -> dict[str, Any]:
    names = ("games", "rounds", "stalled", "wins", "round_points", "totals", "closed", "doubled")
    return {name: getattr(tally, name) for name in names}


def _tally_of(data: dict[str, Any], seats: int) -> Tally:
    tally = Tally(seats)
    for name, value in data.items():
        setattr(tally, name, value)
    return tally


def play_lineup(
    bots: tuple[str, ...],
    games: int,
    entry: dict[str, Any],
    pool: Any,
    save: Any,
    budget: int | None = None,
) -> None:
    """Play the line-up's games from where `entry` stopped up to `games`, saving each
    block; `expert` plays with `budget` rollouts a decision (kept in `entry`)."""
    if EXPERT in bots:
        kept = entry.setdefault("budget", budget)
        if kept != budget and entry["games"]:
            raise SystemExit(f"{key(bots)} was played with --budget {kept}, not {budget}")
        entry["budget"] = budget
    tally = _tally_of(entry["tally"], len(bots))
    while entry["games"] < games:
        start = entry["games"]
        stop = min(games, start + BLOCK)
        began = time.perf_counter()
        jobs = [(bots, number, budget) for number in range(start, stop)]
        results = pool.map(_play, jobs, chunksize=1) if pool else list(map(_play, jobs))
        for game in results:
            tally.add(game)
            for level, won in pairwise(bots, game).items():
                entry["pairwise"][level] = entry["pairwise"].get(level, 0.0) + won
        entry["games"] = stop
        entry["seconds"] += time.perf_counter() - began
        entry["tally"] = _tally_json(tally)
        save()
        print(f"  {key(bots)}: {stop}/{games} games", file=sys.stderr, flush=True)


def elo(results: dict[str, Any]) -> dict[str, float]:
    """Elo ratings fitted to every pairwise result (Bradley-Terry, with one virtual drawn
    comparison between each two levels so that a level that never wins stays finite)."""
    played = {lineup for lineup, entry in results.items() if lineup != TIMES and entry["games"]}
    levels = [level for level in BOTS if any(level in lineup.split(",") for lineup in played)]
    wins = {(a, b): 0.0 for a in levels for b in levels if a != b}
    for a, b in itertools.combinations(levels, 2):
        wins[a, b] += 0.5
        wins[b, a] += 0.5
    for lineup, entry in results.items():
        if lineup == TIMES:
            continue
        names = lineup.split(",")
        if len(set(names)) != 2 or not entry["games"]:
            continue  # a mixed table's wins are not pairwise between two levels
        strong, weak = names[0], names[1]
        won = entry["pairwise"]
        wins[strong, weak] += won.get(strong, 0.0)
        wins[weak, strong] += won.get(weak, 0.0)
    strength = dict.fromkeys(levels, 1.0)
    for _ in range(2000):
        for a in levels:
            total = sum(wins[a, b] for b in levels if b != a)
            denominator = sum(
                (wins[a, b] + wins[b, a]) / (strength[a] + strength[b]) for b in levels if b != a
            )
            strength[a] = total / denominator
    anchor, value = ANCHOR
    return {level: value + 400 * math.log10(strength[level] / strength[anchor]) for level in levels}


def think_times(games: int) -> dict[str, dict[str, float]]:
    """Each level's decision times in `games` games against three `ev`, on one core."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bot_speed import measure  # a sibling script, not a package

    return {
        level: measure(level, ("ev", "ev", "ev"), 1 if level == EXPERT else games) for level in BOTS
    }


def markdown(results: dict[str, Any], ratings: dict[str, float], times: dict[str, Any]) -> str:
    """The ladder as the docs show it."""
    lines = [
        "| level | Elo | decisions | think p50 | think p95 | think max |",
        "|---|---|---|---|---|---|",
    ]
    for level in sorted(ratings, key=lambda name: -ratings[name]):
        t = times.get(level)
        timing = (
            f"{t['decisions']:,} | {t['p50']:.2f} ms | {t['p95']:.2f} ms | {t['max']:.1f} ms"
            if t
            else "– | – | – | –"
        )
        lines.append(f"| `{level}` | {ratings[level]:.0f} | {timing} |")
    for players in (2, 4, 0):
        if players == 0:
            lines += ["", "**Mixed 4-player tables** (seat 0 against one of each yardstick):"]
        else:
            lines += [""]
        lines += [
            *(
                []
                if players == 0
                else [
                    f"**{players} players** (seat 0 plays the first level named"
                    + (", against three of the second" if players == 4 else "")
                    + "):",
                ]
            ),
            "",
            "| line-up | games | seat 0 wins (95% CI) | fair share | round score: seat 0 | "
            "others | doubled closes (seat 0) |",
            "|---|---|---|---|---|---|---|",
        ]
        for bots in lineups():
            mixed = len(set(bots)) > 2
            if mixed != (players == 0) or (players and len(bots) != players):
                continue
            entry = results.get(key(bots))
            if not entry or not entry["games"]:
                lines.append(f"| {' · '.join(bots)} | not played | | | | | |")
                continue
            tally = _tally_of(entry["tally"], players)
            data = report(Setup(bots, RULES, tally.games, SEED), tally, entry["seconds"] or 1.0)
            first = data["seats"][0]
            others = data["seats"][1:]
            low, high = first["win_rate_ci"]
            rest = sum(seat["mean_round_score"] for seat in others) / len(others)
            closed = first["closed"]
            doubled = f"{first['doubled']}/{closed}" if closed else "0/0"
            seats = len(bots)
            budget = f" (budget {entry['budget']})" if entry.get("budget") else ""
            lines.append(
                f"| {' · '.join(bots)}{budget} | {tally.games:,} | {first['win_rate']:.1%} "
                f"({low:.1%}–{high:.1%}) | {1 / seats:.0%} | {first['mean_round_score']:.2f} "
                f"| {rest:.2f} | {doubled} |"
            )
    return "\n".join(lines)


def write_docs(text: str) -> None:
    """Put the ladder between the markers of docs/bots.md."""
    doc = DOCS.read_text(encoding="utf-8")
    head, found, rest = doc.partition(BEGIN)
    _, found_end, tail = rest.partition(END)
    if not found or not found_end:
        raise SystemExit(f"docs/bots.md has no {BEGIN} … {END} section")
    DOCS.write_text(f"{head}{BEGIN}\n{text}\n{END}{tail}", encoding="utf-8")


def main() -> None:
    """Play what is missing, then print (and with --write, publish) the ladder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per line-up")
    parser.add_argument(
        "--max-games-slow",
        type=int,
        default=None,
        help="fewer games for the slow line-ups (hard against medium or ev)",
    )
    parser.add_argument("--workers", type=int, default=2, help="processes to play on")
    parser.add_argument(
        "--budget", type=int, default=6000, help="expert's rollouts a decision in its line-ups"
    )
    parser.add_argument(
        "--max-games-expert", type=int, default=200, help="at most this many games of expert"
    )
    parser.add_argument("--speed-games", type=int, default=4, help="games per think-time line")
    parser.add_argument("--write", action="store_true", help="update docs/bots.md")
    parser.add_argument("--fresh", action="store_true", help="forget the results kept")
    parser.add_argument("--only-report", action="store_true", help="play nothing more")
    parser.add_argument("--only", help="play only the line-ups matching this regex")
    parser.add_argument("--retime", action="store_true", help="measure the think times again")
    parser.add_argument(
        "--passes",
        type=lambda text: [int(n) for n in text.split(",")],
        default=[200, 500],
        help="bring every line-up to these game counts in turn before --games (so that an "
        "interrupted run has every line-up at some size)",
    )
    parser.add_argument(
        "--results", type=Path, default=RESULTS, help="the results file (to run two at once)"
    )
    parser.add_argument(
        "--merge",
        type=Path,
        action="append",
        default=[],
        help="add the line-ups of another results file",
    )
    parser.add_argument(
        "--forget",
        help="drop the kept results of the line-ups matching this regex (played by bots that "
        "have changed since), to play them again; give it once, not when resuming",
    )
    args = parser.parse_args()
    path: Path = args.results
    results: dict[str, Any] = {}
    if path.exists() and not args.fresh:
        results = json.loads(path.read_text(encoding="utf-8"))
    for other in args.merge:
        for name, entry in json.loads(other.read_text(encoding="utf-8")).items():
            if name == TIMES:
                results.setdefault(TIMES, entry)
            elif entry["games"] > results.get(name, {}).get("games", 0):
                results[name] = entry
    if args.forget:
        results = {
            name: entry
            for name, entry in results.items()
            if name == TIMES or not re.search(args.forget, name)
        }

    def save() -> None:
        path.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")

    if args.merge or args.forget:
        save()

    if not args.only_report:
        pool = multiprocessing.Pool(args.workers) if args.workers > 1 else None
        try:
            for target in sorted({*args.passes, args.games}):
                for bots in sorted(lineups(), key=cost):
                    if args.only and not re.search(args.only, key(bots)):
                        continue
                    games = min(target, args.games)
                    if cost(bots) in (0, 3, 4) and args.max_games_slow is not None:
                        games = min(games, args.max_games_slow)
                    if EXPERT in bots:
                        games = min(games, args.max_games_expert)
                    entry = results.setdefault(key(bots), empty(bots))
                    play_lineup(bots, games, entry, pool, save, args.budget)
        finally:
            if pool:
                pool.close()
    if args.retime or TIMES not in results:
        results[TIMES] = think_times(args.speed_games)
        save()
    times = results[TIMES]
    ratings = elo(results)
    text = markdown(results, ratings, times)
    print(text)
    if args.write:
        write_docs(text)


if __name__ == "__main__":
    main()
