"""Calls run at the same moment, each on its own thread in its own app context: the
races the concurrency tests provoke (with a `threading.Barrier` inside the calls)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from skyjo_pad.services import games_store

WAIT = 20
"""Seconds a thread (or a barrier) may wait before the test calls it stuck."""


def run_at_once(app: Flask, calls: list[Callable[[], Any]]) -> list[Any]:
    """Run each call in its own thread and app context; return results or exceptions."""
    results: list[Any] = [None] * len(calls)

    def work(index: int) -> None:
        with app.app_context():
            try:
                results[index] = calls[index]()
            except Exception as error:
                results[index] = error

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
        assert not thread.is_alive(), "a thread is stuck"
    return results


def arrive_together(monkeypatch: pytest.MonkeyPatch, saves: int = 2, once: bool = False) -> None:
    """Hold each of `saves` pad saves until all are about to take the game's row
    (`games_store.hold`): the first to take it writes, the others wait for its commit,
    then read the sheet it left (`once`: only their first tries wait, a save tried again
    goes on alone)."""
    all_there = threading.Barrier(saves, timeout=WAIT)
    hold = games_store.hold
    waited: set[int] = set()

    def wait_then_hold(game_id: str) -> None:
        if not once or threading.get_ident() not in waited:
            waited.add(threading.get_ident())
            all_there.wait()
        hold(game_id)

    monkeypatch.setattr(games_store, "hold", wait_then_hold)
