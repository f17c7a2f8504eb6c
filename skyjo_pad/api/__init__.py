"""The JSON API under /api/ (see docs/api.md and /api/openapi.json).

Importing this package puts the routes of `pad`, `tables`, `online`, `coach`, `streams` and
`openapi` on `bp` and installs the JSON error handling of `errors`.
"""

from . import (
    coach,
    errors,
    online,
    openapi,
    openapi_coach,
    openapi_online,
    openapi_pad_shares,
    openapi_phone_tables,
    pad,
    pad_shares,
    streams,
    tables,
)
from .blueprint import bp

__all__ = [
    "bp",
    "coach",
    "online",
    "openapi",
    "openapi_coach",
    "openapi_online",
    "openapi_pad_shares",
    "openapi_phone_tables",
    "pad",
    "pad_shares",
    "streams",
    "tables",
]

errors.register(bp)
