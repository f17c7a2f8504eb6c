"""Types of the C rollouts (`_rollout.c`); `rollouts.py` is their Python face."""

from collections.abc import Sequence

def policy(state: tuple[object, ...], rules: Sequence[int], policy: Sequence[float]) -> int: ...
def search(
    state: tuple[object, ...],
    rules: Sequence[int],
    mine: Sequence[float],
    others: Sequence[float],
    unseen: Sequence[int],
    codes: Sequence[int],
    worlds: int,
    first: int,
    seed: int,
    streams: bool,
    horizon: int = 0,
) -> tuple[bytes, int]: ...
def adjusted(outcomes: bytes, codes: int, worlds: int, game_points: float) -> bytes: ...
def play_out(
    state: tuple[object, ...], rules: Sequence[int], policy: Sequence[float], seed: int
) -> tuple[list[int], int, int, list[int]]: ...
