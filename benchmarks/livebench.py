"""Shared pieces of the live-update load benchmarks (`stream_hold.py`, `online_tables.py`).

Standard library only (plus SQLAlchemy, already a dependency, to make a PostgreSQL
database): a server process started and measured here, a small asyncio HTTP/1.1 client on
raw sockets (one connection per request, and event streams read line by line, chunked or
not), error kinds counted by name, percentiles, and the JSON results file that a later
run prints beside its own figures (`--compare`).

The server is whatever `skyjo-pad serve` is in this checkout: uvicorn, or Gunicorn's
uvicorn workers (Waitress and Gunicorn's threaded workers before issue 21, measured for
the baseline). Nothing here depends on which: the HTTP
contract is the same (docs/api.md), and the environment is passed through, with the
settings a load test from one address needs set unless already set (`LOAD_ENV`).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import datetime
import errno
import importlib.util
import json
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")
CLIENT_LOOP = "uvloop" if importlib.util.find_spec("uvloop") else "asyncio"
"""The client's event loop (`run_loop`)."""
HOST = "127.0.0.1"
LOAD_ENV = {
    "SKYJO_RATE_LIMITS": "0",  # every request comes from 127.0.0.1
    "SKYJO_STREAMS_PER_ADDRESS": "100000",  # the per-address stream cap (new server)
    "SKYJO_STREAM_SECONDS": "3600",  # no stream reaches its maximum age during a run
    "SECRET_KEY": "live-load-benchmark",
    "SKYJO_AUTO_MIGRATE": "1",
}
"""Set for the server unless the environment already sets them."""
START_TIMEOUT = 60.0
Row = tuple[str, Callable[[dict[str, Any]], str]]
"""A row of the before | after table: its name, and its cell from a run's figures."""


def server_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every live benchmark takes for the server it starts."""
    parser.add_argument(
        "--workers", type=int, help="serve --workers N (default 2 on PostgreSQL, none on SQLite)"
    )
    parser.add_argument("--threads", type=int, default=0, help="serve --threads (old servers)")
    parser.add_argument(
        "--database", choices=["auto", "sqlite", "postgresql"], default="auto",
        help="auto: PostgreSQL under scripts/with-postgres",
    )  # fmt: skip


def run_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every live benchmark takes for its streams and its figures."""
    parser.add_argument("--open-timeout", type=float, default=10, help="per stream, s")
    parser.add_argument("--label", help="the run's name in --save/--compare")
    parser.add_argument("--save", type=Path, help="add the figures to this JSON file")
    parser.add_argument("--compare", type=Path, help="print this file's runs beside")


def raise_open_files() -> int:
    """Raise this process's open-file limit to its hard limit (a server started from
    here inherits it); the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = 1 << 20
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def postgres_database(server: str, name: str) -> str:
    """A fresh database `name` on the PostgreSQL server `server` (a SQLAlchemy URL of its
    `postgres` database, as scripts/with-postgres gives it); its URL."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    url = make_url(server)
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f"DROP DATABASE IF EXISTS {name}"))
        connection.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return url.set(database=name).render_as_string(hide_password=False)


def choose_database(kind: str) -> str:
    """`sqlite` or `postgresql`: `auto` is PostgreSQL under scripts/with-postgres."""
    if kind == "auto":
        return "postgresql" if os.environ.get("SKYJO_TEST_POSTGRES") else "sqlite"
    if kind == "postgresql" and not os.environ.get("SKYJO_TEST_POSTGRES"):
        raise SystemExit("PostgreSQL: run it under scripts/with-postgres.")
    return kind


