"""Why a service refused a request, in words a player understands."""

from __future__ import annotations


class ServiceError(Exception):
    """A refused request. Nothing was changed. `status` is the HTTP status it maps to."""

    status = 400

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        """The form field the message belongs next to, if any."""


class Malformed(ServiceError):
    """The request cannot be read (wrong shape or types)."""

    status = 400


class Forbidden(ServiceError):
    """Not this person's to do (another seat's cards, another device's table)."""

    status = 403


class NotFound(ServiceError):
    """No such game, round or player."""

    status = 404


class Conflict(ServiceError):
    """The request does not fit the current state (stale sheet, finished game)."""

    status = 409


class Invalid(ServiceError):
    """Well formed, but against the rules of the game or the pad."""

    status = 422


class Unauthorized(ServiceError):
    """No token, or a token that opens nothing (unknown, or replaced by a new one)."""

    status = 401
