"""A server process tunes Python's garbage collector once its app is made (serving.py):
thousands of open streams are hundreds of thousands of long-lived objects, which the
default settings collected again and again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from skyjo_pad.serving import GC_THRESHOLDS

LOAD_A_WORKER = """
import gc, json
from skyjo_pad import serving
serving.Workers({"bind": "127.0.0.1:0", "workers": 1}, threads=2).load()
print(json.dumps([gc.get_threshold(), gc.get_freeze_count()]))
"""


def test_a_worker_process_freezes_its_start_and_collects_less_often(tmp_path: Path) -> None:
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'gc.sqlite3'}", "SKYJO_AUTO_MIGRATE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", LOAD_A_WORKER],
        capture_output=True,
        text=True,
        timeout=60,
        env={**_inherited(), **env},  # the test run's own database settings left out
        check=True,
    )
    thresholds, frozen = json.loads(done.stdout.strip().splitlines()[-1])
    assert tuple(thresholds) == GC_THRESHOLDS != (700, 10, 10)
    assert frozen > 10_000  # the app made at start, left out of every collection


def _inherited() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "SKYJO_"))}
