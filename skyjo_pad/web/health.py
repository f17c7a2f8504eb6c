"""`GET /healthz`: whether this server process can serve, for a load balancer or a
monitor: its database answers, at the schema this code needs.

Open to any caller (no password, no page of any game), answered at an IP address or
localhost whatever `SKYJO_TRUSTED_HOSTS` says; plain text, never cached.
"""

from __future__ import annotations

from flask import Blueprint, Response

from ..services.schema import schema_problem

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz() -> Response:
    """200 "ok"; 503 with the reason when the database does not answer or its schema is
    not the one this code needs (a release whose migration was not run)."""
    problem = schema_problem()
    answer = Response(f"unavailable: {problem}\n" if problem else "ok\n", 503 if problem else 200)
    answer.mimetype = "text/plain"
    answer.headers["Cache-Control"] = "no-store"
    return answer
