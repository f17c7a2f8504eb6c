"""The `skyjo-pad` command: serve the app, and the engine's tools."""

from __future__ import annotations

import os
import sys

import click

from .config import REQUEST_THREADS, SettingError

SQLITE_WORKERS = (
    "  Note: several worker processes on SQLite save and read the same games, but a live"
    " update reaches only the phones served by the process that saved it (PostgreSQL"
    " carries it to every process: set DATABASE_URL, see docs/operations.md)."
)


@click.group(help="Skyjo Pad: the score pad, the digital table and their tools.")
def main() -> None:
    """The command group; each subcommand is one tool."""


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port",
    default=5000,
    show_default=True,
    type=click.IntRange(1, 65535),
    help="Port to listen on.",
)
@click.option(
    "--threads",
    default=REQUEST_THREADS,
    show_default=True,
    type=click.IntRange(min=1),
    help="Threads per process for pages and API calls (live-update streams need none).",
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes (Gunicorn, uvicorn workers): for a server, on PostgreSQL."
    "  [default: one uvicorn process]",
)
def serve(host: str, port: int, threads: int, workers: int | None) -> None:
    """Run the web app (SQLite in instance/ unless DATABASE_URL): one uvicorn process, or
    with --workers, Gunicorn's uvicorn worker processes (see docs/operations.md)."""
    from skyjo_pad import serving

    try:
        serving.check_settings()
        if workers is not None:
            plural = "es" if workers > 1 else ""
            click.echo(f"Skyjo Pad on http://{host}:{port}/  ({workers} worker process{plural})")
            url = os.environ.get("DATABASE_URL", "").strip()
            click.echo(f"  database: {serving.database_label(url)}")
            if workers > 1 and (not url or url.startswith("sqlite")):
                click.echo(SQLITE_WORKERS, err=True)
            serving.run(host, port, workers, threads)
            return
        click.echo(f"Skyjo Pad on http://{host}:{port}/")
        serving.run_one(host, port, threads)
    except SettingError as error:  # a variable it cannot run with: said in one line
        raise click.ClickException(str(error)) from error
    except KeyboardInterrupt:  # Ctrl-C: the server has stopped cleanly, a normal end (0)
        return


@main.command()
@click.argument("file", metavar="FILE")
@click.option(
    "--indent",
    type=click.IntRange(0, 16),
    default=None,
    help="Pretty-print the JSON with this indent (0 to 16).",
)
def replay(file: str, indent: int | None) -> None:
    """Play the skyjo-record/1 in FILE (- for standard input) and print the outcome as JSON.

    Exits with status 2, printing {"error": ...}, if the record is unreadable or a move is
    illegal (then "move" gives its index, from 0).
    """
    import json

    from skyjo_pad.replay import replay_file

    report, status = replay_file(file)
    click.echo(json.dumps(report, indent=indent))
    sys.exit(status)


@main.command()
@click.option("--players", type=int, default=4, show_default=True, help="Seats at the table.")
@click.option(
    "--bots",
    required=True,
    help="One bot per seat, comma-separated: a built-in bot's name (docs/bots.md; a name "
    "it does not know is answered with the list) or package.module:factory.",
)
@click.option(
    "--games", type=click.IntRange(min=1), default=1000, show_default=True, help="Games to play."
)
@click.option("--seed", type=int, default=1, show_default=True, help="The run's seed.")
@click.option(
    "--rules", "rules_json", default=None, help="Rule options as JSON, e.g. '{\"target\": 50}'."
)
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Processes to play on.  [default: all cores]",
)
@click.option(
    "--budget",
    type=click.IntRange(min=0),
    default=None,
    help="Rollouts a decision for searching bots (expert), never cut short by the clock.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of a table.")
def simulate(
    players: int,
    bots: str,
    games: int,
    seed: int,
    rules_json: str | None,
    workers: int | None,
    budget: int | None,
    as_json: bool,
) -> None:
    """Play whole games between bots and report each seat's results.

    The same seed gives the same results, whatever the number of workers.
    """
    import json
    import os

    from skyjo_pad.bots import BotError
    from skyjo_pad.simulate import default_workers, format_report, prepare, run

    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())  # outside bots in the current folder, as `python -m`
    try:
        setup = prepare(players, bots, games, seed, rules_json, budget)
    except ValueError as error:
        raise click.UsageError(str(error)) from error
    count = workers or default_workers()
    try:
        if sys.stderr.isatty():
            with click.progressbar(length=games, label="Playing", file=sys.stderr) as bar:
                data, tally = run(setup, count, bar.update)
        else:
            data, tally = run(setup, count)
    except BotError as error:
        click.echo(f"Error: {error}", err=True)
        sys.exit(2)
    click.echo(json.dumps(data) if as_json else format_report(data, tally.stalled))


if __name__ == "__main__":
    main()
