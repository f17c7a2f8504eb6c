"""Server processes started by fork from a process that has imported the app already.

Each `skyjo-pad serve` a test starts spends about 0.6 s of CPU importing Flask, SQLAlchemy,
Alembic, pydantic and the app before it serves; the suite starts about a hundred. This
module, run as a script, is a *zygote*: it imports those once, then forks one child per
server asked for. The child is a real server process of its own (its own session, address
space, sockets, environment and log) that runs `python -m skyjo_pad.cli serve …` from
its first line on: only the imports are inherited. `servers.Server` asks for its processes
here (`Zygote.spawn`), and starts them the usual way when the machine cannot (no pidfd).

The protocol: JSON lines on the zygote's standard input and output. `{"argv", "env", "cwd",
"log"}` forks a server and answers `{"pid"}`; `{"reap": pid}` waits for that (ended)
child and answers `{"code"}`, its exit status as `subprocess` gives it.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import json
import os
import runpy
import select
import subprocess
import sys
import threading
import traceback
from pathlib import Path
from typing import Any

PRELOADED = (
    "skyjo_pad.cli",
    "skyjo_pad.factory",
    "skyjo_pad.serving",
    "skyjo_pad.asgi",
    "skyjo_pad.web",
    "skyjo_pad.api",
    "skyjo_pad.mailer",
    "skyjo_pad.services.games_store",
    "skyjo_pad.web.security",
    "flask_migrate",
    "alembic.command",
    "sqlalchemy.dialects.sqlite.pysqlite",
    "sqlalchemy.dialects.postgresql.psycopg",
    "uvicorn.protocols.http.httptools_impl",
    "uvicorn.protocols.http.h11_impl",
    "gunicorn.app.base",
)
"""What a server imports before it serves (the zygote imports it once)."""


def exit_code(status: int) -> int:
    """A wait status as `subprocess` reports it: the exit code, or minus the signal."""
    return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)


def serve_in_child(request: dict[str, Any], control: tuple[int, int]) -> None:
    """In the forked child: become the server the request asks for; never returns."""
    code = 1
    try:
        for fd in control:
            os.close(fd)
        os.setsid()  # its own process group, as start_new_session gives
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        log = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.close(log)
        os.close(null)
        sys.argv = ["skyjo_pad.cli", *request["argv"]]
        runpy.run_module("skyjo_pad.cli", run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as ended:
        code = ended.code if isinstance(ended.code, int) else (0 if ended.code is None else 1)
    except BaseException:  # the traceback goes to the server's log
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        os._exit(code)


def zygote_main() -> None:
    """Import the app, then serve fork requests until the test process closes the pipe."""
    import importlib

    for name in PRELOADED:
        importlib.import_module(name)
    gc.collect()
    gc.freeze()  # what the imports made lives as long as each child: out of its collections
    control = (os.dup(0), os.dup(1))
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.dup2(2, 1)  # whatever a module prints goes to the zygote's stderr, not the protocol
    requests = os.fdopen(control[0], "r")
    answers = os.fdopen(control[1], "w")
    for line in requests:
        request = json.loads(line)
        if "reap" in request:
            _, status = os.waitpid(request["reap"], 0)
            answer: dict[str, Any] = {"code": exit_code(status)}
        else:
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                serve_in_child(request, control)
            answer = {"pid": pid}
        answers.write(json.dumps(answer) + "\n")
        answers.flush()
    reap_ended()


def reap_ended() -> None:
    """Wait for the children that have ended (so their CPU counts in the test run's)."""
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass


class ForkedProcess:
    """A server process forked by the zygote, with the part of `subprocess.Popen`'s
    interface `servers.Server` uses (`pid`, `poll`, `wait`)."""

    def __init__(self, zygote: Zygote, pid: int) -> None:
        self.zygote = zygote
        self.pid = pid
        self.ended = os.pidfd_open(pid)  # readable once the process has ended
        self.returncode: int | None = None

    def poll(self) -> int | None:
        """Its exit status when it has ended, else None."""
        return self.wait(0) if self._has_ended(0) else None

    def wait(self, timeout: float | None = None) -> int:
        """Wait up to `timeout` seconds for it to end: its exit status."""
        if self.returncode is None:
            if not self._has_ended(timeout):
                raise subprocess.TimeoutExpired(f"server {self.pid}", timeout or 0)
            self.returncode = self.zygote.reap(self.pid)
            os.close(self.ended)
        return self.returncode

    def _has_ended(self, timeout: float | None) -> bool:
        if self.returncode is not None:
            return True
        readable, _, _ = select.select([self.ended], [], [], timeout)
        return bool(readable)


class Zygote:
    """The zygote process of this test process (started on first use)."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[str] | None = None
        self.lock = threading.Lock()

    def spawn(self, argv: list[str], env: dict[str, str], cwd: Path, log: Path) -> ForkedProcess:
        """A server process running `python -m skyjo_pad.cli *argv` in `cwd` with `env`,
        its output appended to `log`."""
        request = {"argv": argv, "env": env, "cwd": str(cwd), "log": str(log)}
        return ForkedProcess(self, int(self._ask(request)["pid"]))

    def reap(self, pid: int) -> int:
        """The exit status of an ended child."""
        return int(self._ask({"reap": pid})["code"])

    def close(self) -> None:
        """End the zygote (when the test process ends) and wait for it."""
        with self.lock:
            if self.process is not None:
                if self.process.stdin is not None:
                    self.process.stdin.close()
                self.process.wait(10)
                self.process = None

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        with self.lock:
            if self.process is None or self.process.poll() is not None:
                self.process = subprocess.Popen(
                    [sys.executable, __file__],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                    cwd=Path(__file__).resolve().parent.parent,
                )
                atexit.register(self.close)
            assert self.process.stdin is not None and self.process.stdout is not None
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            answer: dict[str, Any] = json.loads(self.process.stdout.readline())
            return answer


ZYGOTE = (
    Zygote() if hasattr(os, "pidfd_open") and not os.environ.get("SKYJO_TEST_NO_ZYGOTE") else None
)
"""This test process's zygote; None where processes cannot be waited on by a pidfd, or
when SKYJO_TEST_NO_ZYGOTE is set (every server then starts as a new Python)."""


if __name__ == "__main__":
    zygote_main()
