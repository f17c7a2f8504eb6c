"""The whole history out and back in on another installation: one door to three jobs.

`history_export` writes the history (JSON in the history format, or the rounds as CSV),
`history_format` declares and checks that format, `history_import` adds a file's games
through the games store. The pages and the tests call them here.
"""

from __future__ import annotations

from .history_export import csv_text, export_csv, export_json
from .history_format import FORMAT
from .history_import import ImportReport, import_data, import_text

__all__ = ["FORMAT", "ImportReport", "csv_text", "export_csv", "export_json", "import_data"]
__all__ += ["import_text"]
