"""Online tables with every phone connected, moves at a human pace (issue 21, goal 2).

    nice -n 10 .venv/bin/python benchmarks/online_tables.py --ramp            # SQLite, `serve`
    scripts/with-postgres nice -n 10 .venv/bin/python benchmarks/online_tables.py --ramp
                                                      # PostgreSQL, `serve --workers 2`

It starts `skyjo-pad serve` itself (as stream_hold.py does), makes `--tables` online tables
of `--phones` people (default 1,000 x 4), and connects every phone as the page does: its
view (`GET /api/tables/<id>`), then its event stream (`?answers=1`), held for the whole
run. The stream pushes the phone's own answer after each version; a phone told a version
whose answer does not come within `ANSWER_WAIT` s asks for its view, as the page does.
`--ask` is the page before answers were pushed: every phone told that the version moved
asks for its view at once (the servers before this change push no answers either).

Human pace (`--seconds`, default 60): each table plays one move every `--interval` s
(default 5, +-`--jitter`): a phone whose view is current and may move posts one of its
moves (`{"version", "move"}`). It prints the moves/s asked and made, the move's answer
time, and from a move's answer to each other phone's `version` event and to its pushed
answer (per phone, and until every other phone of the table has it) p50/p99, and every
error by kind (a 409 is one too: this client never plays on a stale view). From the move's
answer is the goal's measure (an event often comes first: 0 ms), until every other phone
holds the move: its pushed answer (with `--ask`: its `version` event, as before); from the
move sent to every other phone is printed too.

`--ramp` then raises the rate, `--ramp-seconds` s per step (from `--ramp-start` moves/s,
x`--ramp-factor` each step) over the same tables, until a step misses: p99 until every
other phone saw the move > `--p99` ms (300), an error, or fewer than 90% of the moves
asked made; then `--ramp-refine` steps halfway between the highest rate sustained and the
lowest missed. It prints each step and the highest rate sustained.

`--save FILE` / `--compare FILE`: as in stream_hold.py (`online_tables` section).
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import random
import sys
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import livebench as lb  # the benchmarks folder is not a package

ANSWER_WAIT = 2.0
"""A phone told a version asks for its view when no answer came within this (the page's)."""
READY_WAIT = 5.0
"""How long a table waits for a phone with a current view before a move is missed."""
GRACE = 5.0
"""After a step, how long events may still arrive before a phone counts as never told."""


@dataclass
class Move:
    """A move made: its table, the version it made, the seat and when its answer came."""

    table: Table
    version: int
    seat: int
    answered: float
    seconds: float


@dataclass
class Phone:
    """One person's phone: its token, its stream and the latest view it asked for."""

    table: Table
    seat: int
    token: str
    state: dict[str, Any] | None = None
    views: list[tuple[float, int]] = field(default_factory=list)
    """When the phone held each newer version (pushed or asked for), and the version."""
    stream: lb.Stream | None = None
    asking: bool = False
    again: bool = False

    def current(self) -> bool:
        """Whether its view is the table's latest and it may move."""
        state = self.state
        return bool(
            state
            and state["version"] == self.table.latest
            and state["status"] == "playing"
            and state["moves"]
        )


@dataclass
class Table:
    """One online table and its phones."""

    id: str
    phones: list[Phone] = field(default_factory=list)
    latest: int = 0


class Run:
    """The server's port, the tables and everything measured."""

    def __init__(self, server: lb.Server, timeout: float, ask: bool = False) -> None:
        self.server = server
        self.port, self.timeout, self.ask = server.port, timeout, ask
        self.errors = lb.Errors()
        self.asked_after_version = 0
        self.tables: list[Table] = []
        self.moves: list[Move] = []
        self.views: list[float] = []
        self.tasks: set[asyncio.Task[None]] = set()

    # -- phones ---------------------------------------------------------------------------

    async def ask_view(self, phone: Phone) -> None:
        """GET the phone's view (again while its stream told a newer version meanwhile)."""
        if phone.asking:
            phone.again = True
            return
        phone.asking = True
        try:
            while True:
                phone.again = False
                path = f"/api/tables/{phone.table.id}"
                try:
                    answer = await lb.request(
                        self.port, "GET", path, phone.token, None, self.timeout
                    )
                except (OSError, lb.Refused, TimeoutError) as error:
                    self.errors.add("view", error)
                    return
                if answer.status != 200:
                    self.errors.add("view", lb.status_kind(answer))
                    return
                self.views.append(answer.seconds)
                view = answer.json()
                if phone.state is None or view["version"] > phone.state["version"]:
                    phone.views.append((time.perf_counter(), view["version"]))
                if phone.state is None or view["version"] >= phone.state["version"]:
                    phone.state = view
                phone.table.latest = max(phone.table.latest, view["version"])
                if not phone.again:
                    return
        finally:
            phone.asking = False

    def told(self, stream: lb.Stream, version: int, when: float) -> None:
        """A phone's stream told a version: when it is newer than its own view, wait for
        its answer (with `--ask`: ask the view at once)."""
        phone: Phone = stream.owner  # type: ignore[attr-defined]
        phone.table.latest = max(phone.table.latest, version)
        if phone.state is None or version > phone.state["version"]:
            self.spawn(self.ask_view(phone) if self.ask else self.await_answer(phone, version))

    def pushed(self, stream: lb.Stream, answer: dict[str, Any], when: float) -> None:
        """A phone's stream pushed its answer: the phone's view, when newer."""
        phone: Phone = stream.owner  # type: ignore[attr-defined]
        phone.table.latest = max(phone.table.latest, answer["version"])
        if phone.state is None or answer["version"] > phone.state["version"]:
            phone.state = answer
            phone.views.append((when, answer["version"]))

    async def await_answer(self, phone: Phone, version: int) -> None:
        """Ask for the view if no answer of `version` came within ANSWER_WAIT s."""
        await asyncio.sleep(ANSWER_WAIT)
        if phone.state is None or phone.state["version"] < version:
            self.asked_after_version += 1
            await self.ask_view(phone)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- tables ---------------------------------------------------------------------------

    async def make_tables(self, count: int, phones: int) -> None:
        """`count` tables of `phones` people (a target no game reaches during a run)."""
        gate = asyncio.Semaphore(8)

        async def one(number: int) -> None:
            body = {
                "seats": [{"name": f"T{number} P{k}"} for k in range(phones)],
                "rules": {"target": 10000},
            }
            async with gate:
                try:
                    answer = await lb.request(
                        self.port, "POST", "/api/tables", body=body, timeout=60
                    )
                except (OSError, lb.Refused, TimeoutError) as error:
                    self.errors.add("setup", error)
                    return
            if answer.status != 201:
                self.errors.add("setup", lb.status_kind(answer))
                return
            made = answer.json()
            table = Table(made["id"])
            table.phones = [Phone(table, s["seat"], s["token"]) for s in made["seats"]]
            self.tables.append(table)

        await asyncio.gather(*(one(n) for n in range(count)))

    async def connect(self, open_timeout: float) -> list[lb.Stream]:
        """Every phone's view, then its stream; the streams that opened."""
        gate = asyncio.Semaphore(16)
        phones = [p for t in self.tables for p in t.phones]

        async def view(phone: Phone) -> None:
            async with gate:
                await self.ask_view(phone)

        await asyncio.gather(*(view(p) for p in phones))
        streams = []
        for phone in phones:
            path = f"/api/tables/{phone.table.id}/events{'' if self.ask else '?answers=1'}"
            phone.stream = lb.Stream(path, phone.token, self.told, self.pushed)
            phone.stream.owner = phone  # type: ignore[attr-defined]
            streams.append(phone.stream)
        return await lb.open_streams(streams, self.port, open_timeout, self.errors)

    async def drive(
        self, table: Table, interval: float, jitter: float, until: float, rng: random.Random
    ) -> None:
        """Play one move every `interval` s (+- jitter) on `table` until `until`; a table
        that falls behind plays as soon as it can (never in a burst)."""
        next_at = time.perf_counter() + rng.uniform(0, interval)
        while True:
            await asyncio.sleep(max(0.0, min(next_at, until) - time.perf_counter()))
            if time.perf_counter() >= until:
                return
            waited = time.perf_counter() + READY_WAIT
            while not (ready := [p for p in table.phones if p.current()]):
                if time.perf_counter() > waited:
                    self.errors.add("move", "no phone had the current view within 5 s")
                    break
                await asyncio.sleep(0.01)
            if ready:
                await self.move(rng.choice(ready), rng)
            next_at += interval * rng.uniform(1 - jitter, 1 + jitter)
            next_at = max(next_at, time.perf_counter())

    async def move(self, phone: Phone, rng: random.Random) -> None:
        """Post one of the phone's moves on its current view."""
        assert phone.state is not None
        body = {"version": phone.state["version"], "move": rng.choice(phone.state["moves"])}
        path = f"/api/tables/{phone.table.id}/moves"
        try:
            answer = await lb.request(self.port, "POST", path, phone.token, body, self.timeout)
        except (OSError, lb.Refused, TimeoutError) as error:
            self.errors.add("move", error)
            return
        now = time.perf_counter()
        if answer.status != 200:
            self.errors.add("move", lb.status_kind(answer))
            await self.ask_view(phone)
            return
        state = answer.json()
        phone.state = state
        phone.table.latest = max(phone.table.latest, state["version"])
        self.moves.append(Move(phone.table, state["version"], phone.seat, now, answer.seconds))

    async def play(self, rate: float, seconds: float, jitter: float, seed: int) -> dict[str, Any]:
        """`rate` moves/s over all tables for `seconds` s; the figures of those moves."""
        interval = len(self.tables) / rate
        first, errors_before = len(self.moves), dict(self.errors.counts)
        cpu_before = self.cpu()
        started = time.perf_counter()
        until = started + seconds
        await asyncio.gather(
            *(
                self.drive(t, interval, jitter, until, random.Random(seed * 100003 + k))
                for k, t in enumerate(self.tables)
            )
        )
        elapsed = time.perf_counter() - started
        settle = time.perf_counter() + GRACE
        while (self.tasks or self._untold(first)) and time.perf_counter() < settle:
            await asyncio.sleep(0.1)
        made = self.moves[first:]
        figures = self.figures(made)
        cpu = {k: v - cpu_before[k] for k, v in self.cpu().items()}
        figures["cpu_ms_per_move"] = {
            k: round(1000 * v / len(made), 2) if made else None for k, v in cpu.items()
        }
        new_errors = {
            k: n - errors_before.get(k, 0)
            for k, n in self.errors.counts.items()
            if n > errors_before.get(k, 0)
        }
        return {
            "rate_asked": round(rate, 1),
            "rate_made": round(len(made) / elapsed, 1),
            "moves": len(made),
            "seconds": round(elapsed, 1),
            **figures,
            "errors": new_errors,
        }

    async def catch_up(self, limit: float = 300) -> float:
        """Wait until the server answers a view within 0.5 s again (what it was sent and
        the client gave up on is done), then have every phone behind ask for its view;
        the seconds it took (at most `limit` for the wait)."""
        began = time.perf_counter()
        phone = self.tables[0].phones[0]
        while time.perf_counter() - began < limit:
            try:
                answer = await lb.request(
                    self.port, "GET", f"/api/tables/{phone.table.id}", phone.token, None, 5
                )
                if answer.status == 200 and answer.seconds < 0.5:
                    break
            except (OSError, lb.Refused, TimeoutError):
                pass
            await asyncio.sleep(2)
        gate = asyncio.Semaphore(16)

        async def again(one: Phone) -> None:
            async with gate:
                await self.ask_view(one)

        behind = [
            p
            for t in self.tables
            for p in t.phones
            if p.state is None or p.state["version"] < t.latest
        ]
        await asyncio.gather(*(again(p) for p in behind))
        return round(time.perf_counter() - began, 1)

    def cpu(self) -> dict[str, float]:
        """CPU seconds used so far by the server's processes and by this client."""
        database = self.server.database_cpu_seconds()
        return {
            "server": self.server.cpu_seconds(),
            "client": lb.process_cpu(),
            **({} if database is None else {"database": database}),
        }

    def _untold(self, first: int) -> bool:
        """Whether a phone does not hold a move made since `first` yet."""
        for made in self.moves[first:]:
            for phone in made.table.phones:
                stream = phone.stream
                if phone.seat == made.seat or not stream or not stream.opened or stream.broke:
                    continue
                if not phone.views or phone.views[-1][1] < made.version:
                    return True
        return False

    def figures(self, made: list[Move]) -> dict[str, Any]:
        """Answer times; from each move's answer to each other phone's `version` event, and
        until it holds the move (its pushed answer, or the view it asked for)."""
        return {
            "move_answer": lb.percentiles(m.seconds for m in made),
            **self.delays(
                made, "event", lambda phone: phone.stream.versions if phone.stream else []
            ),
            **self.delays(made, "view", lambda phone: phone.views),
        }

    def delays(
        self, made: list[Move], name: str, seen: Callable[[Phone], list[tuple[float, int]]]
    ) -> dict[str, Any]:
        """From each move's answer to the first of `seen(phone)` (when, version) at its
        version or later, for each other phone and until every other one had it."""
        each, every, every_sent = [], [], []
        for move in made:
            slowest = slowest_sent = 0.0
            for phone in move.table.phones:
                if phone.seat == move.seat or phone.stream is None:
                    continue
                times = seen(phone)
                # the first telling this version or a later one (a phone told of two quick
                # moves at once may hear only the later version)
                at = bisect.bisect_left(times, move.version, key=lambda tv: tv[1])
                if at == len(times):
                    self.errors.add(name, f"a phone never had a move ({name})")
                    slowest = float("inf")
                    continue
                # it may come before the move's own answer has arrived: 0 then
                delay = max(0.0, times[at][0] - move.answered)
                each.append(delay)
                slowest = max(slowest, delay)
                slowest_sent = max(slowest_sent, times[at][0] - move.answered + move.seconds)
            if slowest != float("inf"):
                every.append(slowest)
                every_sent.append(slowest_sent)
        return {
            f"{name}_each_phone": lb.percentiles(each),
            f"{name}_every_phone": lb.percentiles(every),
            f"{name}_every_phone_from_sent": lb.percentiles(every_sent),
        }


def passed(step: dict[str, Any], p99: float, gate: str) -> bool:
    """A ramp step is sustained: no error, p99 until every other phone holds the move
    within `p99` ms (from the move's answer, or with `gate` "sent" from the move sent),
    90% of the moves made."""
    every = step["view_every_phone_from_sent" if gate == "sent" else "view_every_phone"]["p99"]
    return (
        not step["errors"]
        and every is not None
        and every <= p99
        and step["rate_made"] >= 0.9 * step["rate_asked"]
    )


async def measure(server: lb.Server, args: argparse.Namespace) -> dict[str, Any]:
    """The whole run against a started server; its figures."""
    run = Run(server, args.timeout, args.ask)
    began = time.perf_counter()
    print(f"  making {args.tables} tables of {args.phones} ...", flush=True)
    await run.make_tables(args.tables, args.phones)
    if not run.tables:
        raise SystemExit(f"Could not set up: {run.errors.describe()}\n{server.log_tail()}")
    before = server.memory()
    print(f"  connecting {len(run.tables) * args.phones} phones ...", flush=True)
    opened = await run.connect(args.open_timeout)
    stop = asyncio.Event()
    followers = [asyncio.create_task(s.follow(stop, run.errors)) for s in opened]
    await asyncio.sleep(1)
    connected = server.memory()
    setup_seconds = time.perf_counter() - began
    print(f"  {len(opened)} streams open after {setup_seconds:.0f} s", flush=True)
    result: dict[str, Any] = {
        "server": server.software,
        "setup": server.setup,
        "database": server.database,
        "workers": server.workers,
        "threads": server.threads or None,
        "tables": len(run.tables),
        "phones": args.phones,
        "streams_asked": args.tables * args.phones,
        "streams_opened": len(opened),
        "setup_seconds": round(setup_seconds, 1),
        "memory_mib": {"before": round(before["rss"], 1), "connected": round(connected["rss"], 1)},
    }
    if args.seconds > 0:
        rate = len(run.tables) / args.interval
        print(f"  human pace: {rate:.0f} moves/s for {args.seconds:.0f} s ...", flush=True)
        result["human"] = await run.play(rate, args.seconds, args.jitter, 1)
        result["interval"] = args.interval
    if args.ramp:
        human = result.get("human")
        if human and (human["errors"] or human["rate_made"] < 0.9 * human["rate_asked"]):
            print(
                "  the human pace overran the server: the ramp waits until it caught up", flush=True
            )
            result["drained_seconds"] = await run.catch_up()
        steps = await ramp(run, args)
        sustained = [s["rate_made"] for s in steps if s["passed"]]
        result["ramp"] = steps
        result["ramp_best"] = max(sustained) if sustained else None
        result["ramp_capped"] = all(s["passed"] for s in steps)
        result["p99_goal_ms"] = args.p99
        result["gate"] = args.gate
    result["streams_held"] = sum(1 for s in opened if not s.broke)
    stop.set()
    for task in followers:
        task.cancel()
    await asyncio.gather(*followers, *run.tasks, return_exceptions=True)
    result["ask"] = args.ask
    result["asked_after_version"] = run.asked_after_version
    result["errors"] = dict(run.errors.counts)
    result["errors_said"] = run.errors.said
    result["errors_text"] = run.errors.describe()
    return result


async def ramp(run: Run, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Steps of rising rates until one misses, then `--ramp-refine` steps halfway between
    the highest sustained and the lowest missed; every step's figures."""
    steps: list[dict[str, Any]] = []
    best: float | None = None
    missed: float | None = None

    async def step(rate: float) -> bool:
        await asyncio.sleep(2)  # what the last step left behind settles
        figures = await run.play(rate, args.ramp_seconds, args.jitter, len(steps) + 2)
        figures["passed"] = passed(figures, args.p99, args.gate)
        steps.append(figures)
        print(f"  ramp: {ramp_line(figures)}", flush=True)
        return bool(figures["passed"])

    rate = args.ramp_start
    while rate <= args.ramp_max:
        if not await step(rate):
            missed = rate
            break
        best, rate = rate, rate * args.ramp_factor
    for _ in range(args.ramp_refine):
        if best is None or missed is None:
            break
        rate = (best + missed) / 2
        if await step(rate):
            best = rate
        else:
            missed = rate
    return steps


def ramp_line(step: dict[str, Any]) -> str:
    """One ramp step in a line."""
    every, view = step["event_every_phone"], step["view_every_phone"]
    errors = sum(step["errors"].values())
    return (
        f"{step['rate_asked']:.0f} moves/s asked, {step['rate_made']:.1f} made;"
        f" p99 to every other phone: event {lb.ms(every['p99'])} ms, holding the move"
        f" {lb.ms(view['p99'])} ms ({lb.ms(step['view_every_phone_from_sent']['p99'])} ms"
        f" from the move sent); move answer p99 {lb.ms(step['move_answer']['p99'])} ms;"
        f" server CPU {step['cpu_ms_per_move']['server']} ms per move;"
        f" {errors} errors: {'sustained' if step['passed'] else 'MISSED'}"
    )


def report(result: dict[str, Any]) -> None:
    """Print the figures of one run."""
    print(
        f"online tables: {result['tables']} tables x {result['phones']} phones,"
        f" {result['setup']}, server {result['server']},"
        f" {'phones ask their view' if result.get('ask') else 'answers pushed'}"
    )
    print(
        f"  streams: {result['streams_held']} held to the end of {result['streams_asked']}"
        f" ({result['streams_opened']} opened; set up in {result['setup_seconds']} s);"
        f" server RSS {result['memory_mib']['before']:.0f} MiB before the phones,"
        f" {result['memory_mib']['connected']:.0f} MiB connected"
    )
    human = result.get("human")
    if human:
        answer = human["move_answer"]
        print(
            f"  human pace (one move per table every {result['interval']} s):"
            f" {human['rate_asked']} moves/s asked, {human['rate_made']} made"
            f" ({human['moves']} moves in {human['seconds']} s)"
        )
        print(f"    move answer: p50 {lb.ms(answer['p50'])} ms, p99 {lb.ms(answer['p99'])} ms")
        cpu = human.get("cpu_ms_per_move", {})
        print(
            f"    CPU per move: server {cpu.get('server')} ms, this client {cpu.get('client')}"
            f" ms, the database {cpu.get('database', '-')} ms (all on the same cores)"
        )
        for name, words in (("event", "'s version event"), ("view", " holds the move")):
            each, every = human[f"{name}_each_phone"], human[f"{name}_every_phone"]
            sent = human[f"{name}_every_phone_from_sent"]
            print(
                f"    move answer -> each other phone{words}: p50 {lb.ms(each['p50'])} ms,"
                f" p99 {lb.ms(each['p99'])} ms ({each['count']});"
                f" every other phone: p50 {lb.ms(every['p50'])} ms, p99 {lb.ms(every['p99'])}"
                f" ms (from the move sent: p99 {lb.ms(sent['p99'])} ms)"
            )
        print(f"    errors: {sum(human['errors'].values())}")
    if "ramp" in result:
        best = result["ramp_best"]
        print(
            f"  ramp: highest rate sustained with p99 <= {result['p99_goal_ms']:.0f} ms until"
            " every other phone holds the move (from the move"
            f" {'sent' if result.get('gate') == 'sent' else 'answer'}),"
            f" no error, 90% of the moves asked made:"
            f" {'none' if best is None else f'{best} moves/s'}"
            + (" (at least: the ramp stopped at --ramp-max)" if result["ramp_capped"] else "")
        )
    print(
        f"  views asked after a version event: {result.get('asked_after_version', 0)};"
        f" errors (whole run): {result['errors_text']}"
    )


def pace_cell(result: dict[str, Any]) -> str:
    """The human-pace figures in a cell."""
    human = result.get("human")
    if not human:
        return "-"
    return f"{human['rate_made']}/{human['rate_asked']} moves/s"


def pair(name: str) -> lb.Row:
    """A row of p50/p99 ms of one human-pace figure (`-` when the run has none)."""

    def cell(r: dict[str, Any]) -> str:
        found = r.get("human", {}).get(name)
        return "/".join(lb.ms(found[p]) for p in ("p50", "p99")) if found else "-"

    return (f"{name.replace('_', ' ')} p50/p99 ms", cell)


ROWS: list[lb.Row] = [
    ("server", lb.server_cell),
    ("tables x phones", lambda r: f"{r['tables']} x {r['phones']}"),
    ("answers pushed", lambda r: "no" if r.get("ask", True) else "yes"),
    ("streams held / asked", lambda r: f"{r['streams_held']} / {r['streams_asked']}"),
    ("human pace: made/asked", pace_cell),
    pair("event_each_phone"),
    pair("event_every_phone"),
    pair("view_every_phone"),
    pair("view_every_phone_from_sent"),
    (
        "CPU ms per move: server/client/db",
        lambda r: "/".join(
            str(r.get("human", {}).get("cpu_ms_per_move", {}).get(k, "-"))
            for k in ("server", "client", "database")
        ),
    ),
    (
        "human pace errors",
        lambda r: str(sum(r["human"]["errors"].values())) if r.get("human") else "-",
    ),
    ("ramp: highest moves/s sustained", lambda r: str(r.get("ramp_best", "-"))),
    ("errors (whole run)", lambda r: str(sum(r["errors"].values()))),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--phones", type=int, default=4, help="people (phones) per table")
    parser.add_argument("--interval", type=float, default=5, help="s between a table's moves")
    parser.add_argument("--jitter", type=float, default=0.5, help="+- this share of it")
    parser.add_argument("--seconds", type=float, default=60, help="at human pace (0: skip)")
    parser.add_argument("--ramp", action="store_true", help="then find the highest rate")
    parser.add_argument(
        "--ask", action="store_true", help="phones ask their view on each version (no answers)"
    )
    parser.add_argument("--ramp-start", type=float, default=10, help="moves/s")
    parser.add_argument("--ramp-factor", type=float, default=1.5)
    parser.add_argument("--ramp-seconds", type=float, default=15, help="per step")
    parser.add_argument("--ramp-max", type=float, default=2000, help="moves/s")
    parser.add_argument("--ramp-refine", type=int, default=2, help="steps after a miss")
    parser.add_argument("--p99", type=float, default=300, help="ms, to every other phone")
    parser.add_argument(
        "--gate", choices=["answer", "sent"], default="answer",
        help="the ramp's p99 from the move's answer (the goal's) or from the move sent",
    )  # fmt: skip
    lb.server_arguments(parser)
    parser.add_argument("--timeout", type=float, default=10, help="per request, s")
    lb.run_arguments(parser)
    args = parser.parse_args()
    if args.tables < 1 or not 2 <= args.phones <= 8 or args.interval <= 0:
        parser.error("--tables >= 1, --phones 2 to 8, --interval > 0")
    database = lb.choose_database(args.database)
    if args.workers is None:
        args.workers = 2 if database == "postgresql" else 0
    lb.raise_open_files()
    server = lb.Server(database, args.workers, args.threads, "online_tables")
    lb.run_measured(
        server,
        "online_tables",
        "online tables",
        lambda: measure(server, args),
        f"{server.setup}, {args.tables} tables",
        report,
        args,
        ROWS,
    )


if __name__ == "__main__":
    main()
