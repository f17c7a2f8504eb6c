"""The JSON API under /api/ (see docs/api.md and /api/openapi.json)."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api")
