"""How well `ev.Outlook` foresees the doubling at real closes, and the spread that fits.

    nice -n 19 .venv/bin/python benchmarks/close_calibration.py --players 4 \
        --bots hard,counter,counter,counter --games 250 --seed 11

Plays games of the named bots; at every close with a positive score, asks the closer's
outlook (from the closer's view just after the close: the others' expected ends after
their last turn) for the chance that the close is doubled, and keeps what happened.
Prints, per bot, the mean predicted chance against the doubled share, a table by tenths
of the prediction, and the (spread, shift) of `ev.Outlook` with the best log-likelihood on
a grid (spread in unseen cards added to each other seat's end, shift in points taken off
its expected score), with its table.
"""

from __future__ import annotations

import argparse
import math
from collections import defaultdict
from dataclasses import dataclass

from skyjo_pad.bots import ev, make_bot
from skyjo_pad.bots.base import mix
from skyjo_pad.bots.games import play_out
from skyjo_pad.bots.worlds import table_of
from skyjo_pad.engine import Move, Phase, Position, RoundResult, Rules, view
from skyjo_pad.engine.compact import new_table
from skyjo_pad.simulate import SAFETY_STALL_TURNS, game_seed

SPREADS = (0.0, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0)
SHIFTS = (-1.0, -0.5, 0.0, 0.5, 1.0, 2.0)


@dataclass(frozen=True, slots=True)
class Close:
    """One close with a positive score: what the outlook saw and what happened."""

    bot: str
    score: int
    ends: tuple[tuple[float, int], ...]
    """Each other seat's expected end (`ev.Outlook.expected`) and its face-down cards."""
    sd: float
    doubled: bool


def closes(names: list[str], games: int, seed: int) -> list[Close]:
    """The closes of `games` games of these bots."""
    return [c for number in range(games) for c in game_closes(names, game_seed(seed, number))]


def game_closes(names: list[str], game: int) -> list[Close]:
    """The closes of one game of these bots, dealt with `game`."""
    n = len(names)
    bots = [make_bot(names[s], mix(game, s)) for s in range(n)]
    rules = Rules(stall_turns=SAFETY_STALL_TURNS)
    table = new_table(tuple(f"P{s}" for s in range(n)), rules, game)
    found: list[Close] = []
    pending: list[Close] = []

    def moved(position: Position, _seat: int, _move: Move) -> None:
        closer = position.closer
        if position.phase is not Phase.FINAL_TURNS or closer is None or pending:
            return
        seen = view(position, closer)
        t, odds = table_of(seen), ev.odds_of(seen)
        outlook = ev.Outlook(t, closer, odds)
        top = t.discard[-1] if t.discard else None
        ends = tuple((outlook.expected(i, top), t.down[r]) for i, r in enumerate(outlook.rivals))
        score = ev.known_score(t.cells, 12 * closer, t.rules.row_clear)
        pending.append(Close(names[closer], score, ends, odds.sd, False))

    def ended(result: RoundResult) -> None:
        if pending and pending[0].score > 0:
            c = pending[0]
            found.append(Close(c.bot, c.score, c.ends, c.sd, result.doubled))
        pending.clear()

    play_out(table, bots, moved, ended)
    return found


def chance(close: Close, spread: float, shift: float) -> float:
    """The doubling chance `ev.Outlook` gives with this spread and shift (ties double)."""
    edge = close.score + 0.5
    safe = 1.0
    for expected, down in close.ends:
        hidden = max(0, down - 1) + spread
        mean = expected - shift
        if hidden <= 0 or close.sd == 0.0:
            below = 1.0 if mean <= edge else 0.0
        else:
            z = (edge - mean) / (close.sd * math.sqrt(hidden))
            below = 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))
        safe *= 1.0 - below
    return 1.0 - safe


def likelihood(found: list[Close], spread: float, shift: float) -> float:
    """The mean log-likelihood of what happened under that outlook."""
    total = 0.0
    for close in found:
        p = min(max(chance(close, spread, shift), 1e-4), 1 - 1e-4)
        total += math.log(p if close.doubled else 1 - p)
    return total / len(found)


def table_of_tenths(found: list[Close], spread: float, shift: float) -> None:
    """Print the predicted chance against the doubled share, by tenths of the prediction."""
    bins: dict[int, list[tuple[float, bool]]] = defaultdict(list)
    for close in found:
        p = chance(close, spread, shift)
        bins[min(int(p * 10), 9)].append((p, close.doubled))
    for tenth, rows in sorted(bins.items()):
        mean = sum(p for p, _ in rows) / len(rows)
        share = sum(d for _, d in rows) / len(rows)
        print(
            f"  {tenth / 10:.1f}-{(tenth + 1) / 10:.1f}: {len(rows):4d} closes,"
            f" predicted {mean:.3f}, doubled {share:.3f}"
        )


def main() -> None:
    """Play, measure and fit."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="hard,counter,counter,counter")
    parser.add_argument("--games", type=int, default=250)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    names = args.bots.split(",")
    if len(names) != args.players:
        raise SystemExit("--bots needs one name per seat")
    found = closes(names, args.games, args.seed)
    print(f"{len(found)} closes with a positive score in {args.games} games")
    for bot in sorted({c.bot for c in found}):
        mine = [c for c in found if c.bot == bot]
        predicted = sum(chance(c, 0.0, 0.0) for c in mine) / len(mine)
        doubled = sum(c.doubled for c in mine) / len(mine)
        print(f"{bot}: {len(mine)} closes, predicted {predicted:.3f}, doubled {doubled:.3f}")
    print(f"ev's outlook (spread 0, shift 0): log-likelihood {likelihood(found, 0.0, 0.0):.4f}")
    table_of_tenths(found, 0.0, 0.0)
    best = max((likelihood(found, s, h), s, h) for s in SPREADS for h in SHIFTS)
    print(f"best: spread {best[1]}, shift {best[2]}: log-likelihood {best[0]:.4f}")
    table_of_tenths(found, best[1], best[2])


if __name__ == "__main__":
    main()
