"""Workflows over the engine and the database; the only layer that touches both."""
