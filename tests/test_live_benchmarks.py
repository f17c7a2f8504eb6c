"""The live-update load benchmarks (benchmarks/stream_hold.py, online_tables.py): their
stream reading and figures, and a tiny run of each against a real `skyjo-pad serve`."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

from coroutines import run as run_coroutine

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import livebench as lb  # noqa: E402 (benchmarks/ is not a package)


def lines_of(body: bytes, chunked: bool) -> list[bytes]:
    """Every line a LineReader gives for `body`, up to its end."""

    async def read() -> list[bytes]:
        reader = asyncio.StreamReader()
        reader.feed_data(body)
        reader.feed_eof()
        lines, source = [], lb.LineReader(reader, chunked)
        while True:
            try:
                lines.append(await source.readline())
            except EOFError:
                return lines

    return run_coroutine(read())


def test_an_event_stream_is_read_line_by_line_across_chunks() -> None:
    events = b'retry: 3000\n\nid: 7\nevent: version\ndata: {"version": 7}\n\n: still here\n\n'
    # split mid-line over three chunks, then the last chunk
    parts = [events[:10], events[10:33], events[33:]]
    chunked = b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in parts) + b"0\r\n\r\n"
    expected = [b"retry: 3000", b"id: 7", b"event: version", b'data: {"version": 7}']
    assert lines_of(chunked, chunked=True) == [*expected, b": still here"]
    assert lines_of(events, chunked=False) == [*expected, b": still here"]


def test_percentiles_are_nearest_rank_in_milliseconds() -> None:
    figures = lb.percentiles(k / 1000 for k in range(100, 0, -1))
    assert figures == {"count": 100, "p50": 50.0, "p95": 95.0, "p99": 99.0, "max": 100.0}
    assert lb.percentiles([])["p99"] is None


def test_errors_are_counted_by_kind_with_what_the_server_said() -> None:
    errors = lb.Errors()
    too_many = lb.Answer(429, {}, b'{"error": "Too many streams from this address."}', 0.1)
    errors.add("stream open", lb.status_kind(too_many))
    errors.add("stream open", lb.status_kind(too_many))
    errors.add("home", TimeoutError())
    assert errors.of("stream open") == {"HTTP 429": 2}
    assert errors.total() == 3
    assert errors.describe() == (
        '3: 2 stream open: HTTP 429 ("Too many streams from this address."); 1 home: timeout'
    )


def run_benchmark(script: str, tmp_path: Path, *options: str) -> tuple[dict, str]:
    """Run a benchmark on SQLite, saving to a file; its saved figures and its output."""
    saved = tmp_path / "results.json"
    command = [sys.executable, str(ROOT / "benchmarks" / script), "--database", "sqlite"]
    command += ["--save", str(saved), "--label", "tiny", "--compare", str(saved), *options]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    section = "stream_hold" if script == "stream_hold.py" else "online_tables"
    return json.loads(saved.read_text())[section][0], done.stdout


def test_stream_hold_holds_its_streams_while_timing_the_pad(tmp_path: Path) -> None:
    result, output = run_benchmark(
        "stream_hold.py", tmp_path, "--streams", "12", "--seconds", "1", "--rate", "5"
    )
    assert result["streams_held"] == result["streams_asked"] == 12
    assert result["home"]["count"] == result["round"]["count"] == 5
    assert result["errors"] == {}
    assert result["memory_mib"]["before"] > 10
    assert "streams: 12 held to the end of 12 asked" in output
    assert "before | after" in output and "now: tiny" in output


def test_online_tables_tells_every_other_phone_of_each_move(tmp_path: Path) -> None:
    result, output = run_benchmark(
        "online_tables.py", tmp_path, "--tables", "2", "--seconds", "2", "--interval", "0.4"
    )
    human = result["human"]
    assert result["streams_held"] == 8
    assert human["moves"] >= 4
    # each move is told to the 3 other phones of its table
    assert human["event_each_phone"]["count"] == 3 * human["moves"]
    assert human["event_every_phone"]["p99"] < 1000
    # and each of them holds it from the answer its stream pushed, asking for none
    assert human["view_each_phone"]["count"] == 3 * human["moves"]
    assert human["view_every_phone"]["p99"] < 1000
    assert result["asked_after_version"] == 0 and not result["ask"]
    assert result["errors"] == {}
    assert "human pace (one move per table every 0.4 s)" in output


def test_online_tables_can_play_the_page_of_before_asking_every_view(tmp_path: Path) -> None:
    result, _output = run_benchmark(
        "online_tables.py", tmp_path, "--tables", "2", "--seconds", "2", "--interval", "0.4",
        "--ask",
    )  # fmt: skip
    human = result["human"]
    assert result["ask"] and human["moves"] >= 4
    assert human["view_each_phone"]["count"] == 3 * human["moves"]
    assert result["errors"] == {}