class Server:
    """`skyjo-pad serve` in a process group of its own, on a database made for the run."""

    def __init__(self, database: str, workers: int, threads: int, name: str) -> None:
        """`database`: `sqlite` (a file in a temporary folder) or `postgresql` (a fresh
        database on SKYJO_TEST_POSTGRES); `workers` 0 runs one process (`serve`);
        `threads` 0 leaves the server's own default."""
        self.database, self.workers, self.threads = database, workers, threads
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix=f"skyjo-{name}-"))
        self.log = self.folder / "server.log"
        if database == "postgresql":
            self.url = postgres_database(os.environ["SKYJO_TEST_POSTGRES"], f"skyjo_{name}")
        else:
            self.url = f"sqlite:///{self.folder / 'skyjo.sqlite3'}"
        self.command = [sys.executable, "-m", "skyjo_pad.cli", "serve"]
        self.command += ["--host", HOST, "--port", str(self.port)]
        if workers:
            self.command += ["--workers", str(workers)]
        if threads:
            self.command += ["--threads", str(threads)]
        self.process: subprocess.Popen[bytes] | None = None
        self.software = "?"

    @property
    def setup(self) -> str:
        """How it was started, e.g. `serve --workers 2` (PostgreSQL)."""
        words = " ".join(self.command[self.command.index("serve") :])
        words = words.replace(f"--host {HOST} --port {self.port}", "").replace("  ", " ")
        return f"{words.strip()} ({'PostgreSQL' if self.database == 'postgresql' else 'SQLite'})"

    def start(self) -> None:
        """Start it and wait until it answers (its log is printed if it never does)."""
        env = {**LOAD_ENV, **os.environ, "DATABASE_URL": self.url}
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                self.command,
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # a group of its own: Gunicorn's workers too
            )
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                answer = asyncio.run(request(self.port, "GET", "/api/openapi.json", timeout=2))
            except OSError:
                time.sleep(0.1)
                continue
            if answer.status == 200:
                self.software = answer.headers.get("server", "?")
                return
            time.sleep(0.1)
        said = self.log_tail(30)
        self.stop()
        raise SystemExit(f"The server did not start:\n{said}")

    def stop(self) -> None:
        """SIGTERM to its process group, SIGKILL after 15 s; its temporary folder removed
        (the SQLite file, the log)."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)

    def pids(self) -> list[int]:
        """The server's process and every descendant (Gunicorn's workers)."""
        return [] if self.process is None else descendants(self.process.pid)

    def memory(self) -> dict[str, float]:
        """Resident memory of all its processes in MiB: `rss` (summed: pages shared after
        a fork count once per process) and `pss` (shared pages split between them)."""
        rss = pss = 0
        for pid in self.pids():
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        rss += int(line.split()[1])
                for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                    if line.startswith("Pss:"):
                        pss += int(line.split()[1])
            except OSError:
                continue
        return {"rss": rss / 1024, "pss": pss / 1024}

    def cpu_seconds(self) -> float:
        """CPU time (user + system) used so far by its processes, in seconds."""
        return sum(process_cpu(pid) for pid in self.pids())

    def database_cpu_seconds(self) -> float | None:
        """CPU seconds used so far by the PostgreSQL server of the run (its postmaster,
        found by its port, and every backend); None on SQLite or when not found."""
        if self.database != "postgresql":
            return None
        from sqlalchemy.engine import make_url

        port = str(make_url(self.url).port)
        for entry in Path("/proc").iterdir():
            try:
                args = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if args and args[0].endswith(b"postgres") and port.encode() in b" ".join(args):
                postmaster = int(entry.name)  # and the backends that ended, which it reaped
                gone = process_cpu(postmaster, children=True) - process_cpu(postmaster)
                return gone + sum(process_cpu(pid) for pid in descendants(postmaster))
        return None

    def log_tail(self, lines: int = 5) -> str:
        """The last lines of the server's output."""
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def descendants(root: int) -> list[int]:
    """A process and every descendant of it (from /proc)."""
    children: dict[int, list[int]] = collections.defaultdict(list)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children[parent].append(int(entry.name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def process_cpu(pid: int | None = None, children: bool = False) -> float:
    """CPU seconds (user + system) of a process so far (this one when None; 0 if gone),
    with `children` those of its children that ended too."""
    try:
        stat = Path(f"/proc/{pid or 'self'}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat.rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    if children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


# --- the HTTP client -------------------------------------------------------------------


@dataclass
class Answer:
    """One HTTP answer: status, headers (lower-case names), body, and how long it took."""

    status: int
    headers: dict[str, str]
    body: bytes
    seconds: float

    def json(self) -> Any:
        """The body as JSON (None when empty or not JSON)."""
        try:
            return json.loads(self.body) if self.body else None
        except ValueError:
            return None


class Refused(Exception):
    """An answer that is not the one expected: its error kind and what the server said."""

    def __init__(self, kind: str, said: str = "") -> None:
        super().__init__(kind)
        self.kind, self.said = kind, said


def head(method: str, path: str, token: str | None, body: bytes | None, extra: str = "") -> bytes:
    """A request's head (and body)."""
    lines = f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\n{extra}"
    if token:
        lines += f"Authorization: Bearer {token}\r\n"
    if body is not None:
        lines += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    return lines.encode() + b"\r\n" + (body or b"")


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    """The status and headers of an answer."""
    status_line = await reader.readline()
    if not status_line:
        raise Refused("closed before answering")
    try:
        status = int(status_line.split(b" ", 2)[1])
    except (IndexError, ValueError):
        raise Refused("not HTTP", status_line[:80].decode(errors="replace")) from None
    headers: dict[str, str] = {}
    while (line := await reader.readline()) not in (b"\r\n", b"\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers


async def request(
    port: int,
    method: str,
    path: str,
    token: str | None = None,
    body: Any = None,
    timeout: float = 10.0,
    extra: str = "",
) -> Answer:
    """One request on its own connection (`Connection: close`), the whole answer read,
    within `timeout` seconds (else TimeoutError)."""
    started = time.perf_counter()
    data = None if body is None else json.dumps(body).encode()

    async def exchange() -> Answer:
        reader, writer = await asyncio.open_connection(HOST, port)
        try:
            writer.write(head(method, path, token, data, extra + "Connection: close\r\n"))
            await writer.drain()
            status, headers = await read_head(reader)
            raw = await reader.read()
        finally:
            writer.close()
        if "chunked" in headers.get("transfer-encoding", "").lower():
            raw = dechunk(raw)
        return Answer(status, headers, raw, time.perf_counter() - started)

    return await asyncio.wait_for(exchange(), timeout)


def dechunk(payload: bytes) -> bytes:
    """A chunked body put back together."""
    out, rest = bytearray(), payload
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out += rest[:size]
        rest = rest[size + 2 :]
    return bytes(out)


def error_kind(error: BaseException) -> str:
    """A short name for what went wrong with a request or a stream."""
    if isinstance(error, Refused):
        return error.kind
    if isinstance(error, TimeoutError):
        return "timeout"
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if isinstance(error, ConnectionResetError | BrokenPipeError):
        return "connection reset"
    if isinstance(error, asyncio.IncompleteReadError):
        return "closed mid-answer"
    if isinstance(error, EOFError):
        return "ended before its first event"
    if isinstance(error, OSError) and error.errno == errno.EMFILE:
        return "client out of file descriptors"
    return type(error).__name__


def status_kind(answer: Answer) -> Refused:
    """The error for an unexpected status: `HTTP 429` and what the `error` said."""
    said = answer.json()
    text = said.get("error", "") if isinstance(said, dict) else answer.body[:80].decode("latin-1")
    return Refused(f"HTTP {answer.status}", str(text))


class Errors:
    """Errors counted by kind, with the first thing the server said for each."""

    def __init__(self) -> None:
        self.counts: collections.Counter[str] = collections.Counter()
        self.said: dict[str, str] = {}

    def add(self, where: str, error: BaseException | str) -> None:
        """Count one error of `where` (e.g. `home`) of the kind `error` names."""
        kind = error if isinstance(error, str) else error_kind(error)
        key = f"{where}: {kind}"
        self.counts[key] += 1
        if isinstance(error, Refused) and error.said and key not in self.said:
            self.said[key] = error.said

    def total(self, where: str | None = None) -> int:
        """How many (of `where`, or all)."""
        return sum(n for k, n in self.counts.items() if where is None or k.startswith(where))

    def of(self, where: str) -> dict[str, int]:
        """The kinds of `where` and their counts."""
        return {k.split(": ", 1)[1]: n for k, n in self.counts.items() if k.startswith(where)}

    def describe(self) -> str:
        """One line: `0`, or each kind with its count (and the first words said)."""
        if not self.counts:
            return "0"
        parts = []
        for key, count in self.counts.most_common():
            said = f' ("{self.said[key][:60]}")' if key in self.said else ""
            parts.append(f"{count} {key}{said}")
        return f"{sum(self.counts.values())}: " + "; ".join(parts)


# --- event streams ---------------------------------------------------------------------


@dataclass
class Stream:
    """One open `text/event-stream`: its events and heartbeats as they come."""

    path: str
    token: str | None
    on_event: Callable[[Stream, int, float], None] | None = None
    on_answer: Callable[[Stream, dict[str, Any], float], None] | None = None
    """Called with each `answer` event's data (a stream opened with `?answers=1`)."""
    opened: float | None = None
    broke: str | None = None
    events: int = 0
    heartbeats: int = 0
    last_seen: float = 0.0
    versions: list[tuple[float, int]] = field(default_factory=list)
    answers: list[tuple[float, int]] = field(default_factory=list)
    """When each pushed answer came, and its version."""
    _event: bytes = b""
    _writer: asyncio.StreamWriter | None = None
    _lines: LineReader | None = None

    async def open(self, port: int, timeout: float) -> None:
        """Connect, send the request and read up to the first event, within `timeout`
        seconds: raises Refused/TimeoutError/OSError when it is not a stream."""
        try:
            await asyncio.wait_for(self._open(port), timeout)
        except BaseException:
            self.close()
            raise
        self.opened = time.perf_counter()

    async def _open(self, port: int) -> None:
        reader, writer = await asyncio.open_connection(HOST, port)
        self._writer = writer
        writer.write(head("GET", self.path, self.token, None, "Accept: text/event-stream\r\n"))
        await writer.drain()
        status, headers = await read_head(reader)
        chunked = "chunked" in headers.get("transfer-encoding", "").lower()
        if status != 200:
            raw = await asyncio.wait_for(reader.read(4096), 2)
            raise status_kind(Answer(status, headers, dechunk(raw) if chunked else raw, 0.0))
        self._lines = LineReader(reader, chunked)
        while self.events == 0:
            await self._next()

    async def _next(self) -> None:
        assert self._lines is not None
        line = await self._lines.readline()
        now = time.perf_counter()
        self.last_seen = now
        if line.startswith(b":"):
            self.heartbeats += 1
        elif line.startswith(b"event:"):
            self._event = line[6:].strip()
        elif line.startswith(b"data:"):
            said, self._event = self._event, b""
            data = json.loads(line[5:])
            if said == b"answer":
                self.answers.append((now, int(data["version"])))
                if self.on_answer is not None:
                    self.on_answer(self, data, now)
                return
            version = int(data["version"])
            self.events += 1
            self.versions.append((now, version))
            if self.on_event is not None:
                self.on_event(self, version, now)

    async def follow(self, stop: asyncio.Event, errors: Errors) -> None:
        """Read until `stop` is set; an end or an error before then is a broken stream."""
        try:
            while not stop.is_set():
                await self._next()
        except EOFError:
            if not stop.is_set():
                self.broke = "stream ended by the server"
        except (OSError, asyncio.IncompleteReadError, ValueError) as error:
            if not stop.is_set():
                self.broke = f"stream broke: {error_kind(error)}"
        finally:
            self.close()
        if self.broke:
            errors.add("stream", self.broke)

    def close(self) -> None:
        """Close its connection."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None


class LineReader:
    """Lines of an answer's body, chunked or not (EOFError at its end)."""

    def __init__(self, reader: asyncio.StreamReader, chunked: bool) -> None:
        self.reader, self.chunked = reader, chunked
        self.buffer = bytearray()

    async def readline(self) -> bytes:
        """The next non-empty line, without its line end."""
        while True:
            cut = self.buffer.find(b"\n")
            if cut >= 0:
                line = bytes(self.buffer[:cut]).rstrip(b"\r")
                del self.buffer[: cut + 1]
                if line:
                    return line
                continue
            more = await self._more()
            if not more:
                raise EOFError
            self.buffer += more

    async def _more(self) -> bytes:
        if not self.chunked:
            return await self.reader.read(65536)
        size_line = await self.reader.readline()
        if not size_line:
            return b""
        size = int(size_line.split(b";")[0].strip() or b"0", 16)
        if size == 0:
            return b""
        data = await self.reader.readexactly(size + 2)
        return data[:-2]


async def open_streams(
    streams: list[Stream],
    port: int,
    timeout: float,
    errors: Errors,
    at_once: int = 100,
    give_up_after: int = 200,
) -> list[Stream]:
    """Open `streams`, `at_once` at a time, each within `timeout` s; stop trying after
    `give_up_after` failures in a row (the server stopped taking streams: the rest are
    counted as `not tried`). The ones that opened."""
    gate = asyncio.Semaphore(at_once)
    state = {"failed_in_a_row": 0}

    async def one(stream: Stream) -> None:
        async with gate:
            if state["failed_in_a_row"] >= give_up_after:
                errors.add("stream open", "not tried (the server stopped taking streams)")
                return
            try:
                await stream.open(port, timeout)
                state["failed_in_a_row"] = 0
            except (OSError, Refused, TimeoutError, ValueError, EOFError) as error:
                state["failed_in_a_row"] += 1
                errors.add("stream open", error)

    await asyncio.gather(*(one(s) for s in streams))
    return [s for s in streams if s.opened is not None]


# --- figures -----------------------------------------------------------------------------


def percentiles(seconds: Iterable[float]) -> dict[str, float | int | None]:
    """count, p50, p95, p99 and max in milliseconds (nearest rank); None when empty."""
    values = sorted(seconds)
    if not values:
        return {"count": 0, "p50": None, "p95": None, "p99": None, "max": None}

    def rank(p: float) -> float:
        return round(values[max(0, min(len(values) - 1, -(-len(values) * p // 100) - 1))] * 1000, 1)

    return {
        "count": len(values),
        "p50": rank(50),
        "p95": rank(95),
        "p99": rank(99),
        "max": round(values[-1] * 1000, 1),
    }


def ms(value: float | int | None) -> str:
    """A figure in ms, or `-`."""
    return "-" if value is None else f"{value:.0f}"


def git_commit() -> str:
    """The checkout's commit (short), `+` when it has uncommitted changes."""
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            capture_output=True,
            text=True,
        ).stdout.strip()
        return commit + ("+" if dirty else "")
    except OSError:
        return "?"


def stamp() -> dict[str, Any]:
    """When, on what code and machine a run was made."""
    return {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": git_commit(),
        "cores": os.cpu_count(),
        "load_average": round(os.getloadavg()[0], 2),
    }


def save(path: Path, section: str, result: dict[str, Any]) -> None:
    """Add `result` to `section` of the results file (replacing one of the same label)."""
    data = json.loads(path.read_text()) if path.exists() else {}
    runs = [r for r in data.get(section, []) if r.get("label") != result["label"]]
    data[section] = [*runs, result]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def earlier(path: Path, section: str, database: str) -> list[dict[str, Any]]:
    """The runs of `section` in the results file on the same database."""
    if not path.exists():
        raise SystemExit(f"--compare: no file {path}")
    runs = json.loads(path.read_text()).get(section, [])
    return [r for r in runs if r.get("database") == database]


def server_cell(run: dict[str, Any]) -> str:
    """The server of a run, shortly: what answered, its processes and threads."""
    words = [run["server"], f"{run['workers']} workers" if run["workers"] else "1 process"]
    if run.get("threads"):
        words.append(f"{run['threads']} threads")
    return ", ".join(words)


def compare(result: dict[str, Any], path: Path, section: str, rows: list[Row]) -> None:
    """Print the runs of `section` of the file `path` on the same database beside this one:
    one column each, named by number above the table."""
    runs = [*earlier(path, section, result["database"]), result]
    heads = [f"before {k}" for k in range(1, len(runs))] + ["now"]
    print(f"\nbefore | after ({path}):")
    for name, run in zip(heads, runs, strict=True):
        print(
            f"  {name}: {run['label']} ({run['date']}, {run['commit']}, load {run['load_average']})"
        )
    print(side_by_side([(name, [cell(r) for r in runs]) for name, cell in rows], heads))


def side_by_side(rows: list[tuple[str, list[str]]], heads: list[str]) -> str:
    """A plain text table: a row name, then one column per run."""
    widths = [max(len(h), *(len(r[1][k]) for r in rows)) for k, h in enumerate(heads)]
    first = max(len(r[0]) for r in rows)
    titles = " | ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True))
    lines = ["  " + " " * first + " | " + titles]
    lines.append("  " + "-" * (first + sum(w + 3 for w in widths)))
    for name, cells in rows:
        body = " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True))
        lines.append(f"  {name.ljust(first)} | {body}")
    return "\n".join(lines)


def run_loop(work: Coroutine[Any, Any, T]) -> T:
    """Run the client on uvloop when it is installed (the server's own loop: the client
    takes less of the cores it shares with the server), else on asyncio's."""
    if CLIENT_LOOP == "uvloop":
        import uvloop

        return uvloop.run(work)
    return asyncio.run(work)


def run_measured(
    server: Server,
    section: str,
    title: str,
    measure: Callable[[], Coroutine[Any, Any, dict[str, Any]]],
    label: str,
    report: Callable[[dict[str, Any]], None],
    args: Any,
    rows: Any,
) -> None:
    """Start `server`, run `measure` against it, stop it; print the report, and save or
    compare the result (`args.save`, `args.compare`) under `section`."""
    print(f"{title}: starting {server.setup} ...", flush=True)
    server.start()
    try:
        result = run_loop(measure())
    finally:
        server.stop()
    result["client_loop"] = CLIENT_LOOP
    result["label"] = args.label or label
    result.update(stamp())
    report(result)
    if args.save:
        save(args.save, section, result)
        print(f"  saved to {args.save} as {result['label']!r}")
    if args.compare:
        compare(result, args.compare, section, rows)
