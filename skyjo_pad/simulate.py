"""`skyjo-pad simulate`: whole games between bots, and what they show.

Games run on the engine's compact tables (`engine.compact`: `new_table`, `legal_codes`,
`step`), the fast path the engine exports for simulations. Each game has its own seed,
derived from the run's seed and the game's number, and each seat's bot its own seed
derived from that; so a game's outcome depends on nothing else, and the results are the
same whatever the number of worker processes. Bots are asked through `bots.ask`: they see
`view(position, seat)` and the legal moves, nothing more.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from skyjo_pad.bots import Bot, BotError, make_bot
from skyjo_pad.bots.base import mix
from skyjo_pad.bots.games import play_out
from skyjo_pad.engine import Move, Position, RoundResult, Rules, RulesError
from skyjo_pad.engine.compact import (
    new_table,
    players_problem,
)

#: A round longer than this is ended (RULES.md point 11) unless --rules says otherwise,
#: so that bots that never close cannot hang a run. Ordinary bots never come near it.
SAFETY_STALL_TURNS = 1000
#: z for a 95% confidence interval.
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class GameResult:
    """What one game showed, per seat."""

    wins: tuple[float, ...]
    """1 for the winner, 1/k for each of k seats sharing the win, else 0."""
    round_scores: tuple[tuple[int, ...], ...]
    """Each round's final scores (after any doubling), in order."""
    totals: tuple[int, ...]
    """The final totals."""
    closed: tuple[int, ...]
    """Rounds each seat closed."""
    doubled: tuple[int, ...]
    """Times each seat's closing score was doubled."""
    stalled: int = 0
    """Rounds ended by the stall_turns limit."""


@dataclass(frozen=True, slots=True)
class Setup:
    """One simulation run: who plays, under which rules, how many games, from which seed."""

    bots: tuple[str, ...]
    rules: Rules
    games: int
    seed: int
    budget: int | None = None
    """Playouts a decision for searching bots (`expert`); None: their table default."""


def prepare(
    players: int,
    bots: str,
    games: int,
    seed: int,
    rules_json: str | None,
    budget: int | None = None,
) -> Setup:
    """Check a run's settings as given on the command line; ValueError says what is wrong."""
    names = tuple(name.strip() for name in bots.split(","))
    if len(names) != players:
        raise ValueError(f"--bots names {len(names)} bots for {players} players: give one per seat")
    try:
        data = json.loads(rules_json) if rules_json else {}
    except json.JSONDecodeError as error:
        raise ValueError(f"--rules is not valid JSON: {error}") from error
    if not isinstance(data, dict):
        raise ValueError('--rules must be a JSON object of rule options, like {"target": 50}')
    data.setdefault("stall_turns", SAFETY_STALL_TURNS)
    try:
        rules = Rules.from_dict(data)
    except (RulesError, TypeError) as error:
        raise ValueError(f"--rules: {error}") from error
    problem = players_problem([f"P{seat}" for seat in range(players)], rules)
    if problem:
        raise ValueError(f"--players: {problem}")
    for seat, name in enumerate(names):
        try:
            make_bot(name, seed)
        except BotError as error:
            raise ValueError(f"--bots, seat {seat}: {error}") from error
    return Setup(names, rules, games, seed, budget)


def game_seed(seed: int, number: int) -> int:
    """The seed of game `number` of a run seeded with `seed`."""
    return mix(seed, number) & ((1 << 53) - 1)


def play_game(
    bots: Sequence[str], rules: Rules, seed: int, budget: int | None = None
) -> GameResult:
    """Play one whole game between the named bots; seat i plays `bots[i]` (a searching
    bot with `budget` rollouts a decision, when given)."""
    return play_bots(
        [make_bot(name, mix(seed, seat), budget) for seat, name in enumerate(bots)], rules, seed
    )


def play_bots(
    bots: Sequence[Bot],
    rules: Rules,
    seed: int,
    watch: Callable[[Position, int, Move], None] | None = None,
) -> GameResult:
    """Play one whole game between these bots, dealt with `seed`.

    The game runs on the engine's compact table (the fast path simulations use); each
    bot is asked through `bots.ask` with the position's view for its seat and its legal
    moves. `watch(position, seat, move)` sees every bot move, for tests.
    """
    n = len(bots)
    table = new_table(tuple(f"P{seat}" for seat in range(n)), rules, seed)
    rounds: list[tuple[int, ...]] = []
    closed = [0] * n
    doubled = [0] * n
    stalled = 0

    def ended(result: RoundResult) -> None:
        nonlocal stalled
        rounds.append(result.final)
        if result.closer is None:
            stalled += 1
        else:
            closed[result.closer] += 1
            doubled[result.closer] += result.doubled

    play_out(table, bots, watch, ended)
    totals = tuple(table.totals)
    winners = [seat for seat in range(n) if totals[seat] == min(totals)]
    wins = tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(n))
    return GameResult(wins, tuple(rounds), totals, tuple(closed), tuple(doubled), stalled)


