"""Presenters: the words and the JSON shapes the pages and the API show.

They are built from what the services hand out (a seat's view, the engine's reasons, the
public events of a table) and nothing else: a presenter imports no model and no database,
so it cannot see a secret (`tests/test_layering.py` checks).
"""
