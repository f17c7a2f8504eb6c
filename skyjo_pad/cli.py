"""The `skyjo-pad` command: serve the app, and the engine's tools."""

from __future__ import annotations

import sys

import click


@click.group(help="Skyjo Pad: the score pad, the digital table and their tools.")
def main() -> None:
    """The command group; each subcommand is one tool."""


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=5000, show_default=True, type=int, help="Port to listen on.")
@click.option("--threads", default=8, show_default=True, type=int, help="Worker threads.")
def serve(host: str, port: int, threads: int) -> None:
    """Run the web app with the Waitress server (SQLite in instance/ unless DATABASE_URL)."""
    from waitress import serve as waitress_serve

    from skyjo_pad import create_app

    app = create_app()
    click.echo(f"Skyjo Pad on http://{host}:{port}/  (database: {app.config['DATABASE_LABEL']})")
    waitress_serve(app, host=host, port=port, threads=threads, ident="skyjo-pad")


@main.command()
@click.argument("file", metavar="FILE")
@click.option("--indent", type=int, default=None, help="Pretty-print the JSON with this indent.")
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


if __name__ == "__main__":
    main()
