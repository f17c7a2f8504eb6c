"""benchmarks/pad_watchers.py: a tiny run against a real `skyjo-pad serve` (SQLite)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_watcher_reads_every_round(tmp_path: Path) -> None:
    saved = tmp_path / "results.json"
    command = [sys.executable, str(ROOT / "benchmarks" / "pad_watchers.py"), "--database"]
    command += ["sqlite", "--watchers", "3", "--rounds", "5", "--pause", "0"]
    command += ["--save", str(saved), "--label", "tiny"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(saved.read_text())["pad_watchers"][0]
    assert result["missed"] == 0 and result["errors"] == {}
    figures = result["round_to_every_watcher"]
    assert figures["count"] == 5 and 0 < figures["p50"] <= figures["p95"] < 5000
    assert result["event_to_every_watcher"]["p95"] <= figures["p95"]
    assert "round saved → every watcher read the new sheet: p50" in done.stdout