def _play_numbered(args: tuple[Setup, int]) -> GameResult:
    setup, number = args
    return play_game(setup.bots, setup.rules, game_seed(setup.seed, number), setup.budget)


def play_games(setup: Setup, workers: int = 1) -> Iterator[GameResult]:
    """Every game of the run, in order of their numbers, on `workers` processes."""
    jobs = ((setup, number) for number in range(setup.games))
    if workers <= 1 or setup.games <= 1:
        yield from map(_play_numbered, jobs)
        return
    import multiprocessing  # the parent's alone: a worker's start stays light

    chunk = max(1, min(8, setup.games // (workers * 16)))
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap(_play_numbered, jobs, chunksize=chunk)


@dataclass(slots=True)
class Tally:
    """The running sums the report is made of."""

    seats: int
    games: int = 0
    rounds: int = 0
    stalled: int = 0
    wins: list[float] = field(default_factory=list)
    round_points: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    closed: list[int] = field(default_factory=list)
    doubled: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        """Start every per-seat sum at zero."""
        for name in ("wins", "round_points", "totals", "closed", "doubled"):
            setattr(self, name, [0] * self.seats)

    def add(self, game: GameResult) -> None:
        """Count one game."""
        self.games += 1
        self.rounds += len(game.round_scores)
        self.stalled += game.stalled
        for seat in range(self.seats):
            self.wins[seat] += game.wins[seat]
            self.round_points[seat] += sum(scores[seat] for scores in game.round_scores)
            self.totals[seat] += game.totals[seat]
            self.closed[seat] += game.closed[seat]
            self.doubled[seat] += game.doubled[seat]


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (a shared win counts as a fraction).

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


def report(setup: Setup, tally: Tally, seconds: float) -> dict[str, Any]:
    """The run's results as the JSON object `simulate --json` prints."""
    games = tally.games
    rounds = tally.rounds
    seats = []
    for seat, name in enumerate(setup.bots):
        low, high = wilson(tally.wins[seat], games)
        seats.append(
            {
                "seat": seat,
                "bot": name,
                "wins": _num(tally.wins[seat]),
                "win_rate": _num(tally.wins[seat] / games if games else 0.0),
                "win_rate_ci": [_num(low), _num(high)],
                "mean_round_score": _num(tally.round_points[seat] / rounds if rounds else 0.0),
                "mean_total": _num(tally.totals[seat] / games if games else 0.0),
                "closed": tally.closed[seat],
                "doubled": tally.doubled[seat],
            }
        )
    return {
        "games": games,
        "seats": seats,
        "mean_rounds": _num(rounds / games if games else 0.0),
        "games_per_second": round(games / seconds, 2) if seconds > 0 else 0.0,
    }


def _num(value: float) -> float:
    """A figure rounded to 6 decimals (enough to check by hand, short to read)."""
    return round(float(value), 6)


def run(
    setup: Setup, workers: int = 1, progress: Callable[[int], None] | None = None
) -> tuple[dict[str, Any], Tally]:
    """Play the run and report it; `progress(1)` is called after each game."""
    tally = Tally(len(setup.bots))
    start = time.perf_counter()
    for game in play_games(setup, workers):
        tally.add(game)
        if progress is not None:
            progress(1)
    return report(setup, tally, time.perf_counter() - start), tally


def default_workers() -> int:
    """All the cores this process may use."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def format_report(data: dict[str, Any], stalled: int = 0) -> str:
    """The report as a table for people."""
    lines = [
        f"{'seat':>4}  {'bot':<12} {'wins':>9}  {'win rate (95% CI)':<24} "
        f"{'round':>6} {'total':>7} {'closed':>7} {'doubled':>8}"
    ]
    for seat in data["seats"]:
        low, high = seat["win_rate_ci"]
        rate = f"{seat['win_rate']:6.1%} ({low:.1%}–{high:.1%})"
        lines.append(
            f"{seat['seat']:>4}  {seat['bot']:<12} {seat['wins']:>9g}  {rate:<24} "
            f"{seat['mean_round_score']:6.2f} {seat['mean_total']:7.2f} "
            f"{seat['closed']:>7} {seat['doubled']:>8}"
        )
    lines.append(
        f"{data['games']} games, {data['mean_rounds']:.2f} rounds per game, "
        f"{data['games_per_second']:g} games per second"
    )
    if stalled:
        lines.append(f"{stalled} rounds were ended by the stall_turns limit")
    return "\n".join(lines)
