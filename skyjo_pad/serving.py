"""Serving the app with several worker processes: Gunicorn's threaded workers.

`skyjo-pad serve --workers N` runs Gunicorn with N worker processes of `--threads` threads
each (the `gthread` worker class), for a server that several tables share, on PostgreSQL.
Why threads in processes: Python runs one thread at a time per process, so processes use
the cores; threads let a process wait on the database or a slow phone without holding up
the others. And it is ready for long-lived answers (server-sent events, issue 13): in a
gthread worker each open stream holds one thread while the worker's main loop keeps
accepting and heartbeating, whereas an event-loop worker (gevent) would be stalled by
the computer players' CPU-bound search, which never yields.

The database schema is brought up to date once, in the master process before any worker
starts, so workers never race each other through a migration.
"""

from __future__ import annotations

import os
from typing import Any

from flask import Flask
from gunicorn.app.base import BaseApplication


class Workers(BaseApplication):  # type: ignore[misc]
    """Gunicorn, configured here instead of by a file or its command line."""

    def __init__(self, options: dict[str, Any]) -> None:
        """`options`: Gunicorn settings by name (bind, workers, threads …)."""
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        """Hand the settings to Gunicorn."""
        for name, value in self.options.items():
            self.cfg.set(name, value)

    def load(self) -> Flask:
        """The app, made in each worker after it starts (nothing shared across a fork)."""
        from skyjo_pad.factory import create_app

        return create_app()


def migrate_once() -> None:
    """Bring the schema up to date here, and tell the workers not to try again."""
    from skyjo_pad.extensions import db
    from skyjo_pad.factory import create_app

    app = create_app()
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    os.environ["SKYJO_AUTO_MIGRATE"] = "0"


def run(host: str, port: int, workers: int, threads: int) -> None:
    """Serve on host:port with `workers` processes of `threads` threads each."""
    if os.environ.get("SKYJO_AUTO_MIGRATE", "1") != "0":
        migrate_once()
    options = {
        "bind": f"{host}:{port}",
        "workers": workers,
        "threads": threads,
        "worker_class": "gthread",
        "accesslog": "-",
        "graceful_timeout": 10,
        "proc_name": "skyjo-pad",
    }
    Workers(options).run()
