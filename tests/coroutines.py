"""Running a coroutine to its end from a test, whatever else runs in the test process."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(coroutine)` on a thread of its own: the browser tests' Playwright keeps
    an event loop running on the main thread, where `asyncio.run` is refused."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
