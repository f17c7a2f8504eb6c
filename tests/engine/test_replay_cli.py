"""`skyjo-pad replay` run as a real process: output, errors and exit statuses."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from skyjo_pad.replay import replay_record

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = Path(__file__).parent / "scenarios"


def replay(*args: str, stdin: str | None = None) -> tuple[dict[str, Any], int]:
    """Run `python -m skyjo_pad.cli replay ARGS`; its JSON output and exit status."""
    done = subprocess.run(
        [sys.executable, "-m", "skyjo_pad.cli", "replay", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 1, done.stdout + done.stderr
    return json.loads(lines[0]), done.returncode


def test_replay_a_file() -> None:
    path = SCENARIOS / "final_reveal_column_doubles_the_closer.json"
    report, status = replay(str(path))
    assert status == 0
    assert report == replay_record(json.loads(path.read_text()))[0]
    assert list(report) == ["position", "rounds", "totals", "game_over", "winners", "next_starter"]
    assert report["rounds"] == [
        {"round": 1, "closer": 0, "raw": [12, 12], "final": [24, 12], "doubled": True}
    ]
    assert report["position"]["grids"][1][0][0] == "__"


def test_replay_standard_input() -> None:
    text = (SCENARIOS / "shared_victory.json").read_text()
    report, status = replay("-", stdin=text)
    assert status == 0
    assert (report["game_over"], report["winners"], report["next_starter"]) == (True, [0, 1], None)


def test_a_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    """A record saved by an editor that starts UTF-8 with a byte order mark plays too."""
    marked = tmp_path / "marked.json"
    text = (SCENARIOS / "shared_victory.json").read_text()
    marked.write_text("\ufeff" + text, encoding="utf-8")
    report, status = replay(str(marked))
    assert status == 0 and report["winners"] == [0, 1]


def test_an_illegal_move_gives_its_index_and_status_2() -> None:
    text = (SCENARIOS / "take_discard_must_be_swapped.json").read_text()
    report, status = replay("-", stdin=text)
    assert status == 2
    assert report == {"error": "you must swap the card you took from the discard pile", "move": 1}


def test_a_cell_of_thousands_of_digits_is_not_quoted_whole() -> None:
    """The reason for an impossible cell stays a line long, whatever number was sent."""
    record = json.loads((SCENARIOS / "final_reveal_column_doubles_the_closer.json").read_text())
    flip = next(i for i, move in enumerate(record["moves"]) if move["action"] == "flip")
    record["moves"][flip]["cell"] = [10**4000, 0]
    report, status = replay("-", stdin=json.dumps(record))
    assert status == 2
    assert report["move"] == flip
    assert report["error"].startswith("there is no cell [1000")
    assert len(report["error"]) < 120


def test_an_unreadable_record_gives_status_2(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    report, status = replay(str(broken))
    assert status == 2 and list(report) == ["error"]
    assert "not JSON" in report["error"]
    report, status = replay(str(tmp_path / "missing.json"))
    assert status == 2 and list(report) == ["error"]
    assert "cannot read" in report["error"]
    position = json.loads(text := (SCENARIOS / "row_clear.json").read_text())["position"]
    report, status = replay("-", stdin=json.dumps(position))
    assert status == 2 and "skyjo-record/1" in report["error"] and text


def test_a_record_too_deep_or_too_long_a_number_gives_status_2() -> None:
    for text, said in (
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"a": ' * 5_000 + "1" + "}" * 5_000, "nested too deeply"),
        ('{"format": "skyjo-record/1", "position": {"round": ' + "9" * 5_000 + "}}", "digits"),
    ):
        report, status = replay("-", stdin=text)
        assert status == 2 and list(report) == ["error"]
        assert report["error"].startswith("unreadable record: ") and said in report["error"]
        assert "sys." not in report["error"]  # not Python's advice to its programmers


def indented(indent: str) -> subprocess.CompletedProcess[str]:
    """`replay --indent INDENT -` of a scenario, as a real process."""
    return subprocess.run(
        [sys.executable, "-m", "skyjo_pad.cli", "replay", "--indent", indent, "-"],
        input=(SCENARIOS / "row_clear.json").read_text(),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_an_indent_out_of_range_is_a_usage_error() -> None:
    done = indented("99999999999")
    assert done.returncode == 2 and done.stdout == ""
    assert "Invalid value for '--indent'" in done.stderr and "Traceback" not in done.stderr


def test_pretty_printing() -> None:
    done = indented("2")
    assert done.returncode == 0
    assert done.stdout.startswith('{\n  "position"')
