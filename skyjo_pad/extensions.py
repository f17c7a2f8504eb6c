"""Flask extensions, created unbound and bound to the app in create_app."""

from collections.abc import Callable

from flask import current_app
from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """The declarative base of every model."""


db = SQLAlchemy(model_class=Base)
migrate = Migrate()
csrf = CSRFProtect()
compress = Compress()


def with_database(work: Callable[[], None]) -> Callable[[], None]:
    """`work`, bound to the database of the app running now, for another thread to run
    (a thread of its own has no app, so no `db`)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]

    def run() -> None:
        with app.app_context():
            work()

    return run
