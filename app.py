"""The WSGI entry point: `flask --app app run` (and `flask --app app db upgrade`), or any
WSGI server with `app:app`. A setting it cannot run with, or a database it cannot reach,
is said in one line, as `skyjo-pad serve` says it."""

import os

from skyjo_pad import create_app
from skyjo_pad.config import SettingError
from skyjo_pad.startup_checks import check_database

try:
    check_database(os.environ)
    app = create_app()
except SettingError as error:
    raise SystemExit(f"Error: {error}") from None
