"""Work nobody waits for logs its failure without a statement: a database away as a
warning naming its kind, anything else with its traceback."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy.exc import IntegrityError, OperationalError

from skyjo_pad.unavailable import log_failure

STATEMENT = "SELECT table_states.position FROM table_states WHERE game_id = ?"


def test_a_database_away_is_a_warning_without_its_statement(
    caplog: pytest.LogCaptureFixture,
) -> None:
    log = logging.getLogger("skyjo_pad.test")
    away = OperationalError(STATEMENT, ("g1",), Exception("server closed the connection"))
    clash = IntegrityError(STATEMENT, ("g1",), Exception("duplicate key"))
    with caplog.at_level(logging.WARNING):
        log_failure(log, "Live updates: an answer could not be made.", away)
        log_failure(log, "Live updates: an answer could not be made.", clash)
        log_failure(log, "Live updates: an answer could not be made.", ValueError("a bug"))
    levels = [record.levelname for record in caplog.records]
    assert levels == ["WARNING", "ERROR", "ERROR"]
    assert "the database did not answer: OperationalError" in caplog.records[0].getMessage()
    assert "table_states" not in caplog.text and "g1" not in caplog.text
    assert caplog.records[2].exc_info is not None  # a bug keeps its traceback
