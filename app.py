"""The WSGI entry point: `flask --app app run`, or any WSGI server with `app:app`."""

from skyjo_pad import create_app

app = create_app()
